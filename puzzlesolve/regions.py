"""Regions given as input (Star Battle, Heyawake; later Country Road, LITS, Norinori).

A region genre's instance writes each cell as its region's name (letters: ``a``-``z``,
``A``-``Z``, then two letters ``aa``, ``ab``, ...), directly followed by the cell's clue where
it has one: ``a``, ``b2``, ``B``, ``aa3``. Every region is one set of cells joined by their
sides. Regions are numbered 1..k in the order their first cell comes in reading order, which
is how they reach the rules (``region(R,C,K)``) and how a link's borders name them.
"""

from __future__ import annotations

import random
import re
import string
from dataclasses import dataclass, field

from puzzlesolve.genre import fact
from puzzlesolve.grid import Cell, InputError, Token

_TOKEN = re.compile(r"([a-zA-Z]+)(\d+)?")
LETTERS = string.ascii_lowercase + string.ascii_uppercase


@dataclass(frozen=True)
class Regions:
    """A board cut into regions, with the clues some cells show.

    Attributes:
        rows: grid rows.
        cols: grid columns.
        cells: each cell's region, 1..k (numbered in reading order of their first cells).
        names: each region's name as written (`region_name` for boards read from links).
        clues: the cells that show a number, with it.
    """

    rows: int
    cols: int
    cells: dict[Cell, int]
    names: dict[int, str]
    clues: dict[Cell, int] = field(default_factory=dict)

    def members(self) -> dict[int, list[Cell]]:
        """Each region's cells, in reading order."""
        found: dict[int, list[Cell]] = {}
        for cell in sorted(self.cells):
            found.setdefault(self.cells[cell], []).append(cell)
        return found

    def token(self, cell: Cell) -> str:
        """The cell as an instance file writes it: its region's name, then its clue."""
        clue = self.clues.get(cell)
        return self.names[self.cells[cell]] + ("" if clue is None else str(clue))


def region_name(index: int) -> str:
    """The name of region `index` (1-based): ``a``..``z``, ``A``..``Z``, then ``aa``, ``ab``..."""
    if index <= len(LETTERS):
        return LETTERS[index - 1]
    first, second = divmod(index - len(LETTERS) - 1, len(LETTERS))
    return LETTERS[first % len(LETTERS)] * (1 + first // len(LETTERS)) + LETTERS[second]


def read_regions(rows: list[list[Token]], source: str, clues: str | None = None) -> Regions:
    """The regions a rectangle of tokens writes, numbered in reading order.

    Args:
        rows: the instance's tokens (`grid.read_tokens`).
        source: the file name for error messages.
        clues: what a clue means in this genre ("the number of its shaded cells"), or None
            when the genre allows none.

    Raises:
        InputError: a token that is no region name, a clue where none is allowed, or a
            region that is not one connected piece (at a cell cut off from its first cell).
    """
    named: dict[str, int] = {}
    cells: dict[Cell, int] = {}
    numbers: dict[Cell, int] = {}
    at: dict[Cell, Token] = {}
    for r, row in enumerate(rows):
        for c, token in enumerate(row):
            found = _TOKEN.fullmatch(token.text)
            if not found:
                raise InputError(
                    source,
                    f"expected a region name (letters) with an optional number, found {token.text!r}",
                    token.line,
                    token.col,
                )
            if found[2] is not None:
                if clues is None:
                    raise InputError(
                        source,
                        f"a number in region {found[1]!r}: this genre's regions show none",
                        token.line,
                        token.col + len(found[1]),
                    )
                numbers[r, c] = int(found[2])
            cells[r, c] = named.setdefault(found[1], len(named) + 1)
            at[r, c] = token
            _one_count(numbers, cells, (r, c), token, source, found[1])
    regions = Regions(len(rows), len(rows[0]), cells, {k: n for n, k in named.items()}, numbers)
    for index, members in regions.members().items():
        apart = _cut_off(members)
        if apart is not None:
            token = at[apart]
            raise InputError(
                source,
                f"region {regions.names[index]!r} is not connected: this cell is cut off from "
                f"its cell at row {members[0][0] + 1}, column {members[0][1] + 1}",
                token.line,
                token.col,
            )
    return regions


def _one_count(
    numbers: dict[Cell, int],
    cells: dict[Cell, int],
    cell: Cell,
    token: Token,
    source: str,
    name: str,
) -> None:
    """Refuse a region's second number where it differs from its first (one count a region)."""
    if cell not in numbers:
        return
    for other, number in numbers.items():
        if cells[other] == cells[cell] and number != numbers[cell]:
            raise InputError(
                source,
                f"region {name!r} shows {numbers[cell]} here and {number} at row {other[0] + 1}, "
                f"column {other[1] + 1}: a region has one count",
                token.line,
                token.col + len(name),
            )


def most_apart(members: list[Cell]) -> int:
    """The most cells of `members` that can be chosen with no two sharing a side: a grid's
    cells are two-coloured like a chessboard, so this is their number less a largest matching
    of neighbours (Kőnig), grown by one augmenting path (breadth first) from each dark cell."""
    inside = set(members)
    partner: dict[Cell, Cell] = {}  # each matched cell's partner, both ways
    for start in (cell for cell in members if sum(cell) % 2 == 0):
        came: dict[Cell, Cell] = {}  # a light cell reached, from its dark cell
        queue, end = [start], None
        while queue and end is None:
            dark = queue.pop(0)
            for near in beside(dark, 1 << 30, 1 << 30):
                if near in inside and near not in came:
                    came[near] = dark
                    if near not in partner:
                        end = near
                        break
                    queue.append(partner[near])
        while end is not None:  # flip the path's pairs, back to the start
            dark = came[end]
            before = partner.get(dark)
            partner[end], partner[dark] = dark, end
            end = before
    return len(members) - len(partner) // 2


def _cut_off(members: list[Cell]) -> Cell | None:
    """The first cell (reading order) that the region's first cell cannot reach, if any."""
    left, stack = set(members[1:]), [members[0]]
    while stack:
        r, c = stack.pop()
        for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if near in left:
                left.remove(near)
                stack.append(near)
    return min(left) if left else None


def connected(members: list[Cell]) -> bool:
    """Whether the cells are one piece, joined by their sides."""
    return not members or _cut_off(sorted(members)) is None


def beside(cell: Cell, rows: int, cols: int) -> list[Cell]:
    """The cells that share a side with `cell` on a board of this size."""
    r, c = cell
    near = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return [(i, j) for i, j in near if 0 <= i < rows and 0 <= j < cols]


def numbered(rows: int, cols: int, cells: dict[Cell, int]) -> Regions:
    """The regions of any numbering, renumbered 1..k in reading order and named by
    `region_name` (as a generator or a link makes them)."""
    order: dict[int, int] = {}
    for cell in sorted(cells):
        order.setdefault(cells[cell], len(order) + 1)
    renumbered = {cell: order[k] for cell, k in cells.items()}
    return Regions(rows, cols, renumbered, {k: region_name(k) for k in order.values()})


def grow(rows: int, cols: int, seeds: dict[Cell, int], rng: random.Random) -> dict[Cell, int]:
    """Regions grown from seed cells into random free neighbours until the board is covered
    (generators' first cut: each region one piece round its seeds)."""
    cells = dict(seeds)
    while len(cells) < rows * cols:
        inside = rng.choice(list(cells))
        free = [near for near in beside(inside, rows, cols) if near not in cells]
        if free:
            cells[rng.choice(free)] = cells[inside]
    return cells


def rectangles(rows: int, cols: int, rng: random.Random, largest: int) -> Regions:
    """The board cut into rectangles of at most `largest` cells, some smaller: pieces split in
    two at random until each is kept (a generator's rooms, as Nikoli's Heyawake has them)."""
    cells: dict[Cell, int] = {}
    pieces = [(0, 0, rows, cols)]
    while pieces:
        top, left, height, width = pieces.pop()
        area = height * width
        if area == 1 or (area <= largest and rng.random() < 0.6 + 0.1 * (area <= 4)):
            k = len(cells) + 1  # the piece's first cell names it
            cells.update(
                {(r, c): k for r in range(top, top + height) for c in range(left, left + width)}
            )
        elif height > width or (height == width and rng.random() < 0.5):
            cut = rng.randrange(1, height)
            pieces += [(top, left, cut, width), (top + cut, left, height - cut, width)]
        else:
            cut = rng.randrange(1, width)
            pieces += [(top, left, height, cut), (top, left + cut, height, width - cut)]
    return numbered(rows, cols, cells)


def from_borders(rows: int, cols: int, walls: set[tuple[Cell, Cell]]) -> Regions:
    """The regions a set of walls cuts the board into (as a link gives them), named by
    `region_name` in reading order. A wall is a pair of side-by-side cells, smaller first."""
    cells: dict[Cell, int] = {}
    for start in ((r, c) for r in range(rows) for c in range(cols)):
        if start in cells:
            continue
        cells[start], stack = len(cells), [start]
        while stack:
            cell = stack.pop()
            for near in beside(cell, rows, cols):
                if near not in cells and (min(cell, near), max(cell, near)) not in walls:
                    cells[near] = cells[cell]
                    stack.append(near)
    return numbered(rows, cols, cells)


def borders(regions: Regions) -> list[tuple[Cell, Cell]]:
    """Every pair of side-by-side cells in different regions, smaller first, sorted."""
    return sorted(
        ((r, c), near)
        for (r, c), index in regions.cells.items()
        for near in ((r, c + 1), (r + 1, c))
        if near in regions.cells and regions.cells[near] != index
    )


def region_facts(regions: Regions) -> list[str]:
    """``region(R,C,K)``: cell (R,C) lies in region K (1..k)."""
    return [fact("region", r, c, k) for (r, c), k in sorted(regions.cells.items())]


def render(regions: Regions, marks: dict[Cell, str]) -> str:
    """The board as an instance writes it, each cell's token replaced by its mark where it
    has one, columns left-aligned."""
    text = {cell: marks.get(cell) or regions.token(cell) for cell in regions.cells}
    width = max(map(len, text.values()))
    lines = (
        " ".join(text[r, c].ljust(width) for c in range(regions.cols)).rstrip()
        for r in range(regions.rows)
    )
    return "\n".join(lines) + "\n"

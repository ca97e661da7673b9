"""Tents. Rules and predicates: see encodings/tents.lp.

An instance's first line holds the column counts, then each row its cells (``T`` a tree,
``.`` or ``-`` empty) and its count as its last token; ``-`` is a count not given. Simon
Tatham's Tents game ids (``8x8:...``) are read as instances too. A solution is the sorted
list of the tents' cells; its file writes ``A`` for a tent, ``.`` for grass, counts kept.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import clingo

from puzzlesolve.genre import Example, Genre, fact
from puzzlesolve.grid import UNDECIDED, Cell, InputError, Token, Value, read_lines

TREE, TENT_MARK, NONE, TENT, GRASS = "T", "A", "-", "tent", "grass"
MAX_CELLS = 250_000  # a cell grounds a few rules: a 500x500 board grounds in seconds
GAME_ID = re.compile(r"(\d+)x(\d+):([a-z_]*),([\d,]*)")


@dataclass(frozen=True)
class Tents:
    """A Tents board: its trees and the counts of tents of each row and column (None: not
    given)."""

    rows: int
    cols: int
    trees: frozenset[Cell]
    row_counts: tuple[int | None, ...]
    col_counts: tuple[int | None, ...]

    @property
    def empty(self) -> list[Cell]:
        """The cells without a tree, in reading order: where tents may stand."""
        every = product(range(self.rows), range(self.cols))
        return [cell for cell in every if cell not in self.trees]


def parse(text: str, source: str) -> Tents:
    """Read a Tents board, or a Tatham Tents game id.

    Raises:
        InputError: a row of the wrong length, a bad token, a count beyond its line, or
            counts that disagree with each other or with the trees.
    """
    if found := GAME_ID.fullmatch(text.strip()):
        return _from_game_id(found, source)
    lines = read_lines(text, source, max_cells=MAX_CELLS)
    heads, rows = lines[0], lines[1:]
    cols = len(heads)
    if not rows:
        raise InputError(source, "no rows: the first line holds the column counts, rows follow")
    trees = set()
    for r, row in enumerate(rows):
        if len(row) != cols + 1:
            at = row[cols + 1] if len(row) > cols + 1 else row[-1]
            why = f"a row of {len(row) - 1} cells and its count, where the first line counts {cols}"
            raise at.error(source, why + " columns")
        for c, token in enumerate(row[:-1]):
            if token.text == TREE:
                trees.add((r, c))
            elif token.text not in (".", "-"):
                why = f"expected 'T' (tree), '.' or '-' (empty), found {token.text!r}"
                raise token.error(source, why)
    row_counts = tuple(_count(row[-1], cols, "row", source) for row in rows)
    col_counts = tuple(_count(token, len(rows), "column", source) for token in heads)
    return _checked(Tents(len(rows), cols, frozenset(trees), row_counts, col_counts), source)


def _count(token: Token, length: int, line: str, source: str) -> int | None:
    """A count token: ``-`` none, else a number a line of `length` cells can hold."""
    if token.text == NONE:
        return None
    if not token.text.isdigit():
        raise token.error(source, f"expected a {line} count or '-', found {token.text!r}")
    if int(token.text) > (most := (length + 1) // 2):  # two tents never touch
        why = f"a {line} of {length} cells holds at most {most} tents (two never touch)"
        raise token.error(source, f"{why}, the count says {token.text}")
    return int(token.text)


def _checked(board: Tents, source: str) -> Tents:
    """The board, when its counts can agree with its trees (one tent a tree).

    Raises:
        InputError: the counts of rows or of columns, all given, sum to another number than
            the trees, or the given ones to more.
    """
    trees = len(board.trees)
    for name, counts in (("row", board.row_counts), ("column", board.col_counts)):
        total = sum(n for n in counts if n is not None)
        if total > trees or (None not in counts and total != trees):
            why = f"the {name} counts add up to {total} tents, but there are {trees} trees"
            raise InputError(source, why + " (one tent a tree)")
    return board


def _from_game_id(found: re.Match, source: str) -> Tents:
    """A Tatham game id: each tree written as the letter of the empty cells before it (``_``
    none, ``a`` one, ...; ``z`` 25 empty cells and no tree, the end counted as a tree),
    then the column counts and the row counts."""
    cols, rows, grid, counts = int(found[1]), int(found[2]), found[3], found[4]
    if not 0 < rows * cols <= MAX_CELLS:
        raise InputError(source, f"a Tents game id of {cols}x{rows} cells is no board to solve")
    trees, at = set(), 0
    for char in grid:
        at += 25 if char == "z" else 0 if char == "_" else ord(char) - ord("a") + 1
        if char != "z" and at < rows * cols:
            trees.add(divmod(at, cols))
            at += 1
    numbers = [int(n) for n in counts.split(",") if n]
    if at != rows * cols or len(numbers) != rows + cols:
        why = f"the Tents description does not fit the size {cols}x{rows} with its counts"
        raise InputError(source, why)
    board = Tents(rows, cols, frozenset(trees), tuple(numbers[cols:]), tuple(numbers[:cols]))
    return _checked(board, source)


def facts(board: Tents) -> list[str]:
    """``cell(R,C)``, ``tree(R,C)``, ``row_count(R,N)`` and ``column_count(C,N)``."""
    return (
        [fact("cell", r, c) for r, c in product(range(board.rows), range(board.cols))]
        + [fact("tree", r, c) for r, c in sorted(board.trees)]
        + [fact("row_count", r, n) for r, n in enumerate(board.row_counts) if n is not None]
        + [fact("column_count", c, n) for c, n in enumerate(board.col_counts) if n is not None]
    )


def decode(symbols: Sequence[clingo.Symbol], _board: Tents) -> list[Cell]:
    return sorted(
        (s.arguments[0].number, s.arguments[1].number) for s in symbols if s.match("tent", 2)
    )


def _counts(counts: tuple[int | None, ...]) -> list[str]:
    return [NONE if n is None else str(n) for n in counts]


def render(board: Tents, tents: list[Cell]) -> str:
    """The column counts, then each row: ``T`` trees, ``A`` tents, ``.`` grass (the
    puzzle's empty cells when there are no tents), its count last."""
    mark = {**dict.fromkeys(board.trees, TREE), **dict.fromkeys(tents, TENT_MARK)}
    lines = [" ".join(_counts(board.col_counts))]
    for r, count in enumerate(_counts(board.row_counts)):
        lines.append(" ".join([*(mark.get((r, c), ".") for c in range(board.cols)), count]))
    return "\n".join(lines) + "\n"


def values(board: Tents, tents: list[Cell]) -> dict[Cell, Value]:
    """Every empty cell "tent" or "grass" (trees have no value)."""
    return dict.fromkeys(board.empty, GRASS) | dict.fromkeys(tents, TENT)


def read_answer(board: Tents, text: str, source: str) -> dict[Cell, Value]:
    """An answer: the solution's shape (counts kept) or the grid alone; ``A`` a tent, ``.``
    or ``x`` grass, ``?`` undecided, trees as the puzzle has them.

    Raises:
        InputError: another shape, a changed count or tree, or an unknown mark.
    """
    lines = read_lines(text, source)
    if len(lines) == board.rows + 1:  # the solution's shape: check the counts it keeps
        counts = [lines[0], [row[-1] for row in lines[1:] if len(row) == board.cols + 1]]
        lines = [row[:-1] for row in lines[1:]]
        for tokens, given in zip(counts, (board.col_counts, board.row_counts), strict=True):
            for token, want in zip(tokens, _counts(given), strict=False):
                if token.text != want:
                    raise token.error(source, f"the puzzle's count here is {want}")
    decided: dict[Cell, Value] = {}
    for r, row in enumerate(lines):
        if len(row) != board.cols or len(lines) != board.rows:
            why = f"the answer's grid is not {board.rows}x{board.cols} as the puzzle's"
            raise row[0].error(source, why)
        for c, token in enumerate(row):
            if ((r, c) in board.trees) != ((mark := token.text) == TREE):
                want = "the puzzle's tree 'T'" if (r, c) in board.trees else "no tree"
                raise token.error(source, f"expected {want} here")
            if mark not in (TREE, UNDECIDED, TENT_MARK, ".", "x", "X"):
                why = f"expected 'A' (tent), '.' or 'x' (grass) or '?', found {mark!r}"
                raise token.error(source, why)
            if mark not in (TREE, UNDECIDED):
                decided[r, c] = TENT if mark == TENT_MARK else GRASS
    return decided


GENRE = Genre(
    name="tents",
    package=__name__,
    to_json=lambda _board, tents: {"tents": [list(cell) for cell in tents]},
    # a tree's own tent is an atom of its own: solutions are told apart by their tents only
    options=("--project",),
    examples=(
        Example("instances/tents/tatham-6x6.txt", note="Tatham's Tents, 6x6 Easy"),
        Example("instances/tents/tatham-10x10.txt", note="Tatham's Tents, 10x10 Tricky"),
        Example("instances/tents/two-ways-2x3.txt", "multiple", note="tents either way round"),
        Example("instances/tents/none-2x2.txt", "unsolvable", note="two trees, their places touch"),
    ),
)

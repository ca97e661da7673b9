"""Numberlink (Arukone, Flow Free). Rules and predicates: see encodings/numberlink.lp."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import clingo

from puzzlesolve import grid
from puzzlesolve.genre import Example, Genre, Switch, fact
from puzzlesolve.genres.numberlink.search import stages
from puzzlesolve.grid import Cell, InputError, Token, Value

BLANKS = {"-", "."}

# The rules ground one label choice per cell and label; beyond this many the grounder
# would need minutes and gigabytes before the solver (and its --timeout) even starts.
# Measured (2 cores, loaded): 300x300 with 2 labels, 900,000 by this estimate, grounds in
# 67 s and 1.0 GiB.
MAX_GROUND_ESTIMATE = 3_000_000

Paths = dict[int, list[Cell]]
"""One solution: for each label number, its cells from one endpoint to the other."""


@dataclass(frozen=True)
class Numberlink:
    """A parsed instance.

    Attributes:
        rows: number of rows.
        cols: number of columns.
        endpoints: the label number (1..k) of every endpoint cell.
        names: the label as written in the file, by number; ``names[0]`` is unused.
    """

    rows: int
    cols: int
    endpoints: dict[Cell, int]
    names: tuple[str, ...]


def parse(text: str, source: str) -> Numberlink:
    """Read a grid of `-`/`.` blanks and endpoint labels, each label exactly twice.

    Labels are numbered 1..k in row-major order of first appearance, so the facts hold
    integers only; the names are kept for output.

    Raises:
        InputError: bad shape, no label at all, a label seen once or more than twice, or a
            grid too large to ground.
    """
    # one label or more per cell: a larger grid is refused before its cells are read
    return from_tokens(grid.read_tokens(text, source, max_cells=MAX_GROUND_ESTIMATE // 9), source)


def from_tokens(rows: list[list[Token]], source: str) -> Numberlink:
    """The puzzle from a rectangle of cell tokens (a file's, or a link's). Raises InputError."""
    seen: dict[str, list] = {}
    for r, row in enumerate(rows):
        for c, token in enumerate(row):
            if token.text not in BLANKS:
                seen.setdefault(token.text, []).append(((r, c), token))
    if not seen:
        raise InputError(source, "no endpoint labels: every cell is blank")
    for name, places in seen.items():
        if len(places) != 2:
            # once: point at it; three times or more: point at the first one too many
            token = places[0][1] if len(places) == 1 else places[2][1]
            times = "once" if len(places) == 1 else f"{len(places)} times"
            raise InputError(
                source,
                f"label {name!r} occurs {times}, it must occur exactly twice",
                token.line,
                token.col,
            )
    height, width = len(rows), len(rows[0])
    estimate = height * width * (len(seen) + 8)
    if estimate > MAX_GROUND_ESTIMATE:
        raise InputError(
            source,
            f"too large to solve: {height}x{width} cells with {len(seen)} "
            f"labels would ground about {estimate:,} rules "
            f"(limit {MAX_GROUND_ESTIMATE:,})",
        )
    names = ("",) + tuple(seen)  # dicts keep first-appearance order: row-major
    number = {name: k for k, name in enumerate(names) if k}
    endpoints = {cell: number[name] for name, places in seen.items() for cell, _ in places}
    return Numberlink(height, width, endpoints, names)


def facts(puzzle: Numberlink) -> list[str]:
    """The board and its endpoints as ``cell/2`` and ``endpoint/3`` facts."""
    board = [fact("cell", r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)]
    return board + [fact("endpoint", r, c, k) for (r, c), k in sorted(puzzle.endpoints.items())]


def decode(symbols: Sequence[clingo.Symbol], puzzle: Numberlink) -> Paths:
    """Each label's path, walked along the shown links from its first endpoint (row-major)."""
    neighbours: dict[Cell, list[Cell]] = {}
    for s in symbols:
        if s.match("link", 4):
            r1, c1, r2, c2 = (a.number for a in s.arguments)
            neighbours.setdefault((r1, c1), []).append((r2, c2))
            neighbours.setdefault((r2, c2), []).append((r1, c1))
    paths: Paths = {}
    for cell, k in sorted(puzzle.endpoints.items()):
        if k in paths:
            continue
        path, previous = [cell], None
        while True:
            ahead = [n for n in neighbours.get(path[-1], []) if n != previous]
            # a path cell has one neighbour besides the one we came from; an endpoint none
            if not ahead or (len(path) > 1 and path[-1] in puzzle.endpoints):
                break
            previous = path[-1]
            path.append(ahead[0])
        paths[k] = path
    return paths


def _labels(puzzle: Numberlink, paths: Paths) -> dict[Cell, str]:
    return {cell: puzzle.names[k] for k, path in paths.items() for cell in path}


def render(puzzle: Numberlink, paths: Paths) -> str:
    """The grid with each cell's label, `-` where no line passes, columns right-aligned."""
    label = _labels(puzzle, paths)
    width = max(map(len, puzzle.names))
    return (
        "\n".join(
            " ".join(label.get((r, c), "-").rjust(width) for c in range(puzzle.cols))
            for r in range(puzzle.rows)
        )
        + "\n"
    )


# box-drawing glyph of a path cell by the directions it links to: (up, down, left, right)
_GLYPH = {
    (True, True, False, False): "│",
    (False, False, True, True): "─",
    (False, True, False, True): "┌",
    (False, True, True, False): "┐",
    (True, False, False, True): "└",
    (True, False, True, False): "┘",
}


def draw_text(puzzle: Numberlink, paths: Paths) -> str:
    """The lines drawn with box characters, endpoints as their labels, unused cells as `·`.

    Each cell is as wide as the widest label, its glyph at the right; a horizontal link
    fills the gap to the left neighbour with `─`, so every line reads as one stroke.
    """
    linked: set[frozenset[Cell]] = {
        frozenset((a, b)) for path in paths.values() for a, b in itertools.pairwise(path)
    }
    width = max(map(len, puzzle.names))

    def joined(a: Cell, b: Cell) -> bool:
        return frozenset((a, b)) in linked

    lines = []
    for r in range(puzzle.rows):
        text = ""
        for c in range(puzzle.cols):
            left = joined((r, c), (r, c - 1))
            sides = (
                joined((r, c), (r - 1, c)),
                joined((r, c), (r + 1, c)),
                left,
                joined((r, c), (r, c + 1)),
            )
            if (r, c) in puzzle.endpoints:
                glyph = puzzle.names[puzzle.endpoints[r, c]]
            else:
                glyph = _GLYPH.get(sides, "·")
            pad = "─" if left else " "
            text += ("" if c == 0 else pad) + glyph.rjust(width, pad)
        lines.append(text.rstrip())
    return "\n".join(lines) + "\n"


def to_json(puzzle: Numberlink, paths: Paths) -> dict:
    """The contract's ``{"paths": {"LABEL": [[r, c], ...]}}``, labels as written."""
    return {
        "paths": {
            puzzle.names[k]: [list(cell) for cell in path] for k, path in sorted(paths.items())
        }
    }


def values(puzzle: Numberlink, paths: Paths) -> dict[Cell, Value]:
    """Every cell's label as written, "-" where no line passes."""
    label = _labels(puzzle, paths)
    return {(r, c): label.get((r, c), "-") for r in range(puzzle.rows) for c in range(puzzle.cols)}


def read_answer(puzzle: Numberlink, text: str, source: str) -> dict[Cell, Value]:
    """An answer: a label (its line passes), ``-`` no line, ``?`` or ``.`` undecided.

    Raises:
        InputError: another shape, an unknown label, or an endpoint shown otherwise.
    """

    def token(cell: Cell, text: str) -> Value | None:
        if text in (grid.UNDECIDED, "."):
            return None
        check_label(puzzle, cell, text)
        return text

    return grid.read_answer(text, source, puzzle.rows, puzzle.cols, token)


def check_label(puzzle: Numberlink, cell: Cell, label: str) -> None:
    """Refuse a cell's mark the puzzle does not allow: an unknown label, an endpoint shown
    otherwise (an answer file's token and the web page's mark alike; ``-``: no line).

    Raises:
        ValueError: the reason.
    """
    if label != "-" and label not in puzzle.names[1:]:
        labels = ", ".join(puzzle.names[1:])
        raise ValueError(f"unknown label {label!r}: the puzzle's labels are {labels}")
    if cell in puzzle.endpoints and label != puzzle.names[puzzle.endpoints[cell]]:
        raise ValueError(
            f"this is an endpoint of {puzzle.names[puzzle.endpoints[cell]]!r}, found {label!r}"
        )


GENRE = Genre(
    name="numberlink",
    package=__name__,
    switches=(
        Switch(
            "fill",
            on="--fill",
            off="--no-fill",
            help="every cell must be covered (Flow Free); --no-fill: need not, whatever "
            "the instance's '% options' line or link asks.",
        ),
        Switch(
            "no_self_touch",
            on="--no-self-touch",
            off="--self-touch",
            help="a line never runs alongside itself (--self-touch: may).",
        ),
    ),
    draw=draw_text,  # the SVG picture is the draw module's, see draw.py
    stages=stages,
    steer=("link", 4),
    # label pruning is a deduction (where a line can reach) that no numbered rule states
    explain_constants={"prune": 0},
    generate_options=("fill",),
    # Flow Free covers every cell; numlin is pzprjs's name, arukone janko.at's
    aliases={"numlin": (), "arukone": (), "flow": ("fill",), "flowfree": ("fill",)},
    examples=(
        Example("instances/numberlink/copris-5x5.txt", note="Copris's example, in its format"),
        Example(
            "instances/numberlink/fill-5x5.txt",
            switches=("fill",),
            note="unique only when every cell is covered",
        ),
        Example(
            "instances/numberlink/self-touch-4x5.txt",
            switches=("fill", "no_self_touch"),
            note="unique only when no line runs beside itself",
        ),
        Example(
            "instances/numberlink/two-ways-3x3.txt",
            "multiple",
            note="letters, one character per cell; B has two ways",
        ),
        Example("instances/numberlink/crossing-2x2.txt", "unsolvable", note="the lines cross"),
    ),
)

"""Nurikabe. Rules and predicates: see encodings/nurikabe.lp.

Cell tokens (CONTRACT.md): a positive integer is a number (the size of its island), ``-`` or
``.`` a blank. A solution file writes ``#`` for a shaded cell, the number or ``.`` for an
unshaded one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import clingo

from puzzlesolve import grid
from puzzlesolve.genre import Example, Genre, fact
from puzzlesolve.grid import Cell, InputError, Token, Value

# About fifteen ground rules per cell, and six per cell a number may reach (those less than
# N steps from a number N); beyond this many, grounding alone takes minutes and gigabytes.
# A number's count of its area (rule 3) costs the grounder about the square of the cells it
# may reach, half a rule's worth each: on this machine one number reaching every cell of
# 20x20 grounds in 0.6 s, of 30x30 in 5.4 s, of 40x40 in 21 s (1.3 million by this
# estimate), and a 100x100 board with one number 9999 took 192 s and 8.5 GB.
MAX_GROUND_ESTIMATE = 3_000_000


@dataclass(frozen=True)
class Nurikabe:
    """A Nurikabe board.

    Attributes:
        rows: grid rows.
        cols: grid columns.
        numbers: the number of each cell that shows one.
    """

    rows: int
    cols: int
    numbers: dict[Cell, int]


def _token(text: str) -> int:
    """A cell's number (blanks are read before: `grid.read_clues`).

    Raises:
        ValueError: any other token, with the reason.
    """
    if text.isascii() and text.isdigit() and int(text) > 0:
        return int(text)
    raise ValueError(f"expected a positive number, or '-' or '.' (blank), found {text!r}")


def parse(text: str, source: str) -> Nurikabe:
    """Read a Nurikabe board.

    Raises:
        InputError: bad shape or token, or a board too large to ground; located by line and
            column where it applies.
    """
    return from_tokens(grid.read_tokens(text, source, max_cells=MAX_GROUND_ESTIMATE // 15), source)


def from_tokens(rows: list[list[Token]], source: str) -> Nurikabe:
    """The board from a rectangle of cell tokens (a file's, or a link's).

    Raises:
        InputError: a token that is no number or blank, or a board too large to ground.
    """
    numbers = grid.read_clues(rows, source, _token)
    board = Nurikabe(len(rows), len(rows[0]), numbers)
    cells = board.rows * board.cols
    reaches = [min(cells, 2 * n * n - 2 * n + 1) for n in numbers.values()]
    estimate = 15 * cells + sum(6 * near + near * near // 2 for near in reaches)
    if estimate > MAX_GROUND_ESTIMATE:
        raise InputError(
            source,
            f"too large to solve: {board.rows}x{board.cols} cells with {len(numbers):,} "
            f"number{'s' * (len(numbers) != 1)} "
            f"would ground about {estimate:,} rules (limit {MAX_GROUND_ESTIMATE:,})",
        )
    return board


def facts(board: Nurikabe) -> list[str]:
    """``cell(R,C)`` for every cell and ``number(R,C,N)`` for every number."""
    return [fact("cell", r, c) for r in range(board.rows) for c in range(board.cols)] + [
        fact("number", r, c, n) for (r, c), n in sorted(board.numbers.items())
    ]


def decode(symbols: Sequence[clingo.Symbol], _board: Nurikabe) -> list[Cell]:
    return sorted(
        (s.arguments[0].number, s.arguments[1].number) for s in symbols if s.match("shaded", 2)
    )


def render(board: Nurikabe, shaded: list[Cell]) -> str:
    """The grid with shaded cells ``#``, unshaded ones their number or ``.``, right-aligned."""
    dark = set(shaded)
    text = {
        (r, c): "#" if (r, c) in dark else str(board.numbers.get((r, c), "."))
        for r in range(board.rows)
        for c in range(board.cols)
    }
    width = max(map(len, text.values()))
    return "".join(
        " ".join(text[r, c].rjust(width) for c in range(board.cols)) + "\n"
        for r in range(board.rows)
    )


def values(board: Nurikabe, shaded: list[Cell]) -> dict[Cell, Value]:
    """Every cell "shaded" or "unshaded"."""
    dark = set(shaded)
    return {
        (r, c): "shaded" if (r, c) in dark else "unshaded"
        for r in range(board.rows)
        for c in range(board.cols)
    }


def read_answer(board: Nurikabe, text: str, source: str) -> dict[Cell, Value]:
    """An answer: ``#`` shaded, ``.`` or the cell's own number unshaded, ``?`` or ``-``
    undecided.

    Raises:
        InputError: another shape, a number that is not the puzzle's, or a numbered cell
            written without its number.
    """

    def token(cell: Cell, text: str) -> Value | None:
        if text in (grid.UNDECIDED, "-"):
            return None
        if text == "#":
            return "shaded"
        number = board.numbers.get(cell)
        if number is None:
            if text == ".":
                return "unshaded"
            raise ValueError(
                f"expected '#', '.' or '?' here (the puzzle has no number), found {text!r}"
            )
        if text.isascii() and text.isdigit() and int(text) == number:
            return "unshaded"
        raise ValueError(f"expected '#', '?' or the puzzle's number {number} here, found {text!r}")

    return grid.read_answer(text, source, board.rows, board.cols, token)


def to_json(_puzzle: Nurikabe, shaded: list[Cell]) -> dict:
    """``{"shaded": [[r, c], ...]}``."""
    return {"shaded": [list(cell) for cell in shaded]}


GENRE = Genre(
    name="nurikabe",
    package=__name__,
    # measured on random 30x30 boards with many solutions (the hard case: little to
    # propagate): the first solution in 0.2-0.6 s rather than 1.9-4.6 s with clingo's default;
    # unique generated boards solve as fast either way
    options=("--configuration=trendy",),
    examples=(
        Example("instances/nurikabe/pzprjs-5x5.txt", note="the example of pzprjs's test script"),
        Example("instances/nurikabe/one-row-1x5.txt", note="one row"),
        Example("instances/nurikabe/generated-10x10.txt", note="generated, 10x10"),
        Example("instances/nurikabe/generated-20x20.txt", note="generated, 20x20"),
        Example("instances/nurikabe/generated-30x30.txt", note="generated, 30x30"),
        Example("instances/nurikabe/two-ways-2x2.txt", "multiple", note="the 2 has two ways"),
        Example("instances/nurikabe/apart-2x2.txt", "unsolvable", note="shaded cells apart"),
    ),
)

"""Hitori. Rules and predicates: see encodings/hitori.lp."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import clingo

from puzzlesolve import grid
from puzzlesolve.genre import Example, Genre, fact
from puzzlesolve.grid import (
    UNDECIDED,
    Cell,
    Grid,
    InputError,
    Token,
    Value,
    convert_tokens,
    positive_int,
    read_tokens,
)

# About ten ground rules per cell and one per pair of equal numbers in a row or a column;
# beyond this many, grounding alone takes minutes and gigabytes. Measured (2 cores, loaded):
# 300x300 with no equal pair, 900,000 by this estimate, grounds in 11 s and 217 MiB.
MAX_GROUND_ESTIMATE = 3_000_000


def parse(text: str, source: str) -> Grid[int]:
    """Read a grid of positive integers.

    Raises:
        InputError: bad shape or token, or a grid too large to ground.
    """
    return from_tokens(read_tokens(text, source, max_cells=MAX_GROUND_ESTIMATE // 10), source)


def from_tokens(rows: list[list[Token]], source: str) -> Grid[int]:
    """The puzzle from a rectangle of cell tokens (a file's, or a link's).

    Raises:
        InputError: a token that is no positive integer, or a grid too large to ground.
    """
    grid = convert_tokens(rows, source, token=positive_int)
    lines = [[grid.cells[r, c] for c in range(grid.cols)] for r in range(grid.rows)]
    lines += [list(column) for column in zip(*lines)]
    pairs = sum(k * (k - 1) // 2 for line in lines for k in Counter(line).values())
    estimate = 10 * len(grid.cells) + pairs
    if estimate > MAX_GROUND_ESTIMATE:
        raise InputError(
            source,
            f"too large to solve: {grid.rows}x{grid.cols} cells with {pairs:,} pairs of equal "
            f"numbers would ground about {estimate:,} rules (limit {MAX_GROUND_ESTIMATE:,})",
        )
    return grid


def facts(numbers: Grid[int]) -> list[str]:
    return [fact("number", r, c, n) for (r, c), n in sorted(numbers.cells.items())]


def decode(symbols: Sequence[clingo.Symbol], _numbers: Grid[int]) -> list[Cell]:
    return sorted(
        (s.arguments[0].number, s.arguments[1].number) for s in symbols if s.match("shaded", 2)
    )


def render(numbers: Grid[int], shaded: list[Cell]) -> str:
    """The grid with shaded cells written `#`, columns right-aligned."""
    dark = set(shaded)
    text = {cell: "#" if cell in dark else str(n) for cell, n in numbers.cells.items()}
    width = max(map(len, text.values()))
    return (
        "\n".join(
            " ".join(text[r, c].rjust(width) for c in range(numbers.cols))
            for r in range(numbers.rows)
        )
        + "\n"
    )


def values(numbers: Grid[int], shaded: list[Cell]) -> dict[Cell, Value]:
    """Every cell "shaded" or "unshaded"."""
    dark = set(shaded)
    return {cell: "shaded" if cell in dark else "unshaded" for cell in numbers.cells}


def read_answer(numbers: Grid[int], text: str, source: str) -> dict[Cell, Value]:
    """An answer: ``#`` shaded, the cell's own number unshaded, ``?`` undecided.

    Raises:
        InputError: another shape, or a number that is not the puzzle's.
    """

    def token(cell: Cell, text: str) -> Value | None:
        if text == UNDECIDED:
            return None
        if text == "#":
            return "shaded"
        if text == str(numbers.cells[cell]) or (
            text.isdigit() and int(text) == numbers.cells[cell]
        ):
            return "unshaded"
        raise ValueError(
            f"expected '#', '?' or the puzzle's number {numbers.cells[cell]} here, found {text!r}"
        )

    return grid.read_answer(text, source, numbers.rows, numbers.cols, token)


def to_json(_puzzle: Grid[int], shaded: list[Cell]) -> dict:
    """``{"shaded": [[r, c], ...]}``."""
    return {"shaded": [list(cell) for cell in shaded]}


GENRE = Genre(
    name="hitori",
    explain_constants={"prune": 0},  # rule 3 judges alone (see hitori.lp)
    package=__name__,
    examples=(
        Example("instances/hitori/ai-course-5x5.txt", note="the 5x5 of an AI course project"),
        Example("instances/hitori/header-6x6.txt", note="a Copris-style header before the grid"),
        Example("instances/hitori/non-square-8x12.txt", note="8 rows of 12 (Tatham's Singles)"),
        Example("instances/hitori/numbers-above-9-12x12.txt", note="numbers above 9"),
        Example("instances/hitori/tatham-8x8.txt", note="Tatham's Singles, 8x8 Tricky"),
        Example("instances/hitori/several-3x3.txt", "multiple", note="the rules leave choices"),
        Example("instances/hitori/none-2x2.txt", "unsolvable", note="the white cells cut apart"),
    ),
)

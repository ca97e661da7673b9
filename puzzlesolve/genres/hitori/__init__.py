"""Hitori. Rules and predicates: see encodings/hitori.lp."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    import clingo

from puzzlesolve.genre import Genre, fact
from puzzlesolve.grid import UNDECIDED, Cell, Grid, Value, positive_int, read_answer, read_grid


def parse(text: str, source: str) -> Grid[int]:
    """Read a grid of positive integers. Raises InputError on bad input."""
    return read_grid(text, source, token=positive_int)


def facts(numbers: Grid[int]) -> list[str]:
    """The board as ``cell/2`` facts and its numbers as ``number/3`` facts."""
    board = sorted(numbers.cells.items())
    return [fact("cell", r, c) for (r, c), _ in board] + [
        fact("number", r, c, n) for (r, c), n in board]


def decode(symbols: Sequence[clingo.Symbol], _numbers: Grid[int]) -> list[Cell]:
    return sorted(
        (s.arguments[0].number, s.arguments[1].number) for s in symbols if s.match("shaded", 2)
    )


def render(numbers: Grid[int], shaded: list[Cell]) -> str:
    """The grid with shaded cells written `#`, columns right-aligned."""
    dark = set(shaded)
    text = {cell: "#" if cell in dark else str(n) for cell, n in numbers.cells.items()}
    width = max(map(len, text.values()))
    return "\n".join(
        " ".join(text[r, c].rjust(width) for c in range(numbers.cols)) for r in range(numbers.rows)
    ) + "\n"


def values(numbers: Grid[int], shaded: list[Cell]) -> dict[Cell, Value]:
    """Every cell "shaded" or "unshaded"."""
    dark = set(shaded)
    return {cell: "shaded" if cell in dark else "unshaded" for cell in numbers.cells}


def read_answer_file(numbers: Grid[int], text: str, source: str) -> dict[Cell, Value]:
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

    return read_answer(text, source, numbers.rows, numbers.cols, token)


GENRE = Genre(
    name="hitori",
    encoding="hitori.lp",
    package=__name__,
    parse=parse,
    facts=facts,
    decode=decode,
    render=render,
    to_json=lambda _numbers, shaded: {"shaded": [list(cell) for cell in shaded]},
    values=values,
    read_answer=read_answer_file,
)

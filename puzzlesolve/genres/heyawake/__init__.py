"""Heyawake. Rules and predicates: see encodings/heyawake.lp; rooms: regions.py.

An instance writes each cell as its room's name, a number after the name on one cell of a
room that tells its count of shaded cells (``a``, ``b2``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import clingo

from puzzlesolve.genre import Example, Genre, fact
from puzzlesolve.grid import UNDECIDED, Cell, InputError, Token, Value, read_answer, read_tokens
from puzzlesolve.regions import Regions, most_apart, read_regions, region_facts, render

SHADED, UNSHADED = "shaded", "unshaded"
MAX_CELLS = 40_000  # a cell grounds a few dozen rules: a 200x200 board grounds in seconds


def parse(text: str, source: str) -> Regions:
    """Read a board of room names with their numbers.

    Raises:
        InputError: a bad shape or token, a room that is not connected, two counts in one
            room, or a count its room cannot hold.
    """
    return from_tokens(read_tokens(text, source, max_cells=MAX_CELLS), source)


def from_tokens(rows: list[list[Token]], source: str) -> Regions:
    """The puzzle from a rectangle of room tokens (a file's or a link's).

    Raises:
        InputError: as `parse`.
    """
    regions = read_regions(rows, source, clues="the number of its shaded cells")
    members = regions.members()
    for (r, c), number in sorted(regions.clues.items()):
        room = members[regions.cells[r, c]]
        most = most_apart(room)
        if number > most:
            name = regions.names[regions.cells[r, c]]
            raise InputError(
                source,
                f"room {name!r} cannot hold {number} shaded cells: at most {most} of its "
                f"{len(room)} cells can be shaded with no two touching",
                rows[r][c].line,
                rows[r][c].col + len(name),
            )
    return regions


def facts(puzzle: Regions) -> list[str]:
    numbers = [fact("number", r, c, n) for (r, c), n in sorted(puzzle.clues.items())]
    return [*region_facts(puzzle), *numbers]


def decode(symbols: Sequence[clingo.Symbol], _puzzle: Regions) -> list[Cell]:
    return sorted(
        (s.arguments[0].number, s.arguments[1].number) for s in symbols if s.match("shaded", 2)
    )


def render_solution(puzzle: Regions, shaded: list[Cell]) -> str:
    """The board with ``#`` for each shaded cell, the cell's token elsewhere."""
    return render(puzzle, dict.fromkeys(shaded, "#"))


def values(puzzle: Regions, shaded: list[Cell]) -> dict[Cell, Value]:
    """Every cell "shaded" or "unshaded"."""
    dark = set(shaded)
    return {cell: SHADED if cell in dark else UNSHADED for cell in puzzle.cells}


def read_answer_file(puzzle: Regions, text: str, source: str) -> dict[Cell, Value]:
    """An answer: ``#`` shaded, ``.`` or the cell's token (or its room's name) unshaded,
    ``?`` undecided.

    Raises:
        InputError: another shape, or a token that is not the cell's.
    """

    def value(cell: Cell, text: str) -> Value | None:
        if text == UNDECIDED:
            return None
        if text == "#":
            return SHADED
        if text in (".", puzzle.token(cell), puzzle.names[puzzle.cells[cell]]):
            return UNSHADED
        raise ValueError(
            f"expected '#', '.', '?' or the cell's {puzzle.token(cell)!r}, found {text!r}"
        )

    return read_answer(text, source, puzzle.rows, puzzle.cols, value)


GENRE = Genre(
    name="heyawake",
    package=__name__,
    render=render_solution,
    to_json=lambda _puzzle, shaded: {"shaded": [list(cell) for cell in shaded]},
    read_answer=read_answer_file,
    explain_constants={"prune": 0},  # rule 2 judges alone (see heyawake.lp)
    options=("--configuration=trendy",),
    examples=(
        Example("instances/heyawake/pzprjs-6x6.txt", note="pzprjs's test puzzle"),
        Example(
            "instances/heyawake/several-2x2.txt",
            "multiple",
            note="any cell of the room may be the shaded one",
        ),
        Example("instances/heyawake/none-2x3.txt", "unsolvable", note="a run across two borders"),
    ),
)

"""Star Battle. Rules and predicates: see encodings/starbattle.lp; regions: regions.py.

An instance writes each cell as its region's name; the number of stars in every row, column
and region is 1 unless a line ``% options: stars=N`` (or the link) says otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import clingo

from puzzlesolve.genre import Example, Genre, fact
from puzzlesolve.grid import UNDECIDED, Cell, InputError, Token, Value, read_answer, read_tokens
from puzzlesolve.instance import number_option
from puzzlesolve.regions import Regions, read_regions, region_facts, render

STAR, EMPTY = "star", "empty"
MAX_CELLS = 250_000  # each cell grounds a handful of rules: a 500x500 board grounds in seconds


@dataclass(frozen=True)
class StarBattle:
    """A Star Battle: its regions and the number of stars in every row, column and region."""

    regions: Regions
    stars: int = 1

    def __post_init__(self) -> None:
        most = most_stars(self.rows, self.cols)
        if self.stars > most:
            raise ValueError(
                f"{self.stars} star{'s' if self.stars > 1 else ''} in every row, column and "
                f"region cannot fit a {self.rows}x{self.cols} board (at most {most}: two stars "
                "never touch)"
            )

    @property
    def rows(self) -> int:
        return self.regions.rows

    @property
    def cols(self) -> int:
        return self.regions.cols


def parse(text: str, source: str) -> StarBattle:
    """Read a board of region names and its ``% options: stars=N`` line.

    Raises:
        InputError: a bad shape or token, a clue, a region that is not connected, or a star
            count no board of this size can hold.
    """
    stars = number_option(text, source, "stars", 1)
    return from_tokens(read_tokens(text, source, max_cells=MAX_CELLS), source, stars)


def from_tokens(rows: list[list[Token]], source: str, stars: int = 1) -> StarBattle:
    """The puzzle from a rectangle of region names (a file's or a link's).

    Raises:
        InputError: as `parse`.
    """
    regions = read_regions(rows, source)
    try:
        return StarBattle(regions, stars)
    except ValueError as bad:  # a star count the board cannot hold
        raise InputError(source, str(bad)) from None


def most_stars(rows: int, cols: int) -> int:
    """The most stars every row and every column of such a board can hold with no two
    touching: a line of n cells holds (n+1)//2, and two lines side by side no more than the
    (n+1)//2 blocks of 2x2 cells they split into, one star each."""

    def per_line(lines: int, length: int) -> int:
        return (length + 1) // 2 // (2 if lines > 1 else 1)

    return min(per_line(rows, cols), per_line(cols, rows))


def facts(puzzle: StarBattle) -> list[str]:
    return [fact("stars", puzzle.stars), *region_facts(puzzle.regions)]


def decode(symbols: Sequence[clingo.Symbol], _puzzle: StarBattle) -> list[Cell]:
    return sorted(
        (s.arguments[0].number, s.arguments[1].number) for s in symbols if s.match("star", 2)
    )


def render_solution(puzzle: StarBattle, stars: list[Cell]) -> str:
    """The board with ``*`` for each star, the region's name elsewhere."""
    return render(puzzle.regions, dict.fromkeys(stars, "*"))


def values(puzzle: StarBattle, stars: list[Cell]) -> dict[Cell, Value]:
    """Every cell "star" or "empty"."""
    on = set(stars)
    return {cell: STAR if cell in on else EMPTY for cell in puzzle.regions.cells}


def read_answer_file(puzzle: StarBattle, text: str, source: str) -> dict[Cell, Value]:
    """An answer: ``*`` a star, ``.``, ``x`` or the region's name no star, ``?`` undecided.

    Raises:
        InputError: another shape, or a region name that is not the cell's.
    """

    def value(cell: Cell, text: str) -> Value | None:
        if text == UNDECIDED:
            return None
        if text == "*":
            return STAR
        if text in (".", "x", "X", puzzle.regions.token(cell)):
            return EMPTY
        raise ValueError(
            f"expected '*', '.', 'x', '?' or the cell's region {puzzle.regions.token(cell)!r}, "
            f"found {text!r}"
        )

    return read_answer(text, source, puzzle.rows, puzzle.cols, value)


GENRE = Genre(
    name="starbattle",
    package=__name__,
    render=render_solution,
    to_json=lambda _puzzle, stars: {"stars": [list(cell) for cell in stars]},
    read_answer=read_answer_file,
    numbers={"stars": "stars in every row, column and region (default: the file's, else 1)"},
    examples=(
        Example("instances/starbattle/generated-6x6.txt", note="one star a row, column, region"),
        Example("instances/starbattle/two-stars-10x10.txt", note="two stars: '% options: stars=2'"),
        Example("instances/starbattle/three-stars-14x14.txt", note="three stars"),
        Example("instances/starbattle/several-4x4.txt", "multiple", note="each column a region"),
        Example("instances/starbattle/none-4x4.txt", "unsolvable", note="a region left no cell"),
    ),
)

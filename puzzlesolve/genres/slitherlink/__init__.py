"""Slitherlink. Rules and predicates: see encodings/slitherlink.lp (the loop: loop.lp).

Cell tokens (CONTRACT.md): ``0`` to ``4`` a number, ``-`` or ``.`` a blank. Simon Tatham's
Loopy game ids on the square grid (``10x10t0:...``) are read as instances too. A solution is
the sorted list of the loop's edges, each a pair of grid points ``((y, x), (y2, x2))``, the
smaller first; point ``(y, x)`` is the top-left corner of cell ``(y, x)``. Its file is a
picture of 2R+1 lines of 2C+1 characters: ``+`` on every point, ``-`` or ``|`` where the
loop runs, the numbers in their cells.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import clingo

from puzzlesolve import loops
from puzzlesolve.genre import Example, Genre, fact
from puzzlesolve.grid import Cell, Token, Value, read_clues, read_tokens
from puzzlesolve.loops import MAX_CELLS, ON, Pair, refuse_too_large


@dataclass(frozen=True)
class Slitherlink:
    """A Slitherlink board.

    Attributes:
        rows: grid rows (cells).
        cols: grid columns (cells).
        numbers: the number of each cell that shows one (0 to 4).
    """

    rows: int
    cols: int
    numbers: dict[Cell, int]


def _token(text: str) -> int:
    """A cell's number (blanks are read before: `grid.read_clues`).

    Raises:
        ValueError: any other token, with the reason.
    """
    if text in ("0", "1", "2", "3", "4"):
        return int(text)
    raise ValueError(f"expected a number 0 to 4, or '-' or '.' (blank), found {text!r}")


def _loopy_item(char: str) -> str | None:
    return char if char in "01234" else None


def parse(text: str, source: str) -> Slitherlink:
    """Read a Slitherlink board, or a Loopy game id of the square grid.

    Raises:
        InputError: bad shape or token, a game id of another grid, or a board too large;
            located by line and column where it applies.
    """
    cells = loops.read_game_id(text, source, "Loopy", True, _loopy_item)
    if cells is not None:
        return from_tokens([[Token(t, 1, 1) for t in row] for row in cells], source)
    return from_tokens(read_tokens(text, source, max_cells=MAX_CELLS), source)


def from_tokens(rows: list[list[Token]], source: str) -> Slitherlink:
    """The board from a rectangle of cell tokens (a file's, or a link's).

    Raises:
        InputError: a token that is no number 0 to 4 or blank.
    """
    numbers = read_clues(rows, source, _token)
    refuse_too_large(len(rows), len(rows[0]), source)
    return Slitherlink(len(rows), len(rows[0]), numbers)


def facts(board: Slitherlink) -> list[str]:
    """``cell(R,C)`` for every cell and ``number(R,C,N)`` for every number."""
    return [fact("cell", r, c) for r in range(board.rows) for c in range(board.cols)] + [
        fact("number", r, c, n) for (r, c), n in sorted(board.numbers.items())
    ]


def decode(symbols: Sequence[clingo.Symbol], _board: Slitherlink) -> list[Pair]:
    return loops.decode_pairs(symbols, "edge")


def edges(board: Slitherlink) -> list[Pair]:
    """Every edge of the grid, sorted."""
    found = []
    for y in range(board.rows + 1):
        for x in range(board.cols + 1):
            if x < board.cols:
                found.append(((y, x), (y, x + 1)))
            if y < board.rows:
                found.append(((y, x), (y + 1, x)))
    return sorted(found)


def picture(board: Slitherlink, marks: dict[Pair, Value]) -> list[str]:
    """The picture's lines: points ``+``, edges ``-``/``|`` on, ``x`` off, the numbers."""
    lines = [
        [" " if y % 2 or x % 2 else "+" for x in range(2 * board.cols + 1)]
        for y in range(2 * board.rows + 1)
    ]
    for ((y, x), (y2, x2)), value in marks.items():
        horizontal = y == y2
        lines[y + y2][x + x2] = ("-" if horizontal else "|") if value == ON else "x"
    for (r, c), number in board.numbers.items():
        lines[2 * r + 1][2 * c + 1] = str(number)
    return ["".join(line) for line in lines]


def render(board: Slitherlink, loop: list[Pair]) -> str:
    """The solution's picture (trailing blanks cut)."""
    return loops.picture_text(picture(board, dict.fromkeys(loop, ON)))


def read_answer(board: Slitherlink, text: str, source: str) -> dict[Pair, Value]:
    """An answer picture (`loops.read_picture`): ``+`` on the points; in a cell its number,
    a blank, ``.`` or ``?``.

    Raises:
        InputError: another shape, or a character that does not belong where it stands.
    """

    def cell(char: str, y: int, x: int) -> None:
        clue = board.numbers.get((y // 2, x // 2))
        if char in " .?" or (clue is not None and char == str(clue)):
            return
        what = "a blank" if clue is None else f"the puzzle's number {clue} or a blank"
        raise ValueError(f"expected {what} in this cell, found {char!r}")

    size = (2 * board.rows + 1, 2 * board.cols + 1)
    return loops.read_picture(text, source, size, (_point, cell))


def _point(char: str, _y: int, _x: int) -> None:
    if char not in "+. ":
        raise ValueError(f"expected '+' (a point), found {char!r}")


values = loops.values
to_json = loops.pairs_json("edges")


GENRE = Genre(
    name="slitherlink",
    package=__name__,
    sites="edges",
    aliases={"slither": (), "loopy": ()},
    # measured (CPU, 15 Tatham Hard 30x30 boards, median, found and proven unique):
    # 0.127 s of grounding and search with it, 0.168 s with clingo's default, 0.143 s with
    # trendy; 10x10 boards alike
    options=("--configuration=frumpy",),
    examples=(
        Example("instances/slitherlink/tatham-5x5.txt", note="Loopy, 5x5 normal"),
        Example("instances/slitherlink/tatham-10x10.txt", note="Loopy, 10x10 hard"),
        Example("instances/slitherlink/four-1x1.txt", note="a 4: the loop around one cell"),
        Example("instances/slitherlink/two-ways-2x2.txt", "multiple", note="two loops fit"),
        Example("instances/slitherlink/none-1x2.txt", "unsolvable", note="a 0 beside a 4"),
    ),
)

"""Masyu. Rules and predicates: see encodings/masyu.lp (the loop: loop.lp).

Cell tokens (CONTRACT.md): ``W`` a white pearl, ``B`` a black one, ``.`` or ``-`` empty, in
any case. Simon Tatham's Pearl game ids (``8x8:...``) are read as instances too. A solution
is the sorted list of the loop's segments, each a pair of neighbouring cells
``((r, c), (r2, c2))``, the smaller first. Its file is a picture of 2R-1 lines of 2C-1
characters: each cell its pearl, ``o`` on the loop, ``.`` off it; ``-`` or ``|`` between
two cells the loop joins.
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

PEARLS = {"w": "W", "b": "B"}


@dataclass(frozen=True)
class Masyu:
    """A Masyu board.

    Attributes:
        rows: grid rows.
        cols: grid columns.
        pearls: each pearl's colour, ``"W"`` or ``"B"``, by its cell.
    """

    rows: int
    cols: int
    pearls: dict[Cell, str]


def _token(text: str) -> str:
    """A cell's pearl (blanks are read before: `grid.read_clues`).

    Raises:
        ValueError: any other token, with the reason.
    """
    if text.lower() in PEARLS:
        return PEARLS[text.lower()]
    raise ValueError(f"expected a pearl 'W' or 'B', or '-' or '.' (empty), found {text!r}")


def _pearl_item(char: str) -> str | None:
    return char if char in "WB" else None


def parse(text: str, source: str) -> Masyu:
    """Read a Masyu board, or a Pearl game id.

    Raises:
        InputError: bad shape or token, or a game id of another game; located by line and
            column where it applies.
    """
    cells = loops.read_game_id(text, source, "Pearl", False, _pearl_item)
    if cells is not None:
        return from_tokens([[Token(t, 1, 1) for t in row] for row in cells], source)
    return from_tokens(read_tokens(text, source, max_cells=MAX_CELLS), source)


def from_tokens(rows: list[list[Token]], source: str) -> Masyu:
    """The board from a rectangle of cell tokens (a file's, or a link's).

    Raises:
        InputError: a token that is no pearl or blank.
    """
    pearls = read_clues(rows, source, _token)
    refuse_too_large(len(rows), len(rows[0]), source)
    return Masyu(len(rows), len(rows[0]), pearls)


def facts(board: Masyu) -> list[str]:
    """``cell(R,C)`` for every cell, ``white(R,C)`` and ``black(R,C)`` for the pearls."""
    return [fact("cell", r, c) for r in range(board.rows) for c in range(board.cols)] + [
        fact("white" if pearl == "W" else "black", r, c)
        for (r, c), pearl in sorted(board.pearls.items())
    ]


def decode(symbols: Sequence[clingo.Symbol], _board: Masyu) -> list[Pair]:
    return loops.decode_pairs(symbols, "segment")


def segments(board: Masyu) -> list[Pair]:
    """Every pair of side-neighbouring cells, sorted."""
    found = []
    for r in range(board.rows):
        for c in range(board.cols):
            if c + 1 < board.cols:
                found.append(((r, c), (r, c + 1)))
            if r + 1 < board.rows:
                found.append(((r, c), (r + 1, c)))
    return sorted(found)


def picture(board: Masyu, marks: dict[Pair, Value]) -> list[str]:
    """The picture's lines: pearls, ``o`` on the loop, ``.`` off it, ``-``/``|`` segments on,
    ``x`` off."""
    on = {cell for pair, value in marks.items() if value == ON for cell in pair}
    lines = [[" "] * (2 * board.cols - 1) for _ in range(2 * board.rows - 1)]
    for r in range(board.rows):
        for c in range(board.cols):
            lines[2 * r][2 * c] = board.pearls.get((r, c), "o" if (r, c) in on else ".")
    for ((r, c), (r2, c2)), value in marks.items():
        lines[r + r2][c + c2] = ("-" if r == r2 else "|") if value == ON else "x"
    return ["".join(line) for line in lines]


def render(board: Masyu, loop: list[Pair]) -> str:
    """The solution's picture (trailing blanks cut)."""
    return loops.picture_text(picture(board, dict.fromkeys(loop, ON)))


def read_answer(board: Masyu, text: str, source: str) -> dict[Pair, Value]:
    """An answer picture (`loops.read_picture`): each cell its pearl, ``o``, ``.`` or ``?``;
    blanks between four cells.

    Raises:
        InputError: another shape, or a character that does not belong where it stands.
    """

    def cell(char: str, y: int, x: int) -> None:
        pearl = board.pearls.get((y // 2, x // 2))
        if pearl is not None:
            if char.upper() != pearl:
                raise ValueError(f"expected the puzzle's pearl {pearl!r} here, found {char!r}")
        elif char not in "o.?":
            raise ValueError(f"expected 'o' (on the loop), '.' or '?' here, found {char!r}")

    size = (2 * board.rows - 1, 2 * board.cols - 1)
    return loops.read_picture(text, source, size, (cell, _between))


def _between(char: str, _y: int, _x: int) -> None:
    if char != " ":
        raise ValueError(f"expected a blank between four cells, found {char!r}")


values = loops.values
to_json = loops.pairs_json("segments")


GENRE = Genre(
    name="masyu",
    package=__name__,
    sites="segments",
    aliases={"mashu": (), "pearl": ()},
    examples=(
        Example("instances/masyu/tatham-6x6.txt", note="Pearl, 6x6 tricky"),
        Example("instances/masyu/tatham-10x10.txt", note="Pearl, 10x10 tricky"),
        Example("instances/masyu/two-ways-3x3.txt", "multiple", note="the loop goes either way"),
        Example("instances/masyu/corner-2x2.txt", "unsolvable", note="a black pearl in a corner"),
    ),
)

"""Light Up (Akari). Rules and predicates: see encodings/lightup.lp (sight: sight.lp).

Cell tokens (CONTRACT.md): ``.`` or ``-`` a white cell, ``#`` a black cell, ``0`` to ``4`` a
black cell with its number. Simon Tatham's Light Up game ids (``7x7:...``) are read as
instances too. A solution is the sorted list of the lights' cells; its file writes ``*`` for a
light, ``.`` for a white cell without one and the black cells as the instance does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import clingo

from puzzlesolve.genre import Example, Genre, fact
from puzzlesolve.grid import UNDECIDED, Cell, InputError, Token, Value, read_answer, read_tokens
from puzzlesolve.loops import read_game_id
from puzzlesolve.sight import check_size, seen

BLACK = "#"
LIGHT, EMPTY = "light", "empty"
# Each white cell grounds a rule for every cell it sees (sight.lp's pairs) and a few of its
# own; beyond this many, grounding takes minutes.
MAX_GROUND_ESTIMATE = 3_000_000


@dataclass(frozen=True)
class LightUp:
    """A Light Up board.

    Attributes:
        rows: grid rows.
        cols: grid columns.
        black: the black cells, each with its number or None.
    """

    rows: int
    cols: int
    black: dict[Cell, int | None]

    @property
    def white(self) -> list[Cell]:
        """The white cells, in reading order."""
        return [
            cell for cell in product(range(self.rows), range(self.cols)) if cell not in self.black
        ]

    def token(self, cell: Cell) -> str:
        """A black cell's token as the instance writes it."""
        return BLACK if self.black[cell] is None else str(self.black[cell])


def _tatham_item(char: str) -> str | None:
    """A Light Up description's cell: ``B`` black, a digit a black cell's number."""
    return BLACK if char == "B" else char if char in "01234" else None


def parse(text: str, source: str) -> LightUp:
    """Read a Light Up board, or a Tatham Light Up game id.

    Raises:
        InputError: bad shape or token, or a board too large to ground; located by line and
            column where it applies.
    """
    cells = read_game_id(text, source, "Light Up", False, _tatham_item)
    if cells is not None:
        return from_tokens([[Token(t, 1, 1) for t in row] for row in cells], source)
    return from_tokens(read_tokens(text, source, max_cells=MAX_GROUND_ESTIMATE // 4), source)


def from_tokens(rows: list[list[Token]], source: str) -> LightUp:
    """The board from a rectangle of cell tokens (a file's, a link's or a game id's).

    Raises:
        InputError: a token that is no cell of Light Up, or a board too large to ground.
    """
    black: dict[Cell, int | None] = {}
    for r, row in enumerate(rows):
        for c, tok in enumerate(row):
            if tok.text == BLACK or tok.text in ("0", "1", "2", "3", "4"):
                black[r, c] = None if tok.text == BLACK else int(tok.text)
            elif tok.text not in (".", "-"):
                raise InputError(
                    source,
                    f"expected '.' or '-' (white), '#' (black) or a number 0-4, found {tok.text!r}",
                    tok.line,
                    tok.col,
                )
    board = LightUp(len(rows), len(rows[0]), black)
    check_size(source, board.rows, board.cols, black, MAX_GROUND_ESTIMATE)
    return board


def facts(board: LightUp) -> list[str]:
    """``cell(R,C)`` for every cell, ``black(R,C)`` for the black ones and ``number(R,C,N)``."""
    return (
        [fact("cell", r, c) for r, c in product(range(board.rows), range(board.cols))]
        + [fact("black", r, c) for r, c in sorted(board.black)]
        + [fact("number", r, c, n) for (r, c), n in sorted(board.black.items()) if n is not None]
    )


def decode(symbols: Sequence[clingo.Symbol], _board: LightUp) -> list[Cell]:
    return sorted(
        (s.arguments[0].number, s.arguments[1].number) for s in symbols if s.match("light", 2)
    )


def render(board: LightUp, lights: list[Cell]) -> str:
    """The grid: ``*`` a light, ``.`` a white cell without one, black cells as given."""
    on = set(lights)
    return "".join(
        " ".join(
            board.token((r, c)) if (r, c) in board.black else "*" if (r, c) in on else "."
            for c in range(board.cols)
        )
        + "\n"
        for r in range(board.rows)
    )


def lit(board: LightUp, lights: list[Cell]) -> set[Cell]:
    """The white cells the lights light: their own, and those they shine on (rule 1)."""
    return set(lights).union(*(seen(cell, board.rows, board.cols, board.black) for cell in lights))


def values(board: LightUp, lights: list[Cell]) -> dict[Cell, Value]:
    """Every white cell "light" or "empty" (black cells have no value)."""
    return dict.fromkeys(board.white, EMPTY) | dict.fromkeys(lights, LIGHT)


def read_answer_file(board: LightUp, text: str, source: str) -> dict[Cell, Value]:
    """An answer: ``*`` a light, ``.`` or ``x`` no light, ``?`` undecided; black cells as
    the instance writes them.

    Raises:
        InputError: another shape, or a black cell that is not the puzzle's.
    """

    def value(cell: Cell, text: str) -> Value | None:
        if cell in board.black and text != board.token(cell):
            raise ValueError(f"expected the puzzle's black cell {board.token(cell)!r} here")
        if cell in board.black or text == UNDECIDED:
            return None
        if text in ("*", ".", "x", "X"):
            return LIGHT if text == "*" else EMPTY
        raise ValueError(f"expected '*' (light), '.' or 'x' (no light) or '?', found {text!r}")

    return read_answer(text, source, board.rows, board.cols, value)


GENRE = Genre(
    name="lightup",
    package=__name__,
    to_json=lambda _board, lights: {"lights": [list(cell) for cell in lights]},
    read_answer=read_answer_file,
    aliases={"akari": ()},
    examples=(
        Example("instances/lightup/tatham-7x7.txt", note="Tatham's Light Up, 7x7 Tricky"),
        Example("instances/lightup/tatham-10x10.txt", note="Tatham's Light Up, 10x10 Tricky"),
        Example("instances/lightup/one-row-1x3.txt", note="one row"),
        Example("instances/lightup/two-ways-2x2.txt", "multiple", note="two lights, two ways"),
        Example("instances/lightup/none-1x3.txt", "unsolvable", note="a 2 with one neighbour"),
    ),
)

"""Yajilin. Rules and predicates: see encodings/yajilin.lp (the loop: loop.lp).

Cell tokens (CONTRACT.md): a clue, a number followed by its arrow (``2>``, ``1<``, ``0^``,
``3v``), or ``.`` ``-`` an empty cell. A solution is the shaded cells and the loop's segments.
Its file is Masyu's picture with every cell a field as wide as the widest clue: the clue as
written, ``#`` shaded, ``o`` on the loop; ``-`` between two fields the loop joins (through
the padding too), ``|`` under a field's first character between two rows it joins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    import clingo

from puzzlesolve import loops
from puzzlesolve.genre import Example, Genre, fact
from puzzlesolve.grid import UNDECIDED, Cell, InputError, Token, Value, read_clues, read_tokens
from puzzlesolve.loops import MAX_CELLS, OFF, ON, Pair, refuse_too_large

ARROWS = {"^": (-1, 0), "v": (1, 0), "<": (0, -1), ">": (0, 1)}
SHADED, UNSHADED = "shaded", "unshaded"


@dataclass(frozen=True)
class Yajilin:
    """A Yajilin board.

    Attributes:
        rows: grid rows.
        cols: grid columns.
        clues: each clue ``(number, arrow)`` by its cell, the arrow one of ``^ v < >``.
    """

    rows: int
    cols: int
    clues: dict[Cell, tuple[int, str]]

    def empty(self) -> list[Cell]:
        """The cells without a clue, in reading order."""
        every = ((r, c) for r in range(self.rows) for c in range(self.cols))
        return [cell for cell in every if cell not in self.clues]

    def ray(self, cell: Cell) -> list[Cell]:
        """The cells in the arrow's direction of the clue at `cell`, up to the edge."""
        (dr, dc), (r, c) = ARROWS[self.clues[cell][1]], cell
        found = []
        while 0 <= (r := r + dr) < self.rows and 0 <= (c := c + dc) < self.cols:
            found.append((r, c))
        return found

    def room(self, cell: Cell) -> int:
        """The most shaded cells the clue's direction can hold: half of each run of empty
        cells, rounded up (shaded cells never touch)."""
        runs, run = [], 0
        for other in [*self.ray(cell), None]:
            if other is not None and other not in self.clues:
                run += 1
            else:
                runs.append(run)
                run = 0
        return sum((run + 1) // 2 for run in runs)

    def width(self) -> int:
        """The picture's field width: the widest clue's."""
        return max((len(token(clue)) for clue in self.clues.values()), default=1)


class Solved(NamedTuple):
    """A solution: the shaded cells and the loop's segments, both sorted."""

    shaded: list[Cell]
    loop: list[Pair]


def token(clue: tuple[int, str]) -> str:
    """A clue as written: ``2>``."""
    return f"{clue[0]}{clue[1]}"


def _clue(text: str) -> tuple[int, str]:
    number, arrow = text[:-1], text[-1:].lower()
    if arrow not in ARROWS:
        raise ValueError(f"expected a clue (a number and its arrow ^ v < >, e.g. '2>') or '.' (empty), found {text!r}")  # fmt: skip
    if not number:
        raise ValueError(f"the arrow {text!r} has no number (write it as e.g. '1{arrow}')")
    if not number.isdigit():
        raise ValueError(f"expected a number before the arrow, found {number!r}")
    return int(number), arrow


def parse(text: str, source: str) -> Yajilin:
    """Read a Yajilin board.

    Raises:
        InputError: bad shape or token, or a number its direction cannot hold; located by
            line and column.
    """
    return from_tokens(read_tokens(text, source, max_cells=MAX_CELLS), source)


def from_tokens(rows: list[list[Token]], source: str) -> Yajilin:
    """The board from a rectangle of cell tokens (a file's, or a link's).

    Raises:
        InputError: a token that is no clue or blank, or a number beyond its direction's room.
    """
    board = Yajilin(len(rows), len(rows[0]), read_clues(rows, source, _clue))
    refuse_too_large(board.rows, board.cols, source)
    for (r, c), (number, _) in sorted(board.clues.items()):
        if number > (room := board.room((r, c))):
            at = rows[r][c]
            raise InputError(source, f"the clue {at.text!r} counts {number} shaded cells where its direction holds at most {room}", at.line, at.col)  # fmt: skip
    return board


def facts(board: Yajilin) -> list[str]:
    """``cell(R,C)`` for every cell, ``clue(R,C,DR,DC,N)`` for the clues."""
    return [fact("cell", r, c) for r in range(board.rows) for c in range(board.cols)] + [
        fact("clue", r, c, *ARROWS[arrow], number)
        for (r, c), (number, arrow) in sorted(board.clues.items())
    ]


def decode(symbols: Sequence[clingo.Symbol], _board: Yajilin) -> Solved:
    shaded = sorted(
        (s.arguments[0].number, s.arguments[1].number) for s in symbols if s.match("shaded", 2)
    )
    return Solved(shaded, loops.decode_pairs(symbols, "segment"))


def values(board: Yajilin, solved: Solved) -> dict:
    """Every empty cell "shaded" or "unshaded", and the loop's segments "on"."""
    shaded = set(solved.shaded)
    cells = {cell: SHADED if cell in shaded else UNSHADED for cell in board.empty()}
    return {**cells, **dict.fromkeys(solved.loop, ON)}


def to_json(_board: Yajilin, solved: Solved) -> dict:
    return {
        "shaded": [list(cell) for cell in solved.shaded],
        "segments": [[list(a), list(b)] for a, b in solved.loop],
    }


def picture(board: Yajilin, marks: dict) -> list[str]:
    """The picture's lines: clues, ``#`` shaded, ``o`` unshaded, ``?`` undecided; ``-``/``|``
    segments on, ``x`` off."""
    width, lines = board.width(), []
    join = {ON: "-", OFF: "x"}
    for r in range(board.rows):
        fields, below = [], []
        for c in range(board.cols):
            clue = board.clues.get((r, c))
            mark = str(marks.get((r, c)))
            text = token(clue) if clue else {SHADED: "#", UNSHADED: "o"}.get(mark, UNDECIDED)
            right = (
                join.get(str(marks.get(((r, c), (r, c + 1)))), " ") if c + 1 < board.cols else ""
            )
            fields.append(text.ljust(width, "-" if right == "-" else " ") + right)
            below.append(join.get(str(marks.get(((r, c), (r + 1, c)))), " ").replace("-", "|"))
        lines.append("".join(fields))
        if r + 1 < board.rows:
            lines.append(" ".join(mark.ljust(width) for mark in below))
    return lines


def render(board: Yajilin, solved: Solved) -> str:
    """The solution's picture (trailing blanks cut)."""
    return loops.picture_text(picture(board, values(board, solved)))


def read_answer(board: Yajilin, text: str, source: str) -> dict[Cell | Pair, Value]:
    """An answer picture (`picture`'s shape): each field a clue as written, ``#`` shaded,
    ``o`` or ``.`` unshaded, ``?`` or blank undecided; between fields ``-`` or ``|`` a
    segment on, ``x`` off, ``?`` or a blank undecided.

    Raises:
        InputError: another shape, or a character that does not belong where it stands.
    """
    width = board.width()
    size = (2 * board.rows - 1, (width + 1) * board.cols - 1)
    marks: dict[Cell | Pair, Value] = {}
    for y, (number, line) in enumerate(loops.picture_lines(text, source, *size)):
        r = y // 2
        for c in range(board.cols):
            x = c * (width + 1)
            if y % 2 == 0:
                field = line[x : x + width].rstrip(" -")
                value = loops.located(source, number, x + 1, partial(_field, board, (r, c), field))
                if value is not None:
                    marks[(r, c)] = value
                if c + 1 < board.cols:
                    mark = partial(loops.pair_mark, line[x + width], "-")
                    got = loops.located(source, number, x + width + 1, mark)
                    if got is not None:
                        marks[((r, c), (r, c + 1))] = got
            else:
                got = loops.located(source, number, x + 1, partial(loops.pair_mark, line[x], "|"))
                if got is not None:
                    marks[((r, c), (r + 1, c))] = got
    return marks


def _field(board: Yajilin, cell: Cell, field: str) -> str | None:
    clue = board.clues.get(cell)
    if clue is not None:
        if field != token(clue):
            raise ValueError(f"expected the puzzle's clue {token(clue)!r} here, found {field!r}")
        return None
    if field in ("#",):
        return SHADED
    if field in ("o", "."):
        return UNSHADED
    if field in ("", UNDECIDED):
        return None
    raise ValueError(f"expected '#' (shaded), 'o' (on the loop), '.' or '?' here, found {field!r}")


GENRE = Genre(
    name="yajilin",
    package=__name__,
    sites="segments",
    # speed only: over the 76 corpus boards 5.5 s of CPU against 7.7 s with clingo's default
    # (jumpy 6.2, crafty 6.9, trendy 7.0); the 25x30 janko_420 2.3 s -> 0.14 s
    options=("--configuration=handy",),
    aliases={"yajirin": ()},
    examples=(
        Example("instances/yajilin/pzprjs-5x5.txt", note="pzprjs's test puzzle"),
        Example("instances/yajilin/janko-001-7x7.txt", note="Janko's Yajilin 1"),
        Example("instances/yajilin/cspuz-10x10.txt", note="cspuz's test puzzle"),
    ),
)

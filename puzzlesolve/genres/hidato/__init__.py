"""Hidato and Numbrix. Rules and predicates: see encodings/hidato.lp.

Both genres share one rules file; Numbrix sets ``king=0`` (side steps only).

Cell tokens (CONTRACT.md): a positive integer is a given, ``-``, ``.``, ``_`` or ``0`` a
blank to fill, ``#`` a void (not part of the board). The matrix form of the Hidato seed
material is read as well: ``-2`` a blank, ``-1`` a void. Those two tokens mean nothing in the
contract's form, so both forms (and a mix of them) are read without any mode switch.

A given above N (the number of non-void cells) or a number given twice is bad input
(InputError naming the token, as the contract lists it); givens that are merely too far
apart to be joined are a puzzle without solution, which the solver proves (status
``unsolvable``).
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import clingo

from puzzlesolve import grid
from puzzlesolve.candidates import Candidates, read_candidates
from puzzlesolve.genre import Example, Genre, fact
from puzzlesolve.grid import Cell, InputError, Token, Value, aligned

BLANKS = {"-", ".", "_", "0", "-2"}
VOIDS = {"#", "-1"}

# The rules ground a choice per cell and candidate number, and for each a test per neighbour:
# about 11 rules per candidate. A number between two givens can only lie near both, so
# boards with givens ground small, and a large board with few givens huge. Beyond this
# many, grounding alone takes minutes and gigabytes. Measured (2 cores, loaded): Hidato
# 30x30 with only 1 given, 8.9 million by this estimate, grounds in 142 s and 1.3 GiB
# (Numbrix, with half the candidates, 48 s and 0.6 GiB).
MAX_GROUND_ESTIMATE = 3_000_000


@dataclass(frozen=True)
class Board:
    """A Hidato or Numbrix board.

    Attributes:
        rows: grid rows, voids included.
        cols: grid columns, voids included.
        cells: the non-void cells, row by row.
        givens: the given number of each cell that shows one.
    """

    rows: int
    cols: int
    cells: tuple[Cell, ...]
    givens: dict[Cell, int]

    @functools.cached_property
    def on_board(self) -> frozenset[Cell]:
        """The non-void cells, to look up."""
        return frozenset(self.cells)


def _token(text: str) -> int | str | None:
    """A cell's meaning: its given number, None for a blank, "#" for a void.

    Raises:
        ValueError: a token that is none of these, with the reason.
    """
    if text in BLANKS:
        return None
    if text in VOIDS:
        return "#"
    if text.isdigit() and text.isascii():
        return int(text)
    raise ValueError(
        f"expected a number, '-', '.', '_' or '0' (blank), or '#' (void), found {text!r}"
    )


def parse(text: str, source: str) -> Board:
    """Read a Hidato or Numbrix board.

    Args:
        text: the instance file's contents.
        source: the file name for error messages.

    Returns:
        The board with its givens.

    Raises:
        InputError: bad shape or token, no cell to fill, a given above the number of cells
            or the same number given twice; located by line and column where it applies.
    """
    return from_tokens(grid.read_tokens(text, source, max_cells=MAX_GROUND_ESTIMATE // 11), source)


def from_tokens(rows: list[list[Token]], source: str) -> Board:
    """The board from a rectangle of cell tokens (a file's, or a link's). Raises InputError."""
    meaning = {}
    for r, row in enumerate(rows):
        for c, tok in enumerate(row):
            try:
                meaning[r, c] = _token(tok.text)
            except ValueError as bad:
                raise InputError(source, str(bad), tok.line, tok.col) from None
    cells = tuple(cell for cell, value in meaning.items() if value != "#")
    if not cells:
        raise InputError(source, "no cell to fill: every cell is a void ('#')")
    givens: dict[Cell, int] = {}
    seen: dict[int, Cell] = {}
    for cell in cells:
        number = meaning[cell]
        if not isinstance(number, int):
            continue  # a blank (a void is no cell)
        tok = rows[cell[0]][cell[1]]
        if number > len(cells):
            raise InputError(
                source,
                f"given {number} is above {len(cells)}, the number of cells to fill",
                tok.line,
                tok.col,
            )
        if number in seen:
            first = rows[seen[number][0]][seen[number][1]]
            raise InputError(
                source,
                f"{number} is given twice (also at line {first.line}, column {first.col})",
                tok.line,
                tok.col,
            )
        seen[number] = cell
        givens[cell] = number
    board = Board(len(rows), len(rows[0]), cells, givens)
    estimate = 11 * _candidates(board)
    if estimate > MAX_GROUND_ESTIMATE:
        raise InputError(
            source,
            f"too large to solve: {board.rows}x{board.cols} cells with {len(givens)} givens "
            f"would ground about {estimate:,} rules (limit {MAX_GROUND_ESTIMATE:,})",
        )
    return board


def _candidates(board: Board) -> int:
    """An upper bound of the (cell, number) pairs the rules keep: number N lies within N-M
    king moves of the given M below it and L-N of the given L above it."""
    free = len(board.cells) - len(board.givens)
    given = sorted(board.givens.values())
    total = 0
    for number in range(1, len(board.cells) + 1):
        at = bisect.bisect_left(given, number)
        if at < len(given) and given[at] == number:
            continue
        steps = [number - given[at - 1]] if at else []
        steps += [given[at] - number] if at < len(given) else []
        total += min(free, (2 * min(steps) + 1) ** 2) if steps else free
    return total


def facts(board: Board) -> list[str]:
    """``cell(R,C)`` for every non-void cell and ``given(R,C,N)`` for every given."""
    return [fact("cell", r, c) for r, c in board.cells] + [
        fact("given", r, c, n) for (r, c), n in sorted(board.givens.items())
    ]


def decode(symbols: Sequence[clingo.Symbol], board: Board) -> list[list[int | None]]:
    """The solution grid from the shown ``number/3`` atoms, None for voids."""
    grid: list[list[int | None]] = [[None] * board.cols for _ in range(board.rows)]
    for s in symbols:
        if s.match("number", 3):
            r, c, n = (a.number for a in s.arguments)
            grid[r][c] = n
    return grid


def render(_board: Board, grid: list[list[int | None]]) -> str:
    """Every number right-aligned in columns, ``#`` for voids."""
    return aligned([["#" if n is None else str(n) for n in row] for row in grid])


def to_json(_board: Board, grid: list[list[int | None]]) -> dict:
    """The contract's JSON solution: ``{"grid": [[n or null, ...], ...]}``."""
    return {"grid": [list(row) for row in grid]}


def values(board: Board, grid: list[list[int | None]]) -> dict[Cell, Value]:
    """Every cell's number."""
    return {(r, c): grid[r][c] for r, c in board.cells}


def read_answer(board: Board, text: str, source: str) -> dict[Cell, Value]:
    """An answer: a number, pencil marks in braces (``{3,5}``: one of these, `Candidates`),
    ``?`` (or a blank token) undecided, ``#`` where the puzzle has a void; givens kept.

    Raises:
        InputError: another shape, a void moved, a given changed, a number outside 1..N.
    """

    def token(cell: Cell, text: str) -> Value | None:
        pencil = read_candidates(text)
        meaning = pencil if pencil is not None else None if text == grid.UNDECIDED else _token(text)
        if cell not in board.on_board:
            if meaning != "#":
                raise ValueError(f"the puzzle has a void here; expected '#', found {text!r}")
            return None
        if meaning == "#" or isinstance(meaning, str):
            raise ValueError("a void ('#') where the puzzle has a cell")
        if meaning is not None:
            check_mark(board, cell, meaning, repr(text))
        return meaning

    return grid.read_answer(text, source, board.rows, board.cols, token)


def check_mark(board: Board, cell: Cell, mark: int | Candidates, written: str) -> None:
    """Refuse a mark the board does not allow: on a void, other than a given, outside 1..N
    (an answer file's token and the web page's mark alike).

    Raises:
        ValueError: the reason, naming the mark as `written`.
    """
    total = len(board.cells)
    if cell not in board.on_board:
        raise ValueError(f"{written} where the puzzle has a void")
    numbers = sorted(mark) if isinstance(mark, Candidates) else [mark]
    if cell in board.givens and numbers != [board.givens[cell]]:
        raise ValueError(f"the puzzle gives {board.givens[cell]} here, found {written}")
    for number in numbers:
        if not 1 <= number <= total:
            raise ValueError(f"{number} is outside 1..{total}")


HIDATO = Genre(
    name="hidato",
    package=__name__,
    constants={"king": 1},
    # measured on random 20x20 and 30x30 boards (bench/hidato.py): about half the
    # conflicts of clingo's default
    options=("--configuration=trendy",),
    generate_options=("voids", "symmetric"),
    # the walk from the givens that prunes each cell's numbers is a deduction no numbered
    # rule states, so explanations ground every number
    explain_constants={"prune": 0},
    aliases={"hidoku": ()},  # as janko.at and Kudamono call it
    examples=(
        Example("instances/hidato/small-5x5.txt", note="1 and 25 shown"),
        Example("instances/hidato/voids-6x7.txt", note="voids inside and on the rim"),
        Example("instances/hidato/matrix-form-6x7.txt", note="voids-6x7 in matrix form"),
        Example("instances/hidato/generated-16x16.txt", note="generated, 16x16, hard"),
        Example("instances/hidato/several-2x2.txt", "multiple", note="only the 1 shown"),
        Example("instances/hidato/too-far-3x3.txt", "unsolvable", note="1 and 2 apart"),
    ),
)

# the same rules with side moves only (Numbrix barely searches and keeps clingo's default)
NUMBRIX = replace(
    HIDATO,
    name="numbrix",
    constants={"king": 0},
    options=(),
    generate_options=("symmetric",),
    aliases={},
    examples=(
        Example("instances/numbrix/small-5x5.txt", note="four givens"),
        Example("instances/numbrix/holes-6x6.txt", note="four voids inside"),
        Example("instances/numbrix/one-character-3x3.txt", note="one character per cell"),
        Example("instances/numbrix/generated-12x12.txt", note="generated, 12x12, hard"),
        Example("instances/numbrix/several-2x2.txt", "multiple", note="only the 1 shown"),
        Example("instances/numbrix/parity-2x2.txt", "unsolvable", note="1 and 3 side by side"),
    ),
)

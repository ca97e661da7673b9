"""Sudoku. Rules and predicates: see encodings/sudoku.lp.

Cells (CONTRACT.md): a digit 1..N, or ``.``, ``-``, ``0`` blank; the N x N grid's boxes have
the shape `BOXES` gives; the one-line form writes the N*N cells on one line (81 for 9x9); a
Solo game id (``3x3:...``, link.py) stands for the instance too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import clingo

from puzzlesolve.candidates import Candidates, read_candidates
from puzzlesolve.genre import Example, Genre, fact
from puzzlesolve.grid import (
    UNDECIDED,
    Cell,
    InputError,
    Token,
    Value,
    aligned,
    number_grid,
    read_answer,
    read_tokens,
)

BOXES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4), 16: (4, 4)}
"""Each side's box shape, rows by columns (a 6x6 box is 2 rows high and 3 columns wide)."""


@dataclass(frozen=True)
class Board:
    """A Sudoku of side `rows` (= `cols`) and its givens {cell: digit}."""

    rows: int
    cols: int
    givens: dict[Cell, int]

    @property
    def cells(self) -> list[Cell]:
        return [(r, c) for r in range(self.rows) for c in range(self.cols)]

    def box(self, cell: Cell) -> int:
        """The box of `cell`, numbered in reading order from 0."""
        height, width = BOXES[self.rows]
        return cell[0] // height * (self.cols // width) + cell[1] // width


def _digit(text: str, side: int) -> int | None:
    """A token's digit, None for a blank. Raises ValueError with the reason."""
    if text in (".", "-", "0"):
        return None
    if not (text.isdigit() and text.isascii()):
        raise ValueError(f"expected a digit 1..{side} or '.', '-', '0' (blank), found {text!r}")
    if not 1 <= int(text) <= side:
        raise ValueError(f"digit {text} is outside 1..{side}")
    return int(text)


def parse(text: str, source: str) -> Board:
    """Read a Sudoku: the grid, the one-line form or a Solo game id; raises InputError
    (bad shape, no box shape, a token no digit or blank, a digit outside 1..N)."""
    from .link import read_solo

    solo = read_solo(text, source)
    if solo is not None:
        return solo
    rows = read_tokens(text, source, max_cells=16 * 16)
    side = next((n for n in BOXES if n * n == len(rows[0]) and n <= 9), 0)
    if len(rows) == 1 and side:  # the one-line form
        rows = [rows[0][i : i + side] for i in range(0, side * side, side)]
    return from_tokens(rows, source)


def from_tokens(rows: list[list[Token]], source: str) -> Board:
    """The board from a square of cell tokens (a file's, or a link's). Raises InputError."""
    side = len(rows)
    if side != len(rows[0]):
        raise InputError(source, f"a Sudoku is square: this grid is {side}x{len(rows[0])}")
    if side not in BOXES:
        sizes = ", ".join(map(str, BOXES))
        raise InputError(source, f"a {side}x{side} grid has no box shape (sizes: {sizes})")
    givens = {}
    for r, row in enumerate(rows):
        for c, tok in enumerate(row):
            try:
                digit = _digit(tok.text, side)
            except ValueError as bad:
                raise InputError(source, str(bad), tok.line, tok.col) from None
            if digit is not None:
                givens[r, c] = digit
    return Board(side, side, givens)


def facts(board: Board) -> list[str]:
    """``box(R,C,B)`` for every cell and ``given(R,C,N)`` for every given."""
    return [fact("box", *cell, board.box(cell)) for cell in board.cells] + [
        fact("given", r, c, n) for (r, c), n in sorted(board.givens.items())
    ]


def decode(symbols: Sequence[clingo.Symbol], board: Board) -> list[list[int]]:
    """The solution grid from the shown ``digit/3`` atoms."""
    return number_grid(symbols, "digit", board.rows, board.cols)


def render(_board: Board, grid: list[list[int]]) -> str:
    """Every digit right-aligned in columns (two characters wide from 10 on)."""
    return aligned([[str(n) for n in row] for row in grid])


def read_answer_file(board: Board, text: str, source: str) -> dict[Cell, Value]:
    """An answer: a digit, pencil marks in braces (``{3,5}``), or ``?`` (or a blank)
    undecided; raises InputError for another shape, a digit outside 1..N or a given changed."""

    def token(cell: Cell, text: str) -> Value | None:
        pencil = read_candidates(text)
        mark = (
            pencil
            if pencil is not None
            else None
            if text == UNDECIDED
            else _digit(text, board.rows)
        )
        if mark is not None:
            check_mark(board, cell, mark, repr(text))
        return mark

    return read_answer(text, source, board.rows, board.cols, token)


def check_mark(board: Board, cell: Cell, mark: int | Candidates, written: str) -> None:
    """Refuse a digit or pencil marks (an answer file's or the page's) outside 1..N or
    other than a given; raises ValueError."""
    digits = sorted(mark) if isinstance(mark, Candidates) else [mark]
    if cell in board.givens and digits != [board.givens[cell]]:
        raise ValueError(f"the puzzle gives {board.givens[cell]} here, found {written}")
    if not all(1 <= digit <= board.rows for digit in digits):
        raise ValueError(f"{written}: a digit outside 1..{board.rows}")


GENRE = Genre(
    name="sudoku",
    package=__name__,
    to_json=lambda _board, grid: {"grid": [list(row) for row in grid]},
    values=lambda board, grid: {(r, c): grid[r][c] for r, c in board.cells},
    read_answer=read_answer_file,
    explain_constants={"prune": 0},  # the givens' pruning is a deduction no step could cite
    examples=(
        Example("instances/sudoku/tatham-9x9-basic.txt", note="Tatham's Solo, Basic"),
        Example("instances/sudoku/one-line-9x9.txt", note="the one-line form, 81 characters"),
        Example("instances/sudoku/boxes-6x6.txt", note="boxes 2 rows by 3 columns"),
        Example("instances/sudoku/tatham-16x16.txt", note="Tatham's Solo 4x4 boxes, Basic"),
        Example("instances/sudoku/two-ways-4x4.txt", "multiple", note="several solutions"),
        Example("instances/sudoku/clash-4x4.txt", "unsolvable", note="two 1s in a row"),
    ),
)

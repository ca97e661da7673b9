"""Fillomino. Rules and predicates: see encodings/fillomino.lp.

Cells (CONTRACT.md): a positive number, or ``.`` ``-`` blank; Simon Tatham's Filling game ids
(``5x5:35f32a...``) are read as instances too. A solution is every cell's region size; its
regions are the pieces of equal neighbouring sizes (rule 4 keeps two regions of one size apart).
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
from puzzlesolve.instance import number_option
from puzzlesolve.loops import read_game_id

MAX_CELLS = 40 * 40  # each cell grounds its reach over every size: beyond, minutes
LEAST_MOST = 9  # regions without a given are searched up to this size at least (Tatham's)


@dataclass(frozen=True)
class Board:
    """A Fillomino: its givens {cell: number} and `most`, the largest region searched for
    (0: the largest given, at least `LEAST_MOST`, at most the board)."""

    rows: int
    cols: int
    givens: dict[Cell, int]
    most: int = 0

    def __post_init__(self) -> None:
        if self.most < 0 or (self.givens and self.most and self.most < max(self.givens.values())):
            raise ValueError(f"a region of {max(self.givens.values())} is given")

    @property
    def cells(self) -> list[Cell]:
        return [(r, c) for r in range(self.rows) for c in range(self.cols)]

    @property
    def largest(self) -> int:
        """The largest region size searched for."""
        given = max(self.givens.values(), default=0)
        return self.most or min(self.rows * self.cols, max(given, LEAST_MOST))


def bounded(board: Board) -> str | None:
    """The bound on regions without a number, where it is below the board's size: the claims
    hold within it (Tatham's Filling writes digits, so 9; Nikoli's has none, but searching
    every size costs a 20x20 98 s instead of 3)."""
    if board.largest >= board.rows * board.cols:
        return None
    return (
        f"regions without a number have at most {board.largest} cells "
        f"(--most {board.rows * board.cols} lifts the bound)"
    )


def _number(text: str, area: int) -> int:
    """A token's number (None is a blank's). Raises ValueError with the reason."""
    if not (text.isdigit() and text.isascii()) or int(text) == 0:
        raise ValueError(f"expected a positive number or '.', '-' (blank), found {text!r}")
    if int(text) > area:
        raise ValueError(f"a region of {text} cells does not fit a board of {area}")
    return int(text)


def parse(text: str, source: str) -> Board:
    """Read a Fillomino, or a Filling game id; raises InputError (bad shape, a token no
    number or blank, a number larger than the board)."""
    cells = read_game_id(text, source, "Filling", False, lambda ch: ch if ch.isdigit() else None)
    if cells is not None:
        rows = [[Token("." if t == "0" else t, 1, 1) for t in row] for row in cells]
        return from_tokens(rows, source)
    most = number_option(text, source, "most", 0)
    return from_tokens(read_tokens(text, source, max_cells=MAX_CELLS), source, most)


def from_tokens(rows: list[list[Token]], source: str, most: int = 0) -> Board:
    """The board from a rectangle of cell tokens (a file's, a link's or a game id's)."""
    area, givens = len(rows) * len(rows[0]), {}
    for r, row in enumerate(rows):
        for c, tok in enumerate(row):
            if tok.text in (".", "-"):
                continue
            try:
                givens[r, c] = _number(tok.text, area)
            except ValueError as bad:
                raise InputError(source, str(bad), tok.line, tok.col) from None
    try:
        return Board(len(rows), len(rows[0]), givens, most)
    except ValueError as bad:
        raise InputError(source, f"most={most}: {bad}") from None


def facts(board: Board) -> list[str]:
    """``cell(R,C)``, ``number(R,C,N)`` and ``most(M)``."""
    return (
        [fact("cell", r, c) for r, c in board.cells]
        + [fact("number", r, c, n) for (r, c), n in sorted(board.givens.items())]
        + [fact("most", board.largest)]
    )


def decode(symbols: Sequence[clingo.Symbol], board: Board) -> list[list[int]]:
    """The grid of region sizes from the shown ``size/3`` atoms."""
    return number_grid(symbols, "size", board.rows, board.cols)


def render(_board: Board, grid: list[list[int]]) -> str:
    """Every size right-aligned in columns."""
    return aligned([[str(n) for n in row] for row in grid])


def regions(grid: list[list[int]]) -> list[list[Cell]]:
    """The regions: pieces of side neighbours of one size, each sorted, in reading order."""
    rows, cols, seen, found = len(grid), len(grid[0]), set(), []
    for start in ((r, c) for r in range(rows) for c in range(cols)):
        if start in seen:
            continue
        piece, todo = [], [start]
        seen.add(start)
        while todo:
            r, c = todo.pop()
            piece.append((r, c))
            for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                inside = 0 <= near[0] < rows and 0 <= near[1] < cols
                if inside and near not in seen and grid[near[0]][near[1]] == grid[r][c]:
                    seen.add(near)
                    todo.append(near)
        found.append(sorted(piece))
    return found


def to_json(_board: Board, grid: list[list[int]]) -> dict:
    return {
        "grid": [list(row) for row in grid],
        "regions": [[list(cell) for cell in piece] for piece in regions(grid)],
    }


def values(board: Board, grid: list[list[int]]) -> dict[Cell, Value]:
    return {(r, c): grid[r][c] for r, c in board.cells}


def read_answer_file(board: Board, text: str, source: str) -> dict[Cell, Value]:
    """An answer: a size, pencil marks in braces (``{3,5}``), or ``?`` (``.``, ``-``)
    undecided; raises InputError for another shape, a size beyond the board or a given
    changed."""

    def token(cell: Cell, text: str) -> Value | None:
        pencil = read_candidates(text)
        if pencil is None and text in (UNDECIDED, ".", "-"):
            return None
        mark = pencil if pencil is not None else _number(text, board.rows * board.cols)
        check_mark(board, cell, mark, repr(text))
        return mark

    return read_answer(text, source, board.rows, board.cols, token)


def check_mark(board: Board, cell: Cell, mark: int | Candidates, written: str) -> None:
    """Refuse a size or pencil marks (an answer file's or the page's) beyond the board or
    other than a given; raises ValueError."""
    sizes = sorted(mark) if isinstance(mark, Candidates) else [mark]
    if cell in board.givens and sizes != [board.givens[cell]]:
        raise ValueError(f"the puzzle gives {board.givens[cell]} here, found {written}")
    if not all(1 <= size <= board.rows * board.cols for size in sizes):
        raise ValueError(f"{written}: a size outside 1..{board.rows * board.cols}")


GENRE = Genre(
    name="fillomino",
    package=__name__,
    read_answer=read_answer_file,
    bounded=bounded,
    options=("--configuration=trendy",),  # 20x20: 2.5 s instead of 4 (bench/fillomino.py)
    explain_constants={"prune": 0},  # the givens' pruning is a deduction no step could cite
    numbers={
        "most": "the largest region searched for (default: the file's "
        "'% options: most=N', else the largest number given, at least 9)"
    },
    examples=(
        Example("instances/fillomino/tatham-5x5.txt", note="Tatham's Filling, 5x5"),
        Example("instances/fillomino/tatham-10x10.txt", note="Tatham's Filling, 10x10"),
        Example("instances/fillomino/filling-id-7x7.txt", note="a Filling game id"),
        Example(
            "instances/fillomino/two-ways-1x3.txt", "multiple", note="three ways to fill one row"
        ),
        Example("instances/fillomino/clash-1x2.txt", "unsolvable", note="two 1s side by side"),
    ),
)

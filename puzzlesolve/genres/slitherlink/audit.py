"""Slitherlink's part of `puzzlesolve audit`: an author writes a number 0 to 3 in a cell
without one, the count of the loop's edges around it, and a number taken away leaves the
others as they were.

Both are monotone: a number is one constraint on the loop, so the solutions with a number
added are exactly those whose loop has that count around the cell. The clue a solution
gives a cell is not one of its sites (those are edges), so the audit asks for it through
`clue_values` and the atoms `VIEW` defines."""

from __future__ import annotations

from dataclasses import replace

import clingo

from puzzlesolve.audit_search import cut_by_clues
from puzzlesolve.explain.items import atom
from puzzlesolve.grid import Cell, Value
from puzzlesolve.loops import Pair

from . import Slitherlink

ADDS = "a number on a blank cell: the count of the loop's edges around it"

VIEW = """
audit_clue(R,C,N) :- cell(R,C), N = #count { A,B : side(R,C,A,B), on(A,B) }.
"""
"""Rules beside slitherlink.lp: ``audit_clue(R,C,N)``, the loop has N edges around (R,C)."""
MASTER = ""
"""Rules beside `VIEW` in the repair's program: every cell may take a number."""
CLUES = (("number", 3),)
"""The clue atoms, ``number(R,C,N)``."""


def cells(board: Slitherlink) -> list[Cell]:
    """Every cell: any may hold a number."""
    return [(r, c) for r in range(board.rows) for c in range(board.cols)]


def blanks(board: Slitherlink) -> list[Cell]:
    """The cells where a number may be added: those without one."""
    return [cell for cell in cells(board) if cell not in board.numbers]


def sides(cell: Cell) -> list[Pair]:
    """The four edges around `cell`, as a solution lists them."""
    r, c = cell
    return [((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)), ((r, c), (r + 1, c))] + [
        ((r, c + 1), (r + 1, c + 1))
    ]


def clue_values(board: Slitherlink, loop: list[Pair]) -> dict[Cell, Value]:
    """The number each cell would show under `loop`."""
    drawn = set(loop)
    return {cell: sum(side in drawn for side in sides(cell)) for cell in cells(board)}


def clue_atom(_board: Slitherlink, cell: Cell, value: Value) -> clingo.Symbol:
    """The atom (of `VIEW`) true when the loop has `value` edges around `cell`."""
    assert isinstance(value, int)
    return atom("audit_clue", *cell, value)


def with_clues(board: Slitherlink, clues: dict[Cell, Value]) -> Slitherlink:
    """The board with `clues` (cell: number) written in too."""
    return replace(board, numbers={**board.numbers, **{cell: int(n) for cell, n in clues.items()}})


def _clues(board: Slitherlink) -> dict[Cell, Value]:
    return dict(board.numbers)


cut = cut_by_clues(clue_values, _clues)
"""Group I kept (``keep(I)``) is broken by a loop that has another count around a kept number."""


def without(board: Slitherlink, gone: list[Cell]) -> Slitherlink:
    """The board with the numbers of `gone` taken away."""
    left = set(gone)
    return replace(
        board, numbers={cell: n for cell, n in board.numbers.items() if cell not in left}
    )

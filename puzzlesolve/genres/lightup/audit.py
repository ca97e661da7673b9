"""Light Up's part of `puzzlesolve audit`: an author writes a number on a black cell without
one, the count of the lights beside it, and a number taken away leaves the black cell.

Both are monotone: a number is one constraint on the lights. Its clue lies on a black cell,
none of the solution's sites (the white cells), so the audit asks for it through
`clue_values` and the atoms `VIEW` defines."""

from __future__ import annotations

from dataclasses import replace

import clingo

from puzzlesolve.explain.items import atom
from puzzlesolve.grid import Cell, Value
from puzzlesolve.sight import neighbours

from . import LightUp

ADDS = "a number on a black cell without one: the count of the lights beside it"
NO_ADDS = None
NO_REMOVALS = None
VIEW = """
audit_clue(R,C,N) :- black(R,C), N = #count { I,J : light(I,J), |R-I| + |C-J| = 1 }.
"""
"""Rules beside lightup.lp: ``audit_clue(R,C,N)``, N lights touch black cell (R,C)."""
MASTER = ""
"""Rules beside `VIEW` in the repair's program: any black cell may take a number."""
CLUES = (("number", 3),)
"""The clue atoms, ``number(R,C,N)``."""


def cells(board: LightUp) -> list[Cell]:
    """The black cells: only they hold numbers."""
    return sorted(board.black)


def blanks(board: LightUp) -> list[Cell]:
    """The black cells where a number may be added: those without one."""
    return [cell for cell, number in sorted(board.black.items()) if number is None]


def clue_values(board: LightUp, lights: list[Cell]) -> dict[Cell, Value]:
    """The number each black cell would show beside `lights`."""
    on, rows, cols = set(lights), board.rows, board.cols
    return {cell: len(on.intersection(neighbours(cell, rows, cols))) for cell in board.black}


def clue_atom(_board: LightUp, cell: Cell, value: Value) -> clingo.Symbol:
    """The atom (of `VIEW`) true when `value` lights touch black `cell`."""
    return atom("audit_clue", *cell, int(value))


def with_clues(board: LightUp, clues: dict[Cell, Value]) -> LightUp:
    """The board with `clues` (black cell: number) written in too."""
    return replace(board, black={**board.black, **{cell: int(n) for cell, n in clues.items()}})


def without(board: LightUp, gone: list[Cell]) -> LightUp:
    """The board with the numbers of `gone` taken away (their cells stay black)."""
    return replace(board, black={**board.black, **dict.fromkeys(gone)})

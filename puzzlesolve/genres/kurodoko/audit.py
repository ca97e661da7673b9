"""Kurodoko's part of `puzzlesolve audit`: an author writes a number on a blank cell, the
count of the cells it sees in the solution, or takes one away.

Both are monotone: a number is one constraint on the shading (and keeps its cell unshaded).
`VIEW` counts what every cell would see, from sight.lp's views with every cell an eye."""

from __future__ import annotations

import clingo

from puzzlesolve import shading
from puzzlesolve.grid import Cell, Value
from puzzlesolve.sight import seen

from . import Kurodoko

ADDS = "a number on a blank cell: the count of the unshaded cells it sees, itself included"
NO_ADDS = NO_REMOVALS = None
VIEW = """
eye(R,C) :- cell(R,C).
audit_clue(R,C,N+1) :- clear(R,C), N = #count { DR,DC,K : view(R,C,DR,DC,K) }.
"""
"""Rules beside kurodoko.lp: ``audit_clue(R,C,N)``, unshaded (R,C) sees N cells."""
MASTER = ":- add(R,C), shaded(R,C)."
"""Rules beside `VIEW` in the repair's program: a number goes on a cell left unshaded."""
CLUES = (("number", 3),)
"""The clue atoms, ``number(R,C,N)``."""
blanks, with_clues, without = shading.blanks, shading.with_clues, shading.without


def clue_values(board: Kurodoko, shaded: list[Cell]) -> dict[Cell, Value]:
    """The number each unshaded cell would show beside `shaded`; 0 on a shaded cell, which
    no number fits (a number there tells `shaded` apart at once)."""
    walls = set(shaded)
    return {
        cell: 0 if cell in walls else 1 + len(seen(cell, board.rows, board.cols, walls))
        for cell in shading.cells(board)
    }


def clue_atom(_board: Kurodoko, cell: Cell, value: Value) -> clingo.Symbol:
    """The atom (of `VIEW`) true when unshaded `cell` sees `value` cells."""
    return clingo.Function("audit_clue", [clingo.Number(n) for n in (*cell, int(value))])

"""Masyu's part of `puzzlesolve audit`: an author adds a pearl on an empty cell, the one the
solution's loop allows there (white where it goes straight through and turns just before
or after, black where it turns and goes straight on for a cell both ways; a cell allows at
most one, since the loop cannot both go straight and turn there), and a pearl taken away
leaves the others as they were.

Both are monotone: a pearl is one constraint on the loop, so the solutions with a pearl
added are exactly those whose loop allows that pearl there. The pearl a solution allows a
cell is not one of its sites (those are segments), so the audit asks for it through
`clue_values` and the atoms `VIEW` defines."""

from __future__ import annotations

from dataclasses import replace

import clingo

from puzzlesolve.audit_search import cut_by_clues
from puzzlesolve.grid import Cell, Value
from puzzlesolve.loops import Pair

from . import Masyu

ADDS = "a pearl on an empty cell: the one the loop allows there (W or B)"

VIEW = """
audit_bent(R,C) :- joined((R,C),(R,C+1)), not horizontal(R,C+1).
audit_bent(R,C) :- joined((R,C),(R,C-1)), not horizontal(R,C-1).
audit_bent(R,C) :- joined((R,C),(R+1,C)), not vertical(R+1,C).
audit_bent(R,C) :- joined((R,C),(R-1,C)), not vertical(R-1,C).
audit_clue(R,C,"W") :- horizontal(R,C), 1 { turn(R,C-1); turn(R,C+1) }.
audit_clue(R,C,"W") :- vertical(R,C), 1 { turn(R-1,C); turn(R+1,C) }.
audit_clue(R,C,"B") :- turn(R,C), not audit_bent(R,C).
audit_clue(R,C,none) :- cell(R,C), not audit_clue(R,C,"W"), not audit_clue(R,C,"B").
"""
"""Rules beside masyu.lp: ``audit_clue(R,C,P)``, the pearl P ("W", "B") the loop allows at
(R,C), or ``none``: mirrors of masyu.lp's pearl constraints."""
MASTER = ":- add(R,C), audit_clue(R,C,none)."
"""Rules beside `VIEW` in the repair's program: a pearl only where the loop allows one."""
CLUES = (("white", 2), ("black", 2))
"""The clue atoms, ``white(R,C)`` and ``black(R,C)``."""


def cells(board: Masyu) -> list[Cell]:
    """Every cell: any may hold a pearl."""
    return [(r, c) for r in range(board.rows) for c in range(board.cols)]


def blanks(board: Masyu) -> list[Cell]:
    """The cells where a pearl may be added: those without one."""
    return [cell for cell in cells(board) if cell not in board.pearls]


def clue_values(board: Masyu, loop: list[Pair]) -> dict[Cell, Value]:
    """The pearl each cell allows under `loop`: "W", "B", or None (none fits)."""
    joined: dict[Cell, set[Cell]] = {}
    for a, b in loop:
        joined.setdefault(a, set()).add(b)
        joined.setdefault(b, set()).add(a)

    def straight(cell: Cell) -> bool:
        r, c = cell
        return joined.get(cell) in ({(r, c - 1), (r, c + 1)}, {(r - 1, c), (r + 1, c)})

    def turns(cell: Cell) -> bool:
        return cell in joined and not straight(cell)

    def pearl(cell: Cell) -> str | None:
        if straight(cell):
            ends = joined[cell]
            return "W" if any(turns(end) for end in ends) else None
        if turns(cell):
            r, c = cell
            # each arm goes on straight through the next cell, the way it left
            arms = [(2 * nr - r, 2 * nc - c) for nr, nc in joined[cell]]
            ok = all(beyond in joined.get(end, ()) for end, beyond in zip(joined[cell], arms))
            return "B" if ok else None
        return None

    return {cell: pearl(cell) for cell in cells(board)}


def clue_atom(_board: Masyu, cell: Cell, value: Value) -> clingo.Symbol:
    """The atom (of `VIEW`) true when the loop allows the pearl `value` (None: none) at
    `cell`."""
    pearl = clingo.Function("none") if value is None else clingo.String(str(value))
    return clingo.Function("audit_clue", [clingo.Number(cell[0]), clingo.Number(cell[1]), pearl])


def with_clues(board: Masyu, clues: dict[Cell, Value]) -> Masyu:
    """The board with `clues` (cell: "W" or "B") written in too."""
    return replace(board, pearls={**board.pearls, **{c: str(p).upper() for c, p in clues.items()}})


def _clues(board: Masyu) -> dict[Cell, Value]:
    return dict(board.pearls)


cut = cut_by_clues(clue_values, _clues)
"""Group I kept (``keep(I)``) is broken by a loop that allows no kept pearl where it is."""


def without(board: Masyu, gone: list[Cell]) -> Masyu:
    """The board with the pearls of `gone` taken away."""
    left = set(gone)
    return replace(board, pearls={cell: p for cell, p in board.pearls.items() if cell not in left})

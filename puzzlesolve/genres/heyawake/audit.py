"""Heyawake's part of `puzzlesolve audit`: an author writes a room's count in a room without
one (on its first cell), and a count taken away leaves its room free. Both are monotone: a
count is one constraint on the shading."""

from __future__ import annotations

from dataclasses import replace

import clingo

from puzzlesolve.explain.items import atom
from puzzlesolve.grid import Cell, Value
from puzzlesolve.regions import Regions, render

ADDS = "a number in a room without one: the count of its shaded cells"
NO_ADDS = None
NO_REMOVALS = None
VIEW = """
audit_clue(R,C,N) :- region(R,C,K), N = #count { I,J : shaded(I,J), region(I,J,K) }.
"""
"""Rules beside heyawake.lp: ``audit_clue(R,C,N)``, N cells of (R,C)'s room are shaded."""
MASTER = ""
CLUES = (("number", 3),)


def written(puzzle: Regions) -> str:
    """The rooms' names and counts as the instance writes them."""
    return render(puzzle, {})


def cells(puzzle: Regions) -> list[Cell]:
    """Where a count stands: its cell, or a room's first cell in reading order."""
    return sorted({*puzzle.clues, *(room[0] for room in puzzle.members().values())})


def blanks(puzzle: Regions) -> list[Cell]:
    """The first cell of each room without a count."""
    counted = {puzzle.cells[cell] for cell in puzzle.clues}
    return [room[0] for k, room in sorted(puzzle.members().items()) if k not in counted]


def clue_values(puzzle: Regions, shaded: list[Cell]) -> dict[Cell, Value]:
    """The count each room's cell would show beside `shaded`."""
    dark = [puzzle.cells[cell] for cell in shaded]
    return {cell: dark.count(puzzle.cells[cell]) for cell in cells(puzzle)}


def clue_atom(_puzzle: Regions, cell: Cell, value: Value) -> clingo.Symbol:
    """The atom (of `VIEW`) true when `value` cells of `cell`'s room are shaded."""
    return atom("audit_clue", *cell, int(value))


def with_clues(puzzle: Regions, clues: dict[Cell, Value]) -> Regions:
    """The board with `clues` (cell: count) written in too."""
    return replace(puzzle, clues={**puzzle.clues, **{cell: int(n) for cell, n in clues.items()}})


def without(puzzle: Regions, gone: list[Cell]) -> Regions:
    """The board with the counts of `gone` taken away."""
    return replace(puzzle, clues={c: n for c, n in puzzle.clues.items() if c not in gone})

"""Numberlink's part of `puzzlesolve audit`: an endpoint pair taken away is a clue removed
(told apart by the generic cut, one set of pairs at a time)."""

from __future__ import annotations

from dataclasses import replace

from puzzlesolve.grid import Cell

from . import Numberlink

NO_ADDS = (
    "not supported: an endpoint pair added is a new line, which makes solutions the puzzle "
    "did not have (its cells change hands) rather than choosing among those it has"
)


def without(puzzle: Numberlink, cells: list[Cell]) -> Numberlink:
    """The puzzle with the endpoints of `cells` taken away (its labels keep their numbers)."""
    gone = set(cells)
    kept = {cell: label for cell, label in puzzle.endpoints.items() if cell not in gone}
    return replace(puzzle, endpoints=kept)

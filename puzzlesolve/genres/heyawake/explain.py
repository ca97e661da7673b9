"""Heyawake's part of check, hint and explain: cells as atoms of encodings/heyawake.lp,
techniques in encodings/heyawake.techniques.lp."""

from __future__ import annotations

import clingo

from puzzlesolve.explain import results
from puzzlesolve.explain.items import atom
from puzzlesolve.grid import Cell, Value
from puzzlesolve.regions import Regions, region_facts

from . import SHADED

GRADE_SIZES = (12, 18, 27)
"""The heaviest step's weight of tiers 1, 2 and 3 (the forward engine grades by
`TIER_GRADES`)."""

ONE_WAY = results.ONE_WAY
"""One grade harder when at least this share of rounds offers one way on only."""

CLUE = ("number", 3)
"""The clue atoms ``number(R,C,N)``: a room's count, where it is written (the rooms stay)."""

REFINED = True
"""Guards per instance: a step cites a rule at the cells it uses (see instrument.instrument)."""
CLAIM_REACH = None
"""A step decides what its reason forces next to the cells it uses."""
WIDEN = None
"""The usual 4 candidates a round."""

TIER_GRADES = {0: 0, 1: 0, 2: 0}
"""Grade of the hardest tier used: counting rooms, the two-border run, a room full and the
white area kept whole (tiers 0-2) easy, one or two trials hard, more expert."""
OFTEN_HARDER = (2, 0.1)
"""Medium: tier 2 (a room full, the white area kept whole) needed by a tenth of the steps or
more. Generated 10x10 boards that need no trial use it in 3-15 % of their steps, the corpus's
(Nikoli's sample, pzprjs's test) in 40-50 %."""


def board_facts(puzzle: Regions) -> list[str]:
    """The rooms, which stay when the numbers are left out."""
    return region_facts(puzzle)


def cells(puzzle: Regions) -> list[Cell]:
    return sorted(puzzle.cells)


def shown(_puzzle: Regions) -> dict[Cell, Value]:
    """No cell's shading is shown by the puzzle."""
    return {}


def literal(_puzzle: Regions, cell: Cell, value: Value) -> tuple[clingo.Symbol, bool]:
    """ "shaded" is ``shaded(R,C)``, "unshaded" its negation."""
    return atom("shaded", *cell), value == SHADED


def clue(puzzle: Regions, cell: Cell) -> int:
    """The room's count written in `cell` (KeyError: none is written there)."""
    return puzzle.clues[cell]


def says(value: Value, plural: bool) -> str:
    return f"{'are' if plural else 'is'} {value}"


def says_clue(number: int, plural: bool) -> str:
    return f"show{'' if plural else 's'} {number}"


def clue_group(_puzzle: Regions, cell: Cell) -> Cell:
    """Each room's number stands alone."""
    return cell


def segments(_puzzle: object) -> dict:
    """None: steps decide cells only."""
    return {}


def drawn(_puzzle: object, _solution: object) -> tuple:
    """None: no segments."""
    return ()

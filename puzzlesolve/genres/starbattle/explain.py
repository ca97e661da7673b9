"""Star Battle's part of check, hint and explain: cells as atoms of encodings/starbattle.lp,
techniques in encodings/starbattle.techniques.lp."""

from __future__ import annotations

import clingo

from puzzlesolve.explain import results
from puzzlesolve.explain.items import atom
from puzzlesolve.grid import Cell, Value

from . import STAR, StarBattle

GRADE_SIZES = (12, 18, 27)
"""The heaviest step's weight of tiers 1, 2 and 3 (the forward engine grades by
`TIER_GRADES`)."""

ONE_WAY = results.ONE_WAY
"""One grade harder when at least this share of rounds offers one way on only."""

CLUE = ("region", 3)
"""The clues are the regions, each region's cells one group (`clue_group`)."""

REFINED = True
"""Guards per instance: a step cites a rule at the cells it uses (see instrument.instrument)."""
CLAIM_REACH = None
"""A step decides what its reason forces next to the cells it uses."""
WIDEN = None
"""The usual 4 candidates a round."""

TIER_GRADES = {0: 0, 1: 0, 2: 1, 3: 2}
"""Grade of the hardest tier used: counting, touching and a unit confined to a line (tiers
0-1) easy, a star that would leave a unit short or a tight line (2) medium, pairs of regions
in pairs of lines (3) hard; trials harder (Star Battle has no Tatham levels to calibrate
against: generated 8x8 boards reach each grade, `generate --difficulty`)."""


def board_facts(puzzle: StarBattle) -> list[str]:
    """The cells, which stay when a region is left out."""
    return [f"cell({r},{c})." for r, c in sorted(puzzle.regions.cells)]


def cells(puzzle: StarBattle) -> list[Cell]:
    return sorted(puzzle.regions.cells)


def shown(_puzzle: StarBattle) -> dict[Cell, Value]:
    """No cell's star is shown by the puzzle."""
    return {}


def literal(_puzzle: StarBattle, cell: Cell, value: Value) -> tuple[clingo.Symbol, bool]:
    """ "star" is ``star(R,C)``, "empty" its negation."""
    return atom("star", *cell), value == STAR


def clue(puzzle: StarBattle, cell: Cell) -> str:
    """A cell's region, by name: what a step reads of a cell it has not decided."""
    return puzzle.regions.names[puzzle.regions.cells[cell]]


def says(value: Value, plural: bool) -> str:
    if value == STAR:
        return "are stars" if plural else "is a star"
    return f"hold{'' if plural else 's'} no star"


def says_cannot(value: Value) -> str:
    """What a wrong mark cannot be, as `check`'s lead says it."""
    return "cannot hold a star" if value == STAR else "must hold a star"


def says_clue(name: str, plural: bool) -> str:
    return f"lie{'' if plural else 's'} in region {name}"


def clue_group(puzzle: StarBattle, cell: Cell) -> int:
    """Cells of one region are cited together."""
    return puzzle.regions.cells[cell]


def segments(_puzzle: object) -> dict:
    """None: steps decide cells only."""
    return {}


def drawn(_puzzle: object, _solution: object) -> tuple:
    """None: no segments."""
    return ()

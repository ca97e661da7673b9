"""Light Up's part of check, hint and explain: white cells as atoms of encodings/lightup.lp,
techniques in encodings/lightup.techniques.lp."""

from __future__ import annotations

import clingo

from puzzlesolve.explain import results
from puzzlesolve.explain.items import atom
from puzzlesolve.grid import Cell, Value

from . import LIGHT, LightUp, facts

GRADE_SIZES = (12, 18, 27)
"""The heaviest step's weight of tiers 1, 2 and 3 (the rules engine's grades; the forward
engine grades by `TIER_GRADES`)."""

ONE_WAY = results.ONE_WAY
"""One grade harder when at least this share of rounds offers one way on only."""

CLUE = ("number", 3)
"""The clue atoms ``number(R,C,N)``: each black cell's number (the black cells stay)."""

REFINED = True
"""Guards per instance: a step cites a rule at the cells it uses (see instrument.instrument)."""
CLAIM_REACH = None
"""A step decides what its reason forces next to the cells it uses."""
WIDEN = None
"""The usual 4 candidates a round."""

TIER_GRADES = {0: 0, 1: 0, 2: 1, 3: 2}
"""Grade of the hardest tier used: Tatham's Easy solver places lights by tiers 0-1 (easy),
his Tricky one adds the discounted sets of tier 2 (medium); Hard needs his recursion, here
a trial (hard) (bench/lightup_grades.py)."""


def board_facts(board: LightUp) -> list[str]:
    """The cells and black cells, which stay when the numbers are left out."""
    return [line for line in facts(board) if not line.startswith("number(")]


def cells(board: LightUp) -> list[Cell]:
    """The white cells: a black cell holds no light and is decided by no step."""
    return board.white


def shown(_board: LightUp) -> dict[Cell, Value]:
    """No white cell's light is shown by the puzzle."""
    return {}


def literal(_board: LightUp, cell: Cell, value: Value) -> tuple[clingo.Symbol, bool]:
    """ "light" is ``light(R,C)``, "empty" its negation."""
    return atom("light", *cell), value == LIGHT


def clue(board: LightUp, cell: Cell) -> int | None:
    return board.black[cell]


def says(value: Value, plural: bool) -> str:
    light = "are lights" if plural else "is a light"
    return light if value == LIGHT else f"hold{'' if plural else 's'} no light"


def says_cannot(value: Value) -> str:
    """What a wrong mark cannot be, as `check`'s lead says it (`explain.lead`)."""
    return "cannot hold a light" if value == LIGHT else "must hold a light"


def says_clue(number: int, plural: bool) -> str:
    return f"show{'' if plural else 's'} {number}"


def clue_group(_board: LightUp, cell: Cell) -> Cell:
    """Each number stands alone."""
    return cell


def segments(_puzzle: object) -> dict:
    """None: steps decide cells only."""
    return {}


def drawn(_puzzle: object, _solution: object) -> tuple:
    """None: no segments."""
    return ()

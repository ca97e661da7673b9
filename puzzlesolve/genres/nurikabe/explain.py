"""Nurikabe's part of check, hint and explain: cell values as atoms of encodings/nurikabe.lp."""

from __future__ import annotations

import clingo

from puzzlesolve.explain import results
from puzzlesolve.explain.items import atom
from puzzlesolve.grid import Cell, Value

from . import Nurikabe

GRADE_SIZES = (12, 18, 27)
"""The largest step size (`Difficulty.largest`) of tiers 1, 2 and 3 (easy, medium, hard;
beyond: expert)."""
# Not calibrated against human grades yet (no labelled Nurikabe set here): the pzprjs 5x5
# example explains with a largest step of 11; the limits follow Hitori's proportions.

ONE_WAY = results.ONE_WAY
"""One grade harder when at least this share of rounds offers one way on only."""

CLUE = ("number", 3)
"""The clue atoms ``number(R,C,N)``: each numbered cell's number."""


def cells(board: Nurikabe) -> list[Cell]:
    return [(r, c) for r in range(board.rows) for c in range(board.cols)]


def shown(_board: Nurikabe) -> dict[Cell, Value]:
    """No cell's shading is shown: that a numbered cell stays unshaded is rule 1's to say."""
    return {}


def literal(_board: Nurikabe, cell: Cell, value: Value) -> tuple[clingo.Symbol, bool]:
    """ "shaded" is ``shaded(R,C)``, "unshaded" its negation."""
    return atom("shaded", *cell), value == "shaded"


def clue(board: Nurikabe, cell: Cell) -> int:
    return board.numbers[cell]


def says(value: Value, plural: bool) -> str:
    return f"{'are' if plural else 'is'} {value}"


def says_clue(number: int, plural: bool) -> str:
    return f"show{'' if plural else 's'} {number}"


def clue_group(_board: Nurikabe, cell: Cell) -> Cell:
    """Each number stands alone."""
    return cell


def board_facts(_puzzle: object) -> list[str]:
    """None: the board's cells are facts of their own, kept when the clues are left out."""
    return []


def segments(_puzzle: object) -> dict:
    """None: steps decide cells only."""
    return {}


def drawn(_puzzle: object, _solution: object) -> tuple:
    """None: no segments."""
    return ()


REFINED = True
"""Guards per instance: a step cites a rule at the cells it uses (see instrument.instrument)."""
CLAIM_REACH = None
"""A step decides what its reason forces next to the cells it uses."""
WIDEN = None
"""Not calibrated here (no labelled set): the usual 4 candidates a round."""


def forward_givens(board: Nurikabe) -> dict[Cell, Value]:
    """The numbered cells, unshaded (rule 1) and known to the technique file
    (encodings/nurikabe.techniques.lp) from the start: a hint never spends itself on them."""
    return {cell: "unshaded" for cell in board.numbers}

"""Tents' part of check, hint and explain: empty cells as atoms of encodings/tents.lp,
techniques in encodings/tents.techniques.lp; the trees are the clues a step cites."""

from __future__ import annotations

import clingo

from puzzlesolve.explain import results
from puzzlesolve.explain.items import atom
from puzzlesolve.grid import Cell, Value

from . import TENT, Tents, facts

GRADE_SIZES = (12, 18, 27)
"""The heaviest step's weight of tiers 1, 2 and 3 (the forward engine grades by
`TIER_GRADES`)."""

ONE_WAY = results.ONE_WAY
"""One grade harder when at least this share of rounds offers one way on only."""

CLUE = ("tree", 2)
"""The clue atoms ``tree(R,C)``: each tree (the counts stay, as the board's facts)."""

REFINED = True
"""Guards per instance: a step cites a rule at the cells it uses (see instrument.instrument)."""
CLAIM_REACH = None
"""A step decides what its reason forces next to the cells it uses."""
WIDEN = None
"""The usual 4 candidates a round."""

TIER_GRADES = {0: 0, 1: 0, 2: 1, 3: 2}
"""Grade of the hardest tier used: Tatham's Easy solver places tents by tiers 0-1 (easy),
his Tricky one adds a line's placements (tier 2, medium); a trial is hard
(bench/tents_grades.py)."""


def board_facts(board: Tents) -> list[str]:
    """The cells and counts, which stay when the trees are left out."""
    return [line for line in facts(board) if not line.startswith("tree(")]


def cells(board: Tents) -> list[Cell]:
    """The empty cells: a tree holds no tent and is decided by no step."""
    return board.empty


def shown(_board: Tents) -> dict[Cell, Value]:
    """No tent is shown by the puzzle."""
    return {}


def literal(_board: Tents, cell: Cell, value: Value) -> tuple[clingo.Symbol, bool]:
    """ "tent" is ``tent(R,C)``, "grass" its negation."""
    return atom("tent", *cell), value == TENT


def clue(board: Tents, cell: Cell) -> str:
    """A tree, the clue a cell may show."""
    return dict.fromkeys(board.trees, "tree")[cell]  # KeyError: no tree there


def says(value: Value, plural: bool) -> str:
    what = ("tents" if plural else "a tent") if value == TENT else "grass"
    return f"{'are' if plural else 'is'} {what}"


def says_cannot(value: Value) -> str:
    """What a wrong mark cannot be, as `check`'s lead says it."""
    return "cannot hold a tent" if value == TENT else "must hold a tent"


def says_clue(_tree: str, plural: bool) -> str:
    return "are trees" if plural else "is a tree"


def clue_group(_board: Tents, cell: Cell) -> Cell:
    """Each tree stands alone."""
    return cell


def segments(_board: Tents) -> dict:
    """None: steps decide cells only."""
    return {}


def drawn(_board: Tents, _solution: object) -> tuple:
    """None: no segments."""
    return ()

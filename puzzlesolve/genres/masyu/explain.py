"""Masyu's part of check, hint and explain: the loop's segments as sites of the forward
engine (encodings/masyu.techniques.lp names them ``s(R1,C1,R2,C2)``); no cell is a site of
its own, a pearl is a clue."""

from __future__ import annotations

import clingo

from puzzlesolve import loops
from puzzlesolve.explain.items import grid_pairs, pair_literal
from puzzlesolve.grid import Cell, Value
from puzzlesolve.loops import ON, Pair

from . import Masyu

GRADE_SIZES = (8, 12, 20)
"""The heaviest step's weight of easy, medium and hard (beyond: expert); the forward
engine grades by its techniques' tiers, these stand where a weight is asked for."""
TIER_GRADES = {0: 0, 1: 0, 2: 0, 3: 1, 4: 2}
"""The grade index (easy, medium, hard, expert) of the hardest technique tier used, as
Simon Tatham's Pearl levels: tiers 1 and 2 are what his Easy solver deduces from each pearl
and its neighbours' segments (easy), tier 3 no small loop, which only his Tricky solver uses
(medium); a trial makes a puzzle hard, more than two expert (bench/grades.py --pearl)."""
ONE_WAY = None
"""A loop is drawn a segment at a time: one way on says nothing of the grade."""

PEARL_NAMES = {"W": "white", "B": "black"}


CLUE = ("black", 2)
"""The clue atoms the rules engine leaves out one by one: the black pearls (white ones
stay facts; the forward engine cites both)."""
REFINED = True
"""Guards per instance."""
CLAIM_REACH = None
"""A step decides what its reason forces next to the sites it uses."""
WIDEN = None
"""The usual candidates a round."""
CHECK_BY_CORES = True
"""Answers are checked over the pairs they mark (`explain.loopcheck`)."""

# answered as both loop genres answer them
board_facts, cells, clue_group, shown = (
    loops.board_facts,
    loops.cells,
    loops.clue_group,
    loops.shown,
)


def segments(puzzle: Masyu) -> dict[tuple[int, int, int, int], clingo.Symbol]:
    """Every pair of side-neighbouring cells, with the atom of masyu.lp that draws it."""
    return grid_pairs(puzzle.rows, puzzle.cols, "segment")


drawn = loops.drawn


def literal(_puzzle: Masyu, pair: Pair | tuple, value: Value) -> tuple[clingo.Symbol, bool]:
    """An answer's segment ``((r, c), (r2, c2))`` "on" is ``segment(R,C,R2,C2)``, "off" its
    negation."""
    return pair_literal("segment", pair, value)


def clue(puzzle: Masyu, cell: Cell) -> str:
    """A pearl's colour, "white" or "black".

    Raises:
        KeyError: a cell without a pearl.
    """
    return PEARL_NAMES[puzzle.pearls[cell]]


def says_clue(colour: str, plural: bool) -> str:
    return f"are {colour} pearls" if plural else f"is a {colour} pearl"


def says_pair(on: bool, plural: bool) -> str:
    """A segment's value: "is a line", "is no line"."""
    if plural:
        return "are lines" if on else "are no lines"
    return "is a line" if on else "is no line"


def says(value: Value, plural: bool) -> str:
    return says_pair(value in (ON, True), plural)

"""Slitherlink's part of check, hint and explain: the grid's edges as sites of the forward
engine (encodings/slitherlink.techniques.lp names them ``e(Y1,X1,Y2,X2)``); no cell is a
site of its own, a number is a clue."""

from __future__ import annotations

import clingo

from puzzlesolve import loops
from puzzlesolve.explain.items import grid_pairs, pair_literal
from puzzlesolve.grid import Cell, Value
from puzzlesolve.loops import ON, Pair

from . import Slitherlink

GRADE_SIZES = (8, 12, 20)
"""The heaviest step's weight of easy, medium and hard (beyond: expert); the forward
engine grades by its techniques' tiers, these stand where a weight is asked for."""
TIER_GRADES = {0: 0, 1: 0, 2: 1, 3: 2, 4: 2}
"""The grade index (easy, medium, hard, expert) of the hardest technique tier used, as
Simon Tatham's Loopy levels: tier 1 is what his Easy solver deduces (counts, loop ends, no
early loop, a line into a corner), tier 2 his Normal corner pairs (patterns of 0s and 3s,
closed corner, line through a corner), tier 3 inside and outside; a trial makes a puzzle
hard, more than two expert. On fresh 7x7 and 10x10 puzzles (bench/grades.py --loopy) every
Easy one grades easy and every Hard one medium or harder."""
ONE_WAY = None
"""A loop is drawn an edge at a time: one way on says nothing of the grade."""

EDGES = True
"""The pairs are edges between grid points (`explain.sites.Edge`), not segments."""


CLUE = ("number", 3)
"""The clue atoms ``number(R,C,N)``."""
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


def segments(puzzle: Slitherlink) -> dict[tuple[int, int, int, int], clingo.Symbol]:
    """Every edge between two neighbouring grid points, with the atom of slitherlink.lp
    that draws it."""
    return grid_pairs(puzzle.rows + 1, puzzle.cols + 1, "edge")


drawn = loops.drawn


def literal(_puzzle: Slitherlink, pair: Pair | tuple, value: Value) -> tuple[clingo.Symbol, bool]:
    """An answer's edge ``((y, x), (y2, x2))`` "on" is ``edge(Y,X,Y2,X2)``, "off" its
    negation."""
    return pair_literal("edge", pair, value)


def clue(puzzle: Slitherlink, cell: Cell) -> int:
    """A cell's number.

    Raises:
        KeyError: a cell without one.
    """
    return puzzle.numbers[cell]


def says_clue(number: int, plural: bool) -> str:
    return f"show{'' if plural else 's'} {number}"


def says_pair(on: bool, plural: bool) -> str:
    """An edge's value: "is a line", "is no line"."""
    if plural:
        return "are lines" if on else "are no lines"
    return "is a line" if on else "is no line"


def says(value: Value, plural: bool) -> str:
    return says_pair(value in (ON, True), plural)

"""Hitori's part of check, hint and explain: cell values as atoms of encodings/hitori.lp."""

from __future__ import annotations

import clingo

from puzzlesolve.explain import results
from puzzlesolve.explain.items import atom
from puzzlesolve.grid import Cell, Grid, Value

GRADE_SIZES = (14, 20, 28)
"""The heaviest step's weight (`Difficulty.largest`, `Step.weight`) of tiers 1, 2 and 3
(easy, medium, hard; beyond: expert)."""
# bench/grades.py, fresh sgt-singles sets (30 Easy + 30 Tricky a size), heaviest step: Easy
# 8x8 10-16 (median 11), 10x10 9-20 (13); Tricky 8x8 11-27 (17), 10x10 11-33 (18.5).
# 14 separates them best on the training half (odd seeds); Tricky has no finer levels, so
# 20 and 28 split its range (medium, hard) and leave expert beyond.

ONE_WAY = results.ONE_WAY
"""One grade harder when at least this share of rounds offers one way on only."""

CLUE = ("number", 3)
"""The clue atoms ``number(R,C,N)``: each cell's number."""


def board_facts(numbers: Grid[int]) -> list[str]:
    """The board as ``cell/2`` facts: hitori.lp derives it from the numbers, which are clues
    here that a step may leave out, and a cell must stay on the board all the same."""
    return [f"cell({r},{c})." for r, c in sorted(numbers.cells)]


def cells(numbers: Grid[int]) -> list[Cell]:
    return sorted(numbers.cells)


def shown(_numbers: Grid[int]) -> dict[Cell, Value]:
    """No cell's shading is shown by the puzzle."""
    return {}


def literal(_numbers: Grid[int], cell: Cell, value: Value) -> tuple[clingo.Symbol, bool]:
    """ "shaded" is ``shaded(R,C)``, "unshaded" its negation."""
    return atom("shaded", *cell), value == "shaded"


def clue(numbers: Grid[int], cell: Cell) -> int:
    return numbers.cells[cell]


def says(value: Value, plural: bool) -> str:
    return f"{'are' if plural else 'is'} {value}"


def says_clue(number: int, plural: bool) -> str:
    return f"show{'' if plural else 's'} {number}"


def clue_group(_puzzle: object, cell: Cell) -> Cell:
    """Each cell's clue stands alone."""
    return cell


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
WIDEN = (10, 12)
"""Easy Singles are solved by local steps at every size (sgt-singles' Easy solver): at
15x15 the usual 4 candidates a round missed them and graded 4 of 6 fresh Easy puzzles
medium; with up to 12 shrunk when the best costs over 10, 6 of 6 easy (bench/grades.py)."""


TIER_GRADES = {0: 0, 1: 0, 2: 0, 3: 1, 4: 2}
"""The forward engine's grade of the hardest technique tier used: every Tatham Singles Easy
board needs tiers 0-2 at most and every Tricky one tier 3 or 4 (bench/forward_techniques.py),
so tiers up to 2 are easy, closure (3) medium, the offset pair (4) hard."""

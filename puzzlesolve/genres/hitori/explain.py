"""Hitori's part of check, hint and explain: cell values as atoms of encodings/hitori.lp."""

from __future__ import annotations

from puzzlesolve.grid import Cell, Grid, Value

GRADE_SIZES = (16, 24, 36)
"""The largest step size (`Difficulty.largest`) of tiers 1, 2 and 3 (easy, medium, hard;
beyond: expert)."""
# Tatham's Singles Easy 8x8 and 10x10 explain with largest steps of 13-20 (all but one up
# to 16), Tricky ones 17-39 (bench/grades.py)

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


def literal(_numbers: Grid[int], cell: Cell, value: Value) -> tuple[str, bool]:
    """ "shaded" is ``shaded(R,C)``, "unshaded" its negation."""
    return f"shaded({cell[0]},{cell[1]})", value == "shaded"


def clue(numbers: Grid[int], cell: Cell) -> int:
    return numbers.cells[cell]


def says(value: Value, plural: bool) -> str:
    return f"{'are' if plural else 'is'} {value}"


def says_clue(number: int, plural: bool) -> str:
    return f"show{'' if plural else 's'} {number}"


def clue_group(_puzzle: object, cell: Cell) -> Cell:
    """Each cell's clue stands alone."""
    return cell


REFINED = True
"""Guards per instance: a step cites a rule at the cells it uses (see rulebook.instrument)."""

"""How text meant for people words what the program found: cells and difficulty.

Cells are written ``r3c4`` (row 3, column 4, counted from 1), as puzzle solvers write them;
JSON keeps 0-based ``[r, c]``. Nothing here prints: the command line does.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from puzzlesolve.grid import Cell, cell_name

if TYPE_CHECKING:
    from puzzlesolve.explain import Difficulty


def cell_names(cells: Iterable[Cell]) -> str:
    """``r1c1 r1c2 r3c1``: the cells in the order given, separated by spaces."""
    return " ".join(cell_name(cell) for cell in cells)


def difficulty_text(difficulty: Difficulty) -> str:
    """What a puzzle's explanation measured, in a solver's words.

    A step's size counts what a solver must keep in mind at once to make it: the cells it
    looks at plus the rules it uses (`Step.cost`); the grade of `generate --difficulty` is
    set by the largest.

    Returns:
        e.g. ``18 steps; the hardest keeps 7 things in mind at once (cells looked at + rules
        used); a step looks at up to 4 cells and uses up to 3 rules; 8 steps combine rules;
        3.39 things per step on average``.
    """
    if difficulty.steps == 0:
        return "0 steps: no cell was deduced"
    combining = difficulty.multi_rule
    return (
        f"{_count(difficulty.steps, 'step')}; the hardest keeps {difficulty.largest} things in "
        f"mind at once (cells looked at + rules used); a step looks at up to "
        f"{_count(difficulty.most_cells, 'cell')} and uses up to "
        f"{_count(difficulty.most_rules, 'rule')}; {_count(combining, 'step')} "
        f"combine{'s' * (combining == 1)} rules; {difficulty.mean} things per step on average"
    )


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'s' * (number != 1)}"

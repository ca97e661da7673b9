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


def cell_names(cells: Iterable[Cell], sites: str = "cells") -> str:
    """``r1c1 r1c2 r3c1``: the cells in the order given, separated by spaces.

    A loop genre's sites are pairs (`Genre.sites`): segments between two cells are written
    ``r3c4-r3c5``, edges between two grid points ``p3.4-p3.5`` (both counted from 1).
    """
    return " ".join(site_name(site, sites) for site in cells)


def site_name(site, sites: str = "cells") -> str:
    """A cell ``r3c4``, a segment ``r3c4-r3c5`` or an edge ``p3.4-p3.5``."""
    if sites == "cells" or not isinstance(site[0], tuple):
        return cell_name(site)
    if sites == "edges":
        return "-".join(f"p{y + 1}.{x + 1}" for y, x in site)
    return "-".join(cell_name(cell) for cell in site)


def difficulty_text(difficulty: Difficulty) -> str:
    """What a puzzle's explanation measured, in a solver's words.

    A step's weight is what a solver must keep in mind at once to make it (`Step.weight`): the
    cells it looks at, plus 1 for each technique and 2 for each rule it uses; the grade is
    set by the heaviest step (`explain.Difficulty`).

    Returns:
        e.g. ``easy: 18 steps; the hardest weighs 7 (cells it looks at, +1 for each
        technique, +2 for each rule it uses); a step looks at up to 4 cells and uses up to 3
        rules; 8 steps combine rules; 3.39 on average; one way on in 70 % of the rounds``.
    """
    if difficulty.steps == 0:
        return "0 steps: no cell was deduced"
    if difficulty.technique_tier or difficulty.trials:
        return _forward_text(difficulty)
    combining = difficulty.multi_rule
    grade = difficulty.grade and (
        difficulty.grade
        if difficulty.complete
        else f"at least {difficulty.grade} (measured on the steps found)"
    )
    return (
        f"{f'{grade}: ' if grade else ''}"
        f"{counted(difficulty.steps, 'step')}; the hardest weighs {difficulty.largest} (cells "
        f"it looks at, +1 for each technique, +2 for each rule it uses); a step looks at up to "
        f"{counted(difficulty.most_cells, 'cell')} and uses up to "
        f"{counted(difficulty.most_rules, 'rule')}; {counted(combining, 'step')} "
        f"combine{'s' * (combining == 1)} rules; {difficulty.mean} on average; one way on in "
        f"{round(100 * difficulty.one_way)} % of the rounds"
    )


def _forward_text(difficulty: Difficulty) -> str:
    """The forward engine's measures: ``hard: 27 steps; the hardest technique is of tier 3,
    needed 2 times; no step needed a trial``."""
    grade = difficulty.grade and (
        difficulty.grade
        if difficulty.complete
        else f"at least {difficulty.grade} (measured on the steps found)"
    )
    trials = difficulty.trials
    searched = (
        "no step needed a trial"
        if not trials
        else f"{counted(trials, 'step')} needed a trial (no technique applied)"
    )
    hardest = (
        f"the hardest technique is of tier {difficulty.technique_tier}, needed "
        f"{counted(difficulty.at_hardest, 'time')}"
        if difficulty.technique_tier
        else "no technique of tier 1 or above"
    )
    steps = counted(difficulty.steps, "step")
    return f"{f'{grade}: ' if grade else ''}{steps}; {hardest}; {searched}"


def counted(number: int, noun: str) -> str:
    """``1 step``, ``2 steps``: a number and its noun, plural unless the number is 1."""
    return f"{number} {noun}{'s' * (number != 1)}"

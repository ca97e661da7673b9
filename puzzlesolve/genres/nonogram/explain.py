"""Nonogram's part of check, hint and explain: cells as atoms of encodings/nonogram.lp, line
solving in encodings/nonogram.techniques.lp. A line's clue stands just outside the grid, at
``(r, -1)`` left of row r and ``(-1, c)`` above column c, which steps cite as ``row 3``."""

from __future__ import annotations

import clingo

from puzzlesolve.explain import results
from puzzlesolve.explain.items import atom
from puzzlesolve.grid import Cell, Value

from . import SHADED, Nonogram, Runs, facts

GRADE_SIZES = (12, 18, 27)
"""The heaviest step's weight of tiers 1, 2 and 3 (the rules engine's grades; the forward
engine grades by `TIER_GRADES`)."""
ONE_WAY = results.ONE_WAY
CLUE = ("run", 4)
"""The clue atoms ``run(R,-1,K,N)`` and ``run(-1,C,K,N)``, grouped by line (their site)."""
REFINED = True
CLAIM_REACH = None
WIDEN = None
TIER_GRADES = {0: 0, 1: 0, 2: 0, 3: 1}
"""Grade of the hardest tier used: a line's runs, one at a time (tiers 1 and 2), easy; its
every arrangement (3) medium; a trial (no line alone decides a cell) hard or expert."""
OFTEN_HARDER = (2, 0.55)
"""A puzzle whose steps pin runs by the decided cells (tier 2) this often, not by the clue
alone, grades medium: random 10x10 pictures need it in 22-80 % of their steps."""


def board_facts(puzzle: Nonogram) -> list[str]:
    """The cells, which stay when a line's runs are left out."""
    return [line for line in facts(puzzle) if line.startswith("cell(")]


def cells(puzzle: Nonogram) -> list[Cell]:
    return [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)]


def shown(_puzzle: Nonogram) -> dict[Cell, Value]:
    """No cell is shown: the clues stand outside the grid."""
    return {}


def literal(_puzzle: Nonogram, cell: Cell, value: Value) -> tuple[clingo.Symbol, bool]:
    """ "shaded" is ``shaded(R,C)``, "unshaded" its negation."""
    return atom("shaded", *cell), value == SHADED


def clue(puzzle: Nonogram, site: Cell) -> Runs:
    """The runs of the line whose clue stands at `site` (KeyError for a cell of the grid)."""
    return dict(puzzle.lines())[site]


def says(value: Value, plural: bool) -> str:
    return f"{'are' if plural else 'is'} {value}"


def says_clue(runs: Runs, plural: bool) -> str:
    return f"{'have' if plural else 'has'} runs {' '.join(map(str, runs)) or '0'}"


def clue_group(_puzzle: Nonogram, site: Cell) -> Cell:
    """A line's runs go together: one clue, left out or kept whole."""
    return site


def segments(_puzzle: object) -> dict:
    """None: steps decide cells only."""
    return {}


def drawn(_puzzle: object, _solution: object) -> tuple:
    """None: no segments."""
    return ()

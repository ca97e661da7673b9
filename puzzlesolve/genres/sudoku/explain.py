"""Sudoku's part of check, hint and explain: a cell's digit is the atom ``digit(R,C,N)`` of
encodings/sudoku.lp; the techniques (singles to chains) are encodings/sudoku.techniques.lp."""

from __future__ import annotations

import clingo

from puzzlesolve.explain.items import atom
from puzzlesolve.grid import Cell, Value

from . import Board

CLUE = ("given", 3)
"""The clue atoms ``given(R,C,N)``."""
REFINED = True
"""Rules are switched per instance: rule 1 per cell, rules 2-4 per house and digit, rule 5
per given, so a conflict cites "rule 2 (r3, 7)" rather than the whole rule."""
GRADE_SIZES = (12, 20, 30)
"""The heaviest step's weight of tiers 1-3 for the rules engine's grades (the forward
engine grades by technique tiers, `TIER_GRADES`)."""
ONE_WAY = None
CLAIM_REACH = 1
WIDEN = None
TIER_GRADES = {0: 0, 1: 0, 2: 0, 3: 1, 4: 2, 5: 3}
"""Technique tier -> grade: singles easy, locked candidates medium, subsets hard, fish,
wings and chains expert (Tatham's Solo: Trivial and Basic, Intermediate, Advanced,
Extreme)."""
CHECK_ALWAYS = (5,)
"""The givens stay (rule 5) while check asks which single rule the marks break."""


def segments(_board: Board) -> dict:
    return {}


def drawn(_board: Board, _grid: object) -> tuple:
    return ()


def cells(board: Board) -> list[Cell]:
    return board.cells


def shown(board: Board) -> dict[Cell, Value]:
    return dict(board.givens)


def literal(_board: Board, cell: Cell, value: Value) -> tuple[clingo.Symbol, bool]:
    assert isinstance(value, int)
    return atom("digit", *cell, value), True


def clue(board: Board, cell: Cell) -> int:
    return board.givens[cell]


def says(value: Value, plural: bool) -> str:
    return f"hold{'' if plural else 's'} {value}"


def says_clue(digit: int, plural: bool) -> str:
    return f"{'are' if plural else 'is'} given {digit}"


def clue_group(_board: Board, cell: Cell) -> Cell:
    return cell


def board_facts(_board: Board) -> list[str]:
    """None: the boxes are facts of their own, kept when the givens are left out."""
    return []


def forward_givens(board: Board) -> dict[Cell, Value]:
    """The givens, known to the technique file from the start."""
    return dict(board.givens)

"""Hidato's and Numbrix's part of check, hint and explain: cell values as atoms of
encodings/hidato.lp."""

from __future__ import annotations

import clingo

from puzzlesolve.explain import results
from puzzlesolve.explain.items import atom
from puzzlesolve.grid import Cell, Value

from . import Board


def segments(_puzzle: object) -> dict:
    """None: steps decide cells only."""
    return {}


def drawn(_puzzle: object, _solution: object) -> tuple:
    """None: no segments."""
    return ()


REFINED = True
"""Rules and techniques are switched per ground instance, as each tag of encodings/hidato.lp
says (``for``): rule 1 per cell, rule 2 per number, rule 3 per pair of consecutive numbers,
rule 4 per given cell; between, only cell, reach and parity per number, dead end per cell.
A step then cites "rule 3 for 18-19" or "between for 19", not the whole rule."""

CLAIM_REACH = 1
"""A step decides its own cell and what its reason forces next to it: a reason that reaches
far (a chain of numbers between two givens) decides one place at a time, as a person writes
the numbers in."""
WIDEN = None
"""Not calibrated here (no labelled set): the usual 4 candidates a round."""

GRADE_SIZES = (15, 21, 28)
"""The heaviest step's weight (`Step.weight`) of tiers 1, 2 and 3 (easy, medium, hard;
beyond: expert)."""
# per-instance reasons (rule 3 for 12-13, between for 13): heaviest step, measured
# 2026-11-25 with the final rules file: Numbrix one-character-3x3 11, small-5x5 14, holes-6x6
# 19, Rosetta example1 9x9 13; Hidato small-5x5 17, Wikipedia sample 8x8 20, generated 5x5
# hard seed 0 28, voids-6x7 35. Earlier figures of generated 5x5 (seeds 0-2, --no-grade):
# Hidato easy 14-28, hard 20-31; Numbrix easy 11-15, hard 15-28.

ONE_WAY = results.ONE_WAY
"""One grade harder when at least this share of rounds offers one way on only."""

CHECK_ALWAYS = (4,)
"""Rules of the built-in rules file kept in force while `check` asks which single rule the
marks break outright (`explain.lead`): the givens stay where they are (rule 4), so that a
given number written a second time breaks rule 2 outright."""

CLUE = ("given", 3)
"""The clue atoms ``given(R,C,N)``."""


def cells(board: Board) -> list[Cell]:
    return sorted(board.cells)


def shown(board: Board) -> dict[Cell, Value]:
    """The givens."""
    return dict(board.givens)


def literal(_board: Board, cell: Cell, value: Value) -> tuple[clingo.Symbol, bool]:
    assert isinstance(value, int)
    return atom("number", *cell, value), True


def clue(board: Board, cell: Cell) -> int:
    return board.givens[cell]


def says(value: Value, plural: bool) -> str:
    return f"hold{'' if plural else 's'} {value}"


def says_clue(number: int, plural: bool) -> str:
    return f"{'are' if plural else 'is'} given {number}"


def clue_group(_puzzle: object, cell: Cell) -> Cell:
    """Each cell's clue stands alone."""
    return cell


def board_facts(_puzzle: object) -> list[str]:
    """None: the board's cells are facts of their own, kept when the clues are left out."""
    return []


def forward_givens(board: Board) -> dict[Cell, Value]:
    """The givens, known to the technique file (encodings/hidato.techniques.lp) from the
    start."""
    return dict(board.givens)

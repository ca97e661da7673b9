"""Numberlink's part of check, hint and explain: cell values as atoms of
encodings/numberlink.lp."""

from __future__ import annotations

from puzzlesolve.grid import Cell, Value

from . import Numberlink

GRADE_SIZES = (20, 30, 45)
"""The heaviest step's weight (`Difficulty.largest`, `Step.weight`) of tiers 1, 2 and 3
(easy, medium, hard; beyond: expert)."""
# bench/grades.py, Flow Free (--fill), weights since rule 1 alone says a segment joins one
# label: regular 5x5-8x8 heaviest steps 10-16 (easy), extreme 8x8 27 (medium), regular 9x9 25
# (hard: one way on in 98 % of the rounds), jumbo 10x10 31 (hard), extreme 9x9 and 10x10
# 72-89 (expert); ours (generate, Nikoli rules) 6x6 and 7x7: easy setting 13-38, hard
# setting 24-55 (old weights).

CLUE = ("endpoint", 3)
"""The clue atoms ``endpoint(R,C,L)``."""


def cells(puzzle: Numberlink) -> list[Cell]:
    return [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)]


def shown(puzzle: Numberlink) -> dict[Cell, Value]:
    """The endpoints' labels."""
    return {cell: puzzle.names[k] for cell, k in puzzle.endpoints.items()}


def literal(puzzle: Numberlink, cell: Cell, value: Value) -> tuple[str, bool]:
    """A label is ``line(R,C,L)``; "-" (no line) is the negation of ``used(R,C)``."""
    if value == "-":
        return f"used({cell[0]},{cell[1]})", False
    return f"line({cell[0]},{cell[1]},{puzzle.names.index(value)})", True


def clue(puzzle: Numberlink, cell: Cell) -> str:
    return puzzle.names[puzzle.endpoints[cell]]


def says(value: Value, plural: bool) -> str:
    if value == "-":
        return f"ha{'ve' if plural else 's'} no line"
    return f"lie{'' if plural else 's'} on line {value}"


def says_clue(label: str, plural: bool) -> str:
    return f"{'are ends' if plural else 'is an end'} of line {label}"


def clue_group(puzzle: Numberlink, cell: Cell) -> int:
    """A label's two endpoints are one clue: one alone cannot be joined to anything."""
    return puzzle.endpoints[cell]


def board_facts(_puzzle: object) -> list[str]:
    """None: the board's cells are facts of their own, kept when the clues are left out."""
    return []


REFINED = True
"""Guards per instance: a step cites a rule at the cells it uses (see instrument.instrument)."""
CLAIM_REACH = None
"""A step decides what its reason forces next to the cells it uses."""
WIDEN = None
"""Not calibrated here (no labelled set): the usual 4 candidates a round."""

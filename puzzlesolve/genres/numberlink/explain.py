"""Numberlink's part of check, hint and explain: cell values as atoms of
encodings/numberlink.lp."""

from __future__ import annotations

from itertools import pairwise

import clingo

from puzzlesolve.explain.items import atom, grid_pairs
from puzzlesolve.grid import Cell, Value

from . import Numberlink, Paths

GRADE_SIZES = (20, 30, 45)
"""The heaviest step's weight (`Difficulty.largest`, `Step.weight`) of tiers 1, 2 and 3
(easy, medium, hard; beyond: expert)."""
# bench/grades.py, Flow Free (--fill), weights since rule 1 alone says a segment joins one
# label: regular 5x5-8x8 heaviest steps 10-16 (easy), extreme 8x8 27 (medium), regular 9x9 25
# (hard: one way on in 98 % of the rounds), jumbo 10x10 31 (hard), extreme 9x9 and 10x10
# 72-89 (expert); ours (generate, Nikoli rules) 6x6 and 7x7: easy setting 13-38, hard
# setting 24-55 (old weights).

OFTEN_HARDER = (4, 1 / 8)
"""A puzzle whose hardest technique is of tier 4 (no bend in a block, corner: the
no-self-touch techniques), needed by at least an eighth of its steps, grades one harder
(hard to expert): every Flow Free level needs tier 4 from 9x9 up, but the extreme packs at
every size 8x8-12x12 need it in 13-33 % of their steps, the regular and jumbo packs up to
12x12 in 8-11 % (bench/grades.py --flow)."""

ONE_WAY = None
"""Never a grade harder for rounds with one way on only: a line is drawn a segment at a
time, one forcing the next, so nearly every round has one way on, in easy levels too (5x5:
97 %)."""

CLUE = ("endpoint", 3)
"""The clue atoms ``endpoint(R,C,L)``."""


def cells(puzzle: Numberlink) -> list[Cell]:
    return [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)]


def shown(puzzle: Numberlink) -> dict[Cell, Value]:
    """The endpoints' labels."""
    return {cell: puzzle.names[k] for cell, k in puzzle.endpoints.items()}


def literal(
    puzzle: Numberlink, cell: Cell | tuple[int, int, int, int], value: Value
) -> tuple[clingo.Symbol, bool]:
    """A label is ``line(R,C,L)``; "-" (no line) is the negation of ``used(R,C)``; a segment
    ``(r1, c1, r2, c2)`` drawn (True) is ``link(R1,C1,R2,C2)``, not drawn its negation."""
    if len(cell) == 4:
        return atom("link", *cell), bool(value)
    if value == "-":
        return atom("used", *cell), False
    return atom("line", *cell, puzzle.names.index(value)), True


def clue(puzzle: Numberlink, cell: Cell) -> str:
    return puzzle.names[puzzle.endpoints[cell]]


def says(value: Value, plural: bool) -> str:
    if value == "-":
        return f"ha{'ve' if plural else 's'} no line"
    return f"lie{'' if plural else 's'} on line {value}"


def says_cannot(value: Value) -> str:
    """What a wrong mark cannot be, as `check`'s lead says it (`explain.lead`)."""
    return "must have a line" if value == "-" else f"cannot lie on line {value}"


def says_clue(label: str, plural: bool) -> str:
    return f"{'are ends' if plural else 'is an end'} of line {label}"


def clue_group(puzzle: Numberlink, cell: Cell) -> int:
    """A label's two endpoints are one clue: one alone cannot be joined to anything."""
    return puzzle.endpoints[cell]


def board_facts(puzzle: Numberlink) -> list[str]:
    """The labels, as ``label/1`` facts: numberlink.lp derives them from the endpoints, which
    are clues here that a step may leave out, and a line's label must exist all the same
    (else a step could use an endpoint it does not cite, as the only way its label exists).
    The board's cells are facts of their own."""
    return [f"label({k})." for k in range(1, len(puzzle.names))]


def segments(puzzle: Numberlink) -> dict[tuple[int, int, int, int], clingo.Symbol]:
    """Every pair of adjacent cells: a person draws the line segment by segment, and a step
    may decide one ("segment r1c1-r1c2 is drawn") before any cell's line is known."""
    return grid_pairs(puzzle.rows, puzzle.cols, "link")


def drawn(_puzzle: Numberlink, paths: Paths) -> set[tuple[int, int, int, int]]:
    """The segments between consecutive cells of each line, in `segments`' order."""
    return {(*min(a, b), *max(a, b)) for path in paths.values() for a, b in pairwise(path)}


REFINED = True
"""Guards per instance: a step cites a rule at the cells it uses (see instrument.instrument)."""
CLAIM_REACH = None
"""A step decides what its reason forces next to the cells it uses."""
WIDEN = None
"""Not calibrated here (no labelled set): the usual 4 candidates a round."""


def forward_givens(puzzle: Numberlink) -> dict[Cell, Value]:
    """The endpoints' labels, known to the technique file (encodings/numberlink.techniques.lp)
    from the start."""
    return shown(puzzle)


def forward_value(puzzle: Numberlink, symbol: clingo.Symbol) -> Value:
    """A technique file's cell value: a label's number, or ``none`` (no line, "-")."""
    if symbol.type == clingo.SymbolType.Number:
        return puzzle.names[symbol.number]
    return "-"


def forward_symbol(puzzle: Numberlink, value: Value) -> clingo.Symbol:
    """The technique file's term for a label ("-": ``none``)."""
    if value == "-":
        return clingo.Function("none")
    return clingo.Number(puzzle.names.index(value))


FORWARD_ASSUMABLE = ("no_self_touch",)
"""Switches whose rule the forward engine may assume where no technique applies without it,
when the puzzle's only solution keeps that rule anyway (Flow Free levels: lines never run
alongside themselves), saying so in the step."""

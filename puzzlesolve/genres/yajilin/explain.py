"""Yajilin's part of check, hint and explain: the empty cells (shaded or unshaded) and the
loop's segments between them as sites of the forward engine (encodings/yajilin.techniques.lp
names them ``c(R,C)`` and ``s(R1,C1,R2,C2)``); a clue is a clue, never a site."""

from __future__ import annotations

import clingo

from puzzlesolve import loops
from puzzlesolve.explain.items import atom, pair_literal
from puzzlesolve.grid import Cell, Value
from puzzlesolve.loops import ON, Pair

from . import SHADED, UNSHADED, Solved, Yajilin, token

CLUE = ("clue", 5)
"""The clue atoms ``clue(R,C,DR,DC,N)``."""
GRADE_SIZES = (8, 12, 20)
"""The heaviest step's weight of easy, medium and hard (beyond: expert); the forward engine
grades by its techniques' tiers, these stand where a weight is asked for."""
TIER_GRADES = {0: 0, 1: 0, 2: 1, 3: 1, 4: 2}
"""The grade index (easy, medium, hard, expert) of the hardest technique tier used: the
counts and the ways out of a cell (tier 1) are easy, a loop closed early (tier 3) medium; a
trial makes a puzzle hard, more than two expert."""
ONE_WAY = None
"""A loop is drawn a segment at a time: one way on says nothing of the grade."""
REFINED = True
"""Guards per instance."""
CLAIM_REACH = None
"""A step decides what its reason forces next to the sites it uses."""
WIDEN = None
"""The usual candidates a round."""
CHECK_BY_CORES = True
"""Answers are checked over the cells and pairs they mark (`explain.loopcheck`)."""

board_facts, clue_group = loops.board_facts, loops.clue_group


def drawn(puzzle: Yajilin, solved: Solved) -> set[tuple[int, int, int, int]]:
    """The loop's segments, as `segments` keys them."""
    return loops.drawn(puzzle, solved.loop)


def cells(puzzle: Yajilin) -> list[Cell]:
    """The empty cells: each is shaded or not."""
    return puzzle.empty()


def shown(_puzzle: Yajilin) -> dict[Cell, Value]:
    """None: a clue cell is no site."""
    return {}


def segments(puzzle: Yajilin) -> dict[tuple[int, int, int, int], clingo.Symbol]:
    """Every pair of side-neighbouring empty cells, with the atom of yajilin.lp that draws it."""
    empty = set(puzzle.empty())
    return {
        (r, c, r2, c2): atom("segment", r, c, r2, c2)
        for r, c in sorted(empty)
        for r2, c2 in ((r, c + 1), (r + 1, c))
        if (r2, c2) in empty
    }


def literal(
    _puzzle: Yajilin, site: Cell | Pair | tuple, value: Value
) -> tuple[clingo.Symbol, bool]:
    """A cell "shaded" is ``shaded(R,C)``, "unshaded" its negation; a segment "on" is
    ``segment(R,C,R2,C2)``, "off" its negation."""
    if len(site) == 2 and not isinstance(site[0], tuple):
        return atom("shaded", *site), value == SHADED
    return pair_literal("segment", site, value)


def clue(puzzle: Yajilin, cell: Cell) -> str:
    """A clue as written, ``2>``.

    Raises:
        KeyError: a cell without a clue.
    """
    return token(puzzle.clues[cell])


def says_clue(text: str, plural: bool) -> str:
    return f"show{'' if plural else 's'} {text}"


def says_pair(on: bool, plural: bool) -> str:
    """A segment's value: "is a line", "is no line"."""
    if plural:
        return "are lines" if on else "are no lines"
    return "is a line" if on else "is no line"


def says(value: Value, plural: bool) -> str:
    if value in (SHADED, UNSHADED):
        return f"{'are' if plural else 'is'} {value}"
    return says_pair(value in (ON, True), plural)

"""Kurodoko's part of check, hint and explain: cell values as atoms of encodings/kurodoko.lp,
techniques in encodings/kurodoko.techniques.lp."""

from __future__ import annotations

from puzzlesolve import shading
from puzzlesolve.explain import results

# the cells steps decide, as Nurikabe's (puzzlesolve/shading.py)
literal, cells, shown, clue = shading.literal, shading.cells, shading.shown, shading.clue
says, says_clue, clue_group = shading.says, shading.says_clue, shading.clue_group
board_facts, segments, drawn = shading.board_facts, shading.segments, shading.drawn
forward_givens = shading.forward_givens

CLUE = ("number", 3)
"""The clue atoms ``number(R,C,N)``: each numbered cell's number."""
GRADE_SIZES = (12, 18, 27)
"""The heaviest step's weight of tiers 1, 2 and 3 (the rules engine's grades, for a rules
file of one's own; the built-in one grades by `TIER_GRADES`)."""
ONE_WAY = results.ONE_WAY
"""One grade harder when at least this share of rounds offers one way on only."""
REFINED = True
"""Guards per instance: a step cites a rule at the cells it uses (see instrument.instrument)."""
CLAIM_REACH = None
"""A step decides what its reason forces next to the cells it uses."""
WIDEN = None
"""The usual 4 candidates a round."""
TIER_GRADES = {0: 0, 1: 0, 2: 1, 3: 1}
"""Grade of the hardest tier used: a number's counts (tiers 0-1) easy, do not cut the white
area (2) and a stretch stopped short (3) medium, a trial hard. Tatham's Range solver needs
tiers 0-3 only, never its recursion, on every board his generator makes: easy or medium."""

"""Nurikabe's part of check, hint and explain: cell values as atoms of encodings/nurikabe.lp."""

from __future__ import annotations

from puzzlesolve import shading
from puzzlesolve.explain import results

# the cells steps decide, as Kurodoko's (puzzlesolve/shading.py)
literal, cells, shown, clue = shading.literal, shading.cells, shading.shown, shading.clue
says, says_clue, clue_group = shading.says, shading.says_clue, shading.clue_group
board_facts, segments, drawn = shading.board_facts, shading.segments, shading.drawn
forward_givens = shading.forward_givens

GRADE_SIZES = (12, 18, 27)
"""The largest step size (`Difficulty.largest`) of tiers 1, 2 and 3 (easy, medium, hard;
beyond: expert)."""
# Not calibrated against human grades yet (no labelled Nurikabe set here): the pzprjs 5x5
# example explains with a largest step of 11; the limits follow Hitori's proportions.

ONE_WAY = results.ONE_WAY
"""One grade harder when at least this share of rounds offers one way on only."""

CLUE = ("number", 3)
"""The clue atoms ``number(R,C,N)``: each numbered cell's number."""

REFINED = True
"""Guards per instance: a step cites a rule at the cells it uses (see instrument.instrument)."""
CLAIM_REACH = None
"""A step decides what its reason forces next to the cells it uses."""
WIDEN = None
"""Not calibrated here (no labelled set): the usual 4 candidates a round."""

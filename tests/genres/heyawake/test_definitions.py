"""Heyawake: with one numbered rule switched off, exactly the answers that keep every other
rule remain, so no other rule is blamed for the breaks of the one switched off (see
tests/definitions.py; the answers checked against heyawake_check's reading of the rules)."""

from __future__ import annotations

import random

import pytest
from definitions import answers_without

from puzzlesolve.program import encoding_path

from .heyawake_check import facts, shadings


@pytest.mark.parametrize("off", [1, 2, 3, 4])
def test_with_one_rule_off_exactly_the_answers_that_break_no_other_remain(off):
    rng = random.Random(off)
    for rows, cols in [(2, 2), (2, 3), (3, 3), (3, 4)]:
        rooms = {(r, c): rng.randint(1, 3) for r in range(rows) for c in range(cols)}
        counts = {cell: rng.randint(0, 2) for cell in rng.sample(sorted(rooms), 2)}
        found = answers_without(
            encoding_path("heyawake.lp"), off, facts(rooms, counts), {"prune": 0}, "shaded"
        )
        assert found == shadings(rooms, counts, off), (rooms, counts, off)

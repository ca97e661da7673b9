"""Star Battle: with one numbered rule switched off, exactly the answers that keep every
other rule remain, so no other rule is blamed for the breaks of the one switched off (see
tests/definitions.py; the answers checked against an independent reading of the rules here)."""

from __future__ import annotations

import itertools
import random

import pytest
from definitions import Cell, answers_without

from puzzlesolve.program import encoding_path


def breaks(regions: dict[Cell, int], stars: set[Cell], n: int) -> set[int]:
    """The numbered rules a placement of stars breaks, read from the rules' sentences."""
    rows = {r for r, _ in regions}
    cols = {c for _, c in regions}
    broken = set()
    if any(sum(1 for r, _ in stars if r == row) != n for row in rows):
        broken.add(1)
    if any(sum(1 for _, c in stars if c == col) != n for col in cols):
        broken.add(2)
    if any(sum(1 for s in stars if regions[s] == k) != n for k in set(regions.values())):
        broken.add(3)
    if any(
        max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a, b in itertools.combinations(stars, 2)
    ):
        broken.add(4)
    return broken


def boards():
    """Small boards cut into random regions (not always connected: the rules need not care)."""
    rng = random.Random(4)
    return [
        {(r, c): rng.randint(1, k) for r in range(rows) for c in range(cols)}
        for rows, cols, k in [(2, 2, 2), (3, 3, 3), (3, 3, 2), (3, 4, 3), (4, 4, 4), (4, 4, 3)]
    ]


@pytest.mark.parametrize("off", [1, 2, 3, 4])
def test_with_one_rule_off_exactly_the_answers_that_break_no_other_remain(off):
    for regions in boards():
        facts = "stars(1). " + "".join(f"region({r},{c},{k})." for (r, c), k in regions.items())
        found = answers_without(encoding_path("starbattle.lp"), off, facts, {}, "star")
        expected = {
            frozenset(stars)
            for size in range(len(regions) + 1)
            for stars in itertools.combinations(sorted(regions), size)
            if breaks(regions, set(stars), 1) <= {off}
        }
        assert found == expected, (regions, off)

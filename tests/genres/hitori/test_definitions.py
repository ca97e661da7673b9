"""Hitori: with one numbered rule switched off, exactly the answers that keep every other
rule remain, so no other rule is blamed for the breaks of the one switched off (see
tests/definitions.py; the answers checked against an independent reading of the rules here)."""

from __future__ import annotations

import itertools
import random

import pytest
from definitions import Cell, answers_without, connected, neighbours

from puzzlesolve.program import encoding_path


def hitori_breaks(numbers: dict[Cell, int], shaded: set[Cell]) -> set[int]:
    white = set(numbers) - shaded
    broken = set()
    for a, b in itertools.combinations(sorted(white), 2):
        if numbers[a] == numbers[b] and (a[0] == b[0] or a[1] == b[1]):
            broken.add(1)
    if any(n in shaded for s in shaded for n in neighbours(s, numbers)):
        broken.add(2)
    edges = {(a, b) for a in white for b in neighbours(a, white)}
    if white and len(connected(white, edges)) > 1:
        broken.add(3)
    return broken


def hitori_boards():
    rng = random.Random(6)
    boards = []
    for rows, cols in [(1, 3), (2, 2), (2, 3), (3, 2), (3, 3), (3, 3), (3, 3), (2, 4), (3, 4)]:
        boards.append({(r, c): rng.randint(1, 2) for r in range(rows) for c in range(cols)})
    return boards


@pytest.mark.parametrize("off", [1, 2, 3])
def test_hitori_with_one_rule_off_keeps_exactly_the_answers_that_break_no_other(off):
    for numbers in hitori_boards():
        facts = "".join(f"number({r},{c},{n})." for (r, c), n in numbers.items())
        found = answers_without(encoding_path("hitori.lp"), off, facts, {"prune": 0}, "shaded")
        expected = set()
        for size in range(len(numbers) + 1):
            for shaded in itertools.combinations(sorted(numbers), size):
                if hitori_breaks(numbers, set(shaded)) <= {off}:
                    expected.add(frozenset(shaded))
        assert found == expected, (numbers, off)

"""Hidato and Numbrix: with one numbered rule switched off, exactly the answers that keep every other
rule remain, so no other rule is blamed for the breaks of the one switched off (see
tests/definitions.py; the answers checked against an independent reading of the rules here)."""

from __future__ import annotations

import itertools

import pytest
from definitions import answers_without, neighbours

from puzzlesolve.program import encoding_path


def hidato_breaks(cells, givens, placed: set[tuple[int, int, int]], king: bool) -> set[int]:
    size = len(cells)
    broken = set()
    if any(sum(1 for (r, c, _) in placed if (r, c) == cell) != 1 for cell in cells):
        broken.add(1)
    if any(sum(1 for (_, _, n) in placed if n == v) != 1 for v in range(1, size + 1)):
        broken.add(2)
    written = {n for (_, _, n) in placed}
    for r, c, n in placed:  # N+1, where it is written, is written next to N
        if n + 1 in written and not any(
            (r2, c2, n + 1) in placed for r2, c2 in neighbours((r, c), cells, king)
        ):
            broken.add(3)
    if any((r, c, n) not in placed for (r, c), n in givens.items()):
        broken.add(4)
    return broken


def hidato_candidates(cells):
    """Answers with one number a cell, and answers with one cell a number (1..size)."""
    size = len(cells)
    for values in itertools.product(range(1, size + 1), repeat=size):
        yield {(r, c, n) for (r, c), n in zip(cells, values)}
    for where in itertools.product(cells, repeat=size):
        yield {(r, c, n) for n, (r, c) in enumerate(where, start=1)}


HIDATO_BOARDS = [
    ([(0, 0), (0, 1), (0, 2)], {}),
    ([(0, 0), (0, 1), (0, 2)], {(0, 1): 1}),
    ([(0, 0), (0, 1), (1, 0), (1, 1)], {(0, 0): 1}),
    ([(0, 0), (0, 1), (1, 1), (1, 2)], {(1, 2): 4}),
    ([(0, 0), (0, 1), (0, 2), (1, 0), (1, 2)], {(0, 1): 3}),
]


@pytest.mark.parametrize("king", [0, 1])
@pytest.mark.parametrize("off", [1, 2, 3, 4])
def test_hidato_with_one_rule_off_keeps_exactly_the_answers_that_break_no_other(off, king):
    for cells, givens in HIDATO_BOARDS:
        facts = "".join(f"cell({r},{c})." for r, c in cells) + "".join(
            f"given({r},{c},{n})." for (r, c), n in givens.items()
        )
        constants = {"king": king, "prune": 0}  # as explanations solve (prune: speed only)
        found = answers_without(encoding_path("hidato.lp"), off, facts, constants, "number")
        expected = {
            frozenset(placed)
            for placed in hidato_candidates(cells)
            if hidato_breaks(cells, givens, placed, bool(king)) <= {off}
        }
        assert found == expected, (cells, givens, off, king)

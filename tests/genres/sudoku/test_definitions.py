"""Sudoku: with one numbered rule switched off, exactly the answers that keep every other rule
remain, so no other rule is blamed for the breaks of the one switched off (see
tests/definitions.py; the answers checked against an independent reading of the rules here)."""

from __future__ import annotations

import itertools

import pytest
from definitions import answers_without

from puzzlesolve.genres.sudoku import BOXES, Board, facts
from puzzlesolve.program import encoding_path


def breaks(side: int, givens: dict, placed: set[tuple[int, int, int]]) -> set[int]:
    height, width = BOXES[side]
    broken = set()
    cells = [(r, c) for r in range(side) for c in range(side)]
    if any(sum(1 for (r, c, _) in placed if (r, c) == cell) != 1 for cell in cells):
        broken.add(1)
    for a, b in itertools.combinations(sorted(placed), 2):
        if a[2] != b[2] or a[:2] == b[:2]:
            continue
        if a[0] == b[0]:
            broken.add(2)
        if a[1] == b[1]:
            broken.add(3)
        if (a[0] // height, a[1] // width) == (b[0] // height, b[1] // width):
            broken.add(4)
    if any((r, c, n) not in placed for (r, c), n in givens.items()):
        broken.add(5)
    return broken


def candidates(side: int, free: list[tuple[int, int]], fixed: dict):
    """Every set of digit atoms on `free` cells (none, one or two digits a cell), the other
    cells holding the digits of `fixed`."""
    options = (
        [()]
        + [(n,) for n in range(1, side + 1)]
        + list(itertools.combinations(range(1, side + 1), 2))
    )
    base = {(r, c, n) for (r, c), n in fixed.items()}
    for choice in itertools.product(options, repeat=len(free)):
        yield base | {(r, c, n) for (r, c), digits in zip(free, choice) for n in digits}


SOLVED = [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]
# the free cells: two in a row, one of them sharing a column and a box with a third
FREE = [(0, 0), (0, 1), (1, 0)]


@pytest.mark.parametrize("off", [1, 2, 3, 4, 5])
def test_with_one_rule_off_exactly_the_answers_that_break_no_other_remain(off):
    fixed = {(r, c): SOLVED[r][c] for r in range(4) for c in range(4) if (r, c) not in FREE}
    for givens in ({}, {(0, 0): 1}, {(0, 1): 3}):
        text = "".join(facts(Board(4, 4, givens)))
        pin = "".join(f":- not digit({r},{c},{n})." for (r, c), n in fixed.items())
        found = answers_without(encoding_path("sudoku.lp"), off, text + pin, {"prune": 0}, "digit")
        expected = {
            frozenset(placed)
            for placed in candidates(4, FREE, fixed)
            if breaks(4, givens, placed) <= {off}
        }
        assert found == expected, (givens, off)

"""encodings/hitori.lp's techniques are implied by its rules on random small boards, and a
technique that does not follow from them fails the same comparison (tests/techniques.py)."""

from __future__ import annotations

import random

import pytest
from conftest import rules_copy
from techniques import assert_implied, solution_sets

from puzzlesolve.program import encoding_path
from puzzlesolve.rulebook import read_rulebook


def random_hitori(rng: random.Random) -> str:
    """Half of the boards random numbers (mostly no solution), half made from a shading that
    keeps the rules, so that they have solutions: white cells numbered by a Latin square,
    each shaded cell given the number of a white cell in its row or column."""
    rows, cols = rng.randint(1, 6), rng.randint(1, 6)
    if rng.random() < 0.5:
        top = rng.randint(1, max(rows, cols))
        return "\n".join(
            f"number({r},{c},{rng.randint(1, top)})." for r in range(rows) for c in range(cols)
        )
    shaded: set[tuple[int, int]] = set()
    for _ in range(rows * cols // 3):
        cell = (rng.randrange(rows), rng.randrange(cols))
        touching = {(cell[0] + dr, cell[1] + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))}
        if not touching & shaded and _connected(rows, cols, shaded | {cell}):
            shaded.add(cell)
    size = max(rows, cols)
    shift = rng.randrange(size)
    numbers = {(r, c): 1 + (r + c + shift) % size for r in range(rows) for c in range(cols)}
    for r, c in shaded:
        whites = [(r, x) for x in range(cols) if (r, x) not in shaded] + [
            (y, c) for y in range(rows) if (y, c) not in shaded
        ]
        numbers[r, c] = numbers[rng.choice(whites)]
    return "\n".join(f"number({r},{c},{n})." for (r, c), n in sorted(numbers.items()))


def _connected(rows: int, cols: int, shaded: set[tuple[int, int]]) -> bool:
    whites = {(r, c) for r in range(rows) for c in range(cols)} - shaded
    todo, seen = [min(whites)], {min(whites)}
    while todo:
        r, c = todo.pop()
        for near in ((r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c)):
            if near in whites and near not in seen:
                seen.add(near)
                todo.append(near)
    return seen == whites


def test_techniques_keep_the_solutions_of_random_small_boards():
    rng = random.Random(20)
    for _trial in range(60):
        facts = random_hitori(rng)
        assert_implied(encoding_path("hitori.lp"), facts, {}, facts)


# --- a wrong technique is caught -------------------------------------------------------------

WRONG = """\
%   T9. never in a corner: a corner cell stays unshaded.
"""


def test_a_technique_that_does_not_follow_from_the_rules_fails_the_comparison(tmp_path):
    text = encoding_path("hitori.lp").read_text()
    header_end = text.index("% Input:")
    wrong = (
        text[:header_end]
        + WRONG
        + text[header_end:].replace(
            "%## Display",
            "% technique T9\n:- shaded(0,0).\n\n%## Display",
        )
    )
    rules = rules_copy(tmp_path, wrong, "wrong.lp")
    assert read_rulebook(rules).techniques[9].name == "never in a corner"
    facts = "number(0,0,1). number(0,1,1). number(1,0,2). number(1,1,3)."  # (0,0) or (0,1)
    assert len(solution_sets(rules, facts, {}, techniques=False)) == 2
    with pytest.raises(AssertionError):
        assert_implied(rules, facts, {}, "wrong")
    rng = random.Random(20)
    caught = 0
    for _ in range(60):
        try:
            assert_implied(rules, random_hitori(rng), {}, "random")
        except AssertionError:
            caught += 1
    assert caught > 0

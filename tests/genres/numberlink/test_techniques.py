"""encodings/numberlink.lp's techniques are implied by its rules on random small boards,
under every combination of its switches and label pruning (tests/techniques.py)."""

from __future__ import annotations

import random

from techniques import assert_implied

from puzzlesolve.program import encoding_path

SETTINGS = [
    {"fill": f, "no_self_touch": t, "prune": p} for f in (0, 1) for t in (0, 1) for p in (0, 1)
]


def random_numberlink(rng: random.Random) -> str:
    rows, cols = rng.randint(2, 4), rng.randint(2, 4)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    ends = rng.sample(cells, 2 * rng.randint(1, min(3, len(cells) // 2)))
    facts = [f"cell({r},{c})." for r, c in cells]
    facts += [f"endpoint({r},{c},{1 + i // 2})." for i, (r, c) in enumerate(ends)]
    return "\n".join(facts)


def test_techniques_keep_the_solutions_of_random_small_boards():
    rng = random.Random(20)
    for _trial in range(24):
        facts = random_numberlink(rng)
        for constants in SETTINGS:
            assert_implied(
                encoding_path("numberlink.lp"), facts, constants, f"{facts}\n{constants}"
            )

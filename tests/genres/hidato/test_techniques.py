"""encodings/hidato.lp's techniques are implied by its rules on random small boards, for
Hidato and Numbrix, with and without the pruning walk (tests/techniques.py)."""

from __future__ import annotations

import random

import clingo
from techniques import assert_implied

from puzzlesolve.program import encoding_path

SETTINGS = [{"king": k, "prune": p} for k in (0, 1) for p in (0, 1)]


def random_hidato(rng: random.Random) -> str:
    """A board with voids; its givens are mostly taken from a random Numbrix path over it
    (found by clingo with a random seed), so many boards have solutions, often several."""
    rows, cols = rng.randint(1, 4), rng.randint(1, 5)
    cells = [(r, c) for r in range(rows) for c in range(cols) if rng.random() > 0.15]
    board = "".join(f"cell({r},{c})." for r, c in cells)
    path: dict[tuple[int, int], int] = {}
    ctl = clingo.Control(
        ["--const=king=0", "--rand-freq=1", f"--seed={rng.randrange(1 << 16)}"],
        logger=lambda _code, _text: None,
    )
    ctl.load(str(encoding_path("hidato.lp")))
    ctl.add("base", [], board)
    ctl.ground([("base", [])])
    ctl.solve(
        on_model=lambda m: path.update(
            {
                (s.arguments[0].number, s.arguments[1].number): s.arguments[2].number
                for s in m.symbols(shown=True)
            }
        )
    )
    if not path:  # no path over this board: numbers at random
        numbers = list(range(1, len(cells) + 1))
        rng.shuffle(numbers)
        path = dict(zip(cells, numbers))
    share = rng.choice((0.2, 0.4))
    return board + "".join(
        f"given({r},{c},{n})." for (r, c), n in path.items() if rng.random() < share
    )


def test_techniques_keep_the_solutions_of_random_small_boards():
    rng = random.Random(20)
    for _trial in range(60):
        facts = random_hidato(rng)
        for constants in SETTINGS:
            assert_implied(encoding_path("hidato.lp"), facts, constants, f"{facts}\n{constants}")

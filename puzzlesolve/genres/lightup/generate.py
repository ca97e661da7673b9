"""Light Up generator, as Tatham's: black cells at random, lights placed at random by the
rules (a solve with a random heuristic), every black cell numbered, then numbers taken away
while the lights stay the only solution.

"easy" boards keep half the numbers that could go (more to start from), "hard" ones as few as
uniqueness allows; the grade is measured by explaining the puzzle (puzzlesolve.generate).
"""

from __future__ import annotations

import random

from puzzlesolve.explain.items import atom
from puzzlesolve.generate import (
    ClueProgram,
    Generated,
    Timer,
    check_unique,
    differs_rules,
    external,
    stem,
)
from puzzlesolve.genre import Genre
from puzzlesolve.genres.lightup import LightUp, decode, facts, render
from puzzlesolve.genres.lightup.audit import clue_values, with_clues
from puzzlesolve.program import ground

MIN_SIDE = 2
BLACK_SHARE = 0.2  # Tatham's default share of black cells
RESTARTS = 200  # boards tried before giving up: most are unique with every number shown
GRADE_LIMITS = {"lightup": {"easy": 12, "medium": 18}}  # unused: graded by technique tiers
GRADE_MAX_CELLS = {"lightup": 400}  # a 20x20 explains in 1-2 s of CPU (Tatham Tricky, Hard)


def _lights(genre: Genre, board: LightUp, seed: int) -> list[tuple[int, int]]:
    """A random placement of lights that keeps rules 1 and 2 (no number yet)."""
    arguments = ["--rand-freq=1", f"--seed={seed}"]
    ctl = ground(genre, "\n".join(facts(board)), arguments=arguments).ctl
    found: list[tuple[int, int]] = []
    ctl.solve(on_model=lambda model: found.extend(decode(model.symbols(shown=True), board)))
    return found


def generate(genre: Genre, rows: int, cols: int, seed: int, difficulty: str = "hard") -> Generated:
    """A Light Up of `rows` x `cols`; `difficulty` "easy" keeps more numbers."""
    timer, rng, calls = Timer(), random.Random(seed), 0
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    for _ in range(RESTARTS):
        board = LightUp(
            rows, cols, dict.fromkeys(rng.sample(cells, round(BLACK_SHARE * rows * cols)))
        )
        lights = _lights(genre, board, rng.randrange(1 << 30))
        near = clue_values(board, lights)
        lines = [f"cell({r},{c})." for r, c in cells] + [f"black({r},{c})." for r, c in near]
        lines += [external("number", r, c, n) for (r, c), n in near.items()]
        lines += [f"intended({r},{c})." for r, c in lights] + [differs_rules("light", 2)]
        clues = {cell: atom("number", *cell, n) for cell, n in near.items()}
        program = ClueProgram(genre, "\n".join(lines), clues.values())
        unique = program.other_solution(clues.values()) is None
        kept = (
            program.without_redundant(clues, rng, 0.5 if difficulty == "easy" else 1.0)
            if unique
            else set()
        )
        calls += program.calls
        if unique:
            break
    else:  # pragma: no cover - not seen on any size the tests sweep
        raise RuntimeError(f"no unique lightup found for seed {seed}")
    board = with_clues(board, {cell: near[cell] for cell in kept})
    header = (
        f"% lightup {rows}x{cols}, puzzlesolve generate --seed {seed} --difficulty {difficulty}\n"
    )
    text = header + render(board, [])
    solution, checked = check_unique(genre, text, {"lights": [list(c) for c in lights]})
    measures: dict[str, int | float | str] = {
        "numbers": len(kept),
        "lights": len(lights),
        **checked,
    }
    name = stem("lightup", rows, cols, difficulty, seed)
    return Generated("lightup", name, seed, text, solution, calls, measures, timer())


def check_options(_options: dict[str, object]) -> None:
    """Every combination of this genre's options is fine (`GenerateFeature.check_options`)."""

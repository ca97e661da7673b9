"""Kurodoko generator, as Tatham's Range: shade random cells where rules 1 and 2 allow, give
every unshaded cell its count, then take numbers away while the shading stays the only
solution.

"easy" boards keep half the numbers that could go, and only where clingo still proves the
shading by propagation alone (no choice: Tatham's generator keeps a number where his solver
would need its recursion). "hard" boards aim, at random, for medium or hard, so that graded
candidates (puzzlesolve.generate) come out both ways: medium ones take away every number
propagation can spare, among boards tried until the techniques
(encodings/kurodoko.techniques.lp) need tier 2 or 3; hard ones every number uniqueness can
spare, which leaves a trial to make.
"""

from __future__ import annotations

import random

from puzzlesolve import generator_kit as kit
from puzzlesolve.explain.items import atom
from puzzlesolve.generate import technique_tier
from puzzlesolve.genre import Genre

from . import Kurodoko, render
from .audit import clue_values

MIN_SIDE = 2
GRADE_LIMITS = {"kurodoko": {"easy": 12, "medium": 18}}  # unused: graded by technique tiers
GRADE_MAX_CELLS = {"kurodoko": 144}  # a 12x12 explains in about 1 s of CPU
TRIES = 6  # boards tried for a medium one
TRIED_CELLS = 400  # larger boards take the first one (its tiers take seconds to find)


def shading(rng: random.Random, rows: int, cols: int) -> set[kit.Cell]:
    """Tatham's: a third of the cells, in random order, each shaded unless it touches a
    shaded cell or would cut the unshaded cells apart."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    shaded: set[kit.Cell] = set()
    white = set(cells)
    for cell in rng.sample(cells, len(cells) // 3):
        if shaded.intersection(kit.neighbours(cell, rows, cols)):
            continue
        white.discard(cell)
        if white and kit.connected(white, rows, cols):
            shaded.add(cell)
        else:
            white.add(cell)
    return shaded


def board(
    genre: Genre, rng: random.Random, rows: int, cols: int, tried: float, proved: bool
) -> tuple[Kurodoko, list[kit.Cell], int]:
    """A unique board of a random shading, with the numbers of the first `tried` share of
    them (in random order) taken away where the shading stays unique (and, with `proved`,
    is proved so by propagation); the shading and the solver calls made."""
    dark = sorted(shading(rng, rows, cols))
    counts = {cell: n for cell, n in clue_values(Kurodoko(rows, cols, {}), dark).items() if n}
    lines = [f"cell({r},{c})." for r in range(rows) for c in range(cols)]
    lines += [kit.external("number", r, c, n) for (r, c), n in counts.items()]
    lines += [f"intended({r},{c})." for r, c in dark] + [kit.differs_rules("shaded", 2)]
    clues = {cell: atom("number", *cell, n) for cell, n in counts.items()}
    program = kit.ClueProgram(genre, "\n".join(lines), clues.values())
    kept, order = set(clues), sorted(clues)
    rng.shuffle(order)
    for cell in order[: int(len(order) * tried)]:
        other = program.other_solution([clues[k] for k in kept - {cell}])
        if other is None and (not proved or program.effort()["choices"] == 0):
            kept.discard(cell)
    return Kurodoko(rows, cols, {cell: counts[cell] for cell in kept}), dark, program.calls


def generate(
    genre: Genre, rows: int, cols: int, seed: int, difficulty: str = "hard"
) -> kit.Generated:
    """A Kurodoko of `rows` x `cols`; `difficulty` "easy" keeps more numbers."""
    timer, rng, calls = kit.Timer(), random.Random(seed), 0
    aim = difficulty if difficulty == "easy" else rng.choice(("medium", "hard"))
    tries = TRIES if aim == "medium" and rows * cols <= TRIED_CELLS else 1
    for _ in range(tries):
        share = 0.5 if aim == "easy" else 1.0
        made, dark, used = board(genre, rng, rows, cols, share, aim != "hard")
        calls += used
        if tries == 1 or 2 <= technique_tier(genre, made) <= 3:
            break
    header = (
        f"% kurodoko {rows}x{cols}, puzzlesolve generate --seed {seed} --difficulty {difficulty}"
    )
    text = header + "\n" + render(made, [])
    solution, checked = kit.check_unique(genre, text, {"shaded": [list(c) for c in dark]})
    measures: dict[str, int | float | str] = {"numbers": len(made.numbers), "aim": aim}
    measures.update(shaded=len(dark), **checked)
    name = kit.stem("kurodoko", rows, cols, difficulty, seed)
    return kit.Generated("kurodoko", name, seed, text, solution, calls, measures, timer())

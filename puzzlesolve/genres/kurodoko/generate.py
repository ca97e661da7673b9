"""Kurodoko generator, as Tatham's Range: shade random cells where rules 1 and 2 allow, give
every unshaded cell its count, then take numbers away while the shading stays the only
solution and clingo proves it by propagation alone (no choice: Tatham's generator keeps a
number where his solver would need its recursion).

"easy" boards keep half the numbers that could go; "hard" ones as few as that allows, and
of the boards tried the one whose techniques (encodings/kurodoko.techniques.lp) reach the
tier aimed at, 2 (do not cut the white area) or 3 (a stretch stopped short), drawn at
random so that graded candidates (puzzlesolve.generate) come out medium and hard alike.
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
GRADE_MAX_CELLS = {"kurodoko": 225}  # a 15x15 explains in 1-2 s of CPU
TRIES = 4  # boards tried for the tier aimed at
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
    genre: Genre, rng: random.Random, rows: int, cols: int, tried: float
) -> tuple[Kurodoko, list[kit.Cell], int]:
    """A unique board of a random shading, with the numbers of the first `tried` share of
    them (in random order) taken away where propagation still proves the shading; the
    shading and the solver calls made."""
    dark = sorted(shading(rng, rows, cols))
    counts = clue_values(Kurodoko(rows, cols, {}), dark)
    lines = [f"cell({r},{c})." for r in range(rows) for c in range(cols)]
    lines += [kit.external("number", r, c, n) for (r, c), n in counts.items()]
    lines += [f"intended({r},{c})." for r, c in dark] + [kit.differs_rules("shaded", 2)]
    clues = {cell: atom("number", *cell, n) for cell, n in counts.items()}
    program = kit.ClueProgram(genre, "\n".join(lines), clues.values())
    kept, order = set(clues), sorted(clues)
    rng.shuffle(order)
    for cell in order[: int(len(order) * tried)]:
        other = program.other_solution([clues[k] for k in kept - {cell}])
        if other is None and program.effort()["choices"] == 0:
            kept.discard(cell)
    return Kurodoko(rows, cols, {cell: counts[cell] for cell in kept}), dark, program.calls


def generate(
    genre: Genre, rows: int, cols: int, seed: int, difficulty: str = "hard"
) -> kit.Generated:
    """A Kurodoko of `rows` x `cols`; `difficulty` "easy" keeps more numbers."""
    timer, rng, calls = kit.Timer(), random.Random(seed), 0
    aim = 1 if difficulty == "easy" else rng.choice((2, 3))
    best: tuple[int, Kurodoko, list[kit.Cell], int] | None = None
    for _ in range(TRIES if rows * cols <= TRIED_CELLS else 1):
        made, dark, used = board(genre, rng, rows, cols, 0.5 if difficulty == "easy" else 1.0)
        calls += used
        tier = technique_tier(genre, made) if rows * cols <= TRIED_CELLS else aim
        miss = abs(tier - aim) if tier <= 3 else 9  # 9: the techniques get stuck
        if best is None or miss < best[0]:
            best = (miss, made, dark, tier)
        if miss == 0:
            break
    assert best is not None
    _, made, dark, tier = best
    header = (
        f"% kurodoko {rows}x{cols}, puzzlesolve generate --seed {seed} --difficulty {difficulty}\n"
    )
    text = header + render(made, [])
    solution, checked = kit.check_unique(genre, text, {"shaded": [list(c) for c in dark]})
    measures = {"numbers": len(made.numbers), "shaded": len(dark), "tier": tier, **checked}
    name = kit.stem("kurodoko", rows, cols, difficulty, seed)
    return kit.Generated("kurodoko", name, seed, text, solution, calls, measures, timer())

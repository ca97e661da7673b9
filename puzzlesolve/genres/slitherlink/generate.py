"""Slitherlink generator: a random loop, every number it gives, numbers taken away while the
puzzle stays unique.

1. Grow a random region of cells, a cell at a time, keeping its boundary one loop
   (`loops.random_region`); the loop is that boundary.
2. Write in every cell how many of its sides the loop uses.
3. Ground the rules once with every number an external atom, and take the numbers away one
   at a time in random order, each for good when no other loop fits the numbers left (the
   solver finds none). "easy" puzzles try to take away only half of them.
"""

from __future__ import annotations

import random

from puzzlesolve import generator_kit as kit
from puzzlesolve.generator_kit import Generated
from puzzlesolve.genre import Genre
from puzzlesolve.genres.slitherlink import Slitherlink, render
from puzzlesolve.loops import boundary, random_region

SHARE = 0.55  # the part of the board inside the loop
EASY_KEEPS = 0.5  # an easy puzzle keeps at least this part of its numbers
# not calibrated: Slitherlink cannot be explained yet, so the grade is not measured
GRADE_LIMITS = {"slitherlink": {"easy": 8, "medium": 12}}
GRADE_MAX_CELLS = {"slitherlink": 49}


def generate(genre: Genre, rows: int, cols: int, seed: int, difficulty: str = "hard") -> Generated:
    """A Slitherlink of `rows` x `cols` (both at least MIN_SIDE) with one solution."""
    import clingo

    timer = kit.Timer()
    rng = random.Random(seed)
    loop = boundary(random_region(rng, rows, cols, SHARE))
    on = set(loop)
    numbers = {
        (r, c): sum(
            edge in on
            for edge in (
                ((r, c), (r, c + 1)),
                ((r + 1, c), (r + 1, c + 1)),
                ((r, c), (r + 1, c)),
                ((r, c + 1), (r + 1, c + 1)),
            )
        )
        for r in range(rows)
        for c in range(cols)
    }
    clues = {cell: clingo.Function("number", [*map(clingo.Number, cell), clingo.Number(n)])
             for cell, n in numbers.items()}  # fmt: skip
    program = (
        "\n".join(
            [f"cell({r},{c})." for r, c in numbers]
            + [kit.external("number", r, c, n) for (r, c), n in sorted(numbers.items())]
            + [f"intended({a[0]},{a[1]},{b[0]},{b[1]})." for a, b in loop]
        )
        + "\n"
        + kit.differs_rules("edge", 4)
    )
    solver = kit.ClueProgram(genre, program, clues.values())
    kept = solver.without_redundant(clues, rng, 1 - EASY_KEEPS if difficulty == "easy" else 1)
    puzzle = Slitherlink(rows, cols, {cell: numbers[cell] for cell in kept})
    header = f"% slitherlink {rows}x{cols}, puzzlesolve generate --seed {seed} --difficulty {difficulty}\n"
    text = header + "".join(
        " ".join(str(puzzle.numbers.get((r, c), ".")) for c in range(cols)) + "\n"
        for r in range(rows)
    )
    intended = {"edges": [[list(a), list(b)] for a, b in loop]}
    solution, checked = kit.check_unique(genre, text, intended)
    assert solution == render(puzzle, loop)
    measures: dict[str, int | float | str] = {"numbers": len(kept), "edges": len(loop), **checked}
    return Generated(
        "slitherlink", kit.stem("slitherlink", rows, cols, difficulty, seed), seed, text, solution,
        solver.calls, measures, timer(),
    )  # fmt: skip

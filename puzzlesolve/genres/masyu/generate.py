"""Masyu generator: a random loop through cell centres, every pearl it allows, pearls taken
away while the puzzle stays unique.

1. A loop through the centres of an R x C board is the boundary of a region of the
   (R-1) x (C-1) squares between those centres: grow one at random (`loops.random_region`).
2. Put a black pearl on every cell where the loop turns and runs straight through the next
   cell both ways, a white pearl on every cell it passes straight with a turn just before or
   after (rules 4 and 5 hold for each by construction).
3. Ground the rules once with every pearl an external atom, and take the pearls away one at
   a time in random order, each for good when no other loop fits the pearls left. A loop
   whose pearls, all of them, do not tell it from every other gives way to the other loop
   found (which keeps them all and may allow more), up to SWITCHES times, then to a new one.
   "easy" puzzles try to take away only half of the pearls.
"""

from __future__ import annotations

import random

from puzzlesolve import generator_kit as kit
from puzzlesolve.generator_kit import Generated
from puzzlesolve.genre import Genre
from puzzlesolve.genres.masyu import Masyu
from puzzlesolve.grid import Cell
from puzzlesolve.loops import Pair, boundary, random_region

MIN_SIDE = 3
SHARE = 0.55  # the part of the squares between centres inside the loop
EASY_KEEPS = 0.5  # an easy puzzle keeps at least this part of its pearls
RESTARTS = 200
SWITCHES = 10  # a loop the pearls do not pin down gives way to the other loop found, this often
# not calibrated: Masyu cannot be explained yet, so the grade is not measured
GRADE_LIMITS = {"masyu": {"easy": 8, "medium": 12}}
GRADE_MAX_CELLS = {"masyu": 49}


def pearls_of(loop: list[Pair]) -> dict[Cell, str]:
    """Every pearl the loop allows: black where it turns between two straight cells, white
    where it runs straight beside a turn."""
    joined: dict[Cell, set[Cell]] = {}
    for a, b in loop:
        joined.setdefault(a, set()).add(b)
        joined.setdefault(b, set()).add(a)

    def straight(cell: Cell) -> bool:
        (r1, c1), (r2, c2) = sorted(joined[cell])
        return r1 == r2 or c1 == c2

    pearls = {}
    for cell, ends in joined.items():
        if straight(cell):
            if any(not straight(end) for end in ends):
                pearls[cell] = "W"
        elif all(straight(end) and _beyond(cell, end) in joined[end] for end in ends):
            pearls[cell] = "B"
    return pearls


def _beyond(cell: Cell, end: Cell) -> Cell:
    """The cell after `end` on the line from `cell` through it."""
    return (2 * end[0] - cell[0], 2 * end[1] - cell[1])


def generate(genre: Genre, rows: int, cols: int, seed: int, difficulty: str = "hard") -> Generated:
    """A Masyu of `rows` x `cols` (both at least MIN_SIDE) with one solution."""
    import clingo

    timer = kit.Timer()
    rng = random.Random(seed)
    calls = 0
    loop: list[Pair] = []
    for attempt in range(RESTARTS):
        if attempt % SWITCHES == 0:
            loop = boundary(random_region(rng, rows - 1, cols - 1, SHARE, thin=True))
        pearls = pearls_of(loop)
        kind = {"W": "white", "B": "black"}
        clues = {
            cell: clingo.Function(kind[p], [clingo.Number(cell[0]), clingo.Number(cell[1])])
            for cell, p in pearls.items()
        }
        program = (
            "\n".join(
                [f"cell({r},{c})." for r in range(rows) for c in range(cols)]
                + [kit.external(kind[p], r, c) for (r, c), p in sorted(pearls.items())]
                + [f"intended({a[0]},{a[1]},{b[0]},{b[1]})." for a, b in loop]
            )
            + "\n"
            + kit.differs_rules("segment", 4)
        )
        solver = kit.ClueProgram(genre, program, clues.values())
        found = solver.other_solution(list(clues.values()))
        calls += solver.calls
        if found is None:
            break
        # the other loop keeps every pearl and may allow more: take it instead
        loop = sorted(
            ((a[0].number, a[1].number), (a[2].number, a[3].number))
            for a in (symbol.arguments for symbol in found if symbol.match("segment", 4))
        )
    else:  # pragma: no cover - not seen on any size the tests sweep
        raise RuntimeError(f"no unique masyu found for seed {seed}")
    kept = solver.without_redundant(clues, rng, 1 - EASY_KEEPS if difficulty == "easy" else 1)
    calls += solver.calls - 1
    puzzle = Masyu(rows, cols, {cell: pearls[cell] for cell in kept})
    header = (
        f"% masyu {rows}x{cols}, puzzlesolve generate --seed {seed} --difficulty {difficulty}\n"
    )
    text = header + "".join(
        " ".join(puzzle.pearls.get((r, c), ".") for c in range(cols)) + "\n" for r in range(rows)
    )
    intended = {"segments": [[list(a), list(b)] for a, b in loop]}
    solution, checked = kit.check_unique(genre, text, intended)
    measures: dict[str, int | float | str] = {"pearls": len(kept), "segments": len(loop), **checked}
    return Generated(
        "masyu", kit.stem("masyu", rows, cols, difficulty, seed), seed, text, solution, calls,
        measures, timer(),
    )  # fmt: skip

"""Nonogram generator: a random picture, its runs as the clue, then repairs until unique.

While the runs allow a second picture, one cell where the two differ is flipped in ours (the
runs change with it) and the puzzle is solved again; a picture whose repairs run long is
dropped for a new one. "easy" pictures are denser (long runs overlap more, so the clue
alone decides many cells), "hard" ones sparser; the grade is measured by explaining the
puzzle (puzzlesolve.generate), by the tiers of the line-solving techniques.
"""

from __future__ import annotations

import random

from puzzlesolve.generator_kit import Generated, Timer, check_unique, stem
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell
from puzzlesolve.solver import solve

from . import Nonogram, render, runs_of

DENSITY = {"easy": 0.65, "hard": 0.35}  # the share of shaded cells a picture starts with
REPAIRS = 40  # flips tried on one picture before a new one is drawn
RESTARTS = 50
GRADE_LIMITS = {"nonogram": {"easy": 12, "medium": 18}}  # unused: graded by technique tiers
GRADE_MAX_CELLS = {"nonogram": 400}  # a 20x20 explains in about a second of CPU


def puzzle_of(rows: int, cols: int, shaded: set[Cell]) -> Nonogram:
    """The Nonogram whose runs are those of the picture `shaded`."""
    row_runs = tuple(runs_of([(r, c) in shaded for c in range(cols)]) for r in range(rows))
    col_runs = tuple(runs_of([(r, c) in shaded for r in range(rows)]) for c in range(cols))
    return Nonogram(rows, cols, row_runs, col_runs)


def generate(genre: Genre, rows: int, cols: int, seed: int, difficulty: str = "hard") -> Generated:
    """A Nonogram of `rows` x `cols` whose runs have exactly one picture."""
    timer, rng, calls = Timer(), random.Random(seed), 0
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    for _ in range(RESTARTS):
        shaded = {cell for cell in cells if rng.random() < DENSITY[difficulty]}
        for _ in range(REPAIRS):
            result = solve(genre, puzzle_of(rows, cols, shaded), models=2)
            calls += 1
            others = [set(found) for found in result.solutions if set(found) != shaded]
            if result.status == "unique" and not others:
                break
            differ = sorted(others[0] ^ shaded)
            shaded ^= {rng.choice(differ)}
        else:
            continue
        break
    else:  # pragma: no cover - not seen on any size the tests sweep
        raise RuntimeError(f"no unique nonogram found for seed {seed}")
    header = (
        f"% nonogram {rows}x{cols}, puzzlesolve generate --seed {seed} --difficulty {difficulty}\n"
    )
    puzzle = puzzle_of(rows, cols, shaded)
    text = header + _instance_text(puzzle)
    solution, checked = check_unique(genre, text, {"shaded": [list(c) for c in sorted(shaded)]})
    assert solution == render(puzzle, sorted(shaded))
    measures: dict[str, int | float | str] = {"shaded": len(shaded), **checked}
    name = stem("nonogram", rows, cols, difficulty, seed)
    return Generated("nonogram", name, seed, text, solution, calls, measures, timer())


def _instance_text(puzzle: Nonogram) -> str:
    """The instance in our ``rows`` / ``columns`` form."""
    lines = ["rows", *(" ".join(map(str, r)) or "0" for r in puzzle.row_runs), "columns"]
    lines += [" ".join(map(str, r)) or "0" for r in puzzle.col_runs]
    return "\n".join(lines) + "\n"

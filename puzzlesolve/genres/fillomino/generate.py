"""Fillomino generator: a random division of the board (the rules solved on an empty board
with random decisions), every cell given, then givens taken away in a random order while the
puzzle stays unique: all tried for "hard", a share for "easy"."""

from __future__ import annotations

import random

import clingo

from puzzlesolve import generate as machinery
from puzzlesolve.genre import Genre
from puzzlesolve.program import ground

from . import Board, facts

GRADE_LIMITS = {"fillomino": {"easy": 12, "medium": 20}}  # unused: graded by technique tiers
GRADE_MAX_CELLS = {"fillomino": 100}  # a 10x10 explains in about a second
TRIED = {"easy": 0.5, "medium": 0.8, "hard": 1.0}  # the share of givens tried for taking away
LARGEST = 9  # the largest region a generated board has, as Tatham's Filling


def generate(
    genre: Genre, rows: int, cols: int, seed: int, difficulty: str = "hard", **_options: object
) -> machinery.Generated:
    timer, rng = machinery.Timer(), random.Random(seed)
    board = Board(rows, cols, {}, min(LARGEST, rows * cols))
    random_search = [f"--seed={rng.randrange(1 << 30)}", "--rand-freq=1", "--sign-def=rnd"]
    ctl = ground(genre, "\n".join(facts(board)), arguments=random_search).ctl
    with ctl.solve(yield_=True) as models:
        grid = genre.decode(next(iter(models)).symbols(shown=True), board)
    size = {cell: grid[cell[0]][cell[1]] for cell in board.cells}
    clues = {(r, c): clingo.parse_term(f"number({r},{c},{n})") for (r, c), n in size.items()}
    program = [*facts(board), *(machinery.external("number", *cell, n) for cell, n in size.items())]
    program += [f"intended({r},{c},{n})." for (r, c), n in size.items()]
    search = machinery.ClueProgram(
        genre, "\n".join([*program, machinery.differs_rules("size", 3, False)]), clues.values()
    )
    kept = search.without_redundant(clues, rng, TRIED[difficulty])
    puzzle = Board(rows, cols, {cell: size[cell] for cell in kept})
    blanks = [[puzzle.givens.get((r, c), ".") for c in range(cols)] for r in range(rows)]
    text = f"% fillomino {rows}x{cols}, puzzlesolve generate --seed {seed} --difficulty {difficulty}\n"
    text += genre.render(puzzle, blanks)
    solution, checked = machinery.check_unique(
        genre, text, {"grid": grid}, normalize=lambda solution: solution["grid"]
    )
    measures: dict[str, int | float | str] = {"givens": len(kept), **checked}
    name = machinery.stem("fillomino", rows, cols, difficulty, seed)
    return machinery.Generated(
        "fillomino", name, seed, text, solution, search.calls + 1, measures, timer()
    )

"""Sudoku generator: a random full grid (the rules solved with random decisions), then givens
taken away in a random order while the puzzle stays unique: all tried for "hard" (a minimal
puzzle; up to ATTEMPTS until one needs the techniques aimed at), a share for "easy"."""

from __future__ import annotations

import random

import clingo

from puzzlesolve import generate as machinery
from puzzlesolve.genre import Genre
from puzzlesolve.program import ground

from . import BOXES, Board, facts

MIN_SIDE = 4
SIZES = tuple((n, n) for n in BOXES)
GRADE_LIMITS = {"sudoku": {"easy": 12, "medium": 20}}  # unused: graded by technique tiers
GRADE_MAX_CELLS = {"sudoku": 81}  # a 9x9 explains in about 1 s
TRIED = {"easy": 0.45, "hard": 1.0}  # the share of givens tried for taking away
ATTEMPTS = 8  # "hard": minimal puzzles made until one needs the tier aimed at


def check_options(_options: dict[str, object]) -> None:
    """No options."""


def generate(
    genre: Genre, rows: int, cols: int, seed: int, difficulty: str = "hard", **_options: object
) -> machinery.Generated:
    timer, rng, board = machinery.Timer(), random.Random(seed), Board(rows, cols, {})
    random_search = [f"--seed={rng.randrange(1 << 30)}", "--rand-freq=1", "--sign-def=rnd"]
    ctl = ground(genre, "\n".join(facts(board)), arguments=random_search).ctl
    with ctl.solve(yield_=True) as models:
        grid = genre.decode(next(iter(models)).symbols(shown=True), board)
    digit = {cell: grid[cell[0]][cell[1]] for cell in board.cells}
    clues = {(r, c): clingo.parse_term(f"given({r},{c},{n})") for (r, c), n in digit.items()}
    program = [*facts(board), *(machinery.external("given", *cell, n) for cell, n in digit.items())]
    program += [f"intended({r},{c},{n})." for (r, c), n in digit.items()]
    search = machinery.ClueProgram(
        genre, "\n".join([*program, machinery.differs_rules("digit", 3, False)]), clues.values()
    )
    # "hard" aims, by a coin, at locked candidates (medium) or beyond: minimal puzzles need
    # tier 2 in a third of tries, tier 3 in a sixth, tier 4 and more in half
    target = rng.choice((3, 4))
    for _ in range(ATTEMPTS if difficulty == "hard" else 1):
        kept = search.without_redundant(clues, rng, TRIED[difficulty])
        puzzle = Board(rows, cols, {cell: digit[cell] for cell in kept})
        tier = 0 if difficulty == "easy" else machinery.technique_tier(genre, puzzle)
        if tier == target or tier > target == 4 or difficulty == "easy":
            break
    blanks = [[puzzle.givens.get((r, c), ".") for c in range(cols)] for r in range(rows)]
    text = f"% sudoku {rows}x{cols}, puzzlesolve generate --seed {seed} --difficulty {difficulty}\n"
    text += genre.render(puzzle, blanks)
    solution, checked = machinery.check_unique(genre, text, {"grid": grid})
    measures: dict[str, int | float | str] = {"givens": len(kept), **checked}
    name = machinery.stem("sudoku", rows, cols, difficulty, seed)
    return machinery.Generated(
        "sudoku", name, seed, text, solution, search.calls + 1, measures, timer()
    )

"""Fillomino generator: a random division of the board (regions grown from random cells to
random sizes, each grown on while it touches one of its own size), every cell given, then givens taken away in a random order while the
puzzle stays unique: all tried for "hard", a share for "easy"."""

from __future__ import annotations

import random

import clingo

from puzzlesolve import generate as machinery
from puzzlesolve.genre import Genre
from puzzlesolve.generator_kit import neighbours
from puzzlesolve.grid import Cell

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
    size = random_division(rows, cols, rng, board.largest)
    grid = [[size[r, c] for c in range(cols)] for r in range(rows)]
    clues = {(r, c): clingo.parse_term(f"number({r},{c},{n})") for (r, c), n in size.items()}
    program = [*facts(board), *(machinery.external("number", *cell, n) for cell, n in size.items())]
    program += [f"intended({r},{c},{n})." for (r, c), n in size.items()]
    search = machinery.ClueProgram(
        genre, "\n".join([*program, machinery.differs_rules("size", 3, False)]), clues.values()
    )
    kept = search.without_redundant(clues, rng, TRIED[difficulty])
    puzzle = Board(rows, cols, {cell: size[cell] for cell in kept})
    blanks = [[puzzle.givens.get((r, c), ".") for c in range(cols)] for r in range(rows)]
    text = (
        f"% fillomino {rows}x{cols}, puzzlesolve generate --seed {seed} --difficulty {difficulty}\n"
    )
    text += genre.render(puzzle, blanks)
    solution, checked = machinery.check_unique(
        genre, text, {"grid": grid}, normalize=lambda solution: solution["grid"]
    )
    measures: dict[str, int | float | str] = {"givens": len(kept), **checked}
    name = machinery.stem("fillomino", rows, cols, difficulty, seed)
    return machinery.Generated(
        "fillomino", name, seed, text, solution, search.calls + 1, measures, timer()
    )


def random_division(rows: int, cols: int, rng: random.Random, largest: int) -> dict[Cell, int]:
    """Every cell's region size in a random division where no two regions of one size touch
    (a division that ends with two, a lone cell beside a 1, is thrown away)."""
    while True:
        owner: dict[Cell, int] = {}
        pieces: list[list[Cell]] = []
        starts = [(r, c) for r in range(rows) for c in range(cols)]
        rng.shuffle(starts)
        for start in (cell for cell in starts if cell not in owner):
            piece, target = [start], rng.randint(1, largest)
            owner[start] = len(pieces)

            def grow() -> bool:
                free = [n for cell in piece for n in neighbours(cell, rows, cols) if n not in owner]
                if free:
                    piece.append(rng.choice(free))
                    owner[piece[-1]] = len(pieces)
                return bool(free)

            while len(piece) < target and grow():
                pass
            while len(piece) < largest and any(
                owner.get(n, -1) not in (-1, len(pieces)) and len(pieces[owner[n]]) == len(piece)
                for cell in piece
                for n in neighbours(cell, rows, cols)
            ):
                if not grow():
                    break
            pieces.append(piece)
        size = {cell: len(pieces[k]) for cell, k in owner.items()}
        if all(
            size[n] != size[cell] or owner[n] == owner[cell]
            for cell in size
            for n in neighbours(cell, rows, cols)
        ):
            return size

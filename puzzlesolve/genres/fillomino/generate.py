"""Fillomino generator: a random division of the board (regions grown from random cells to
random sizes, each grown on while it touches one of its own size), every cell given, then givens taken away in a random order while the
puzzle stays unique: all tried for "hard", a share for "easy"."""

from __future__ import annotations

import random

import clingo

from puzzlesolve import generate as machinery
from puzzlesolve.generator_kit import neighbours
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell

from . import Board, facts

GRADE_LIMITS = {"fillomino": {"easy": 12, "medium": 20}}  # unused: graded by technique tiers
GRADE_MAX_CELLS = {"fillomino": 49}  # a 7x7 explains in a second or two, a 10x10 in 6 s
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
        for start in starts:
            if start not in owner:
                owner[start] = len(pieces)
                pieces.append(_grown([start], owner, pieces, (rows, cols), rng, largest))
        size = {cell: len(pieces[k]) for cell, k in owner.items()}
        if all(
            size[n] != size[cell] or owner[n] == owner[cell]
            for cell in size
            for n in neighbours(cell, rows, cols)
        ):
            return size


def _grown(
    piece: list[Cell],
    owner: dict[Cell, int],
    pieces: list[list[Cell]],
    shape: tuple[int, int],
    rng: random.Random,
    largest: int,
) -> list[Cell]:
    """`piece` grown into free cells to a random size, then on while it touches a finished
    region of its own size (up to `largest`, or while it can)."""
    target, index = rng.randint(1, largest), owner[piece[0]]

    def touches_its_size() -> bool:
        return any(
            owner.get(n, index) != index and len(pieces[owner[n]]) == len(piece)
            for cell in piece
            for n in neighbours(cell, *shape)
        )

    while len(piece) < largest and (len(piece) < target or touches_its_size()):
        free = [n for cell in piece for n in neighbours(cell, *shape) if n not in owner]
        if not free:
            break
        piece.append(rng.choice(free))
        owner[piece[-1]] = index
    return piece

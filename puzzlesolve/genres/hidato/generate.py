"""Hidato and Numbrix generator: a random path, then givens removed while the solver proves unique.

1. A random Hamiltonian path of the board, grown in Python by backbite moves (Mansfield's
   Monte Carlo step: join one end to a neighbour and reverse the loop that closes) on the
   genre's move graph: king moves for Hidato, rook moves for Numbrix. Starting from a
   snake, many moves give a well-mixed path that depends only on the seed.
2. Hidato voids (``voids=P``): a fraction P of cells is cut from the path, each cut an end
   or a corner cell whose two path neighbours touch diagonally, so the rest stays one path.
3. The path's numbers are all given at first, then removed while the puzzle stays unique.
   Each check grounds the genre's rules file (encodings/hidato.lp) afresh with the givens
   as facts, plus the intended numbering and a constraint asking for a different one:
   none means unique. The rules file grounds only the numbers each cell can still hold
   given the givens around it, so a fresh grounding per check is cheaper than one ground
   program with every given as an external (15x15: about 4x less CPU). Each given (with
   `symmetric`: each pair of a cell and its half-turn image) is tried in a seeded random
   order: kept if without it another numbering exists, dropped if not. Givens found
   necessary stay necessary as others go, so the result is minimal: removing any one
   given (pair) leaves more than one solution (Hidato keeps 1 and N, as the genre shows
   them). To save calls, numbers whose neighbours in 1..N stay go first, in growing
   batches, and the search tries the cells just emptied first, where a second solution
   most likely differs.
4. Difficulty: "hard" is the minimal set above. "easy" never leaves a run of more than
   EASY_GAP consecutive numbers missing, so it keeps more givens; it is minimal among the
   sets that obey that bound.
"""

from __future__ import annotations

import itertools
import random

from puzzlesolve.generator_kit import (
    ClueProgram,
    Generated,
    GenerateError,
    Timer,
    check_unique,
    differs_rules,
    random_path,
    stem,
)
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell

EASY_GAP = 3  # easy puzzles never hide more than this many consecutive numbers
# Measured grades (puzzlesolve.generate.grade), by the largest step (cells + rules; every
# step cites all four rules). Hidato: 5x5 and 6x6 measure 10-12, 7x7 12-19; explaining takes
# 0.5-1 s at 5x5, 5-8 s at 6x6, 12-127 s at 7x7. Numbrix: 5x5 measures 7-8, 6x6 7-9, 7x7
# 8-11; explaining takes 0.1-0.4 s at 5x5, 1-2 s at 6x6, 2-4.5 s at 7x7.
GRADE_LIMITS = {"hidato": {"easy": 10, "medium": 12}, "numbrix": {"easy": 7, "medium": 8}}
GRADE_MAX_CELLS = {"hidato": 36, "numbrix": 49}  # graded by default up to 6x6, 7x7

# Added to the rules file on each check: search the intended numbers first, so that a second
# solution is found near it, except on the cells whose givens were just removed (`focus`):
# a second solution, if any, most likely differs there, so the search decides them first.
SEARCH = """
#heuristic number(R,C,N) : intended(R,C,N). [1@1,sign]
#heuristic number(R,C,N) : intended(R,C,N), focus(R,C). [-1@2,sign]
#heuristic number(R,C,N) : intended(R,C,N), focus(R,C). [10@2,level]
#defined focus/2.
"""


def _touch(a: Cell, b: Cell) -> bool:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def cut_voids(rng: random.Random, path: list[Cell], count: int) -> list[Cell]:
    """Remove `count` cells from a king-move path, keeping the rest one king-move path."""
    path = list(path)
    for _ in range(count):
        cuttable = [0, len(path) - 1] + [
            i for i in range(1, len(path) - 1) if _touch(path[i - 1], path[i + 1])
        ]
        del path[rng.choice(cuttable)]
    return path


def longest_gap(given: set[int], total: int) -> int:
    """The longest run of consecutive numbers in 1..total that are not given."""
    marks = [0, *sorted(given), total + 1]
    return max(b - a - 1 for a, b in itertools.pairwise(marks))


def removal_groups(
    number: dict[Cell, int], rows: int, cols: int, symmetric: bool
) -> list[set[int]]:
    """The units in which givens are removed (or kept).

    Single numbers, or with `symmetric` the numbers of a cell and of the cell a half turn of
    the board takes it to (the centre cell of an odd board alone).
    """
    groups: dict[Cell, set[int]] = {}
    for (r, c), n in sorted(number.items()):
        home = min((r, c), (rows - 1 - r, cols - 1 - c)) if symmetric else (r, c)
        groups.setdefault(home, set()).add(n)
    return list(groups.values())


def _removal_order(rng: random.Random, groups: list[set[int]]) -> list[set[int]]:
    """A seeded random order that first takes groups whose neighbours in 1..N stay.

    Taking k and k + 1 together often lets their cells swap, so batches of random givens
    fail early; the first wave never holds two consecutive numbers (in different groups)
    and mostly goes in a few large batches, the second wave (the rest, shuffled) is where
    givens turn out needed.
    """
    rng.shuffle(groups)
    first, second, taken = [], [], set()
    for group in groups:
        if any(n - 1 in taken or n + 1 in taken for n in group):
            second.append(group)
        else:
            first.append(group)
            taken |= group
    return first + second


def check_options(options: dict[str, object]) -> None:
    """Refuse voids with symmetric givens: voids are cut where the path allows, not in pairs.

    Raises:
        GenerateError: both are asked for.
    """
    if options.get("voids") and options.get("symmetric"):
        raise GenerateError("--voids and --symmetric cannot be combined")


def generate(
    genre: Genre,
    rows: int,
    cols: int,
    seed: int,
    difficulty: str = "hard",
    *,
    voids: float = 0.0,
    symmetric: bool = False,
) -> Generated:
    """A Hidato (or Numbrix) of `rows` x `cols` whose givens the solver proves unique.

    Args:
        genre: Hidato (king moves, 1 and N shown) or Numbrix (rook moves).
        rows: board rows (at least MIN_SIDE).
        cols: board columns (at least MIN_SIDE).
        seed: the seed; the same arguments give the same puzzle.
        difficulty: "hard" (minimal givens) or "easy" (no more than EASY_GAP numbers
            missing in a row).
        voids: Hidato only: the fraction of cells left out of the board.
        symmetric: givens in 180-degree rotational symmetry (a given's cell and the cell a
            half turn of the board takes it to are shown or blank together).

    Raises:
        GenerateError: voids and symmetric together (see check_options).
    """
    check_options({"voids": voids, "symmetric": symmetric})
    timer = Timer()
    rng = random.Random(seed)
    king = genre.constants["king"] == 1
    path = random_path(rng, rows, cols, king)
    if voids:
        path = cut_voids(rng, path, min(round(voids * len(path)), len(path) - 2))
    total = len(path)
    number = {cell: i for i, cell in enumerate(path, start=1)}

    cells = sorted(number)
    board = "\n".join(f"cell({r},{c})." for r, c in cells)
    intended = "\n".join(f"intended({r},{c},{n})." for (r, c), n in sorted(number.items()))
    where = {n: cell for cell, n in number.items()}
    calls = 0

    def unique_with(trial: set[int], removed: set[int]) -> bool:
        nonlocal calls
        calls += 1
        givens = "\n".join(f"given({r},{c},{n})." for n in sorted(trial) for r, c in [where[n]])
        focus = "\n".join(f"focus({r},{c})." for n in removed for r, c in [where[n]])
        differs = differs_rules("number", 3, both_ways=False)
        check = ClueProgram(genre, f"{board}\n{givens}\n{intended}\n{focus}\n{SEARCH}{differs}", [])
        return check.other_solution([]) is None

    fixed = {1, total} if king else set()
    shown = set(number.values())
    groups = removal_groups(number, rows, cols, symmetric)
    pending = _removal_order(rng, [group for group in groups if not group & fixed])
    # Givens go in growing batches while that works (most do early on, when the board is
    # full); after a failed batch they go one by one again until two in a row succeed, and
    # a single given that fails is needed for good. A batch never takes more than a quarter
    # of what is shown, as searches on nearly empty boards are slow.
    batch, streak = 1, 0
    while pending:
        removed = set().union(*pending[:batch])
        trial = shown - removed
        if difficulty == "easy" and longest_gap(trial, total) > EASY_GAP:
            if batch == 1:
                pending.pop(0)  # keeping it is what the gap bound asks
            batch = 1
        elif unique_with(trial, removed):
            shown, pending, streak = trial, pending[batch:], streak + 1
            if streak >= 2:
                batch = max(1, min(batch * 2, len(shown) // 4))
        else:
            if batch == 1:
                pending.pop(0)
            batch, streak = 1, 0

    text = _instance_text(rows, cols, number, shown, genre.name, seed, difficulty, voids, symmetric)
    grid = [[number.get((r, c)) for c in range(cols)] for r in range(rows)]
    solution, checked = check_unique(genre, text, {"grid": grid})
    measures: dict[str, int | float | str] = {
        "givens": len(shown),
        "cells": total,
        "longest_gap": longest_gap(shown, total),
        **checked,
    }
    extra = [f"voids{voids:g}"] if voids else []
    extra += ["symmetric"] if symmetric else []
    name = stem(genre.name, rows, cols, difficulty, seed, *extra)
    return Generated(genre.name, name, seed, text, solution, calls, measures, timer())


def _instance_text(
    rows: int,
    cols: int,
    number: dict[Cell, int],
    shown: set[int],
    genre: str,
    seed: int,
    difficulty: str,
    voids: float,
    symmetric: bool,
) -> str:
    """The contract's format: givens, `-` for blanks, `#` for voids, right-aligned."""
    width = len(str(len(number)))
    option = (f" --voids {voids:g}" if voids else "") + (" --symmetric" if symmetric else "")
    header = (
        f"% {genre} {rows}x{cols}, puzzlesolve generate --seed {seed} "
        f"--difficulty {difficulty}{option}\n"
    )

    def token(cell: Cell) -> str:
        if cell not in number:
            return "#"
        return str(number[cell]) if number[cell] in shown else "-"

    return header + "".join(
        " ".join(token((r, c)).rjust(width) for c in range(cols)) + "\n" for r in range(rows)
    )

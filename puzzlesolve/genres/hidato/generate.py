"""Hidato and Numbrix generator: a random path, then givens removed while the solver proves unique.

1. A random Hamiltonian path of the board, grown in Python by backbite moves (Mansfield's
   Monte Carlo step: join one end to a neighbour and reverse the loop that closes) on the
   genre's move graph: king moves for Hidato, rook moves for Numbrix. Starting from a
   snake, many moves give a well-mixed path that depends only on the seed.
2. Hidato voids (``voids=P``): a fraction P of cells is cut from the path, each cut an end
   or a corner cell whose two path neighbours touch diagonally, so the rest stays one path.
3. The path's numbers are all given at first. The rules are grounded once with every
   given as an external atom; removing givens is one solve call under assumptions that
   looks for a numbering other than the path. Each given is tried in a seeded random
   order: kept if without it another numbering exists, dropped if not. Givens found
   necessary stay necessary as others go, so the result is minimal: removing any one
   given leaves more than one solution (Hidato keeps 1 and N, as the genre shows them).
   To save calls, numbers whose neighbours in 1..N stay go first, in growing batches;
   each call also passes, as assumptions, the cell-number pairs the givens rule out by
   distance, and steers the search to the cells just emptied, where a second solution
   most likely differs.
4. Difficulty: "hard" is the minimal set above. "easy" never leaves a run of more than
   EASY_GAP consecutive numbers missing, so it keeps more givens; it is minimal among the
   sets that obey that bound.
"""

from __future__ import annotations

import itertools
import random

import clingo

from puzzlesolve.generate import (
    KING,
    ROOK,
    ClueProgram,
    Generated,
    Timer,
    check_unique,
    differs_rules,
    external,
    random_path,
    stem,
)
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell

MIN_SIDE = 2
EASY_GAP = 3  # easy puzzles never hide more than this many consecutive numbers

# The genre's rules (CONTRACT.md; encodings/hidato.lp) restated for many solve calls over
# one ground program. The rules file prunes each cell's possible numbers while grounding,
# from the given facts; with the givens as externals nothing is known at grounding time,
# its pruning keeps every number everywhere and its extra machinery only slows each call.
# Here the pruning is done per call in Python instead (`_ruled_out`) and passed as
# assumptions. The written puzzle is still proven unique with the rules file itself.
RULES = """
{ number(R,C,N) : value(N) } = 1 :- cell(R,C).
{ number(R,C,N) : cell(R,C) } = 1 :- value(N).
:- given(R,C,N), not number(R,C,N).
% consecutive numbers touch; `near(R,C,N)`: N is on a neighbour of (R,C)
near(R,C,N) :- number(R2,C2,N), adjacent(R,C,R2,C2).
:- number(R,C,N), value(N+1), not near(R,C,N+1).
% redundant: the predecessor's side of the same rule
:- number(R,C,N), value(N-1), not near(R,C,N-1).
% search: try the intended numbers first, so a second solution is found near it
#heuristic number(R,C,N) : intended(R,C,N). [1@1,sign]
% ... except on the cells whose givens were just removed (`focus`): a second solution, if
% any, most likely differs there, so the search tries that first
#heuristic number(R,C,N) : intended(R,C,N), focus(R,C). [-1@2,sign]
#heuristic number(R,C,N) : intended(R,C,N), focus(R,C). [10@2,level]
#show.
#show number/3.
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


def distances(cells: list[Cell], steps: list[tuple[int, int]]) -> dict[Cell, dict[Cell, int]]:
    """Shortest move counts between all pairs of board cells (breadth-first from each)."""
    board = set(cells)
    table: dict[Cell, dict[Cell, int]] = {}
    for start in cells:
        seen, frontier = {start: 0}, [start]
        while frontier:
            reached = []
            for r, c in frontier:
                for dr, dc in steps:
                    cell = (r + dr, c + dc)
                    if cell in board and cell not in seen:
                        seen[cell] = seen[r, c] + 1
                        reached.append(cell)
            frontier = reached
        table[start] = seen
    return table


def _ruled_out(
    shown: set[int],
    where: dict[int, Cell],
    distance: dict[Cell, dict[Cell, int]],
    excluded: dict[Cell, list[int]],
) -> list[int]:
    """Negative literals of the cell-number pairs no solution can have given `shown`.

    Number N lies between two consecutive shown numbers A < N < B (or before the first,
    after the last); a path reaches N's cell from A's in N - A moves and B's from it in
    B - N, so that cell is at most N - A moves from A and B - N from B. Shown numbers sit
    on their cells only.

    Args:
        shown: the numbers shown as givens.
        where: the cell of every number in the intended solution.
        distance: move counts between cells (`distances`).
        excluded: per cell, the negative literal of ``number(R,C,N)`` at index N - 1.
    """
    marks = sorted(shown)
    holder = {where[n]: n for n in marks}
    total = len(where)
    bounds = list(itertools.pairwise([0, *marks, total + 1]))
    out: list[int] = []
    for cell, away in distance.items():
        row = excluded[cell]
        if cell in holder:
            out += row[: holder[cell] - 1] + row[holder[cell] :]
            continue
        free_from = 1  # numbers below this are already handled
        for low, high in bounds:
            first = low + 1 if low == 0 else low + away[where[low]]
            last = high - 1 if high == total + 1 else high - away[where[high]]
            first, last = max(first, low + 1), min(last, high - 1)
            if first <= last:
                out += row[free_from - 1 : first - 1]
                free_from = last + 1
        out += row[free_from - 1 :]
    return out


def _removal_order(rng: random.Random, numbers: list[int]) -> list[int]:
    """A seeded random order that first takes numbers whose neighbours in 1..N stay.

    Taking k and k + 1 together often lets their cells swap, so batches of random givens
    fail early; the first wave never holds two consecutive numbers and mostly goes in a
    few large batches, the second wave (the rest, shuffled) is where givens turn out needed.
    """
    rng.shuffle(numbers)
    first: set[int] = set()
    for n in numbers:
        if n - 1 not in first and n + 1 not in first:
            first.add(n)
    return [n for n in numbers if n in first] + [n for n in numbers if n not in first]


def _atom(name: str, cell: Cell, number: int) -> clingo.Symbol:
    return clingo.Function(name, [clingo.Number(v) for v in (*cell, number)])


def generate(
    genre: Genre,
    rows: int,
    cols: int,
    seed: int,
    difficulty: str = "hard",
    *,
    voids: float = 0.0,
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
    """
    timer = Timer()
    rng = random.Random(seed)
    king = genre.constants["king"] == 1
    path = random_path(rng, rows, cols, king)
    if voids:
        path = cut_voids(rng, path, min(round(voids * len(path)), len(path) - 2))
    total = len(path)
    number = {cell: i for i, cell in enumerate(path, start=1)}

    cells = sorted(number)
    lines = [f"cell({r},{c})." for r, c in cells] + [f"value(1..{total})."]
    steps = KING if king else ROOK
    board = set(cells)
    lines += [
        f"adjacent({r},{c},{r + dr},{c + dc})."
        for r, c in cells
        for dr, dc in steps
        if (r + dr, c + dc) in board
    ]
    lines += [external("given", r, c, n) for (r, c), n in sorted(number.items())]
    lines += [f"intended({r},{c},{n})." for (r, c), n in sorted(number.items())]
    lines += [external("focus", r, c) for r, c in cells]
    clue = {n: _atom("given", cell, n) for cell, n in number.items()}
    focus = {
        n: clingo.Function("focus", [clingo.Number(v) for v in cell]) for cell, n in number.items()
    }
    program = ClueProgram(
        genre,
        "\n".join(lines) + "\n" + differs_rules("number", 3, both_ways=False),
        [*clue.values(), *focus.values()],
        rules=RULES,
    )
    excluded = {
        cell: [-program.literal(_atom("number", cell, n)) for n in range(1, total + 1)]
        for cell in cells
    }
    distance = distances(cells, steps)
    where = {n: cell for cell, n in number.items()}

    def unique_with(trial: set[int], removed: list[int]) -> bool:
        pruned = _ruled_out(trial, where, distance, excluded)
        shown = [clue[n] for n in trial] + [focus[n] for n in removed]
        return program.other_solution(shown, pruned) is None

    fixed = {1, total} if king else set()
    shown = set(number.values())
    pending = _removal_order(rng, sorted(shown - fixed))
    # Givens go in growing batches while that works (most do early on, when the board is
    # full); after a failed batch they go one by one again until two in a row succeed, and
    # a single given that fails is needed for good. A batch never takes more than a quarter
    # of what is shown, as searches on nearly empty boards are slow.
    batch, streak = 1, 0
    while pending:
        trial = shown - set(pending[:batch])
        if difficulty == "easy" and longest_gap(trial, total) > EASY_GAP:
            if batch == 1:
                pending.pop(0)  # keeping it is what the gap bound asks
            batch = 1
        elif unique_with(trial, pending[:batch]):
            shown, pending, streak = trial, pending[batch:], streak + 1
            if streak >= 2:
                batch = max(1, min(batch * 2, len(shown) // 4))
        else:
            if batch == 1:
                pending.pop(0)
            batch, streak = 1, 0

    text = _instance_text(rows, cols, number, shown, genre.name, seed, difficulty, voids)
    grid = [[number.get((r, c)) for c in range(cols)] for r in range(rows)]
    solution, checked = check_unique(genre, text, {"grid": grid})
    measures: dict[str, int | float] = {
        "givens": len(shown),
        "cells": total,
        "longest_gap": longest_gap(shown, total),
        **checked,
    }
    extra = [f"voids{voids:g}"] if voids else []
    name = stem(genre.name, rows, cols, difficulty, seed, *extra)
    return Generated(genre.name, name, seed, text, solution, program.calls, measures, timer())


def _instance_text(
    rows: int,
    cols: int,
    number: dict[Cell, int],
    shown: set[int],
    genre: str,
    seed: int,
    difficulty: str,
    voids: float,
) -> str:
    """The contract's format: givens, `-` for blanks, `#` for voids, right-aligned."""
    width = len(str(len(number)))
    option = f" --voids {voids:g}" if voids else ""
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

"""Hitori generator: a maximal shading, Latin whites, then number repairs until unique.

1. Shade a random *maximal* set of cells: no two touch, the whites stay connected, and no
   further cell can be shaded. Maximality matters because the rules (taken literally) let
   any cell be shaded: a white cell that could be shaded without breaking rules 2 or 3
   would give a second solution whatever the numbers say.
   Such shadings look like the published ones of Tatham's Singles (bench/shapes.py): about
   29% of the cells shaded, as many diagonal pairs and 2x2 blocks holding two shaded cells.
2. Number the whites from a random Latin square of order max(R, C), so whites never clash
   (rule 1 holds), and give each shaded cell the number of a white in its row or column.
3. Ground the rules once, with each shaded cell's number as external atoms (the whites'
   numbers never change, so they are plain facts). Ask for a solution other than the
   intended shading. A counterexample leaves some intended-shaded cell `y` white; giving
   `y` the number of a cell that is white in both shadings and shares a line with `y`
   kills that counterexample and keeps the intended one. Repeat until none is left.
4. Difficulty: revisit each shaded cell and try numbers that clash with fewer whites
   (hard) or more whites (easy), keeping a change only while the puzzle stays unique.
"""

from __future__ import annotations

import random

import clingo

from puzzlesolve import generator_kit as kit
from puzzlesolve.generator_kit import Generated
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell, Grid

REPAIRS_PER_SHADED = 30  # a shading whose repairs cycle this long is dropped for a new one
RESTARTS = 20
# Measured grades (puzzlesolve.generate.grade): easy when no step of the explanation is
# larger than 7 (cells + rules), medium up to 9, hard beyond. Sweep of 28 puzzles (5x5 to
# 7x7, both settings): largest step 4-7 in 16, 8-9 in 6, 10-15 in 10; explaining takes
# 0.1-0.6 s at 7x7.
GRADE_LIMITS = {"hitori": {"easy": 7, "medium": 9}}
GRADE_MAX_CELLS = {"hitori": 64}  # graded by default up to 8x8 (10x10: 2-3 s a candidate)


def maximal_shading(rng: random.Random, rows: int, cols: int) -> set[Cell]:
    """A random shading that obeys rules 2 and 3 and to which no cell can be added.

    Cells are tried in random order; passes repeat until one adds nothing, which makes the
    result maximal whatever the order.
    """
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(cells)
    shaded: set[Cell] = set()
    whites = set(cells)
    grown = True
    while grown:
        grown = False
        for cell in cells:
            if cell in shaded or any(n in shaded for n in kit.neighbours(cell, rows, cols)):
                continue
            whites.discard(cell)
            if len(whites) > 0 and kit.connected(whites, rows, cols):
                shaded.add(cell)
                grown = True
            else:
                whites.add(cell)
    return shaded


def shape(rows: int, cols: int, shaded: set[Cell]) -> dict[str, float]:
    """How a shading looks, for comparison with Tatham's Singles (bench/shapes.py).

    Returns:
        `share` of shaded cells; `diagonal` pairs of shaded cells touching at a corner, per
        shaded cell; `blocks` of 2x2 cells holding two shaded cells (a diagonal pair), per
        2x2 block of the board; `longest_run` of shaded cells along one diagonal.
    """
    pairs = sum((r + 1, c + 1) in shaded for r, c in shaded) + sum(
        (r + 1, c - 1) in shaded for r, c in shaded
    )
    blocks = sum(
        len({(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)} & shaded) == 2
        for r in range(rows - 1)
        for c in range(cols - 1)
    )
    longest = 0
    for step in (1, -1):
        for r, c in shaded:
            if (r - 1, c - step) not in shaded:  # a run starts here
                run = 1
                while (r + run, c + step * run) in shaded:
                    run += 1
                longest = max(longest, run)
    return {
        "share": round(len(shaded) / (rows * cols), 3),
        "diagonal": round(pairs / max(1, len(shaded)), 3),
        "blocks": round(blocks / max(1, (rows - 1) * (cols - 1)), 3),
        "longest_run": longest,
    }


def latin_numbers(rng: random.Random, rows: int, cols: int) -> dict[Cell, int]:
    """Numbers 1..max(R, C) with no repeat in any row or column (a shuffled cyclic square)."""
    order = max(rows, cols)
    row_shift = rng.sample(range(order), order)
    col_shift = rng.sample(range(order), order)
    symbol = rng.sample(range(1, order + 1), order)
    return {
        (r, c): symbol[(row_shift[r] + col_shift[c]) % order]
        for r in range(rows)
        for c in range(cols)
    }


def _line(cell: Cell, rows: int, cols: int) -> list[Cell]:
    """The other cells of `cell`'s row and column."""
    r, c = cell
    return [(r, x) for x in range(cols) if x != c] + [(y, c) for y in range(rows) if y != r]


class _Hitori:
    """One shading's ground program and the repair loop over its shaded cells' numbers."""

    def __init__(self, genre: Genre, rng: random.Random, rows: int, cols: int, shaded: set[Cell]):
        self.rng, self.rows, self.cols = rng, rows, cols
        self.order = max(rows, cols)
        self.shaded = sorted(shaded)
        self.numbers = latin_numbers(rng, rows, cols)
        for cell in self.shaded:
            self.numbers[cell] = self.numbers[rng.choice(self._white_line(cell))]
        lines = [
            f"number({r},{c},{n})."
            for (r, c), n in sorted(self.numbers.items())
            if (r, c) not in shaded
        ]
        lines += [
            kit.external("number", r, c, n)
            for r, c in self.shaded
            for n in range(1, self.order + 1)
        ]
        lines += [f"intended({r},{c})." for r, c in self.shaded]
        clues = [
            clingo.Function("number", [clingo.Number(v) for v in (r, c, n)])
            for r, c in self.shaded
            for n in range(1, self.order + 1)
        ]
        self.program = kit.ClueProgram(
            genre, "\n".join(lines) + "\n" + kit.differs_rules("shaded", 2), clues
        )

    def _white_line(self, cell: Cell) -> list[Cell]:
        dark = set(self.shaded)
        return [w for w in _line(cell, self.rows, self.cols) if w not in dark]

    def clashes(self, cell: Cell, value: int) -> int:
        """How many whites in `cell`'s row and column show `value`."""
        return sum(self.numbers[w] == value for w in self._white_line(cell))

    def counterexample(self) -> list[Cell] | None:
        """Another shading the current numbers allow, or None when the intended one is unique."""
        shown = [
            clingo.Function(
                "number", [clingo.Number(r), clingo.Number(c), clingo.Number(self.numbers[r, c])]
            )
            for r, c in self.shaded
        ]
        symbols = self.program.other_solution(shown)
        if symbols is None:
            return None
        return [
            (s.arguments[0].number, s.arguments[1].number) for s in symbols if s.match("shaded", 2)
        ]

    def make_unique(self) -> bool:
        """Repair numbers until no other shading exists; False if repairs run too long."""
        dark = set(self.shaded)
        for _ in range(REPAIRS_PER_SHADED * max(1, len(self.shaded))):
            other = self.counterexample()
            if other is None:
                return True
            also_white = set(self.numbers) - dark - set(other)
            # every intended-shaded cell left white by the counterexample can break it
            choices = [
                (y, w)
                for y in self.shaded
                if y not in other
                for w in _line(y, self.rows, self.cols)
                if w in also_white
            ]
            if not choices:
                return False
            y, w = self.rng.choice(choices)
            self.numbers[y] = self.numbers[w]
        return False

    def tune(self, difficulty: str) -> None:
        """Move each shaded cell's number towards fewer (hard) or more (easy) clashes."""
        cells = list(self.shaded)
        self.rng.shuffle(cells)
        for cell in cells:
            now = self.numbers[cell]
            counts = {v: self.clashes(cell, v) for v in range(1, self.order + 1) if v != now}
            if difficulty == "hard":
                better = sorted(
                    (k, v) for v, k in counts.items() if 0 < k < self.clashes(cell, now)
                )
            else:
                better = sorted(((-k, v) for v, k in counts.items() if k > self.clashes(cell, now)))
            for _, value in better:
                self.numbers[cell] = value
                if self.counterexample() is None:
                    break
                self.numbers[cell] = now


def generate(genre: Genre, rows: int, cols: int, seed: int, difficulty: str = "hard") -> Generated:
    """A Hitori of `rows` x `cols` (both at least MIN_SIDE) with numbers 1..max(rows, cols).

    `difficulty` "hard" gives each shaded cell as few clashing whites as uniqueness allows,
    "easy" as many.
    """
    timer = kit.Timer()
    rng = random.Random(seed)
    calls = 0
    for _ in range(RESTARTS):
        puzzle = _Hitori(genre, rng, rows, cols, maximal_shading(rng, rows, cols))
        if puzzle.make_unique():
            break
        calls += puzzle.program.calls
    else:  # pragma: no cover - not seen on any size the tests sweep
        raise RuntimeError(f"no unique hitori found for seed {seed}")
    puzzle.tune(difficulty)
    calls += puzzle.program.calls
    grid = Grid(rows, cols, dict(puzzle.numbers))
    header = (
        f"% hitori {rows}x{cols}, puzzlesolve generate --seed {seed} --difficulty {difficulty}\n"
    )
    text = header + genre.render(grid, [])
    intended = {"shaded": [list(cell) for cell in puzzle.shaded]}
    solution, checked = kit.check_unique(genre, text, intended)
    measures: dict[str, int | float | str] = {
        "shaded": len(puzzle.shaded),
        "clashes": sum(puzzle.clashes(cell, puzzle.numbers[cell]) for cell in puzzle.shaded),
        **checked,
    }
    name = kit.stem("hitori", rows, cols, difficulty, seed)
    return Generated("hitori", name, seed, text, solution, calls, measures, timer())

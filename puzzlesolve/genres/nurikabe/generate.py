"""Nurikabe generator: a random shading, one number per island, numbers moved until unique.

1. Shade every cell, then open cells one at a time, each in a 2x2 block still all shaded,
   until none is left (rule 5). A cell may be opened when the shaded cells stay connected
   (rule 4) and its unshaded neighbours belong to at most one island (so islands never
   merge) that is still smaller than the largest size allowed. A board where some block
   cannot be opened is dropped for a new one.
2. Give each island its size, written in one of its cells chosen at random (rules 1-3).
3. Ground the rules once, with the number of every island in every cell of that island as
   external atoms (a number's place is one list of assumptions), and ask for a shading
   other than the intended one. Both shadings leave as many cells unshaded (the sum of the
   numbers), so the other one shades some cell `w` that the intended one leaves unshaded;
   moving the number of `w`'s island to `w` keeps the intended shading a solution and rules
   the other one out (every island the other shading cuts into gets its number moved at
   once). An island whose number has moved MOVES_PER_ISLAND times stays put; when only such
   islands are left, a cell the other shading leaves unshaded is unshaded in the intended
   one too (a new island of 1, or one more cell of the island beside it), and the board is
   ground again. Drop the board when that takes too long.
4. Difficulty: "easy" boards have islands of at most EASY_LARGEST cells, "hard" ones of up
   to HARD_LARGEST; the grade is measured by explaining the puzzle (puzzlesolve.generate).
"""

from __future__ import annotations

import random

import clingo

from puzzlesolve import generator_kit as kit
from puzzlesolve.generator_kit import Generated
from puzzlesolve.genre import Genre
from puzzlesolve.genres.nurikabe import Nurikabe, render
from puzzlesolve.grid import Cell

EASY_LARGEST = 4
HARD_LARGEST = 7
MOVES_PER_ISLAND = 3  # an island whose number moved this often gets a cell more, or a neighbour
CHANGES_PER_CELL = 0.5  # shading changes per cell before the board is dropped for a new one
RESTARTS = 50
# Measured grades (puzzlesolve.generate.grade): easy when no step of the explanation is
# larger than 6 (cells + rules), medium up to 8, hard beyond. Sweep of 18 puzzles (5x5 to
# 7x7, both settings): largest step 4-6 in 4, 7-8 in 11, 9-10 in 3; explaining takes
# 0.1-1.8 s at 7x7.
GRADE_LIMITS = {"nurikabe": {"easy": 6, "medium": 8}}
GRADE_MAX_CELLS = {"nurikabe": 49}  # graded by default up to 7x7


def _blocks(shaded: set[Cell], rows: int, cols: int) -> list[tuple[Cell, ...]]:
    """The 2x2 blocks whose four cells are all shaded."""
    return [
        block
        for r in range(rows - 1)
        for c in range(cols - 1)
        if set(block := ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))) <= shaded
    ]


def random_islands(
    rng: random.Random, rows: int, cols: int, largest: int
) -> list[set[Cell]] | None:
    """The islands of a random shading that obeys rules 4 and 5, or None when one 2x2 block
    could not be opened without cutting the shaded cells apart.

    A new island starts in a block still all shaded and grows at random to a size drawn
    from 1..`largest` (small sizes more often), or as far as it can; a block no island can
    start in is opened by growing an island beside it.
    """
    shaded = {(r, c) for r in range(rows) for c in range(cols)}
    island_of: dict[Cell, int] = {}
    islands: list[set[Cell]] = []

    def can_open(cell: Cell, k: int | None) -> bool:
        """Whether `cell` may join island `k` (None: start one) without merging islands or
        cutting the shaded cells apart."""
        touched = {island_of[n] for n in kit.neighbours(cell, rows, cols) if n in island_of}
        if touched - {k} or (k is not None and k not in touched):
            return False
        shaded.discard(cell)
        fine = kit.connected(shaded, rows, cols)
        shaded.add(cell)
        return fine

    def open_cell(cell: Cell, k: int) -> None:
        shaded.discard(cell)
        islands[k].add(cell)
        island_of[cell] = k

    while blocks := _blocks(shaded, rows, cols):
        block = list(rng.choice(blocks))
        rng.shuffle(block)
        start = next((cell for cell in block if can_open(cell, None)), None)
        if start is not None:
            islands.append(set())
            k = len(islands) - 1
            open_cell(start, k)
            # mostly small islands, as published boards have: size k drawn with weight 1/k
            target = rng.choices(range(1, largest + 1), [1 / k for k in range(1, largest + 1)])[0]
            while len(islands[k]) < target:
                frontier = sorted(
                    {n for cell in islands[k] for n in kit.neighbours(cell, rows, cols)} & shaded
                )
                rng.shuffle(frontier)
                grown = next((cell for cell in frontier if can_open(cell, k)), None)
                if grown is None:
                    break
                open_cell(grown, k)
            continue
        # no island can start here: grow one beside the block, the smallest one first, even
        # past `largest` or into its neighbour (merging both) rather than give up the board
        options = sorted(
            (sum(len(islands[k]) for k in touched), cell, touched)
            for cell in block
            if (
                touched := {
                    island_of[n] for n in kit.neighbours(cell, rows, cols) if n in island_of
                }
            )
        )
        for _size, cell, touched in options:
            shaded.discard(cell)
            if kit.connected(shaded, rows, cols):
                k, *others = sorted(touched)
                for other in others:
                    for moved in islands[other]:
                        island_of[moved] = k
                    islands[k] |= islands[other]
                    islands[other] = set()
                shaded.add(cell)
                open_cell(cell, k)
                break
            shaded.add(cell)
        else:
            return None
    return [island for island in islands if island]


class _Board:
    """One shading's ground program and the loop that moves numbers within their islands."""

    def __init__(self, genre: Genre, rng: random.Random, rows: int, cols: int, islands, place):
        self.rng, self.rows, self.cols, self.islands = rng, rows, cols, islands
        self.island_of = {cell: k for k, island in enumerate(islands) for cell in island}
        self.place = place
        self.moves = [0] * len(islands)
        white = set(self.island_of)
        self.shaded = sorted(
            (r, c) for r in range(rows) for c in range(cols) if (r, c) not in white
        )
        lines = [f"cell({r},{c})." for r in range(rows) for c in range(cols)]
        lines += [
            kit.external("number", r, c, len(island))
            for island in islands
            for r, c in sorted(island)
        ]
        lines += [f"intended({r},{c})." for r, c in self.shaded]
        self.clues = {
            cell: clingo.Function("number", [clingo.Number(v) for v in (*cell, len(island))])
            for island in islands
            for cell in island
        }
        self.program = kit.ClueProgram(
            genre, "\n".join(lines) + "\n" + kit.differs_rules("shaded", 2), self.clues.values()
        )

    def counterexample(self) -> set[Cell] | None:
        """Another shading the numbers in their current places allow, or None if unique."""
        symbols = self.program.other_solution([self.clues[cell] for cell in self.place])
        if symbols is None:
            return None
        return {
            (s.arguments[0].number, s.arguments[1].number) for s in symbols if s.match("shaded", 2)
        }

    def make_unique(self) -> bool | None:
        """Move numbers until no other shading exists (True). When an island's number has
        moved MOVES_PER_ISLAND times, change the shading instead (None: `islands` and
        `place` changed, ground again), or give up (False)."""
        while True:
            other = self.counterexample()
            if other is None:
                return True
            # unshaded here, shaded there: a number on it rules the other shading out; the
            # other shading often differs in several places, so each island it shades a
            # cell of gets its number moved at once
            choices: dict[int, list[Cell]] = {}
            for w in sorted(other & set(self.island_of)):
                if self.moves[self.island_of[w]] < MOVES_PER_ISLAND:
                    choices.setdefault(self.island_of[w], []).append(w)
            for k, cells in choices.items():
                self.moves[k] += 1
                self.place[k] = self.rng.choice(cells)
            if choices:
                continue
            return None if self._open_one(other) else False

    def _open_one(self, other: set[Cell]) -> bool:
        """Unshade a cell the other shading leaves unshaded: a new island of 1, or one more
        cell of the island beside it; either rules the other shading out."""
        white = set(self.island_of)
        shaded = set(self.shaded)
        cells = sorted(shaded - other)
        self.rng.shuffle(cells)
        for cell in cells:
            touched = {
                self.island_of[n] for n in kit.neighbours(cell, self.rows, self.cols) if n in white
            }
            if len(touched) > 1 or not kit.connected(shaded - {cell}, self.rows, self.cols):
                continue
            if touched:
                self.islands[touched.pop()].add(cell)
            else:
                self.islands.append({cell})
                self.place.append(cell)
            return True
        return False

    def puzzle(self) -> Nurikabe:
        return Nurikabe(
            self.rows,
            self.cols,
            {cell: len(self.islands[k]) for k, cell in enumerate(self.place)},
        )


def generate(genre: Genre, rows: int, cols: int, seed: int, difficulty: str = "hard") -> Generated:
    """A Nurikabe of `rows` x `cols` (both at least MIN_SIDE).

    `difficulty` "easy" keeps islands to EASY_LARGEST cells, "hard" allows HARD_LARGEST.
    """
    timer = kit.Timer()
    rng = random.Random(seed)
    largest = EASY_LARGEST if difficulty == "easy" else HARD_LARGEST
    calls = 0
    for _ in range(RESTARTS):
        found = random_islands(rng, rows, cols, largest)
        if found is None:
            continue
        islands = found
        place = [rng.choice(sorted(island)) for island in islands]
        for _change in range(int(CHANGES_PER_CELL * rows * cols) + 1):
            board = _Board(genre, rng, rows, cols, islands, place)
            unique = board.make_unique()
            calls += board.program.calls
            if unique is not None:
                break
        if unique:
            break
    else:  # pragma: no cover - not seen on any size the tests sweep
        raise RuntimeError(f"no unique nurikabe found for seed {seed}")
    header = (
        f"% nurikabe {rows}x{cols}, puzzlesolve generate --seed {seed} --difficulty {difficulty}\n"
    )
    text = header + render(board.puzzle(), [])  # no cell shaded: numbers and . blanks
    intended = {"shaded": [list(cell) for cell in board.shaded]}
    solution, checked = kit.check_unique(genre, text, intended)
    measures: dict[str, int | float | str] = {
        "islands": len(islands),
        "largest": max((len(island) for island in islands), default=0),
        **checked,
    }
    name = kit.stem("nurikabe", rows, cols, difficulty, seed)
    return Generated("nurikabe", name, seed, text, solution, calls, measures, timer())

"""Star Battle generator: stars first, regions grown round them, then repairs until unique.

1. A random placement of N stars a row and column, none touching: a solve of the placement
   rules alone under a random heuristic (`PLACEMENT`).
2. Regions: each star seeds one; they grow into random neighbouring cells until the board is
   covered, then (N >= 2) regions merge in groups of N stars, each with a neighbour.
3. While a second solution exists, one of its stars outside the intended ones moves to a
   neighbouring region that stays connected: the region it leaves is then one star short in
   that solution, and the intended solution's counts do not change.
Easy boards keep the repairs' result; hard ones try (many) single cells moved to another
region, keeping each move that keeps the puzzle unique, which makes regions more ragged.
"""

from __future__ import annotations

import random

import clingo

from puzzlesolve.generate import Generated, Timer, check_unique, stem
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell
from puzzlesolve.program import encoding_path
from puzzlesolve.regions import beside, connected, grow, numbered
from puzzlesolve.regions import render as render_regions

MIN_SIDE = 4
SQUARE = True
GRADE_LIMITS = {"starbattle": {"easy": 12, "medium": 20}}
GRADE_MAX_CELLS = {"starbattle": 64}  # 8x8: explaining a 10x10 candidate takes 1-3 s
REPAIRS = 400
PLACEMENT = """
{ star(R,C) : C = 0..side-1 } = stars :- R = 0..side-1.
:- C = 0..side-1, #count { R : star(R,C) } != stars.
:- star(R,C), star(R+1,C-1..C+1).
:- star(R,C), star(R,C+1).
"""


def stars_for(rows: int, cols: int) -> int:
    """The usual star count of a board this size: 1 up to 8x8, 2 up to 13x13, 3 beyond."""
    side = min(rows, cols)
    return 1 if side < 9 else 2 if side < 14 else 3


def check_options(_options: dict[str, object]) -> None:
    """No options."""


def generate(
    genre: Genre, rows: int, cols: int, seed: int, difficulty: str = "hard", **_: object
) -> Generated:
    """One Star Battle of `rows` rows and columns with exactly one solution."""
    timer, rng, stars = Timer(), random.Random(seed), stars_for(rows, rows)
    calls = 0
    while True:
        placed = _placement(rows, stars, rng.randrange(1 << 30))
        cells = _regions(rows, placed, stars, rng)
        if cells is None:
            continue
        cells, used = _repaired(cells, rows, stars, placed, rng, difficulty)
        calls += used
        if cells is not None:
            break
    regions = numbered(rows, rows, cells)
    text = (
        f"% puzzlesolve generate starbattle --size {rows}x{rows} --seed {seed} "
        f"--difficulty {difficulty}\n% options: stars={stars}\n" + render_regions(regions, {})
    )
    intended = {"stars": [list(cell) for cell in sorted(placed)]}
    solution, measures = check_unique(genre, text, intended)
    name = stem("starbattle", rows, rows, difficulty, seed)
    return Generated("starbattle", name, seed, text, solution, calls + 1, {**measures}, timer())


def _placement(side: int, stars: int, seed: int) -> set[Cell]:
    """N stars in each row and column of a square board, none touching, at random."""
    found: set[Cell] = set()
    constants = [f"-c side={side}", f"-c stars={stars}"]
    ctl = clingo.Control([*constants, "--rand-freq=1", f"--seed={seed}", "1"])
    ctl.add("base", [], PLACEMENT)
    ctl.ground([("base", [])])
    ctl.solve(on_model=lambda m: found.update(_cells(m.symbols(shown=True))))
    return found


def _cells(symbols) -> set[Cell]:
    return {(s.arguments[0].number, s.arguments[1].number) for s in symbols if s.match("star", 2)}


def _regions(side: int, placed: set[Cell], stars: int, rng: random.Random):
    """Each cell's region: grown from one star each, then merged into groups of `stars`."""
    cells = grow(side, side, {star: k for k, star in enumerate(sorted(placed))}, rng)
    held = {k: 1 for k in cells.values()}
    for _ in range(side * side * 4):
        if all(count == stars for count in held.values()):
            return cells
        cell = rng.choice(list(cells))
        one, other = cells[cell], cells[rng.choice(beside(cell, side, side))]
        if one != other and held[one] + held[other] <= stars:
            for moved in [c for c, k in cells.items() if k == other]:
                cells[moved] = one
            held[one] += held.pop(other)
    return None


def _second(cells: dict[Cell, int], side: int, stars: int, placed: set[Cell]) -> set[Cell] | None:
    """A solution other than `placed`, or None when the puzzle is unique."""
    facts = f"stars({stars}). " + " ".join(f"region({r},{c},{k})." for (r, c), k in cells.items())
    facts += ":- " + ", ".join(f"star({r},{c})" for r, c in sorted(placed)) + "."
    ctl = clingo.Control(["1"])
    ctl.load(str(encoding_path("starbattle.lp")))
    ctl.add("base", [], facts)
    ctl.ground([("base", [])])
    found: list[set[Cell]] = []
    ctl.solve(on_model=lambda m: found.append(_cells(m.symbols(shown=True))))
    return found[0] if found else None


def _movable(cells: dict[Cell, int], cell: Cell, side: int) -> list[int]:
    """The regions `cell` may move to: a neighbour's, its own staying connected."""
    own = [c for c, k in cells.items() if cells[cell] == k and c != cell]
    if not own or not connected(own):
        return []
    return sorted({cells[near] for near in beside(cell, side, side)} - {cells[cell]})


def _repaired(cells, side, stars, placed, rng, difficulty):
    """The regions made unique by moving cells (None: stuck), and the solver calls made."""
    calls = 0
    for _ in range(REPAIRS):
        calls += 1
        other = _second(cells, side, stars, placed)
        if other is None:
            break
        choices = [(cell, k) for cell in other - placed for k in _movable(cells, cell, side)]
        if not choices:
            return None, calls
        cell, k = rng.choice(choices)
        cells[cell] = k
    else:
        return None, calls
    if difficulty == "hard":
        for cell in rng.sample(sorted(cells), len(cells) // 3):
            targets = [k for k in _movable(cells, cell, side) if cell not in placed]
            if targets:
                before = cells[cell]
                cells[cell] = rng.choice(targets)
                calls += 1
                if _second(cells, side, stars, placed) is not None:
                    cells[cell] = before
    return cells, calls

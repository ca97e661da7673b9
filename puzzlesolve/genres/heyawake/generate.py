"""Heyawake generator: rectangular rooms, a random shading the rules allow, rooms cut until
every room's count makes that shading the only solution, then counts taken away.

1. Rooms: rectangles of a few cells (`regions.rectangles`), as Nikoli's rooms are.
2. Shading: a solve of the rules with the rooms and no number, under a random heuristic and
   random signs, so that rules 1, 2 and 4 hold.
3. Counts: every room's count, as external atoms of one grounding. While another shading
   keeps them all, a room where the two differ is cut in two so that the parts' counts tell
   them apart (and the intended shading keeps rule 4); a board no cut repairs is dropped.
4. "easy" boards (rooms of up to 6 or 9 cells) try to take away a tenth of the counts, "hard"
   ones 60 %, each while the puzzle stays unique. Grading (puzzlesolve.generate) explains
   the candidates; at 10x10 about 3 seeds in 4 reach easy and 1 in 4 medium within its 8.
"""

from __future__ import annotations

import itertools
import random

from puzzlesolve import generator_kit as kit
from puzzlesolve.explain.items import atom
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell
from puzzlesolve.program import ground
from puzzlesolve.regions import Regions, numbered, rectangles, region_facts

from . import decode, render_solution
from .audit import clue_values, with_clues

MIN_SIDE = 2
LARGEST_ROOM = 9  # cells; a piece this small may stay whole ("easy": 6 or 9, fewer trials)
RESTARTS = 200
GRADE_LIMITS = {"heyawake": {"easy": 12, "medium": 18}}  # unused: graded by technique tiers
GRADE_MAX_CELLS = {"heyawake": 100}  # a 10x10 candidate explains in 0.2-1.5 s of CPU


def _shading(genre: Genre, board: Regions, seed: int) -> list[Cell] | None:
    """A random shading that keeps the rules on these rooms (no number yet)."""
    arguments = ["--rand-freq=1", "--sign-def=rnd", f"--seed={seed}"]
    ctl = ground(genre, "\n".join(region_facts(board)), arguments=arguments).ctl
    found: list[Cell] = []
    result = ctl.solve(
        on_model=lambda model: found.extend(decode(model.symbols(shown=True), board))
    )
    return found if result.satisfiable else None


def _program(genre: Genre, board: Regions, shaded: list[Cell]) -> tuple[kit.ClueProgram, dict]:
    """Every room's count (on its first cell) as an external atom, beside the rooms."""
    counts = clue_values(board, shaded)
    firsts = {room[0]: counts[room[0]] for room in board.members().values()}
    lines = [
        *region_facts(board),
        *(kit.external("number", r, c, n) for (r, c), n in firsts.items()),
    ]
    lines += [f"intended({r},{c})." for r, c in shaded] + [kit.differs_rules("shaded", 2)]
    clues = {cell: atom("number", *cell, n) for cell, n in firsts.items()}
    return kit.ClueProgram(genre, "\n".join(lines), clues.values()), clues


def _two_borders(board: Regions, shaded: set[Cell]) -> bool:
    """Whether a run of unshaded cells crosses two room borders (rule 4)."""
    lines = [[(r, c) for c in range(board.cols)] for r in range(board.rows)]
    lines += [[(r, c) for r in range(board.rows)] for c in range(board.cols)]
    for line in lines:
        crossed = 0
        for before, cell in itertools.pairwise(line):
            if cell in shaded or before in shaded:
                crossed = 0
            elif board.cells[cell] != board.cells[before]:
                crossed += 1
                if crossed == 2:
                    return True
    return False


def _split(board: Regions, shaded: set[Cell], other: set[Cell], rng: random.Random):
    """The rooms with one rectangle cut in two so that its parts' counts tell `shaded` from
    `other` while `shaded` keeps rule 4, or None where no cut does."""
    cuts = []
    for k, room in board.members().items():
        if not shaded.symmetric_difference(other).intersection(room):
            continue
        for half in [[c for c in room if c[0] < r] for r in {c[0] for c in room}] + [
            [c for c in room if c[1] < col] for col in {c[1] for c in room}
        ]:
            if half and len(shaded.intersection(half)) != len(other.intersection(half)):
                cells = {**board.cells, **dict.fromkeys(half, -k)}
                cut = numbered(board.rows, board.cols, cells)
                if not _two_borders(cut, shaded):
                    cuts.append(cut)
    return rng.choice(cuts) if cuts else None


def generate(
    genre: Genre, rows: int, cols: int, seed: int, difficulty: str = "hard"
) -> kit.Generated:
    """A Heyawake of `rows` x `cols`; `difficulty` "easy" keeps more counts."""
    timer, rng, calls = kit.Timer(), random.Random(seed), 0
    for _ in range(RESTARTS):
        largest = LARGEST_ROOM if difficulty == "hard" else rng.choice((6, LARGEST_ROOM))
        board = rectangles(rows, cols, rng, largest)
        shaded = _shading(genre, board, rng.randrange(1 << 30))
        while shaded is not None:
            program, clues = _program(genre, board, shaded)
            calls += 1
            other = program.other_solution(clues.values())
            if other is None:
                break
            cut = _split(board, set(shaded), set(decode(other, board)), rng)
            if cut is None:
                shaded = None
            else:
                board = cut
        if shaded is not None:
            break
    else:  # pragma: no cover - not seen on any size the tests sweep
        raise RuntimeError(f"no unique heyawake found for seed {seed}")
    kept = program.without_redundant(clues, rng, 0.1 if difficulty == "easy" else 0.6)
    calls += program.calls
    counts = clue_values(board, shaded)
    board = with_clues(board, {cell: counts[cell] for cell in kept})
    header = (
        f"% heyawake {rows}x{cols}, puzzlesolve generate --seed {seed} --difficulty {difficulty}\n"
    )
    text = header + render_solution(board, [])
    solution, checked = kit.check_unique(genre, text, {"shaded": [list(c) for c in shaded]})
    measures: dict[str, int | float | str] = {
        "numbers": len(kept),
        "shaded": len(shaded),
        **checked,
    }
    name = kit.stem("heyawake", rows, cols, difficulty, seed)
    return kit.Generated("heyawake", name, seed, text, solution, calls, measures, timer())

"""Tents generator, as Tatham's: tents placed at random with a tree beside each (a solve of
the placement rules under a random heuristic), every count given; a board whose counts leave
a second solution is thrown away.

"easy" boards keep every count (Tatham's form), "hard" ones as few as uniqueness allows or,
half the time, spare those of TRIED counts that leave every cell to the techniques, none to a
trial (the grader's medium boards come from these); the grade is measured by explaining the
puzzle (puzzlesolve.generate).
"""

from __future__ import annotations

import random

import clingo

from puzzlesolve import generator_kit as kit
from puzzlesolve.explain.items import atom
from puzzlesolve.generate import technique_tier
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell

from . import Tents, facts, render

MIN_SIDE = 4  # Tatham's smallest: below 4x4 boards are too cramped for a unique placement
GRADE_LIMITS = {"tents": {"easy": 12, "medium": 18}}  # unused: graded by technique tiers
GRADE_MAX_CELLS = {"tents": 225}  # a 15x15 explains in 1-2 s of CPU
RESTARTS = 200
TRIED = 6  # counts a medium-leaning board tries to spare: each try is a forward loop (0.3 s)
PLACEMENT = """
cell(0..rows-1, 0..cols-1).
step(0,1; 1,0; 0,-1; -1,0).
{ tent(R,C) : cell(R,C) } = rows * cols / 5.
{ own(R,C,DR,DC) : step(DR,DC), cell(R+DR,C+DC) } = 1 :- tent(R,C).
tree(R+DR,C+DC) :- own(R,C,DR,DC).
:- tree(R,C), tent(R,C).
:- tree(R,C), #count { I,J : own(I,J,R-I,C-J) } > 1.
:- tent(R,C), tent(R+DR,C+DC), (DR,DC) = ((0,1); (1,-1); (1,0); (1,1)).
#show tent/2.
#show tree/2.
"""


def _placement(rows: int, cols: int, seed: int) -> tuple[list[Cell], frozenset[Cell]]:
    """Tents, none touching, each with its own tree beside it, at random (a fifth of the
    cells, as Tatham's)."""
    size = [f"-c rows={rows}", f"-c cols={cols}"]
    ctl = clingo.Control([*size, "--rand-freq=1", f"--seed={seed}", "1"])
    ctl.add("base", [], PLACEMENT)
    ctl.ground([("base", [])])
    found: dict[str, list[Cell]] = {"tent": [], "tree": []}
    with ctl.solve(yield_=True) as models:
        for s in next(iter(models)).symbols(shown=True):
            found[s.name].append((s.arguments[0].number, s.arguments[1].number))
    return sorted(found["tent"]), frozenset(found["tree"])


def generate(
    genre: Genre, rows: int, cols: int, seed: int, difficulty: str = "hard", **_: object
) -> kit.Generated:
    """A Tents of `rows` x `cols` with exactly one solution; "easy" keeps every count."""
    timer, rng = kit.Timer(), random.Random(seed)
    for restart in range(RESTARTS):
        tents, trees = _placement(rows, cols, rng.randrange(1 << 30))
        counts = {("row", r): sum(t[0] == r for t in tents) for r in range(rows)}
        counts |= {("column", c): sum(t[1] == c for t in tents) for c in range(cols)}
        board = _board(rows, cols, trees, counts, set())
        lines = [kit.external(f"{kind}_count", i, n) for (kind, i), n in counts.items()]
        lines += [f"intended({r},{c})." for r, c in tents] + [kit.differs_rules("tent", 2)]
        clues = {key: atom(f"{key[0]}_count", key[1], n) for key, n in counts.items()}
        program = kit.ClueProgram(genre, "\n".join(facts(board) + lines), clues.values())
        if program.other_solution(clues.values()) is None:
            break
    else:  # pragma: no cover - not seen on any size the tests sweep
        raise RuntimeError(f"no unique tents found for seed {seed}")
    kept = set(counts)
    if difficulty != "easy" and rng.random() < 0.5:  # half the time, only what techniques spare
        for line in rng.sample(sorted(counts), TRIED):
            if technique_tier(genre, _board(rows, cols, trees, counts, kept - {line})) < 9:
                kept.discard(line)
    elif difficulty != "easy":
        kept = program.without_redundant(clues, rng)
    calls, board = restart + program.calls, _board(rows, cols, trees, counts, kept)
    made = f"puzzlesolve generate --seed {seed} --difficulty {difficulty}"
    text = f"% tents {rows}x{cols}, {made}\n" + render(board, [])
    solution, checked = kit.check_unique(genre, text, {"tents": [list(c) for c in tents]})
    measures: dict[str, int | float | str] = {"counts": len(kept), "tents": len(tents), **checked}
    name = kit.stem("tents", rows, cols, difficulty, seed)
    return kit.Generated("tents", name, seed, text, solution, calls, measures, timer())


def _board(rows: int, cols: int, trees: frozenset[Cell], counts: dict, kept: set) -> Tents:
    """The board with the counts of the lines `kept` (``("row", r)``, ``("column", c)``)."""
    given = [counts[line] if line in kept else None for line in counts]  # rows, then columns
    return Tents(rows, cols, trees, tuple(given[:rows]), tuple(given[rows:]))


def check_options(_options: dict[str, object]) -> None:
    """Every combination of this genre's options is fine (`GenerateFeature.check_options`)."""

"""Yajilin generator: clue cells at random, a random shading and loop around them (a solve
with a random heuristic), one arrow each; then, while another solution fits the clues, a
clue turned to where the two solutions differ, or a shaded cell where they differ made a
clue cell (the loop does not pass there, so the intended solution still holds).

1. Put holes (clue cells to be) at random, a share of the board that falls with the
   difficulty: more clues make an easier puzzle.
2. Solve the rules with every hole a clue cell that counts nothing (``clue(R,C,0,0,0)``),
   by a random heuristic: a random shading and loop.
3. Ground the rules with the clue each direction of each hole would show (its count in the
   intended solution) as an external atom, one arrow a hole assumed; search for another
   solution and, where one is found, turn an arrow or add a clue cell that tells the two
   apart, until none is.
"""

from __future__ import annotations

import random

from puzzlesolve import generator_kit as kit
from puzzlesolve.explain.items import atom
from puzzlesolve.generator_kit import Generated
from puzzlesolve.genre import Genre
from puzzlesolve.genres.yajilin import ARROWS, Yajilin, decode, to_json
from puzzlesolve.program import ground

MIN_SIDE = 3
HOLES = {"easy": 0.25, "medium": 0.16, "hard": 0.12}  # the share of clue cells
RESTARTS = 100
GRADE_LIMITS = {"yajilin": {"easy": 8, "medium": 12}}  # unused: graded by technique tiers
GRADE_MAX_CELLS = {
    "yajilin": 36
}  # explanations still need trials (hard): only small boards are graded by default


def generate(genre: Genre, rows: int, cols: int, seed: int, difficulty: str = "hard") -> Generated:
    """A Yajilin of `rows` x `cols` with one solution."""
    timer, rng, calls = kit.Timer(), random.Random(seed), 0
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    for _ in range(RESTARTS):
        holes = set(rng.sample(cells, max(1, round(HOLES[difficulty] * rows * cols))))
        found = _random_solution(genre, rows, cols, holes, rng)
        if found is None:
            continue
        arrows = {hole: rng.choice(_arrows(rows, cols, hole)) for hole in holes}
        turned: set = set()  # each arrow turns once at most: turning back and forth never ends
        other, grounded = _repair(genre, (rows, cols), found, arrows, turned, rng)
        calls += grounded
        if other is None:
            break
    else:  # pragma: no cover - not seen on any size the tests sweep
        raise RuntimeError(f"no unique yajilin found for seed {seed}")
    board = _board(rows, cols, arrows, set(found.shaded) - set(arrows))
    header = (
        f"% yajilin {rows}x{cols}, puzzlesolve generate --seed {seed} --difficulty {difficulty}\n"
    )
    text = header + "".join(
        " ".join(_token(board, (r, c)) for c in range(cols)) + "\n" for r in range(rows)
    )
    intended = to_json(board, found._replace(shaded=sorted(set(found.shaded) - set(arrows))))
    solution, checked = kit.check_unique(genre, text, intended)
    measures: dict[str, int | float | str] = {"clues": len(arrows), **checked}
    name = kit.stem("yajilin", rows, cols, difficulty, seed)
    return Generated("yajilin", name, seed, text, solution, calls, measures, timer())


def _random_solution(genre: Genre, rows: int, cols: int, holes: set, rng: random.Random):
    """A random shading and loop around `holes`, or None where none fits."""
    facts = [f"cell({r},{c})." for r in range(rows) for c in range(cols)]
    facts += [f"clue({r},{c},0,0,0)." for r, c in sorted(holes)]
    arguments = ["--rand-freq=1", f"--seed={rng.randrange(1 << 30)}"]
    ctl = ground(genre, "\n".join(facts), arguments=arguments).ctl
    found: list = []
    bare = Yajilin(rows, cols, {})
    ctl.solve(on_model=lambda model: found.append(decode(model.symbols(shown=True), bare)))
    return found[0] if found else None


def _arrows(rows: int, cols: int, cell: tuple[int, int]) -> list[str]:
    """The arrows that point at a cell of the board from `cell`."""
    r, c = cell
    return [a for a, (dr, dc) in ARROWS.items() if 0 <= r + dr < rows and 0 <= c + dc < cols]


def _count(board: Yajilin, cell: tuple[int, int], arrow: str, shaded: set) -> int:
    ray = Yajilin(board.rows, board.cols, {cell: (0, arrow)}).ray(cell)
    return sum(other in shaded for other in ray)


def _board(rows: int, cols: int, arrows: dict, shaded: set) -> Yajilin:
    """The board whose clues count `shaded` in the direction of `arrows`."""
    bare = Yajilin(rows, cols, {})
    return Yajilin(rows, cols, {cell: (_count(bare, cell, a, shaded), a) for cell, a in arrows.items()})  # fmt: skip


def _repair(genre: Genre, size: tuple[int, int], found, arrows: dict, turned: set, rng):
    """Turn arrows and add clue cells (`_tell_apart`) until no other solution fits: None
    then, else the last other solution found; and the solver calls made. The rules are
    ground once for each set of clue cells, every arrow of each an external atom."""
    (rows, cols), calls, other = size, 0, None
    for _ in range(rows * cols):
        bare, shaded = Yajilin(rows, cols, {}), set(found.shaded) - set(arrows)
        options = {
            (cell, a): atom("clue", *cell, *ARROWS[a], _count(bare, cell, a, shaded))
            for cell in arrows
            for a in _arrows(rows, cols, cell)
        }
        lines = [f"cell({r},{c})." for r in range(rows) for c in range(cols)]
        lines += [kit.external("clue", *(n.number for n in s.arguments)) for s in options.values()]
        lines += [f"intended({a[0]},{a[1]},{b[0]},{b[1]})." for a, b in found.loop]
        program = kit.ClueProgram(genre, "\n".join(lines) + "\n" + kit.differs_rules("segment", 4), options.values())  # fmt: skip
        while True:
            found_other = program.other_solution([options[cell, a] for cell, a in arrows.items()])
            calls += 1
            if found_other is None:
                return None, calls
            board = _board(rows, cols, arrows, shaded)
            other = decode(found_other, board)
            told = _tell_apart(board, found, other, arrows, turned, rng)
            if told != "turned":
                break
        if told is None:
            return other, calls
    return other, calls


def _tell_apart(
    board: Yajilin, found, other, arrows: dict, turned: set, rng: random.Random
) -> str | None:
    """Turn an arrow ("turned"), or make a clue cell of a shaded cell ("added"), so that the
    clues tell `found` from `other`; None where neither can."""
    mine, theirs = set(found.shaded) - set(arrows), set(other.shaded)
    turns = [
        (cell, a)
        for cell in sorted(set(arrows) - turned)
        for a in _arrows(board.rows, board.cols, cell)
        if _count(board, cell, a, mine) != _count(board, cell, a, theirs)
    ]
    if turns:
        cell, arrow = rng.choice(turns)
        arrows[cell] = arrow
        turned.add(cell)
        return "turned"
    spare = sorted(mine - theirs)
    if not spare:
        return None
    cell = rng.choice(spare)
    mine.discard(cell)
    options = [a for a in _arrows(board.rows, board.cols, cell) if _count(board, cell, a, mine) != _count(board, cell, a, theirs)]  # fmt: skip
    arrows[cell] = rng.choice(options or _arrows(board.rows, board.cols, cell))
    return "added"


def _token(board: Yajilin, cell: tuple[int, int]) -> str:
    clue = board.clues.get(cell)
    return "." if clue is None else f"{clue[0]}{clue[1]}"

"""Numberlink generator: a few long lines that never run alongside themselves, kept when unique.

Published puzzles are the model (figures: bench/shapes.py). Flow Free's "extreme" 10x10
levels have 5 or 6 lines, every cell covered, and no line ever runs alongside itself (two
cells of one line touch only where they follow each other); every Nikoli-style board of the
corpus that is proven unique (45 by Janko.at, 2 by other authors, up to 400 cells) covers
every cell too, and so do the first solutions found for four nikoli.com boards. So:

1. Cover: the board is cut into `line_count` lines of random shape: a snake through the
   board cut into that many pieces, then random moves (a line's end steps onto a
   neighbouring cell, taking over the rest of that cell's line, as in backbite moves) until
   no line touches itself. Every line has at least MIN_LINE cells; its ends never touch.
2. Check: the endpoints are written out as the puzzle's text; the text is parsed and solved
   from scratch, asking for a solution other than the cover (a "differs" constraint). None
   means unique: the proof is made on the very text that is written.
3. A counterexample re-routes some lines. Those lines are shaken (random moves that start
   from them) and the cover untangled again; after REPAIRS failures in a row a new cover
   is drawn, and after COVERS_PER_COUNT covers (more on large boards) one line more is
   allowed (small boards rarely have a unique puzzle of few lines). A check that needs more than
   CONFLICTS_PER_CELL conflicts per cell counts as failed, so the time spent on one
   candidate is bounded and the same seed still gives the same puzzle everywhere.

Rules. With `fill` the check uses the Flow Free rules (every cell covered). Without, the
Nikoli rules, and the check runs with ``no_self_touch``, which is exact here and much faster:
a second Nikoli solution can be shortened, wherever a line touches itself, into one where no
line does, and the shortened one still differs from the cover (it leaves cells empty, which
the cover does not). Uniqueness under the Nikoli rules implies it under --fill (which only
removes solutions, and the cover is one). A --fill puzzle is then checked under the Nikoli
rules too, within OTHER_RULES_CONFLICTS_PER_CELL; the summary says "unique", "multiple" or
"unknown".

Difficulty: "hard" has lines of 14 cells on average (10x10: 7 lines; 14x14: 14), "easy" of 8
(10x10: 12 lines). Boards too small for that many lines that never touch themselves get one
line more at a time until they fit.
"""

from __future__ import annotations

import itertools
import math
import random

import clingo

from puzzlesolve.generator_kit import (
    ClueProgram,
    Generated,
    GenerateError,
    Timer,
    Undecided,
    stem,
)
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell

MIN_SIDE = 3
MIN_LINE = 3
MEAN_LENGTH = {"hard": 14, "easy": 8}  # cells per line on average
REPAIRS = 4  # counterexamples answered by shaking their lines before a new cover is drawn
COVERS = 200  # covers drawn before giving up (not reached on any size the bench sweeps)
UNTANGLE_TRIES = 5  # covers that stay tangled before the board gets one line more
MIX_MOVES = 4  # random moves per cell before a cover is untangled
UNTANGLE_MOVES = 50  # moves per cell allowed for untangling before a new start
COVERS_PER_COUNT = 8  # covers that fail before a board gets one line more, at least ...
CELLS_PER_COVER = 4  # ... one cover per this many cells (10x10: 25, 14x14: 49 covers)
TEMPERATURE = 0.3  # untangling accepts one more touch with probability e^(-1/T), about 4%
CONFLICTS_PER_CELL = 100  # a check that needs more conflicts counts as failed: another cover
OTHER_RULES_CONFLICTS_PER_CELL = 1000  # the other rule set's check says "unknown" beyond this
# Measured grades (puzzlesolve.generate.grade): easy when no step is larger than 9 (cells +
# rules; a line's clue is both its endpoints), medium up to 11, hard beyond. Largest step:
# 5x5 9; 6x6 8-11; 7x7 11 (hard setting: few long lines, solved in 1-2 steps) and 13-15
# (easy setting: many short lines, 3-7 steps that each join several lines); explaining takes
# 0.05-0.2 s at 6x6, 0.2-2.7 s at 7x7, 1-29 s at 8x8.
GRADE_LIMITS = {"numberlink": {"easy": 9, "medium": 11}}
GRADE_MAX_CELLS = {"numberlink": 49}  # graded by default up to 7x7

Line = list[Cell]
Link = tuple[Cell, Cell]


def line_count(rows: int, cols: int, difficulty: str) -> int:
    """How many lines a puzzle of this size and difficulty starts with (at least two)."""
    return max(2, round(rows * cols / MEAN_LENGTH[difficulty]))


def _links(line: Line) -> list[Link]:
    """A line's links, each with its cells in the rules' order (upper or left cell first)."""
    return [(min(a, b), max(a, b)) for a, b in itertools.pairwise(line)]


def shape(rows: int, cols: int, lines: list[Line]) -> dict[str, int | float]:
    """How a solution looks, for comparison with published puzzles (bench/shapes.py).

    Returns:
        lines, their mean length, `self_touches` (pairs of cells of one line that touch
        without following each other; 0 in every published Flow Free level that is unique)
        and `empty_share` (the fraction of cells no line covers).
    """
    lengths = [len(line) for line in lines]
    touches = 0
    for line in lines:
        place = {cell: i for i, cell in enumerate(line)}
        for (r, c), i in place.items():
            around = ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))
            touches += sum(place.get(other, -1) > i + 1 for other in around)
    return {
        "lines": len(lines),
        "mean_length": round(sum(lengths) / len(lengths), 1),
        "self_touches": touches,
        "empty_share": round(1 - sum(lengths) / (rows * cols), 3),
    }


class Cover:
    """Lines that cover a board, changed by random moves; `touches` counts self-contacts.

    A move takes a line's end `e` and a board neighbour `x` of it. If `x` is on the same
    line, the stretch after `x` is reversed so that `e` now follows `x` (a backbite move).
    If `x` is on another line, `e` is joined to `x` and that line is cut at `x`: one part
    goes with `e`'s line, the other stays alone. Every move keeps the board covered and the
    number of lines the same; moves that would leave a line shorter than MIN_LINE are not
    made.
    """

    def __init__(self, rng: random.Random, rows: int, cols: int, count: int):
        self.rng, self.rows, self.cols = rng, rows, cols
        snake = [(r, c if r % 2 == 0 else cols - 1 - c) for r in range(rows) for c in range(cols)]
        cuts = sorted(rng.sample(range(MIN_LINE, len(snake) - MIN_LINE + 1), count - 1))
        while any(b - a < MIN_LINE for a, b in itertools.pairwise([0, *cuts, len(snake)])):
            cuts = sorted(rng.sample(range(MIN_LINE, len(snake) - MIN_LINE + 1), count - 1))
        self.lines = [snake[a:b] for a, b in itertools.pairwise([0, *cuts, len(snake)])]
        self.line_of = {cell: k for k, line in enumerate(self.lines) for cell in line}
        self.touching = [self._touches(line) for line in self.lines]

    def _neighbours(self, cell: Cell) -> list[Cell]:
        r, c = cell
        return [
            (r + dr, c + dc)
            for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
            if 0 <= r + dr < self.rows and 0 <= c + dc < self.cols
        ]

    def _touches(self, line: Line) -> int:
        """Pairs of cells of `line` that touch without following each other."""
        place = {cell: i for i, cell in enumerate(line)}
        return sum(
            1
            for cell, i in place.items()
            for other in self._neighbours(cell)
            if place.get(other, -1) > i + 1
        )

    @property
    def touches(self) -> int:
        return sum(self.touching)

    def _proposal(self, k: int) -> dict[int, Line] | None:
        """A random move that starts from line `k`: the lines it changes, or None."""
        line = self.lines[k] if self.rng.random() < 0.5 else self.lines[k][::-1]
        end = line[-1]
        target = self.rng.choice(self._neighbours(end))
        other = self.line_of[target]
        if other == k:
            at = line.index(target)
            if at == len(line) - 2:
                return None
            return {k: line[: at + 1] + line[at + 1 :][::-1]}
        rest = self.lines[other]
        at = rest.index(target)
        if self.rng.random() < 0.5:
            joined, left = line + rest[at:], rest[:at]
        else:
            joined, left = line + rest[: at + 1][::-1], rest[at + 1 :]
        if len(left) < MIN_LINE:
            return None
        return {k: joined, other: left}

    def _apply(self, changed: dict[int, Line], touching: dict[int, int]) -> None:
        for k, line in changed.items():
            self.lines[k] = line
            self.touching[k] = touching[k]
            for cell in line:
                self.line_of[cell] = k

    def shake(self, moves: int, among: list[int]) -> None:
        """Make `moves` random moves, each starting from one of the lines `among`."""
        for _ in range(moves):
            changed = self._proposal(self.rng.choice(among))
            if changed:
                self._apply(changed, {k: self._touches(line) for k, line in changed.items()})

    def untangle(self, moves: int) -> bool:
        """Random moves that rarely add a touch, until no line touches itself (True)."""
        for _ in range(moves):
            if not self.touches:
                return True
            changed = self._proposal(self.rng.randrange(len(self.lines)))
            if not changed:
                continue
            touching = {k: self._touches(line) for k, line in changed.items()}
            worse = sum(touching.values()) - sum(self.touching[k] for k in changed)
            if worse <= 0 or self.rng.random() < math.exp(-worse / TEMPERATURE):
                self._apply(changed, touching)
        return not self.touches


def _cover(rng: random.Random, rows: int, cols: int, count: int) -> Cover:
    """A random cover by `count` lines or, where that fails, a few more; none touches itself."""
    cells = rows * cols
    while count * MIN_LINE <= cells:
        for _ in range(UNTANGLE_TRIES):
            cover = Cover(rng, rows, cols, count)
            cover.shake(MIX_MOVES * cells, list(range(count)))
            if cover.untangle(UNTANGLE_MOVES * cells):
                return cover
        count += 1
    raise GenerateError(f"no lines that never touch themselves cover a {rows}x{cols} board")


class _Check:
    """The written puzzle solved from scratch, once for the cover and once for any other.

    Args:
        genre: the Numberlink genre record.
        text: the instance text as it will be written.
        lines: the cover, line by line.
        switches: the rules to check under ("fill", or "no_self_touch" for the Nikoli rules).
        conflicts: the conflict limit of each search (see ClueProgram).
    """

    def __init__(
        self,
        genre: Genre,
        text: str,
        lines: list[Line],
        switches: tuple[str, ...],
        conflicts: int,
    ):
        self.puzzle = genre.parse(text, "<generated>")
        intended = [
            f"intended({a[0]},{a[1]},{b[0]},{b[1]})." for line in lines for a, b in _links(line)
        ]
        self._differ = clingo.Function("differ")
        program = [
            *genre.facts(self.puzzle),
            *intended,
            # `differ` on: a solution other than the cover; off: the cover itself
            "#external differ. [free]",
            "another :- intended(A,B,C,D), not link(A,B,C,D).",
            "another :- link(A,B,C,D), not intended(A,B,C,D).",
            ":- differ, not another.",
            ":- not differ, another.",
            # a counterexample, if any, is most often found next to the cover
            "#heuristic link(A,B,C,D) : intended(A,B,C,D). [1,sign]",
        ]
        self.program = ClueProgram(
            genre, "\n".join(program), [self._differ], switches=switches, conflicts=conflicts
        )

    def other(self) -> set[Link] | None:
        """Another solution's links, or None: the puzzle is unique.

        Raises:
            Undecided: the search reached its conflict limit.
        """
        symbols = self.program.other_solution([self._differ])
        if symbols is None:
            return None
        return {
            (
                (s.arguments[0].number, s.arguments[1].number),
                (s.arguments[2].number, s.arguments[3].number),
            )
            for s in symbols
            if s.match("link", 4)
        }

    def solution(self, genre: Genre):
        """The cover as the genre decodes it (the cover must be a solution)."""
        symbols = self.program.other_solution([])
        if symbols is None:
            raise RuntimeError("the generated cover breaks the rules")
        return genre.decode(symbols, self.puzzle)


def _unique_cover(
    genre: Genre, rows: int, cols: int, seed: int, difficulty: str, fill: bool
) -> tuple[Cover, str, _Check, int]:
    """A cover whose puzzle is unique, its text, the check that proved it, and solver calls."""
    rng = random.Random(seed)
    count = line_count(rows, cols, difficulty)
    switches = ("fill",) if fill else ("no_self_touch",)
    calls = 0
    patience = max(COVERS_PER_COUNT, rows * cols // CELLS_PER_COVER)
    for attempt in range(1, COVERS + 1):
        cover = _cover(rng, rows, cols, count)
        count = len(cover.lines) + (attempt % patience == 0)
        for _ in range(REPAIRS):
            text = _instance_text(rows, cols, cover.lines, seed, difficulty, fill)
            check = _Check(genre, text, cover.lines, switches, CONFLICTS_PER_CELL * rows * cols)
            calls += 1
            try:
                routes = check.other()
            except Undecided:  # too hard to prove: try other lines
                routes = set()
            if routes is None:
                return cover, text, check, calls
            wrong = [k for k, line in enumerate(cover.lines) if not routes.issuperset(_links(line))]
            cover.shake(sum(len(cover.lines[k]) for k in wrong), wrong)
            if not cover.untangle(UNTANGLE_MOVES * rows * cols):
                break
    raise GenerateError(f"no unique {rows}x{cols} numberlink found for seed {seed}")


def generate(
    genre: Genre, rows: int, cols: int, seed: int, difficulty: str = "hard", *, fill: bool = False
) -> Generated:
    """A Numberlink of `rows` x `cols` (each at least MIN_SIDE) with one solution.

    Args:
        genre: the Numberlink genre record.
        rows: board rows.
        cols: board columns.
        seed: the seed; the same arguments give the same puzzle.
        difficulty: "hard" (fewer, longer lines) or "easy".
        fill: unique under --fill (Flow Free) instead of the Nikoli rules.
    """
    timer = Timer()
    cover, text, check, calls = _unique_cover(genre, rows, cols, seed, difficulty, fill)
    effort = check.program.effort()
    solution = genre.render(check.puzzle, check.solution(genre))
    other_rules = "unique"  # Nikoli-unique with every cell covered: unique under --fill
    if fill:
        limit = OTHER_RULES_CONFLICTS_PER_CELL * rows * cols
        try:
            nikoli = _Check(genre, text, cover.lines, ("no_self_touch",), limit).other()
            other_rules = "unique" if nikoli is None else "multiple"
        except Undecided:
            other_rules = "unknown"
    lengths = [len(line) for line in cover.lines]
    measures: dict[str, int | float | str] = {
        "lines": len(lengths),
        "mean_length": round(sum(lengths) / len(lengths), 1),
        "shortest": min(lengths),
        "longest": max(lengths),
        "empty": rows * cols - sum(lengths),
        ("nikoli" if fill else "fill"): other_rules,
        **effort,
    }
    extra = ["fill"] if fill else []
    name = stem("numberlink", rows, cols, difficulty, seed, *extra)
    return Generated("numberlink", name, seed, text, solution, calls, measures, timer())


def _instance_text(
    rows: int, cols: int, lines: list[Line], seed: int, difficulty: str, fill: bool
) -> str:
    """The contract's format: labels 1..k on the endpoints, `.` elsewhere, right-aligned."""
    token = {(r, c): "." for r in range(rows) for c in range(cols)}
    for k, line in enumerate(lines, start=1):
        token[line[0]] = token[line[-1]] = str(k)
    width = len(str(len(lines)))
    option = " --fill" if fill else ""
    header = (
        f"% numberlink {rows}x{cols}, puzzlesolve generate --seed {seed} "
        f"--difficulty {difficulty}{option}\n"
        + ("% options: fill\n" if fill else "")  # solved under the rules it was made for
    )
    return header + "".join(
        " ".join(token[r, c].rjust(width) for c in range(cols)) + "\n" for r in range(rows)
    )

"""Numberlink generator: a random cover of the board by lines, split until the solver proves it unique.

1. A random Hamiltonian path (backbite moves, as for Numbrix) is cut into lines of random
   lengths: short for "easy", long for "hard". Every line has at least three cells and
   its two ends never touch, so no line is a trivial pair of neighbours. The lines cover
   every cell, so the intended solution is valid under the Nikoli rules and under --fill.
2. The genre's rules are grounded once per cover, with every possible endpoint clue and
   every link of the intended solution as external atoms, plus one external that asks
   for every cell to be covered (--fill). A call looks for a solution other than the
   intended one.
3. A counterexample routes some line differently. That line is split in two at a cell the
   counterexample routes it around (or elsewhere when that is not possible), which pins
   the line to that cell; the call is repeated until none is found. A cover whose lines
   cannot be split further starts over from a new path.

Without --fill the puzzle is made unique under the Nikoli rules, which also makes it unique
under --fill: the intended solution covers every cell, and --fill only removes solutions.
"hard" then joins neighbouring lines wherever the puzzle stays unique (fewer, longer lines).
With --fill it is made unique under --fill first (longer lines survive), then, for a bounded
number of splits, under the Nikoli rules too; `measures["nikoli_unique"]` says whether that
succeeded.
"""

from __future__ import annotations

import itertools
import random

import clingo

from puzzlesolve.generate import (
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

MIN_SIDE = 3
MIN_LINE = 3
RESTARTS = 30
NIKOLI_SPLITS = 12  # --fill: splits spent on making the puzzle unique under Nikoli rules too

Line = list[Cell]
Link = tuple[Cell, Cell]


def _touch(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def _good(line: Line) -> bool:
    """Long enough, and its ends do not touch (a line of neighbours is no puzzle)."""
    return len(line) >= MIN_LINE and not _touch(line[0], line[-1])


def cut(rng: random.Random, path: list[Cell], shortest: int, longest: int) -> list[Line]:
    """Cut `path` into good lines of roughly `shortest`..`longest` cells."""
    lines: list[Line] = []
    start = 0
    while start < len(path):
        end = min(len(path), start + rng.randint(shortest, longest))
        while end < len(path) and not _good(path[start:end]):
            end += 1  # a line whose ends touch grows by a cell
        if len(path) - end < MIN_LINE:
            end = len(path)  # a short remainder joins this line
        lines.append(path[start:end])
        start = end
    if len(lines) > 1 and not _good(lines[-1]):
        lines[-2:] = [lines[-2] + lines[-1]]
    return lines


def _links(line: Line) -> list[Link]:
    """A line's links, each with its cells in the rules' order (upper or left cell first)."""
    return [(min(a, b), max(a, b)) for a, b in itertools.pairwise(line)]


def _unique(cover: _Cover, fill: bool, nikoli: bool) -> bool:
    """Whether the cover is unique under --fill (if asked) and the Nikoli rules (if kept)."""
    return (not fill or cover.counterexample(True) is None) and (
        not nikoli or cover.counterexample(False) is None
    )


def _merge_while_unique(cover: _Cover, fill: bool, nikoli: bool) -> None:
    """Join neighbouring lines, in seeded random order, wherever the puzzle stays unique.

    Fewer, longer lines mean fewer clues: this is what "hard" adds. A join that fails is
    not retried, so each boundary costs one call at most.
    """
    boundaries = [line[-1] for line in cover.lines[:-1]]
    cover.rng.shuffle(boundaries)
    for cell in boundaries:
        i = next(i for i, line in enumerate(cover.lines) if cell in line)
        if cover.lines[i][-1] != cell or i + 1 == len(cover.lines):
            continue  # an earlier join swallowed this boundary
        before = list(cover.lines)
        merged = cover.lines[i] + cover.lines[i + 1]
        if not _good(merged):
            continue
        cover.lines[i : i + 2] = [merged]
        if not _unique(cover, fill, nikoli):
            cover.lines[:] = before


def _cut_at(
    rng: random.Random,
    line: Line,
    avoided: set[Cell],
    pinned_only: bool,
    other_than: int | None = None,
) -> int | None:
    """Where to cut `line` into two good lines, one ending on an `avoided` cell if possible.

    Args:
        rng: the source of randomness.
        line: the cells to cut.
        avoided: cells a counterexample routes around; an end there pins the line to it.
        pinned_only: give up (None) rather than cut where no avoided cell becomes an end.
        other_than: a cut position not to use (the boundary that is already there).
    """
    cuts = [
        i
        for i in range(MIN_LINE, len(line) - MIN_LINE + 1)
        if i != other_than and _good(line[:i]) and _good(line[i:])
    ]
    pinning = [i for i in cuts if line[i - 1] in avoided or line[i] in avoided]
    choices = pinning if pinned_only else pinning or cuts
    return rng.choice(choices) if choices else None


def _symbol(name: str, *args: int) -> clingo.Symbol:
    return clingo.Function(name, [clingo.Number(a) for a in args])


class _Cover:
    """The lines of one cover and the ground program that tests them as a puzzle."""

    def __init__(self, rng: random.Random, rows: int, cols: int, lines: list[Line], genre):
        self.rng, self.rows, self.cols, self.lines = rng, rows, cols, lines
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        # every split adds one line; there is room for the most lines the board can hold
        self.labels = (rows * cols) // MIN_LINE
        pairs = [
            ((r, c), (r + dr, c + dc))
            for r, c in cells
            for dr, dc in ((0, 1), (1, 0))
            if r + dr < rows and c + dc < cols
        ]
        program = [f"cell({r},{c})." for r, c in cells]
        program += [
            external("endpoint", r, c, k) for r, c in cells for k in range(1, self.labels + 1)
        ]
        program += [external("intended", *a, *b) for a, b in pairs]
        program += [
            "#external fill_mode. [free]",
            "covered(R,C) :- line(R,C,_).",
            ":- fill_mode, cell(R,C), not covered(R,C).",
            differs_rules("link", 4),
            # search: try the intended links first, so a second solution is found near it
            # (without this, a Nikoli search on a board of few long lines can take minutes)
            "#heuristic link(A,B,C,D) : intended(A,B,C,D). [1@2,sign]",
            "#heuristic link(A,B,C,D) : neighbours(A,B,C,D). [-1@1,sign]",
        ]
        program += [f"neighbours({a[0]},{a[1]},{b[0]},{b[1]})." for a, b in pairs]
        self.endpoint = {
            (cell, k): _symbol("endpoint", *cell, k)
            for cell in cells
            for k in range(1, self.labels + 1)
        }
        self.intended = {pair: _symbol("intended", *pair[0], *pair[1]) for pair in pairs}
        self.fill_mode = clingo.Function("fill_mode")
        clues = [*self.endpoint.values(), *self.intended.values(), self.fill_mode]
        self.program = ClueProgram(genre, "\n".join(program), clues)

    def counterexample(self, fill: bool) -> dict[int, set[Link]] | None:
        """Another solution's links by label under the current endpoints, or None if unique."""
        shown = [self.endpoint[line[0], k] for k, line in enumerate(self.lines, start=1)]
        shown += [self.endpoint[line[-1], k] for k, line in enumerate(self.lines, start=1)]
        shown += [self.intended[link] for line in self.lines for link in _links(line)]
        if fill:
            shown.append(self.fill_mode)
        symbols = self.program.other_solution(shown)
        if symbols is None:
            return None
        label = {
            (s.arguments[0].number, s.arguments[1].number): s.arguments[2].number
            for s in symbols
            if s.match("line", 3)
        }
        routes: dict[int, set[Link]] = {}
        for s in symbols:
            if s.match("link", 4):
                a = (s.arguments[0].number, s.arguments[1].number)
                b = (s.arguments[2].number, s.arguments[3].number)
                routes.setdefault(label[a], set()).add((a, b))
        return routes

    def repair(self, routes: dict[int, set[Link]]) -> bool:
        """Change the cover so that this counterexample no longer fits; False if stuck.

        A line routed differently is split where the counterexample avoids it. Lines too
        short to split move their boundary with a neighbour instead: consecutive lines
        are consecutive stretches of one path, so their union can be cut elsewhere.
        """
        wrong = [
            k for k, line in enumerate(self.lines) if set(_links(line)) != routes.get(k + 1, set())
        ]
        self.rng.shuffle(wrong)
        avoided = {}
        for k in wrong:
            visited = {cell for link in routes.get(k + 1, ()) for cell in link}
            avoided[k] = {cell for cell in self.lines[k] if cell not in visited}
        if len(self.lines) < self.labels:
            for k in wrong:
                cut = _cut_at(self.rng, self.lines[k], avoided[k], pinned_only=False)
                if cut is not None:
                    self.lines[k : k + 1] = [self.lines[k][:cut], self.lines[k][cut:]]
                    return True
        for k in wrong:
            for first in (k - 1, k):
                if first < 0 or first + 1 >= len(self.lines):
                    continue
                merged = self.lines[first] + self.lines[first + 1]
                cut = _cut_at(
                    self.rng,
                    merged,
                    avoided[k],
                    pinned_only=True,
                    other_than=len(self.lines[first]),
                )
                if cut is not None:
                    self.lines[first : first + 2] = [merged[:cut], merged[cut:]]
                    return True
        return False


def _lengths(rows: int, cols: int, difficulty: str) -> tuple[int, int]:
    """Starting line lengths: long enough to split, short enough to search fast.

    Splits shorten lines anyway; a first cover of very long lines only makes the first
    searches slow (a 15x15 board of lines of 15-45 cells took minutes).
    """
    side = max(rows, cols)
    if difficulty == "easy":
        return 2 * MIN_LINE, max(2 * MIN_LINE, side // 2)
    return max(2 * MIN_LINE, side // 2), max(2 * MIN_LINE, side)


def generate(
    genre: Genre, rows: int, cols: int, seed: int, difficulty: str = "hard", *, fill: bool = False
) -> Generated:
    """A Numberlink of `rows` x `cols` (each at least MIN_SIDE) with one solution.

    Args:
        genre: the Numberlink genre record.
        rows: board rows.
        cols: board columns.
        seed: the seed; the same arguments give the same puzzle.
        difficulty: "hard" starts from long lines, "easy" from short ones.
        fill: make it unique under --fill (every cell covered), and under the Nikoli
            rules as well when a few more splits manage it.
    """
    timer = Timer()
    rng = random.Random(seed)
    calls = 0
    nikoli = True
    for _ in range(RESTARTS):
        path = random_path(rng, rows, cols, king=False)
        cover = _Cover(rng, rows, cols, cut(rng, path, *_lengths(rows, cols, difficulty)), genre)
        nikoli_splits = NIKOLI_SPLITS if fill else 0
        unique = False
        while cover.program.calls < rows * cols:  # boundary moves can cycle; start over
            routes = cover.counterexample(fill)
            if routes is None and fill and nikoli_splits > 0:
                routes = cover.counterexample(False)
                nikoli_splits -= 1
                if routes is None:
                    unique, nikoli = True, True
                    break
                if not cover.repair(routes):  # fill-unique is enough; keep it
                    unique, nikoli = True, False
                    break
                continue
            if routes is None:
                unique, nikoli = True, not fill
                break
            if not cover.repair(routes):
                break
        calls += cover.program.calls
        if unique:
            break
    else:  # pragma: no cover - not seen on any size the tests sweep
        raise RuntimeError(f"no unique numberlink found for seed {seed}")

    if difficulty == "hard":
        spent = cover.program.calls
        _merge_while_unique(cover, fill, nikoli)
        calls += cover.program.calls - spent
    lines = cover.lines
    text = _instance_text(rows, cols, lines, seed, difficulty, fill)
    intended = {
        "paths": {str(k): [list(cell) for cell in line] for k, line in enumerate(lines, start=1)}
    }
    switches = ("fill",) if fill else ()
    solution, checked = check_unique(genre, text, intended, switches, normalize=_undirected)
    if fill and nikoli:
        check_unique(genre, text, intended, (), normalize=_undirected)
    lengths = [len(line) for line in lines]
    measures: dict[str, int | float] = {
        "lines": len(lines),
        "mean_length": round(sum(lengths) / len(lengths), 1),
        "shortest": min(lengths),
        "longest": max(lengths),
        **({"nikoli_unique": int(nikoli)} if fill else {}),
        **checked,
    }
    extra = ["fill"] if fill else []
    name = stem("numberlink", rows, cols, difficulty, seed, *extra)
    return Generated("numberlink", name, seed, text, solution, calls, measures, timer())


def _undirected(solution: dict) -> dict[str, tuple]:
    """Paths compared without regard to which end they start from."""
    return {
        label: min(tuple(map(tuple, path)), tuple(map(tuple, reversed(path))))
        for label, path in solution["paths"].items()
    }


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
    )
    return header + "".join(
        " ".join(token[r, c].rjust(width) for c in range(cols)) + "\n" for r in range(rows)
    )

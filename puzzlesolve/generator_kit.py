"""What a genre's generator builds with (``puzzlesolve/genres/<genre>/generate.py``): a clue
set tested by one grounding of the genre's rules (`ClueProgram`, `check_unique`), the
generated puzzle as it is written (`Generated`), names and timers, and a random Hamiltonian
path (`random_path`). ``puzzlesolve.generate`` runs the generators and offers these names too.
"""

from __future__ import annotations

import random
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import clingo

from puzzlesolve import interrupt
from puzzlesolve.files import OutputError, write_together
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell
from puzzlesolve.program import ground
from puzzlesolve.solver import solve


class GenerateError(ValueError):
    """A request no generator can meet: a size too small for the genre, a bad option."""


class Undecided(Exception):
    """A search that reached its conflict limit before it found or ruled out a solution."""


@dataclass
class Generated:
    """One generated puzzle, ready to write.

    Attributes:
        genre: the genre's name.
        name: a file-name stem that says genre, size, difficulty (the grade measured, when
            graded) and seed.
        seed: the seed that reproduces this puzzle alone.
        text: the instance file's contents (contract format, with a `%` comment on top).
        solution: the solution file's contents (the genre's `render`).
        calls: solver calls made while generating (one ground program for all of them).
        measures: measured difficulty: clue counts, line lengths, and the choices and
            conflicts of the independent check that re-solves `text` from scratch.
        seconds: wall-clock time spent, the check (and grading) included.
        note: what the summary must say besides, e.g. that no candidate had the grade asked.
    """

    genre: str
    name: str
    seed: int
    text: str
    solution: str
    calls: int
    measures: dict[str, int | float | str] = field(default_factory=dict)
    seconds: float = 0.0
    note: str = ""

    def write(
        self, directory: Path, *, replace: bool = True, picture: str | None = None
    ) -> tuple[Path, ...]:
        """Write ``NAME.txt`` and ``NAME.sol`` (and ``NAME.svg``, the `picture`, if given)
        into `directory` (created if missing).

        All are written whole and renamed into place together, so an interrupted run
        never leaves half a file, or a puzzle without its solution, behind.

        Args:
            replace: whether files already there may be replaced (False: refuse them, and
                write none).

        Raises:
            OutputError: the folder cannot be made or written, or (unless `replace`) one of
                the files exists.
        """
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as failure:
            raise OutputError(f"{directory}: cannot make the folder: {failure.strerror}") from None
        files = [
            (directory / f"{self.name}.txt", self.text),
            (directory / f"{self.name}.sol", self.solution),
        ]
        if picture is not None:
            files.append((directory / f"{self.name}.svg", picture))
        write_together(files, replace=replace)
        return tuple(path for path, _ in files)

    def summary(self) -> str:
        """One line: name, solver calls, time and the measured difficulty."""
        measured = ", ".join(f"{key} {value}" for key, value in self.measures.items())
        note = f"; {self.note}" if self.note else ""
        return (
            f"{self.name}: unique, {self.calls} solver calls, {self.seconds:.2f} s; {measured}"
            f"{note}"
        )


class ClueProgram:
    """The genre's rules grounded once, with the clues given as facts or as external atoms.

    Args:
        genre: the genre whose rules file is loaded and whose constants apply.
        program: facts and rules added to the rules: the fixed part of the instance,
            ``#external ... [free]`` declarations for the clues, and the `intended/...`
            facts plus the constraint that asks for a different solution.
        clues: every external clue atom; each solve call assumes all of them.
        switches: the genre's boolean constants to set to 1 (e.g. "fill").
        conflicts: stop a search after this many conflicts (raising Undecided); a count,
            not a time, so that the same seed gives the same puzzle on any machine.
    """

    def __init__(
        self,
        genre: Genre,
        program: str,
        clues: Iterable[clingo.Symbol],
        switches: Iterable[str] = (),
        conflicts: int | None = None,
    ):
        # the conflict limit is set before grounding: ground() returns a control ready to solve
        arguments = ["--heuristic=Domain"]
        if conflicts is not None:
            arguments.append(f"--solve-limit={conflicts}")
        self._ctl = ground(genre, program, switches=switches, arguments=arguments).ctl
        self._literal: dict[clingo.Symbol, int] = {}
        for clue in clues:
            atom = self._ctl.symbolic_atoms[clue]
            assert atom is not None, f"{clue} is declared in `program`"
            self._literal[clue] = atom.literal
        self.calls = 0

    def effort(self) -> dict[str, int]:
        """Choices and conflicts of the last solve call (the proof, when it found nothing)."""
        solvers = self._ctl.statistics["solving"]["solvers"]
        return {"choices": int(solvers["choices"]), "conflicts": int(solvers["conflicts"])}

    def other_solution(self, shown: Iterable[clingo.Symbol]) -> Sequence[clingo.Symbol] | None:
        """Search for a solution other than the intended one when exactly `shown` clues hold.

        Args:
            shown: the clue atoms to assume true; every other clue is assumed false.

        Returns:
            The shown atoms of another solution, or None when the search was exhausted
            without one: the clues are unique.

        Raises:
            Undecided: the conflict limit was reached first.
        """
        self.calls += 1
        on = set(shown)
        assumptions = [lit if clue in on else -lit for clue, lit in self._literal.items()]
        found: list[Sequence[clingo.Symbol]] = []

        def first(model: clingo.Model) -> bool:
            found.append(model.symbols(shown=True))
            return False  # one other solution is all it takes

        result = interrupt.solve(self._ctl, assumptions, on_model=first)
        if found:
            return found[0]
        if not result.exhausted:
            raise Undecided()
        return None

    def without_redundant(self, clues: dict, rng: random.Random, tried: float = 1.0) -> set:
        """The keys of `clues` left after taking away, in a random order, each clue whose
        absence keeps the solution unique; only the first `tried` share of that order is
        tried (an easy puzzle keeps more than it needs)."""
        kept = set(clues)
        order = sorted(clues)
        rng.shuffle(order)
        for key in order[: int(len(order) * tried)]:
            if self.other_solution([clues[k] for k in kept - {key}]) is None:
                kept.discard(key)
        return kept


def differs_rules(output: str, arity: int, both_ways: bool = True) -> str:
    """Rules that ask for a solution whose `output` atoms are not exactly the `intended` ones.

    The generator adds one ``intended(...)`` fact per atom of the solution it built, so any
    model is a second solution; none means the clues are unique (the intended solution is
    a model by construction, and the final check re-solves the written file anyway).

    Args:
        output: the predicate that shows a solution.
        arity: its arity.
        both_ways: also count an `output` atom that is not intended as a difference;
            not needed when every solution has as many atoms (e.g. one number per cell).
    """
    args = ",".join(f"X{i}" for i in range(arity))
    extra = f"another :- {output}({args}), not intended({args}).\n" if both_ways else ""
    return (
        f"another :- intended({args}), not {output}({args}).\n"
        + extra
        + ":- not another.\n"
        + f"#defined intended/{arity}.\n"
    )


def external(name: str, *args: int) -> str:
    """An external declaration whose value each solve call sets by assumption."""
    return f"#external {name}({','.join(map(str, args))}). [free]"


def check_unique(
    genre: Genre,
    text: str,
    intended: dict,
    switches: Sequence[str] = (),
    normalize: Callable[[dict], object] = lambda solution: solution,
) -> tuple[str, dict[str, int]]:
    """Re-solve a written puzzle from its text with a fresh solver and prove it unique.

    This independent check parses the very text that is written and solves it under the
    genre's rules (plus `switches`), so it also catches a text the parser reads otherwise.

    Args:
        genre: the puzzle's genre.
        text: the instance file's contents.
        intended: the solution the generator built, as the contract's JSON object.
        switches: genre switches to solve with (e.g. "fill").
        normalize: maps a JSON solution to a form where equal solutions compare equal
            (e.g. a line's cells in either direction).

    Returns:
        The solution file's contents (the genre's own `render`) and the measured
        difficulty: the fresh search's choices and conflicts.

    Raises:
        RuntimeError: the puzzle is not unique or its solution is not the intended one.
    """
    result = solve(genre, genre.parse(text, "<generated>"), models=2, switches=switches)
    if result.status != "unique" or normalize(
        genre.to_json(result.puzzle, result.solutions[0])
    ) != normalize(intended):
        raise RuntimeError(
            f"generated {genre.name} puzzle is {result.status}, not as built:\n{text}"
        )
    measures = {key: int(result.stats[key]) for key in ("choices", "conflicts")}
    return genre.render(result.puzzle, result.solutions[0]), measures


def stem(genre: str, rows: int, cols: int, difficulty: str, seed: int, *extra: str) -> str:
    """A file-name stem such as ``hitori-8x8-hard-5``."""
    return "-".join([genre, f"{rows}x{cols}", difficulty, *extra, str(seed)])


class Timer:
    """Seconds since creation; generators report their wall-clock time."""

    def __init__(self) -> None:
        self._start = time.perf_counter()

    def __call__(self) -> float:
        return round(time.perf_counter() - self._start, 3)


MOVES_PER_CELL = 20  # backbite moves per cell; enough for a path to forget its snake
KING = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
ROOK = [(-1, 0), (0, -1), (0, 1), (1, 0)]


def random_path(rng: random.Random, rows: int, cols: int, king: bool) -> list[Cell]:
    """A Hamiltonian path of the full board, mixed by backbite moves.

    Args:
        rng: the source of randomness.
        rows: board rows.
        cols: board columns.
        king: whether diagonal steps are allowed (Hidato) or not (Numbrix).
    """
    steps = KING if king else ROOK
    path = [(r, c if r % 2 == 0 else cols - 1 - c) for r in range(rows) for c in range(cols)]
    position = {cell: i for i, cell in enumerate(path)}
    for _ in range(MOVES_PER_CELL * len(path)):
        if rng.random() < 0.5:  # work on either end with the same code
            path.reverse()
            position = {cell: i for i, cell in enumerate(path)}
        r, c = path[-1]
        dr, dc = rng.choice(steps)
        target = (r + dr, c + dc)
        if target not in position or position[target] == len(path) - 2:
            continue
        # link the end to `target`; the path after `target` runs backwards from now on
        start = position[target] + 1
        path[start:] = path[start:][::-1]
        for i in range(start, len(path)):
            position[path[i]] = i
    return path


def neighbours(cell: Cell, rows: int, cols: int) -> list[Cell]:
    """The cells beside `cell` (up, left, right, down) on a board of `rows` x `cols`."""
    r, c = cell
    return [
        (r + dr, c + dc)
        for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
        if 0 <= r + dr < rows and 0 <= c + dc < cols
    ]


def connected(cells: set[Cell], rows: int, cols: int) -> bool:
    """Whether `cells` form one area, side by side (no cells: yes)."""
    if not cells:
        return True
    start = next(iter(cells))
    seen, queue = {start}, deque([start])
    while queue:
        for cell in neighbours(queue.popleft(), rows, cols):
            if cell in cells and cell not in seen:
                seen.add(cell)
                queue.append(cell)
    return len(seen) == len(cells)

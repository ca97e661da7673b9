"""The one module that talks to clingo: ground a genre's rules with an instance, enumerate models."""

from __future__ import annotations

import os
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

import clingo

from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell
from puzzlesolve.instance import get_genre

_PACKAGE = Path(__file__).resolve().parent


class EncodingError(Exception):
    """A rules file that clingo cannot parse or ground; the message is clingo's own."""


def check_encoding(path: str | Path) -> None:
    """Parse a rules file without grounding it, to refuse a broken one before a long run.

    Raises:
        EncodingError: clingo cannot parse the file; the message is clingo's own.
    """
    messages: list[str] = []
    ctl = clingo.Control(logger=lambda _code, text: messages.append(text.strip()))
    try:
        ctl.load(str(path))
    except RuntimeError as failure:
        raise EncodingError(messages[0] if messages else f"{path}: {failure}") from None


def encoding_path(name: str) -> Path:
    """Where the built-in rules file `name` lives.

    An installed wheel carries the rules inside the package; in a source checkout the
    top-level ``encodings/`` file is used directly, so an edit there takes effect at once.
    (A plain path, not importlib.resources: pip installs packages as folders, and importing
    importlib.resources would cost every solve a few milliseconds of start-up.)
    """
    packaged = _PACKAGE / "encodings" / name
    return packaged if packaged.is_file() else _PACKAGE.parent / "encodings" / name


@dataclass
class Result:
    """The outcome of one solver run.

    Attributes:
        genre: the genre solved.
        puzzle: the parsed instance.
        status: "unique", "multiple", "solved", "unsolvable" or "timeout" (see CONTRACT.md).
        solutions: decoded solutions in the order found (none kept when only counting).
        count: how many solutions were found.
        exhausted: whether the whole search space was explored.
        stats: time and clingo's counters (choices, conflicts, ground size).
        messages: clingo's warnings, e.g. about atoms no rule defines.
    """

    genre: Genre
    puzzle: Any
    status: str
    solutions: list
    count: int
    exhausted: bool
    stats: dict[str, float | int]
    messages: list[str] = field(default_factory=list)

    def differ(self) -> list[Cell]:
        """The cells whose value (`Genre.values`) is not the same in all solutions kept.

        This is where a puzzle with several solutions is ambiguous. Empty with fewer than two
        solutions, and for Numberlink solutions whose lines differ only in how they run
        through the same cells.
        """
        differences = Differences(self.genre, self.puzzle)
        for solution in self.solutions:
            differences.add(solution)
        return differences.cells()

    def to_json(self) -> dict:
        """The contract's JSON object for this result, with ``differ`` when two or more
        solutions were kept (the cells `differ` lists, as ``[r, c]``)."""
        document = {
            "genre": self.genre.name,
            "rows": self.puzzle.rows,
            "cols": self.puzzle.cols,
            "status": self.status,
            "count": self.count,
            "exhausted": self.exhausted,
            "solutions": [self.genre.to_json(self.puzzle, s) for s in self.solutions],
        }
        if len(self.solutions) > 1:
            document["differ"] = [list(cell) for cell in self.differ()]
        document["stats"] = self.stats
        return document


class Differences:
    """The cells where solutions seen one by one disagree (their `Genre.values`), kept in
    constant memory: the first solution's values and the cells found to differ so far."""

    def __init__(self, genre: Genre, puzzle: Any):
        self.genre, self.puzzle = genre, puzzle
        self.first: dict[Cell, Any] | None = None
        self.differing: set[Cell] = set()

    def add(self, solution: Any) -> None:
        values = self.genre.values(self.puzzle, solution)
        if self.first is None:
            self.first = values
            return
        self.differing.update(cell for cell, value in self.first.items() if values.get(cell) != value)

    def cells(self) -> list[Cell]:
        return sorted(self.differing)


def classify(count: int, exhausted: bool) -> str:
    """The contract's status from the number of solutions found and whether search finished."""
    if count == 0:
        return "unsolvable" if exhausted else "timeout"
    if exhausted:
        return "unique" if count == 1 else "multiple"
    return "multiple" if count > 1 else "solved"


def solve(
    genre: Genre | str,
    puzzle: Any,
    *,
    models: int = 2,
    encoding: str | Path | None = None,
    timeout: float | None = None,
    switches: Iterable[str] = (),
    keep_solutions: bool = True,
    cores: int | None = None,
    on_solution: Callable[[Any], bool | None] | None = None,
) -> Result:
    """Enumerate up to `models` solutions (0 = all) and classify the outcome.

    The default of two models is what proves uniqueness: a search for a second solution
    that comes back exhausted.

    Args:
        genre: the genre (or its name) whose rules and glue to use.
        puzzle: an instance as returned by ``genre.parse``.
        models: how many solutions to look for; 0 means all.
        encoding: a rules file to use instead of the built-in one.
        timeout: seconds after which the search stops (status "timeout" if nothing was found).
        switches: names of the genre's boolean constants to set to 1 (e.g. "fill").
        keep_solutions: False only counts models, with no Python work per model.
        cores: how many cores the solve may keep busy (None: every core of the machine);
            with 1, no second search runs beside the first (batch runs one solve per core).
        on_solution: called with each decoded solution as soon as it is found, which is
            then not kept in the result (listing millions of solutions in constant memory);
            the search is the plain one alone, so each solution comes once. When it returns
            False the search stops there.

    Returns:
        The status, decoded solutions and statistics.

    Raises:
        EncodingError: clingo rejected the rules file.
        ValueError: an unknown genre, or a switch the genre does not have.
    """
    started = time.perf_counter()
    genre = get_genre(genre)
    constants = dict(genre.constants)
    for switch in switches:
        if switch not in genre.switches:
            raise ValueError(f"{genre.name} has no option {switch!r}")
        constants[switch] = 1
    messages: list[str] = []
    facts = "\n".join(genre.facts(puzzle))
    rules = Path(encoding) if encoding is not None else encoding_path(genre.encoding)
    deadline = None if timeout is None else started + timeout
    # a hint needs the built-in rules (it is a solution of them under stricter switches), and
    # steering serves to find a few solutions: listing or counting all is left to the plain
    # search (a second search would only double the work and the memory)
    hinted = (
        encoding is None
        and genre.hint_output is not None
        and keep_solutions
        and on_solution is None
        and models > 0
        and (cores or os.cpu_count() or 1) > 1
    )
    ctl = _ground(rules, facts, constants, models, genre.options, messages)
    grounded = time.perf_counter()
    stream = None if on_solution is None else (
        lambda symbols: on_solution(genre.decode(symbols, puzzle)))
    search = _Search(ctl, models, keep_solutions and on_solution is None, stream)
    if hinted:
        _search_with_hint(search, genre, facts, constants, deadline, grounded - started)
    else:
        search.run(deadline)
    return Result(
        genre=genre,
        puzzle=puzzle,
        status=classify(search.count(), search.exhausted),
        solutions=[genre.decode(symbols, puzzle) for symbols in search.solutions()],
        count=search.count(),
        exhausted=search.exhausted,
        stats=_statistics(ctl, started, grounded, search.effort),
        messages=messages,
    )


def _ground(
    rules: Path,
    facts: str,
    constants: dict[str, int],
    models: int,
    options: Sequence[str],
    messages: list[str],
) -> clingo.Control:
    """A control with `rules` and `facts` ground, set to enumerate `models` models.

    Raises:
        EncodingError: clingo rejected the rules file.
    """
    arguments = [f"--models={models}", *options]
    arguments += [f"--const={name}={value}" for name, value in constants.items()]
    ctl = clingo.Control(arguments, logger=lambda _code, text: messages.append(text.strip()))
    try:
        ctl.load(str(rules))
        ctl.add("base", [], facts)
        ctl.ground([("base", [])])
    except RuntimeError as failure:
        raise EncodingError(messages[0] if messages else f"{rules}: {failure}") from None
    return ctl


class _Search:
    """Enumeration over one ground program, in one or several solve calls (phases).

    Every phase enumerates from the start (keeping what the solver learnt), so the models
    of unfinished phases, and those of another search of the same rules (`adopt`), are
    pooled as a set. A search that ends by itself settles the outcome: it found `models`
    models or exhausted the search space, and then its models are all there are to report.
    """

    def __init__(self, ctl: clingo.Control, models: int, keep_solutions: bool,
                 stream: Callable[[list[clingo.Symbol]], bool | None] | None = None):
        self.ctl, self.models, self.keep, self.stream = ctl, models, keep_solutions, stream
        self.found: dict[frozenset[clingo.Symbol], list[clingo.Symbol]] = {}
        self.counted = 0  # when models are not kept: the count of the deciding phase
        self.exhausted = False
        self.effort = {"choices": 0, "conflicts": 0}  # summed over phases (clingo's are per call)

    def run(
        self,
        deadline: float | None,
        budget: float | None = None,
        interrupt: Callable[[], bool] | None = None,
    ) -> bool:
        """One phase, until it ends, `budget` seconds pass, `deadline` comes or `interrupt()`
        returns True (polled while the solver works in its own thread); True when settled.
        """
        left = None if deadline is None else deadline - time.perf_counter()
        if budget is not None:
            left = budget if left is None else min(left, budget)
        if left is not None and left <= 0:  # grounding may have used up the whole time
            return False
        phase: list[list[clingo.Symbol]] = []

        def record(model: clingo.Model) -> bool | None:
            if self.stream is None:
                phase.append(model.symbols(shown=True))
                return None
            # streamed searches have one phase (no steering): no model comes twice
            return self.stream(model.symbols(shown=True))  # False stops the search

        on_model = record if self.keep or self.stream is not None else None
        with self.ctl.solve(on_model=on_model, async_=True) as handle:
            ended = _wait(handle, left, interrupt)
            if not ended:
                handle.cancel()
            exhausted = handle.get().exhausted
        statistics = self.ctl.statistics
        enumerated = int(statistics["summary"]["models"]["enumerated"])
        for key in self.effort:
            self.effort[key] += int(statistics["solving"]["solvers"][key])
        if ended:
            self.found.clear()
        for symbols in phase:
            self.found.setdefault(frozenset(symbols), symbols)
        self.counted = enumerated if ended else max(self.counted, enumerated)
        self.exhausted = ended and exhausted
        return ended or 0 < self.models <= len(self.found)

    def adopt(self, models: list[list[clingo.Symbol]], settled: bool, exhausted: bool) -> None:
        """Take in the models of another search of the same ground rules; when that search
        ended by itself, its models are all there are to report."""
        if settled:
            self.found.clear()
            self.exhausted = exhausted
        for symbols in models:
            self.found.setdefault(frozenset(symbols), symbols)

    def count(self) -> int:
        if not self.keep:
            return self.counted
        return len(self.found) if self.models == 0 else min(len(self.found), self.models)

    def solutions(self) -> list[list[clingo.Symbol]]:
        return list(self.found.values())[: self.count()]


def _wait(
    handle: clingo.SolveHandle, seconds: float | None, interrupt: Callable[[], bool] | None
) -> bool:
    """Wait until the solve call ends (True), or `seconds` pass or `interrupt()` holds (False)."""
    if interrupt is None:
        return handle.wait(seconds)
    until = None if seconds is None else time.perf_counter() + seconds
    while not interrupt():
        step = POLL_SECONDS if until is None else min(POLL_SECONDS, until - time.perf_counter())
        if step <= 0:
            return False
        if handle.wait(step):
            return True
    return False


PLAIN_SECONDS = 0.25  # the plain search alone: most puzzles are settled in it
POLL_SECONDS = 0.02  # how often the steered search is looked after meanwhile


def _search_with_hint(
    search: _Search,
    genre: Genre,
    facts: str,
    constants: dict[str, int],
    deadline: float | None,
    grounding: float,
) -> None:
    """Run the plain search alongside a steered one, on the other core; the first to settle wins.

    Under Numberlink's rules the solver can wander for minutes before its first solution
    (under the Nikoli rules a line may detour anywhere; under fill, small closed loops
    are refuted only late), while a search under stricter rules (no line touching itself,
    covering cells where it can) finds one far sooner, and that solution satisfies the
    user's rules too. So when the plain search has not settled within PLAIN_SECONDS, a
    second search looks for that hint and then searches the user's rules again, steered
    by a domain heuristic to try the hint's atoms first. A heuristic changes only the order
    of the search, never the answer sets, so both searches are complete: whichever ends by
    itself decides (counts and uniqueness proofs stay exact), and until then the solutions
    of both are pooled. Steering finds solutions fast and proofs slowly; the plain search,
    never interrupted, is the one that usually proves.
    """
    if search.run(deadline, PLAIN_SECONDS):
        return
    # the steered search grounds two programs about as large as the plain one, which cannot
    # be stopped: it starts neither when less time than that is left
    last_start = None if deadline is None else deadline - grounding
    steered = _SteeredSearch(genre, facts, constants, search.models, last_start)
    try:
        settled = search.run(deadline, interrupt=steered.settled)
    finally:
        steered.stop()
    if not settled:
        search.adopt(steered.models, steered.ended, steered.exhausted)


class _SteeredSearch:
    """A search for a hint under the genre's hint switches, then a search of the user's rules
    steered toward it. Both run in clingo's threads; each poll of `settled` advances them
    (the first poll grounds and starts the hint search, so the plain search is not held up).
    """

    def __init__(self, genre: Genre, facts: str, constants: dict[str, int], models: int,
                 last_start: float | None):
        self.genre, self.facts, self.constants, self.limit = genre, facts, constants, models
        self.last_start = last_start  # no search is grounded and started after this time
        self.models: list[list[clingo.Symbol]] = []  # found by the steered search
        self.ended = self.exhausted = False  # whether the steered search ended by itself, how
        self.stage = "start"  # then "hint", "steered", and "done" when there is nothing to do
        self.handle: clingo.SolveHandle | None = None
        self.solving = ExitStack()  # the open solve call, closed by `stop`

    def _start(self, program: str, constants: dict[str, int], models: int,
               on_model: Callable[[clingo.Model], None] | None) -> None:
        # solution recording, so that the search may restart after each solution rather
        # than only backtrack from it: the steered search leaves the hint's neighbourhood
        options = [*self.genre.options, "--heuristic=Domain", "--enum-mode=record",
                   "--restart-on-model"]
        rules = encoding_path(self.genre.encoding)
        self.ctl = _ground(rules, self.facts + "\n" + program, constants, models, options, [])
        self.handle = self.solving.enter_context(
            self.ctl.solve(on_model=on_model, yield_=on_model is None, async_=True))
        if on_model is None:
            self.handle.resume()

    def settled(self) -> bool:
        """Advance; True once the steered search has ended by itself."""
        if self.stage == "start" and self._may_start():
            strict = self.constants | dict.fromkeys(self.genre.hint_switches, 1)
            self._start(self.genre.hint_heuristic, strict, 1, None)
            self.stage = "hint"
        if self.stage in ("start", "done") or not self.handle.wait(0):
            return self.ended
        if self.stage == "steered":
            self.ended, self.exhausted = True, self.handle.get().exhausted
            self.stage = "done"
            return True
        model = self.handle.model()
        hint = None if model is None else set(model.symbols(shown=True))
        self.stop()
        self.stage = "done"
        if hint is not None and self._may_start():  # else: nothing to steer by, or no time
            name, arity = self.genre.hint_output
            directives = "\n".join(
                f"#heuristic {atom.symbol}. [1, {'true' if atom.symbol in hint else 'false'}]"
                for atom in self.ctl.symbolic_atoms.by_signature(name, arity)
            )
            self._start(directives, self.constants, self.limit, self._record)
            self.stage = "steered"
        return False

    def _record(self, model: clingo.Model) -> None:
        self.models.append(model.symbols(shown=True))

    def _may_start(self) -> bool:
        return self.last_start is None or time.perf_counter() < self.last_start

    def stop(self) -> None:
        if self.handle is not None:
            self.handle.cancel()
            self.solving.close()
            self.handle = None


def _statistics(
    ctl: clingo.Control, started: float, grounded: float, effort: dict[str, int]
) -> dict[str, float | int]:
    program = ctl.statistics["problem"]["lp"]
    return {
        "time_s": round(time.perf_counter() - started, 4),
        "ground_s": round(grounded - started, 4),
        "solve_s": round(time.perf_counter() - grounded, 4),
        **effort,
        "rules": int(program["rules"]),
        "atoms": int(program["atoms"]),
    }

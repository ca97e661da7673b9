"""The one module that talks to clingo: ground a genre's rules with an instance, enumerate models."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Iterable, Sequence

import clingo

from puzzlesolve.genre import Genre, Stage
from puzzlesolve.instance import get_genre

_CHECKOUT_ENCODINGS = Path(__file__).resolve().parent.parent / "encodings"


class EncodingError(Exception):
    """A rules file that clingo cannot parse or ground; the message is clingo's own."""


def encoding_path(name: str) -> Path:
    """Where the built-in rules file `name` lives.

    An installed wheel carries the rules inside the package; in a source checkout the
    top-level ``encodings/`` file is used directly, so an edit there takes effect at once.
    """
    packaged = resources.files("puzzlesolve") / "encodings" / name
    if packaged.is_file():
        return Path(str(packaged))
    return _CHECKOUT_ENCODINGS / name


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

    def to_json(self) -> dict:
        """The contract's JSON object for this result."""
        return {
            "genre": self.genre.name,
            "rows": self.puzzle.rows,
            "cols": self.puzzle.cols,
            "status": self.status,
            "count": self.count,
            "exhausted": self.exhausted,
            "solutions": [self.genre.to_json(self.puzzle, s) for s in self.solutions],
            "stats": self.stats,
        }


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
        cores: how many cores the solve may keep busy (None: every core of the machine).
            Every search runs in one thread, one after the other, so a solve never keeps
            more than one core busy (batch runs one solve per core).

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
    ctl = _ground(rules, facts, constants, models, genre.options, messages)
    grounded = time.perf_counter()
    search = _Search(ctl, models, keep_solutions, deadline)
    # the stages are externals of the built-in rules; they serve to find a few solutions:
    # listing or counting all is the plain search's (a stage would only repeat its work)
    if encoding is None and keep_solutions and models > 0:
        _search_in_stages(search, genre, genre.stages(frozenset(switches)))
    else:
        search.run()
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


STEERED_SECONDS = 1.0  # the user's rules steered by a first solution, before a complete stage
PLAIN_SECONDS = 2.0  # then in their plain order, before a complete stage


def _search_in_stages(search: _Search, genre: Genre, stages: Sequence[Stage]) -> None:
    """Find a first solution in the genre's stricter stages, then settle the user's rules.

    All searches run in turn in one ground program, each keeping what the solver learnt.
    A stage's solutions are solutions of the user's rules, found far sooner. From the first
    one, the user's rules are searched steered toward it (a domain heuristic: only the order
    of the search changes), which finds a second solution near it at once when there is one;
    then in their plain order, which proves. Without a complete stage that search runs to
    the end and decides counts and proofs. With one, after PLAIN_SECONDS the complete stage
    settles the rest: once its search space is exhausted, the searches grown from its
    solutions find every other solution and prove that no more exist.
    """
    heuristic = search.ctl.configuration.solver.heuristic
    search.ctl.configuration.solver.heuristic = "Domain"  # for the #heuristic of the rules
    first: list[list[clingo.Symbol]] = []
    for stage in stages:
        first = search.run(stage.externals, models=1)
        if first or search.timed_out():
            break
        if stage.complete and search.exhausted:
            return  # proven: no solution at all
    search.exhausted = False  # a stage that is not complete proves nothing
    if search.settled() or search.timed_out():
        return
    steered = first and genre.steer is not None
    if steered:
        _steer(search.ctl, genre.steer, first[0])
        search.run(["steering"], budget=STEERED_SECONDS, decides=True)
        if search.ended or search.timed_out():
            return
    # steering finds solutions near the first, but slows proofs: the plain order proves
    configuration = search.ctl.configuration
    steered_order = configuration.solver.heuristic, configuration.solve.enum_mode
    configuration.solver.heuristic, configuration.solve.enum_mode = heuristic, "auto"
    configuration.solver.restart_on_model = 0
    complete = next((stage for stage in stages if stage.complete), None)
    search.run(budget=None if complete is None else PLAIN_SECONDS)
    if complete is None or search.ended or search.timed_out():
        return
    # the complete stage, steered: its few solutions turn up sooner
    configuration.solver.heuristic, configuration.solve.enum_mode = steered_order
    configuration.solver.restart_on_model = int(bool(steered))
    stage_externals = [*complete.externals, *(["steering"] if steered else [])]
    found = search.run(stage_externals)
    if search.settled() or search.timed_out() or not search.exhausted:
        search.exhausted = False
        return
    for symbols in found:
        search.run(genre.grown(symbols))
        if search.settled() or search.timed_out():
            search.exhausted = False
            return
    search.exhausted = True


def _steer(ctl: clingo.Control, signature: tuple[str, int], solution: list[clingo.Symbol]) -> None:
    """Lead the following searches toward `solution`: its atoms of `signature` first true, the
    others false; after each solution the search restarts (rather than only backtracking)."""
    chosen = set(solution)
    name, arity = signature
    ctl.add(
        "steer",
        [],
        "#external steering.\n"
        + "\n".join(
            f"#heuristic {atom.symbol} : steering. [1, {'true' if atom.symbol in chosen else 'false'}]"
            for atom in ctl.symbolic_atoms.by_signature(name, arity)
        ),
    )
    ctl.ground([("steer", [])])
    ctl.configuration.solve.enum_mode = "record"
    ctl.configuration.solver.restart_on_model = 1


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
    """Enumeration over one ground program in one or several solve calls (stages).

    Each call enumerates from the start (keeping what the solver learnt) with some external
    atoms set true, so models are pooled as a set. A call of the user's rules (no external
    set) that ends by itself settles the outcome: it found `models` models or
    exhausted the search space, and then its models are all there are to report.
    """

    def __init__(
        self, ctl: clingo.Control, models: int, keep_solutions: bool, deadline: float | None
    ):
        self.ctl, self.models, self.keep, self.deadline = ctl, models, keep_solutions, deadline
        self.found: dict[frozenset[clingo.Symbol], list[clingo.Symbol]] = {}
        self.counted = 0  # when models are not kept: the count of the deciding call
        self.exhausted = False  # whether the last call exhausted its search space
        self.ended = False  # whether the last call ended by itself (not by the deadline)
        self.effort = {"choices": 0, "conflicts": 0}  # summed over calls (clingo's are per call)

    def run(
        self,
        externals: Sequence[str] = (),
        models: int | None = None,
        budget: float | None = None,
        decides: bool | None = None,
    ) -> list[list[clingo.Symbol]]:
        """One solve call with `externals` set true, for up to `models` models (default: as
        many as asked for), until it ends, `budget` seconds pass or the deadline comes.
        It `decides` (by default when no external is set) when its search space is the
        user's rules: ending by itself, it found all there is to report.

        Returns:
            The models this call found.
        """
        atoms = [clingo.parse_term(text) for text in externals]
        for atom in atoms:
            self.ctl.assign_external(atom, True)
        self.ctl.configuration.solve.models = self.models if models is None else models
        left = None if self.deadline is None else self.deadline - time.perf_counter()
        if budget is not None:
            left = budget if left is None else min(left, budget)
        phase: list[list[clingo.Symbol]] = []
        if left is None or left > 0:  # grounding may have used up the whole time
            on_model = (lambda m: phase.append(m.symbols(shown=True))) if self.keep else None
            with self.ctl.solve(on_model=on_model, async_=True) as handle:
                ended = handle.wait(left)
                if not ended:
                    handle.cancel()
                exhausted = handle.get().exhausted
            statistics = self.ctl.statistics
            enumerated = int(statistics["summary"]["models"]["enumerated"])
            for key in self.effort:
                self.effort[key] += int(statistics["solving"]["solvers"][key])
        else:
            ended = exhausted = False
            enumerated = 0
        for atom in atoms:
            self.ctl.assign_external(atom, False)
        if ended and (not externals if decides is None else decides):
            self.found.clear()  # this call found all there is to report
        for symbols in phase:
            self.found.setdefault(frozenset(symbols), symbols)
        self.counted = enumerated if ended else max(self.counted, enumerated)
        self.exhausted, self.ended = ended and exhausted, ended
        return phase

    def settled(self) -> bool:
        """Whether as many models were found as asked for."""
        return 0 < self.models <= len(self.found)

    def timed_out(self) -> bool:
        """Whether the deadline has come."""
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def count(self) -> int:
        if not self.keep:
            return self.counted
        return len(self.found) if self.models == 0 else min(len(self.found), self.models)

    def solutions(self) -> list[list[clingo.Symbol]]:
        return list(self.found.values())[: self.count()]


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

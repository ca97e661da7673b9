"""The one module that talks to clingo: ground a genre's rules with an instance, enumerate models."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Iterable, Sequence

import clingo

from puzzlesolve.genre import Genre
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
    # a hint needs the built-in rules, and helps under the literal rules only (measured:
    # with Numberlink's --fill on, steering slows proofs more than it speeds up solutions)
    hinted = (encoding is None and genre.hint_output is not None
              and not any(constants.get(s) == 1 for s in genre.hint_switches))
    options = [*genre.options, *(["--heuristic=Domain"] if hinted else [])]
    ctl = _ground(rules, facts, constants, models, options, messages)
    grounded = time.perf_counter()
    search = _Search(ctl, models, keep_solutions)
    if hinted:
        _search_with_hint(search, genre, facts, constants, deadline)
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
    of unfinished phases are pooled as a set. A phase that ends by itself settles the
    outcome: it found `models` models or exhausted the search space, and then its models
    are all there are to report.
    """

    def __init__(self, ctl: clingo.Control, models: int, keep_solutions: bool):
        self.ctl, self.models, self.keep = ctl, models, keep_solutions
        self.found: dict[frozenset[clingo.Symbol], list[clingo.Symbol]] = {}
        self.counted = 0  # when models are not kept: the count of the deciding phase
        self.exhausted = False
        self.effort = {"choices": 0, "conflicts": 0}  # summed over phases (clingo's are per call)

    def run(self, deadline: float | None, budget: float | None = None) -> bool:
        """One phase, until it ends, `budget` seconds pass or `deadline`; True when settled."""
        left = None if deadline is None else deadline - time.perf_counter()
        if budget is not None:
            left = budget if left is None else min(left, budget)
        if left is not None and left <= 0:  # grounding may have used up the whole time
            return False
        phase: list[list[clingo.Symbol]] = []
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
        if ended:
            self.found.clear()
        for symbols in phase:
            self.found.setdefault(frozenset(symbols), symbols)
        self.counted = enumerated if ended else max(self.counted, enumerated)
        self.exhausted = ended and exhausted
        return ended or 0 < self.models <= len(self.found)

    def count(self) -> int:
        if not self.keep:
            return self.counted
        return len(self.found) if self.models == 0 else min(len(self.found), self.models)

    def solutions(self) -> list[list[clingo.Symbol]]:
        return list(self.found.values())[: self.count()]


PLAIN_SECONDS = 0.25  # the first, plain phase: most puzzles are settled in it
HINT_SECONDS = 3.0  # a solution under stricter rules comes fast or not at all


def _search_with_hint(
    search: _Search, genre: Genre, facts: str, constants: dict[str, int], deadline: float | None
) -> None:
    """Alternate plain phases with phases steered toward a solution under stricter rules.

    Under Numberlink's literal rules the solver can wander for minutes before its first
    solution (a line may detour anywhere), while with every cell covered and no line
    touching itself a solution turns up at once, and it satisfies the literal rules too.
    A domain heuristic makes the search try that solution's atoms first. A heuristic
    changes only the order of the search, never the answer sets, so counts and uniqueness
    proofs stay exact; but it can slow a proof of uniqueness a lot. Hence the phases:
    plain, steered, plain, steered, ... each pair twice as long as the one before, all on
    one ground program, so each phase starts with what the earlier ones learnt.
    """
    budget = PLAIN_SECONDS
    if search.run(deadline, budget):
        return
    left = None if deadline is None else deadline - time.perf_counter()
    hint = _hint(genre, facts, constants, left)
    if not hint:  # nothing to steer toward: the plain search goes on
        search.run(deadline)
        return
    search.ctl.add("hint", [], hint)
    search.ctl.ground([("hint", [])])
    steer = clingo.Function("hint_on")
    while deadline is None or time.perf_counter() < deadline:
        for steered in (True, False):
            search.ctl.assign_external(steer, steered)
            if search.run(deadline, budget):
                return
        budget *= 2


def _hint(genre: Genre, facts: str, constants: dict[str, int], timeout: float | None) -> str:
    """Heuristic directives toward a solution under the genre's hint switches.

    They apply while the external atom `hint_on` is true. Returns "" when no such solution
    turns up within HINT_SECONDS (or a quarter of the time left).
    """
    budget = HINT_SECONDS if timeout is None else min(HINT_SECONDS, timeout / 4)
    strict = constants | dict.fromkeys(genre.hint_switches, 1)
    ctl = _ground(encoding_path(genre.encoding), facts, strict, 1, genre.options, [])
    solution: set[clingo.Symbol] | None = None
    with ctl.solve(yield_=True, async_=True) as handle:
        handle.resume()
        if handle.wait(budget):
            model = handle.model()
            solution = None if model is None else set(model.symbols(shown=True))
        else:
            handle.cancel()
    if solution is None:
        return ""
    name, arity = genre.hint_output
    return "#external hint_on.\n" + "\n".join(
        f"#heuristic {atom.symbol} : hint_on. [1, {'true' if atom.symbol in solution else 'false'}]"
        for atom in ctl.symbolic_atoms.by_signature(name, arity)
    )


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

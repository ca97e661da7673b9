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
    # a hint needs the built-in rules: it is a solution of them under stricter switches
    hinted = encoding is None and genre.hint_output is not None
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
STEERED_SECONDS = 0.5  # a steered phase after the first solution (a proof runs plain)


def _search_with_hint(
    search: _Search, genre: Genre, facts: str, constants: dict[str, int], deadline: float | None
) -> None:
    """Alternate plain phases with the search for a hint and phases steered by it.

    Under Numberlink's rules the solver can wander for minutes before its first solution
    (under the Nikoli rules a line may detour anywhere; under fill, small closed loops
    are refuted only late), while a search under stricter rules (no line touching itself,
    covering cells where it can) finds one far sooner, and that solution satisfies the
    user's rules too. Once found, a domain heuristic makes the main search try that
    solution's atoms first. A heuristic changes only the order of the search, never the
    answer sets, so counts and uniqueness proofs stay exact; but it slows a proof of
    uniqueness. Hence the rounds, each twice as long as the one before: the hint search
    (once there is a hint: a steered phase), then a plain phase. A hint is only looked
    for while nothing is found; after the first solution steered phases stay short (a
    second solution, if any, is usually near the first) and the proof is left to the
    plain phases. Both searches keep their ground program, so every phase starts with
    what the earlier ones learnt.
    """
    budget = PLAIN_SECONDS
    if search.run(deadline, budget):
        return
    hint: _HintSearch | None = None
    steer = clingo.Function("hint_on")
    while deadline is None or time.perf_counter() < deadline:
        if search.count() == 0 and (hint is None or not hint.steering):
            hint = hint or _HintSearch(genre, facts, constants)
            if hint.run(deadline, budget):
                search.ctl.add("hint", [], hint.steering)
                search.ctl.ground([("hint", [])])
        if hint is not None and hint.steering:
            # once a solution is found, steering only looks for a second one nearby
            steered = budget if search.count() == 0 else min(budget, STEERED_SECONDS)
            search.ctl.assign_external(steer, True)
            settled = search.run(deadline, steered)
            search.ctl.assign_external(steer, False)
            if settled:
                return
        elif search.count() > 0:  # found by the plain search: no hint to steer by
            search.run(deadline)
            return
        if search.run(deadline, budget):
            return
        budget *= 2


class _HintSearch:
    """The search for a solution under the genre's hint switches, resumed phase by phase.

    `steering` holds, once that solution is found, heuristic directives toward it that
    apply while the external atom `hint_on` is true.
    """

    def __init__(self, genre: Genre, facts: str, constants: dict[str, int]):
        self.output = genre.hint_output
        strict = constants | dict.fromkeys(genre.hint_switches, 1)
        options = [*genre.options, *(["--heuristic=Domain"] if genre.hint_heuristic else [])]
        rules = encoding_path(genre.encoding)
        self.ctl = _ground(rules, facts + "\n" + genre.hint_heuristic, strict, 1, options, [])
        self.steering = ""
        self.hopeless = False  # no solution under the stricter rules

    def run(self, deadline: float | None, budget: float) -> bool:
        """Search on for at most `budget` seconds (or until `deadline`); True once found."""
        left = budget if deadline is None else min(budget, deadline - time.perf_counter())
        if self.hopeless or left <= 0:
            return False
        with self.ctl.solve(yield_=True, async_=True) as handle:
            handle.resume()
            if not handle.wait(left):
                handle.cancel()
                return False
            model = handle.model()
            if model is None:
                self.hopeless = True
                return False
            solution = set(model.symbols(shown=True))
        name, arity = self.output
        self.steering = "#external hint_on.\n" + "\n".join(
            f"#heuristic {atom.symbol} : hint_on."
            f" [1, {'true' if atom.symbol in solution else 'false'}]"
            for atom in self.ctl.symbolic_atoms.by_signature(name, arity)
        )
        return True


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

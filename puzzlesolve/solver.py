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
    hinted = encoding is None and genre.hint_output is not None and not any(
        constants.get(s) == 1 for s in genre.hint_switches
    )
    # where a hint may help, the plain search gets a short head start: most puzzles are
    # settled at once, and there the hint would only cost time (see _hint)
    plain_deadline = deadline
    if hinted:
        plain_deadline = min(deadline or float("inf"), time.perf_counter() + PLAIN_SECONDS)
    run = _search(genre, rules, facts, constants, models, keep_solutions, messages, plain_deadline)
    if hinted and not run.finished and (deadline is None or time.perf_counter() < deadline):
        left = None if deadline is None else deadline - time.perf_counter()
        hint = _hint(genre, facts, constants, left)
        if hint:
            again = _search(genre, rules, facts + "\n" + hint, constants, models,
                            keep_solutions, [], deadline, ["--heuristic=Domain"])
            if again.finished or len(again.found) >= len(run.found):
                run = again
        else:  # no hint: the plain search goes on, from scratch but with what it learnt
            run = _enumerate(run.ctl, run.grounded, keep_solutions, deadline)
    ctl = run.ctl
    solutions = [genre.decode(symbols, puzzle) for symbols in run.found]
    count = len(solutions) if keep_solutions else int(ctl.statistics["summary"]["models"]["enumerated"])
    return Result(
        genre=genre,
        puzzle=puzzle,
        status=classify(count, run.exhausted),
        solutions=solutions,
        count=count,
        exhausted=run.exhausted,
        stats=_statistics(ctl, started, run.grounded),
        messages=messages,
    )


@dataclass
class _Run:
    """One grounding and search: its control, the models kept, and how the search ended."""

    ctl: clingo.Control
    found: list[list[clingo.Symbol]]
    grounded: float
    finished: bool
    exhausted: bool


def _search(
    genre: Genre,
    rules: Path,
    program: str,
    constants: dict[str, int],
    models: int,
    keep_solutions: bool,
    messages: list[str],
    deadline: float | None,
    extra_options: Sequence[str] = (),
) -> _Run:
    """Ground `rules` with `program` and enumerate up to `models` models until `deadline`.

    Raises:
        EncodingError: clingo rejected the rules file.
    """
    arguments = [f"--models={models}"]
    arguments += [f"--const={name}={value}" for name, value in constants.items()]
    arguments += [*genre.options, *extra_options]
    ctl = clingo.Control(arguments, logger=lambda _code, text: messages.append(text.strip()))
    try:
        ctl.load(str(rules))
        ctl.add("base", [], program)
        ctl.ground([("base", [])])
    except RuntimeError as failure:
        raise EncodingError(messages[0] if messages else f"{rules}: {failure}") from None
    return _enumerate(ctl, time.perf_counter(), keep_solutions, deadline)


def _enumerate(
    ctl: clingo.Control, grounded: float, keep_solutions: bool, deadline: float | None
) -> _Run:
    """Enumerate a ground program's models (as many as its --models) until `deadline`."""
    found: list[list[clingo.Symbol]] = []
    keep = (lambda m: found.append(m.symbols(shown=True))) if keep_solutions else None
    left = None if deadline is None else deadline - time.perf_counter()
    finished = exhausted = False
    if left is None or left > 0:  # grounding may have used up the whole time already
        with ctl.solve(on_model=keep, async_=True) as handle:
            finished = handle.wait(left)
            if not finished:
                handle.cancel()
            exhausted = finished and handle.get().exhausted
    return _Run(ctl, found, grounded, finished, exhausted)


PLAIN_SECONDS = 1.0  # head start of the plain search before a hinted one is tried
HINT_SECONDS = 3.0  # a hint under stricter rules comes fast or not at all; then search as usual


def _hint(genre: Genre, facts: str, constants: dict[str, int], timeout: float | None) -> str:
    """Domain-heuristic directives that make the search try a known solution's atoms first.

    Under some genres' literal rules the solver wanders (a Numberlink line may detour and
    zig-zag anywhere), while under stricter switches a solution turns up at once. Such a
    solution satisfies the literal rules too, so it is looked for briefly and the real search
    is told to try its atoms first. A heuristic changes only the order of the search, never
    the answer sets: counts and uniqueness proofs stay exact. It can slow a proof of
    uniqueness, so `solve` asks for a hint only when the plain search has not finished within
    PLAIN_SECONDS, and never when a stricter switch is already on. Returns "" when the genre
    has no hint or no solution turns up in time.
    """
    if genre.hint_output is None:
        return ""
    budget = HINT_SECONDS if timeout is None else min(HINT_SECONDS, timeout / 4)
    strict = constants | dict.fromkeys(genre.hint_switches, 1)
    ctl = clingo.Control(
        ["--models=1", *(f"--const={k}={v}" for k, v in strict.items()), *genre.options],
        logger=lambda _code, _text: None,
    )
    ctl.load(str(encoding_path(genre.encoding)))
    ctl.add("base", [], facts)
    ctl.ground([("base", [])])
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
    return "\n".join(
        f"#heuristic {atom.symbol}. [1, {'true' if atom.symbol in solution else 'false'}]"
        for atom in ctl.symbolic_atoms.by_signature(name, arity)
    )


def _statistics(ctl: clingo.Control, started: float, grounded: float) -> dict[str, float | int]:
    stats = ctl.statistics
    solvers, program = stats["solving"]["solvers"], stats["problem"]["lp"]
    return {
        "time_s": round(time.perf_counter() - started, 4),
        "ground_s": round(grounded - started, 4),
        "solve_s": round(time.perf_counter() - grounded, 4),
        "choices": int(solvers["choices"]),
        "conflicts": int(solvers["conflicts"]),
        "rules": int(program["rules"]),
        "atoms": int(program["atoms"]),
    }

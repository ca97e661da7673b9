"""Check, hint and explain: minimal sets of clues, marks, rules and techniques, found by clingo.

One ground program per puzzle (`Program`): the rules file instrumented (see `instrument`), so
that each numbered rule and technique has a guard atom per ground instance (a cell, a pair
of cells); the board as facts; the clues as free externals. Every question is then a solve
call under assumptions (clue atoms, the value atoms of known cells, guards), and every answer
a subset-minimal set of them:

- check: the answer's marks are consistent if some solution extends them; if not, a
  conflict is a minimal set of marks, rule instances and clues that no solution satisfies
  (shrunk in the assumptions' order, `shrink`), each question limited to `CHECK_BUDGETS`
  conflicts so that a wrong mark among its neighbours is found by propagation.
- a step: for a cell value that is forced but not yet known, a minimal set of clues, known
  cells and guards under which its negation has no solution. The step decides its cell and
  what the same reason forces nearby, and cites exactly that set.
- the cheapest step: each candidate is tried once with the clues, known cells and guards
  nearest to it first, which tells how far out its reason lies (clingo's core is the prefix
  of the assumptions up to the conflict); the nearest few are shrunk, giving up on one as
  soon as it cannot beat the best found, and the one of least `cost_of` wins (techniques
  cheaper than rules, fewer cells cheaper); `explain` takes all equally cheap ones at once.

Every command has a time limit (`DEFAULT_TIMEOUT`): what is found by then is given, marked.

Genre-free: a genre's ``explain`` module (``genre.feature("explain")``) says which atoms
are clues, which literal stands for a cell value, (`board_facts`, optional) which facts
must stay when the clues are left out, (`REFINED`, optional) whether guards are per
instance and (`GRADE_SIZES`) its grade limits; nothing here knows a genre.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from puzzlesolve.candidates import Candidates
from puzzlesolve.explain.extends import extends
from puzzlesolve.explain.items import Segment, Site
from puzzlesolve.explain.results import (
    GRADES,
    ONE_WAY,
    ONE_WAY_ROUNDS,
    CheckResult,
    Conflict,
    Difficulty,
    Explanation,
    Hint,
    OutOfTime,
    Step,
    difficulty,
)
from puzzlesolve.explain.session import Session
from puzzlesolve.explain.truth import solve_truth
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell, Value
from puzzlesolve.program import rules_path
from puzzlesolve.rulebook import read_rulebook

__all__ = [
    "DEFAULT_TIMEOUT",
    "GRADES",
    "ONE_WAY",
    "ONE_WAY_ROUNDS",
    "CheckResult",
    "Conflict",
    "Difficulty",
    "Explanation",
    "Hint",
    "Step",
    "check",
    "consequences",
    "difficulty",
    "explain",
    "hint",
]

DEFAULT_TIMEOUT = 60.0
"""Seconds check, hint and explain take at most unless told otherwise (`timeout`): what is
found by then is given, marked as cut short."""


def check(
    genre: Genre,
    puzzle: Any,
    answer: dict[Site, Value],
    *,
    encoding: str | Path | None = None,
    switches: Iterable[str] = (),
    timeout: float | None = DEFAULT_TIMEOUT,
    truth: Any = None,
) -> CheckResult:
    """Is `answer` (decided cells, as `load_answer` reads them) solved, consistent or invalid?

    Args:
        timeout: seconds at most (None: no limit); verdict "timeout" if the answer was not
            judged by then, conflicts not proven minimal if they were being shrunk.
        truth: the puzzle's first solution as `truth.solve_truth` finds it with the built-in
            rules, where the caller has it (hint does), not searched for again.

    Raises:
        RulesError: the rules file breaks the convention.
        EncodingError: clingo rejected the rules file.
        ValueError: a switch the genre does not have.
    """
    if any(isinstance(value, Candidates) for value in answer.values()):
        from puzzlesolve.explain import pencil

        return pencil.check(
            check,
            genre,
            puzzle,
            answer,
            encoding=encoding,
            switches=switches,
            timeout=timeout,
            truth=truth,
        )
    glue = genre.feature("explain")
    if glue.CHECK_BY_CORES:  # answers of pairs (the loop genres)
        from puzzlesolve.explain import loopcheck

        return loopcheck.check(
            genre, puzzle, answer, encoding=encoding, switches=switches, timeout=timeout
        )
    deadline = None if timeout is None else time.monotonic() + timeout
    switches = tuple(switches)
    complete = all(cell in answer for cell in glue.cells(puzzle))
    segments = glue.segments(puzzle)
    if not complete and segments:  # every segment decided (Numberlink) decides the cells
        complete = all(segment in answer for segment in segments)
    if encoding is not None:
        truth = None  # the built-in rules' solution says nothing of a rules file's own
    if encoding is None and (timeout is None or timeout > 0):
        # a right answer is told by the solver's own program, far smaller
        started = time.monotonic()
        if extends(genre, puzzle, answer, switches):
            rules = read_rulebook(rules_path(genre)).rules
            return CheckResult(genre.name, "solved" if complete else "consistent", [], rules)
        # a solution of the puzzle: the lead's measure of the likeliest wrong mark, and
        # what the search below is steered toward (found once, for both)
        left = None if timeout is None else max(0.0, timeout - (time.monotonic() - started))
        if truth is None:
            truth = solve_truth(genre, puzzle, switches, left, models=1, cores=1)
        if timeout is not None:
            timeout = max(0.0, timeout - (time.monotonic() - started))
    # conflicts name rules: the techniques' statements are left out (a fifth of the ground
    # program of Numbrix 9x9; half-marked Numberlink conflicts come out smaller), but where
    # the puzzle itself may have no solution, whose conflict a technique may name
    # (Numberlink's crossing)
    solvable = truth is not None and truth.solution is not None
    session = Session(genre, puzzle, answer, encoding, switches, timeout, not solvable)
    program, name = session.program, session.genre.name
    rules = session.rulebook.rules
    try:
        if not complete:  # whether some solution extends the marks: search for one
            program.find_first(truth.solution if truth is not None else None)
        found, _ = program.solve(
            [item.literal for item in (*session.clues, *session.marks, *session.guards)]
        )
        if found:
            return CheckResult(name, "solved" if complete else "consistent", [], rules)
        if found is None:
            return CheckResult(name, "timeout", [], rules, True)
        conflicts = session.conflicts()
        if not conflicts:
            return CheckResult(name, "timeout", [], rules, True)
        from puzzlesolve.explain.lead import lead

        wrong = lead(session, puzzle, answer, conflicts, encoding, tuple(switches), deadline, truth)
        return CheckResult(name, "invalid", conflicts, rules, program.expired, wrong)
    finally:
        session.close()


def hint(
    genre: Genre,
    puzzle: Any,
    answer: dict[Site, Value] | None = None,
    *,
    encoding: str | Path | None = None,
    switches: Iterable[str] = (),
    timeout: float | None = DEFAULT_TIMEOUT,
    engine: str | None = None,
) -> Hint:
    """The cheapest next step from the clues and `answer` (decided cells), if any.

    Args:
        timeout: seconds at most (None: no limit); status "timeout" if no step was found by
            then, a step not proven the smallest if it was being shrunk.
        engine: "forward" (techniques, then search: `explain.forward`), "rules" (minimal
            reasons over the rules file) or None: forward where the genre has a technique
            file beside its rules file, else rules.

    Raises:
        RulesError, EncodingError, ValueError: as `check`.
    """
    if _forward(genre, encoding, engine):
        from puzzlesolve.explain import forward_hint

        return forward_hint.hint(
            genre, puzzle, answer, encoding=encoding, switches=switches, timeout=timeout
        )
    started, switches = time.monotonic(), tuple(switches)
    session = Session(genre, puzzle, answer, encoding, switches, timeout)
    name, rules, named = session.genre.name, session.rulebook.rules, session.techniques
    try:
        step = session.glance()
        if step is not None:
            return Hint(name, "hint", step, [], [], rules, not step.minimal, named)
        forced = session.forced()
        if forced is None:
            conflicts = session.conflicts()
            wrong = None
            if session.marks and conflicts:  # the mark to look at first, as check has it
                from puzzlesolve.explain.lead import lead

                left = None if timeout is None else started + timeout
                wrong = lead(session, puzzle, answer or {}, conflicts, encoding, switches, left)
            return Hint(name, "invalid", None, conflicts, [], rules, False, named, wrong)
        todo = session.todo(forced)
        if all(cell in session.known for cell in session.program.cells) and not (
            session.segments_given
        ):
            todo = {}  # every cell of the answer is marked, and consistent: solved
        if todo:
            step = session.step(todo)
            return Hint(name, "hint", step, [], [], rules, not step.minimal, named)
        undecided = session.undecided()
        status = "multiple" if undecided else "solved"
        return Hint(name, status, None, [], undecided, rules, techniques=named)
    except OutOfTime:
        return Hint(name, "timeout", None, [], session.undecided(), rules, True, named)
    finally:
        session.close()


def explain(
    genre: Genre,
    puzzle: Any,
    *,
    encoding: str | Path | None = None,
    switches: Iterable[str] = (),
    timeout: float | None = DEFAULT_TIMEOUT * 5,
    engine: str | None = None,
    on_step: Callable[[Any], None] | None = None,
) -> Explanation:
    """Every step from the clues to the solution, or as far as cells are forced.

    Args:
        timeout: seconds at most (None: no limit); status "timeout" with the steps found by
            then if they did not reach the end.
        engine: as `hint`.
        on_step: called with each step as soon as it is found (the web page shows them).

    Raises:
        RulesError, EncodingError, ValueError: as `check`.
    """
    if _forward(genre, encoding, engine):
        from puzzlesolve.explain import forward_explain

        return forward_explain.explain(
            genre, puzzle, encoding=encoding, switches=switches, timeout=timeout, on_step=on_step
        )
    session = Session(genre, puzzle, None, encoding, switches, timeout)
    name, rules, named = genre.name, session.rulebook.rules, session.techniques
    glue = genre.feature("explain")
    graded: dict[str, Any] = {"grade_sizes": glue.GRADE_SIZES, "one_way_harder": glue.ONE_WAY}
    steps: list[Step] = []
    try:
        forced = session.forced()
        if forced is None:
            return Explanation(
                name,
                "unsolvable",
                [],
                [],
                session.conflicts(),
                rules,
                techniques=named,
                **graded,
            )
        while todo := session.todo(forced):
            found = session.steps(todo)
            steps += found
            if on_step is not None:
                for step in found:
                    on_step(step)
            if session.program.expired:
                raise OutOfTime()
        undecided = session.undecided()
        return Explanation(
            name,
            "multiple" if undecided else "solved",
            steps,
            undecided,
            [],
            rules,
            techniques=named,
            **graded,
        )
    except OutOfTime:
        return Explanation(
            name, "timeout", steps, session.undecided(), [], rules, True, named, **graded
        )
    finally:
        session.close()


def _forward(genre: Genre, encoding: str | Path | None, engine: str | None) -> bool:
    """Whether to explain by the forward engine (see `hint`'s `engine`)."""
    if engine not in (None, "forward", "rules"):
        raise ValueError(f"engine {engine!r}: choose forward or rules")
    if engine is None:
        from puzzlesolve.explain.forward import available

        return available(genre, encoding)
    return engine == "forward"


def consequences(
    genre: Genre,
    puzzle: Any,
    rules: Iterable[int],
    clues: Iterable[Cell],
    known: dict[Site, Value],
    *,
    encoding: str | Path | None = None,
    switches: Iterable[str] = (),
    guards: Iterable[tuple[str, int, tuple]] | None = None,
) -> dict[Cell | Segment, Value] | None:
    """The cell values (and segments) of the puzzle's solution that these rules, clue cells
    and known values alone force (the known ones among them), or None if they allow no
    solution: a step's `rules`, `clues` and `known` replayed on their own, or a conflict's,
    as a check.

    Clues and rules left out are open (the solver may use them or not), as in every step.
    With `guards` (a step's), exactly those instances of rules and techniques are in force
    (`rules` is then ignored); without, every instance of each of `rules`.

    Raises:
        RulesError, EncodingError, ValueError: as `check`.
    """
    session = Session(genre, puzzle, known, encoding, switches)
    program, rules, clues = session.program, set(rules), set(clues)
    if guards is not None:
        wanted = set(guards)
        chosen = [
            guard
            for guard in session.guards
            if ("rule", guard.rule, guard.instance) in wanted
            or ("technique", guard.technique, guard.instance) in wanted
        ]
    else:
        chosen = [guard for guard in session.guards if guard.rule in rules]
    items = [
        *(clue for clue in session.clues if set(clue.cells) <= clues),
        *session.marks,
        *chosen,
    ]
    if not program.satisfiable(items):
        return None
    solution = program.values([*session.clues, *session.marks, *session.guards]) or {}
    sites = {*program.cells, *program.segments}
    decided = program.forced(
        items, [program.mark(site, value) for site, value in solution.items() if site in sites]
    )
    return {item.site.key: item.value for item in decided}  # the public API's keys

"""The one module that talks to clingo: ground a genre's rules with an instance, enumerate models."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import clingo

from puzzlesolve import interrupt
from puzzlesolve.genre import Finder, Genre
from puzzlesolve.grid import Cell
from puzzlesolve.instance import get_genre
from puzzlesolve import program
from puzzlesolve.program import (  # noqa: F401 (EncodingError & co: imported from here too)
    EncodingError,
    check_encoding,
    constants_for,
    encoding_path,
)

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
        self.differing.update(
            cell for cell, value in self.first.items() if values.get(cell) != value
        )

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

    The plain search, the user's rules in clingo's own order, always runs and may decide.
    For a genre with search stages (stricter versions of its rules as external atoms, e.g.
    Numberlink's lines that cover every cell), a staged search runs beside it once it has not
    settled within FIRST_SLICE_SECONDS: the stages in turn until one finds a solution, which
    is a solution of the user's rules too, found far sooner; then the user's rules steered
    toward it, which finds a second solution near it at once when there is one. Steering
    changes only the order of a search, never its answer sets, so both searches are complete:
    whichever ends first decides, and until then their solutions are pooled as a set, so
    counts and uniqueness proofs are exact. With two cores or more the plain search runs on
    its own and the staged one beside it (see `_side_by_side`); with one core they take
    turns in one program and one thread (see `_in_turns`). A stage may be a program of the
    genre's own (a `Finder`, e.g. Numberlink's search.lp): its models are only candidates,
    never pooled; the user's rules steered toward one find it (if it is a solution of
    theirs) and settle it. On two cores such a stage, when first, starts before the user's
    rules are ground.

    Args:
        genre: the genre (or its name) whose rules and glue to use.
        puzzle: an instance as returned by ``genre.parse``.
        models: how many solutions to look for; 0 means all (more than MOST_MODELS: as many
            as clingo counts, which no search reaches).
        encoding: a rules file to use instead of the built-in one.
        timeout: seconds after which the search stops (status "timeout" if nothing was found);
            None or infinity: no limit.
        switches: names of the genre's boolean constants to set to 1 (e.g. "fill").
        keep_solutions: False only counts models, with no Python work per model.
        cores: how many cores the solve may keep busy (None: every core of the machine);
            with 1, every search runs in one thread (batch runs one solve per core).
        on_solution: called with each decoded solution as soon as it is found, which is
            then not kept in the result (listing millions of solutions in constant memory);
            the search is the plain one alone, so each solution comes once. When it returns
            False the search stops there.

    Returns:
        The status, decoded solutions and statistics.

    Raises:
        EncodingError: clingo rejected the rules file.
        ValueError: an unknown genre, a switch the genre does not have, a negative number
            of models, or a timeout that is not more than 0 (nan included).
        KeyboardInterrupt: Ctrl-C came (see `puzzlesolve.interrupt`); every search has ended.
    """
    started = time.perf_counter()
    if models < 0:
        raise ValueError(f"models must be 0 (all) or more, not {models}")
    models = min(models, MOST_MODELS)
    if timeout is not None and not timeout > 0:  # false for nan as well
        raise ValueError(f"timeout must be more than 0 seconds, not {timeout}")
    if timeout == float("inf"):
        timeout = None
    genre = get_genre(genre)
    constants_for(genre, switches)  # an unknown switch is refused before any search starts
    messages: list[str] = []
    facts = "\n".join(genre.facts(puzzle))

    def ground_rules(messages: list[str]) -> clingo.Control:
        arguments = [f"--models={models}"]
        return program.ground(
            genre, facts, encoding=encoding, switches=switches, arguments=arguments,
            messages=messages,
        ).ctl

    stream = (
        None
        if on_solution is None
        else (lambda symbols: on_solution(genre.decode(symbols, puzzle)))
    )
    search = _Search(
        models,
        keep_solutions and stream is None,
        None if timeout is None else started + timeout,
        stream,
    )
    # Ctrl-C stops the searches (`_Search.over`) and is raised once they have all ended
    with interrupt.deferred():
        # the stages are externals of the built-in rules or programs of the genre's own; they
        # serve to find a few solutions: listing or counting all is the plain search's (a stage
        # would only repeat its work)
        stages = genre.stages(frozenset(switches)) if encoding is None else ()
        staging = bool(stages and search.keep and models > 0)
        two_cores = (cores or os.cpu_count() or 1) > 1
        finder_control = _finder_grounder(facts, search)
        early = None
        if staging and two_cores and isinstance(stages[0], Finder):
            # a stage's own program is small: its search starts at once, on the other core,
            # while the user's rules are ground (on large boards, the longer of the two)
            early = _Lane(search, None, _staged_steps(genre, stages), finder_control)
            early.wait(0)
        try:
            ctl = ground_rules(messages)
        except BaseException:
            if early is not None:
                early.pause()
            raise
        grounded = time.perf_counter()
        plain = _Lane(search, ctl, _plain_steps())
        try:
            if not staging:
                plain.wait(None)
            elif two_cores:
                _side_by_side(
                    plain,
                    lambda: ground_rules([]),
                    genre,
                    stages,
                    grounded - started,
                    finder_control,
                    early,
                )
            else:
                staged = _Lane(search, ctl, _staged_steps(genre, stages), finder_control)
                _in_turns(plain, staged)
        finally:
            plain.pause()  # the deadline came, Ctrl-C, or an exception: no search goes on
            if early is not None:
                early.pause()
    return Result(
        genre=genre,
        puzzle=puzzle,
        status=classify(search.count(), search.exhausted),
        solutions=[genre.decode(symbols, puzzle) for symbols in search.solutions()],
        count=search.count(),
        exhausted=search.exhausted,
        stats=_statistics(ctl, started, grounded, search),
        messages=messages,
    )


MOST_MODELS = 2**63 - 1  # the most clingo's --models takes (it refuses 2^63 and more)
FIRST_SLICE_SECONDS = 0.25  # the plain search alone at first: most puzzles are settled in it
POLL_SECONDS = 0.02  # how often two searches side by side are looked after


def _side_by_side(
    plain: _Lane,
    ground: Callable[[], clingo.Control],
    genre: Genre,
    stages: Sequence[str | Finder],
    grounding: float,
    finder_control: Callable[[Finder], clingo.Control] | None = None,
    staged: _Lane | None = None,
) -> None:
    """Two cores: the plain search runs from the start; after its first slice the staged
    search runs beside it, on the other core, until either decides or as many solutions as
    asked for are pooled. Its stages on the user's rules and its steered search run in a
    second ground program of them; a candidate of a stage's own program is first confirmed
    in the plain search's program, lent for that one short call (the rules are ground once
    before the first solution is reported). `staged`: the staged search, when it started
    before the user's rules were ground."""
    search = plain.search
    if staged is None:  # else the staged search is under way: both are looked after at once
        plain.wait(FIRST_SLICE_SECONDS)
    # grounding cannot be stopped: no second program is grounded when less time is left
    # than the first took
    if staged is None and (
        search.over() or search.left() is not None and search.left() < grounding
    ):
        plain.wait(None)
        return

    def rules_control(step: _Step) -> clingo.Control:
        if step.confirm:
            plain.pause()
            return plain.ctl  # lent: the plain search resumes when the call ended
        if plain.handle is None:
            plain.wait(0)  # resumed (after a lent call) while the second program is ground
        return ground()

    if staged is None:
        staged = _Lane(search, None, _staged_steps(genre, stages), finder_control)
    staged.rules = rules_control
    try:
        while not search.over():
            lent = staged.open is not None and staged.open is plain.ctl
            (staged if lent else plain).wait(POLL_SECONDS)
            staged.wait(0)
    finally:
        staged.pause()


def _in_turns(plain: _Lane, staged: _Lane) -> None:
    """One core: the plain and the staged search take turns in one ground program and one
    thread, in slices of time that double each round (plain, staged, plain twice as long,
    ...), so that neither starves and the calls cut short and made again cost at most about
    as much as the useful ones. Each keeps what the solver learnt; a staged step that ended
    is not made again, and once the staged search is done the plain one runs to the end.
    A staged search whose first stage is a program of the genre's own (small, and quick to
    find a solution or to show there is none) goes first."""
    search = plain.search
    budget = FIRST_SLICE_SECONDS
    order = (staged, plain) if staged.step is not None and staged.step.finder else (plain, staged)
    while not search.over():
        for lane in order:
            lane.wait(None if staged.done else budget)
            lane.pause()
            if search.over():
                return
        budget *= 2


def _finder_grounder(facts: str, search: _Search) -> Callable[[Finder], clingo.Control]:
    """What grounds a stage's own program with the instance (its time kept for the stats)."""

    def ground_finder(finder: Finder) -> clingo.Control:
        begun = time.perf_counter()
        control = program.ground(
            None, facts, encoding=finder.program, constants=dict(finder.constants),
            arguments=["--models=1"],
        ).ctl
        search.finder_stats["finder_ground_s"] = round(time.perf_counter() - begun, 4)
        return control

    return ground_finder


def _plain_steps() -> Steps:
    """The user's rules in clingo's own order: ending by itself, it decides."""
    outcome = yield _Step()
    return outcome.exhausted


def _staged_steps(genre: Genre, stages: Sequence[str]) -> Steps:
    """The genre's stricter stages, in turn, until one finds a solution (a solution of the
    user's rules, found far sooner); then the user's rules, steered toward it (a domain
    heuristic: only the order of the search changes), which finds a second solution near it
    at once when there is one and, ending by itself, decides like the plain search."""
    first: list[clingo.Symbol] | None = None
    for stage in stages:
        if isinstance(stage, Finder):
            outcome = yield _Step(models=1, order="domain", finder=stage)
        else:
            outcome = yield _Step((stage,), models=1, order="domain")
        if outcome.models:
            first = outcome.models[0]
            break
    if first is None or genre.steer is None:
        return None
    steer = _steer(genre.steer, first)
    if isinstance(stage, Finder):
        # a candidate only: the rules find it first (in the plain search's program, lent
        # for the call, on two cores), which is the quickest way to report it
        yield _Step(("steering",), models=1, order="steered", prepare=steer, confirm=True)
    outcome = yield _Step(("steering",), order="steered", prepare=steer)
    return outcome.exhausted


def _steer(
    signature: tuple[str, int], solution: Sequence[clingo.Symbol]
) -> Callable[[clingo.Control], None]:
    """What leads a search with the external `steering` set toward `solution`: its atoms of
    `signature` tried true first, the others false."""
    chosen = set(solution)
    steered: list[clingo.Control] = []  # each control is steered once

    def add(ctl: clingo.Control) -> None:
        if any(ctl is done for done in steered):
            return
        steered.append(ctl)
        directives = (
            f"#heuristic {atom.symbol} : steering. "
            f"[1, {'true' if atom.symbol in chosen else 'false'}]"
            for atom in ctl.symbolic_atoms.by_signature(*signature)
        )
        ctl.add("steer", [], "#external steering.\n" + "\n".join(directives))
        ctl.ground([("steer", [])])

    return add


class _Search:
    """The solutions found so far by every solve call over the same rules, pooled as a set
    (every call enumerates from its start, and side by side searches find the same ones),
    and whether the search is over: as many found as asked for, or a call that decides
    ended by itself (`exhausted` then tells whether it explored the whole search space).
    """

    def __init__(
        self,
        models: int,
        keep_solutions: bool,
        deadline: float | None,
        stream: Callable[[list[clingo.Symbol]], bool | None] | None = None,
    ):
        self.models, self.keep, self.deadline = models, keep_solutions, deadline
        self.stream = stream  # when solutions are streamed rather than kept
        self.found: dict[frozenset[clingo.Symbol], list[clingo.Symbol]] = {}
        self.first: float | None = None  # when the first solution was found (if kept)
        self.counted = 0  # when models are not kept: how many the (one) call enumerated
        self.decided = False
        self.exhausted = False
        self.finder_stats: dict[str, float | int] = {}  # of a stage's own program
        self.started = time.perf_counter()
        self.effort = {"choices": 0, "conflicts": 0}  # summed over calls (clingo's are per call)

    def add(self, symbols: list[clingo.Symbol]) -> bool:
        """Pool one model; False (stop the call) once as many were found as asked for."""
        if not self.found:
            self.first = time.perf_counter()
        self.found.setdefault(frozenset(symbols), symbols)
        return not self.settled()

    def settled(self) -> bool:
        """Whether as many solutions were found as asked for."""
        return 0 < self.models <= len(self.found)

    def left(self) -> float | None:
        """Seconds until the deadline (None: no deadline)."""
        return None if self.deadline is None else self.deadline - time.perf_counter()

    def over(self) -> bool:
        """Whether nothing more is to be searched: decided, settled, out of time or Ctrl-C."""
        left = self.left()
        return (
            self.decided
            or self.settled()
            or (left is not None and left <= 0)
            or interrupt.arrived()
        )

    def count(self) -> int:
        if not self.keep:
            return self.counted
        return len(self.found) if self.models == 0 else min(len(self.found), self.models)

    def solutions(self) -> list[list[clingo.Symbol]]:
        return list(self.found.values())[: self.count()]


@dataclass(frozen=True)
class _Step:
    """One solve call of a lane.

    Attributes:
        externals: the external atoms (clingo syntax) set true during the call.
        models: how many models to look for (None: as many as asked for).
        order: "plain" (clingo's own heuristic), "domain" (the rules' #heuristic) or
            "steered" (that, and after each model the search restarts rather than only
            backtracks, so that it leaves the neighbourhood of the model).
        prepare: what to add to the ground program before the first call, e.g. `_steer`.
        finder: the stage's own program to search instead of the user's rules; its models
            are handed to the next step, never pooled as solutions.
        confirm: a short call (one model) that a lane with no program of the user's rules
            of its own makes in the plain search's, lent for the call.
    """

    externals: tuple[str, ...] = ()
    models: int | None = None
    order: str = "plain"
    prepare: Callable[[clingo.Control], None] | None = None
    finder: Finder | None = None
    confirm: bool = False


@dataclass(frozen=True)
class _Outcome:
    """How a solve call ended by itself: the models it found, and whether it exhausted its
    search space (else it found as many models as it looked for)."""

    models: list[list[clingo.Symbol]]
    exhausted: bool


Steps = Generator[_Step, _Outcome, "bool | None"]
"""A search made of solve calls in turn: it yields each call's step, is sent the call's
outcome, and returns None when it cannot decide, else (it decides) whether the whole search
space was explored."""


class _Lane:
    """A search (Steps) on one Control of the user's rules (and the controls of the stages'
    own programs), run in slices of time: a call cut short by the end of a slice is made
    again, from its start, when the lane resumes.

    Args:
        search: the pool of solutions the lane adds to.
        ctl: the user's rules, ground; None: asked of `rules` when a step first needs them.
        steps: the search.
        finders: grounds a stage's own program (a `Finder`), once per stage.
        rules: gives the user's rules for a step when `ctl` is None.
    """

    def __init__(
        self,
        search: _Search,
        ctl: clingo.Control | None,
        steps: Steps,
        finders: Callable[[Finder], clingo.Control] | None = None,
        rules: Callable[[_Step], clingo.Control] | None = None,
    ):
        self.search, self.ctl, self.steps = search, ctl, steps
        self.finders, self.rules = finders, rules
        self.finder_controls: dict[Finder, clingo.Control] = {}
        self.step: _Step | None = next(steps)  # None once done
        self.prepared = False  # whether the step's program is ground
        self.handle: clingo.SolveHandle | None = None
        self.open: clingo.Control | None = None  # the control of the open call
        self.models: list[list[clingo.Symbol]] = []  # of the open call
        self.own_order = None if ctl is None else self._order_of(ctl)

    @staticmethod
    def _order_of(ctl: clingo.Control) -> tuple:
        """clingo's own order (for the plain order), before any step changed it."""
        configuration = ctl.configuration
        return (
            configuration.solver.heuristic,
            configuration.solve.enum_mode,
            configuration.solver.restart_on_model,
        )

    def _control(self, step: _Step) -> clingo.Control:
        if step.finder is not None:
            if step.finder not in self.finder_controls:
                self.finder_controls[step.finder] = self.finders(step.finder)
            return self.finder_controls[step.finder]
        if step.confirm and self.ctl is None:
            return self.rules(step)  # lent for this call only
        if self.ctl is None:
            self.ctl = self.rules(step)
            self.own_order = self._order_of(self.ctl)
        return self.ctl

    @property
    def done(self) -> bool:
        return self.step is None

    def wait(self, seconds: float | None) -> None:
        """Run for up to `seconds` (None: until done), call after call, or until the search
        is over; the open call goes on in clingo's thread until `pause`. The wait is cut
        into short slices, so that Ctrl-C is seen soon (`puzzlesolve.interrupt`)."""
        until = None if seconds is None else time.perf_counter() + seconds
        while not self.done and not self.search.over():
            if self.step.finder is None and self.ctl is None and self.rules is None:
                return  # the user's rules are not ground yet
            if self.handle is None:
                self._start()
            left = self.search.left()
            if until is not None:
                now = time.perf_counter()
                left = until - now if left is None else min(left, until - now)
            wait = interrupt.SLICE_SECONDS
            if left is not None:
                wait = min(max(left, 0), wait)
            if self.handle.wait(wait):
                self._finish()
            elif left is not None and left <= wait:
                return  # the slice of time or the search's time is over

    def pause(self) -> None:
        """Stop the open call (its models stay pooled)."""
        if self.handle is not None:
            self.handle.cancel()
            self._close()

    def _start(self) -> None:
        step = self.step
        ctl = self.open = self._control(step)
        if step.prepare is not None and not self.prepared:
            step.prepare(ctl)
            self.prepared = True
        configuration = ctl.configuration
        heuristic, enum_mode, restart_on_model = {
            "plain": self.own_order,
            "domain": ("Domain", "auto", 0),
            "steered": ("Domain", "record", 1),
        }[step.order]
        configuration.solver.heuristic = heuristic
        configuration.solve.enum_mode = enum_mode
        configuration.solver.restart_on_model = restart_on_model
        configuration.solve.models = self.search.models if step.models is None else step.models
        for text in step.externals:
            ctl.assign_external(clingo.parse_term(text), True)
        self.models = []
        on_model = self._model if self.search.keep or self.search.stream else None
        self.handle = ctl.solve(on_model=on_model, async_=True)

    def _model(self, model: clingo.Model) -> bool:
        symbols = model.symbols(shown=True)
        if self.step.finder is not None:  # a candidate only: the rules settle it
            self.models.append(symbols)
            return True
        if self.search.stream is not None:  # the plain search alone: no model comes twice
            return self.search.stream(symbols) is not False
        self.models.append(symbols)
        return self.search.add(symbols)

    def _finish(self) -> None:
        """The open call ended by itself: on to the next step."""
        exhausted = self.handle.get().exhausted
        models = self.models
        self._close()
        if self.search.settled():
            return  # the call was stopped: as many found as asked for
        self.prepared = False
        try:
            self.step = self.steps.send(_Outcome(models, exhausted))
        except StopIteration as end:
            self.step = None
            if end.value is not None:
                self.search.decided, self.search.exhausted = True, end.value

    def _close(self) -> None:
        self.handle.__exit__(None, None, None)  # releases the call (no close method)
        self.handle = None
        ctl, self.open = self.open, None
        statistics = ctl.statistics
        for key in self.search.effort:
            self.search.effort[key] += int(statistics["solving"]["solvers"][key])
        if self.step.finder is not None:  # its ground size: known once it was solved
            program = statistics["problem"]["lp"]
            self.search.finder_stats["finder_rules"] = int(program["rules"])
            self.search.finder_stats["finder_atoms"] = int(program["atoms"])
            if self.models:
                self.search.finder_stats["finder_first_s"] = round(
                    time.perf_counter() - self.search.started, 4
                )
        else:
            # when models are not kept, only the plain search runs, in one call
            enumerated = int(statistics["summary"]["models"]["enumerated"])
            self.search.counted = max(self.search.counted, enumerated)
        for text in self.step.externals:
            ctl.assign_external(clingo.parse_term(text), False)


def _statistics(
    ctl: clingo.Control, started: float, grounded: float, search: _Search
) -> dict[str, float | int]:
    program = ctl.statistics["problem"]["lp"]
    first = {} if search.first is None else {"first_s": round(search.first - started, 4)}
    return {
        "time_s": round(time.perf_counter() - started, 4),
        "ground_s": round(grounded - started, 4),
        "solve_s": round(time.perf_counter() - grounded, 4),
        **first,
        **search.effort,
        **search.finder_stats,
        "rules": int(program["rules"]),
        "atoms": int(program["atoms"]),
    }


# ---------------------------------------------------------------- solving as far as possible


@dataclass
class Settled:
    """The cell values every solution shares: how far a puzzle can be solved for certain.

    Attributes:
        status: "settled" (the values below are proven the same in every solution),
            "unsolvable" (no solution at all) or "timeout" (not proven in the time allowed;
            no values are claimed).
        values: ``{cell: value}`` (values as `Genre.values` writes them) for each cell whose
            value is the same in every solution; empty unless the status is "settled".
        solutions_seen: solutions the cautious enumeration went through (clingo stops at the
            one that leaves no more to remove, so a unique puzzle shows 1).
    """

    status: str
    values: dict[Cell, Any]
    solutions_seen: int = 0

    def to_json(self) -> dict:
        return {
            "status": self.status,
            "cells": [
                {"cell": list(cell), "value": value} for cell, value in sorted(self.values.items())
            ],
            "solutions_seen": self.solutions_seen,
        }


def settled(
    genre: Genre | str,
    puzzle: Any,
    *,
    encoding: str | Path | None = None,
    timeout: float | None = None,
    switches: Iterable[str] = (),
) -> Settled:
    """The cells whose value is the same in every solution (clingo's cautious consequences).

    One solution is found first (as `solve` finds it); each cell's value in it becomes an
    atom ``same_as_found(R,C)`` defined by the genre's literal for that value (the atom its
    ``explain`` module names), and a cautious enumeration over the same rules file and
    facts keeps exactly those that hold in every answer set.

    Args:
        genre: the genre (or its name).
        puzzle: an instance as returned by ``genre.parse``.
        encoding: a rules file to use instead of the built-in one.
        timeout: seconds for both searches together.
        switches: names of the genre's boolean constants to set to 1.

    Returns:
        The status and, when settled, the shared values.

    Raises:
        EncodingError: clingo rejected the rules file.
        ValueError: an unknown genre, or a switch the genre does not have.
    """
    started = time.perf_counter()
    genre = get_genre(genre)
    first = solve(genre, puzzle, models=1, encoding=encoding, timeout=timeout, switches=switches)
    if first.status in ("unsolvable", "timeout"):
        return Settled(first.status, {})
    found = genre.values(puzzle, first.solutions[0])
    literal = genre.module("explain").literal
    definitions = []
    for (r, c), value in sorted(found.items()):
        atom, holds = literal(puzzle, (r, c), value)
        definitions.append(f"same_as_found({r},{c}) :- {'' if holds else 'not '}{atom}.")
    definitions.append("#show same_as_found/2.")
    facts = "\n".join([*genre.facts(puzzle), *definitions])
    arguments = ["--models=0", "--enum-mode=cautious"]
    ctl = program.ground(
        genre, facts, encoding=encoding, switches=switches, arguments=arguments
    ).ctl
    last: list[clingo.Symbol] = []
    seen = 0

    def keep(model: clingo.Model) -> None:
        nonlocal last, seen
        last, seen = model.symbols(shown=True), seen + 1

    with ctl.solve(on_model=keep, async_=True) as handle:
        left = None if timeout is None else timeout - (time.perf_counter() - started)
        if not handle.wait(None if left is None else max(left, 0)):
            handle.cancel()
            return Settled("timeout", {}, seen)
        handle.get()
    same = {(s.arguments[0].number, s.arguments[1].number) for s in last}
    return Settled("settled", {cell: found[cell] for cell in sorted(same)}, seen)

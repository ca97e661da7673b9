"""Solve calls run in slices of time: a `Lane` runs a search made of solve calls (`Steps`)
on one ground program of the user's rules (and the stages' own programs), and `Search` pools
what every lane finds and says when the search is over. How lanes are combined, side by side
or in turns, is `puzzlesolve.staged`'s matter.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import Any

import clingo

from puzzlesolve import interrupt
from puzzlesolve.genre import Finder


class Search:
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
        stream: Callable[[Sequence[clingo.Symbol]], bool | None] | None = None,
    ):
        self.models, self.keep, self.deadline = models, keep_solutions, deadline
        self.stream = stream  # when solutions are streamed rather than kept
        self.found: dict[frozenset[clingo.Symbol], Sequence[clingo.Symbol]] = {}
        self.first: float | None = None  # when the first solution was found (if kept)
        self.counted = 0  # when models are not kept: how many the (one) call enumerated
        self.decided = False
        self.exhausted = False
        self.finder_stats: dict[str, float | int] = {}  # of a stage's program, a check's
        self.started = time.perf_counter()
        self.effort = {"choices": 0, "conflicts": 0}  # summed over calls (clingo's are per call)

    def add(self, symbols: Sequence[clingo.Symbol]) -> bool:
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

    def solutions(self) -> list[Sequence[clingo.Symbol]]:
        return list(self.found.values())[: self.count()]


@dataclass(frozen=True)
class Step:
    """One solve call of a lane.

    Attributes:
        externals: the external atoms (clingo syntax) set true during the call.
        models: how many models to look for (None: as many as asked for).
        order: "plain" (clingo's own heuristic), "domain" (the rules' #heuristic) or
            "steered" (that, and after each model the search restarts rather than only
            backtracks, so that it leaves the neighbourhood of the model).
        prepare: what to add to the ground program before the first call, e.g. `steer_toward`.
        finder: the stage's own program to search instead of the user's rules; its models
            are handed to the next step, never pooled as solutions.
        confirm: a short call (one model) that a lane with no program of the user's rules
            of its own makes in the plain search's, lent for the call.
        check: a candidate's facts (`candidate_facts`): the call searches the user's rules
            ground around them alone, in a program of its own; its models are solutions of
            the rules, pooled.
        conflicts: the call stops after this many conflicts (None: no limit); stopped so,
            it has not searched its whole space (`Outcome.limited`).
    """

    externals: tuple[str, ...] = ()
    models: int | None = None
    order: str = "plain"
    prepare: Callable[[clingo.Control], None] | None = None
    finder: Finder | None = None
    confirm: bool = False
    check: str | None = None
    conflicts: int | None = None

    @property
    def in_rules(self) -> bool:
        """Whether the call searches the lane's program of the user's rules (or one lent)."""
        return self.finder is None and self.check is None


@dataclass(frozen=True)
class Outcome:
    """How a solve call ended by itself: the models it found, whether it exhausted its
    search space (else it found as many models as it looked for), and whether it stopped at
    its step's limit of conflicts instead (then it decides nothing)."""

    models: list[Sequence[clingo.Symbol]]
    exhausted: bool
    limited: bool = False


# a step's order but the plain one: clingo's heuristic, enum mode and restart on model
SEARCH_ORDERS = {"domain": ("Domain", "auto", 0), "steered": ("Domain", "record", 1)}


def _section(ctl: clingo.Control, name: str) -> clingo.Configuration:
    """A section of clingo's configuration, e.g. "solver" (its type told to the checker:
    clingo types every entry as a value, a section or None)."""
    section = getattr(ctl.configuration, name)
    assert isinstance(section, clingo.Configuration)
    return section


Steps = Generator[Step, Outcome, "bool | None"]
"""A search made of solve calls in turn: it yields each call's step, is sent the call's
outcome, and returns None when it cannot decide, else (it decides) whether the whole search
space was explored."""


class Lane:
    """A search (Steps) on one Control of the user's rules (and the controls of the stages'
    own programs), run in slices of time: a call cut short by the end of a slice is made
    again, from its start, when the lane resumes.

    Args:
        search: the pool of solutions the lane adds to.
        ctl: the user's rules, ground; None: asked of `rules` when a step first needs them.
        steps: the search.
        finders: grounds a stage's own program (a `Finder`), once per stage.
        rules: gives the user's rules for a step when `ctl` is None.
        checker: grounds the user's rules around a candidate's facts (a step's `check`).
    """

    def __init__(
        self,
        search: Search,
        ctl: clingo.Control | None,
        steps: Steps,
        finders: Callable[[Finder], clingo.Control] | None = None,
        rules: Callable[[Step], clingo.Control] | None = None,
        checker: Callable[[str], clingo.Control] | None = None,
    ):
        self.search, self.ctl, self.steps = search, ctl, steps
        self.finders, self.rules, self.checker = finders, rules, checker
        # programs of the lane's own, ground once each: by Finder, or by a check's facts
        self.own_controls: dict[Finder | str, clingo.Control] = {}
        self.step: Step | None = next(steps)  # None once done
        self.prepared = False  # whether the step's program is ground
        self.handle: clingo.SolveHandle | None = None
        self.open: clingo.Control | None = None  # the control of the open call
        self.models: list[Sequence[clingo.Symbol]] = []  # of the open call
        self.own_order = None if ctl is None else self._order_of(ctl)

    @staticmethod
    def _order_of(ctl: clingo.Control) -> tuple[Any, ...]:
        """clingo's own order (for the plain order), before any step changed it."""
        solver, solve = _section(ctl, "solver"), _section(ctl, "solve")
        return (solver.heuristic, solve.enum_mode, solver.restart_on_model)

    def _control(self, step: Step) -> clingo.Control:
        if step.finder is not None:
            return self._own(step.finder, self.finders)
        if step.check is not None:
            return self._own(step.check, self.checker)
        if self.ctl is None:
            # `wait` starts no call in the user's rules before they can be had
            assert self.rules is not None
            if step.confirm:
                return self.rules(step)  # lent for this call only
            self.ctl = self.rules(step)
            self.own_order = self._order_of(self.ctl)
        return self.ctl

    def _own(
        self, key: Finder | str, ground: Callable[[Any], clingo.Control] | None
    ) -> clingo.Control:
        if key not in self.own_controls:
            assert ground is not None, "a lane with such steps is given what grounds them"
            self.own_controls[key] = ground(key)
        return self.own_controls[key]

    @property
    def done(self) -> bool:
        return self.step is None

    def wait(self, seconds: float | None) -> None:
        """Run for up to `seconds` (None: until done), call after call, or until the search
        is over; the open call goes on in clingo's thread until `pause`. The wait is cut
        into short slices, so that Ctrl-C is seen soon (`puzzlesolve.interrupt`)."""
        until = None if seconds is None else time.perf_counter() + seconds
        while self.step is not None and not self.search.over():
            if self.step.in_rules and self.ctl is None and self.rules is None:
                return  # the user's rules are not ground yet
            if self.handle is None:
                self._start()
            handle = self.handle
            assert handle is not None  # the call is open
            left = self.search.left()
            if until is not None:
                now = time.perf_counter()
                left = until - now if left is None else min(left, until - now)
            wait = interrupt.SLICE_SECONDS
            if left is not None:
                wait = min(max(left, 0), wait)
            if handle.wait(wait):
                self._finish(handle, self.step)
            elif left is not None and left <= wait:
                return  # the slice of time or the search's time is over

    def pause(self) -> None:
        """Stop the open call (its models stay pooled)."""
        if self.handle is not None:
            self.handle.cancel()
            self._close()

    def _start(self) -> None:
        step = self.step
        assert step is not None  # the lane is not done
        ctl = self.open = self._control(step)
        if step.prepare is not None and not self.prepared:
            step.prepare(ctl)
            self.prepared = True
        # the plain order is clingo's own, kept when the rules were ground (plain steps run
        # in them only)
        order = self.own_order if step.order == "plain" else SEARCH_ORDERS[step.order]
        assert order is not None
        solver, solve = _section(ctl, "solver"), _section(ctl, "solve")
        solver.heuristic, solve.enum_mode, solver.restart_on_model = order
        solve.models = self.search.models if step.models is None else step.models
        limit = "umax" if step.conflicts is None else str(step.conflicts)
        solve.solve_limit = f"{limit},umax"  # conflicts, restarts
        for text in step.externals:
            ctl.assign_external(clingo.parse_term(text), True)
        self.models = []
        on_model = self._model if self.search.keep or self.search.stream else None
        self.handle = ctl.solve(on_model=on_model, async_=True)

    def _model(self, model: clingo.Model) -> bool:
        symbols = model.symbols(shown=True)
        assert self.step is not None  # a call is open
        if self.step.finder is not None:  # a candidate only: the rules settle it
            self.models.append(symbols)
            return True
        if self.search.stream is not None:  # the plain search alone: no model comes twice
            return self.search.stream(symbols) is not False
        self.models.append(symbols)
        return self.search.add(symbols)

    def _finish(self, handle: clingo.SolveHandle, step: Step) -> None:
        """The open call (`handle`, of `step`) ended by itself: on to the next step."""
        exhausted = handle.get().exhausted
        models = self.models
        # a step with a limit that ended neither exhausted nor with the models asked for
        # (else the pool would be settled, below) stopped at its limit
        limited = not exhausted and step.conflicts is not None
        self._close()
        if self.search.settled():
            return  # the call was stopped: as many found as asked for
        self.prepared = False
        try:
            self.step = self.steps.send(Outcome(models, exhausted, limited))
        except StopIteration as end:
            self.step = None
            if end.value is not None:
                self.search.decided, self.search.exhausted = True, end.value

    def _close(self) -> None:
        handle, ctl, step = self.handle, self.open, self.step
        assert handle is not None and ctl is not None and step is not None  # a call is open
        handle.__exit__(None, None, None)  # releases the call (no close method)
        self.handle = self.open = None
        statistics = ctl.statistics
        for key in self.search.effort:
            self.search.effort[key] += int(statistics["solving"]["solvers"][key])
        program = statistics["problem"]["lp"]  # its ground size: known once it was solved
        if step.finder is not None:
            self.search.finder_stats["finder_rules"] = int(program["rules"])
            self.search.finder_stats["finder_atoms"] = int(program["atoms"])
            if self.models:
                self.search.finder_stats["finder_first_s"] = round(
                    time.perf_counter() - self.search.started, 4
                )
        elif step.check is not None:
            self.search.finder_stats["check_rules"] = int(program["rules"])
        else:
            # when models are not kept, only the plain search runs, in one call
            enumerated = int(statistics["summary"]["models"]["enumerated"])
            self.search.counted = max(self.search.counted, enumerated)
        for text in step.externals:
            ctl.assign_external(clingo.parse_term(text), False)

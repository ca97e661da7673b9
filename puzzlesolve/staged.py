"""The staged search beside the plain one (see `solver.solve`): a genre's stricter stages (e.g.
Numberlink's lines that cover every cell) find a solution far sooner, and the user's rules,
steered toward it, settle it; both searches run side by side on two cores or take turns on
one, pooling their solutions as a set, so counts and uniqueness proofs stay exact.

A search is a generator of solve calls (`Steps`), run on one ground program in slices of time
by a `Lane`; `Search` pools what every lane finds and says when the search is over.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass

import clingo

from puzzlesolve import interrupt, program
from puzzlesolve.genre import Finder, Genre

FIRST_SLICE_SECONDS = 0.25  # the plain search alone at first: most puzzles are settled in it
POLL_SECONDS = 0.02  # how often two searches side by side are looked after
# two cores, one solution asked for: how long (CPU seconds) a stage's own program and its
# candidate's check may run before the user's rules are ground
FINDER_FIRST_SECONDS = 3.0


def side_by_side(
    plain: Lane,
    ground: Callable[[], clingo.Control],
    grounding: float,
    staged_lane: Callable[[clingo.Control | None], Lane],
    staged: Lane | None = None,
) -> None:
    """Two cores: the plain search runs from the start; after its first slice the staged
    search runs beside it, on the other core, until either decides or as many solutions as
    asked for are pooled. Its stages on the user's rules and its steered search run in a
    second ground program of them; a candidate of a stage's own program is first confirmed
    in the plain search's program, lent for that one short call (the rules are ground once
    before the first solution is reported). `staged_lane` makes the staged search's lane;
    `staged`: the staged search, when it started before the user's rules were ground."""
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

    def rules_control(step: Step) -> clingo.Control:
        if step.confirm:
            plain.pause()
            return plain.ctl  # lent: the plain search resumes when the call ended
        if plain.handle is None:
            plain.wait(0)  # resumed (after a lent call) while the second program is ground
        return ground()

    if staged is None:
        staged = staged_lane(None)
    staged.rules = rules_control
    try:
        while not search.over():
            lent = staged.open is not None and staged.open is plain.ctl
            (staged if lent else plain).wait(POLL_SECONDS)
            staged.wait(0)
    finally:
        staged.pause()


def in_turns(plain: Lane, staged: Lane) -> None:
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


def finder_grounder(facts: str, search: Search) -> Callable[[Finder], clingo.Control]:
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


def check_grounder(
    ground_rules: Callable[[list[str], str], clingo.Control], search: Search
) -> Callable[[str], clingo.Control]:
    """What grounds the user's rules around a candidate, its facts given (`Finder.check`;
    the time kept for the stats)."""

    def ground_check(given: str) -> clingo.Control:
        begun = time.perf_counter()
        control = ground_rules([], given)
        search.finder_stats["check_ground_s"] = round(time.perf_counter() - begun, 4)
        return control

    return ground_check


def plain_steps() -> Steps:
    """The user's rules in clingo's own order: ending by itself, it decides."""
    outcome = yield Step()
    return outcome.exhausted


def staged_steps(
    genre: Genre, stages: Sequence[str | Finder], check_candidate: bool = False
) -> Steps:
    """The genre's stricter stages, in turn, until one finds a solution (a solution of the
    user's rules, found far sooner); then the user's rules, steered toward it (a domain
    heuristic: only the order of the search changes), which finds a second solution near it
    at once when there is one and, ending by itself, decides like the plain search.

    `check_candidate`: a candidate of a stage's own program with a `Finder.check` is first
    searched for in the user's rules ground around it alone (worth it when it is the one
    solution asked for: the full rules need not be ground for it)."""
    first: list[clingo.Symbol] | None = None
    for stage in stages:
        if isinstance(stage, Finder):
            outcome = yield Step(models=1, order="domain", finder=stage)
        else:
            outcome = yield Step((stage,), models=1, order="domain")
        if outcome.models:
            first = outcome.models[0]
            break
    if first is None or genre.steer is None:
        return None
    steer = steer_toward(genre.steer, first)
    if isinstance(stage, Finder) and check_candidate and stage.check is not None:
        # its model, if any, is a solution of the rules and settles the search: no more steps
        given = candidate_facts(stage.check, genre.steer, first)
        yield Step(models=1, order="domain", check=given)
    if isinstance(stage, Finder):
        # a candidate only: the rules find it first (in the plain search's program, lent
        # for the call, on two cores), which is the quickest way to report it
        yield Step(("steering",), models=1, order="steered", prepare=steer, confirm=True)
    outcome = yield Step(("steering",), order="steered", prepare=steer)
    return outcome.exhausted


def candidate_facts(
    predicate: str, signature: tuple[str, int], candidate: Sequence[clingo.Symbol]
) -> str:
    """A candidate's atoms of `signature` as facts of the rules' `predicate` (`Finder.check`),
    e.g. ``link(0,0,0,1)`` as ``candidate(0,0,0,1).``."""
    return "\n".join(
        f"{predicate}({','.join(map(str, atom.arguments))})."
        for atom in candidate
        if atom.match(*signature)
    )


def steer_toward(
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
        stream: Callable[[list[clingo.Symbol]], bool | None] | None = None,
    ):
        self.models, self.keep, self.deadline = models, keep_solutions, deadline
        self.stream = stream  # when solutions are streamed rather than kept
        self.found: dict[frozenset[clingo.Symbol], list[clingo.Symbol]] = {}
        self.first: float | None = None  # when the first solution was found (if kept)
        self.counted = 0  # when models are not kept: how many the (one) call enumerated
        self.decided = False
        self.exhausted = False
        self.finder_stats: dict[str, float | int] = {}  # of a stage's program, a check's
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
    """

    externals: tuple[str, ...] = ()
    models: int | None = None
    order: str = "plain"
    prepare: Callable[[clingo.Control], None] | None = None
    finder: Finder | None = None
    confirm: bool = False
    check: str | None = None

    @property
    def in_rules(self) -> bool:
        """Whether the call searches the lane's program of the user's rules (or one lent)."""
        return self.finder is None and self.check is None


@dataclass(frozen=True)
class Outcome:
    """How a solve call ended by itself: the models it found, and whether it exhausted its
    search space (else it found as many models as it looked for)."""

    models: list[list[clingo.Symbol]]
    exhausted: bool


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

    def _control(self, step: Step) -> clingo.Control:
        if step.finder is not None:
            return self._own(step.finder, self.finders)
        if step.check is not None:
            return self._own(step.check, self.checker)
        if step.confirm and self.ctl is None:
            return self.rules(step)  # lent for this call only
        if self.ctl is None:
            self.ctl = self.rules(step)
            self.own_order = self._order_of(self.ctl)
        return self.ctl

    def _own(self, key: Finder | str, ground: Callable) -> clingo.Control:
        if key not in self.own_controls:
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
        while not self.done and not self.search.over():
            if self.step.in_rules and self.ctl is None and self.rules is None:
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
            self.step = self.steps.send(Outcome(models, exhausted))
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
        program = statistics["problem"]["lp"]  # its ground size: known once it was solved
        if self.step.finder is not None:
            self.search.finder_stats["finder_rules"] = int(program["rules"])
            self.search.finder_stats["finder_atoms"] = int(program["atoms"])
            if self.models:
                self.search.finder_stats["finder_first_s"] = round(
                    time.perf_counter() - self.search.started, 4
                )
        elif self.step.check is not None:
            self.search.finder_stats["check_rules"] = int(program["rules"])
        else:
            # when models are not kept, only the plain search runs, in one call
            enumerated = int(statistics["summary"]["models"]["enumerated"])
            self.search.counted = max(self.search.counted, enumerated)
        for text in self.step.externals:
            ctl.assign_external(clingo.parse_term(text), False)


def run(
    genre: Genre,
    stages: Sequence[str | Finder],
    search: Search,
    ground_rules: Callable[[list[str], str], clingo.Control],
    facts: str,
    two_cores: bool,
    started: float,
    messages: list[str],
) -> tuple[clingo.Control | None, float | None]:
    """Search the user's rules, with the staged search beside them when there are `stages`:
    side by side on two cores, in turns on one (see `solver.solve`). Runs until `search` is
    over.

    Args:
        ground_rules: grounds the user's rules with the instance and further facts (a
            candidate's check), its messages going to the list given.
        messages: where clingo's warnings about the user's rules go (grounded first).

    Returns:
        The plain search's ground program and when it was ground (``perf_counter``); None
        and None when the search was over before the rules were ground (on two cores, the
        one solution asked for found by a candidate's check).
    """
    finder_control = finder_grounder(facts, search)
    # the one solution asked for: a candidate is checked in the rules ground around it alone
    checking = search.models == 1
    checker = check_grounder(ground_rules, search) if checking else None

    def staged_lane(ctl: clingo.Control | None) -> Lane:
        steps = staged_steps(genre, stages, checking)
        return Lane(search, ctl, steps, finder_control, checker=checker)

    early = None
    if stages and two_cores and isinstance(stages[0], Finder):
        # a stage's own program is small: its search starts at once, on the other core,
        # while the user's rules are ground (on large boards, the longer of the two)
        early = staged_lane(None)
        early.wait(0)
        if checking and stages[0].check is not None:
            # its candidate's check may find the solution before the rules are ground, and
            # then they never are; CPU seconds, not wall: on a loaded machine they are the
            # same work
            budget = time.process_time() + FINDER_FIRST_SECONDS
            while (
                not early.done
                and not early.step.in_rules
                and time.process_time() < budget
                and not search.over()
            ):
                early.wait(interrupt.SLICE_SECONDS)
            if search.over():
                early.pause()
                return None, None
    try:
        ctl = ground_rules(messages, "")
    except BaseException:
        if early is not None:
            early.pause()
        raise
    grounded = time.perf_counter()
    plain = Lane(search, ctl, plain_steps())
    try:
        if not stages:
            plain.wait(None)
        elif two_cores:
            side_by_side(
                plain, lambda: ground_rules([], ""), grounded - started, staged_lane, early
            )
        else:
            in_turns(plain, staged_lane(ctl))
    finally:
        plain.pause()  # the deadline came, Ctrl-C, or an exception: no search goes on
        if early is not None:
            early.pause()
    return ctl, grounded

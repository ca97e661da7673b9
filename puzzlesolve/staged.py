"""The staged search beside the plain one (see `solver.solve`): a genre's stricter stages (e.g.
Numberlink's lines that cover every cell) find a solution far sooner, and the user's rules,
steered toward it, settle it; both searches run side by side on two cores or take turns on
one, pooling their solutions as a set, so counts and uniqueness proofs stay exact.

A search is a generator of solve calls (`Steps`), run on one ground program in slices of time
by a `Lane`; `Search` pools what every lane finds and says when the search is over (both in
`puzzlesolve.lanes`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import clingo

from puzzlesolve import interrupt, program
from puzzlesolve.genre import Finder, Genre, Limited
from puzzlesolve.lanes import Lane, Search, Step, Steps

FIRST_SLICE_SECONDS = 0.25  # the plain search alone at first: most puzzles are settled in it
POLL_SECONDS = 0.02  # how often two searches side by side are looked after
# one solution asked for: how long (CPU seconds) a stage's own program and its candidate's
# check may run before the user's rules are ground
FINDER_FIRST_SECONDS = 3.0
# the steered search for a second solution stops after this many conflicts, leaving the plain
# search to decide: a second solution near the first is found well within it, while a proof
# that there is none is slower steered than in clingo's own order (measured, uniqueness with
# a blocking constraint, CPU: Flow Free extreme_12x12_28 3.5 s plain, over 25 s steered;
# whole process, 2 loaded cores, with this limit: 12.6 -> 4.1 s CPU, 26.7 -> 6.3 s wall)
STEERED_CONFLICTS = 10_000


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
    left = search.left()
    if staged is None and (search.over() or left is not None and left < grounding):
        plain.wait(None)
        return

    def rules_control(step: Step) -> clingo.Control:
        if step.confirm:
            plain.pause()
            assert plain.ctl is not None  # the plain search's lane is made with its rules
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
        constants = dict(finder.constants)
        extra = "" if finder.facts is None else "\n" + finder.facts(facts, constants)
        control = program.ground(
            None,
            facts + extra,
            encoding=finder.program,
            constants=constants,
            options=finder.options,
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
    genre: Genre, stages: Sequence[str | Limited | Finder], check_candidate: bool = False
) -> Steps:
    """The genre's stricter stages, in turn, until one finds a solution (a solution of the
    user's rules, found far sooner; a stage with a limit of conflicts that reaches it gives
    up, like one that has no solution); then the user's rules, steered toward it (a domain
    heuristic: only the order of the search changes), which finds a second solution near it
    at once when there is one and, ending by itself within `STEERED_CONFLICTS`, decides like
    the plain search (past them it stops: the plain search decides).

    `check_candidate`: a candidate of a stage's own program with a `Finder.check` is first
    searched for in the user's rules ground around it alone (worth it when it is the one
    solution asked for: the full rules need not be ground for it)."""
    first: Sequence[clingo.Symbol] | None = None
    for stage in stages:
        if isinstance(stage, Finder):
            outcome = yield Step(models=1, order="domain", finder=stage, conflicts=stage.conflicts)
        elif isinstance(stage, Limited):
            outcome = yield Step(
                (stage.stage,), models=1, order="domain", conflicts=stage.conflicts
            )
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
    steered = Step(("steering",), order="steered", prepare=steer, conflicts=STEERED_CONFLICTS)
    outcome = yield steered
    return None if outcome.limited else outcome.exhausted


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


def run(
    genre: Genre,
    stages: Sequence[str | Limited | Finder],
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
    first_checked = bool(stages) and isinstance(stages[0], Finder) and stages[0].check is not None
    if stages and isinstance(stages[0], Finder) and (two_cores or checking and first_checked):
        # a stage's own program is small: its search starts at once, on the other core,
        # while the user's rules are ground (on large boards, the longer of the two); on one
        # core, with one solution asked for, it and its candidate's check run first, alone
        # (Flow Free levels: the full rules, about half of each level's time, never ground)
        early = staged_lane(None)
        early.wait(0)
        if checking and first_checked:
            # its candidate's check may find the solution before the rules are ground, and
            # then they never are; CPU seconds, not wall: on a loaded machine they are the
            # same work
            budget = time.process_time() + FINDER_FIRST_SECONDS
            while (
                early.step is not None
                and not early.step.in_rules
                and time.process_time() < budget
                and not search.over()
            ):
                early.wait(interrupt.SLICE_SECONDS)
            if search.over():
                early.pause()
                return None, None
        if not two_cores:
            early.pause()  # one thread at a time: resumed in turns with the plain search
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
        elif early is not None:  # on one core, in the plain search's program
            early.rules = lambda step: ctl
            in_turns(plain, early)
        else:
            in_turns(plain, staged_lane(ctl))
    finally:
        plain.pause()  # the deadline came, Ctrl-C, or an exception: no search goes on
        if early is not None:
            early.pause()
    return ctl, grounded

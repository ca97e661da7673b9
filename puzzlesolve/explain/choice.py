"""Choosing the cheapest step: candidates ranked by how far out their reasons lie, the nearest
shrunk to minimal reasons, giving up on one as soon as it cannot beat the best found.

`StepChoice` is given the session's `State` (program, known values, learnt items) and keeps
its own (the candidates ranked so far, what was decided since); it records each decision in
the state and returns it as a `Decision`, which `text.Wording.step` tells in words.
`Nearest` orders the clues, marks and guards by distance from a site, for it."""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from puzzlesolve.explain.items import Item, Site, cost_of, distance
from puzzlesolve.explain.results import OutOfTime
from puzzlesolve.explain.shrink import Beaten
from puzzlesolve.grid import Cell, Value

if TYPE_CHECKING:
    from puzzlesolve.explain.state import State

CANDIDATES_SHRUNK = 4
"""How many candidates, nearest reasons first, are shrunk to a step before choosing one."""

BUDGETS = (100, 1_000, 10_000, 100_000, None)
"""Conflicts a single solver call may take while looking for a step, round by round; a
question left open counts as the answer that claims least, and a round that certifies no
step hands over to the next. None: no limit but the time limit, so a step is always found
in time. Budgets count conflicts, not seconds, so the same puzzle always gets the same
explanation (unless the time limit cuts it short, which the result says)."""

LOCAL_REACH = 2
"""A hint first ranks only the candidates refuted by propagation from the clues, known cells
and guards within this many cells (Chebyshev): those rank first among all candidates with
the same core, so when enough of them are found, the others need not be ranked at all."""

SHRINK_CALLS = 400
"""Solver calls a round may spend shrinking reasons: a step whose smallest reason is huge
(the crux of an extreme Flow Free level: hundreds of rule instances, tens of milliseconds
a call) is then given with the best reason found so far, marked as not proven the
smallest, rather than shrunk for minutes. Ordinary rounds spend a few dozen."""

HINT_SHRINK_CALLS = 100
"""`SHRINK_CALLS` for a hint, which a person waits for: a step found within that many calls
is the rule (a local one, a few dozen calls); one that needs more cites most of the board
anyway (contest Numberlink with no local step: janko_62 9x9, 4.5 s at 400 calls, 1.7 s at
100, citing rule 2 at 41 places instead of 64)."""

GLANCE_TRIES = 32
"""Sites a glance tries after the first it finds a local step for (each try a solver call,
6 ms on a 10x10 Numbrix): a sparse board has few such sites, and trying every other one
costs more than the step (calls of a hint from no marks: generated 10x10 Numbrix 111 -> 67,
Hidato snake_in_the_grass 50x3 92 -> 44; the same hints; with 16, some hints cost more)."""

CLAIM_BUDGETS = (200,)
"""Conflicts each question about what a step's reason forces may take; a value still open is
not claimed by this step (Numberlink: a reason may force cells by the topology of its lines,
which clingo proves only by trying every way to draw them) and is left to a later, smaller
step that uses the cells decided meanwhile."""


@dataclass(frozen=True)
class Decision:
    """A step as the choice takes it: what it decides and by what reason.

    Attributes:
        decided: the marks it decides.
        reason: the clues, known values and guards that force them.
        minimal: whether `reason` is proven subset-minimal.
        choices: for the first step of a round, how many steps as cheap were found then;
            0 for the others (and for a glance's or a step cut short).
        out_of_time: whether the time limit had passed when it was taken (why a reason is
            not proven minimal).
    """

    decided: list[Item]
    reason: list[Item]
    minimal: bool = True
    choices: int = 0
    out_of_time: bool = False

    @property
    def because(self) -> set[Cell]:
        """The cells of the clues and known values it uses (`Step.because`)."""
        return {cell for item in self.reason if not item.is_guard for cell in item.cells}


@dataclass(eq=False)
class Candidate:
    """An undecided cell's forced value and what is known about refuting its negation.

    Attributes:
        mark: the value as an assumption.
        core: clingo's core for the rules, then the clues and known values nearest first
            (None: not settled within `budget` conflicts).
        budget: the conflicts `core` was looked for with.
        reason: `core` shrunk to a reason, once computed.
        proven: whether `reason` is proven subset-minimal.
    """

    mark: Item
    core: list[Item] | None
    budget: int | None
    reason: list[Item] | None = None
    proven: bool = False
    tried: int | None | bool = False  # the budget `reason` was last shrunk with
    # a cell decided since `core` was found lies this near (within its reach): ranked again
    # when it comes to it, the core reaches at least that far (what lies nearer is as before)
    stale: tuple[int, int] | None = None

    @property
    def negation(self) -> Item:
        return Item(-self.mark.literal, self.mark.cells)

    @cached_property
    def reach(self) -> tuple[int, int]:
        """The distance of the farthest cell `core` needs (which never changes): its last
        item with cells, as `core` keeps the nearest-first order."""
        last = next((item for item in reversed(self.core or ()) if item.cells), None)
        return last.distance(self.mark.site) if last is not None else (0, 0)

    def rank(self) -> tuple:
        """How far out its reason lies, then how long its core is; for a stale candidate,
        the least that ranking it again can give."""
        if self.stale is not None:
            return self.stale, 0, self.mark.site
        assert self.core is not None  # only candidates with a core are ranked
        return self.reach, len(self.core), self.mark.site

    @property
    def shrunk(self) -> list[Item]:
        """`reason`, of a candidate shrunk already (every proven one)."""
        assert self.reason is not None
        return self.reason

    def cost_key(self) -> tuple:
        """The order of choice: `cost_of`, then row-major."""
        return (*cost_of(self.shrunk), self.mark.site)


class StepChoice:
    """The step choice over a session's `state`, with the state it keeps of its own.

    Attributes:
        state: the session's state: read, and each decision recorded in it.
        nearest: the clues, marks and guards by distance from a site.
        candidates: the undecided sites ranked so far.
        fresh: the values decided since the last ranking.
        not_near: the values a glance found not refuted by what lies near them (known as
            they are).
    """

    def __init__(self, state: State):
        self.state = state
        self.program = state.program
        self.nearest = Nearest(state)
        self.candidates: dict[Site, Candidate] = {}
        self.fresh: list[Item] = []
        self.not_near: set[tuple[Site, Value]] = set()

    def step(self, todo: dict[Site, Value]) -> Decision:
        """The cheapest step found (`steps`, the first)."""
        return self.steps(todo, batch=False)[0]

    def steps(self, todo: dict[Site, Value], batch: bool = True) -> list[Decision]:
        """The cheapest step found that decides sites of `todo` (forced, not yet known).

        Each candidate is ranked by how far from it the clues and known cells lie that
        clingo needs to refute its negation, trying the nearest first; the best ranked are
        shrunk to minimal reasons, and the cheapest reason known wins. A candidate is
        ranked again only when a cell decided since lies within its reach, and its reason
        is kept until its core changes: a reason stays minimal and valid as more becomes
        known.

        With `batch`, every other candidate whose proven reason costs as little and that
        the steps before it neither decide nor use is decided too, each as its own step (as
        a person marks all the cells an easy look shows, in any order).
        """
        program = self.program
        marks = self._claimable(todo)
        # a hint ranks the local candidates first (`LOCAL_REACH`); whole chunks of them are
        # the first of the full ranking, so they are shrunk as the full ranking would
        phases = [(BUDGETS[0], LOCAL_REACH)] if not batch and LOCAL_REACH else []
        # solver calls this round's shrinking may still make
        left: int | None = SHRINK_CALLS if batch else HINT_SHRINK_CALLS
        for budget, within in [*phases, *((budget, None) for budget in BUDGETS)]:
            self._rank(todo, budget, within)
            ranked = self._ranked(todo, 0, budget)
            last = len(ranked) + (CANDIDATES_SHRUNK if within is None else 1)
            for end in range(CANDIDATES_SHRUNK, last, CANDIDATES_SHRUNK):
                ranked = self._ranked(todo, end, budget)
                assert left is not None
                left = self._shrink_nearest(ranked, end, budget, left)
                if left is None:
                    return [self._cut_short(ranked, marks)]
                proven = sorted((entry for entry in ranked if entry.proven), key=Candidate.cost_key)
                if proven:
                    found = self._cheapest(proven, len(ranked), end, marks, batch)
                    if found is None:  # a heavy best: shrink more first
                        continue
                    return found
                if program.expired or left <= 0:
                    return [self._cut_short(ranked, marks)]
        if program.expired:
            return [self._cut_short([], marks)]
        raise AssertionError("no step found although values are forced")

    def _claimable(self, todo: dict[Site, Value]) -> list[Item]:
        """The marks a step may decide: `todo`'s, and the forced values left out of it
        (segments not drawn), told where a step's reason forces them."""
        program = self.program
        marks = [
            self.candidates[site].mark if site in self.candidates else program.mark(site, value)
            for site, value in todo.items()
        ]
        marks += [
            program.mark(site, value)
            for site, value in self.state.forced.items()
            if site not in todo and site not in self.state.known
        ]
        return marks

    def _shrink_nearest(
        self, ranked: list[Candidate], end: int, budget: int | None, left: int
    ) -> int | None:
        """Shrink the reasons of the first `end` ranked candidates not yet proven (giving up
        on one as soon as it cannot beat the best proven); the solver calls left after, or
        None when they ran out before one that needed shrinking (the round is cut short)."""
        program = self.program
        for entry in ranked[:end]:
            if entry.proven or entry.tried == budget:
                continue
            assert entry.core is not None  # `_ranked` keeps those with one
            # kept in preference: cells, then techniques, then rules
            start = entry.reason or [
                *(i for i in entry.core if not i.is_guard),
                *(i for i in entry.core if i.technique is not None),
                *(i for i in entry.core if i.rule is not None),
            ]
            best = min(
                (cost_of(e.shrunk).total for e in ranked[:end] if e.proven),
                default=None,
            )
            if left <= 0:
                return None
            calls = program.calls
            program.allow(left)
            try:
                entry.reason, entry.proven = program.minimal(start, [entry.negation], budget, best)
            except Beaten:  # gone on with later, if it comes to it
                continue
            finally:
                program.allow(None)
                left -= program.calls - calls
            entry.tried = budget
        return left

    def _cheapest(
        self, proven: list[Candidate], ranked: int, end: int, marks: list[Item], batch: bool
    ) -> list[Decision] | None:
        """The steps of the cheapest proven reason (with `batch`, every other as cheap that
        the steps before it neither decide nor use); None where the genre widens the search
        first (`WIDEN`: the cheapest is heavy and fewer than its count of `ranked`
        candidates were shrunk)."""
        cheapest = cost_of(proven[0].shrunk)
        widen = self.program.glue.WIDEN
        if widen and cheapest.total > widen[0] and end < min(widen[1], ranked):
            return None
        found: list[Decision] = []
        # the first step of the round says how many were as cheap
        choices = sum(cost_of(entry.shrunk) == cheapest for entry in proven)
        for entry in proven if batch else proven[:1]:
            if cost_of(entry.shrunk) != cheapest or entry.mark.site in self.state.known:
                continue
            if any(set(entry.mark.cells) & step.because for step in found):
                continue
            found.append(self._take(entry.shrunk, entry.mark, marks, 0 if found else choices))
        return found

    def glance(self, todo: dict[Site, Value]) -> Decision | None:
        """A step found next to its site, before anything is proven forced: `todo` holds
        the values of some solution; the first `CANDIDATES_SHRUNK` of them (row-major, and
        `GLANCE_TRIES` more at most once one is found) that propagation refutes from what
        lies within `LOCAL_REACH` are shrunk, and the cheapest decides (a value refuted so
        is forced). None: no such step (a hint then proves what is forced and looks further,
        `steps`). A hint on a large board is thus given without proving the puzzle unique
        (Flow Free 14x14: 2.8 s) or ranking every cell first."""
        program = self.program
        near: list[tuple[Item, list[Item]]] = []
        last: int | None = None  # the last site to try, once one is refuted
        for index, (site, value) in enumerate(sorted(todo.items())):
            if last is not None and index > last:
                break
            mark = program.mark(site, value)
            first = self.nearest.first(value)
            core = program.propagated_core(
                [*first, *self.nearest.items(site, LOCAL_REACH, value)],
                [Item(-mark.literal, mark.cells)],
            )
            if core is not None:
                near.append((mark, core))
                if len(near) == CANDIDATES_SHRUNK:
                    break
                last = index + GLANCE_TRIES if last is None else last
            else:
                self.not_near.add((site, value))
        best: tuple[tuple, Item, list[Item]] | None = None
        # the cheapest core first: its reason bounds the others' shrinks from the start
        for mark, core in sorted(near, key=lambda found: cost_of(found[1])):
            start = [
                *(i for i in core if not i.is_guard),
                *(i for i in core if i.technique is not None),
                *(i for i in core if i.rule is not None),
            ]
            bound = best[0][0] if best is not None else None
            try:
                reason, proven = program.minimal(
                    start, [Item(-mark.literal, mark.cells)], BUDGETS[0], bound
                )
            except Beaten:
                continue
            if proven and (best is None or (*cost_of(reason), mark.site) < best[0]):
                best = ((*cost_of(reason), mark.site), mark, reason)
        if best is None:
            return None
        marks = [program.mark(site, value) for site, value in todo.items()]
        return self._take(best[2], best[1], marks)

    def _take(
        self, reason: list[Item], mark: Item, marks: list[Item], choices: int = 0
    ) -> Decision:
        """Decide `mark` by `reason`, and what the same reason forces of `marks` next to
        it (`_near`)."""
        near = self._near(reason, mark.site)
        claims = [m for m in marks if near.issuperset(m.cells) and m.site not in self.state.known]
        decided = self.program.forced(reason, claims, CLAIM_BUDGETS)
        decided = [item for item in decided if item.site not in self.state.known]
        return self._decide(reason, decided or [mark], choices=choices)

    def _near(self, reason: list[Item], site: Site) -> set[Cell]:
        """The cells a step with this reason, found for `site`, may claim (a segment: both
        its cells): those it names and their neighbours, or those within the genre's
        ``CLAIM_REACH`` of `site` (what it forces further away is left to later steps, found
        near it)."""
        reach = self.program.glue.CLAIM_REACH
        if reach is not None:
            span = range(-reach, reach + 1)
            return {(r + dr, c + dc) for r, c in site.cells for dr in span for dc in span}
        return {
            (r + dr, c + dc)
            for item in reason
            for r, c in item.cells
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
        }

    def _cut_short(self, ranked: list[Candidate], marks: list[Item]) -> Decision:
        """The time limit passed, or the round's `SHRINK_CALLS` are spent, before a reason
        was proven minimal: the cheapest reason shrunk so far, or else the smallest core,
        decides its own cell (a reason either way, not proven the smallest).

        Raises:
            OutOfTime: no candidate was refuted at all.
        """
        shrunk = [entry for entry in ranked if entry.reason is not None]
        if shrunk:
            best = min(shrunk, key=Candidate.cost_key)
            return self._decide(best.shrunk, [best.mark], minimal=False)
        cored = [
            (entry.core, entry) for entry in self.candidates.values() if entry.core is not None
        ]
        if not cored:
            raise OutOfTime()
        core, best = min(cored, key=lambda pair: (len(pair[0]), pair[1].mark.site))
        return self._decide(core, [best.mark], minimal=False)

    def _ranked(self, todo: dict[Site, Value], first: int, budget: int | None) -> list[Candidate]:
        """The ranked candidates of `todo`, best first, the `first` of them ranked afresh
        (stale ones are ranked again as they come up: the order of the others is kept, as
        ranking again only moves a stale candidate down from where it stands)."""
        while True:
            ranked = sorted(
                (
                    self.candidates[site]
                    for site in todo
                    if site in self.candidates and self.candidates[site].core is not None
                ),
                key=Candidate.rank,
            )
            stale = [entry for entry in ranked[:first] if entry.stale is not None]
            if not stale:
                return ranked
            for entry in stale:
                self._rank_one(entry.mark.site, todo[entry.mark.site], entry, budget, None)

    def _rank(self, todo: dict[Site, Value], budget: int | None, within: int | None = None) -> None:
        """Find the core of each candidate not yet ranked or ranked without a core at a
        smaller budget; mark stale those with a cell decided since within their reach
        (`_ranked` ranks them again when they come up). `within`: only the candidates that
        propagation refutes from the items that many cells away at most, with the core
        that the whole list would give (the others are left unranked)."""
        for site, value in sorted(todo.items()):
            entry = self.candidates.get(site)
            if entry is not None:
                if entry.core is None and entry.budget == budget:
                    continue
                if entry.core is not None:
                    near = [
                        item.distance(site)
                        for item in self.fresh
                        if item.distance(site) <= entry.reach
                    ]
                    if near and within is None:
                        entry.stale = min([*near, *([entry.stale] if entry.stale else [])])
                    continue
            self._rank_one(site, value, entry, budget, within)
        if within is None:
            self.fresh = []

    def _rank_one(
        self,
        site: Site,
        value: Value,
        entry: Candidate | None,
        budget: int | None,
        within: int | None,
    ) -> None:
        """Find the core of the candidate at `site` (`_rank`)."""
        mark = entry.mark if entry is not None else self.program.mark(site, value)
        negation = [Item(-mark.literal, mark.cells)]
        # the switches that name no cell go first (`Nearest.first`)
        first = self.nearest.first(value)
        if within is not None:
            if (site, value) in self.not_near:
                return  # the glance asked the same, with nothing decided since
            core = self.program.propagated_core(
                [*first, *self.nearest.items(site, within, value)], negation
            )
            if core is None:
                return  # not refuted nearby: ranked with the others, if need be
        else:
            core = None
            if entry is not None and entry.core is not None:
                # the items as far out as its last core reached are likely to do again
                # (what was decided since only comes nearer): the same core, fewer
                # assumptions, when they do
                core = self.program.prefix_core(
                    [*first, *self.nearest.items(site, entry.reach[0], value)],
                    negation,
                    budget,
                    partial=True,
                )
            if core is None:
                core = self.program.prefix_core(
                    [*first, *self.nearest.items(site, None, value)], negation, budget
                )
        if entry is None or core != entry.core:
            self.candidates[site] = Candidate(mark, core, budget)
        else:
            entry.stale = None

    def _decide(
        self, reason: list[Item], decided: list[Item], minimal: bool = True, choices: int = 0
    ) -> Decision:
        """Record what a step decides, in the state and in the choice's own."""
        for item in decided:
            self.candidates.pop(item.site, None)  # a hint ranks only some
        self.state.decide(decided)
        self.fresh += decided
        self.not_near.clear()
        return Decision(decided, reason, minimal, choices, self.program.expired)


class Nearest:
    """The clues, marks and guards of a session's `state`, nearest to a site first, merged
    with the values its steps decided (`State.learnt`); the order of those known from the
    start is kept per site.

    Attributes:
        state: the session's state (its clues, marks, guards and learnt values).
        at: the clues and marks at each cell, and the guards naming it.
        valued: the switches named by numbers, not cells (Hidato's "rule 3 for 12-13"),
            placed by how near their numbers are to a candidate's value.
        cellless: the switches that name no cell.
        everywhere: those of `cellless` not in `valued`: always tried first.
        order: the items known from the start, nearest to a site first, with their keys,
            by site and value.
        near_order: the same for a window around a site, by site, reach and value.
    """

    def __init__(self, state: State):
        self.state = state
        program = state.program
        guards = program.guards
        self.at: dict[Cell, list[Item]] = {}
        for item in [*program.clues, *state.marks, *guards]:
            for cell in item.cells:
                self.at.setdefault(cell, []).append(item)
        self.valued = [
            guard
            for guard in guards
            if not guard.cells
            and guard.instance
            and all(isinstance(v, int) and not isinstance(v, bool) for v in guard.instance)
        ]
        valued = {guard.literal for guard in self.valued}
        self.cellless = [guard for guard in guards if not guard.cells]
        self.everywhere = [guard for guard in self.cellless if guard.literal not in valued]
        self.order: dict[tuple[Site, Value], tuple[list[tuple], list[Item]]] = {}
        self.near_order: dict[tuple[Site, int, Value], tuple[list[tuple], list[Item]]] = {}

    def first(self, value: Value) -> list[Item]:
        """The switches that name no cell, tried before any cell's items: all of them, but
        for those named by numbers when `value` is one (`items` places them)."""
        return self.everywhere if _is_number(value) else self.cellless

    def items(self, site: Site, within: int | None = None, value: Value = None) -> list[Item]:
        """The clues, known values and guards, nearest to `site` first: those known from the
        start in an order kept per site, merged with the values decided since. `within`:
        only those with a cell at most that many cells away (the same order). Guards of
        instances named by numbers, not cells (Hidato's "rule 3 for 12-13"), go among the
        cells as far from `site` as their numbers are from `value`, if a number: in a path
        of numbers, N+d lies within d cells of N."""
        keys, items = self._static_order(site, within, value)
        end = len(keys)
        if within is not None:  # the cut of a whole order, or a window's own
            end = bisect.bisect_left(keys, ((within + 1,),))
        learnt = sorted(
            (
                ((item.distance(site), item.site), item)
                for item in self.state.learnt
                if within is None or item.distance(site)[0] <= within
            ),
            key=lambda pair: pair[0],
        )
        merged: list[Item] = []
        done = 0
        for key, item in learnt:  # each decided value after those known at its distance
            at = bisect.bisect_right(keys, key, done, end)
            merged += items[done:at]
            merged.append(item)
            done = at
        merged += items[done:end]
        return merged

    def _static_order(
        self, site: Site, within: int | None, value: Value
    ) -> tuple[list[tuple], list[Item]]:
        """The items known from the start, nearest to `site` first, with their keys: the
        whole order, kept per site once needed (the full ranking); for a `within` asked
        before it is, only the window's (a hint ranks every cell by its window: sorting
        the whole board for each would cost more than the hint)."""
        whole = self.order.get((site, value))
        if whole is not None:
            return whole
        if within is not None:
            window = self.near_order.get((site, within, value))
            if window is None:
                span = range(-within, within + 1)
                around = {(r + dr, c + dc) for r, c in site.cells for dr in span for dc in span}
                window = self.near_order[(site, within, value)] = self._ordered(
                    site, [near for near in around if near in self.at], value, within
                )
            return window
        whole = self.order[(site, value)] = self._ordered(site, list(self.at), value, None)
        return whole

    def _ordered(
        self, site: Site, cells: list[Cell], value: Value, within: int | None
    ) -> tuple[list[tuple], list[Item]]:
        """The items at `cells` and the guards of numbers near `value`, nearest to `site`
        first (each item once, where it is nearest), with their keys."""
        keys, items = [], []
        seen: set[int] = set()
        # each cell's distance once (not once per item there: guards crowd every cell)
        keyed = sorted(
            [
                *(((distance(near, site), near), None) for near in cells),
                *self._by_value(value, within),
            ],
            key=lambda pair: pair[0],
        )
        for key, valued in keyed:
            for item in self.at[key[1]] if valued is None else [valued]:
                if item.literal not in seen:
                    seen.add(item.literal)
                    keys.append(key)
                    items.append(item)
        return keys, items

    def _by_value(self, value: Value, within: int | None = None) -> list[tuple[tuple, Item]]:
        """The guards of instances named by numbers, keyed as a cell as far from the
        candidate as their nearest number is from `value` (ahead of the cells there); none
        unless `value` is a number."""
        if not _is_number(value):
            return []
        keyed = []
        for item in self.valued:
            away = min(abs(number - value) for number in item.instance)
            if within is None or away <= within:
                keyed.append((((away, away), (-1, -1)), item))
        return keyed


def _is_number(value: Value) -> bool:
    """Whether a cell value is a number (Hidato's), which instances of numbers are near to."""
    return isinstance(value, int) and not isinstance(value, bool)

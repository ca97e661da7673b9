"""The search tier: a step where no technique applies, found by trial on the rules file.

The rules file is ground once (with the genre's own pruning: it never changes the
solutions); each question is a solve call under assumptions: the window (pencil marks erased
and those no technique's candidates keep, always in force), the known sites, and the
negation of the value a site takes in the solution. Every call is bounded in conflicts, so a
step whose refutation needs a long search is passed over for one that needs a short one.
The reason is the known sites of the unsatisfiable core, shrunk by deleting one at a time
(bounded too).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from puzzlesolve import program
from puzzlesolve.explain import case
from puzzlesolve.explain.sites import Cell, Segment, Site, reading_order
from puzzlesolve.explain.steps import TRIAL_TIER, ForwardStep, facts_text
from puzzlesolve.lanes import _section

if TYPE_CHECKING:
    from puzzlesolve.explain.forward import Engine

BUDGETS = (100, 1000, 10000, None)
"""Conflicts a refutation may take, tried in turn over the candidates (None: no limit)."""
CANDIDATES = 12
"""Sites tried a round, the most constrained first."""
SHRINK_CALLS = 40
"""Deletion calls at most when shrinking a reason (beyond: the core as it is)."""
SHORT_TRIAL = 20
"""A trial's reason over this many cells is said plainly, not listed."""


@dataclass(frozen=True)
class Found:
    """A site whose value the rules force: the known sites it rests on, shrunk or not."""

    site: Site
    value: Any
    reason: list[Site]
    minimal: bool


class Trial:
    """The rules file ground once for an explanation's search steps."""

    def __init__(self, genre: Any, puzzle: Any, switches: Iterable[str]):
        self.glue = genre.feature("explain")
        self.puzzle = puzzle
        facts = "\n".join(genre.facts(puzzle))
        self.ctl = program.ground(genre, facts, switches=list(switches)).ctl
        self.atoms = {atom.symbol: atom.literal for atom in self.ctl.symbolic_atoms}
        self.links = self.glue.segments(puzzle)
        self.calls = 0

    def literal(self, site: Site, value: Any) -> int | None:
        """The solver literal that says `site` holds `value`; None: the value is ruled out
        by grounding (its atom does not exist)."""
        if isinstance(site, Segment):
            symbol = self.links[(site.row1, site.col1, site.row2, site.col2)]
            positive = bool(value)
        else:
            symbol, positive = self.glue.literal(self.puzzle, site.cells[0], value)
        atom = self.atoms.get(symbol)
        if atom is None:
            return None if positive else 0
        return atom if positive else -atom

    def _refuted(self, assumptions: list[int], budget: int | None, deadline: float | None):
        """None: not refuted within the budget (or satisfiable); else the core."""
        self.calls += 1
        _section(self.ctl, "solve").solve_limit = "umax" if budget is None else str(budget)
        core: list[int] = []
        with self.ctl.solve(assumptions=assumptions, on_core=core.extend, async_=True) as handle:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            if not handle.wait(left):
                handle.cancel()
                return None
            result = handle.get()
        return set(core) if result.unsatisfiable else None

    def find(
        self,
        targets: Sequence[tuple[Site, Any]],
        known: Mapping[Site, Any],
        window: Iterable[tuple[Site, Any]],
        deadline: float | None,
    ) -> Found | None:
        """The first target (in order) refuted within the smallest budget, its reason."""
        fixed = []
        for site, value in window:  # values known not to hold
            literal = self.literal(site, value)
            if literal:
                fixed.append(-literal)
        cited = {}
        for site, value in known.items():
            literal = self.literal(site, value)
            if literal:
                cited[literal] = site
        for budget in BUDGETS:
            for site, value in targets[:CANDIDATES]:
                literal = self.literal(site, value)
                if literal is None or literal == 0:
                    continue
                core = self._refuted([*fixed, *cited, -literal], budget, deadline)
                if core is None:
                    if deadline is not None and time.monotonic() > deadline:
                        return None
                    continue
                reason, minimal = self._shrink(fixed, cited, core, -literal, budget, deadline)
                sites = sorted({cited[lit] for lit in reason}, key=lambda s: s.cells)
                return Found(site, value, sites, minimal)
        return None

    def _shrink(
        self,
        fixed: list[int],
        cited: dict[int, Site],
        core: set[int],
        negated: int,
        budget: int | None,
        deadline: float | None,
    ) -> tuple[list[int], bool]:
        """The known literals of `core`, one deleted at a time while the rest still refutes."""
        reason = [lit for lit in cited if lit in core]
        calls = 0
        index = 0
        while index < len(reason):
            if calls >= SHRINK_CALLS:
                return reason, False
            calls += 1
            without = reason[:index] + reason[index + 1 :]
            smaller = self._refuted([*fixed, *without, negated], budget, deadline)
            if smaller is None:
                index += 1
            else:
                reason = [lit for lit in without if lit in smaller]
        return reason, True


def search(engine: Engine, deadline: float | None) -> ForwardStep | None:
    """A step by trial: the most constrained forced site refuted within the smallest
    conflict budget; None: no site left that every solution decides."""
    if engine.trial is None:
        engine.trial = Trial(engine.genre, engine.puzzle, engine.switches)
    candidates = engine.last.candidates() if engine.last is not None else {}
    targets = []
    for site in engine.sites:
        if site in engine.known or not engine.truth.forced(site):
            continue
        value = _true_value(engine, site)
        count = len(candidates.get(site, ())) or 99
        targets.append((count, reading_order(site), site, value))
    if not targets:
        return None
    targets.sort(key=lambda item: item[:2])
    window = []
    every = {v for vs in candidates.values() for v in vs}
    for site, marks in candidates.items():
        if site in engine.known:
            continue
        values = every - marks
        window += [(site, engine.value(site, v)) for v in values]
    window += [(site, engine.value(site, v)) for site, v in engine.struck]
    known = {site: engine.value(site, v) for site, v in engine.known.items()}
    found = engine.trial.find(
        [(site, value) for *_, site, value in targets], known, window, deadline
    )
    if found is None:
        return None
    # said as a case where the techniques break the other value (before it is known)
    supposed = case.suppose(engine, found.site, found.value, deadline)
    engine.known[found.site] = engine.symbol(found.site, found.value)
    if supposed is not None:
        return case.case_step(engine, supposed)
    return trial_step(engine, found.site, found.value, found.reason, found.minimal)


def _true_value(engine: Engine, site: Site) -> Any:
    if isinstance(site, Segment):
        return engine.truth.drawn[site]
    return engine.truth.values[site.cells[0]]


def trial_step(
    engine: Engine, site: Site, value: Any, reason: list[Site], minimal: bool
) -> ForwardStep:
    cells = {cell for rest in reason for cell in rest.cells}
    decided = [(site, value)]
    said = facts_text(decided, engine.says)
    supposing = f"supposing {case.supposition(engine, site, value)} leaves no solution"
    cited: list[tuple[Site, Any]] = []
    if len(cells) > SHORT_TRIAL:
        text = f"{said} by trial: {supposing}, a case split over {len(cells)} cells."
    elif reason:
        cited = engine.rested(reason)
        text = f"{said} by trial: since {facts_text(cited, engine.says)}, {supposing}."
    else:  # the refutation rests on the clues only: as large as the board left open
        kind = type(site)
        left = [s for s in engine.sites if type(s) is kind and (s not in engine.known or s == site)]
        noun = "cell" if isinstance(site, Cell) else "segment"
        many = f"{len(left)} {noun}{'s' * (len(left) != 1)}"
        text = f"{said} by trial: {supposing}, a case split over {many} still open."
    return ForwardStep(
        "trial",
        "trial",
        TRIAL_TIER,
        decided,
        [],
        [],
        cited,
        text,
        trial=len(cells),
        minimal=minimal,
    )

"""The forward engine's explanation (`explain`): the step policy's loop (`_Walk`) over an
`forward.Engine`, from the clues to the solution; a puzzle without a solution goes to the
rules engine, which names its conflicts."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from puzzlesolve.explain import results, trial
from puzzlesolve.explain.forward import Engine, named_techniques
from puzzlesolve.explain.grading import ForwardExplanation
from puzzlesolve.explain.rounds import Conclusion
from puzzlesolve.explain.sites import Cell, Site
from puzzlesolve.explain.steps import ForwardStep
from puzzlesolve.explain.truth import Truth, solve_truth
from puzzlesolve.genre import Genre
from puzzlesolve.program import rules_path
from puzzlesolve.rulebook import read_rulebook


def explain(
    genre: Genre,
    puzzle: Any,
    *,
    encoding: str | Path | None = None,
    switches: Iterable[str] = (),
    timeout: float | None = None,
    on_step: Callable[[ForwardStep], None] | None = None,
) -> results.Explanation:
    """Every step from the clues to the solution by the forward engine (see the module);
    an unsolvable puzzle is handed to the rules engine, which names its conflicts.
    `on_step` is called with each step as soon as it is found (the web page shows them)."""
    started = time.monotonic()
    deadline = None if timeout is None else started + timeout
    switches = tuple(switches)
    rules = read_rulebook(rules_path(genre, encoding)).rules
    truth = solve_truth(genre, puzzle, switches, timeout)
    if truth.status in ("unsolvable", "timeout"):
        left = None if deadline is None else max(0.0, deadline - time.monotonic())
        return _without_solution(genre, puzzle, truth, rules, encoding, switches, left)
    engine = Engine.start(genre, puzzle, switches, truth, encoding)
    steps, status = _Walk(engine).steps(deadline, on_step)
    if status == "solved" and not engine.complete() and truth.status == "multiple":
        status = "multiple"
    undecided = sorted(
        {
            cell
            for site in engine.sites
            if isinstance(site, Cell) and site not in engine.known
            for cell in site.cells
        }
    )
    glue = genre.feature("explain")
    return ForwardExplanation(
        genre.name,
        status,
        steps,
        undecided,
        [],
        rules,
        status == "timeout",
        named_techniques(engine),
        bugs=engine.bugs,
        tier_grades=glue.TIER_GRADES,
        often_harder=glue.OFTEN_HARDER,
    )


def _without_solution(
    genre: Genre,
    puzzle: Any,
    truth: Truth,
    rules: dict[int, str],
    encoding: str | Path | None,
    switches: tuple[str, ...],
    left: float | None,
) -> results.Explanation:
    """A puzzle without a solution (or not solved in time): the rules engine names its
    conflicts (the loop genres: `loopcheck`)."""
    from puzzlesolve.explain import explain as by_rules

    if genre.feature("explain").CHECK_BY_CORES:
        from puzzlesolve.explain import loopcheck

        if truth.status == "timeout":
            return results.Explanation(genre.name, "timeout", [], [], [], rules, True)
        checked = loopcheck.check(
            genre, puzzle, {}, encoding=encoding, switches=switches, timeout=left
        )
        return results.Explanation(genre.name, "unsolvable", [], [], checked.conflicts, rules)
    return by_rules(
        genre, puzzle, encoding=encoding, switches=switches, timeout=left, engine="rules"
    )


AGAIN = object()
"""`_Walk.technique_step`'s answer when the conclusions in hand changed: look again."""


@dataclass
class _Walk:
    """The step policy's loop over an engine (see the module): the conclusions in hand,
    whether steps were made since they were derived (`stale`), the tier of the last step
    and the switch they were derived under, if any (`Engine.assumed_round`)."""

    engine: Engine
    found: dict[Conclusion, set[Site]] = field(default_factory=dict)
    stale: bool = False
    tier: int = 1
    assuming: str = ""

    def steps(
        self, deadline: float | None, on_step: Callable[[ForwardStep], None] | None
    ) -> tuple[list[ForwardStep], str]:
        """Every step until the solution (or as far as sites are forced); the status."""
        engine = self.engine
        steps: list[ForwardStep] = []
        self.found = engine.fresh(engine.round())
        while not engine.solved():
            if deadline is not None and time.monotonic() > deadline:
                return steps, "timeout"
            if self.settle(steps):
                continue
            step = self.technique_step()
            if step is AGAIN:
                continue
            if step is None:
                step = trial.search(engine, deadline)
                if step is None:
                    late = deadline and time.monotonic() > deadline
                    return steps, "timeout" if late else "multiple"
            assert isinstance(step, ForwardStep)
            steps.append(step)
            if on_step is not None:
                on_step(step)
            self.stale, self.tier = True, step.tier
        return steps, "solved"

    def settle(self, steps: list[ForwardStep]) -> bool:
        """Fold the bookkeeping in hand into the steps, or ground a new round before moving
        up a tier; True if either was done (look again)."""
        engine = self.engine
        self.found = engine.pending(self.found)
        bookkeeping = {c: r for c, r in self.found.items() if engine.tier(c.technique) == 0}
        if bookkeeping and not self.assuming:
            engine.fold(steps, bookkeeping)
            self.found, self.stale = engine.fresh(engine.round()), False
            return True
        self.found = {c: r for c, r in self.found.items() if c not in bookkeeping}
        lowest = min((engine.tier(c.technique) for c in self.found), default=None)
        if self.stale and (lowest is None or lowest > self.tier):
            # a new round before moving up a tier: it may find an easier technique (or
            # bookkeeping); the round's conclusions of the tier in hand stay valid and are
            # used first (one round for them all, not one a step)
            self.found, self.stale, self.assuming = engine.fresh(engine.round()), False, ""
            return True
        return False

    def technique_step(self) -> Any:
        """The step by a technique in hand, or by one under a rule the only solution keeps;
        None: neither (a trial is next); `AGAIN`: an assumed round found conclusions."""
        engine = self.engine
        step = engine.pick(self.found)
        if step is None and not self.assuming:
            assumed = engine.assumed_round()
            if assumed is not None:
                self.assuming, outcome = assumed
                self.found, self.stale = engine.fresh(outcome), False
                if self.found:
                    return AGAIN
            self.assuming = ""
        if step is not None and self.assuming:
            step = engine.assumption_said(step, self.assuming)
        return step

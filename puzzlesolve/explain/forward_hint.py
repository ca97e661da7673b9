"""The forward engine's hint: the easiest step for the marks given (`hint`), deciding as
few sites as that step allows. Marks no solution extends, and puzzles without exactly one
solution, go to the rules engine, which names conflicts and what stays undecided."""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

from puzzlesolve.candidates import Candidates, split
from puzzlesolve.explain import results, trial
from puzzlesolve.explain.forward import (
    Engine,
    answer_mark,
    answer_site,
    named_techniques,
)
from puzzlesolve.explain.rounds import Conclusion
from puzzlesolve.explain.sites import Cell, Segment, Site
from puzzlesolve.explain.steps import ForwardStep, in_order
from puzzlesolve.explain.truth import Truth, solve_truth
from puzzlesolve.genre import Genre
from puzzlesolve.program import rules_path
from puzzlesolve.rulebook import read_rulebook


def _hint_by_cores(
    genre: Genre,
    puzzle: Any,
    answer: dict | None,
    encoding: str | Path | None,
    switches: tuple[str, ...],
    timeout: float | None,
) -> results.Hint:
    """Marks (or a puzzle) no solution extends, in genres checked by cores
    (`explain.loopcheck`): the conflict; else several solutions extend them."""
    from puzzlesolve.explain import loopcheck

    checked = loopcheck.check(
        genre, puzzle, answer or {}, encoding=encoding, switches=switches, timeout=timeout
    )
    status = {"invalid": "invalid", "timeout": "timeout"}.get(checked.verdict, "multiple")
    return results.Hint(
        genre.name, status, None, checked.conflicts, [], checked.rules, status == "timeout"
    )


def hint(
    genre: Genre,
    puzzle: Any,
    answer: dict | None = None,
    *,
    encoding: str | Path | None = None,
    switches: Iterable[str] = (),
    timeout: float | None = None,
) -> results.Hint:
    """The easiest step available for the marks given, deciding as few sites as that step
    allows; marks no solution extends, and puzzles without exactly one solution, are handed
    to the rules engine (it names conflicts, and what stays undecided)."""
    started = time.monotonic()
    deadline = None if timeout is None else started + timeout
    switches = tuple(switches)
    # the first solution checks a step by technique; proving it the only one, which a trial
    # needs, can take far longer (a hard Nikoli Numberlink: seconds)
    truth = solve_truth(genre, puzzle, switches, timeout, models=1)
    asked = _Asked(genre, puzzle, answer, encoding, switches, deadline, truth)
    marks, pencilled = _marks(genre, answer)
    wrong = truth.status != "found" or any(
        not truth.agrees(site, value, True) for site, value in marks.items()
    )
    wrong = wrong or any(
        not any(truth.agrees(site, n, True) for n in numbers) for site, numbers in pencilled.items()
    )
    if wrong:
        return asked.by_rules()
    rules = read_rulebook(rules_path(genre, encoding)).rules
    engine = Engine.start(genre, puzzle, switches, truth, encoding)
    for site, value in marks.items():
        engine.known[site] = engine.symbol(site, value)
    if pencilled:  # every number outside a cell's pencil marks is struck there
        for site, symbols in engine.round().candidates().items():
            if site in pencilled:
                engine.struck.update(
                    (site, symbol)
                    for symbol in symbols
                    if engine.value(site, symbol) not in pencilled[site]
                )
    drawing = any(isinstance(site, Segment) for site in marks)
    if drawing:
        _say_drawn(engine)
    if _solved(engine, truth, drawing):
        return results.Hint(genre.name, "solved", None, [], [], rules, techniques={})
    step = engine.pick(_fresh_beyond_givens(engine), nudge=True)
    if step is None:  # no technique: the rest needs the puzzle's only solution
        engine.truth = solve_truth(genre, puzzle, switches, timeout)
        if engine.truth.status != "unique":
            return asked.by_rules()
        step = engine.assumed_step(nudge=True)
    if step is None:
        step = trial.search(engine, deadline)
    if step is None:
        return results.Hint(
            genre.name, "timeout", None, [], [], rules, True, named_techniques(engine)
        )
    step = _left_after(engine, step)
    return results.Hint(genre.name, "hint", step, [], [], rules, False, named_techniques(engine))


def _left_after(engine: Engine, step: ForwardStep) -> ForwardStep:
    """A step that narrows, with the numbers each narrowed cell may still hold: the pencil
    marks to write down."""
    if not step.narrowed or engine.last is None:
        return step
    pencil = engine.last.candidates()
    left = {
        site: sorted(
            (v for v in map(partial(engine.value, site), pencil[site]) if v not in struck),
            key=in_order,
        )
        for site, struck in step.narrowed
        if site in pencil
    }
    return replace(step, left=left)


def _marks(genre: Genre, answer: dict | None) -> tuple[dict[Site, Any], dict[Site, Candidates]]:
    """An answer's marks as sites and values (its keys are cells, or segments r, c, r2, c2:
    drawn or not, from the page), and its pencil marks: the numbers a cell may hold."""
    glue = genre.feature("explain")
    marks = {}
    pencilled: dict[Site, Candidates] = {}
    for key, value in (answer or {}).items():
        site = answer_site(key, glue)
        if isinstance(value, Candidates):
            pencilled[site] = value
        else:
            marks[site] = answer_mark(site, value)
    return marks, pencilled


def _say_drawn(engine: Engine) -> None:
    """Apply what drawn segments say at once, which goes without saying: their cells'
    lines, and the segments they leave undrawn (a person drawing lines marks no "no
    line")."""
    while unsaid := {
        c: r
        for c, r in engine.fresh(engine.round()).items()
        if engine.tier(c.technique) == 0
        and (isinstance(c.site, Cell) or c.value == engine.symbol(c.site, False))
    }:
        engine.apply(unsaid)


def _solved(engine: Engine, truth: Truth, drawing: bool) -> bool:
    """Whether the marks solve the puzzle: the cells decide the rest, or where the answer
    draws segments (and in the loop genres, which have no cell sites) the lines drawn whole
    (a solution's picture leaves the rest blank)."""
    cells = [site for site in engine.sites if isinstance(site, Cell)]
    solved = all(site in engine.known for site in cells)
    if drawing or not cells:
        solved = solved and all(
            engine.known.get(site) == engine.symbol(site, True)
            for site, on in truth.drawn.items()
            if on
        )
    return solved


def _fresh_beyond_givens(engine: Engine) -> dict[Conclusion, set[Site]]:
    """The conclusions of a round, bookkeeping the marks leave undone included; what the
    givens alone force at once (two endpoints side by side are not joined) goes unsaid."""
    glue = engine.genre.feature("explain")
    givens = {Cell(*cell) for cell in glue.forward_givens(engine.puzzle)}
    found = engine.fresh(engine.round())
    while unsaid := {
        c: r for c, r in found.items() if engine.tier(c.technique) == 0 and r <= givens
    }:
        engine.apply(unsaid)
        found = engine.fresh(engine.round())
    return found


class _Asked:
    """What a hint was asked, for the rules engine where the forward engine hands it over."""

    def __init__(
        self,
        genre: Genre,
        puzzle: Any,
        answer: dict | None,
        encoding: str | Path | None,
        switches: tuple[str, ...],
        deadline: float | None,
        truth: Truth,
    ):
        self.genre, self.puzzle, self.answer = genre, puzzle, answer
        self.encoding, self.switches = encoding, switches
        self.deadline, self.truth = deadline, truth

    def left(self) -> float | None:
        return None if self.deadline is None else max(0.0, self.deadline - time.monotonic())

    def by_rules(self) -> results.Hint:
        """Marks no solution may extend: check's conflicts, led as check leads; else the
        rules engine's hint."""
        from puzzlesolve.explain import hint as rules_hint

        genre, puzzle, answer = self.genre, self.puzzle, self.answer
        if genre.feature("explain").CHECK_BY_CORES:
            return _hint_by_cores(genre, puzzle, answer, self.encoding, self.switches, self.left())
        if answer:
            checked = self.checked()
            if checked is not None:
                return checked
        return rules_hint(
            genre,
            puzzle,
            split(answer or {})[0],  # the rules engine reads numbers written, not pencil marks
            encoding=self.encoding,
            switches=self.switches,
            timeout=self.left(),
            engine="rules",
        )

    def checked(self) -> results.Hint | None:
        """check's verdict on the marks as a hint, where it is invalid (or not judged in
        time); None where some solution extends them."""
        from puzzlesolve.explain import check

        truth = self.truth
        checked = check(
            self.genre,
            self.puzzle,
            self.answer or {},
            encoding=self.encoding,
            switches=self.switches,
            timeout=self.left(),
            truth=truth if truth.status == "found" else None,
        )
        if checked.verdict not in ("invalid", "timeout"):
            return None
        status = checked.verdict
        named = read_rulebook(rules_path(self.genre, self.encoding)).techniques.values()
        return results.Hint(
            self.genre.name,
            status,
            None,
            checked.conflicts,
            [],
            checked.rules,
            checked.timed_out or status == "timeout",
            {t.name: t.sentence for t in named},
            checked.wrong,
        )

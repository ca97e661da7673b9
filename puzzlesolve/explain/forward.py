"""The forward engine: explain and hint by techniques, search only where none applies.

Three parts, each with explicit state:

- the technique tier (`rounds.TechniqueFile`): one round grounds the genre's technique file
  with the state as facts and reads every conclusion with the sites it rests on;
- the step policy (`Policy`): the lowest tier that fired anywhere, then reading order of the
  site; one technique instance a step (the conclusions of that technique resting on the same
  sites), with the bookkeeping (tier 0) it causes folded into it;
- the search tier (`trial.Trial`): only when no technique fires, a refutation on the rules
  file over the candidates left, bounded in conflicts.

Every conclusion is checked against what all solutions share (`truth`): one that fails is
a bug of the technique file, dropped and recorded, never printed.

Genres opt in with a technique file beside their rules file (``<stem>.techniques.lp``).
Their explain module may convert values (``forward_value(puzzle, symbol)`` to the JSON
value, ``forward_symbol(puzzle, value)`` back) and name the givens the file takes as known
(``forward_givens(puzzle)``); without these, a number is itself, a name its string and
nothing is known at the start.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

import clingo

from puzzlesolve.candidates import Candidates, split
from puzzlesolve.explain import results
from puzzlesolve.explain.rounds import (
    Conclusion,
    Outcome,
    State,
    Technique,
    TechniqueFile,
    techniques_path,
)
from puzzlesolve.explain.sites import (
    Cell,
    Edge,
    Segment,
    Site,
    pair_site,
    reading_order,
    register,
)
from puzzlesolve.explain.steps import TRIAL_TIER, ForwardStep, facts_text, step_text
from puzzlesolve.explain.truth import Truth, solve_truth
from puzzlesolve.genre import Genre
from puzzlesolve.program import constants_for, rules_path
from puzzlesolve.rulebook import read_rulebook


@dataclass(frozen=True)
class Clue:
    """What a clue cell shows, cited as a step's ground (not a decided value)."""

    shows: Any


SHORT_TRIAL = 20
"""A trial's reason over this many cells is said plainly, not listed."""


def available(genre: Genre, encoding: str | Path | None = None) -> bool:
    """Whether `genre` (with this rules file) has a technique file beside its rules, and an
    explain module that names its sites and values."""
    return genre.has("explain") and techniques_path(rules_path(genre, encoding)).is_file()


@dataclass
class Engine:
    """An explanation in progress: the puzzle, the technique file, the state, the truth.

    Attributes:
        known: decided sites and their values (technique symbols), givens included.
        struck: pencil marks erased.
        last: the last round's outcome (its pencil marks: the search tier's window).
        bugs: conclusions that failed the check against the solutions.
    """

    genre: Genre
    puzzle: Any
    switches: tuple[str, ...]
    truth: Truth
    file: TechniqueFile
    sites: list[Site]
    known: dict[Site, clingo.Symbol] = field(default_factory=dict)
    struck: set[tuple[Site, clingo.Symbol]] = field(default_factory=set)
    last: Outcome | None = None
    bugs: list[str] = field(default_factory=list)
    trial: Any = None
    assuming: Any = None  # (switch, TechniqueFile) once looked for; False: none to assume

    @classmethod
    def start(
        cls,
        genre: Genre,
        puzzle: Any,
        switches: Iterable[str],
        truth: Truth,
        encoding: str | Path | None = None,
    ) -> Engine:
        switches = tuple(switches)
        glue = genre.feature("explain")
        path = techniques_path(rules_path(genre, encoding))
        file = TechniqueFile(path, genre.facts(puzzle), constants_for(genre, switches))
        sites: list[Site] = [Cell(*cell) for cell in glue.cells(puzzle)]
        sites += pair_sites(glue, puzzle)
        register(sites)
        engine = cls(genre, puzzle, switches, truth, file, sites)
        givens: dict[tuple[int, int], Any] = glue.forward_givens(puzzle)
        for cell, value in givens.items():
            engine.known[Cell(*cell)] = engine.symbol(Cell(*cell), value)
        return engine

    # --- values ------------------------------------------------------------------------

    def value(self, site: Site, symbol: clingo.Symbol) -> Any:
        """A technique file's value as the genre's JSON writes it (a segment: drawn)."""
        if isinstance(site, Segment):
            return symbol.name == "on"
        glue = self.genre.feature("explain")
        return glue.forward_value(self.puzzle, symbol)

    def symbol(self, site: Site, value: Any) -> clingo.Symbol:
        if isinstance(site, Segment):
            return clingo.Function("on" if value else "off")
        glue = self.genre.feature("explain")
        return glue.forward_symbol(self.puzzle, value)

    def says(self, site: Site, value: Any, plural: bool) -> str:
        if isinstance(value, Clue):
            return self.genre.feature("explain").says_clue(value.shows, plural)
        if isinstance(site, Segment):
            glue = self.genre.feature("explain")
            if glue.says_pair is not None:  # the loop genres: "is a line"
                return glue.says_pair(value, plural)
            return f"{'are' if plural else 'is'}{'' if value else ' not'} drawn"
        return self.genre.feature("explain").says(value, plural)

    # --- the technique tier ------------------------------------------------------------

    def state(self) -> State:
        return State(dict(self.known), frozenset(self.struck))

    def round(self) -> Outcome:
        outcome = self.file.run(self.state())
        self.last = outcome
        for technique, site in outcome.contradictions:
            self.bugs.append(f"{technique} finds a contradiction at {site.name}")
        return outcome

    def assumed_round(self) -> tuple[Any, Outcome] | None:
        """A round with a switch the genre lets the engine assume (``FORWARD_ASSUMABLE`` of
        its explain module) whose rule the puzzle's only solution keeps; None if none."""
        if self.assuming is None:
            self.assuming = False
            glue = self.genre.feature("explain")
            for switch in glue.FORWARD_ASSUMABLE:
                if switch in self.switches or not self._keeps(switch):
                    continue
                constants = constants_for(self.genre, (*self.switches, switch))
                facts = self.genre.facts(self.puzzle)
                self.assuming = (switch, TechniqueFile(self.file.path, facts, constants))
                break
        if not self.assuming:
            return None
        switch, file = self.assuming
        outcome = file.run(self.state())
        self.last = outcome
        return switch, outcome

    def _keeps(self, switch: str) -> bool:
        """Whether the puzzle's only solution keeps the rule of `switch`: some solution with
        it takes every value of the only one (asked of the solver's program, in a bounded
        call: with every value fixed, propagation settles it)."""
        from puzzlesolve.explain.extends import extends

        if self.truth.status != "unique":
            return False
        values = dict(self.truth.values)
        return bool(extends(self.genre, self.puzzle, values, [*self.switches, switch]))

    def fresh(self, outcome: Outcome) -> dict[Conclusion, set[Site]]:
        """The round's new conclusions that agree with the solutions (the others recorded
        as bugs); a segment's erased value is the other one decided."""
        found: dict[Conclusion, set[Site]] = {}
        for conclusion, rests in outcome.conclusions.items():
            site, value = conclusion.site, conclusion.value
            if isinstance(site, Segment) and not conclusion.decided:
                value = clingo.Function("off" if value.name == "on" else "on")
                conclusion = Conclusion(conclusion.technique, site, value, True)
            if site in self.known or (site, value) in self.struck:
                continue
            if not self.truth.agrees(site, self.value(site, value), conclusion.decided):
                verb = "holds" if conclusion.decided else "does not hold"
                self.bugs.append(f"{conclusion.technique}: {site.name} {verb} {value}")
                continue
            found[conclusion] = rests
        return found

    def tier(self, technique: str) -> int:
        return self.described(technique).tier

    def described(self, technique: str) -> Technique:
        """A technique as its file declares it (one it does not declare: tier 1, its key)."""
        return self.file.techniques.get(technique) or Technique(technique, 1, technique, "")

    def apply(self, conclusions: Iterable[Conclusion]) -> None:
        for conclusion in conclusions:
            if conclusion.decided:
                self.known[conclusion.site] = conclusion.value
            else:
                self.struck.add((conclusion.site, conclusion.value))

    def solved(self) -> bool:
        return all(site in self.known for site in self.sites if self.truth.forced(site))

    def complete(self) -> bool:
        return all(site in self.known for site in self.sites)

    # --- steps -------------------------------------------------------------------------

    def rested(self, rests: Iterable[Site]) -> list[tuple[Site, Any]]:
        """The sites a conclusion rests on with their values: known sites, and clue cells
        that are not known (a Hitori number), as `Clue` values."""
        glue = self.genre.feature("explain")
        cited: list[tuple[Site, Any]] = []
        for site in rests:
            if site in self.known:
                value = self.value(site, self.known[site])
                if isinstance(site, Cell) and self._shows_otherwise(site, value):
                    value = Clue(glue.clue(self.puzzle, site.cells[0]))  # "r1c2 shows 5"
                cited.append((site, value))
            elif isinstance(site, Cell):
                try:  # a cell without a clue has none to show
                    shows = glue.clue(self.puzzle, site.cells[0])
                except (KeyError, IndexError, ValueError):
                    continue
                cited.append((site, Clue(shows)))
        return cited

    def _shows_otherwise(self, site: Cell, value: Any) -> bool:
        """Whether a given cell shows a clue other than its value (a Nurikabe number, known
        unshaded): a reader knows it by its number."""
        glue = self.genre.feature("explain")
        givens: dict[tuple[int, int], Any] = glue.forward_givens(self.puzzle)
        if site.cells[0] not in givens:
            return False
        return glue.clue(self.puzzle, site.cells[0]) != value

    def make_step(
        self, technique: str, chosen: list[Conclusion], rests: set[Site], choices: int
    ) -> ForwardStep:
        described = self.described(technique)
        decided = [(c.site, self.value(c.site, c.value)) for c in chosen if c.decided]
        narrowed: dict[Site, list[Any]] = {}
        for c in chosen:
            if not c.decided:
                narrowed.setdefault(c.site, []).append(self.value(c.site, c.value))
        narrows = sorted(
            ((site, sorted(values, key=in_order)) for site, values in narrowed.items()),
            key=lambda item: reading_order(item[0]),
        )
        cited = self.rested(rests)
        decided.sort(key=lambda item: reading_order(item[0]))
        text = step_text(described.name, decided, narrows, cited, [], self.says, described.sentence)
        glue = self.genre.feature("explain")
        givens: dict[tuple[int, int], Any] = glue.forward_givens(self.puzzle)
        clues = sorted(
            {
                site.cells[0]
                for site, value in cited
                if isinstance(site, Cell) and (isinstance(value, Clue) or site.cells[0] in givens)
            }
        )
        return ForwardStep(
            technique,
            described.name,
            described.tier,
            decided,
            narrows,
            [],
            cited,
            text,
            choices=choices,
            clues=clues,
        )

    def fold(self, steps: list[ForwardStep], bookkeeping: dict[Conclusion, set[Site]]) -> None:
        """Apply the bookkeeping (tier 0) and fold each conclusion into the latest step that
        decided a site it rests on (the step that caused it); with none, a step of its own."""
        self.apply(bookkeeping)
        added: dict[int, list[tuple[Site, Any]]] = {}
        alone: list[Conclusion] = []
        decided_by: dict[Site, int] = {}
        for index, step in enumerate(steps):
            for site, _ in [*step.decided, *step.folded]:
                decided_by[site] = index
        seen: set[Site] = set()  # a site two techniques decide (Star Battle) is folded once
        for conclusion, rests in sorted(
            bookkeeping.items(), key=lambda item: reading_order(item[0].site)
        ):
            if not conclusion.decided or conclusion.site in seen:
                continue
            seen.add(conclusion.site)
            causes = [decided_by[site] for site in rests if site in decided_by]
            if not causes:
                alone.append(conclusion)
                continue
            index = max(causes)
            added.setdefault(index, []).append(
                (conclusion.site, self.value(conclusion.site, conclusion.value))
            )
            decided_by[conclusion.site] = index
        for index, more in added.items():
            step = steps[index]
            folded = sorted([*step.folded, *more], key=lambda item: reading_order(item[0]))
            steps[index] = self.refold(step, folded)
        if alone:
            first = alone[0]
            rests = set().union(*(bookkeeping[c] for c in alone))
            steps.append(self.make_step(first.technique, alone, rests, 0))

    def refold(self, step: ForwardStep, folded: list[tuple[Site, Any]]) -> ForwardStep:
        if step.technique == "trial":
            base = step.text.split("; so ")[0].rstrip(".")
            text = f"{base}; so {facts_text(folded, self.says)}."
        else:
            sentence = self.described(step.technique).sentence
            text = step_text(
                step.name, step.decided, step.narrowed, step.rests, folded, self.says, sentence
            )
        return replace(step, folded=folded, text=text)

    def pending(self, found: dict[Conclusion, set[Site]]) -> dict[Conclusion, set[Site]]:
        """The conclusions of an earlier round not yet made by a step since."""
        return {
            c: r
            for c, r in found.items()
            if c.site not in self.known and (c.site, c.value) not in self.struck
        }

    def pick(self, fresh: dict[Conclusion, set[Site]], nudge: bool = False) -> ForwardStep | None:
        """The step policy: the lowest tier among `fresh` (checked conclusions), then reading
        order of the site; the step takes every conclusion of that technique resting on the
        same sites (`nudge`: on the same site only). Applies it."""
        if not fresh:
            return None
        lowest = min(self.tier(c.technique) for c in fresh)
        ordered = sorted(
            (c for c in fresh if self.tier(c.technique) == lowest),
            key=lambda c: (reading_order(c.site), c.technique, not c.decided, str(c.value)),
        )
        first = ordered[0]
        rests = fresh[first]
        near = set(first.site.cells)  # without rests, one place: the first site's cells
        chosen = [
            c
            for c in ordered
            if c.technique == first.technique
            and fresh[c] == rests
            and (rests or near & set(c.site.cells))
            and (not nudge or c.site == first.site)
        ]
        choices = len({c.site for c in ordered})
        self.apply(chosen)
        return self.make_step(first.technique, chosen, rests, choices)

    def assumed_step(self, nudge: bool = False) -> ForwardStep | None:
        """Where no technique applies: one by a rule the only solution keeps (see
        `assumed_round`), the assumption said in the step."""
        assumed = self.assumed_round()
        if assumed is None:
            return None
        switch, outcome = assumed
        step = self.pick(self.fresh(outcome), nudge=nudge)
        return None if step is None else self.assumption_said(step, switch)

    def assumption_said(self, step: ForwardStep, switch: str) -> ForwardStep:
        """The step, saying the rule it assumes (by the switch's flag)."""
        flag = next(
            (declared.on for declared in self.genre.switches if declared == switch),
            str(switch),
        )
        note = f" (assuming {flag}, whose rule the puzzle's only solution keeps)"
        return replace(step, text=step.text[:-1] + note + ".", assumed=str(switch))

    def search(self, deadline: float | None) -> ForwardStep | None:
        """A step by trial: the most constrained forced site refuted within the smallest
        conflict budget; None: no site left that every solution decides."""
        from puzzlesolve.explain.trial import Trial

        if self.trial is None:
            self.trial = Trial(self.genre, self.puzzle, self.switches)
        candidates = self.last.candidates() if self.last is not None else {}
        targets = []
        for site in self.sites:
            if site in self.known or not self.truth.forced(site):
                continue
            value = self._true_value(site)
            count = len(candidates.get(site, ())) or 99
            targets.append((count, reading_order(site), site, value))
        if not targets:
            return None
        targets.sort(key=lambda item: item[:2])
        window = []
        every = {v for vs in candidates.values() for v in vs}
        for site, marks in candidates.items():
            if site in self.known:
                continue
            values = every - marks
            window += [(site, self.value(site, v)) for v in values]
        window += [(site, self.value(site, v)) for site, v in self.struck]
        known = {site: self.value(site, v) for site, v in self.known.items()}
        found = self.trial.find(
            [(site, value) for *_, site, value in targets], known, window, deadline
        )
        if found is None:
            return None
        self.known[found.site] = self.symbol(found.site, found.value)
        return self.trial_step(found.site, found.value, found.reason, found.minimal)

    def _true_value(self, site: Site) -> Any:
        if isinstance(site, Segment):
            return self.truth.drawn[site]
        return self.truth.values[site.cells[0]]

    def trial_step(self, site: Site, value: Any, reason: list[Site], minimal: bool) -> ForwardStep:
        cells = {cell for rest in reason for cell in rest.cells}
        decided = [(site, value)]
        said = facts_text(decided, self.says)
        if len(cells) > SHORT_TRIAL:
            text = f"{said}: no short reason: this step needs a trial of {len(cells)} cells."
            cited: list[tuple[Site, Any]] = []
        else:
            cited = self.rested(reason)
            otherwise = "anything else" if isinstance(site, Cell) else "the other way"
            given = f"with {facts_text(cited, self.says)}" if cited else "from the clues alone"
            text = f"{said} by trial: {given}, {otherwise} leaves no solution."
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


@dataclass(frozen=True)
class ForwardExplanation(results.Explanation):
    """An explanation by the forward engine: graded by the techniques' tiers."""

    steps: list[ForwardStep]
    bugs: list[str] = field(default_factory=list, repr=False, compare=False)
    tier_grades: Mapping[int, int] | None = field(default=None, repr=False, compare=False)
    often_harder: tuple[int, float] | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        graded = forward_difficulty(
            self.steps, self.status == "solved", self.tier_grades, self.often_harder
        )
        object.__setattr__(self, "difficulty", graded)


TIER_GRADES = {0: 0, 1: 0, 2: 1, 3: 2, 4: 2}
"""The grade index (easy, medium, hard, expert) of the hardest technique tier used; tiers
above 4 are expert. A step by trial makes a puzzle hard, more than `TRIALS_HARD` expert. A
genre's explain module may calibrate its own (``TIER_GRADES``: Hitori's, on Tatham's
Singles)."""
TRIALS_HARD = 2


def forward_difficulty(
    steps: list[ForwardStep],
    complete: bool,
    tier_grades: Mapping[int, int] | None = None,
    often_harder: tuple[int, float] | None = None,
) -> results.Difficulty:
    """The hardest technique tier needed, how often, and how many steps needed a trial.

    `often_harder` (a genre's ``OFTEN_HARDER``): (tier, share): a puzzle whose hardest tier
    is at least that tier, needed by at least that share of its steps, grades one harder."""
    techniques = [step.tier for step in steps if step.technique != "trial"]
    hardest = max(techniques, default=0)
    at_hardest = sum(tier == hardest for tier in techniques)
    trials = sum(step.technique == "trial" for step in steps)
    grade = (tier_grades or TIER_GRADES).get(hardest, 3)
    if often_harder and hardest >= often_harder[0] and at_hardest >= often_harder[1] * len(steps):
        grade = min(grade + 1, 3)
    if trials:
        grade = max(grade, 2 if trials <= TRIALS_HARD else 3)
    weights = [step.weight for step in steps]
    rounds = [step.choices for step in steps if step.choices]
    return results.Difficulty(
        steps=len(steps),
        largest=max(weights, default=0),
        most_cells=max((len(step.because) for step in steps), default=0),
        most_rules=0,
        multi_rule=0,
        mean=round(sum(weights) / len(weights), 2) if weights else 0.0,
        one_way=round(sum(n == 1 for n in rounds) / len(rounds), 2) if rounds else 0.0,
        tier=grade + 1 if steps else 0,
        grade=results.GRADES[grade] if steps else "",
        complete=complete,
        technique_tier=hardest,
        at_hardest=at_hardest,
        trials=trials,
    )


def pair_sites(glue: Any, puzzle: Any) -> list[Site]:
    """The genre's pairs as sites: segments, or edges (`sites.pair_site`) sized to the board."""
    make = pair_site(glue)
    if make is Edge:
        return [
            Edge(y1, x1, y2, x2, rows=puzzle.rows, cols=puzzle.cols)
            for y1, x1, y2, x2 in glue.segments(puzzle)
        ]
    return [make(*pair) for pair in glue.segments(puzzle)]


def answer_site(key: tuple, glue: Any = None) -> Site:
    """An answer's key as a site: a cell (r, c), a segment (r, c, r2, c2), or a loop
    genre's pair ((r, c), (r2, c2)) (a segment or an edge, `sites.pair_site`)."""
    if len(key) == 2 and isinstance(key[0], tuple):
        return pair_site(glue)(*key[0], *key[1])
    return pair_site(glue)(*key) if len(key) == 4 else Cell(*key)


def answer_mark(site: Site, value: Any) -> Any:
    """An answer's value as the engine reads it: a pair's "on"/"off" (loop genres) drawn or
    not."""
    if isinstance(site, Segment) and isinstance(value, str):
        return value == "on"
    return value


def _named(engine: Engine) -> dict[str, str]:
    return {t.name: t.sentence for t in engine.file.techniques.values()}


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
        from puzzlesolve.explain import explain as by_rules

        left = None if deadline is None else max(0.0, deadline - time.monotonic())
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
    engine = Engine.start(genre, puzzle, switches, truth, encoding)
    steps: list[ForwardStep] = []
    status = "solved"
    found = engine.fresh(engine.round())
    stale = False  # whether steps were made since `found` was derived
    tier = 1  # the tier of the last step
    assuming = ""  # the switch `found` was derived under, if any (`Engine.assumed_round`)
    while not engine.solved():
        if deadline is not None and time.monotonic() > deadline:
            status = "timeout"
            break
        found = engine.pending(found)
        bookkeeping = {c: r for c, r in found.items() if engine.tier(c.technique) == 0}
        if bookkeeping and not assuming:
            engine.fold(steps, bookkeeping)
            found, stale = engine.fresh(engine.round()), False
            continue
        found = {c: r for c, r in found.items() if c not in bookkeeping}
        lowest = min((engine.tier(c.technique) for c in found), default=None)
        if stale and (lowest is None or lowest > tier):
            # a new round before moving up a tier: it may find an easier technique (or
            # bookkeeping); the round's conclusions of the tier in hand stay valid and are
            # used first (one round for them all, not one a step)
            found, stale, assuming = engine.fresh(engine.round()), False, ""
            continue
        step = engine.pick(found)
        if step is None and not assuming:
            assumed = engine.assumed_round()
            if assumed is not None:
                assuming, outcome = assumed
                found, stale = engine.fresh(outcome), False
                if found:
                    continue
            assuming = ""
        if step is not None and assuming:
            step = engine.assumption_said(step, assuming)
        if step is None:
            step = engine.search(deadline)
            if step is None:
                status = "timeout" if deadline and time.monotonic() > deadline else "multiple"
                break
        steps.append(step)
        if on_step is not None:
            on_step(step)
        stale, tier = True, step.tier
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
    return ForwardExplanation(
        genre.name,
        status,
        steps,
        undecided,
        [],
        rules,
        status == "timeout",
        _named(engine),
        bugs=engine.bugs,
        tier_grades=genre.feature("explain").TIER_GRADES,
        often_harder=genre.feature("explain").OFTEN_HARDER,
    )


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

    def by_rules() -> results.Hint:
        from puzzlesolve.explain import check
        from puzzlesolve.explain import hint as rules_hint

        def left() -> float | None:
            return None if deadline is None else max(0.0, deadline - time.monotonic())

        if genre.feature("explain").CHECK_BY_CORES:
            return _hint_by_cores(genre, puzzle, answer, encoding, switches, left())
        if answer:  # marks no solution may extend: check's conflicts, led as check leads
            checked = check(
                genre,
                puzzle,
                answer,
                encoding=encoding,
                switches=switches,
                timeout=left(),
                truth=truth if truth.status == "found" else None,
            )
            if checked.verdict in ("invalid", "timeout"):
                status = checked.verdict
                return results.Hint(
                    genre.name,
                    status,
                    None,
                    checked.conflicts,
                    [],
                    checked.rules,
                    checked.timed_out or status == "timeout",
                    {
                        t.name: t.sentence
                        for t in read_rulebook(rules_path(genre, encoding)).techniques.values()
                    },
                    checked.wrong,
                )
        return rules_hint(
            genre,
            puzzle,
            split(answer or {})[0],  # the rules engine reads numbers written, not pencil marks
            encoding=encoding,
            switches=switches,
            timeout=left(),
            engine="rules",
        )

    # an answer's keys are cells, or segments (r, c, r2, c2: drawn or not, from the page)
    glue = genre.feature("explain")
    marks = {}
    pencilled: dict[Site, Candidates] = {}  # pencil marks: the numbers a cell may hold
    for key, value in (answer or {}).items():
        site = answer_site(key, glue)
        if isinstance(value, Candidates):
            pencilled[site] = value
        else:
            marks[site] = answer_mark(site, value)
    wrong = truth.status != "found" or any(
        not truth.agrees(site, value, True) for site, value in marks.items()
    )
    wrong = wrong or any(
        not any(truth.agrees(site, n, True) for n in numbers) for site, numbers in pencilled.items()
    )
    if wrong:
        return by_rules()
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
        # what drawn segments say at once goes without saying: their cells' lines, and the
        # segments they leave undrawn (a person drawing lines marks no "no line")
        while unsaid := {
            c: r
            for c, r in engine.fresh(engine.round()).items()
            if engine.tier(c.technique) == 0
            and (isinstance(c.site, Cell) or c.value == engine.symbol(c.site, False))
        }:
            engine.apply(unsaid)
    # the cells decide the rest, or where the answer draws segments (and in the loop genres,
    # which have no cell sites) the lines drawn whole (a solution's picture leaves the rest
    # blank)
    cells = [site for site in engine.sites if isinstance(site, Cell)]
    solved = all(site in engine.known for site in cells)
    if drawing or not cells:
        solved = solved and all(
            engine.known.get(site) == engine.symbol(site, True)
            for site, on in truth.drawn.items()
            if on
        )
    if solved:
        return results.Hint(genre.name, "solved", None, [], [], rules, techniques={})
    # the easiest step for the marks given, bookkeeping they leave undone included; what the
    # givens alone force at once (two endpoints side by side are not joined) goes unsaid
    glue = genre.feature("explain")
    givens = {Cell(*cell) for cell in glue.forward_givens(puzzle)}
    found = engine.fresh(engine.round())
    while unsaid := {
        c: r for c, r in found.items() if engine.tier(c.technique) == 0 and r <= givens
    }:
        engine.apply(unsaid)
        found = engine.fresh(engine.round())
    step = engine.pick(found, nudge=True)
    if step is None:  # no technique: the rest needs the puzzle's only solution
        engine.truth = solve_truth(genre, puzzle, switches, timeout)
        if engine.truth.status != "unique":
            return by_rules()
        step = engine.assumed_step(nudge=True)
    if step is None:
        step = engine.search(deadline)
    if step is None:
        return results.Hint(genre.name, "timeout", None, [], [], rules, True, _named(engine))
    if step.narrowed and engine.last is not None:  # the pencil marks to write down
        pencil = engine.last.candidates()
        left = {
            site: sorted(
                (v for v in map(partial(engine.value, site), pencil[site]) if v not in struck),
                key=in_order,
            )
            for site, struck in step.narrowed
            if site in pencil
        }
        step = replace(step, left=left)
    return results.Hint(genre.name, "hint", step, [], [], rules, False, _named(engine))


def in_order(value: Any) -> tuple:
    """Numbers in numeric order (129 after 25), before any other value in text order."""
    number = isinstance(value, int) and not isinstance(value, bool)
    return (0, value, "") if number else (1, 0, str(value))

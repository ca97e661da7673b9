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

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import clingo

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
)
from puzzlesolve.explain.steps import ForwardStep, facts_text, in_order, step_text
from puzzlesolve.explain.truth import Truth
from puzzlesolve.genre import Genre
from puzzlesolve.program import constants_for, rules_path


@dataclass(frozen=True)
class Clue:
    """What a clue cell shows, cited as a step's ground (not a decided value)."""

    shows: Any


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
        sites: list[Site] = [Cell(*cell) for cell in glue.cells(puzzle)]
        sites += pair_sites(glue, puzzle)
        file = TechniqueFile(path, genre.facts(puzzle), constants_for(genre, switches), sites)
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
                file = TechniqueFile(self.file.path, facts, constants, self.sites)
                self.assuming = (switch, file)
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


def named_techniques(engine: Engine) -> dict[str, str]:
    return {t.name: t.sentence for t in engine.file.techniques.values()}

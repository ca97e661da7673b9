"""What `check` says first about an invalid answer: the mark most likely wrong, and why.

Three tiers, the first that finds one wins:

1. a rule the marks break outright: one numbered rule alone, with the clues, already has no
   solution under the marks (two shaded neighbours, a 2x2 shaded block, a cell left empty
   under --fill). Of those, the rule broken by the fewest marks leads (the clearest), and of
   its marks the one the solution does not share (the likeliest wrong).
2. a mark the forward engine refutes from the givens alone: its technique rounds run from
   the givens (no marks), each round's conclusions applied, until one decides a marked site
   otherwise (or erases the marked value); that conclusion's technique and grounds are the
   reason. Rounds taken whole find the mark refuted in the fewest rounds from the givens;
   at most `MAX_ROUNDS` of them.
3. otherwise (the technique tier stalls before: a trial would be needed) the first of
   today's minimal conflicts, and its mark the solution does not share.

The conflicts stay as they were (`CheckResult.conflicts`); this adds `CheckResult.wrong`.
The loop genres (`explain.loopcheck`, answers of segments and edges) take the same tiers
over their own program (`loop_lead`).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from puzzlesolve.explain import sites as forward_sites
from puzzlesolve.explain.items import Item, SegmentSite, site_cells, site_name, typed
from puzzlesolve.explain.results import Conflict
from puzzlesolve.explain.session import CHECK_BUDGETS, Session
from puzzlesolve.explain.sites import Site as ForwardSite
from puzzlesolve.explain.sites import reading_order, segment_json
from puzzlesolve.explain.text import listing
from puzzlesolve.explain.truth import Truth, solve_truth
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell, Value

MAX_ROUNDS = 12
MAX_DEDUCED = 6
"""Sentences at most that say how a lead's cited cells follow from the clues; a longer chain
ends by counting the rest (explain shows every step)."""
"""Technique rounds from the givens at most before the lead falls back to the conflict: a
mark refuted further out rests on cells decided many rounds before, which the reader does
not see, and a line of Numberlink may take 40 rounds of 18 ms to stall (janko_227 14x14)."""


@dataclass(frozen=True)
class Wrong:
    """The answer's mark to look at first.

    Attributes:
        site: a cell ``(r, c)``, or a pair ``(r1, c1, r2, c2)`` (a segment; an edge's two
            grid points, `kind` "edge").
        value: the answer's value there (for a segment, whether it is drawn).
        text: one sentence for a person: "r3c4 cannot hold 7: ...".
        rules: the numbered rules the reason uses (a broken rule, or a conflict's).
        technique: the name of the technique that refutes it (None for a rule).
        because: the cells the reason rests on (clues, other marks, cells decided before).
        how: "rule" (broken outright), "technique" (refuted from the givens) or "conflict".
    """

    site: tuple
    value: Value
    text: str
    rules: list[int] = field(default_factory=list)
    technique: str | None = None
    because: list[Cell] = field(default_factory=list)
    how: str = "rule"
    kind: str = "cell"  # "cell", "segment" or "edge" (Slitherlink: two grid points)
    deduced: list[str] = field(default_factory=list)
    """For a technique's reason: how the cells it cites beyond the clues follow from the
    clues, one sentence each in the order deduced (no one marked them: they are never said
    as given)."""

    def to_json(self) -> dict:
        if self.kind == "edge":
            y1, x1, y2, x2 = self.site
            document = {"edge": [[y1, x1], [y2, x2]], "on": bool(self.value)}
        elif self.kind == "segment":
            document = segment_json(site_cells(self.site), bool(self.value))
        else:
            document = {"cell": list(self.site), "value": self.value}
        document.update(
            {
                "rules": self.rules,
                "technique": self.technique,
                "because": [list(cell) for cell in self.because],
                "text": self.text,
                "how": self.how,
                "deduced": self.deduced,
            }
        )
        return document


def lead(
    session: Session,
    puzzle: Any,
    answer: dict,
    conflicts: list[Conflict],
    encoding: str | Path | None,
    switches: tuple[str, ...],
    deadline: float | None,
    truth: Truth | None = None,
) -> Wrong | None:
    """The mark to look at first in an answer no solution extends (see the module); None
    when there are no marks (the puzzle itself has no solution) or the time ran out.
    `truth`: the puzzle's solution as `_truth` finds it, where the caller has it already."""
    if not session.marks:
        return None
    genre = session.genre
    if truth is None:
        truth = _truth(genre, puzzle, encoding, switches, deadline)
    # rules the genre keeps in force beside the one asked (the givens stay), built-in only
    always = () if encoding is not None else session.program.glue.CHECK_ALWAYS
    found = broken_rule(session, truth, conflicts, always)
    if found is None:
        glue = session.program.glue
        found = refuted(genre, puzzle, answer, encoding, switches, truth, deadline, glue)
    if found is None and conflicts:
        found = from_conflict(session, conflicts[0], truth)
    return found


def _truth(
    genre: Genre,
    puzzle: Any,
    encoding: str | Path | None,
    switches: tuple[str, ...],
    deadline: float | None,
) -> Truth:
    """A solution by the built-in rules (a rules file of one's own may have others): the
    first one, as hint takes it; proving it the only one can take seconds (Flow Free 12x12:
    1.3 s)."""
    if encoding is not None:
        return Truth("unknown")
    left = None if deadline is None else max(0.0, deadline - time.monotonic())
    return solve_truth(genre, puzzle, switches, left, models=1)


def _usable(truth: Truth) -> bool:
    return truth.status in ("unique", "multiple", "found")


def _likeliest(marks: list[Item], truth: Truth) -> Item:
    """Of a conflict's marks, the first (reading order) that a solution does not share."""
    ordered = sorted(marks, key=lambda item: item.site)
    if _usable(truth):
        for item in ordered:
            if not truth.agrees(_forward_site(item.site), item.value, True):
                return item
    return ordered[0]


def _forward_site(site: tuple) -> ForwardSite:
    """A rules-engine site (or a public key) as the forward engine's."""
    site = typed(site)
    if isinstance(site, SegmentSite):
        return forward_sites.Segment(*site)
    return forward_sites.Cell(*site)


def _cannot(glue: Any, site: tuple, value: Value) -> str:
    """ "r3c4 cannot hold 7", "r1c2 cannot be shaded", from the verb of the genre's explain
    module `glue`; a segment "cannot be drawn" or "must be drawn"."""
    if isinstance(typed(site), SegmentSite):
        return f"{site_name(site)} {'cannot be drawn' if value else 'must be drawn'}"
    if glue.says_cannot is not None:  # the genre's own words
        return f"{site_name(site)} {glue.says_cannot(value)}"
    said = glue.says(value, True)
    verb = "be" + said[3:] if said.startswith("are ") else said
    return f"{site_name(site)} cannot {verb}"


def _pair_cannot(site: ForwardSite, on: bool) -> str:
    """ "p1.1-p1.2 cannot be a line", "r2c2-r2c3 must be a line" (the loop genres)."""
    return f"{site.name} {'cannot be a line' if on else 'must be a line'}"


Broken = tuple[int, int, list[Item], list[Item] | None, bool]
"""A rule the marks break alone: how many marks, the rule, the marks, the reason to shrink
into a conflict (None: a conflict listed already), whether proven minimal."""


def broken_rule(
    session: Session,
    truth: Truth,
    conflicts: Sequence[Conflict] = (),
    always: Sequence[int] = (),
) -> Wrong | None:
    """The rule the fewest marks break outright (see the module), or None. Where one of
    `conflicts` is that rule alone on the same mark, its marks are the ones said (the lead
    and the conflicts listed below it then tell the same; a rule some conflict listed breaks
    alone is not asked about again)."""
    alone: dict[int, Conflict] = {}  # the first conflict listed of each rule alone
    for listed in conflicts:
        if len(listed.rules) == 1 and (listed.cells or listed.segments):
            alone.setdefault(listed.rules[0], listed)
    broken = [
        entry
        for rule in sorted(session.rulebook.rules)
        if (entry := _broken_alone(session, rule, alone, always)) is not None
    ]
    if not broken:
        return None
    _, rule, marks, shrunk, proven = min(broken, key=lambda entry: entry[:2])
    conflict = alone[rule] if shrunk is None else session.conflict_of(marks, shrunk, proven)
    item = _likeliest(marks, truth)
    for listed in conflicts:
        sites = {*listed.cells, *listed.segments}
        # without a solution to tell, the first such conflict listed
        if listed.rules == [rule] and ((item.site, item.value) in sites or not _usable(truth)):
            conflict = listed
            marks = [mark for mark in session.marks if (mark.site, mark.value) in sites]
            item = _likeliest(marks, truth)
            break
    others = sorted({cell for mark in marks for cell in mark.cells} - set(item.cells))
    return Wrong(
        item.site.key,
        item.value,
        f"{_cannot(session.program.glue, item.site, item.value)}: {conflict.text}",
        [rule],
        None,
        sorted({*others, *conflict.clues}),
        "rule",
        _kind(item),
    )


def _broken_alone(
    session: Session, rule: int, alone: dict[int, Conflict], always: Sequence[int]
) -> Broken | None:
    """Whether the marks break `rule` with the clues alone (and the rules `always` kept in
    force beside it): a conflict listed says so, or the rule is asked; None if not (or the
    time is up)."""
    program = session.program
    guards = [guard for guard in session.guards if guard.rule == rule]
    if not guards or program.expired:
        return None
    if rule in alone:  # its marks break it with the clues alone: no question needed
        sites = {*alone[rule].cells, *alone[rule].segments}
        marks = [mark for mark in session.marks if (mark.site, mark.value) in sites]
        return len(marks), rule, marks, None, alone[rule].minimal
    guards += [guard for guard in session.guards if guard.rule in always and guard.rule != rule]
    literals = [item.literal for item in (*session.clues, *session.marks, *guards)]
    found, _ = program.solve(literals, CHECK_BUDGETS[0])
    if found is not False:
        return None
    reason, proven = session.minimal_reason([*session.marks, *session.clues], guards, CHECK_BUDGETS)
    marks = [item for item in reason if item.value is not None]
    if not marks:  # the rule asked is named, not those kept in force beside it
        return None
    return len(marks), rule, marks, [*reason, guards[0]], proven


def from_conflict(session: Session, conflict: Conflict, truth: Truth) -> Wrong | None:
    """The likeliest wrong mark of a conflict, with the conflict as its reason."""
    marks = [
        item
        for item in session.marks
        if (item.site, item.value) in {*conflict.cells, *conflict.segments}
    ]
    if not marks:
        return None
    item = _likeliest(marks, truth)
    others = sorted({cell for mark in marks for cell in mark.cells} - set(item.cells))
    return Wrong(
        item.site.key,
        item.value,
        f"{_cannot(session.program.glue, item.site, item.value)}: {conflict.text}",
        conflict.rules,
        None,
        sorted({*others, *conflict.clues}),
        "conflict",
        _kind(item),
    )


def _kind(mark: Item) -> str:
    """A `Wrong`'s kind for a rules-engine mark: "segment" (Numberlink's) or "cell"."""
    return "segment" if isinstance(mark.site, SegmentSite) else "cell"


def refuted(
    genre: Genre,
    puzzle: Any,
    answer: dict,
    encoding: str | Path | None,
    switches: tuple[str, ...],
    truth: Truth,
    deadline: float | None,
    glue: Any,
) -> Wrong | None:
    """The marked value the forward engine's rounds from the givens refute first, with the
    technique and grounds that do (see the module); None where the genre has no technique
    file, the rounds stall first (a trial would be needed) or the time runs out."""
    from puzzlesolve.explain import forward

    if not _usable(truth) or not forward.available(genre, encoding):
        return None
    engine = forward.Engine.start(genre, puzzle, switches, truth, encoding)
    marked: dict[ForwardSite, tuple[Any, Any]] = {}
    for key, value in answer.items():
        site = forward.answer_site(key, glue)
        if site in engine.known:  # a given the answer keeps
            continue
        mark = forward.answer_mark(site, value)
        marked[site] = (mark, engine.symbol(site, mark))
    deduced: dict[ForwardSite, tuple[set[ForwardSite], str]] = {}  # in round order
    for _ in range(MAX_ROUNDS):
        if deadline is not None and time.monotonic() > deadline:
            return None
        found = engine.fresh(engine.round())
        if not found:
            return None
        hits = [
            conclusion
            for conclusion in found
            if conclusion.site in marked
            and (conclusion.value == marked[conclusion.site][1]) != conclusion.decided
        ]
        if hits:
            first = min(
                hits,
                key=lambda c: (
                    engine.tier(c.technique),
                    forward.reading_order(c.site),
                    c.technique,
                ),
            )
            step = engine.make_step(first.technique, [first], found[first], 0)
            value = marked[first.site][0]
            flat, kind = _flat(first.site)
            if kind == "cell":
                cannot = _cannot(glue, flat, value)
            else:
                cannot = _pair_cannot(first.site, value)
            said = step.text
            text = said if said.startswith(cannot) else f"{cannot}: {said}"
            chain = _deduced([site for site, _ in step.rests if site in engine.known], deduced)
            if chain:
                text += " " + " ".join(chain)
            return Wrong(
                flat,
                value,
                text,
                [],
                step.name,
                sorted({cell for rest, _ in step.rests for cell in rest.cells}),
                "technique",
                kind,
                chain,
            )
        for conclusion, rests in found.items():  # said as it stands now, before it applies
            if conclusion.decided and conclusion.site not in deduced:
                step = engine.make_step(conclusion.technique, [conclusion], rests, 0)
                known = {site for site, _ in step.rests if site in engine.known}
                deduced[conclusion.site] = (known, step.text)
        engine.apply(found)
    return None  # not within MAX_ROUNDS


def _deduced(
    cited: list[ForwardSite],
    deduced: dict[ForwardSite, tuple[set[ForwardSite], str]],
) -> list[str]:
    """How the cited sites that are no clues follow from the clues: the rounds' steps that
    decided them, and the steps those rest on, in the order deduced, after a sentence that
    names them."""
    needed: set[ForwardSite] = set()
    todo = [site for site in cited if site in deduced]
    while todo:
        site = todo.pop()
        if site not in needed:
            needed.add(site)
            todo += [rest for rest in deduced[site][0] if rest in deduced]
    if not needed:
        return []
    chain = [site for site in deduced if site in needed]  # dicts keep the round order
    sentences = [deduced[site][1] for site in chain[:MAX_DEDUCED]]
    left = len(chain) - MAX_DEDUCED
    if left > 0:
        sentences.append(
            f"And {left} more {'deduction' if left == 1 else 'deductions'} before "
            "(explain shows every step)."
        )
    named = sorted((site for site in cited if site in deduced), key=reading_order)
    verb = "follows" if len(named) == 1 else "follow"
    return [f"{listing([site.name for site in named])} {verb} from the clues alone:", *sentences]


def _flat(site: ForwardSite) -> tuple[tuple, str]:
    """A site as `Wrong` keeps it: ``(r, c)`` or ``(r1, c1, r2, c2)``, and its kind."""
    if isinstance(site, forward_sites.Edge):
        return (site.row1, site.col1, site.row2, site.col2), "edge"
    if isinstance(site, forward_sites.Segment):
        return (site.row1, site.col1, site.row2, site.col2), "segment"
    return (site.row, site.col), "cell"


def loop_lead(
    program: Any,
    genre: Genre,
    puzzle: Any,
    answer: dict,
    conflict: Conflict,
    encoding: str | Path | None,
    switches: tuple[str, ...],
    deadline: float | None,
) -> Wrong | None:
    """The lead for the loop genres (`explain.loopcheck`, whose `program` holds the marks,
    clues and rules as externals): the same three tiers as `lead`."""
    from puzzlesolve.explain import loopcheck

    marks = [item for item in program.items if item.kind == "mark"]
    if not marks:
        return None
    clues = [item for item in program.items if item.kind == "clue"]
    truth = _truth(genre, puzzle, encoding, switches, deadline)

    def likeliest(kept: list) -> Any:
        ordered = sorted(kept, key=lambda item: item.what[0])
        if _usable(truth):
            for item in ordered:
                if not truth.agrees(item.what[0], item.what[1], True):
                    return item
        return ordered[0]

    def wrong(item: Any, kept: list, text: str, rules: list[int], how: str) -> Wrong:
        site, kind = _flat(item.what[0])
        others = {cell for mark in kept if mark is not item for cell in mark.what[0].cells}
        because = sorted(others | {cell for cell in conflict.clues})
        return Wrong(site, item.what[1], text, rules, None, because, how, kind)

    broken = []
    for rule in [item for item in program.items if item.kind == "rule"]:
        if deadline is not None and time.monotonic() > deadline:
            break
        found, core = program.solve([*marks, *clues, rule])
        if found is not False:
            continue
        kept, proven = program.minimal(core, deadline)
        held = [item for item in kept if item.kind == "mark"]
        if held and rule in kept:
            broken.append((len(held), rule.what, held, kept, proven))
    if broken:
        _, number, held, kept, proven = min(broken, key=lambda entry: entry[:2])
        said = loopcheck.conflict_of(program, kept, proven)
        item = likeliest(held)
        text = f"{_pair_cannot(item.what[0], item.what[1])}: {said.text}"
        return wrong(item, held, text, [number], "rule")
    found = refuted(genre, puzzle, answer, encoding, switches, truth, deadline, program.glue)
    if found is not None:
        return found
    flat = {*conflict.segments, *conflict.edges}
    held = [item for item in marks if (_flat(item.what[0])[0], item.what[1]) in flat]
    if not held:
        return None
    item = likeliest(held)
    text = f"{_pair_cannot(item.what[0], item.what[1])}: {conflict.text}"
    return wrong(item, held, text, conflict.rules, "conflict")

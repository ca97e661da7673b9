"""A search step that says its case: where no technique applies, suppose a forced site is
otherwise and run the technique rounds forward from there until a technique finds the
supposition broken; the step gives the supposition, the deductions the break rests on, in
order, and the break itself ("suppose r2c6 is unshaded: then r2c7 is shaded by ...; then
r2c7 and r3c7 are both shaded, against ...").

Every round's conclusions are applied whole, as the techniques are implied by the rules: a
break under the supposition proves the site's value. Of the deductions, only those the break
rests on are said: the sites it is found at and their neighbours, and what those rest on, back
to the supposition and the sites known before. Where no technique breaks a supposition within
`MAX_ROUNDS`, `trial` refutes it on the rules file instead.
"""

from __future__ import annotations

import time
from collections import ChainMap
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from puzzlesolve.explain.rounds import Conclusion, State
from puzzlesolve.explain.sites import Segment, Site, reading_order
from puzzlesolve.explain.steps import TRIAL_TIER, ForwardStep, facts_text, in_order, narrow_text

if TYPE_CHECKING:
    from puzzlesolve.explain.forward import Engine

MAX_ROUNDS = 10
"""Technique rounds a supposition is followed for at most."""
CANDIDATES = 8
"""Sites supposed otherwise per search step at most, the most constrained first."""
LONG_CASE = 20
"""A case resting on more cells is said by its size, not deduction by deduction."""
Key = tuple[Any, Any, bool]
"""A deduction's key: its site, value and whether it decides (or strikes out) the value; a
key of site None marks where a round's deductions begin (dicts keep the order)."""
Deduced = dict[Key, tuple[Any, set[Site]]]
"""A case's deductions by key, in the order found: each conclusion and its grounds."""


@dataclass(frozen=True)
class Case:
    """A supposition broken by the techniques.

    Attributes:
        site, value: the site and the value every solution gives it.
        supposed: the supposition, as the step says it ("r2c6 is unshaded").
        chain: the deductions the break rests on, round by round.
        broken: what breaks ("single escape fails at r3c6"), and the sites it is found at.
        breaking: the keys of the techniques that break it.
        known: the sites known before the case that the chain and the break rest on.
    """

    site: Site
    value: Any
    supposed: str
    chain: list[list[Conclusion]]
    broken: str
    at: list[Site]
    known: set[Site]
    breaking: list[str]


def suppose(engine: Engine, site: Site, value: Any, deadline: float | None) -> Case | None:
    """`site` supposed not to hold `value` (the other value of a two-valued site, else the
    value struck out), followed forward round by round; the case, or None if no technique
    breaks it within MAX_ROUNDS (or the time runs out)."""
    known, struck = dict(engine.known), set(engine.struck)
    other = _other(engine, site, value)
    if other is not None:
        known[site] = engine.symbol(site, other)
    else:
        struck.add((site, engine.symbol(site, value)))
    supposed = supposition(engine, site, value)
    before = set(engine.known)
    deduced: Deduced = {}
    for number in range(MAX_ROUNDS):
        if deadline is not None and time.monotonic() > deadline:
            return None
        deduced[None, number, False] = (None, set())
        outcome = engine.file.run(State(known, frozenset(struck)))
        if outcome.contradictions:
            technique, at = min(outcome.contradictions, key=lambda found: reading_order(found[1]))
            broken = f"{engine.described(technique).name} fails at {at.name}"
            case = _case(engine, site, value, supposed, deduced, broken, [at], before)
            return replace(case, breaking=[technique])
        fresh: Deduced = {}
        for conclusion, rests in outcome.conclusions.items():
            key = (conclusion.site, conclusion.value, conclusion.decided)
            if key in deduced or key in fresh:
                continue
            clash = _clash(engine, known, struck, ChainMap(fresh, deduced), conclusion)
            if clash is not None:
                broken, against = clash
                both = {**deduced, **fresh, key: (conclusion, rests)}
                keys = [key, *([against] if against in both else [])]
                case = _case(engine, site, value, supposed, both, broken, keys, before)
                return replace(case, breaking=[both[k][0].technique for k in keys])
            if conclusion.decided and conclusion.site in known:
                continue
            if not conclusion.decided and (conclusion.site, conclusion.value) in struck:
                continue
            fresh[key] = (conclusion, rests)
        if not fresh:
            return None  # the techniques stall under the supposition
        for conclusion, _ in fresh.values():
            if conclusion.decided:
                known[conclusion.site] = conclusion.value
            else:
                struck.add((conclusion.site, conclusion.value))
        deduced.update(fresh)
    return None


def supposition(engine: Engine, site: Site, value: Any) -> str:
    """What supposing `site` otherwise says: "r2c6 is unshaded", "r3c4 cannot hold 7"."""
    other = _other(engine, site, value)
    if other is not None:
        return facts_text([(site, other)], engine.says)
    return narrow_text([(site, [value])])


def _other(engine: Engine, site: Site, value: Any) -> Any:
    """The one other value of a two-valued site (a segment, a shaded or unshaded cell), or
    None where a site may hold many (a number, a line's label)."""
    if isinstance(site, Segment):
        return not value
    truth = engine.truth
    values = {*truth.values.values(), *(truth.domain or ())}
    values |= {v for found in (truth.possible or {}).values() for v in found}
    if len(values) == 2 and value in values:
        return (values - {value}).pop()
    return None


def _clash(
    engine: Engine,
    known: dict[Site, Any],
    struck: set[tuple[Site, Any]],
    found: Mapping[Key, tuple[Any, set[Site]]],
    conclusion: Conclusion,
) -> tuple[str, Key] | None:
    """What breaks where a conclusion contradicts the supposition, what was known or what
    another deduction found (a site decided two ways, a value struck out that it holds),
    and the key of the deduction it contradicts (the supposition's own: no deduction)."""
    site, symbol = conclusion.site, conclusion.value
    name = engine.described(conclusion.technique).name
    if conclusion.decided:
        held = known.get(site)
        if held is None:
            held = next((key[1] for key in found if key[0] == site and key[2]), None)
        if held is not None and held != symbol:
            return _both(engine, site, symbol, name, held, found), (site, held, True)
        if (site, symbol) in struck or (site, symbol, False) in found:
            said = facts_text([(site, engine.value(site, symbol))], engine.says)
            return f"{said} by {name}, a value struck out", (site, symbol, False)
    elif known.get(site) == symbol or (site, symbol, True) in found:
        said = narrow_text([(site, [engine.value(site, symbol)])])
        return f"{said} by {name}, where it holds it", (site, symbol, True)
    return None


def _both(
    engine: Engine,
    site: Site,
    symbol: Any,
    name: str,
    held: Any,
    found: Mapping[Key, tuple[Any, set[Site]]],
) -> str:
    """ "r4c4 is shaded by out of reach and unshaded by fills its room" (or "..., where
    it is unshaded" when the other value was supposed or known before)."""
    said = facts_text([(site, engine.value(site, symbol))], engine.says)
    other = found.get((site, held, True))
    other_said = engine.says(site, engine.value(site, held), False)
    if other is None:
        return f"{said} by {name}, where it {other_said}"
    return f"{said} by {name}, and {other_said} by {engine.described(other[0].technique).name}"


def _case(
    engine: Engine,
    site: Site,
    value: Any,
    supposed: str,
    deduced: Deduced,
    broken: str,
    at: list[Any],
    before: set[Site],
) -> Case:
    """The case with the deductions the break rests on: those at or beside the sites it is
    found at, and what they rest on, back to the supposition and the sites known before.
    `at`: the sites of a contradiction, or the keys of the deductions that clash (said by
    the break, not in the chain)."""
    clashing = [key for key in at if isinstance(key, tuple)]
    sites = [key[0] for key in clashing] or at
    near = {cell for found in sites for cell in found.cells}
    beside = {(r + dr, c + dc) for r, c in near for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
    by_site: dict[Site, list[Key]] = {}
    for key in deduced:
        if key[0] is not None:
            by_site.setdefault(key[0], []).append(key)
    todo = [rest_key for key in clashing for rest_key in _grounds(deduced, key, by_site)]
    if not clashing:
        todo = [key for found in by_site.values() for key in found if set(key[0].cells) & beside]
    needed: set[Key] = set()
    known: set[Site] = set()
    while todo:
        key = todo.pop()
        if key in needed:
            continue
        needed.add(key)
        for rest in deduced[key][1]:
            if rest in by_site:
                todo += by_site[rest]
            elif rest in before:
                known.add(rest)
    for key in clashing:
        known |= {rest for rest in deduced[key][1] if rest in before} if key in deduced else set()
    chain: list[list[Conclusion]] = []
    for key, (conclusion, _) in deduced.items():
        if key[0] is None:
            chain.append([])
        elif key in needed and key not in clashing:
            chain[-1].append(conclusion)
    found = [deductions for deductions in chain if deductions]
    return Case(site, value, supposed, found, broken, sites, known, [])


def _grounds(deduced: Deduced, key: Key, by_site: dict[Site, list[Key]]) -> list[Key]:
    """The deductions a clashing one rests on (none for the supposition or a known site)."""
    if key not in deduced:
        return []
    return [rest_key for rest in deduced[key][1] for rest_key in by_site.get(rest, [])]


def case_step(engine: Engine, case: Case) -> ForwardStep:
    """The search step a case makes: the site decided, the supposition, its deductions and
    the break, as one sentence; cites the sites known before that it rests on."""
    decided = [(case.site, case.value)]
    said = facts_text(decided, engine.says)
    cited = engine.rested(case.known)
    deductions = [part for found in case.chain for part in _deductions(engine, found)]
    cells = {cell for site, _ in cited for cell in site.cells}
    cells |= {cell for found in case.chain for c in found for cell in c.site.cells}
    cells |= {cell for site in case.at for cell in site.cells}
    if len(cells) > LONG_CASE:
        count = sum(len(found) for found in case.chain)
        then = f"{count} deductions later (over {len(cells)} cells), {case.broken}"
    else:
        then = "; ".join([*deductions, case.broken])
    grounds = f", since {facts_text(cited, engine.says)}" if cited else ""
    text = f"{said} by a case{grounds}: suppose {case.supposed}; then {then}."
    return ForwardStep(
        "trial",
        "case",
        TRIAL_TIER,
        decided,
        [],
        [],
        cited,
        text,
        trial=len(cells),
        case={
            "techniques": list(
                dict.fromkeys(
                    engine.described(key).name
                    for key in [*(c.technique for r in case.chain for c in r), *case.breaking]
                )
            ),
            "suppose": case.supposed,
            "chain": deductions,
            "breaks": case.broken,
            "at": [list(cell) for cell in sorted({cell for s in case.at for cell in s.cells})],
        },
    )


def _deductions(engine: Engine, found: list[Conclusion]) -> list[str]:
    """A round's deductions, those of one technique together: "r2c7 and r3c7 are shaded by
    sandwich", "r3c4 cannot hold 7 or 8 by between"."""
    grouped: dict[tuple[str, bool], list[Conclusion]] = {}
    for conclusion in found:
        grouped.setdefault((conclusion.technique, conclusion.decided), []).append(conclusion)
    said = []
    for (technique, decides), conclusions in grouped.items():
        name = engine.described(technique).name
        if decides:
            facts = [(c.site, engine.value(c.site, c.value)) for c in conclusions]
            said.append(f"{facts_text(facts, engine.says)} by {name}")
        else:
            struck: dict[Site, list[Any]] = {}
            for c in conclusions:
                struck.setdefault(c.site, []).append(engine.value(c.site, c.value))
            ordered = sorted(struck.items(), key=lambda item: reading_order(item[0]))
            said.append(
                f"{narrow_text([(s, sorted(v, key=in_order)) for s, v in ordered])} by {name}"
            )
    return said

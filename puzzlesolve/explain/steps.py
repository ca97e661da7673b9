"""The steps of the forward engine and how they read: a technique step cites the decided
cells it rests on as known facts ("since r2c4 is 12 and r5c5 is 14"), never re-proves them,
and folds the bookkeeping it causes into itself ("; so r1c2 lies on line A")."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from puzzlesolve.explain.sites import Cell, Edge, Segment, Site, reading_order, segment_json

TRIAL_TIER = 9
"""The tier of a step found by search (no technique applied): above every technique's."""

Value = Any  # a cell's value as the genre's JSON writes it; a segment's: drawn or not


@dataclass(frozen=True)
class ForwardStep:
    """One step: a technique instance (or a trial) and what it decides.

    Attributes:
        technique: the technique's key in its file ("trial" for a search step).
        name: the technique's name, as the text and legend show it.
        tier: its tier (`TRIAL_TIER` for a search step).
        decided: the sites it decides, with their values.
        narrowed: pencil marks it erases: ``(site, [values])``.
        folded: the bookkeeping (tier 0) it causes, decided along with it.
        rests: the known sites and clues it rests on, with their values.
        text: one sentence for a person.
        trial: for a search step, the cells its reason needs (0 for a technique).
        assumed: a switch whose rule the step assumes, as the only solution keeps it.
        clues: the clue cells (givens, numbers) among what it rests on.
        choices: how many sites a technique of the chosen tier could decide at that moment
            (1: one way on).
    """

    technique: str
    name: str
    tier: int
    decided: list[tuple[Site, Value]]
    narrowed: list[tuple[Site, list[Value]]]
    folded: list[tuple[Site, Value]]
    rests: list[tuple[Site, Value]]
    text: str
    trial: int = 0
    choices: int = 0
    rules: list[int] = field(default_factory=list)
    minimal: bool = True
    assumed: str = ""
    clues: list[tuple[int, int]] = field(default_factory=list)
    case: dict[str, Any] | None = None
    """A search step's case (`explain.case`): what it supposes, the deductions that follow,
    what breaks and where."""
    left: dict[Site, list[Value]] = field(default_factory=dict)
    """A hint's narrowed cells: the numbers each may still hold after it (pencil marks to
    write down), in numeric order."""

    @property
    def techniques(self) -> list[str]:
        """The techniques it uses: its own, or those of a search step's case."""
        if self.technique == "trial":
            return list(self.case["techniques"]) if self.case is not None else []
        return [self.name]

    @property
    def cells(self) -> list[tuple[tuple[int, int], Value]]:
        """Cell values the step decides, its own and those folded in, in reading order."""
        every = [*self.decided, *self.folded]
        return sorted((s.cells[0], v) for s, v in every if isinstance(s, Cell))

    @property
    def segments(self) -> list[tuple[tuple[int, int, int, int], bool]]:
        every = [*self.decided, *self.folded]
        return sorted(
            ((s.row1, s.col1, s.row2, s.col2), v) for s, v in every if isinstance(s, Segment)
        )

    @property
    def about(self) -> list[tuple[int, int]]:
        sites = [s for s, _ in [*self.decided, *self.folded, *self.narrowed]]
        return sorted({cell for site in sites for cell in site.cells})

    @property
    def because(self) -> list[tuple[int, int]]:
        return sorted({cell for site, _ in self.rests for cell in site.cells})

    @property
    def cost(self) -> int:
        """The step's "cost" in JSON: the forward engine chooses steps by tier, not by
        a cost, so it is its `weight`."""
        return self.weight

    @property
    def weight(self) -> int:
        """What a person keeps in mind for it: the cells cited, plus the tier (a trial:
        its cells, plus its tier)."""
        return len(self.because) + self.tier + self.trial

    def to_json(self) -> dict:
        document: dict[str, Any] = {
            "cells": [{"cell": list(cell), "value": value} for cell, value in self.cells],
            "rules": self.rules,
            "techniques": self.techniques,
            "because": [list(cell) for cell in self.because],
            "text": self.text,
            "tier": self.tier,
            "cost": self.cost,
            "weight": self.weight,
            "minimal": self.minimal,
        }
        pairs = [(s, v) for s, v in [*self.decided, *self.folded] if isinstance(s, Segment)]
        segments = sorted((s, v) for s, v in pairs if not isinstance(s, Edge))
        if segments:
            document["segments"] = [segment_json(site.cells, drawn) for site, drawn in segments]
        edges = sorted((s, v) for s, v in pairs if isinstance(s, Edge))
        if edges:
            document["edges"] = [
                {"edge": [list(point) for point in site.points], "on": on} for site, on in edges
            ]
        if self.narrowed:
            document["narrows"] = [
                {"cell": list(site.cells[0]), "not": values}
                | ({"left": self.left[site]} if site in self.left else {})
                for site, values in self.narrowed
                if isinstance(site, Cell)
            ]
        if self.trial:
            document["trial"] = self.trial
        if self.case is not None:
            document["case"] = self.case
        if self.assumed:
            document["assumed"] = self.assumed
        return document


Says = Callable[[Site, Value, bool], str]
"""How a site's value reads: ``says(site, value, plural)`` -> "is 12", "lies on line A"."""


def facts_text(facts: Sequence[tuple[Site, Value]], says: Says) -> str:
    """``r2c4 is 12 and r5c5 is 14``; sites of one value share it: ``r1c1 and r1c2 lie on
    line A``."""
    by_value: dict[Any, list[Site]] = {}
    for site, value in sorted(facts, key=lambda fact: reading_order(fact[0])):
        by_value.setdefault((type(site).__name__, _key(value)), []).append(site)
    parts = []
    for sites in by_value.values():
        value = next(v for s, v in facts if s == sites[0])
        parts.append(
            f"{join([site.name for site in sites])} {says(sites[0], value, len(sites) > 1)}"
        )
    return join(parts)


def in_order(value: Any) -> tuple:
    """Numbers in numeric order (129 after 25), before any other value in text order."""
    number = isinstance(value, int) and not isinstance(value, bool)
    return (0, value, "") if number else (1, 0, str(value))


def _key(value: Value) -> str:
    return repr(value)


def join(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def narrow_text(narrowed: Sequence[tuple[Site, list[Value]]]) -> str:
    """``r3c4 cannot hold 7 or 9, r3c5 cannot hold 8``."""
    parts = []
    for site, values in narrowed:
        shown = [str(v) for v in values]
        alternatives = shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"
        parts.append(f"{site.name} cannot hold {alternatives}")
    return join(parts)


def step_text(
    name: str,
    decided: Sequence[tuple[Site, Value]],
    narrowed: Sequence[tuple[Site, list[Value]]],
    rests: Sequence[tuple[Site, Value]],
    folded: Sequence[tuple[Site, Value]],
    says: Says,
    sentence: str = "",
) -> str:
    """``r3c4 is 13 by between, since r2c4 is 12 and r5c5 is 14; so ...``; a step that
    rests on nothing decided or shown (a corner cell every line must cross) gives its
    technique's `sentence` as its grounds instead."""
    what = join([part for part in (facts_text(decided, says), narrow_text(narrowed)) if part])
    text = f"{what} by {name}"
    if rests:
        text += f", since {facts_text(rests, says)}"
    elif sentence:
        text += f": {sentence}"
    if folded:
        text += f"; so {facts_text(folded, says)}"
    return text + "."

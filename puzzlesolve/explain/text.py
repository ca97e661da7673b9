"""The sentences of steps and conflicts: rules and techniques cited with their places, cell
values and clues named ``r3c4``; a step the choice took (`choice.Decision`) told as a `Step`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from puzzlesolve.explain.items import (
    CellSite,
    Item,
    SegmentSite,
    Site,
    cost_of,
    site_name,
    typed,
    where_used,
)
from puzzlesolve.explain.results import Step
from puzzlesolve.grid import Cell, Value, cell_name
from puzzlesolve.rulebook import Rulebook

if TYPE_CHECKING:
    from puzzlesolve.explain.choice import Decision

MAX_WHERE = 6
"""A rule or technique used at more places than this is cited with their number only."""


def listing(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


class Wording:
    """How a puzzle's steps and conflicts are told (the genre's explain glue says how a
    value and a clue read)."""

    def __init__(self, rulebook: Rulebook, glue: Any, puzzle: Any):
        self.rulebook, self.glue, self.puzzle = rulebook, glue, puzzle

    def step(self, decision: Decision) -> Step:
        """The step the choice took, in words: what it decides, by which rules and
        techniques where, since which clues and known values."""
        decided, reason, minimal = decision.decided, decision.reason, decision.minimal
        values = sorted((item.site, item.value) for item in decided)
        # the public API's keys: plain tuples
        cells = [(site.key, value) for site, value in values if isinstance(site, CellSite)]
        segments = [(site.key, value) for site, value in values if isinstance(site, SegmentSite)]
        rules = sorted({item.rule for item in reason if item.rule is not None})
        numbers = sorted({item.technique for item in reason if item.technique is not None})
        techniques = [self.rulebook.techniques[k].name for k in numbers]
        clues = sorted(cell for item in reason if item.is_clue for cell in item.cells)
        known = sorted((item.site.key, item.value) for item in reason if item.value is not None)
        text = f"{self.values(values)} by {self.cited(reason)}"
        used = [part for part in (self.clues(clues), self.values(known)) if part]
        text += f", since {' and '.join(used)}." if used else "."
        if not minimal:
            text += (
                " (The time ran out before this reason was proven the smallest.)"
                if decision.out_of_time
                else " (Not proven the smallest reason: the search for a smaller one was"
                " given up, as this step's reasons are large.)"
            )
        looks_at = sorted({cell for item in reason for cell in item.cells})
        return Step(
            cells,
            rules,
            clues,
            known,
            text,
            minimal,
            techniques,
            cost_of(reason).total,
            where_used(reason),
            decision.choices,
            looks_at,
            segments,
        )

    def cited(self, reason: list[Item]) -> str:
        """``between (r3c4) and rule 2 (r1c3, r1c4)``: each technique and rule a reason
        uses, with the cells (or the values) of its instances; techniques first."""
        groups: dict[tuple[int, int], list[Item]] = {}
        for item in reason:
            if item.technique is not None:
                groups.setdefault((0, item.technique), []).append(item)
            elif item.rule is not None:
                groups.setdefault((1, item.rule), []).append(item)
        parts = []
        for (kind, number), items in sorted(groups.items()):
            name = self.rulebook.techniques[number].name if kind == 0 else f"rule {number}"
            cells = sorted({cell for item in items for cell in item.cells})
            values = sorted({item.instance for item in items if not item.cells and item.instance})
            where = [cell_name(cell) for cell in cells]
            # instances without cells, e.g. of numbers: "for 12 and 14", "for 12-13"
            named = listing(["-".join(map(str, v)) for v in values]) if values else ""
            if len(cells) + len(values) > MAX_WHERE:
                where, named = [f"{len(cells) + len(values)} places"], ""
            part = f"{name} ({', '.join(where)})" if where else name
            parts.append(f"{part} for {named}" if named else part)
        return listing(parts) if parts else "the rules"

    def values(self, values: Sequence[tuple[Site | tuple, Value]]) -> str:
        """``r3c4 and r3c5 are shaded, r4c4 is unshaded`` (sites, or public keys); segments
        ``segment r1c1-r1c2 is drawn``, ``segments r2c2-r2c3 and r2c3-r3c3 are not drawn``."""
        groups: dict[Any, list[Site | tuple]] = {}
        for site, value in values:
            groups.setdefault((isinstance(typed(site), SegmentSite), value), []).append(site)
        parts = []
        for (segment, value), group in groups.items():
            names = listing([site_name(site) for site in group])
            plural = len(group) > 1
            if segment:
                verb = ("are" if plural else "is") + ("" if value else " not")
                parts.append(f"segment{'s' if plural else ''} {names} {verb} drawn")
            else:
                parts.append(f"{names} {self.glue.says(value, plural)}")
        return listing(parts) if parts else ""

    def clues(self, cells: list[Cell]) -> str:
        """``(3,4) and (3,7) show 5``."""
        glue, puzzle = self.glue, self.puzzle
        groups: dict[Any, list[Cell]] = {}
        for cell in cells:
            groups.setdefault(glue.clue(puzzle, cell), []).append(cell)
        return (
            listing(
                [
                    f"{listing([cell_name(c) for c in group])} {glue.says_clue(value, len(group) > 1)}"
                    for value, group in groups.items()
                ]
            )
            if groups
            else ""
        )

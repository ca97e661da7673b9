"""The assumptions an explanation is made of (clues, known cell values, rule and technique
switches), how far they lie from a cell, and what a reason made of them costs.

Cost and weight, the two measures of a step: its *cost* is what the rules engine's step
choice minimises (`cost_of`: every place a rule or technique is used counts); its *weight*
is how hard it is for a person, what the grade measures (`results.Step.weight`: each rule
and technique counts once)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

import clingo

from puzzlesolve.grid import Cell, Value, cell_name

Segment = tuple[int, int, int, int]
"""A piece of line between two adjacent cells, ``(r1, c1, r2, c2)`` with the first cell
before the second in reading order (Numberlink's segments), as the public API writes it
(answers, `Step.segments`)."""


def atom(name: str, *numbers: int) -> clingo.Symbol:
    """The atom ``name(N1,N2,...)``, as clingo names it (a genre's cell or segment atom)."""
    return clingo.Function(name, [clingo.Number(n) for n in numbers])


def grid_pairs(rows: int, cols: int, name: str) -> dict[Segment, clingo.Symbol]:
    """Every pair of side-neighbouring places of a `rows` x `cols` grid (cells for
    Numberlink and Masyu, grid points for Slitherlink), with the atom ``name(R1,C1,R2,C2)``
    that draws it."""
    pairs = {}
    for r in range(rows):
        for c in range(cols):
            for r2, c2 in ((r, c + 1), (r + 1, c)):
                if r2 < rows and c2 < cols:
                    pairs[(r, c, r2, c2)] = atom(name, r, c, r2, c2)
    return pairs


def pair_literal(name: str, pair: tuple, value: Value) -> tuple[clingo.Symbol, bool]:
    """An answer's pair ``((r, c), (r2, c2))`` (or ``(r, c, r2, c2)``) "on" is
    ``name(R,C,R2,C2)``, "off" its negation."""
    from puzzlesolve.loops import ON

    numbers = [*pair[0], *pair[1]] if len(pair) == 2 else list(pair)
    return atom(name, *numbers), value in (ON, True)


class CellSite(NamedTuple):
    """A cell as a site of the rules engine: typed, and equal to the public API's key
    ``(r, c)`` (an answer's, a step's), so that answers index its tables as they are."""

    row: int
    col: int

    @property
    def key(self) -> Cell:
        """The public API's key, ``(r, c)``."""
        return (self.row, self.col)

    @property
    def cells(self) -> tuple[Cell, ...]:
        return ((self.row, self.col),)

    @property
    def name(self) -> str:
        """``r3c4``."""
        return cell_name((self.row, self.col))


class SegmentSite(NamedTuple):
    """A segment as a site of the rules engine: typed, and equal to the public API's key
    ``(r1, c1, r2, c2)`` (`Segment`)."""

    row1: int
    col1: int
    row2: int
    col2: int

    @property
    def key(self) -> Segment:
        """The public API's key, ``(r1, c1, r2, c2)``."""
        return (self.row1, self.col1, self.row2, self.col2)

    @property
    def cells(self) -> tuple[Cell, ...]:
        return ((self.row1, self.col1), (self.row2, self.col2))

    @property
    def name(self) -> str:
        """``r3c4-r3c5``."""
        return "-".join(cell_name(cell) for cell in self.cells)


Site = CellSite | SegmentSite
"""What a step may decide: a cell's value, or whether a segment is drawn (True) or not."""


def typed(key: tuple) -> Site:
    """The site a public key names (an answer's, a solution's): ``(r, c)`` a cell, ``(r1,
    c1, r2, c2)`` or a loop genre's ``((r1, c1), (r2, c2))`` a segment. The one place their
    shape tells them apart; inside, the type does."""
    if isinstance(key, CellSite | SegmentSite):
        return key
    if isinstance(key[0], tuple):  # a pair of cells
        return SegmentSite(*key[0], *key[1])
    return SegmentSite(*key) if len(key) == 4 else CellSite(*key)


def site_cells(site: tuple) -> tuple[Cell, ...]:
    """The cell of a cell, the two cells of a segment (a site or a public key)."""
    return typed(site).cells


def site_name(site: tuple) -> str:
    """``r3c4``, or ``r3c4-r3c5`` for a segment (a site or a public key)."""
    return typed(site).name


@dataclass(frozen=True)
class Item:
    """One assumption an explanation may use: a clue, a known cell value or a rule.

    Attributes:
        literal: the solver literal assumed.
        cells: the cells of a clue (a Numberlink clue is a pair of endpoints), the cell
            of a mark or the two of a segment's mark; none for a rule.
        value: a mark's value, for a segment whether it is drawn (None for clues and
            rules).
        rule: a rule's number (None for clues and marks).
    """

    literal: int
    cells: tuple[Cell, ...] = ()
    value: Value = None
    rule: int | None = None
    technique: int | None = None
    instance: tuple = ()  # a guard's ground instance (its variables' values), if refined

    @property
    def cell(self) -> Cell:
        """A mark's cell (the first of a segment's)."""
        return self.cells[0]

    @cached_property  # asked often while candidates are ranked
    def site(self) -> Site:
        """What a mark is about: its cell, or its segment (a mark with two cells)."""
        if len(self.cells) == 1:
            return CellSite(*self.cells[0])
        return SegmentSite(*self.cells[0], *self.cells[1])

    @property
    def is_guard(self) -> bool:
        """A rule's or a technique's switch (whole, or for one ground instance)."""
        return self.rule is not None or self.technique is not None

    @property
    def is_clue(self) -> bool:
        return not self.is_guard and self.value is None

    @property
    def cost(self) -> int:
        """What the item adds to a step's cost (`cost_of`): a technique's instance 1, a
        numbered rule's 2 (techniques are what people use); a clue or known value its cells
        (a step counts each cell once, however many of its items name it)."""
        if self.is_guard:
            return 2 if self.rule is not None else 1
        return len(self.cells)

    def distance(self, site: Site) -> tuple[int, int]:
        """How far the nearest of the item's cells is from `site`."""
        return min(distance(mine, site) for mine in self.cells)


def distance(a: Cell, b: Site | Cell) -> tuple[int, int]:
    """Chebyshev distance, then Manhattan to break ties (to a segment: to its nearer cell)."""
    if isinstance(b, SegmentSite):
        return min(distance(a, (b[0], b[1])), distance(a, (b[2], b[3])))
    rows, cols = abs(a[0] - b[0]), abs(a[1] - b[1])
    return max(rows, cols), rows + cols


class Cost(NamedTuple):
    """A reason's cost, compared as a tuple: the cheaper step is chosen.

    Attributes:
        total: the cells it uses (clues and known values) plus the cost of its switches
            (`Item.cost`): the step's `Step.cost`.
        rule_instances: the places it uses a numbered rule at (of two as costly, the one
            with fewer).
    """

    total: int
    rule_instances: int


def cost_of(reason: list[Item]) -> Cost:
    """What a step with this reason costs."""
    cells = {cell for item in reason if not item.is_guard for cell in item.cells}
    guards = [item for item in reason if item.is_guard]
    return Cost(
        len(cells) + sum(item.cost for item in guards),
        sum(item.rule is not None for item in guards),
    )


def where_used(reason: list[Item]) -> list[tuple[str, int, tuple]]:
    """Where a reason uses rules and techniques (`Step.guards`)."""
    used = []
    for item in reason:
        if item.rule is not None:
            used.append(("rule", item.rule, item.instance))
        elif item.technique is not None:
            used.append(("technique", item.technique, item.instance))
    return sorted(used)

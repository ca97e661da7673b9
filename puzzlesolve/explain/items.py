"""The assumptions an explanation is made of (clues, known cell values, rule and technique
switches), how far they lie from a cell, and what a reason made of them costs."""

from __future__ import annotations

from dataclasses import dataclass

from puzzlesolve.grid import Cell, Value


@dataclass(frozen=True)
class Item:
    """One assumption an explanation may use: a clue, a known cell value or a rule.

    Attributes:
        literal: the solver literal assumed.
        cells: the cells of a clue (a Numberlink clue is a pair of endpoints) or the cell
            of a mark; none for a rule.
        value: a mark's value (None for clues and rules).
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
        """A mark's cell."""
        return self.cells[0]

    @property
    def is_guard(self) -> bool:
        """A rule's or a technique's switch (whole, or for one ground instance)."""
        return self.rule is not None or self.technique is not None

    @property
    def is_clue(self) -> bool:
        return not self.is_guard and self.value is None

    @property
    def weight(self) -> int:
        """What the item adds to a step's cost: a cell it names 1, a technique at some cells
        1, a numbered rule at some cells 2 (techniques are what people use)."""
        return 2 if self.rule is not None else 1

    def distance(self, cell: Cell) -> tuple[int, int]:
        """How far the nearest of the item's cells is from `cell`."""
        return min(distance(mine, cell) for mine in self.cells)


def distance(a: Cell, b: Cell) -> tuple[int, int]:
    """Chebyshev distance, then Manhattan to break ties."""
    rows, cols = abs(a[0] - b[0]), abs(a[1] - b[1])
    return max(rows, cols), rows + cols


def cost_of(reason: list[Item]) -> tuple[int, int]:
    """The cells a reason uses (clues and known values) plus the weight of its switches (a
    technique's instance 1, a rule's 2); and then the rule instances."""
    cells = {cell for item in reason if not item.is_guard for cell in item.cells}
    guards = [item for item in reason if item.is_guard]
    return len(cells) + sum(item.weight for item in guards), sum(
        item.rule is not None for item in guards
    )


def where_used(reason: list[Item]) -> list[tuple[str, int, tuple]]:
    """Where a reason uses rules and techniques (`Step.guards`)."""
    return sorted(
        ("rule", item.rule, item.instance)
        if item.rule is not None
        else ("technique", item.technique, item.instance)
        for item in reason
        if item.is_guard
    )

"""Typed sites of the forward engine: what a step decides, as the technique files name it
(docs/rules-files.md, "Technique files"): a cell ``c(R,C)`` or a segment between two
side-neighbouring cells ``s(R1,C1,R2,C2)``, smaller end first. Values stay clingo symbols."""

from __future__ import annotations

from dataclasses import dataclass

import clingo

from puzzlesolve.grid import cell_name


@dataclass(frozen=True, order=True)
class Cell:
    """A cell, 0-based, row 0 on top."""

    row: int
    col: int

    @property
    def cells(self) -> tuple[tuple[int, int], ...]:
        return ((self.row, self.col),)

    @property
    def symbol(self) -> clingo.Symbol:
        return clingo.Function("c", [clingo.Number(self.row), clingo.Number(self.col)])

    @property
    def name(self) -> str:
        return cell_name((self.row, self.col))


@dataclass(frozen=True, order=True)
class Segment:
    """A piece of line between two side-neighbouring cells, the smaller cell first."""

    row1: int
    col1: int
    row2: int
    col2: int

    @property
    def cells(self) -> tuple[tuple[int, int], ...]:
        return ((self.row1, self.col1), (self.row2, self.col2))

    @property
    def symbol(self) -> clingo.Symbol:
        numbers = [self.row1, self.col1, self.row2, self.col2]
        return clingo.Function("s", [clingo.Number(n) for n in numbers])

    @property
    def name(self) -> str:
        return "-".join(cell_name(cell) for cell in self.cells)


Site = Cell | Segment


_SEEN: dict[clingo.Symbol, Site] = {}


def site_of(symbol: clingo.Symbol) -> Site:
    """The site a technique file's term names.

    Raises:
        ValueError: a term that is neither ``c(R,C)`` nor ``s(R1,C1,R2,C2)``.
    """
    site = _SEEN.get(symbol)
    if site is None:
        site = _SEEN[symbol] = _read_site(symbol)
    return site


def _read_site(symbol: clingo.Symbol) -> Site:
    numbers = [argument.number for argument in symbol.arguments]
    if symbol.name == "c" and len(numbers) == 2:
        return Cell(*numbers)
    if symbol.name == "s" and len(numbers) == 4:
        return Segment(*numbers)
    raise ValueError(f"not a site: {symbol}")


def reading_order(site: Site) -> tuple[int, int, int]:
    """Row, column of the site's first cell; a cell before a segment starting there."""
    row, col = site.cells[0]
    return row, col, isinstance(site, Segment)

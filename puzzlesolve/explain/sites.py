"""Typed sites of the forward engine: what a step decides, as the technique files name it
(docs/rules-files.md, "Technique files"): a cell ``c(R,C)``, a segment between two
side-neighbouring cells ``s(R1,C1,R2,C2)`` or an edge between two neighbouring grid points
``e(Y1,X1,Y2,X2)``, smaller end first. Values stay clingo symbols."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import clingo

from puzzlesolve.grid import cell_name

if TYPE_CHECKING:
    from puzzlesolve.genre import ExplainFeature


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


@dataclass(frozen=True, order=True)
class Edge(Segment):
    """A piece of line between two neighbouring grid points (Slitherlink), the smaller point
    first; point (y, x) is the top-left corner of cell (y, x). It is decided on or off as a
    segment is, so the engine treats it as one; it names itself by its points and counts
    as the cells beside it."""

    rows: int = field(default=0, compare=False)  # the board's size, where known: which
    cols: int = field(default=0, compare=False)  # cells lie beside an edge on its border

    @property
    def points(self) -> tuple[tuple[int, int], tuple[int, int]]:
        return (self.row1, self.col1), (self.row2, self.col2)

    @property
    def cells(self) -> tuple[tuple[int, int], ...]:
        """The cells beside the edge, on the board when its size is known."""
        y, x = self.row1, self.col1
        beside = [(y - 1, x), (y, x)] if self.row1 == self.row2 else [(y, x - 1), (y, x)]
        return tuple(
            (r, c)
            for r, c in beside
            if r >= 0 and c >= 0 and (not self.rows or (r < self.rows and c < self.cols))
        )

    @property
    def symbol(self) -> clingo.Symbol:
        numbers = [self.row1, self.col1, self.row2, self.col2]
        return clingo.Function("e", [clingo.Number(n) for n in numbers])

    @property
    def name(self) -> str:
        return "-".join(f"p{y + 1}.{x + 1}" for y, x in self.points)


Site = Cell | Segment


class SiteReader:
    """Reads a technique file's terms as one board's sites: the board's own where it has
    them (edges that know the board's size, so that a border edge counts the one cell beside
    it), else as the term says. One reader per board (an explanation's technique files).

    Raises (when called):
        ValueError: a term that is none of ``c(R,C)``, ``s(R1,C1,R2,C2)``, ``e(Y1,X1,Y2,X2)``.
    """

    def __init__(self, sites: Iterable[Site] = ()):
        self._sites: dict[clingo.Symbol, Site] = {site.symbol: site for site in sites}

    def __call__(self, symbol: clingo.Symbol) -> Site:
        site = self._sites.get(symbol)
        if site is None:
            site = self._sites[symbol] = _read_site(symbol)
        return site


def _read_site(symbol: clingo.Symbol) -> Site:
    numbers = [argument.number for argument in symbol.arguments]
    if symbol.name == "c" and len(numbers) == 2:
        return Cell(*numbers)
    if symbol.name == "s" and len(numbers) == 4:
        return Segment(*numbers)
    if symbol.name == "e" and len(numbers) == 4:
        return Edge(*numbers)
    raise ValueError(f"not a site: {symbol}")


def reading_order(site: Site) -> tuple[int, int, int]:
    """Row, column of the site's first cell; a cell before a segment starting there (an
    edge: by its first point)."""
    if isinstance(site, Edge):
        return site.row1, site.col1, True
    row, col = site.cells[0]
    return row, col, isinstance(site, Segment)


def pair_site(glue: ExplainFeature) -> type[Segment]:
    """The site type of a genre's pairs: edges where its explain module says ``EDGES``."""
    return Edge if glue.EDGES else Segment


def segment_json(cells: tuple | list, drawn: bool) -> dict:
    """A segment a step or conflict names, in JSON: the contract's ``{"segment": [[r, c],
    [r2, c2]], "on": drawn}``, and the same as ``cells``/``drawn`` (the keys it had first)."""
    ends = [list(cell) for cell in cells]
    return {"segment": ends, "on": drawn, "cells": ends, "drawn": drawn}

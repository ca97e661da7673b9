"""Hitori pictures: numbers on white; shaded cells dark, their numbers light.

In a partial answer the cells decided unshaded are ringed, as solvers mark them on paper;
a complete solution needs no rings.
"""

from __future__ import annotations

from collections.abc import Iterable

from puzzlesolve.drawing import Canvas
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell, Grid, Value

SHADE = "#2e2e2e"
ON_SHADE = "#f2f2f2"
RING = "#607d8b"


def cells(numbers: Grid[int]) -> Iterable[Cell]:
    """Every cell of the grid."""
    return numbers.cells


def paint(canvas: Canvas, numbers: Grid[int], values: dict[Cell, Value], _solution) -> None:
    """Shade the shaded cells and write every number, light on dark."""
    partial = 0 < len(values) < len(numbers.cells)
    for cell, number in sorted(numbers.cells.items()):
        if values.get(cell) == "shaded":
            canvas.fill(cell, SHADE)
            canvas.text(cell, str(number), ON_SHADE)
            continue
        if partial and values.get(cell) == "unshaded":
            canvas.disc(cell, 0.4, "none", stroke=RING)
        canvas.text(cell, str(number))


PAGE = "shade"
"""How a person marks the cells on the web page (``puzzlesolve serve``): click to shade."""


def page_board(_genre: Genre, numbers: Grid[int]) -> dict:
    """What the web page draws: ``cells[r][c]`` is the cell's number; a cell marked
    unshaded is circled (``unshaded``), as Hitori solvers mark it."""
    return {
        "cells": [[numbers.cells[r, c] for c in range(numbers.cols)] for r in range(numbers.rows)],
        "unshaded": "ring",
    }

"""Nonogram pictures: each line's runs beside the grid (left of its row, above its column),
shaded cells dark; in a partial answer the cells decided unshaded carry a small dot."""

from __future__ import annotations

from puzzlesolve.drawing import Canvas
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell, Value

from . import SHADED, UNSHADED, Nonogram

SHADE = "#2e2e2e"
DOT = "#607d8b"


def paint(canvas: Canvas, puzzle: Nonogram, values: dict[Cell, Value], _solution) -> None:
    """The runs outside the grid, the shaded cells, dots on unshaded ones of a partial answer."""
    canvas.labels(_labels(puzzle.row_runs), _labels(puzzle.col_runs), before=True)
    partial = len(values) < puzzle.rows * puzzle.cols
    for cell, value in sorted(values.items()):
        if value == SHADED:
            canvas.fill(cell, SHADE)
        elif partial and value == UNSHADED:
            canvas.disc(cell, 0.08, DOT)


def _labels(lines: tuple[tuple[int, ...], ...]) -> dict[int, list[str]]:
    return {k: [str(n) for n in runs] or ["0"] for k, runs in enumerate(lines)}


PAGE = "shade"
"""How a person marks the cells on the web page: click to shade, again for a dot, again to
clear; the runs stand beside the board, each greyed once its line has it."""


def page_board(_genre: Genre, puzzle: Nonogram) -> dict:
    """What the web page draws: no clue in any cell (``cells[r][c]`` None), a dot on a cell
    marked unshaded, and each line's runs (``runs``: ``rows`` and ``columns``)."""
    return {
        "cells": [[None] * puzzle.cols for _ in range(puzzle.rows)],
        "unshaded": "dot",
        "runs": {"rows": puzzle.row_runs, "columns": puzzle.col_runs},
    }

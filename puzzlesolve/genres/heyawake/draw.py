"""Heyawake pictures: rooms with thick borders and their numbers; shaded cells dark; in a
partial answer a dot on each cell decided unshaded, as solvers mark it on paper."""

from __future__ import annotations

from puzzlesolve.canvas import INK
from puzzlesolve.drawing import Canvas
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell, Value
from puzzlesolve.regions import Regions, borders

from . import SHADED, UNSHADED

SHADE = "#2e2e2e"
ON_SHADE = "#f2f2f2"
DOT = "#607d8b"


def cells(puzzle: Regions) -> list[Cell]:
    """Every cell of the board."""
    return sorted(puzzle.cells)


def paint(canvas: Canvas, puzzle: Regions, values: dict[Cell, Value], _solution) -> None:
    """The rooms' borders, each shaded cell, each room's number (light on dark)."""
    partial = len(values) < len(puzzle.cells)
    for cell, value in sorted(values.items()):
        if value == SHADED:
            canvas.fill(cell, SHADE)
        elif value == UNSHADED and partial and cell not in puzzle.clues:
            canvas.dot((cell[0] + 0.5, cell[1] + 0.5), 0.08, DOT)
    for cell, number in sorted(puzzle.clues.items()):
        canvas.text(cell, str(number), ON_SHADE if values.get(cell) == SHADED else INK)
    canvas.walls(borders(puzzle))


PAGE = "shade"
"""How a person marks cells on the web page: click to shade, again for a dot (unshaded)."""


def page_board(_genre: Genre, puzzle: Regions) -> dict:
    """What the web page draws: ``cells[r][c]`` the room's number where it is written (else
    None), ``regions[r][c]`` each cell's room (1..k) for its thick borders."""
    rows, cols = range(puzzle.rows), range(puzzle.cols)
    return {
        "cells": [[puzzle.clues.get((r, c)) for c in cols] for r in rows],
        "regions": [[puzzle.cells[r, c] for c in cols] for r in rows],
        "unshaded": "dot",
    }

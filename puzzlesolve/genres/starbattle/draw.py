"""Star Battle pictures: regions with thick borders, stars; in a partial answer, a dot where
a cell is known to hold no star, as solvers mark it on paper."""

from __future__ import annotations

from collections.abc import Iterable

from puzzlesolve.drawing import Canvas
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell, Value
from puzzlesolve.regions import borders

from . import EMPTY, STAR, StarBattle

DOT = "#607d8b"


def cells(puzzle: StarBattle) -> Iterable[Cell]:
    """Every cell of the board."""
    return puzzle.regions.cells


def paint(canvas: Canvas, puzzle: StarBattle, values: dict[Cell, Value], _solution) -> None:
    """The regions' borders, each star, and a dot on each cell decided empty in a partial
    answer (a solution needs none)."""
    canvas.walls(borders(puzzle.regions))
    partial = len(values) < len(puzzle.regions.cells)
    for cell, value in sorted(values.items()):
        if value == STAR:
            canvas.star(cell)
        elif value == EMPTY and partial:
            r, c = cell
            canvas.dot((r + 0.5, c + 0.5), 0.08, DOT)


PAGE = "stars"
"""How a person marks cells on the web page: click for a star, again for a dot, again to
clear (serve/static/kinds/stars.js)."""


def page_board(_genre: Genre, puzzle: StarBattle) -> dict:
    """What the web page draws: ``cells[r][c]`` empty, ``regions[r][c]`` each cell's region
    (1..k), ``stars`` the count a line and region."""
    rows, cols = range(puzzle.rows), range(puzzle.cols)
    return {
        "cells": [["" for _ in cols] for _ in rows],
        "regions": [[puzzle.regions.cells[r, c] for c in cols] for r in rows],
        "stars": puzzle.stars,
    }

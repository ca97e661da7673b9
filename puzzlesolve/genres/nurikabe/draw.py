"""Nurikabe pictures: numbers on white, shaded cells dark.

In a partial answer the cells decided unshaded carry a small dot, as pzprjs marks them; a
complete solution needs none.
"""

from __future__ import annotations

from puzzlesolve.drawing import Canvas
from puzzlesolve.genre import DrawDefaults, Genre
from puzzlesolve.grid import Cell, Value

from . import Nurikabe

SHADE = "#2e2e2e"
DOT = "#607d8b"


def paint(canvas: Canvas, board: Nurikabe, values: dict[Cell, Value], _solution) -> None:
    """Shade the shaded cells, dot the unshaded ones of a partial answer, write the numbers."""
    partial = 0 < len(values) < board.rows * board.cols
    for cell in DrawDefaults.cells(board):
        if values.get(cell) == "shaded":
            canvas.fill(cell, SHADE)
        elif partial and values.get(cell) == "unshaded" and cell not in board.numbers:
            canvas.disc(cell, 0.1, DOT)
    for cell, number in sorted(board.numbers.items()):
        canvas.text(cell, str(number))


PAGE = "shade"
"""How a person marks the cells on the web page (``puzzlesolve serve``): click to shade."""


def page_board(_genre: Genre, board: Nurikabe) -> dict:
    """What the web page draws: ``cells[r][c]`` is the cell's number, or None; a cell
    marked unshaded carries a dot (``unshaded``), as in the pictures; a numbered cell
    takes no mark (``clues_fixed``: it is unshaded by rule 1)."""
    return {
        "cells": [
            [board.numbers.get((r, c)) for c in range(board.cols)] for r in range(board.rows)
        ],
        "unshaded": "dot",
        "clues_fixed": True,
    }

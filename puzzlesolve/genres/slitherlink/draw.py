"""Slitherlink pictures: the numbers in their cells, a dot on every point, the loop along
the grid lines; in a partial answer a small cross marks an edge known to be off."""

from __future__ import annotations

from puzzlesolve.drawing import GRID, INK, Canvas
from puzzlesolve.genre import Genre
from puzzlesolve.loops import ON

from . import Slitherlink

LOOP = "#1565c0"


def paint(canvas: Canvas, board: Slitherlink, values: dict, _solution) -> None:
    """The loop's edges, crosses on the edges known off, the points and the numbers."""
    for (a, b), value in sorted(values.items()):
        if value == ON:
            canvas.edge(a, b, LOOP, 5)
        else:
            middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            arm = 0.08
            for dy, dx in ((arm, arm), (arm, -arm)):
                canvas.edge((middle[0] - dy, middle[1] - dx), (middle[0] + dy, middle[1] + dx),
                            GRID, 2)  # fmt: skip
    for y in range(board.rows + 1):
        for x in range(board.cols + 1):
            canvas.dot((y, x), 0.07, INK)
    for cell, number in sorted(board.numbers.items()):
        canvas.text(cell, str(number))


PAGE = "edges"
"""How a person marks the board on the web page: click an edge to draw it, again for "no
line", again to clear it."""


def page_board(_genre: Genre, board: Slitherlink) -> dict:
    """What the web page draws: ``cells[r][c]`` is the cell's number, or None; the loop
    runs along the edges between points."""
    return {
        "cells": [
            [board.numbers.get((r, c)) for c in range(board.cols)] for r in range(board.rows)
        ],
        "sites": "edges",
    }

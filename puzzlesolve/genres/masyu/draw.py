"""Masyu pictures: white pearls as rings, black pearls as discs, the loop through the cells'
centres; in a partial answer a small cross marks a segment known to be off."""

from __future__ import annotations

from puzzlesolve.drawing import GRID, INK, Canvas
from puzzlesolve.genre import Genre
from puzzlesolve.loops import ON

from . import Masyu

LOOP = "#1565c0"


def paint(canvas: Canvas, board: Masyu, values: dict, _solution) -> None:
    """The loop's segments, crosses on the segments known off, then the pearls on top."""
    for (a, b), value in sorted(values.items()):
        if value == ON:
            canvas.join(a, b, LOOP, 5)
        else:
            middle = ((a[0] + b[0]) / 2 + 0.5, (a[1] + b[1]) / 2 + 0.5)  # in points
            arm = 0.08
            for dy, dx in ((arm, arm), (arm, -arm)):
                canvas.edge((middle[0] - dy, middle[1] - dx), (middle[0] + dy, middle[1] + dx),
                            GRID, 2)  # fmt: skip
    for cell, pearl in sorted(board.pearls.items()):
        if pearl == "B":
            canvas.disc(cell, 0.3, INK)
        else:
            canvas.disc(cell, 0.3, "#ffffff", stroke=INK)


PAGE = "segments"
"""How a person marks the board on the web page: click between two cells to join them, again
for "no line", again to clear it."""


def page_board(_genre: Genre, board: Masyu) -> dict:
    """What the web page draws: ``cells[r][c]`` is the cell's pearl ("W", "B") or None; the
    loop joins the centres of side-neighbouring cells."""
    return {
        "cells": [[board.pearls.get((r, c)) for c in range(board.cols)] for r in range(board.rows)],
        "sites": "segments",
    }

"""Tents pictures: trees and tents drawn as small pictures, the counts right of each row and
below each column; in a partial answer, a green dot where a cell is known to be grass."""

from __future__ import annotations

from puzzlesolve.drawing import Canvas
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell, Value

from . import GRASS, TENT, Tents

LEAVES, LEAVES_EDGE, TRUNK = "#66bb6a", "#2e7d32", "#795548"
CANVAS, CANVAS_EDGE, GRASS_DOT = "#ffb74d", "#e65100", "#7cb342"


def paint(canvas: Canvas, board: Tents, values: dict[Cell, Value], _solution) -> None:
    """The counts outside the grid, each tree (a trunk under a crown), each tent (a
    triangle with its door) and grass dots in a partial answer."""
    rows = {r: [str(n)] for r, n in enumerate(board.row_counts) if n is not None}
    canvas.labels(rows, {c: [str(n)] for c, n in enumerate(board.col_counts) if n is not None})
    for r, c in sorted(board.trees):  # points (y, x) in cells, the cell's centre + 0.5
        canvas.edge((r + 0.6, c + 0.5), (r + 0.92, c + 0.5), TRUNK, 5)
        canvas.disc((r, c), 0.27, LEAVES, stroke=LEAVES_EDGE)
    partial = len(values) < len(board.empty)
    for (r, c), value in sorted(values.items()):
        if value == TENT:
            corners = [(r + 0.75, c + 0.2), (r + 0.25, c + 0.5), (r + 0.75, c + 0.8)]
            for width, colour in ((7, CANVAS_EDGE), (4, CANVAS)):
                for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
                    canvas.edge(a, b, colour, width)
            canvas.edge((r + 0.75, c + 0.5), (r + 0.52, c + 0.5), CANVAS_EDGE, 2)
        elif value == GRASS and partial:
            canvas.disc((r, c), 0.08, GRASS_DOT)


PAGE = "tents"
"""How a person marks cells on the web page: click for a tent, again for grass, again to
clear (serve/static/kinds/tents.js)."""


def page_board(_genre: Genre, board: Tents) -> dict:
    """What the web page draws: ``cells[r][c]`` "T" for a tree, None for an empty cell, and
    the counts ``row_counts`` and ``col_counts`` (None where not given)."""
    rows, cols = range(board.rows), range(board.cols)
    return {
        "cells": [["T" if (r, c) in board.trees else None for c in cols] for r in rows],
        "row_counts": list(board.row_counts),
        "col_counts": list(board.col_counts),
        "clues_fixed": True,
    }


def page_marks(board: Tents, marks: dict[Cell, Value]) -> dict[Cell, Value]:
    """The page's marks as the answer: an empty cell's "tent" or "grass"; a tree takes none
    (raises ValueError)."""
    if trees := sorted(set(marks) & board.trees):
        raise ValueError(f"r{trees[0][0] + 1}c{trees[0][1] + 1} is a tree: it takes no mark")
    return marks

"""Light Up pictures: black cells with their numbers, lights as bulbs, lit cells tinted.

A cell known to hold no light carries a small dot in a partial answer, as solvers mark it.
"""

from __future__ import annotations

from collections.abc import Iterable

from puzzlesolve.drawing import Canvas
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell, Value

from . import EMPTY, LIGHT, LightUp, lit, render

BLACK = "#2e2e2e"
ON_BLACK = "#f2f2f2"
BULB = "#ffca28"
BULB_EDGE = "#8d6e00"
LIT = "#fff3c4"
DOT = "#607d8b"


def cells(board: LightUp) -> Iterable[Cell]:
    """Every cell of the grid."""
    return [(r, c) for r in range(board.rows) for c in range(board.cols)]


def paint(canvas: Canvas, board: LightUp, values: dict[Cell, Value], _solution) -> None:
    """Black cells and their numbers; the lit cells tinted, each light a bulb; a dot on a
    cell known to hold no light in a partial answer."""
    lights = sorted(cell for cell, value in values.items() if value == LIGHT)
    partial = len(values) < len(board.white)
    for cell in sorted(lit(board, lights)):
        canvas.fill(cell, LIT, layer="tint")
    for cell, number in sorted(board.black.items()):
        canvas.fill(cell, BLACK)
        if number is not None:
            canvas.text(cell, str(number), ON_BLACK)
    for cell in lights:
        canvas.disc(cell, 0.3, BULB, stroke=BULB_EDGE)
    for cell, value in sorted(values.items()):
        if partial and value == EMPTY:
            canvas.disc(cell, 0.08, DOT)


PAGE = "lights"
"""How a person marks the cells on the web page (``puzzlesolve serve``): click for a light,
again for a dot (no light), again to clear."""


def page_board(_genre: Genre, board: LightUp) -> dict:
    """What the web page draws: ``cells[r][c]`` is a black cell's token (``#`` or its
    number), None for a white cell; a black cell takes no mark (``clues_fixed``)."""
    lines = render(board, []).splitlines()
    cells = [[None if t == "." else t for t in line.split()] for line in lines]
    return {"cells": cells, "clues_fixed": True}


def page_marks(board: LightUp, marks: dict[Cell, Value]) -> dict[Cell, Value]:
    """The page's marks as the answer: a white cell's "light" or "empty"; a black cell takes
    none (raises ValueError)."""
    if black := sorted(set(marks) & set(board.black)):
        raise ValueError(f"r{black[0][0] + 1}c{black[0][1] + 1} is a black cell: it takes no mark")
    return marks

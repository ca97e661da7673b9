"""Yajilin pictures: clue cells grey with their number and arrow, shaded cells dark, the loop
through the other cells' centres; in a partial answer a dot marks a cell known unshaded."""

from __future__ import annotations

from puzzlesolve.drawing import INK, Canvas
from puzzlesolve.genre import Genre
from puzzlesolve.loops import ON

from . import SHADED, UNSHADED, Yajilin

LOOP = "#1565c0"
SHADE = "#2e2e2e"
CLUE_CELL = "#d9d9d9"
ARROWS = {"^": "↑", "v": "↓", "<": "←", ">": "→"}


def paint(canvas: Canvas, board: Yajilin, values: dict, _solution) -> None:
    """Clues, shaded cells, the loop's segments, dots on cells known unshaded off the loop."""
    on_loop = {cell for site, value in values.items() if value == ON for cell in site}
    for site, value in values.items():
        if isinstance(site[0], tuple):
            if value == ON:
                canvas.join(site[0], site[1], LOOP, 5)
        elif value == SHADED:
            canvas.fill(site, SHADE)
        elif value == UNSHADED and site not in on_loop:
            canvas.disc(site, 0.08, LOOP)
    for cell, (number, arrow) in sorted(board.clues.items()):
        canvas.fill(cell, CLUE_CELL)
        canvas.text(cell, f"{number}{ARROWS[arrow]}", INK)


PAGE = "shadeloop"
"""How a person marks the board on the web page: a click in the middle of a cell shades it
(again: unshaded, a dot; again: clear), a drag from cell to cell draws the loop and a click
between two cells draws, crosses or clears a segment (kinds/shadeloop.js)."""


def page_marks(board: Yajilin, marks: dict) -> dict:
    """The page's marks as an answer; a clue cell takes none.

    Raises:
        ValueError: a mark on a clue cell, or a segment to one.
    """
    for site in marks:
        for cell in site if isinstance(site[0], tuple) else (site,):
            if cell in board.clues:
                raise ValueError(f"r{cell[0] + 1}c{cell[1] + 1} holds a clue: it takes no mark")
    return marks


def page_board(_genre: Genre, board: Yajilin) -> dict:
    """What the web page draws: ``cells[r][c]`` is the cell's clue as written (``2>``) or
    None; the loop joins the centres of side-neighbouring cells."""
    return {
        "cells": [
            [None if (clue := board.clues.get((r, c))) is None else f"{clue[0]}{ARROWS[clue[1]]}"
             for c in range(board.cols)]
            for r in range(board.rows)
        ],
        "sites": "segments",
    }  # fmt: skip

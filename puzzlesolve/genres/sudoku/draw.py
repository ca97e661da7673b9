"""Sudoku pictures: thick lines between the boxes, givens bold, digits filled in blue."""

from __future__ import annotations

from collections.abc import Iterable

from puzzlesolve.drawing import CELL, INK, Canvas
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell, Value

from . import BOXES, Board, check_mark

FILLED = "#1565c0"
PAGE = "numbers"  # on the web page a person types digits


def cells(board: Board) -> Iterable[Cell]:
    return board.cells


def paint(canvas: Canvas, board: Board, values: dict[Cell, Value], _grid: object) -> None:
    """The boxes' borders, then givens and filled digits."""
    side, (height, width) = board.rows, BOXES[board.rows]
    for row in range(height, side, height):
        canvas.edge((row, 0), (row, side), INK, 0.05 * CELL)
    for col in range(width, side, width):
        canvas.edge((0, col), (side, col), INK, 0.05 * CELL)
    for cell in board.cells:
        if cell in board.givens:
            canvas.text(cell, str(board.givens[cell]), bold=True)
        elif cell in values:
            canvas.text(cell, str(values[cell]), FILLED)


def page_board(_genre: Genre, board: Board) -> dict:
    """What the web page draws: ``cells[r][c]`` the given or None, ``total`` the largest
    digit, and the box shape (rows by columns) for the thick lines."""
    return {
        "cells": [[board.givens.get((r, c)) for c in range(board.cols)] for r in range(board.rows)],
        "total": board.rows,
        "king": False,
        "boxes": list(BOXES[board.rows]),
    }


def page_marks(board: Board, marks: dict[Cell, Value]) -> dict[Cell, Value]:
    """The page's digits and pencil marks, checked as an answer file's are, with the givens."""
    for cell, mark in marks.items():
        check_mark(board, cell, mark, str(mark))
    return dict(board.givens) | marks

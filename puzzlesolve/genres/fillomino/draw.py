"""Fillomino pictures: a thick border between two cells of different sizes (between regions),
givens bold, sizes filled in blue."""

from __future__ import annotations

from puzzlesolve.drawing import Canvas
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell, Value

from . import Board, check_mark

FILLED = "#1565c0"
PAGE = "numbers"  # on the web page a person types sizes; closed regions get their borders


def paint(canvas: Canvas, board: Board, values: dict[Cell, Value], _grid: object) -> None:
    """The borders between known sizes that differ, then givens and filled sizes."""
    known = {cell: v for cell, v in values.items() if isinstance(v, int)} | board.givens
    canvas.walls(
        (cell, near)
        for cell, size in sorted(known.items())
        for near in ((cell[0], cell[1] + 1), (cell[0] + 1, cell[1]))
        if near in known and known[near] != size
    )
    for cell in board.cells:
        if cell in board.givens:
            canvas.text(cell, str(board.givens[cell]), bold=True)
        elif isinstance(values.get(cell), int):
            canvas.text(cell, str(values[cell]), FILLED)


def page_board(_genre: Genre, board: Board) -> dict:
    """What the web page draws: ``cells[r][c]`` the given or None, ``total`` the largest
    size, and ``regions`` (closed regions are drawn with their borders)."""
    return {
        "cells": [[board.givens.get((r, c)) for c in range(board.cols)] for r in range(board.rows)],
        "total": board.rows * board.cols,
        "king": False,
        "regions": True,
    }


def page_marks(board: Board, marks: dict[Cell, Value]) -> dict[Cell, Value]:
    """The page's sizes and pencil marks, checked as an answer file's are, with the givens."""
    for cell, mark in marks.items():
        check_mark(board, cell, mark, str(mark))
    return dict(board.givens) | marks

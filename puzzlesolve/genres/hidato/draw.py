"""Hidato and Numbrix pictures: voids left out of the board, givens bold and black, numbers
filled in regular and blue, and the path 1, 2, ..., N drawn faintly behind them where
consecutive numbers are both known."""

from __future__ import annotations

from collections.abc import Iterable

from puzzlesolve.candidates import Candidates
from puzzlesolve.drawing import CELL, Canvas
from puzzlesolve.genre import Genre
from puzzlesolve.genres.hidato import Board, check_mark
from puzzlesolve.grid import Cell, Value

FILLED = "#1565c0"
PATH = "#5c6bc0"
PENCIL = "#78909c"


def cells(board: Board) -> Iterable[Cell]:
    """The board's cells; voids are none."""
    return board.cells


def paint(canvas: Canvas, board: Board, values: dict[Cell, Value], _grid) -> None:
    """The faint path through the known numbers, then givens and filled numbers.

    The puzzle as printed (no values) has no path: joining its givens would be a hint.
    """
    pencil = {cell: marks for cell, marks in values.items() if isinstance(marks, Candidates)}
    values = {cell: number for cell, number in values.items() if cell not in pencil}
    if values:
        where = {number: cell for cell, number in values.items()}
        where.update({number: cell for cell, number in board.givens.items()})
        run: list[Cell] = []
        for number in range(1, len(board.cells) + 2):  # one past N ends the last run
            if number in where:
                run.append(where[number])
                continue
            if len(run) > 1:
                canvas.line(run, PATH, 0.14 * CELL, opacity=0.35)
            run = []
    for cell in board.cells:
        if cell in board.givens:
            canvas.text(cell, str(board.givens[cell]), bold=True)
        elif cell in values:
            canvas.text(cell, str(values[cell]), FILLED)
        elif cell in pencil:  # pencil marks: the numbers it may hold, small and grey
            canvas.text(cell, " ".join(map(str, sorted(pencil[cell]))), PENCIL)


PAGE = "numbers"
"""How a person marks the cells on the web page (``puzzlesolve serve``): type numbers."""


def page_board(genre: Genre, board: Board) -> dict:
    """What the web page draws: ``cells[r][c]`` is the given, None, or "#" for a void;
    ``total`` the numbers to place and ``king`` whether steps may be diagonal (Hidato)."""
    on_board = set(board.cells)
    return {
        "cells": [
            [board.givens.get((r, c)) if (r, c) in on_board else "#" for c in range(board.cols)]
            for r in range(board.rows)
        ],
        "total": len(board.cells),
        "king": genre.constants.get("king") == 1,
    }


def page_marks(board: Board, marks: dict[Cell, Value]) -> dict[Cell, Value]:
    """The page's numbers and pencil marks, each checked as an answer file's are, with the
    givens (part of every answer)."""
    for cell, mark in marks.items():
        check_mark(board, cell, mark, str(mark))
    return dict(board.givens) | marks

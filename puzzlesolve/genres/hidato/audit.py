"""Hidato's and Numbrix's part of `puzzlesolve audit`: an author adds a given number on a
blank cell, and a given taken away leaves the others as they were.

Both are monotone: the solutions of the puzzle with a given added are exactly those of the
puzzle that hold it, and those with givens taken away are the solutions of the rules that
agree with the givens kept."""

from __future__ import annotations

from dataclasses import replace

from puzzlesolve.grid import Cell, Value

from . import Board

ADDS = "a given number on a blank cell"
"""What an author may write to repair the puzzle (None: nothing, see `NO_ADDS`)."""


def blanks(board: Board) -> list[Cell]:
    """The cells where a given may be added: those without one."""
    return [cell for cell in board.cells if cell not in board.givens]


def with_clues(board: Board, clues: dict[Cell, Value]) -> Board:
    """The board with `clues` (cell: number) given too."""
    return replace(board, givens={**board.givens, **clues})


def cut(board: Board, solution: list[list[int | None]], groups: list[list[Cell]]) -> list[str]:
    """Conditions (over ``keep(I)``, group I of clues kept) of which one holds whenever
    `solution` breaks the clues kept: it breaks a given it does not hold."""
    return [
        f"keep({index})"
        for index, cells in enumerate(groups)
        if any(solution[r][c] != board.givens[r, c] for r, c in cells)
    ]


def without(board: Board, cells: list[Cell]) -> Board:
    """The board with the givens of `cells` taken away."""
    gone = set(cells)
    return replace(board, givens={cell: n for cell, n in board.givens.items() if cell not in gone})

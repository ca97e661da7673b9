"""What genres whose clues are numbers given on cells share (Hidato, Numbrix, Sudoku): a
puzzle with ``cells`` (the cells to fill) and ``givens`` ({cell: number}), a solution that
writes a number in every cell.

- `GivenNumbers`: the part of an ``explain`` module that only reads cells and givens;
- audit hooks (`blanks`, `with_clues`, `cut`, `without`): an author adds a given on a blank
  cell or takes one away, both monotone (the solutions with a given added are those of the
  puzzle that hold it; with givens taken away, the rules' solutions that keep the others).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import clingo

from puzzlesolve.grid import Cell, Value


class GivenNumbers:
    """An explain module's glue for a genre whose cell values are the atoms ``ATOM(R,C,N)``
    of its rules file; a genre module takes its functions as its own names."""

    def __init__(self, atom: str):
        self.atom = atom

    def literal(self, _puzzle: Any, cell: Cell, value: Value) -> tuple[clingo.Symbol, bool]:
        assert isinstance(value, int)
        return clingo.Function(self.atom, [clingo.Number(n) for n in (*cell, value)]), True

    @staticmethod
    def cells(puzzle: Any) -> list[Cell]:
        return sorted(puzzle.cells)

    @staticmethod
    def shown(puzzle: Any) -> dict[Cell, Value]:
        """The givens: decided before any step (and known to a technique file)."""
        return dict(puzzle.givens)

    @staticmethod
    def clue(puzzle: Any, cell: Cell) -> int:
        return puzzle.givens[cell]

    @staticmethod
    def says(value: Value, plural: bool) -> str:
        return f"hold{'' if plural else 's'} {value}"

    @staticmethod
    def says_clue(number: int, plural: bool) -> str:
        return f"{'are' if plural else 'is'} given {number}"

    @staticmethod
    def clue_group(_puzzle: Any, cell: Cell) -> Cell:
        """Each cell's given stands alone."""
        return cell

    @staticmethod
    def board_facts(_puzzle: Any) -> list[str]:
        """None beside the instance's: they stay when the givens are left out."""
        return []

    @staticmethod
    def segments(_puzzle: Any) -> dict:
        """None: steps decide cells only."""
        return {}

    @staticmethod
    def drawn(_puzzle: Any, _solution: Any) -> tuple:
        """None: no segments."""
        return ()


ADDS = "a given number on a blank cell"


def blanks(puzzle: Any) -> list[Cell]:
    """The cells where a given may be added: those without one."""
    return [cell for cell in puzzle.cells if cell not in puzzle.givens]


def with_clues(puzzle: Any, clues: dict[Cell, Value]) -> Any:
    """The puzzle with `clues` (cell: number) given too."""
    return replace(puzzle, givens={**puzzle.givens, **clues})


def cut(puzzle: Any, solution: list[list[Any]], groups: list[list[Cell]]) -> list[str]:
    """Conditions (over ``keep(I)``, group I of givens kept) of which one holds whenever
    `solution` breaks the givens kept: it breaks a given it does not hold."""
    return [
        f"keep({index})"
        for index, cells in enumerate(groups)
        if any(solution[r][c] != puzzle.givens[r, c] for r, c in cells)
    ]


def without(puzzle: Any, cells: list[Cell]) -> Any:
    """The puzzle with the givens of `cells` taken away."""
    gone = set(cells)
    return replace(puzzle, givens={c: n for c, n in puzzle.givens.items() if c not in gone})

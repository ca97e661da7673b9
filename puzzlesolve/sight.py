"""Lines of sight on a grid, in Python, as encodings/sight.lp defines them for the rules:
what the genres with sight (Light Up, Kurodoko) compute outside the solver, for pictures,
generators, audits and their size limits."""

from __future__ import annotations

from collections.abc import Collection

from puzzlesolve.grid import Cell, InputError

STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))
"""The four directions along a row or a column."""


def neighbours(cell: Cell, rows: int, cols: int) -> list[Cell]:
    """The cells that share a side with `cell`."""
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in STEPS if 0 <= r + dr < rows and 0 <= c + dc < cols]


def seen(cell: Cell, rows: int, cols: int, walls: Collection[Cell]) -> list[Cell]:
    """The cells `cell` sees along its row and column, up to the first wall or the edge
    (itself left out)."""
    found = []
    for dr, dc in STEPS:
        r, c = cell[0] + dr, cell[1] + dc
        while 0 <= r < rows and 0 <= c < cols and (r, c) not in walls:
            found.append((r, c))
            r, c = r + dr, c + dc
    return found


def sight_pairs(rows: int, cols: int, walls: Collection[Cell]) -> int:
    """How many (cell, cell it sees) pairs the board has: the size of sight.lp's ``sees``,
    counted by runs (a run of L open cells holds L * (L - 1))."""
    lines = [[(r, c) for c in range(cols)] for r in range(rows)]
    lines += [[(r, c) for r in range(rows)] for c in range(cols)]
    total = 0
    for line in lines:
        run = 0
        for cell in [*line, None]:  # None ends the line's last run
            if cell is None or cell in walls:
                total, run = total + run * (run - 1), 0
            else:
                run += 1
    return total


def check_size(source: str, rows: int, cols: int, walls: Collection[Cell], limit: int) -> None:
    """Refuse a board whose lines of sight would ground more than `limit` rules: sight.lp's
    pairs and a few rules of each cell's own (walls: the fixed ones, none where guessed).

    Raises:
        InputError: the board is too large.
    """
    estimate = sight_pairs(rows, cols, walls) + 4 * rows * cols
    if estimate > limit:
        raise InputError(
            source,
            f"too large to solve: {rows}x{cols} cells with long lines of sight "
            f"would ground about {estimate:,} rules (limit {limit:,})",
        )

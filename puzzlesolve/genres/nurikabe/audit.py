"""Nurikabe's part of `puzzlesolve audit`.

No clue can be added as a repair: every area of a solution already holds its one number, so
a number written anywhere makes a new area and solutions the puzzle did not have, rather
than choosing among those it has. A number taken away is told apart exactly (`cut`)."""

from __future__ import annotations

from puzzlesolve import shading
from puzzlesolve.grid import Cell

from . import Nurikabe

NO_ADDS = (
    "none available: each area of a Nurikabe solution already holds its one number, so a "
    "number added makes a new area instead of choosing among the solutions"
)


def cut(board: Nurikabe, shaded: list[Cell], groups: list[list[Cell]]) -> list[str]:
    """Conditions (over ``keep(I)``, number I kept) of which one holds whenever the shading
    `shaded` breaks the numbers kept: a kept number on a shaded cell or on an area of
    another size (rules 1, 3), or an unshaded area with no kept number or more than one
    (rule 2). Shading alone decides rules 4 and 5."""
    dark = set(shaded)
    index = {cells[0]: i for i, cells in enumerate(groups)}
    areas: list[list[Cell]] = []
    seen: set[Cell] = set()
    for start in ((r, c) for r in range(board.rows) for c in range(board.cols)):
        if start in dark or start in seen:
            continue
        area, todo = [], [start]
        seen.add(start)
        while todo:
            r, c = todo.pop()
            area.append((r, c))
            for nxt in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                inside = 0 <= nxt[0] < board.rows and 0 <= nxt[1] < board.cols
                if inside and nxt not in dark and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        areas.append(area)
    conditions = [f"keep({index[cell]})" for cell in index if cell in dark]
    for area in areas:
        numbers = [index[cell] for cell in area if cell in index]
        conditions += [f"keep({i})" for i in numbers if board.numbers[groups[i][0]] != len(area)]
        kept = "; ".join(f"{i} : keep({i})" for i in numbers)
        conditions.append(f"#count {{ {kept} }} != 1")
    return conditions


without = shading.without

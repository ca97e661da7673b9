"""An independent reading of Heyawake's four rules, for the tests: which rules a shading
breaks, and every shading of a small board that breaks none."""

from __future__ import annotations

import itertools

Cell = tuple[int, int]


def breaks(rooms: dict[Cell, int], counts: dict[Cell, int], shaded: set[Cell]) -> set[int]:
    """The numbered rules `shaded` breaks on a board of `rooms` (cell: room) with `counts`
    (the cell a number is written in: the number)."""
    broken: set[int] = set()
    if any((r, c + 1) in shaded or (r + 1, c) in shaded for r, c in shaded):
        broken.add(1)
    white = [cell for cell in sorted(rooms) if cell not in shaded]
    if white:
        seen, stack = {white[0]}, [white[0]]
        while stack:
            r, c = stack.pop()
            for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if near in rooms and near not in shaded and near not in seen:
                    seen.add(near)
                    stack.append(near)
        if len(seen) < len(white):
            broken.add(2)
    for cell, number in counts.items():
        if sum(rooms[s] == rooms[cell] for s in shaded) != number:
            broken.add(3)
    rows = max(r for r, _ in rooms) + 1
    cols = max(c for _, c in rooms) + 1
    lines = [[(r, c) for c in range(cols)] for r in range(rows)]
    lines += [[(r, c) for r in range(rows)] for c in range(cols)]
    for line in lines:
        crossed = 0
        for before, cell in itertools.pairwise(line):
            if before in shaded or cell in shaded:
                crossed = 0
            elif rooms[before] != rooms[cell]:
                crossed += 1
                if crossed == 2:
                    broken.add(4)
    return broken


def shadings(rooms: dict[Cell, int], counts: dict[Cell, int], off: int | None = None):
    """Every shading that breaks no rule but `off`, as sets of cells."""
    cells = sorted(rooms)
    return {
        frozenset(shaded)
        for size in range(len(cells) + 1)
        for shaded in itertools.combinations(cells, size)
        if breaks(rooms, counts, set(shaded)) <= ({off} if off else set())
    }


def facts(rooms: dict[Cell, int], counts: dict[Cell, int]) -> str:
    return " ".join(
        [f"region({r},{c},{k})." for (r, c), k in sorted(rooms.items())]
        + [f"number({r},{c},{n})." for (r, c), n in sorted(counts.items())]
    )

"""An independent reading of Kurodoko's rules in Python, for small boards: which numbered
rules a shading breaks, and every shading that breaks none."""

from __future__ import annotations

from itertools import product

Cell = tuple[int, int]
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def sees(rows: int, cols: int, shaded: set[Cell], cell: Cell) -> int:
    """How many cells `cell` sees along its row and column up to a shaded cell, itself
    included."""
    count = 1
    for dr, dc in STEPS:
        r, c = cell[0] + dr, cell[1] + dc
        while 0 <= r < rows and 0 <= c < cols and (r, c) not in shaded:
            count, r, c = count + 1, r + dr, c + dc
    return count


def joined(rows: int, cols: int, white: set[Cell]) -> bool:
    """Whether the cells of `white` form one area, joined by their sides (none: yes)."""
    if not white:
        return True
    todo, seen = [min(white)], {min(white)}
    while todo:
        r, c = todo.pop()
        for dr, dc in STEPS:
            nxt = (r + dr, c + dc)
            if nxt in white and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen == white


def broken_rules(rows: int, cols: int, numbers: dict[Cell, int], shaded: set[Cell]) -> set[int]:
    cells = set(product(range(rows), range(cols)))
    broken = set()
    if any((r, c + 1) in shaded or (r + 1, c) in shaded for r, c in shaded):
        broken.add(1)
    if not joined(rows, cols, cells - shaded):
        broken.add(2)
    if set(numbers) & shaded:
        broken.add(3)
    if any(sees(rows, cols, shaded, cell) != n for cell, n in numbers.items()):
        broken.add(4)
    return broken


def solutions(rows: int, cols: int, numbers: dict[Cell, int]) -> set[frozenset[Cell]]:
    """Every shading that breaks no rule."""
    cells = list(product(range(rows), range(cols)))
    found = set()
    for bits in product((False, True), repeat=len(cells)):
        shaded = {cell for cell, on in zip(cells, bits) if on}
        if not broken_rules(rows, cols, numbers, shaded):
            found.add(frozenset(shaded))
    return found


def facts(rows: int, cols: int, numbers: dict[Cell, int]) -> str:
    cells = [f"cell({r},{c})." for r in range(rows) for c in range(cols)]
    return " ".join(cells + [f"number({r},{c},{n})." for (r, c), n in numbers.items()])

"""An independent reading of Nurikabe's rules in plain Python, for tests only.

It shares nothing with encodings/nurikabe.lp: it looks at a finished shading and says which
of Nikoli's rules it breaks, so generated puzzles and enumerated solutions can be checked
against the rules by other means than the rules file itself.
"""

from __future__ import annotations

from itertools import product

Cell = tuple[int, int]


def _areas(cells: set[Cell]) -> list[set[Cell]]:
    """The edge-connected areas of `cells`."""
    left, areas = set(cells), []
    while left:
        stack = [left.pop()]
        area = set(stack)
        while stack:
            r, c = stack.pop()
            for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if n in left:
                    left.remove(n)
                    area.add(n)
                    stack.append(n)
        areas.append(area)
    return areas


def broken_rules(rows: int, cols: int, numbers: dict[Cell, int], shaded: set[Cell]) -> set[int]:
    """The numbers (1-5, as in the rules file's header) of the rules a shading breaks."""
    board = set(product(range(rows), range(cols)))
    broken = set()
    if any(cell in shaded for cell in numbers):
        broken.add(1)
    for area in _areas(board - shaded):
        inside = [numbers[cell] for cell in area if cell in numbers]
        if len(inside) != 1:
            broken.add(2)
        if any(n != len(area) for n in inside):
            broken.add(3)
    if len(_areas(set(shaded))) > 1:
        broken.add(4)
    if any({(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)} <= shaded for r, c in board):
        broken.add(5)
    return broken


def solutions(rows: int, cols: int, numbers: dict[Cell, int]) -> list[set[Cell]]:
    """Every shading that breaks no rule, by trying them all (small boards only)."""
    free = [cell for cell in product(range(rows), range(cols)) if cell not in numbers]
    found = []
    for bits in range(1 << len(free)):
        shaded = {cell for k, cell in enumerate(free) if bits >> k & 1}
        if not broken_rules(rows, cols, numbers, shaded):
            found.append(shaded)
    return found

"""An independent reading of Light Up's rules in Python, for small boards: which numbered
rules a placement of lights breaks, and every placement that breaks none."""

from __future__ import annotations

from itertools import product

Cell = tuple[int, int]


def lit_by(rows: int, cols: int, black: dict[Cell, int | None], light: Cell) -> set[Cell]:
    """The cells a light shines on (itself left out)."""
    found = set()
    for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        r, c = light[0] + dr, light[1] + dc
        while 0 <= r < rows and 0 <= c < cols and (r, c) not in black:
            found.add((r, c))
            r, c = r + dr, c + dc
    return found


def broken_rules(rows: int, cols: int, black: dict[Cell, int | None], lights: set[Cell]) -> set:
    white = {(r, c) for r in range(rows) for c in range(cols)} - set(black)
    shone = {cell for light in lights for cell in lit_by(rows, cols, black, light)}
    broken = set()
    if white - lights - shone:
        broken.add(1)
    if lights & shone:
        broken.add(2)
    for (r, c), n in black.items():
        near = {(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)}
        if n is not None and len(near & lights) != n:
            broken.add(3)
    return broken


def solutions(rows: int, cols: int, black: dict[Cell, int | None]) -> list[set[Cell]]:
    white = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in black]
    found = []
    for choice in product((False, True), repeat=len(white)):
        lights = {cell for cell, on in zip(white, choice, strict=True) if on}
        if not broken_rules(rows, cols, black, lights):
            found.append(lights)
    return found

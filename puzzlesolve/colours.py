"""The pictures' colours: the ink, the grid, the marks' colours (reserved: no line uses them)
and the line `PALETTE`, spread over a puzzle's lines so that neighbours differ most
(`spread_colours`), with the contrast arithmetic that chose them (WCAG luminance, CIELAB)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from puzzlesolve.grid import Cell

INK = "#1a1a1a"
GRID = "#9e9e9e"
HIGHLIGHT = "#ffb300"  # amber: a hinted cell (dashed outline); cells where solutions differ
DIFFER = HIGHLIGHT  # (hatched): the two never share a picture
CITED = "#29b6f6"  # light blue: the cells a hint or a conflict rests on (corner brackets)
CONFLICT = "#d50000"  # red: cells that cannot all hold (outline and cross-hatching)
MARKS = (CONFLICT, HIGHLIGHT, CITED)
"""The marks' colours: reserved, no line is drawn in them."""

# Sixteen line colours, from Kelly's, Trubetskoy's, Tableau's and ColorBrewer's sets: of those
# at least 2.5:1 in contrast to white (a label's disc stands out on the board), the ones at
# least 40 apart (CIELAB difference) from every mark's colour, then picked greedily for the
# largest smallest difference to those already picked, to white, to the ink and to the grid.
# The smallest difference between two lines is 26.7, between a line and a mark 41.1. They are
# ordered so that any four labels in a row (which often lie side by side) are at least
# 42 apart.
PALETTE = (
    "#4363d8", "#2ca02c", "#ff1493", "#882d17", "#9467bd", "#556b2f", "#006d77", "#b3446c",
    "#f032e6", "#808000", "#000075", "#8c564b", "#e377c2", "#1b9e77", "#911eb4", "#9a6324",
)  # fmt: skip

REACH = 6
"""Lines farther apart than this many cells (in rows or columns) count as far apart when
`spread_colours` has to give a colour a second time."""
TOUCH = 1
"""Lines this close (side by side) are neighbours: their colours should differ most."""


def colour(index: int) -> str:
    """The palette's colour for the label numbered `index` (1, 2, ...), round again past the
    end; a picture with more lines than colours uses `spread_colours` instead."""
    return PALETTE[(index - 1) % len(PALETTE)]


def spread_colours(lines: Sequence[tuple[Any, Iterable[Cell], int | None]]) -> dict[Any, str]:
    """A palette colour for each line, lines near each other in different colours.

    Lines are coloured in the order given; each takes the colour whose nearest line of that
    colour is farthest away (up to `REACH` cells), and among colours as far away, the line's
    own (`preferred`, an index into the palette from 0) if no line has it yet (labels 1 and A
    both ask for the first), else the one least like the colours
    of the lines it touches (within `TOUCH` cells), else the least used, else the first. So as
    long as there are colours to spare, line k of the palette order gets colour k, and beyond
    that a colour comes back only where no line of it is near.

    Args:
        lines: ``(key, cells, preferred)`` per line: the cells it covers as far as they are
            drawn (at least its ends), and its own palette index or None.

    Returns:
        The colour (``#rrggbb``) of each key.
    """
    lab = [cielab(c) for c in PALETTE]
    # per palette colour: cell -> distance (in rows or columns, up to REACH) to its lines
    near: list[dict[Cell, int]] = [{} for _ in PALETTE]
    uses = [0] * len(PALETTE)
    chosen = {}
    for key, cells, preferred in lines:
        cells = list(cells)
        apart = [
            min((around.get(cell, REACH + 1) for cell in cells), default=REACH + 1)
            for around in near
        ]
        touching = [j for j, distance in enumerate(apart) if distance <= TOUCH]
        # how far each colour is from the nearest colour of a line it touches
        unlike = [
            min((math.dist(lab[i], lab[j]) for j in touching), default=math.inf)
            for i in range(len(PALETTE))
        ]
        best = max(
            range(len(PALETTE)),
            key=lambda i: (apart[i], i == preferred and not uses[i], unlike[i], -uses[i], -i),
        )
        chosen[key], uses[best] = PALETTE[best], uses[best] + 1
        around = near[best]
        for r, c in cells:
            for dr in range(-REACH, REACH + 1):
                for dc in range(-REACH, REACH + 1):
                    step = max(abs(dr), abs(dc))
                    if around.get((r + dr, c + dc), REACH + 1) > step:
                        around[r + dr, c + dc] = step
    return chosen


def _linear_rgb(colour: str) -> tuple[float, float, float]:
    """The red, green and blue light of a colour ``#rrggbb`` (sRGB undone), 0..1 each."""

    def linear(part: str) -> float:
        value = int(part, 16) / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    return linear(colour[1:3]), linear(colour[3:5]), linear(colour[5:7])


def cielab(colour: str) -> tuple[float, float, float]:
    """A colour ``#rrggbb`` in CIELAB (D65), where distance is how different colours look."""
    red, green, blue = _linear_rgb(colour)
    x = (0.4124 * red + 0.3576 * green + 0.1805 * blue) / 0.95047
    y = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    z = (0.0193 * red + 0.1192 * green + 0.9505 * blue) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def luminance(fill: str) -> float:
    """The relative luminance (WCAG) of a colour ``#rrggbb``: 0 black .. 1 white."""
    red, green, blue = _linear_rgb(fill)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(one: str, other: str) -> float:
    """The contrast ratio (WCAG) of two colours: 1 (the same) .. 21 (black on white)."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def readable_on(fill: str) -> str:
    """Black or white, whichever contrasts more with the colour `fill` (``#rrggbb``)."""
    return INK if contrast(INK, fill) > contrast("#ffffff", fill) else "#ffffff"

"""SVG pictures of puzzles, genre-free: a grid canvas, a fixed palette and the shared marks.

    >>> from puzzlesolve import get_genre, load
    >>> from puzzlesolve.drawing import draw
    >>> hitori = get_genre("hitori")
    >>> svg = draw(hitori, load(hitori, "instances/hitori/ai-course-5x5.txt"))
    >>> svg.startswith("<?xml") and 'viewBox="' in svg
    True

`draw` is the one call behind every picture: the puzzle as printed, with a solution or an
answer (every decided cell's value, as `Genre.values` and `Genre.read_answer` give them)
on it, and the marks the commands share. `draw_two` puts two solutions side by side, the
cells where they differ marked in both. A genre's ``draw`` module
(``genres/<genre>/draw.py``) paints only what is its own: `cells(puzzle)` lists the board's
cells and `paint(canvas, puzzle, values, solution)` draws numbers, shading or lines.

Each mark has a colour no line uses (`MARKS`; the line `PALETTE` keeps far from them) and a
shape of its own, so that it reads without telling colours apart: a conflict is outlined and
cross-hatched in red, a hinted cell tinted amber with a dashed outline, a cell something rests
on (a hint's or a conflict's reason) tinted light blue with corner brackets, a cell where
solutions differ hatched one way in amber.

The picture is drawn in layers, bottom to top: the cells' background, tints, the genre's
fills, hatching, the grid, the genre's ink (numbers, lines), then outlines and brackets, so a
mark stays visible on a shaded cell. One cell is `CELL` units wide and the SVG's viewBox spans
the grid (and a title above it, if any), so the picture scales to any size. Lines are coloured
from `PALETTE` by label number (`spread_colours`), never at random, so a puzzle looks the same
on every run.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import drawsvg

from puzzlesolve.canvas import CELL, MARGIN, TITLE, Canvas
from puzzlesolve.colours import (
    CITED,
    CONFLICT,
    DIFFER,
    GRID,
    HIGHLIGHT,
    INK,
)
from puzzlesolve.grid import Cell, Value

if TYPE_CHECKING:
    from puzzlesolve.genre import Genre


GAP = CELL // 2  # between the two panels of `draw_two`

__all__ = [  # what genres' draw modules take from here (the canvas and its colours)
    "CELL",
    "CONFLICT",
    "GAP",
    "GRID",
    "INK",
    "MARGIN",
    "TITLE",
    "Canvas",
    "draw",
    "draw_two",
    "site_cells",
]


def draw(
    genre: Genre,
    puzzle: Any,
    *,
    solution: Any = None,
    values: dict[Cell, Value] | None = None,
    highlight: Iterable[Cell] = (),
    cited: Iterable[Cell] = (),
    conflicts: Iterable[Cell] = (),
    differ: Iterable[Cell] = (),
    title: str | None = None,
    wrong_pairs: Iterable[tuple[tuple[Cell, Cell], bool]] = (),
) -> str:
    """An SVG picture of a puzzle, with a solution or answer and marks on it.

    Args:
        genre: the genre.
        puzzle: the puzzle, as the genre's `parse` returns it.
        solution: a solution as the solver returns it (e.g. Numberlink paths); its cell
            values are drawn unless `values` is given too.
        values: decided cells and their values (`Genre.values`, `Genre.read_answer`);
            cells left out are drawn undecided.
        highlight: cells tinted amber with a dashed outline (a hinted cell).
        cited: cells tinted light blue with corner brackets (the cells a hint or a conflict
            rests on).
        conflicts: cells outlined and cross-hatched in red (a conflict of the answer).
        differ: cells hatched in amber (cells that differ between solutions).
        title: a line of text above the grid.
        wrong_pairs: marks of a conflict between two places, ``((a, b), drawn)``: a loop
            genre's edge between grid points or segment between cells, drawn in red over
            the answer (a red cross where the mark says "no line").

    Returns:
        The SVG document as text.
    """
    canvas = _canvas(genre, puzzle, solution, values, highlight, cited, conflicts, differ, title)
    for (a, b), drawn in wrong_pairs:
        _wrong_pair(canvas, genre.sites == "edges", a, b, drawn)
    return canvas.svg()


def _wrong_pair(canvas: Canvas, edge: bool, a: Cell, b: Cell, drawn: bool) -> None:
    """A conflict's mark between `a` and `b` in red: the line itself, or a cross on it."""
    ends: tuple[tuple[float, float], tuple[float, float]]
    if edge:  # between grid points, as loop genres draw along the grid lines
        ends = a, b
    else:  # between cell centres
        ends = (a[0] + 0.5, a[1] + 0.5), (b[0] + 0.5, b[1] + 0.5)
    if drawn:
        canvas.edge(ends[0], ends[1], CONFLICT, 6)
        return
    middle = ((ends[0][0] + ends[1][0]) / 2, (ends[0][1] + ends[1][1]) / 2)
    arm = 0.12
    for dy, dx in ((arm, arm), (arm, -arm)):
        canvas.edge((middle[0] - dy, middle[1] - dx), (middle[0] + dy, middle[1] + dx), CONFLICT, 3)


def draw_two(
    genre: Genre,
    puzzle: Any,
    first: Any,
    second: Any,
    *,
    differ: Iterable[Cell] = (),
    titles: tuple[str, str] = ("solution 1", "solution 2"),
) -> str:
    """Two solutions of one puzzle side by side, each titled, the `differ` cells hatched in
    both (as `draw` marks them).

    Returns:
        The SVG document as text.
    """
    differ = [cell for site in differ for cell in site_cells(genre, puzzle, site)]
    left, right = (
        _canvas(genre, puzzle, solution, None, (), (), (), differ, title)
        for solution, title in zip((first, second), titles)
    )
    picture = drawsvg.Drawing(
        left.width + GAP + right.width,
        left.height,
        origin=(-MARGIN - left.left, -MARGIN - left.top),
    )
    picture.append(left.finish())
    picture.append(drawsvg.Group([right.finish()], transform=f"translate({left.width + GAP},0)"))
    return picture.as_svg()


def site_cells(genre: Genre, puzzle: Any, site: Any) -> list[Cell]:
    """The cells that show a site: a cell itself, a segment's two cells, or the cells on
    either side of an edge (loop genres, `Genre.sites`)."""
    if genre.sites == "cells" or not isinstance(site[0], tuple):
        return [site]
    if genre.sites == "segments":
        return list(site)
    (y, x), (y2, _x2) = site
    beside = [(y - 1, x), (y, x)] if y == y2 else [(y, x - 1), (y, x)]
    return [(r, c) for r, c in beside if 0 <= r < puzzle.rows and 0 <= c < puzzle.cols]


def _canvas(
    genre: Genre,
    puzzle: Any,
    solution: Any,
    values: dict[Cell, Value] | None,
    highlight: Iterable[Cell],
    cited: Iterable[Cell],
    conflicts: Iterable[Cell],
    differ: Iterable[Cell],
    title: str | None,
) -> Canvas:
    """The canvas of `draw` (which says what the arguments are), painted and marked."""
    module = genre.feature("draw")
    if values is None:
        values = {} if solution is None else genre.values(puzzle, solution)
    canvas = Canvas(puzzle.rows, puzzle.cols, module.cells(puzzle), title)
    highlight, cited, conflicts = list(highlight), list(cited), list(conflicts)
    for cells, tint in ((highlight, HIGHLIGHT), (cited, CITED)):
        for cell in cells:
            canvas.fill(cell, tint, layer="tint", opacity=0.4)
    module.paint(canvas, puzzle, values, solution)
    for cell in differ:
        canvas.hatch(cell, DIFFER, 3, opacity=0.7)
    for cell in conflicts:
        canvas.hatch(cell, CONFLICT, 1.5, both=True, opacity=0.7)
        canvas.border(cell, CONFLICT, 4)
    for cell in highlight:
        canvas.border(cell, HIGHLIGHT, 4, dashed=True)
    for cell in cited:
        canvas.brackets(cell, CITED, 4)
    return canvas

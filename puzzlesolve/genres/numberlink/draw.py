"""Numberlink pictures: each line a thick stroke in its label's colour, endpoints as discs.

A solution draws every line through its cells' centres. An answer file says which line
passes through a cell but not which way it goes, so there neighbouring cells of one label
are joined: at full width when every cell is decided (a line that runs alongside itself then
shows a join it does not have), else thinner, with a dot in each decided cell; a cell
decided empty (``-``) gets a small x.
"""

from __future__ import annotations

from collections.abc import Iterable

from puzzlesolve.drawing import CELL, Canvas, colour, readable_on
from puzzlesolve.genres.numberlink import Numberlink, Paths
from puzzlesolve.grid import Cell, Value

LINE = 0.3 * CELL
JOIN = 0.16 * CELL


def cells(puzzle: Numberlink) -> Iterable[Cell]:
    """Every cell of the grid."""
    return [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)]


def paint(
    canvas: Canvas, puzzle: Numberlink, values: dict[Cell, Value], paths: Paths | None
) -> None:
    """Lines (or an answer's dots), then the endpoints with their labels on top."""
    if paths is not None:
        for k, path in sorted(paths.items()):
            if len(path) > 1:
                canvas.line(path, colour(k), LINE)
    else:
        number = {name: k for k, name in enumerate(puzzle.names) if k}
        complete = len(values) == puzzle.rows * puzzle.cols
        for (r, c), label in sorted(values.items()):
            if label == "-":
                canvas.cross((r, c))
                continue
            for neighbour in ((r, c + 1), (r + 1, c)):
                if values.get(neighbour) == label:
                    canvas.join(
                        (r, c), neighbour, colour(number[label]), LINE if complete else JOIN
                    )
            if not complete:
                canvas.disc((r, c), 0.14, colour(number[label]))
    for cell, k in sorted(puzzle.endpoints.items()):
        canvas.disc(cell, 0.38, colour(k), stroke="#ffffff")
        canvas.text(cell, puzzle.names[k], readable_on(colour(k)), bold=True)

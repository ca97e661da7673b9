"""Numberlink pictures: each line a thick stroke in its label's colour, endpoints as discs.

A solution draws every line through its cells' centres. An answer file says which line
passes through a cell but not which way it goes, so there neighbouring cells of one label
are joined: at full width when every cell is decided (a line that runs alongside itself then
shows a join it does not have), else thinner, with a dot in each decided cell; a cell
decided empty (``-``) gets a small x.

Each label has its colour by number (label 3 or C: the palette's third colour, the same in
the puzzle's, the answer's and the solution's picture) while the palette lasts; with more
labels than colours, a colour comes back only for a line far from the other lines of that
colour, as far as the picture draws them (`spread_colours`).
"""

from __future__ import annotations

from puzzlesolve.colours import PALETTE, readable_on, spread_colours
from puzzlesolve.drawing import CELL, Canvas
from puzzlesolve.genre import Genre
from puzzlesolve.genres.numberlink import Numberlink, Paths, check_label
from puzzlesolve.grid import Cell, Value

LINE = 0.3 * CELL
JOIN = 0.16 * CELL


def label_number(name: str) -> int | None:
    """The number a label says: 7 for ``7``, 3 for ``C`` or ``c``; None for other labels."""
    if name.isdecimal():
        return int(name)
    if len(name) == 1 and name.isascii() and name.isalpha():
        return ord(name.upper()) - ord("A") + 1
    return None


def line_colours(
    puzzle: Numberlink, values: dict[Cell, Value], paths: Paths | None
) -> dict[int, str]:
    """The colour of each label (by its number in `puzzle.names`), see the module's docstring.

    Labels are coloured in the order of what they say (numbers, then letters, then any other
    label), each preferring the palette's colour of its number.
    """
    drawn: dict[int, list[Cell]] = {}
    for cell, k in sorted(puzzle.endpoints.items()):
        drawn.setdefault(k, []).append(cell)
    if paths is not None:
        for k, path in paths.items():
            drawn[k].extend(path)
    else:
        number = {name: k for k, name in enumerate(puzzle.names) if k}
        for cell, label in values.items():
            if label in number:
                drawn[number[label]].append(cell)

    def order(k: int) -> tuple:
        said = label_number(puzzle.names[k])
        return (said is None, not puzzle.names[k].isdecimal(), said or 0, puzzle.names[k])

    lines = []
    for k in sorted(drawn, key=order):
        said = label_number(puzzle.names[k])
        preferred = said - 1 if said is not None and 1 <= said <= len(PALETTE) else None
        lines.append((k, drawn[k], preferred))
    return spread_colours(lines)


def paint(
    canvas: Canvas, puzzle: Numberlink, values: dict[Cell, Value], paths: Paths | None
) -> None:
    """Lines (or an answer's dots), then the endpoints with their labels on top."""
    colours = line_colours(puzzle, values, paths)
    if paths is not None:
        for k, path in sorted(paths.items()):
            if len(path) > 1:
                canvas.line(path, colours[k], LINE)
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
                        (r, c), neighbour, colours[number[label]], LINE if complete else JOIN
                    )
            if not complete:
                canvas.disc((r, c), 0.14, colours[number[label]])
    for cell, k in sorted(puzzle.endpoints.items()):
        canvas.disc(cell, 0.38, colours[k], stroke="#ffffff")
        canvas.text(cell, puzzle.names[k], readable_on(colours[k]), bold=True)


PAGE = "lines"
"""How a person marks the cells on the web page (``puzzlesolve serve``): drag lines."""


def page_board(_genre: Genre, puzzle: Numberlink) -> dict:
    """What the web page draws: ``cells[r][c]`` is the endpoint's label or None, and
    ``colours`` each label's colour, as the pictures colour its line."""
    names = puzzle.names
    label = {cell: names[k] for cell, k in puzzle.endpoints.items()}
    colours = line_colours(puzzle, {}, None)
    return {
        "cells": [[label.get((r, c)) for c in range(puzzle.cols)] for r in range(puzzle.rows)],
        # a label whose endpoints were taken away (the Audit panel's removal) has no colour
        "colours": {names[k]: colours[k] for k in range(1, len(names)) if k in colours},
    }


def page_marks(puzzle: Numberlink, marks: dict) -> dict:
    """The page's marks: each cell's label or "-" (checked as an answer file's are) and the
    segments drawn or not, ``(r, c, r2, c2): bool``, as they are."""
    for site, mark in marks.items():
        if len(site) == 2:
            check_label(puzzle, site, mark)
    return marks

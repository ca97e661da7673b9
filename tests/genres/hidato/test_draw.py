"""Hidato and Numbrix pictures: SVG drawings rendered to PNG and checked pixel by pixel (the generic
checks, every example drawn, are in tests/test_drawing.py)."""

from __future__ import annotations

import pytest
from conftest import REPO
from pictures import at, box, luminance, render, solved

from puzzlesolve import get_genre
from puzzlesolve.drawing import draw

INSTANCES = REPO / "instances"


def glyph_colours(image, cell) -> tuple[int, int]:
    """How many pixels of the cell's number are blue (filled in) and how many black (given)."""
    pixels = box(image, cell, margin=0.15)
    blue = sum(1 for p in pixels if p[2] > 150 and p[0] < 100)
    black = sum(1 for p in pixels if luminance(p) < 60)
    return blue, black


@pytest.mark.parametrize("genre, name", [("hidato", "voids-6x7"), ("numbrix", "holes-6x6")])
def test_givens_are_black_and_bold_filled_numbers_blue_voids_missing(genre, name):
    puzzle, result = solved(genre, INSTANCES / genre / f"{name}.txt")
    svg = draw(get_genre(genre), puzzle, solution=result.solutions[0])
    image = render(svg)
    given = next(iter(puzzle.givens))
    filled = next(cell for cell in puzzle.cells if cell not in puzzle.givens)
    void = next(
        (r, c) for r in range(puzzle.rows) for c in range(puzzle.cols) if (r, c) not in puzzle.cells
    )
    assert glyph_colours(image, given)[0] == 0 and glyph_colours(image, given)[1] > 20
    assert glyph_colours(image, filled)[0] > 20 and glyph_colours(image, filled)[1] == 0
    assert at(image, void, 0.3, 0.3)[3] == 0  # transparent: not part of the board
    # the path 1..N is drawn faintly behind the solution, never on the bare puzzle
    assert 'stroke-opacity="0.35"' in svg
    assert 'stroke-opacity="0.35"' not in draw(get_genre(genre), puzzle)

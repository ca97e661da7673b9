"""Hitori pictures: SVG drawings rendered to PNG and checked pixel by pixel (the generic
checks, every example drawn, are in tests/test_drawing.py)."""

from __future__ import annotations

from conftest import REPO
from pictures import at, box, luminance, near, render, solved

from puzzlesolve import get_genre, load
from puzzlesolve.drawing import draw
from puzzlesolve.genres.hitori.draw import RING
from puzzlesolve.instance import load_answer

INSTANCES = REPO / "instances"
HITORI = get_genre("hitori")  # the machinery takes a Genre; names are resolved at the edge


def test_hitori_shaded_cells_are_dark_unshaded_light_numbers_legible_on_both():
    puzzle, result = solved("hitori", INSTANCES / "hitori" / "ai-course-5x5.txt")
    image = render(draw(HITORI, puzzle, solution=result.solutions[0]))
    shaded, unshaded = (0, 4), (0, 0)
    assert shaded in result.solutions[0] and unshaded not in result.solutions[0]
    dark, light = box(image, shaded), box(image, unshaded)
    assert sum(map(luminance, dark)) / len(dark) < 120
    assert sum(map(luminance, light)) / len(light) > 200
    assert max(map(luminance, dark)) > 200  # the light number on the dark cell
    assert min(map(luminance, light)) < 60  # the dark number on the white cell


def test_hitori_partial_answer_rings_the_cells_decided_unshaded():
    puzzle = load("hitori", INSTANCES / "hitori" / "ai-course-5x5.txt")
    answer = load_answer(HITORI, puzzle, REPO / "docs" / "pictures" / "hitori-partial.txt")
    image = render(draw(HITORI, puzzle, values=answer))
    assert answer[0, 0] == "unshaded" and (4, 4) not in answer
    assert near(at(image, (0, 0), 0.5, 0.1), RING)  # the top of the ring
    assert luminance(at(image, (4, 4), 0.5, 0.1)) > 240
    assert luminance(box(image, (0, 4))[0]) < 90  # decided shaded

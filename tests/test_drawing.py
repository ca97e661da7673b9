"""Pictures: SVG drawings rendered to PNG with cairosvg and checked pixel by pixel where it matters.

A cell (r, c) spans ``MARGIN + c * CELL`` .. ``+ CELL`` picture units across; `box` and `at`
turn a cell and a position within it into pixels of the rendering.
"""

from __future__ import annotations

import io
import itertools
import math
import xml.etree.ElementTree as ET

import cairosvg
import pytest
from conftest import REPO
from PIL import Image

from puzzlesolve import load, solve
from puzzlesolve.drawing import CELL, CITED, CONFLICT, HIGHLIGHT, MARGIN, PALETTE, colour, draw
from puzzlesolve.genres.hitori.draw import RING
from puzzlesolve.instance import load_answer, parse

SCALE = 2
INSTANCES = REPO / "instances"


def render(svg: str) -> Image.Image:
    width = float(ET.fromstring(svg).get("viewBox").split()[2])
    png = cairosvg.svg2png(bytestring=svg.encode(), output_width=round(width * SCALE))
    return Image.open(io.BytesIO(png)).convert("RGBA")


def at(image: Image.Image, cell: tuple[int, int], fx: float = 0.5, fy: float = 0.5):
    """The pixel at fraction (fx, fy) of a cell's width and height, from its top-left corner."""
    r, c = cell
    return image.getpixel(
        (round((MARGIN + (c + fx) * CELL) * SCALE), round((MARGIN + (r + fy) * CELL) * SCALE))
    )


def box(image: Image.Image, cell: tuple[int, int], margin: float = 0.3) -> list[tuple]:
    """The pixels of the middle of a cell (`margin` of the cell left out on each side)."""
    r, c = cell
    left, top = (MARGIN + c * CELL) * SCALE, (MARGIN + r * CELL) * SCALE
    span = range(round(margin * CELL * SCALE), round((1 - margin) * CELL * SCALE))
    return [image.getpixel((left + x, top + y)) for x in span for y in span]


def luminance(pixel) -> float:
    return 0.299 * pixel[0] + 0.587 * pixel[1] + 0.114 * pixel[2]


def rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))


def near(pixel, hex_colour: str, tolerance: int = 40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], rgb(hex_colour)))


def tinted(hex_colour: str, opacity: float = 0.45) -> str:
    """A colour laid over white at `opacity`, as the marks tint a cell."""
    return "#" + "".join(f"{round(255 + (v - 255) * opacity):02x}" for v in rgb(hex_colour))


def cielab(hex_colour: str) -> tuple[float, float, float]:
    """sRGB to CIELAB (D65), to measure how far apart two colours look."""

    def linear(v: float) -> float:
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(v / 255) for v in rgb(hex_colour))
    x = (0.4124 * red + 0.3576 * green + 0.1805 * blue) / 0.95047
    y = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    z = (0.0193 * red + 0.1192 * green + 0.9505 * blue) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def solved(genre: str, path, **options):
    puzzle = load(genre, path)
    return puzzle, solve(genre, puzzle, **options)


# --- the document ---------------------------------------------------------------------------


def test_svg_is_valid_and_its_viewbox_spans_the_grid():
    puzzle = load("hitori", INSTANCES / "hitori" / "non-square-8x12.txt")
    svg = draw("hitori", puzzle)
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    width, height = 12 * CELL + 2 * MARGIN, 8 * CELL + 2 * MARGIN
    assert root.get("viewBox") == f"{-MARGIN} {-MARGIN} {width} {height}"
    small = cairosvg.svg2png(bytestring=svg.encode(), output_width=width)
    large = cairosvg.svg2png(bytestring=svg.encode(), output_width=3 * width)
    assert Image.open(io.BytesIO(small)).size == (width, height)
    assert Image.open(io.BytesIO(large)).size == (3 * width, 3 * height)


def test_palette_gives_twenty_distinguishable_colours_and_more_stay_distinct():
    assert [colour(k) for k in range(1, 21)] == list(PALETTE)
    for a, b in itertools.combinations((*PALETTE, "#ffffff"), 2):
        assert math.dist(cielab(a), cielab(b)) > 25, (a, b)
    many = [colour(k) for k in range(1, 61)]
    assert len(set(many)) == 60 and many == [colour(k) for k in range(1, 61)]


# --- Hitori ----------------------------------------------------------------------------------


def test_hitori_shaded_cells_are_dark_unshaded_light_numbers_legible_on_both():
    puzzle, result = solved("hitori", INSTANCES / "hitori" / "ai-course-5x5.txt")
    image = render(draw("hitori", puzzle, solution=result.solutions[0]))
    shaded, unshaded = (0, 4), (0, 0)
    assert shaded in result.solutions[0] and unshaded not in result.solutions[0]
    dark, light = box(image, shaded), box(image, unshaded)
    assert sum(map(luminance, dark)) / len(dark) < 120
    assert sum(map(luminance, light)) / len(light) > 200
    assert max(map(luminance, dark)) > 200  # the light number on the dark cell
    assert min(map(luminance, light)) < 60  # the dark number on the white cell


def test_hitori_partial_answer_rings_the_cells_decided_unshaded():
    puzzle = load("hitori", INSTANCES / "hitori" / "ai-course-5x5.txt")
    answer = load_answer("hitori", puzzle, REPO / "docs" / "pictures" / "hitori-partial.txt")
    image = render(draw("hitori", puzzle, values=answer))
    assert answer[0, 0] == "unshaded" and (4, 4) not in answer
    assert near(at(image, (0, 0), 0.5, 0.1), RING)  # the top of the ring
    assert luminance(at(image, (4, 4), 0.5, 0.1)) > 240
    assert luminance(box(image, (0, 4))[0]) < 90  # decided shaded


# --- Numberlink ------------------------------------------------------------------------------


def test_numberlink_lines_have_their_label_colour_at_the_cell_centres():
    puzzle, result = solved("numberlink", INSTANCES / "numberlink" / "copris-5x5.txt")
    image = render(draw("numberlink", puzzle, solution=result.solutions[0]))
    for k, path in result.solutions[0].items():
        for cell in path[1:-1]:
            assert near(at(image, cell), colour(k), 8), (k, cell)
        assert near(at(image, path[0], 0.5, 0.2), colour(k), 8)  # the endpoint's disc


def test_numberlink_complete_answer_is_drawn_like_the_solution():
    puzzle = load("numberlink", INSTANCES / "numberlink" / "copris-5x5.txt")
    answer = load_answer("numberlink", puzzle, INSTANCES / "numberlink" / "copris-5x5.sol")
    image = render(draw("numberlink", puzzle, values=answer))
    assert near(at(image, (0, 2)), colour(1), 8) and near(
        at(image, (0, 2), 0.95, 0.5), colour(1), 8
    )


def test_numberlink_partial_answer_dots_labels_and_crosses_empty_cells():
    puzzle = parse("numberlink", "1 - 1\n- - -\n2 - 2\n")
    image = render(draw("numberlink", puzzle, values={(0, 1): "1", (1, 1): "-"}))
    assert near(at(image, (0, 1)), colour(1), 8)
    assert luminance(at(image, (1, 1))) < 200 and luminance(at(image, (1, 1), 0.2, 0.5)) > 240
    assert luminance(at(image, (2, 1))) > 240  # undecided: nothing drawn


# --- Hidato and Numbrix ----------------------------------------------------------------------


def glyph_colours(image, cell) -> tuple[int, int]:
    """How many pixels of the cell's number are blue (filled in) and how many black (given)."""
    pixels = box(image, cell, margin=0.15)
    blue = sum(1 for p in pixels if p[2] > 150 and p[0] < 100)
    black = sum(1 for p in pixels if luminance(p) < 60)
    return blue, black


@pytest.mark.parametrize("genre, name", [("hidato", "voids-6x7"), ("numbrix", "holes-6x6")])
def test_givens_are_black_and_bold_filled_numbers_blue_voids_missing(genre, name):
    puzzle, result = solved(genre, INSTANCES / genre / f"{name}.txt")
    svg = draw(genre, puzzle, solution=result.solutions[0])
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
    assert 'stroke-opacity="0.35"' not in draw(genre, puzzle)


# --- marks: ambiguity, hints, conflicts -------------------------------------------------------


def test_ambiguous_cells_are_highlighted(tmp_path):
    from click.testing import CliRunner

    from puzzlesolve.cli import main

    picture = tmp_path / "ambiguous.svg"
    ambiguous = REPO / "docs" / "pictures" / "hitori-ambiguous.txt"
    r = CliRunner().invoke(
        main, ["hitori", str(ambiguous), "-n", "2", "--svg", str(picture)], catch_exceptions=False
    )
    assert r.exit_code == 0, r.output
    assert "% differ: r4c2 r5c2" in r.stdout
    image = render(picture.read_text())
    assert near(at(image, (3, 1), 0.2, 0.2), tinted(HIGHLIGHT), 8)  # tinted (unshaded in the first)
    assert near(at(image, (4, 1), 0.06, 0.5), HIGHLIGHT, 30)  # outlined (shaded in the first)
    assert near(at(image, (2, 1), 0.2, 0.2), "#ffffff", 5)


def test_check_and_hint_marks_render_in_one_call():
    """What check and hint will draw: conflicts in red, the hinted cell and its cited cells."""
    puzzle = load("hitori", INSTANCES / "hitori" / "ai-course-5x5.txt")
    svg = draw(
        "hitori",
        puzzle,
        values={(0, 0): "shaded", (0, 1): "shaded"},
        conflicts=[(0, 0), (0, 1)],
        highlight=[(2, 2)],
        cited=[(2, 0), (2, 3)],
    )
    image = render(svg)
    for cell in ((0, 0), (0, 1)):
        assert near(at(image, cell, 0.075, 0.5), CONFLICT, 30)
        assert near(at(image, cell, 0.5, 0.075), CONFLICT, 30)
    assert near(at(image, (2, 2), 0.075, 0.5), HIGHLIGHT, 30)
    assert near(at(image, (2, 0), 0.125, 0.075), CITED, 30)  # the first dash of the border
    assert near(at(image, (2, 3), 0.2, 0.3), tinted(CITED), 8)  # the light blue tint
    assert near(at(image, (4, 4), 0.075, 0.5), "#ffffff", 5)  # unmarked

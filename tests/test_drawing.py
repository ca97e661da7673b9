"""Pictures: SVG drawings rendered to PNG with cairosvg and checked pixel by pixel where it matters.

A cell (r, c) spans ``MARGIN + c * CELL`` .. ``+ CELL`` picture units across; `box` and `at`
turn a cell and a position within it into pixels of the rendering.
"""

from __future__ import annotations

import importlib.util
import io
import itertools
import json
import math
import xml.etree.ElementTree as ET

import cairosvg
import pytest
from conftest import REPO, by_name
from pictures import SCALE, at, luminance, near, render, solved, tinted
from PIL import Image

from puzzlesolve import drawing, load
from puzzlesolve.colours import (
    CITED,
    CONFLICT,
    DIFFER,
    HIGHLIGHT,
    MARKS,
    PALETTE,
    cielab,
    colour,
    contrast,
)
from puzzlesolve.drawing import CELL, GAP, MARGIN, TITLE
from puzzlesolve.genres import GENRES

draw = by_name(drawing.draw)  # the tests name genres; the machinery takes a Genre


INSTANCES = REPO / "instances"


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


def test_line_colours_are_far_apart_from_each_other_and_from_every_mark():
    lines = (*PALETTE, "#ffffff")
    smallest = min(math.dist(cielab(a), cielab(b)) for a, b in itertools.combinations(lines, 2))
    to_marks = min(math.dist(cielab(a), cielab(m)) for a in PALETTE for m in MARKS)
    assert round(smallest, 1) == 26.7 and round(to_marks, 1) == 41.1
    # before: amber mark #ffb300 vs line #f6a600 was 7.2 apart, blue #29b6f6 vs #42d4f4 14.2
    for a, b in itertools.combinations(MARKS, 2):
        assert math.dist(cielab(a), cielab(b)) > 60, (a, b)
    # labels numbered in a row often lie side by side: any four in a row are far apart
    for k in range(len(PALETTE)):
        for a, b in itertools.combinations(PALETTE[k : k + 4], 2):
            assert math.dist(cielab(a), cielab(b)) > 42, (a, b)
    # every line, and so every label's disc, stands out on the white board
    assert min(contrast(c, "#ffffff") for c in PALETTE) > 2.7
    assert [colour(k) for k in range(1, 2 * len(PALETTE) + 1)] == list(PALETTE) * 2


# --- marks: ambiguity, hints, conflicts -------------------------------------------------------


# Where the stripes of a hatched cell run (fractions of the cell): on the rising stripes
# only, on the falling ones only (a conflict's cross-hatching), on neither.
RISING, FALLING, CLEAR = (0.1875, 0.3125), (0.1875, 0.1875), (0.25, 0.375)


def test_ambiguous_puzzle_shows_two_solutions_side_by_side_differing_cells_hatched(tmp_path):
    from click.testing import CliRunner

    from puzzlesolve.cli import main

    picture = tmp_path / "ambiguous.svg"
    ambiguous = REPO / "docs" / "pictures" / "hitori-ambiguous.txt"
    r = CliRunner().invoke(
        main, ["hitori", str(ambiguous), "-n", "2", "--svg", str(picture)], catch_exceptions=False
    )
    assert r.exit_code == 0, r.output
    assert "% differ: r4c2 r5c2" in r.stdout
    svg = picture.read_text()
    panel = 5 * CELL + 2 * MARGIN
    assert ET.fromstring(svg).get("viewBox").split()[2:] == [
        f"{2 * panel + GAP}",
        f"{panel + TITLE:g}",
    ]
    assert svg.count(">solution 1</text>") == svg.count(">solution 2</text>") == 1
    image = render(svg)
    left, right = (0, TITLE), (panel + GAP, TITLE)
    # (3, 1) is unshaded in the first solution and shaded in the second; (4, 1) the other way
    for cell, shaded_on in (((3, 1), right), ((4, 1), left)):
        for shift in (left, right):
            base = "#2e2e2e" if shift == shaded_on else "#ffffff"
            assert near(at(image, cell, *RISING, shift), tinted(DIFFER, 0.7, base), 12)
            assert near(at(image, cell, *FALLING, shift), base, 12)
            assert near(at(image, cell, 0.5, 0.075, shift), base, 12)  # hatched, not outlined
    for shift in (left, right):
        assert near(at(image, (2, 1), *RISING, shift), "#ffffff", 5)


def test_each_mark_has_a_shape_of_its_own_besides_its_colour():
    """Conflict: solid outline and cross-hatching; hint: dashed outline on a tint; cited:
    corner brackets on a tint; differ: hatching one way. Told apart without colour."""
    puzzle = load("hitori", INSTANCES / "hitori" / "ai-course-5x5.txt")
    svg = draw(
        "hitori",
        puzzle,
        values={(0, 0): "shaded", (0, 1): "shaded"},
        conflicts=[(0, 0), (0, 1), (2, 3)],
        highlight=[(2, 2)],
        cited=[(2, 0)],
        differ=[(4, 4)],
    )
    image = render(svg)
    red_on_white = tinted(CONFLICT, 0.7)
    for cell in ((0, 0), (0, 1), (2, 3)):
        assert near(at(image, cell, 0.075, 0.5), CONFLICT, 30)
        assert near(at(image, cell, 0.5, 0.075), CONFLICT, 30)
    assert near(at(image, (2, 3), *RISING), red_on_white, 40)
    assert near(at(image, (2, 3), *FALLING), red_on_white, 40)
    assert near(at(image, (2, 3), *CLEAR), "#ffffff", 5)
    assert near(at(image, (0, 0), *RISING), tinted(CONFLICT, 0.7, "#2e2e2e"), 40)  # on shading
    # the hint: a dashed outline (a dash, then a gap showing the tint) on the amber tint
    assert near(at(image, (2, 2), 0.15, 0.075), HIGHLIGHT, 30)
    assert near(at(image, (2, 2), 0.2375, 0.075), tinted(HIGHLIGHT), 8)
    assert near(at(image, (2, 2), *CLEAR), tinted(HIGHLIGHT), 8)
    # cited: brackets in the corners only, on the blue tint
    for fx, fy in ((0.15, 0.075), (0.85, 0.075), (0.15, 0.925), (0.925, 0.85)):
        assert near(at(image, (2, 0), fx, fy), CITED, 30), (fx, fy)
    for fx, fy in ((0.5, 0.075), (0.075, 0.5), (0.925, 0.5), (0.5, 0.925)):
        assert near(at(image, (2, 0), fx, fy), tinted(CITED), 8), (fx, fy)
    # differ: stripes one way, no outline, no tint
    assert near(at(image, (4, 4), *RISING), tinted(DIFFER, 0.7), 12)
    assert near(at(image, (4, 4), *FALLING), "#ffffff", 5)
    assert near(at(image, (4, 4), 0.075, 0.5), "#ffffff", 5)
    assert near(at(image, (4, 3), 0.075, 0.5), "#ffffff", 5)  # unmarked


def test_a_title_goes_above_the_grid():
    puzzle = load("hitori", INSTANCES / "hitori" / "ai-course-5x5.txt")
    svg = draw("hitori", puzzle, title="hitori 5x5, graded medium")
    side = 5 * CELL + 2 * MARGIN
    assert ET.fromstring(svg).get("viewBox").split() == [
        f"{-MARGIN}",
        f"{-MARGIN - TITLE:g}",
        f"{side}",
        f"{side + TITLE:g}",
    ]
    assert ">hitori 5x5, graded medium</text>" in svg
    image = render(svg)
    band = [image.getpixel((x, y)) for x in range(image.width) for y in range(2 * round(TITLE))]
    assert min(map(luminance, band)) < 80  # the title's ink
    assert near(at(image, (4, 4), 0.05, 0.05, (0, TITLE)), "#ffffff", 5)  # the grid, moved down


def test_check_picture_brackets_the_cells_a_conflict_rests_on(tmp_path):
    """Lines 2's ends (0,4) and (1,2) are why (0,3) and (1,4) cannot both stay empty."""
    from click.testing import CliRunner

    from puzzlesolve.cli import main

    answer, picture = tmp_path / "answer.txt", tmp_path / "check.svg"
    answer.write_text("1 ? ? - 2\n3 4 2 ? -\n? ? ? 1 ?\n? ? ? ? ?\n3 ? ? ? 4\n")
    instance = INSTANCES / "numberlink" / "copris-5x5.txt"
    r = CliRunner().invoke(main, ["check", "numberlink", str(instance), str(answer), "--format",
                                  "json", "--svg", str(picture)])  # fmt: skip
    assert r.exit_code == 1, r.output
    (conflict,) = json.loads(r.stdout)["conflicts"]
    assert conflict["cells"] == [[0, 3], [1, 4]] and conflict["because"] == [[0, 4], [1, 2]]
    image = render(picture.read_text())
    for cell in ((0, 3), (1, 4)):
        assert near(at(image, cell, 0.5, 0.075), CONFLICT, 30)
    for cell in ((0, 4), (1, 2)):  # bracketed in the corners (before: unmarked)
        assert near(at(image, cell, 0.075, 0.15), CITED, 30)
        assert not near(at(image, cell, 0.5, 0.075), CONFLICT, 60)
    assert near(at(image, (0, 1), 0.075, 0.15), "#ffffff", 5)


# --- every genre ------------------------------------------------------------------------------


# every declared example of up to 100 cells of every genre that draws (a draw module), with its
# first solution (none for an unsolvable one)
def cells(genre: str, path) -> int:
    puzzle = load(genre, path)
    return puzzle.rows * puzzle.cols


DRAWN = [
    (name, example)
    for name, genre in GENRES.items()
    if importlib.util.find_spec(f"{genre.package}.draw")
    for example in genre.examples
    if cells(name, REPO / example.path) <= 100
]


LABELLED = {"tents", "nonogram"}  # genres that draw labels outside the grid


@pytest.mark.parametrize(("genre", "example"), DRAWN, ids=[f"{g}/{e.name}" for g, e in DRAWN])
def test_every_example_is_drawn_as_an_svg_spanning_its_grid(genre, example):
    puzzle, result = solved(genre, REPO / example.path, switches=example.switches)
    width, height = puzzle.cols * CELL + 2 * MARGIN, puzzle.rows * CELL + 2 * MARGIN
    bare = draw(genre, puzzle)
    pictures = [bare] + [draw(genre, puzzle, solution=s) for s in result.solutions[:1]]
    for svg in pictures:
        root = ET.fromstring(svg)
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        # the grid and its margin, and labels outside it where a genre has them (Tents' counts, Nonogram's runs)
        x, y, wide, high = (float(v) for v in root.get("viewBox").split())
        assert x <= -MARGIN and y <= -MARGIN and wide >= width and high >= height
        assert (x, y, wide, high) == (-MARGIN, -MARGIN, width, height) or genre in LABELLED
        assert render(svg).size == (round(wide) * SCALE, round(high) * SCALE)
    assert len(set(pictures)) == len(pictures)  # the solution shows on the picture

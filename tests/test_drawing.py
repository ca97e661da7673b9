"""Pictures: SVG drawings rendered to PNG with cairosvg and checked pixel by pixel where it matters.

A cell (r, c) spans ``MARGIN + c * CELL`` .. ``+ CELL`` picture units across; `box` and `at`
turn a cell and a position within it into pixels of the rendering.
"""

from __future__ import annotations

import io
import json
import itertools
import math
import xml.etree.ElementTree as ET

import cairosvg
import pytest
from conftest import CORPUS, REPO
from PIL import Image

from puzzlesolve import drawing, get_genre, instance, load, parse, solve
from puzzlesolve.drawing import (
    CELL,
    CITED,
    CONFLICT,
    DIFFER,
    GAP,
    HIGHLIGHT,
    MARGIN,
    MARKS,
    PALETTE,
    TITLE,
    cielab,
    colour,
    contrast,
)
from puzzlesolve.genres.hitori.draw import RING
from puzzlesolve.genres.numberlink.draw import line_colours


# the tests name genres; the machinery takes a Genre (resolved at the edge, as here)
def draw(genre, puzzle, **marks):
    return drawing.draw(get_genre(genre), puzzle, **marks)


def draw_two(genre, puzzle, first, second, **marks):
    return drawing.draw_two(get_genre(genre), puzzle, first, second, **marks)


def load_answer(genre, puzzle, path):
    return instance.load_answer(get_genre(genre), puzzle, path)


SCALE = 2
INSTANCES = REPO / "instances"


def render(svg: str) -> Image.Image:
    width = float(ET.fromstring(svg).get("viewBox").split()[2])
    png = cairosvg.svg2png(bytestring=svg.encode(), output_width=round(width * SCALE))
    return Image.open(io.BytesIO(png)).convert("RGBA")


def at(
    image: Image.Image,
    cell: tuple[int, int],
    fx: float = 0.5,
    fy: float = 0.5,
    shift: tuple[float, float] = (0, 0),
):
    """The pixel at fraction (fx, fy) of a cell's width and height, from its top-left corner;
    `shift` moves the grid by so many picture units (a title above, a panel on the left)."""
    r, c = cell
    x, y = MARGIN + (c + fx) * CELL + shift[0], MARGIN + (r + fy) * CELL + shift[1]
    return image.getpixel((round(x * SCALE), round(y * SCALE)))


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


def tinted(hex_colour: str, opacity: float = 0.4, base: str = "#ffffff") -> str:
    """A colour laid over `base` (white) at `opacity`, as the marks tint a cell."""
    return "#" + "".join(
        f"{round(b + (v - b) * opacity):02x}" for v, b in zip(rgb(hex_colour), rgb(base))
    )




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


def test_numberlink_lines_are_coloured_by_label_number_not_by_first_appearance():
    puzzle = parse("numberlink", "9 8 2\n- - -\n9 8 2\n")
    image = render(draw("numberlink", puzzle))
    for label, cell in (("9", (0, 0)), ("8", (0, 1)), ("2", (0, 2))):
        # the disc's rim, beside the label's glyph (before: 9 took the first colour)
        assert near(at(image, cell, 0.5, 0.16), PALETTE[int(label) - 1], 8), label
    letters = parse("numberlink", "C A\n- -\nC A\n")
    assert line_colours(letters, {}, None) == {1: PALETTE[2], 2: PALETTE[0]}
    # 1 and A (the first colour both) and x (none of its own), far apart: three colours
    mixed = parse("numberlink", "1 . . . . . . . . . A\n1 x . . . . . . . x A\n")
    colours = line_colours(mixed, {}, None)
    assert colours[1] == PALETTE[0] and len(set(colours.values())) == 3  # before: A took 1's


def test_numberlink_labels_8_and_9_stand_out_on_white_and_read_on_their_disc():
    puzzle = parse("numberlink", " ".join(map(str, range(1, 10))) + "\n" + "- " * 9 + "\n"
                   + " ".join(map(str, range(1, 10))) + "\n")  # fmt: skip
    image = render(draw("numberlink", puzzle))
    for c in range(9):
        rim = at(image, (0, c), 0.5, 0.16)
        assert contrast("#%02x%02x%02x" % rim[:3], "#ffffff") > 2.7, c + 1  # was 1.5 for 8
        glyph = box(image, (0, c), margin=0.4)  # the label's strokes cross the middle
        assert max(contrast("#%02x%02x%02x" % p[:3], "#%02x%02x%02x" % rim[:3]) for p in glyph) > 4


def test_many_labels_repeat_colours_only_far_apart_on_the_board():
    """ADC 2015 Q19: 84 lines on 32x32. Lines within two cells of each other never share a
    colour (before, colours beyond twenty were hues that neighbours could not tell apart)."""
    base = CORPUS / "numberlink" / "adc" / "adc2015_Q19"
    if not base.with_suffix(".txt").is_file():
        pytest.skip("the shared corpus is not here")
    puzzle = load("numberlink", base.with_suffix(".txt"))
    answer = load_answer("numberlink", puzzle, base.with_suffix(".solution.txt"))
    colours = line_colours(puzzle, answer, None)
    assert len(colours) == 84 and set(colours.values()) == set(PALETTE)
    number = {name: k for k, name in enumerate(puzzle.names) if k}
    cells: dict[int, list] = {}
    for cell, label in answer.items():
        if label != "-":
            cells.setdefault(number[label], []).append(cell)
    for a, b in itertools.combinations(cells, 2):
        if colours[a] == colours[b]:
            apart = min(
                max(abs(p[0] - q[0]), abs(p[1] - q[1])) for p in cells[a] for q in cells[b]
            )
            assert apart >= 3, (puzzle.names[a], puzzle.names[b])
    # the picture draws each line in its colour; the same on every run
    image = render(draw("numberlink", puzzle, values=answer))
    for k, line in cells.items():
        middle = line[len(line) // 2]
        assert near(at(image, middle), colours[k], 8) or answer[middle] != puzzle.names[k]
    assert line_colours(puzzle, answer, None) == colours
    assert [colours[k] for k in sorted(colours)][:16] == [
        PALETTE[int(puzzle.names[k]) - 1] for k in sorted(colours) if int(puzzle.names[k]) <= 16
    ]


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
        f"{2 * panel + GAP}", f"{panel + TITLE:g}"
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
        f"{-MARGIN}", f"{-MARGIN - TITLE:g}", f"{side}", f"{side + TITLE:g}"
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

"""Numberlink pictures: SVG drawings rendered to PNG and checked pixel by pixel (the generic
checks, every example drawn, are in tests/test_drawing.py)."""

from __future__ import annotations

import itertools

import pytest
from conftest import CORPUS, REPO
from pictures import at, box, luminance, near, render, solved

from puzzlesolve import get_genre, load, parse
from puzzlesolve.colours import PALETTE, colour, contrast
from puzzlesolve.drawing import draw
from puzzlesolve.genres.numberlink.draw import line_colours
from puzzlesolve.instance import load_answer

INSTANCES = REPO / "instances"
NUMBERLINK = get_genre("numberlink")  # the machinery takes a Genre; names at the edge


def hex_of(pixel) -> str:
    return "#" + "".join(f"{value:02x}" for value in pixel[:3])


def test_numberlink_lines_have_their_label_colour_at_the_cell_centres():
    puzzle, result = solved("numberlink", INSTANCES / "numberlink" / "copris-5x5.txt")
    image = render(draw(NUMBERLINK, puzzle, solution=result.solutions[0]))
    for k, path in result.solutions[0].items():
        for cell in path[1:-1]:
            assert near(at(image, cell), colour(k), 8), (k, cell)
        assert near(at(image, path[0], 0.5, 0.2), colour(k), 8)  # the endpoint's disc


def test_numberlink_complete_answer_is_drawn_like_the_solution():
    puzzle = load("numberlink", INSTANCES / "numberlink" / "copris-5x5.txt")
    answer = load_answer(NUMBERLINK, puzzle, INSTANCES / "numberlink" / "copris-5x5.sol")
    image = render(draw(NUMBERLINK, puzzle, values=answer))
    assert near(at(image, (0, 2)), colour(1), 8) and near(
        at(image, (0, 2), 0.95, 0.5), colour(1), 8
    )


def test_numberlink_partial_answer_dots_labels_and_crosses_empty_cells():
    puzzle = parse("numberlink", "1 - 1\n- - -\n2 - 2\n")
    image = render(draw(NUMBERLINK, puzzle, values={(0, 1): "1", (1, 1): "-"}))
    assert near(at(image, (0, 1)), colour(1), 8)
    assert luminance(at(image, (1, 1))) < 200 and luminance(at(image, (1, 1), 0.2, 0.5)) > 240
    assert luminance(at(image, (2, 1))) > 240  # undecided: nothing drawn


def test_numberlink_lines_are_coloured_by_label_number_not_by_first_appearance():
    puzzle = parse("numberlink", "9 8 2\n- - -\n9 8 2\n")
    image = render(draw(NUMBERLINK, puzzle))
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
    image = render(draw(NUMBERLINK, puzzle))
    for c in range(9):
        rim = at(image, (0, c), 0.5, 0.16)
        assert contrast(hex_of(rim), "#ffffff") > 2.7, c + 1  # was 1.5 for 8
        glyph = box(image, (0, c), margin=0.4)  # the label's strokes cross the middle
        assert max(contrast(hex_of(p), hex_of(rim)) for p in glyph) > 4


def test_many_labels_repeat_colours_only_far_apart_on_the_board():
    """ADC 2015 Q19: 84 lines on 32x32. Lines within two cells of each other never share a
    colour (before, colours beyond twenty were hues that neighbours could not tell apart)."""
    base = CORPUS / "numberlink" / "adc" / "adc2015_Q19"
    if not base.with_suffix(".txt").is_file():
        pytest.skip("the shared corpus is not here")
    puzzle = load("numberlink", base.with_suffix(".txt"))
    answer = load_answer(NUMBERLINK, puzzle, base.with_suffix(".solution.txt"))
    colours = line_colours(puzzle, answer, None)
    assert len(colours) == 84 and set(colours.values()) == set(PALETTE)
    number = {name: k for k, name in enumerate(puzzle.names) if k}
    cells: dict[int, list] = {}
    for cell, label in answer.items():
        if label != "-":
            cells.setdefault(number[label], []).append(cell)
    for a, b in itertools.combinations(cells, 2):
        if colours[a] == colours[b]:
            apart = min(max(abs(p[0] - q[0]), abs(p[1] - q[1])) for p in cells[a] for q in cells[b])
            assert apart >= 3, (puzzle.names[a], puzzle.names[b])
    # the picture draws each line in its colour; the same on every run
    image = render(draw(NUMBERLINK, puzzle, values=answer))
    for k, line in cells.items():
        middle = line[len(line) // 2]
        assert near(at(image, middle), colours[k], 8) or answer[middle] != puzzle.names[k]
    assert line_colours(puzzle, answer, None) == colours
    assert [colours[k] for k in sorted(colours)][:16] == [
        PALETTE[int(puzzle.names[k]) - 1] for k in sorted(colours) if int(puzzle.names[k]) <= 16
    ]

"""Star Battle links both ways: puzz.link ``starbattle`` (star count, then pzprjs's borders)."""

from __future__ import annotations

import pytest

from puzzlesolve import links, load
from puzzlesolve.codecs import decode_borders, encode_borders
from puzzlesolve.grid import InputError
from puzzlesolve.regions import render
from puzzlesolve.registry import get_genre

STARBATTLE = get_genre("starbattle")
# pzprjs's own test puzzle (test/script/starbattle.js)
PZPRJS = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
PZPRJS_REGIONS = """\
a a a b b b
a b b b c c
a d d e e c
f f d d e c
f e e e e c
f c c c c c
"""


def test_a_link_reads_its_regions_and_star_count():
    puzzle = load("starbattle", PZPRJS)
    assert puzzle.stars == 1
    assert render(puzzle.regions, {}) == PZPRJS_REGIONS


def test_the_link_of_the_regions_is_the_same_link():
    assert links.write(STARBATTLE, load("starbattle", PZPRJS)) == PZPRJS


@pytest.mark.parametrize(
    "path",
    [
        "instances/starbattle/generated-6x6.txt",
        "instances/starbattle/two-stars-10x10.txt",
        "instances/starbattle/three-stars-14x14.txt",
    ],
)
def test_every_example_goes_round_a_link(path):
    puzzle = load("starbattle", path)
    again = load("starbattle", links.write(STARBATTLE, puzzle))
    assert again.stars == puzzle.stars and again.regions.cells == puzzle.regions.cells


def test_borders_both_ways_on_a_non_square_board():
    walls = {((0, 0), (0, 1)), ((1, 2), (2, 2)), ((2, 0), (2, 1))}
    body = encode_borders(walls, 3, 4)
    assert decode_borders(body + "rest", 3, 4) == (walls, "rest")


@pytest.mark.parametrize(
    ("url", "message"),
    [
        (
            "https://puzz.link/p?starbattle/6/6/4ilbhgdnmhou",
            ("a starbattle link gives its star count before the borders"),
        ),
        (
            "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmho",
            ("at character 14 of the puzzle data: the borders need 12 characters"),
        ),
        (
            "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhouz",
            ("at character 15 of the puzzle data: more than the borders"),
        ),
        (
            "https://puzz.link/p?starbattle/6/6/2/4ilbhgdnmhou",
            (
                "2 stars in every row, column and "
                "region cannot fit a 6x6 board (at most 1: two stars never touch)"
            ),
        ),
    ],
)
def test_a_bad_link_is_one_line(url, message):
    with pytest.raises(InputError) as caught:
        load("starbattle", url)
    assert str(caught.value) == f"{url}: {message}"

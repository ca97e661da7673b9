"""Heyawake links: puz.link ``heyawake`` read and written, as pzprjs encodes them."""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzlesolve import links
from puzzlesolve.grid import InputError
from puzzlesolve.registry import get_genre

HEYAWAKE = get_genre("heyawake")
PZPRJS = "https://puzz.link/p?heyawake/6/6/lll155007rs12222j"  # pzprjs's test puzzle


def test_pzprjs_link_reads_as_the_instance_and_writes_back():
    read = links.load(HEYAWAKE, PZPRJS).puzzle
    file = HEYAWAKE.parse(Path("instances/heyawake/pzprjs-6x6.txt").read_text(), "six")
    assert read == file
    assert links.write(HEYAWAKE, file) == PZPRJS


def test_a_link_may_leave_off_the_blank_rooms_at_its_end():
    short = links.load(HEYAWAKE, PZPRJS[:-1]).puzzle
    assert short == links.load(HEYAWAKE, PZPRJS).puzzle


def test_counts_go_on_their_rooms_first_cell():
    # 3x3: room a the top row, room b the rest; b's count 3 on r2c1
    url = links.write(HEYAWAKE, HEYAWAKE.parse("a1 a a\nb b b\nb3 b b\n", "x"))
    puzzle = links.load(HEYAWAKE, url).puzzle
    assert puzzle.clues == {(0, 0): 1, (1, 0): 3}


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("https://puzz.link/p?heyawake/6/6/lll15", "at character 6 of the puzzle data"),
        ("https://puzz.link/p?heyawake/6/6/lll155007rs12222jjj", "do not fit the rooms"),
        ("https://puzz.link/p?heyawake/6/6/lll155007rs1.222j", "marks this room's number unknown"),
        ("https://puzz.link/p?heyawake/6/6/lll155007rs19222j", "cannot hold 9 shaded cells"),
    ],
)
def test_bad_links_are_refused_in_one_line(url, reason):
    with pytest.raises(InputError) as caught:
        links.load(HEYAWAKE, url)
    assert reason in str(caught.value) and "\n" not in str(caught.value)

"""Yajilin links both ways: puz.link ``yajilin`` and pzprjs's ``yajirin``, the clues in
pzprjs's arrow-number code (codecs.decode_arrow_number16 / encode_arrow_number16)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from conftest import REPO

from puzzlesolve import codecs, links, load
from puzzlesolve.cli import main
from puzzlesolve.registry import get_genre

GENRE = get_genre("yajilin")
FIVE = REPO / "instances" / "yajilin" / "pzprjs-5x5.txt"


def test_the_example_is_pzprjs_own_link_both_ways():
    board = load(GENRE, FIVE)
    assert links.write(GENRE, board) == "https://puzz.link/p?yajilin/5/5/m32j10"
    for url in (
        "https://puzz.link/p?yajilin/5/5/m32j10",
        "https://pzv.jp/p.html?yajirin/b/5/5/m32j10",
    ):
        assert links.load(GENRE, url).puzzle == board


def test_arrow_numbers_long_forms_and_runs_of_blanks():
    values = [(1, 0), None, (2, 17), *[None] * 27, (3, 300), (4, 15)]
    body = codecs.encode_arrow_number16(values)
    assert body == "10a711za-312c4f"
    assert codecs.decode_arrow_number16(body, len(values)) == values


@pytest.mark.parametrize(
    ("url", "says"),
    [
        (
            "https://puzz.link/p?yajilin/3/3/0",
            "at character 2 of the puzzle data: '0' needs 1 hexadecimal digits here",
        ),
        ("https://puzz.link/p?yajilin/3/3/b13d", "the body ends after 7 of the 9 cells"),
        (
            "https://puzz.link/p?yajilin/3/3/d2.d",
            "row 2, column 2: expected a number before the arrow, found '?'",
        ),
        (
            "https://puzz.link/p?yajilin/3/3/d02d",
            "row 2, column 2: expected a clue (a number and its arrow",
        ),
    ],
)
def test_bad_links_are_one_line_exit_2(url, says):
    r = CliRunner().invoke(main, ["yajilin", url])
    assert r.exit_code == 2, r.output
    assert says in r.stderr and r.stderr.count("\n") == 1


def test_url_command_prints_the_link():
    r = CliRunner().invoke(main, ["url", "yajilin", str(FIVE)])
    assert r.exit_code == 0 and r.output == "https://puzz.link/p?yajilin/5/5/m32j10\n", r.output

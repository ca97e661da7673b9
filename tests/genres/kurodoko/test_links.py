"""Kurodoko links both ways (puz.link ``kurodoko``, Number16) and Tatham's Range game ids."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from puzzlesolve import links, load
from puzzlesolve.cli import main
from puzzlesolve.genres.kurodoko import render
from puzzlesolve.registry import get_genre

GENRE = get_genre("kurodoko")
SEVEN_LINK = "https://puzz.link/p?kurodoko/7/7/qam2g8g77bg4g5m6q"


def test_a_link_reads_and_writes_back_the_same():
    board = load("kurodoko", SEVEN_LINK)
    assert render(board, []).splitlines()[:2] == [" .  .  .  .  .  .  .", " .  .  .  . 10  .  ."]
    assert links.write(GENRE, board) == SEVEN_LINK


def test_every_example_goes_round_a_link():
    for example in GENRE.examples:
        board = load("kurodoko", example.path)
        assert load("kurodoko", links.write(GENRE, board)) == board


def test_a_link_without_its_genre_word_is_read():
    r = CliRunner().invoke(main, [SEVEN_LINK])
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == " .  .  #  .  .  .  ."


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("https://puzz.link/p?kurodoko/3/1/.h", "the link marks this number unknown ('?')"),
        ("https://puzz.link/p?kurodoko/3/1/0h", "row 1, column 1: 0 is no count"),
        ("https://puzz.link/p?kurodoko/3/1/9h", "row 1, column 1: 9 is more than a number sees"),
    ],
)
def test_a_bad_link_is_one_line_exit_2(url, says):
    r = CliRunner().invoke(main, ["solve", "kurodoko", url])
    assert r.exit_code == 2, r.output
    assert says in r.stderr and r.stderr.count("\n") == 1 and "Traceback" not in r.output


def test_a_range_game_id_without_its_genre_word_is_read():
    r = CliRunner().invoke(main, ["9x6:5a8m3_6a8n6a4_8m9a4"])
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == "5 . 8 # . . . # ."

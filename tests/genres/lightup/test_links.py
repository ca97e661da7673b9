"""Light Up links both ways (puzz.link ``lightup``/``akari``) and Tatham's game ids."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from puzzlesolve import links, load
from puzzlesolve.cli import main
from puzzlesolve.genres.lightup import render
from puzzlesolve.registry import get_genre

GENRE = get_genre("lightup")
# a 10x10 published on puzz.link (janko.at Akari 523): every kind of 4-cell item
JANKO_523 = "https://puzz.link/p?lightup/10/10/l.hbg..hc.6bg.gbici6bg1b.bg.g.k.k5.i.g2.h.h.bg.hcj"


def test_a_link_reads_and_writes_back_the_same():
    board = load("lightup", JANKO_523)
    assert render(board, []).splitlines()[:2] == [
        ". . . . . . # . . 1",
        ". . . # # . . 2 . .",
    ]
    assert links.write(GENRE, board) == JANKO_523


def test_akari_links_read_too_and_dot_is_a_black_cell_without_number():
    board = load("lightup", "https://puzz.link/p?akari/3/2/.1h")
    assert board.black == {(0, 0): None, (0, 1): 1}
    assert links.write(GENRE, board) == "https://puzz.link/p?lightup/3/2/.bh"


def test_every_example_goes_round_a_link():
    for example in GENRE.examples:
        board = load("lightup", example.path)
        assert load("lightup", links.write(GENRE, board)) == board


def test_a_bad_character_is_one_line_exit_2():
    r = CliRunner().invoke(main, ["solve", "lightup", "https://puzz.link/p?lightup/2/2/+"])
    assert r.exit_code == 2, r.output
    assert "at character 1 of the puzzle data: '+' is no cell" in r.stderr
    assert "Traceback" not in r.output


def test_a_tatham_game_id_is_an_instance():
    board = load("lightup", "7x7:BbBb2n3eBnBb2b0")
    assert render(board, []).splitlines()[0] == "# . . # . . 2"
    assert board.black[6, 6] == 0


@pytest.mark.parametrize(
    ("game_id", "says"),
    [
        ("7x7:BbBb2n3eBnBb2b", "the Light Up description holds 48 cells, the size 7x7 needs 49"),
        ("2x2:5d", "character 1 of the Light Up description: '5' is not one of Light Up's"),
        ("3x3t0:i", "not a Light Up game id: t0 names a Loopy grid"),
    ],
)
def test_a_bad_game_id_is_one_line_exit_2(game_id, says):
    r = CliRunner().invoke(main, ["solve", "lightup", game_id])
    assert r.exit_code == 2, r.output
    assert says in r.stderr and "Traceback" not in r.output

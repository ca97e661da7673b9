"""Tents links: Simon Tatham's Tents game ids read as instances and written back (the
corpus's ids, from the manifest's notes); no player link is a Tents puzzle here."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from conftest import CORPUS, REPO

from puzzlesolve import links, load
from puzzlesolve.cli import main
from puzzlesolve.genres.tents import render
from puzzlesolve.links import LinkError
from puzzlesolve.registry import get_genre

GENRE = get_genre("tents")
SIX_ID = "6x6:_abembdb,1,1,2,0,1,2,1,2,1,1,1,1"


def test_a_game_id_reads_as_the_board_and_is_written_back():
    board = load(GENRE, SIX_ID)
    assert board == load(GENRE, REPO / "instances/tents/tatham-6x6.txt")
    assert render(board, []).splitlines()[:2] == ["1 1 2 0 1 2", "T . T . . T 1"]
    assert links.write(GENRE, board) == SIX_ID


def test_every_corpus_board_comes_back_from_its_game_id():
    entries = [
        e for e in json.loads((CORPUS / "manifest-wave5.json").read_text()) if e["genre"] == "tents"
    ]
    for entry in entries:
        game_id = entry["notes"].split("game id ")[1].split(";")[0]
        board = load(GENRE, CORPUS / entry["path"])
        assert links.write(GENRE, board) == game_id
        assert load(GENRE, game_id) == board
    assert len(entries) == 27


def test_a_long_gap_is_written_with_z_and_a_count_left_out_has_no_game_id():
    game_id = "6x6:zbh,0,0,0,1,0,0,0,0,0,0,1,0"  # 25 + 2 empty cells, the tree, 8 more
    board = load(GENRE, game_id)
    assert board.trees == {(4, 3)} and links.write(GENRE, board) == game_id
    fewer = GENRE.parse(render(board, []).replace("0 0 0 1 0 0", "- 0 0 1 0 0", 1), "x")
    with pytest.raises(LinkError, match="a Tents game id gives every count"):
        links.write(GENRE, fewer)


def test_the_command_line_takes_a_game_id_without_the_genre():
    r = CliRunner().invoke(main, ["solve", SIX_ID])
    assert r.exit_code == 0 and "% unique" in r.output, r.output
    r = CliRunner().invoke(main, ["url", "tents", str(REPO / "instances/tents/tatham-6x6.txt")])
    assert r.output.strip() == SIX_ID


@pytest.mark.parametrize(
    ("game_id", "says"),
    [
        ("6x6:_abem,1,1,2,0,1,2,1,2,1,1,1,1", "does not fit the size 6x6"),
        ("6x6:_abembdb,1,1,2,0,1,2,1,2,1,1,1", "does not fit the size 6x6"),
        (
            "6x6:_abembdb,1,1,2,0,1,2,1,2,1,1,1,2",
            "the row counts add up to 8 tents, but there are 7",
        ),
    ],
)
def test_a_bad_game_id_is_one_line_exit_2(game_id, says):
    r = CliRunner().invoke(main, ["solve", "tents", game_id])
    assert r.exit_code == 2 and says in r.stderr and r.stderr.count("\n") == 1, r.output


def test_a_player_link_is_no_tents_puzzle():
    r = CliRunner().invoke(main, ["solve", "tents", "https://puzz.link/p?tents/6/6/abc"])
    assert r.exit_code == 2
    assert "tents puzzles are read from Tatham game ids, not links" in r.stderr

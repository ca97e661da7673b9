"""Masyu through the command line: game ids, links, pictures, bad input."""

from __future__ import annotations

import json

from click.testing import CliRunner
from conftest import REPO

from puzzlesolve import load
from puzzlesolve.cli import main
from puzzlesolve.registry import get_genre

SIX = REPO / "instances" / "masyu" / "tatham-6x6.txt"
GAME_ID = "6x6:cWbWcWaWdBhBbBaWd"  # the id of SIX, as sgt-pearl printed it


def run(*arguments: str):
    return CliRunner().invoke(main, [str(a) for a in arguments])


def test_a_pearl_game_id_is_the_puzzle_it_describes():
    by_id, by_file = run("masyu", GAME_ID), run("masyu", SIX)
    assert by_id.exit_code == 0, by_id.output
    assert by_id.stdout == by_file.stdout
    assert by_id.stdout.startswith(SIX.with_suffix(".sol").read_text())


def test_json_lists_the_segments_sorted():
    r = run("masyu", REPO / "instances" / "masyu" / "two-ways-3x3.txt", "-n", "0", "--format",
            "json")  # fmt: skip
    document = json.loads(r.stdout)
    assert (r.exit_code, document["status"], document["count"]) == (0, "multiple", 4)
    assert {"segments": [[[0, 0], [0, 1]], [[0, 0], [1, 0]], [[0, 1], [0, 2]], [[0, 2], [1, 2]],
                         [[1, 0], [1, 1]], [[1, 1], [1, 2]]]} in document["solutions"]  # fmt: skip


def test_the_link_comes_back_to_the_same_board():
    url = run("url", "masyu", SIX)
    assert url.stdout == "https://puzz.link/p?mashu/6/6/099392002230\n"
    assert load("masyu", url.stdout.strip()) == load("masyu", SIX)
    assert load("masyu", url.stdout.strip().replace("mashu", "masyu")) == load("masyu", SIX)


def test_a_link_reads_white_as_1_and_black_as_2():
    # 3 cells a character, base 3, the first cell most significant: 5 = 0,1,2; 6 = 0,2,0
    board = load("masyu", "https://puzz.link/p?mashu/3/2/56")
    assert board.pearls == {(0, 1): "W", (0, 2): "B", (1, 1): "B"}


def test_an_answer_marks_segments_on_and_off():
    board = load("masyu", REPO / "instances" / "masyu" / "two-ways-3x3.txt")
    marks = get_genre("masyu").read_answer(board, "o-ox?\n|\no W ?\n\n. . .\n", "a.txt")
    assert marks == {((0, 0), (0, 1)): "on", ((0, 1), (0, 2)): "off", ((0, 0), (1, 0)): "on"}


def one_line(r, start: str) -> None:
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith(f"puzzlesolve: {start}") and r.stderr.count("\n") == 1
    assert r.stdout == ""


def test_a_pearl_letter_we_do_not_know_is_bad_input(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("W .\n. G\n")
    one_line(run("masyu", bad), f"{bad}:2:3: expected a pearl 'W' or 'B'")


def test_a_link_of_another_genre_is_bad_input():
    url = "https://puzz.link/p?slither/1/1/4"
    one_line(run("masyu", url), f"{url}: a slither link; this genre reads mashu, masyu links")


def test_an_answer_picture_of_the_wrong_shape_is_bad_input(tmp_path):
    answer = tmp_path / "answer.txt"
    answer.write_text("o-o-o-o\n")
    r = run("draw", "masyu", SIX, answer, "-o", tmp_path / "x.svg")
    one_line(r, f"{answer}:1: the picture has 1 lines, the puzzle's has 11")


def test_several_solutions_name_the_segments_where_they_differ():
    r = run("masyu", REPO / "instances" / "masyu" / "two-ways-3x3.txt")
    assert r.exit_code == 0, r.output
    assert "% differ: r1c1-r1c2 r1c1-r2c1 r1c2-r1c3 " in r.stdout

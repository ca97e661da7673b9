"""Slitherlink through the command line: game ids, links, pictures, bad input."""

from __future__ import annotations

import json

from click.testing import CliRunner
from conftest import REPO

from puzzlesolve import load
from puzzlesolve.cli import main
from puzzlesolve.registry import get_genre

FIVE = REPO / "instances" / "slitherlink" / "tatham-5x5.txt"
GAME_ID = "5x5t0:a1c3a103a2a23e2b3a"  # the id of FIVE, as sgt-loopy printed it


def run(*arguments: str):
    return CliRunner().invoke(main, [str(a) for a in arguments])


def test_a_loopy_game_id_is_the_puzzle_it_describes():
    by_id, by_file = run("slitherlink", GAME_ID), run("slitherlink", FIVE)
    assert by_id.exit_code == 0, by_id.output
    assert (
        by_id.stdout
        == by_file.stdout
        == FIVE.with_suffix(".sol").read_text()
        + (
            "% unique: the solver proved there is no other solution (1 solution found, search "
            "complete)\n"
        )
    )


def test_json_lists_the_edges_sorted_smaller_point_first():
    r = run("slitherlink", REPO / "instances" / "slitherlink" / "four-1x1.txt", "--format", "json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["solutions"] == [
        {"edges": [[[0, 0], [0, 1]], [[0, 0], [1, 0]], [[0, 1], [1, 1]], [[1, 0], [1, 1]]]}
    ]


def test_the_link_comes_back_to_the_same_board():
    url = run("url", "slitherlink", FIVE)
    assert url.exit_code == 0, url.output
    assert url.stdout == "https://puzz.link/p?slither/5/5/gbg810872dic8\n"
    assert load("slitherlink", url.stdout.strip()) == load("slitherlink", FIVE)


def test_pzvjp_example_decodes_its_first_row():
    board = load("slitherlink", "http://pzv.jp/p.html?slither/4/4/dgdh2c7b")
    assert [board.numbers.get((0, c)) for c in range(4)] == [3, None, None, None]
    assert board.numbers == {(0, 0): 3, (1, 0): 3, (2, 1): 2, (2, 2): 2, (3, 1): 2, (3, 3): 1}


def test_an_answer_marks_edges_on_and_off():
    answer = "+-+\n|4x\n+ +\n"
    board = load("slitherlink", REPO / "instances" / "slitherlink" / "four-1x1.txt")
    marks = get_genre("slitherlink").read_answer(board, answer, "a.txt")
    assert marks == {((0, 0), (0, 1)): "on", ((0, 0), (1, 0)): "on", ((0, 1), (1, 1)): "off"}


def one_line(r, start: str) -> None:
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith(f"puzzlesolve: {start}") and r.stderr.count("\n") == 1
    assert r.stdout == ""


def test_a_clue_out_of_range_is_bad_input(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text(". 5\n. .\n")
    r = run("slitherlink", bad)
    one_line(r, f"{bad}:1:3: expected a number 0 to 4")


def test_a_link_of_another_genre_is_bad_input():
    r = run("slitherlink", "https://puzz.link/p?mashu/2/2/i0")
    one_line(r, "https://puzz.link/p?mashu/2/2/i0: a mashu link; this genre reads slither links")


def test_a_pearl_id_is_no_loopy_id():
    one_line(run("slitherlink", "6x6:cWbWcWaWdBhBbBaWd"), "6x6:cWbWcWaWdBhBbBaWd: not a Loopy")


def test_an_answer_picture_of_the_wrong_shape_is_bad_input(tmp_path):
    answer = tmp_path / "answer.txt"
    answer.write_text("+-+\n|4|\n")
    r = run("draw", "slitherlink", REPO / "instances" / "slitherlink" / "four-1x1.txt", answer,
            "-o", tmp_path / "x.svg")  # fmt: skip
    one_line(r, f"{answer}:2: the picture has 2 lines, the puzzle's has 3")
    assert not (tmp_path / "x.svg").exists()


def test_a_game_id_longer_than_any_file_name_is_read():
    long_id = "30x30t0:" + "3a" * 450  # 900 cells, 908 characters
    r = run("facts", "slitherlink", long_id)
    assert r.exit_code == 0, r.output
    assert r.stdout.count("number(") == 450


def test_several_solutions_name_the_edges_where_they_differ():
    r = run("slitherlink", REPO / "instances" / "slitherlink" / "two-ways-2x2.txt")
    assert r.exit_code == 0, r.output
    assert r.stdout.endswith(
        "% differ: p2.2-p2.3 p2.2-p3.2 p2.3-p3.3 p3.2-p3.3\n"
        "% multiple: the puzzle has more than one solution (2 solutions found, search stopped)\n"
    )

"""Fillomino through the machinery: bad input, check, hint and explain name the techniques and
rules; draw puts thick borders between different sizes; JSON gives the regions; links go
both ways and Filling game ids are instances; generate makes unique puzzles; audit repairs a
puzzle with several solutions."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from puzzlesolve import get_genre, load
from puzzlesolve.cli import main
from puzzlesolve.generate import generate

FIVE = "instances/fillomino/tatham-5x5.txt"


def run(*args: str, code: int = 0) -> str:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == code, result.output
    return result.output


@pytest.mark.parametrize(
    "text, says",
    [
        ("3 5 . 10 .\n", "bad.txt:1:7: a region of 10 cells does not fit a board of 5"),
        ("1 . x\n", "bad.txt:1:5: expected a positive number or '.', '-' (blank), found 'x'"),
        (". 0\n", "bad.txt:1:3: expected a positive number or '.', '-' (blank), found '0'"),
        ("% options: most=2\n3 . .\n", "bad.txt: most=2: a region of 3 is given"),
    ],
)
def test_bad_instances_are_one_line_exit_2(tmp_path, text, says):
    (tmp_path / "bad.txt").write_text(text)
    result = CliRunner().invoke(main, ["fillomino", str(tmp_path / "bad.txt")])
    assert result.exit_code == 2
    assert result.stderr == f"puzzlesolve: {tmp_path}/{says}\n"


def test_json_gives_the_sizes_and_the_regions():
    document = json.loads(run("fillomino", "instances/fillomino/two-ways-1x3.txt", "-n", "0",
                              "--format", "json"))  # fmt: skip
    assert document["status"] == "multiple" and document["count"] == 3
    solutions = sorted(document["solutions"], key=lambda s: s["grid"])
    assert solutions[0] == {"grid": [[1, 2, 2]], "regions": [[[0, 0]], [[0, 1], [0, 2]]]}
    assert solutions[2] == {"grid": [[3, 3, 3]], "regions": [[[0, 0], [0, 1], [0, 2]]]}


def test_an_answer_with_a_given_changed_is_bad_input(tmp_path):
    answer = tmp_path / "answer.txt"
    answer.write_text("4 ? ? ? ?\n? ? ? ? ?\n? ? ? ? ?\n? ? ? ? ?\n? ? ? ? ?\n")
    result = CliRunner().invoke(main, ["check", "fillomino", FIVE, str(answer)])
    assert result.exit_code == 2
    assert result.stderr == f"puzzlesolve: {answer}:1:1: the puzzle gives 3 here, found '4'\n"


def test_check_a_consistent_answer_and_a_region_grown_too_large(tmp_path):
    answer = tmp_path / "answer.txt"
    answer.write_text("3 5 ? ? ?\n3 ? ? 3 2\n3 4 4 ? ?\n? ? 4 ? ?\n? 3 ? 4 ?\n")
    assert (
        json.loads(run("check", "fillomino", FIVE, str(answer), "--format", "json"))["verdict"]
        == "consistent"
    )
    answer.write_text("3 5 ? ? ?\n3 ? ? 3 2\n3 4 4 ? ?\n3 ? 4 ? ?\n? 3 ? 4 ?\n")
    document = json.loads(run("check", "fillomino", FIVE, str(answer), "--format", "json", code=1))
    assert document["verdict"] == "invalid"
    assert document["conflicts"][0]["cells"] == [[1, 0], [2, 0], [3, 0]]  # r1c1 is given
    assert 2 in document["conflicts"][0]["rules"]
    solution = "instances/fillomino/tatham-5x5.sol"
    assert (
        json.loads(run("check", "fillomino", FIVE, solution, "--format", "json"))["verdict"]
        == "solved"
    )


def test_hint_is_the_easiest_step():
    document = json.loads(run("hint", "fillomino", FIVE, "--format", "json"))
    assert document["step"]["cells"] == [{"cell": [1, 0], "value": 3}]
    assert document["step"]["techniques"] == ["only way to grow"]
    assert document["step"]["because"] == [[0, 0], [0, 1]]


def test_explain_grows_regions_and_strikes_sizes_with_no_room():
    text = run("explain", "fillomino", FIVE)
    assert text.startswith(
        "step 1: r2c1 holds 3 by only way to grow, since r1c1 holds 3 and r1c2 holds 5.\n"
    )
    assert "by kept apart, since r3c2, r3c3, r4c3 and r5c4 hold 4." in text
    assert "by region complete" in text and "by no room" in text


def test_draw_puts_thick_borders_between_different_sizes(tmp_path):
    picture = tmp_path / "five.svg"
    run("draw", "fillomino", FIVE, "instances/fillomino/tatham-5x5.sol", "-o", str(picture))
    svg = picture.read_text()
    walls = re.search(r'<path d="([^"]*)"[^>]*stroke-width="3"', svg)
    assert walls is not None
    # the 5x5 solution's regions share 21 sides (of the 40 inner ones)
    assert walls[1].count("M") == 21
    assert re.findall(r">(\d)</text>", svg).count("4") == 8  # four 4s given, four filled


def test_links_both_ways_and_a_filling_game_id():
    link = run("url", "fillomino", FIVE).strip()
    assert link == "https://puz.link/p?fillomino/5/5/35l32g44j4i3g4g".replace("puz.", "puzz.")
    assert run("fillomino", link) == run("fillomino", FIVE)
    board = load("fillomino", "instances/fillomino/filling-id-7x7.txt")
    assert (board.rows, board.cols, board.givens[0, 2]) == (7, 7, 2)
    result = CliRunner().invoke(main, ["fillomino", "5x5:35f32a44d4c3a4z"])
    assert result.exit_code == 2
    assert result.stderr.endswith("the Filling description holds 50 cells, the size 5x5 needs 25\n")


def test_generate_makes_unique_puzzles():
    fillomino = get_genre("fillomino")
    easy = generate(fillomino, 4, 5, seed=1, difficulty="easy")
    hard = generate(fillomino, 4, 5, seed=1, difficulty="hard")
    assert easy.text.startswith("% fillomino 4x5, puzzlesolve generate --seed 1 --difficulty")
    assert easy.measures["givens"] >= hard.measures["givens"]


def test_audit_repairs_a_puzzle_with_several_solutions():
    document = json.loads(
        run("audit", "fillomino", "instances/fillomino/two-ways-1x3.txt", "--format", "json",
            code=1)
    )  # fmt: skip
    assert document["status"] == "multiple" and document["solutions"] == 3
    # one given makes it unique: a 1 at either end, or a 3 anywhere (the audit lists three)
    repairs = [repair["add"] for repair in document["repairs"]]
    assert len(repairs) == 3 and all(len(add) == 1 for add in repairs)
    assert all(
        add[0]["value"] == 3 or (add[0]["value"] == 1 and add[0]["cell"] in ([0, 0], [0, 2]))
        for add in repairs
    )

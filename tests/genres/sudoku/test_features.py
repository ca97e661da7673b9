"""Sudoku through the machinery: explain, hint and check say the techniques and rules; draw
puts thick lines between the boxes; generate makes unique puzzles of each grade; audit repairs
a puzzle with several solutions."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from conftest import CORPUS

from puzzlesolve import get_genre, load
from puzzlesolve.cli import main
from puzzlesolve.generate import generate, technique_tier

SIX = "instances/sudoku/boxes-6x6.txt"


def run(*args: str, code: int = 0) -> str:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == code, result.output
    return result.output


def test_explain_starts_with_a_hidden_single_in_a_box_and_grades_by_tiers():
    text = run("explain", "sudoku", SIX)
    assert text.startswith(
        "step 1: r4c1 holds 2 by hidden single in a box, since r1c3 and r3c5 hold 2, r3c3 "
        "holds 1 and r4c2 holds 4.\nstep 2: r5c1 holds 1 by hidden single in a box, since "
        "r1c2, r3c3 and r6c4 hold 1.\nstep 3: r1c4 cannot hold 4, r1c6 cannot hold 4, r2c4 "
        "cannot hold 4 and r2c6 cannot hold 4 by claiming, since r4c2 holds 4.\n"
    )
    document = json.loads(run("explain", "sudoku", SIX, "--format", "json"))
    assert document["difficulty"]["technique_tier"] == 3  # claiming: Solo's Intermediate
    assert document["difficulty"]["grade"] == "medium" and document["difficulty"]["trials"] == 0
    assert document["steps"][2]["narrows"][0] == {"cell": [0, 3], "not": [4]}


def test_hint_is_the_easiest_step():
    document = json.loads(run("hint", "sudoku", SIX, "--format", "json"))
    assert document["status"] == "hint"
    assert document["step"]["cells"] == [{"cell": [3, 0], "value": 2}]
    assert document["step"]["techniques"] == ["hidden single in a box"]
    assert document["step"]["because"] == [[0, 2], [2, 2], [2, 4], [3, 1]]


def test_check_points_at_a_digit_twice_in_a_row(tmp_path):
    answer = tmp_path / "answer.txt"
    answer.write_text(
        "? 1 2 ? ? ?\n6 3 ? ? ? 6\n? ? 1 ? 2 ?\n? 4 ? 5 ? ?\n? ? ? ? 5 3\n? ? ? 1 6 ?\n"
    )
    document = json.loads(run("check", "sudoku", SIX, str(answer), "--format", "json", code=1))
    assert document["verdict"] == "invalid"
    first = document["conflicts"][0]
    assert first["rules"] == [2, 5] and first["cells"] == [[1, 5]]  # r2c1 is given 6
    assert first["because"] == [[1, 0]]
    solution = "instances/sudoku/boxes-6x6.sol"
    assert (
        json.loads(run("check", "sudoku", SIX, solution, "--format", "json"))["verdict"] == "solved"
    )


def test_draw_puts_thick_lines_between_the_boxes(tmp_path):
    picture = tmp_path / "six.svg"
    run("draw", "sudoku", SIX, "-o", str(picture))
    svg = picture.read_text()
    # 6x6: boxes 2 rows by 3 columns, so two lines across (after rows 2 and 4), one down
    assert svg.count('stroke-width="2.0"') == 3
    assert re.findall(r">(\d)</text>", svg).count("1") == 3  # the three given 1s


def test_generate_makes_unique_puzzles_of_the_grade_asked():
    sudoku = get_genre("sudoku")
    easy = generate(sudoku, 9, 9, seed=1, difficulty="easy", grade=True)
    hard = generate(sudoku, 9, 9, seed=1, difficulty="hard", grade=True)
    assert easy.measures["grade"] == "easy" and hard.measures["grade"] == "hard"
    assert easy.measures["givens"] > hard.measures["givens"]
    small = generate(sudoku, 4, 4, seed=3, difficulty="hard")
    assert small.text.startswith("% sudoku 4x4, puzzlesolve generate --seed 3 --difficulty")


def test_audit_repairs_a_puzzle_with_several_solutions():
    document = json.loads(
        run("audit", "sudoku", "instances/sudoku/two-ways-4x4.txt", "--format", "json", code=1)
    )
    assert document["status"] == "multiple" and document["solutions"] == 4
    assert document["repairs"][0] == {
        "add": [{"cell": [2, 0], "value": 4}, {"cell": [3, 3], "value": 3}],
        "unique": True,
    }
    board = load("sudoku", "instances/sudoku/tatham-9x9-basic.txt")
    assert board.givens[0, 2] == 9


@pytest.mark.parametrize(
    "level, tiers",
    [("t", {1}), ("b", {2}), ("i", {3}), ("a", {4}), ("e", {5, 6})],
)
def test_the_technique_tiers_follow_solos_levels(level, tiers):
    # the corpus's first Solo 9x9 board of each level (Trivial .. Extreme); bench/sudoku.py
    # grades fresh boards of every level
    sudoku = get_genre("sudoku")
    board = load(sudoku, CORPUS / f"sudoku/tatham/sgt_3x3_d{level}_1.txt")
    assert technique_tier(sudoku, board, each_tier=True) in tiers, level


def test_generate_refuses_a_size_without_boxes():
    result = CliRunner().invoke(main, ["generate", "sudoku", "--size", "5x5"])
    assert result.exit_code == 2, result.output
    assert result.stderr == (
        "puzzlesolve: size 5x5: sudoku puzzles are 4x4, 6x6, 8x8, 9x9, 12x12, 16x16\n"
    )

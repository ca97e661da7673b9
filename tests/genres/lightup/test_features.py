"""Light Up through the command line and the features beside solving: bad input, check,
hint and explain, pictures, generated puzzles and audits (the generic checks of every genre
are in tests/test_*.py)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from conftest import REPO
from pictures import at, render, solved

from puzzlesolve import get_genre, load, parse, solve
from puzzlesolve.cli import main
from puzzlesolve.drawing import draw
from puzzlesolve.generate import generate

SEVEN = str(REPO / "instances" / "lightup" / "tatham-7x7.txt")
GENRE = get_genre("lightup")
# an answer's rows 2-7 of tatham-7x7, undecided but for the black cells
REST = "? ? ? ? ? ? ?\n" * 2 + "3 ? ? ? ? ? #\n" + "? ? ? ? ? ? ?\n" * 2 + "# ? ? 2 ? ? 0\n"


def run(*arguments: str):
    return CliRunner().invoke(main, list(arguments))


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("# . .\n. 5 .\n", "x.txt:2:3: expected '.' or '-' (white), '#' (black) or a number 0-4"),
        ("# . .\n. . \n. .\n", "x.txt:2:4: ragged row: 2 cells where the first row has 3"),
    ],
)
def test_bad_instances_are_one_line_exit_2(tmp_path, text, says):
    path = tmp_path / "x.txt"
    path.write_text(text)
    r = run("solve", "lightup", str(path))
    assert r.exit_code == 2, r.output
    assert says in r.stderr and r.stderr.count("\n") == 1 and "Traceback" not in r.output


def test_an_answer_with_a_black_cell_changed_is_bad_input(tmp_path):
    answer = tmp_path / "a.ans"
    answer.write_text(". * * # . * 2\n" + "? ? ? ? ? ? ?\n" * 6)
    r = run("check", "lightup", SEVEN, str(answer))
    assert r.exit_code == 2, r.output
    assert "a.ans:1:1: expected the puzzle's black cell '#' here" in r.stderr


def test_check_names_two_lights_that_see_each_other(tmp_path):
    answer = tmp_path / "a.ans"
    answer.write_text("# * * # . * 2\n" + REST)
    r = run("check", "lightup", SEVEN, str(answer), "--format", "json")
    assert r.exit_code == 1, r.output
    document = json.loads(r.output)
    assert document["verdict"] == "invalid"
    assert document["conflicts"][0]["rules"] == [2]
    assert document["conflicts"][0]["cells"] == [[0, 1], [0, 2]]
    assert document["conflicts"][0]["text"] == (
        "rule 2 (no light shines on another): r1c2 and r1c3 are lights"
    )


def test_check_a_solution_and_a_consistent_partial_answer(tmp_path):
    r = run("check", "lightup", SEVEN, SEVEN.replace(".txt", ".sol"))
    assert r.exit_code == 0 and r.output.startswith("solved"), r.output
    answer = tmp_path / "a.ans"
    answer.write_text("# . * # . ? 2\n" + REST)
    r = run("check", "lightup", SEVEN, str(answer))
    assert r.exit_code == 0 and r.output.startswith("consistent"), r.output


def test_hint_is_the_easiest_step():
    r = run("hint", "lightup", SEVEN)
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == (
        "hint: r1c6 is a light by number's lights forced, since r1c7 shows 2."
    )


def test_explain_needs_no_trial_on_a_tricky_board_and_grades_it_medium():
    r = run("explain", "lightup", SEVEN, "--format", "json")
    assert r.exit_code == 0, r.output
    document = json.loads(r.output)
    assert document["difficulty"]["grade"] == "medium"
    assert document["difficulty"]["trials"] == 0
    assert {t for step in document["steps"] for t in step["techniques"]} == {
        "number's lights forced",
        "number full",
        "would bar a number's lights",
        "only one light can reach",
    }


def test_a_picture_shows_bulbs_lit_cells_and_black_cells():
    puzzle, result = solved("lightup", SEVEN)
    image = render(draw(GENRE, puzzle, solution=result.solutions[0]))
    light = result.solutions[0][0]
    assert at(image, light, 0.5, 0.5)[:3] == (0xFF, 0xCA, 0x28)  # a bulb
    assert at(image, (0, 0), 0.5, 0.5)[:3] == (0x2E, 0x2E, 0x2E)  # black, no number
    assert at(image, (1, 0), 0.1, 0.1)[:3] == (0xFF, 0xF3, 0xC4)  # lit, tinted


def test_a_bare_puzzle_is_drawn_without_tint():
    image = render(draw(GENRE, load(GENRE, SEVEN)))
    assert at(image, (1, 0), 0.1, 0.1)[:3] == (0xFF, 0xFF, 0xFF)


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_generated_boards_are_unique_and_graded(difficulty):
    puzzle = generate(GENRE, 7, 7, 3, difficulty, grade=True)
    assert solve("lightup", parse("lightup", puzzle.text), models=2).status == "unique"
    assert puzzle.measures["grade"] == difficulty or puzzle.note


def test_hard_boards_keep_no_number_they_can_spare():
    puzzle = generate(GENRE, 6, 6, 5, "hard")
    board = parse("lightup", puzzle.text)
    for cell, number in board.black.items():
        if number is None:
            continue
        fewer = {**board.black, cell: None}
        assert solve("lightup", type(board)(6, 6, fewer), models=2).status == "multiple"


def test_audit_repairs_with_a_number_on_a_black_cell(tmp_path):
    path = tmp_path / "x.txt"
    path.write_text("# . . # . . 2\n" + ". . . . . . .\n" * 2 + "3 . . . . . #\n")
    path.write_text(path.read_text() + ". . . . . . .\n" * 2 + "# . . # . . 0\n")
    r = run("audit", "lightup", str(path), "--format", "json")
    assert r.exit_code == 1, r.output
    report = json.loads(r.output)
    assert report["status"] == "multiple" and report["solutions"] == 5
    assert report["repairs"][0]["add"] == [{"cell": [6, 3], "value": 0}]
    r = run("audit", "lightup", SEVEN, "--format", "json")
    assert r.exit_code == 0 and json.loads(r.output)["redundant"] == [], r.output

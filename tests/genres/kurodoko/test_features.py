"""Kurodoko through the command line and the features beside solving: bad input, check,
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

SEVEN = str(REPO / "instances" / "kurodoko" / "tatham-7x7.txt")
GENRE = get_genre("kurodoko")
UNDECIDED_ROW = "? ? ? ? ? ? ?\n"


def run(*arguments: str):
    return CliRunner().invoke(main, list(arguments))


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (
            ". 14 .\n. . .\n",
            (
                "x.txt:1:3: 14 is more than a number sees on a 2x3 board (at most 4: its row "
                "and its column)"
            ),
        ),
        (". x .\n", "x.txt:1:3: expected a positive number, or '-' or '.' (blank), found 'x'"),
        (". 0 .\n", "x.txt:1:3: expected a positive number, or '-' or '.' (blank), found '0'"),
        (". . .\n. .\n", "x.txt:2:4: ragged row: 2 cells where the first row has 3"),
    ],
)
def test_bad_instances_are_one_line_exit_2(tmp_path, text, says):
    path = tmp_path / "x.txt"
    path.write_text(text)
    r = run("solve", "kurodoko", str(path))
    assert r.exit_code == 2, r.output
    assert says in r.stderr and r.stderr.count("\n") == 1 and "Traceback" not in r.output


def test_an_answer_with_a_number_changed_is_bad_input(tmp_path):
    answer = tmp_path / "a.ans"
    answer.write_text(UNDECIDED_ROW + "? ? ? ? 9 ? ?\n" + UNDECIDED_ROW * 5)
    r = run("check", "kurodoko", SEVEN, str(answer))
    assert r.exit_code == 2, r.output
    assert "a.ans:2:9: expected '#', '?' or the puzzle's number 10 here, found '9'" in r.stderr


def test_check_names_two_shaded_cells_side_by_side(tmp_path):
    answer = tmp_path / "a.ans"
    answer.write_text("# # ? ? ? ? ?\n" + UNDECIDED_ROW * 6)
    r = run("check", "kurodoko", SEVEN, str(answer), "--format", "json")
    assert r.exit_code == 1, r.output
    conflict = json.loads(r.output)["conflicts"][0]
    assert (conflict["rules"], conflict["cells"]) == ([1], [[0, 0], [0, 1]])
    assert conflict["text"] == "rule 1 (shaded cells never share a side): r1c1 and r1c2 are shaded"


def test_check_names_the_numbers_a_shaded_cell_cuts_short(tmp_path):
    answer = tmp_path / "a.ans"
    answer.write_text(UNDECIDED_ROW * 6 + "? ? ? ? ? ? #\n")
    r = run("check", "kurodoko", SEVEN, str(answer), "--format", "json")
    assert r.exit_code == 1, r.output
    conflict = json.loads(r.output)["conflicts"][0]
    assert (conflict["rules"], conflict["cells"]) == ([4], [[6, 6]])
    assert conflict["because"] == [[2, 5], [3, 4], [3, 6]]


def test_check_a_solution_and_a_consistent_partial_answer(tmp_path):
    r = run("check", "kurodoko", SEVEN, SEVEN.replace(".txt", ".sol"))
    assert r.exit_code == 0 and r.output.startswith("solved"), r.output
    answer = tmp_path / "a.ans"
    answer.write_text(". . # ? ? ? ?\n" + UNDECIDED_ROW * 6)
    r = run("check", "kurodoko", SEVEN, str(answer))
    assert r.exit_code == 0 and r.output.startswith("consistent"), r.output


def test_hint_is_the_easiest_step():
    r = run("hint", "kurodoko", SEVEN)
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == (
        "hint: r2c4 is unshaded by must see at least this far, since r2c5 shows 10."
    )


def test_explain_needs_no_trial_and_grades_by_the_hardest_tier():
    r = run("explain", "kurodoko", SEVEN, "--format", "json")
    assert r.exit_code == 0, r.output
    document = json.loads(r.output)
    assert document["difficulty"]["grade"] == "medium"
    assert document["difficulty"]["trials"] == 0
    assert {t for step in document["steps"] for t in step["techniques"]} == {
        "must see at least this far",
        "would see too many",
        "number sees enough",
        "do not cut the white area",
    }


def test_a_picture_shades_cells_and_writes_the_numbers():
    puzzle, result = solved("kurodoko", SEVEN)
    image = render(draw(GENRE, puzzle, solution=result.solutions[0]))
    assert at(image, (0, 2), 0.5, 0.5)[:3] == (0x2E, 0x2E, 0x2E)  # shaded
    assert at(image, (0, 0), 0.5, 0.5)[:3] == (0xFF, 0xFF, 0xFF)  # unshaded
    bare = render(draw(GENRE, load(GENRE, SEVEN)))
    assert at(bare, (0, 2), 0.5, 0.5)[:3] == (0xFF, 0xFF, 0xFF)


def test_a_range_game_id_is_the_instance():
    r = run("kurodoko", "7x7:k10g2a8a7_7_11a4a5g6k")
    assert r.exit_code == 0, r.output
    assert r.output == (REPO / "instances" / "kurodoko" / "tatham-7x7.sol").read_text() + (
        "% unique: the solver proved there is no other solution (1 solution found, search "
        "complete)\n"
    )


@pytest.mark.parametrize(
    ("game_id", "says"),
    [
        ("3x2:a5c", "the Range description holds 5 cells, the size 3x2 needs 6"),
        ("3x2:a5D", "character 3 of the Range description: 'D' is not one of Range's"),
        ("3x2t0:f", "not a Range game id: its size names a Loopy grid type"),
        ("3x2:a9d", "9 is more than a number sees on a 2x3 board"),
    ],
)
def test_a_bad_range_game_id_is_one_line_exit_2(game_id, says):
    r = run("kurodoko", game_id)
    assert r.exit_code == 2, r.output
    assert says in r.stderr and "Traceback" not in r.output


@pytest.mark.parametrize("difficulty", ["easy", "hard"])
def test_generated_boards_are_unique(difficulty):
    puzzle = generate(GENRE, 6, 6, 2, difficulty)
    assert solve("kurodoko", parse("kurodoko", puzzle.text), models=2).status == "unique"
    assert puzzle.text.startswith(
        f"% kurodoko 6x6, puzzlesolve generate --seed 2 --difficulty {difficulty} --no-grade"
    )


def test_a_generated_board_is_graded_as_asked():
    puzzle = generate(GENRE, 6, 6, 1, "medium", grade=True)
    assert puzzle.measures["grade"] == "medium" or puzzle.note


def test_audit_repairs_with_a_number_and_finds_the_redundant_ones(tmp_path):
    path = tmp_path / "x.txt"
    path.write_text(". 4 .\n. . .\n")
    r = run("audit", "kurodoko", str(path), "--format", "json")
    assert r.exit_code == 1, r.output
    report = json.loads(r.output)
    assert report["status"] == "multiple" and report["solutions"] == 4
    assert report["repairs"][0]["add"] == [{"cell": [1, 0], "value": 3}]
    # Tatham's generator takes numbers away in pairs (symmetric): one can go alone
    r = run("audit", "kurodoko", SEVEN, "--format", "json")
    assert r.exit_code == 0 and json.loads(r.output)["redundant"] == [[3, 4]], r.output

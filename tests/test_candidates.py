"""Pencil marks (`puzzlesolve.candidates`): the numbers a cell may still hold, written
``{19,21}`` in an answer file, judged by check and read by hint, so that a step that only
rules numbers out can be written down and is never given again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlesolve.candidates import Candidates, read_candidates
from puzzlesolve.cli import main

REPO = Path(__file__).resolve().parent.parent
NUMBRIX = str(REPO / "instances/numbrix/generated-12x12.txt")
PENCILLED = str(REPO / "instances/numbrix/generated-12x12-pencil.ans")
SMALL = str(REPO / "instances/hidato/small-5x5.txt")  # r1c2 holds 14


def run(*arguments: str):
    return CliRunner().invoke(main, list(arguments))


def answer(tmp_path: Path, second: str) -> str:
    """small-5x5 with only r1c2 written: `second`."""
    path = tmp_path / "answer.ans"
    path.write_text(f"15 {second} ? ? 1\n" + "? ? ? ? ?\n" * 4)
    return str(path)


def test_pencil_marks_read_in_any_order_and_written_in_numeric_order():
    assert read_candidates("{21,3,19}") == Candidates({3, 19, 21})
    assert str(Candidates({129, 23, 25})) == "{23,25,129}"
    assert read_candidates("19") is None
    with pytest.raises(ValueError, match="pencil marks are positive numbers in braces"):
        read_candidates("{3,x}")


def test_check_judges_pencil_marks(tmp_path):
    kept = run("check", "hidato", SMALL, answer(tmp_path, "{3,14}"))
    assert kept.exit_code == 0, kept.output
    assert kept.output == "consistent: correct so far, a solution extends the answer\n"
    wrong = run("check", "hidato", SMALL, answer(tmp_path, "{3,16}"))
    assert wrong.exit_code == 1, wrong.output
    assert wrong.output == (
        "invalid: no solution extends the answer\n"
        "  conflict 1: the pencil marks r1c2 3 or 16: no solution with the numbers written "
        "holds any of them there\n"
    )


def test_bad_pencil_marks_are_bad_input_with_their_place(tmp_path):
    for written, reason in (
        ("{3,x}", "pencil marks are positive numbers in braces"),
        ("{3,26}", "26 is outside 1..25"),
    ):
        bad = run("check", "hidato", SMALL, answer(tmp_path, written))
        assert bad.exit_code == 2, bad.output
        assert "answer.ans:1:4: " in bad.output and reason in bad.output
        assert "Traceback" not in bad.output


def test_hint_reads_pencil_marks_and_says_what_a_cell_may_still_hold():
    first = json.loads(run("hint", "numbrix", NUMBRIX, "--format", "json").output)["step"]
    assert first["text"] == (
        "r1c1 cannot hold 23, 25 or 129 by two neighbours, since r2c1 holds 20."
    )
    assert first["narrows"] == [{"cell": [0, 0], "not": [23, 25, 129], "left": [19, 21]}]
    # written down as r1c1's pencil marks {19,21}, the hint moves on
    after = run("hint", "numbrix", NUMBRIX, PENCILLED, "--format", "json")
    step = json.loads(after.output)["step"]
    assert step["text"] == "r1c8 cannot hold 10 or 128 by two neighbours, since r2c8 holds 33."
    assert step["narrows"] == [{"cell": [0, 7], "not": [10, 128], "left": [28, 30, 32]}]


def test_hint_on_pencil_marks_no_solution_keeps_says_so_as_check_does(tmp_path):
    wrong = run("hint", "hidato", SMALL, answer(tmp_path, "{3,16}"))
    assert wrong.exit_code == 1, wrong.output
    conflict = (
        "  conflict 1: the pencil marks r1c2 3 or 16: no solution with the numbers written "
        "holds any of them there"
    )
    assert wrong.output.splitlines()[1:] == [conflict]

"""Heyawake through the machinery: bad input, check, hint, explain, audit, draw, generate."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlesolve.cli import main

SIX = "instances/heyawake/pzprjs-6x6.txt"
SHADED = [[0, 0], [0, 2], [0, 5], [1, 3], [2, 0], [2, 2], [2, 4], [4, 1], [4, 3], [4, 5], [5, 2]]


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin, catch_exceptions=False)


def test_solves_unique_as_json():
    done = run("heyawake", SIX, "--format", "json")
    assert done.exit_code == 0, done.output
    found = json.loads(done.stdout)
    assert (found["status"], found["solutions"]) == ("unique", [{"shaded": SHADED}])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "a b a\n",
            (
                "<stdin>:1:5: region 'a' is not connected: this cell is cut off from its cell at "
                "row 1, column 1"
            ),
        ),
        (
            "a3 a\na  a\n",
            (
                "<stdin>:1:2: room 'a' cannot hold 3 shaded cells: at most 2 of its 4 cells can be "
                "shaded with no two touching"
            ),
        ),
        (
            "a1 b\na2 b\n",
            "<stdin>:2:2: region 'a' shows 2 here and 1 at row 1, column 1: a region has one count",
        ),
        (
            "a 1\n",
            "<stdin>:1:3: expected a region name (letters) with an optional number, found '1'",
        ),
    ],
)
def test_bad_input_is_one_line_exit_2(text, message):
    done = CliRunner().invoke(main, ["heyawake", "-"], input=text)
    assert done.exit_code == 2
    assert done.stderr == f"puzzlesolve: {message}\n"


def test_the_same_count_twice_in_a_room_is_fine():
    done = run("heyawake", "-", "--format", "json", stdin="a1 b\na1 b\n")
    assert done.exit_code == 0, done.output


def test_check_names_the_rule_and_the_cells(tmp_path):
    answer = tmp_path / "answer.txt"
    answer.write_text("# # ? ? ? ?\n" + "? ? ? ? ? ?\n" * 5)
    done = run("check", "heyawake", SIX, str(answer), "--format", "json")
    assert done.exit_code == 1, done.output
    conflict = json.loads(done.stdout)["conflicts"][0]
    assert (conflict["rules"], conflict["cells"]) == ([1], [[0, 0], [0, 1]])


def test_check_reads_dots_and_tokens_as_unshaded(tmp_path):
    answer = tmp_path / "answer.txt"
    answer.write_text("# b2 # c2 . #\n" + "? ? ? ? ? ?\n" * 5)
    done = run("check", "heyawake", SIX, str(answer), "--format", "json")
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["verdict"] == "consistent"
    solved = run("check", "heyawake", SIX, SIX.replace(".txt", ".sol"), "--format", "json")
    assert json.loads(solved.stdout)["verdict"] == "solved"


def test_the_hint_reads_the_room_along_one_column():
    done = run("hint", "heyawake", SIX, "--format", "json")
    assert done.exit_code == 0, done.output
    step = json.loads(done.stdout)["step"]
    # room a is r1c1-r3c1 with 2: its two ends
    assert step["cells"] == [{"cell": [0, 0], "value": "shaded"}]
    assert step["techniques"] == ["room in a line"]


def test_explain_solves_the_6x6_by_techniques_alone():
    done = run("explain", "heyawake", SIX, "--format", "json")
    assert done.exit_code == 0, done.output
    found = json.loads(done.stdout)
    decided = {
        tuple(item["cell"]): item["value"]
        for step in found["steps"]
        for item in step["cells"] + step.get("so", [])
    }
    assert sorted(list(cell) for cell, value in decided.items() if value == "shaded") == SHADED
    assert len(decided) == 36
    assert not any("case" in step for step in found["steps"])
    assert found["difficulty"]["grade"] == "medium"
    used = {name for step in found["steps"] for name in step["techniques"]}
    assert used >= {"room in a line", "room full", "two-border run", "do not cut the white area"}


def test_audit_finds_a_repair_and_redundant_counts(tmp_path):
    loose = tmp_path / "loose.txt"
    loose.write_text(
        "a b2 b c c d\n" + "".join(line + "\n" for line in Path(SIX).read_text().splitlines()[2:])
    )
    done = run("audit", "heyawake", str(loose), "--format", "json")
    assert done.exit_code == 1, done.output
    found = json.loads(done.stdout)
    assert found["status"] == "multiple"
    assert found["repairs"] and all(
        add["cell"] in ([0, 0], [0, 3], [0, 5], [3, 0], [4, 0], [4, 3], [5, 5])
        for repair in found["repairs"]
        for add in repair["add"]
    )
    unique = json.loads(run("audit", "heyawake", SIX, "--format", "json").stdout)
    assert (unique["status"], unique["repairs"]) == ("unique", [])


def test_the_picture_has_thick_borders_and_dark_cells(tmp_path):
    picture = tmp_path / "six.svg"
    done = run("draw", "heyawake", SIX, SIX.replace(".txt", ".sol"), "-o", str(picture))
    assert done.exit_code == 0, done.output
    svg = picture.read_text()
    assert 'stroke-width="3"' in svg
    assert svg.count('fill="#2e2e2e"') == len(SHADED)


def test_generate_makes_a_unique_board(tmp_path):
    done = run(
        "generate", "heyawake", "--size", "6x6", "--seed", "3", "--no-grade", "--out", str(tmp_path)
    )
    assert done.exit_code == 0, done.output
    (made,) = tmp_path.glob("*.txt")
    solved = run("heyawake", str(made))
    assert solved.exit_code == 0 and "% unique" in solved.stdout

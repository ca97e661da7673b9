"""Star Battle through the machinery: check, hint, explain, audit, draw, generate."""

from __future__ import annotations

import json

from click.testing import CliRunner

from puzzlesolve.cli import main

SIX = "instances/starbattle/generated-6x6.txt"
TEN = "instances/starbattle/two-stars-10x10.txt"


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_check_names_the_rule_and_the_cells(tmp_path):
    answer = tmp_path / "answer.txt"
    answer.write_text("* * ? ? ? ?\n" + "? ? ? ? ? ?\n" * 5)
    done = run("check", "starbattle", SIX, str(answer), "--format", "json")
    assert done.exit_code == 1, done.output
    found = json.loads(done.stdout)
    assert found["verdict"] == "invalid"
    assert found["conflicts"][0]["rules"] == [1]
    assert found["conflicts"][0]["cells"] == [[0, 0], [0, 1]]


def test_a_solution_checks_as_solved():
    done = run("check", "starbattle", SIX, SIX.replace(".txt", ".sol"), "--format", "json")
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["verdict"] == "solved"


def test_the_hint_reads_the_one_cell_region():
    done = run("hint", "starbattle", SIX, "--format", "json")
    assert done.exit_code == 0, done.output
    step = json.loads(done.stdout)["step"]
    # region d is r1c6 alone: confined to row 1, whose other cells hold no star
    assert step["cells"] == [{"cell": [0, 0], "value": "empty"}]
    assert step["techniques"] == ["confined to a line"]
    assert step["text"] == "r1c1 holds no star by confined to a line, since r1c6 lies in region d."


def test_explain_solves_the_6x6_by_techniques_alone():
    done = run("explain", "starbattle", SIX, "--format", "json")
    assert done.exit_code == 0, done.output
    found = json.loads(done.stdout)
    decided = {
        tuple(item["cell"]): item["value"]
        for step in found["steps"]
        for item in step["cells"] + step.get("so", [])
    }
    assert sorted(cell for cell, value in decided.items() if value == "star") == [
        (0, 5),
        (1, 0),
        (2, 2),
        (3, 4),
        (4, 1),
        (5, 3),
    ]
    assert len(decided) == 36
    assert not any("case" in step for step in found["steps"])
    assert found["difficulty"]["grade"] == "medium"


def test_audit_says_regions_cannot_be_removed():
    done = run("audit", "starbattle", SIX, "--format", "json")
    assert done.exit_code == 0, done.output
    found = json.loads(done.stdout)
    assert (found["status"], found["redundant"], found["removable"]) == ("unique", [], [])


def test_the_picture_has_thick_borders_and_one_star_a_row(tmp_path):
    picture = tmp_path / "ten.svg"
    done = run("draw", "starbattle", TEN, TEN.replace(".txt", ".sol"), "-o", str(picture))
    assert done.exit_code == 0, done.output
    svg = picture.read_text()
    assert svg.count("<polygon") + svg.count('<path d="M') >= 20
    assert 'stroke-width="3"' in svg


def test_generate_makes_a_unique_graded_board(tmp_path):
    done = run(
        "generate",
        "starbattle",
        "--size",
        "6x6",
        "--seed",
        "3",
        "--difficulty",
        "easy",
        "--out",
        str(tmp_path),
    )
    assert done.exit_code == 0, done.output
    (made,) = tmp_path.glob("*.txt")
    solved = run("starbattle", str(made))
    assert solved.exit_code == 0 and "% unique" in solved.stdout

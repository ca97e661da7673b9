"""check, hint and explain on the command line: output, JSON shape, exit codes, bad input, own
rules files, --svg pictures (rendered with cairosvg), links."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from conftest import REPO
from pictures import at, render
from test_explain import MY_HITORI

from puzzlesolve.colours import CITED, CONFLICT, HIGHLIGHT
from puzzlesolve.genres import GENRES

INSTANCES = REPO / "instances"
AI_COURSE = INSTANCES / "hitori" / "ai-course-5x5.txt"
RULE_1 = "rule 1 (no number appears unshaded twice in a row or in a column)"
RULES_1_2 = (
    "rules 1 (no number appears unshaded twice in a row or in a column) and 2 (shaded "
    "cells never share an edge)"
)


def run(*args):
    from puzzlesolve.cli import main

    return CliRunner().invoke(main, [str(a) for a in args])


def answer(tmp_path, text: str):
    path = tmp_path / "answer.txt"
    path.write_text(text)
    return path


WRONG = "3 2 5 4 #\n2 # 4 3 5\n# 3 2 # 4\n1 # 3 # #\n5 4 1 2 3\n"  # r4c4 touches r3c4 and r4c5
PARTIAL = "? ? ? ? #\n? ? ? ? ?\n? ? ? ? ?\n? ? ? ? ?\n? ? ? ? ?\n"


# --- check -----------------------------------------------------------------------------------


def test_check_says_solved_consistent_or_invalid_with_exit_0_0_1(tmp_path):
    solved = run("check", "hitori", AI_COURSE, INSTANCES / "hitori" / "ai-course-5x5.sol")
    assert (solved.exit_code, solved.stdout) == (
        0,
        "solved: the answer is complete and every rule holds\n",
    )
    partial = run("check", "hitori", AI_COURSE, answer(tmp_path, PARTIAL))
    assert (partial.exit_code, partial.stdout) == (
        0,
        "consistent: correct so far, a solution extends the answer\n",
    )
    wrong = run("check", "hitori", AI_COURSE, answer(tmp_path, WRONG))
    assert (wrong.exit_code, wrong.stdout) == (
        1,
        (
            "invalid: no solution extends the answer\n"
            "  first: r4c4 cannot be shaded: rule 2 (shaded cells never share an edge): "
            "r4c4 and r4c5 are shaded\n"
            "  conflict 1: rule 2 (shaded cells never share an edge): r4c4 and r4c5 are shaded\n"
        ),
    )


def test_check_json(tmp_path):
    r = run("check", "hitori", AI_COURSE, answer(tmp_path, WRONG), "--format", "json")
    document = json.loads(r.stdout)
    assert r.exit_code == 1
    assert document["genre"] == "hitori" and document["verdict"] == "invalid"
    assert document["conflicts"] == [
        {
            "rules": [2],
            "cells": [[3, 3], [3, 4]],
            "values": ["shaded", "shaded"],
            "because": [],
            "text": "rule 2 (shaded cells never share an edge): r4c4 and r4c5 are shaded",
            "minimal": True,
        }
    ]
    # the lead: the mark the solution does not share, by the rule it breaks outright
    assert document["wrong"] == {
        "cell": [3, 3],
        "value": "shaded",
        "rules": [2],
        "technique": None,
        "because": [[3, 4]],
        "text": "r4c4 cannot be shaded: rule 2 (shaded cells never share an edge): "
        "r4c4 and r4c5 are shaded",
        "how": "rule",
        "deduced": [],
    }


@pytest.mark.parametrize(
    ("genre", "instance", "text", "message"),
    [
        (
            "hitori",
            AI_COURSE,
            "3 2 5 4 #\n2 # 4\n",
            "2:6: ragged row: 3 cells where the first row has 5",
        ),
        (
            "hidato",
            "1 - -\n- - 6\n- - 9\n",
            "1 ? ?\n? ? 7\n? ? 9\n",
            "2:5: the puzzle gives 6 here, found '7'",
        ),
        (
            "numberlink",
            INSTANCES / "numberlink" / "two-ways-3x3.txt",
            "A Z .\n. B .\n. . A\n",
            "1:3: unknown label 'Z': the puzzle's labels are A, B",
        ),
    ],
)
def test_an_answer_that_disagrees_with_the_instance_is_bad_input(
    tmp_path, genre, instance, text, message
):
    if isinstance(instance, str):
        (tmp_path / "puzzle.txt").write_text(instance)
        instance = tmp_path / "puzzle.txt"
    path = answer(tmp_path, text)
    for command in ("check", "hint"):
        r = run(command, genre, instance, path)
        assert (r.exit_code, r.stdout) == (2, "")
        assert r.stderr == f"puzzlesolve: {path}:{message}\n"


# --- hint ------------------------------------------------------------------------------------


def test_hint_text_and_json_and_exit_codes(tmp_path):
    r = run("hint", "hitori", AI_COURSE)
    assert (r.exit_code, r.stdout) == (
        0,
        (
            "hint: r1c4 is unshaded by sandwich, since r1c3 and r1c5 show 5.\n"
            "where:\n"
            "  sandwich: sits between two equal numbers in its line\n"
        ),
    )
    r = run("hint", "hitori", AI_COURSE, answer(tmp_path, WRONG), "--format", "json")
    assert r.exit_code == 1
    assert json.loads(r.stdout)["status"] == "invalid"
    r = run("hint", "hitori", AI_COURSE, INSTANCES / "hitori" / "ai-course-5x5.sol")
    assert (r.exit_code, r.stdout) == (0, "solved: every cell is decided\n")
    r = run("hint", "hidato", INSTANCES / "hidato" / "several-2x2.txt")
    assert (r.exit_code, r.stdout) == (
        1,
        (
            "multiple: no further cell is forced; several solutions extend the answer; "
            "undecided: r1c2 r2c1 r2c2\n"
        ),
    )


@pytest.mark.parametrize("genre", sorted(g for g in GENRES if GENRES[g].has("explain")))
def test_hint_json_of_every_genre(genre):
    typical = GENRES[genre].examples[0]  # unique, without switches
    r = run("hint", genre, REPO / typical.path, "--format", "json")
    document = json.loads(r.stdout)
    assert r.exit_code == 0 and document["status"] == "hint"
    step = document["step"]
    assert set(step) >= {"cells", "rules", "because", "text"}
    assert all(set(cell) == {"cell", "value"} for cell in step["cells"])
    # a Numberlink or Masyu step may decide segments only (drawn or not), a Slitherlink
    # step edges only (on or not)
    assert step["cells"] or step.get("segments") or step.get("edges")
    assert all(
        set(segment) == {"segment", "on", "cells", "drawn"} for segment in step.get("segments", [])
    )
    assert all(set(edge) == {"edge", "on"} for edge in step.get("edges", []))


# --- explain ---------------------------------------------------------------------------------


def test_explain_prints_numbered_steps_and_the_difficulty():
    r = run("explain", "hitori", AI_COURSE)
    lines = r.stdout.splitlines()
    assert r.exit_code == 0 and len(lines) == 22
    assert lines[0] == "step 1: r1c4 is unshaded by sandwich, since r1c3 and r1c5 show 5."
    # what a step's decision forces at once is folded into it, not a step of its own
    assert lines[1] == (
        "step 2: r2c2 is shaded by pair in a line, since r3c2 and r4c2 show 3; so r1c2 is unshaded."
    )
    assert [line.split(":")[0] for line in lines[-7:]] == [
        "where",
        "  sandwich",
        "  pair in a line",
        "  single escape",
        "  corner",
        "  closure",
        "difficulty",
    ]
    assert lines[-2] == "  closure: would cut the unshaded cells apart if shaded"
    assert lines[-1] == (
        "difficulty: medium: 15 steps; the hardest technique is of tier 3, needed 2 times; "
        "no step needed a trial"
    )


@pytest.mark.parametrize(
    ("genre", "name", "flags", "steps"),
    [
        ("hidato", "small-5x5.txt", [], 18),
        ("numbrix", "one-character-3x3.txt", [], 5),
        ("numberlink", "copris-5x5.txt", [], 22),
        ("numberlink", "two-ways-3x3.txt", ["--no-self-touch"], 8),
    ],
)
def test_explain_json_of_every_genre(genre, name, flags, steps):
    r = run("explain", genre, INSTANCES / genre / name, "--format", "json", *flags)
    document = json.loads(r.stdout)
    assert r.exit_code == 0
    assert (document["genre"], document["status"], len(document["steps"])) == (
        genre,
        "solved",
        steps,
    )
    assert document["difficulty"]["steps"] == steps
    assert set(document["difficulty"]) == {
        "steps",
        "largest",
        "most_cells",
        "most_rules",
        "multi_rule",
        "mean",
        "one_way",
        "tier",
        "grade",
        "complete",
        "technique_tier",
        "at_hardest",
        "trials",
    }
    assert document["difficulty"]["grade"] in ("easy", "medium", "hard", "expert")
    assert all("techniques" in step for step in document["steps"])


@pytest.mark.parametrize(
    ("genre", "name", "flags", "first", "last"),
    [
        (
            "hidato",
            "small-5x5.txt",
            [],
            "step 1: r3c4 holds 10 by only cell, since r1c3 holds 12 and r4c4 holds 9.",
            (
                "difficulty: hard: 18 steps; the hardest technique is of tier 4, needed 1 time; no "
                "step needed a trial"
            ),
        ),
        (
            "numbrix",
            "one-character-3x3.txt",
            [],
            "step 1: r1c1 holds 9 and r1c2 holds 8 by last number, since r2c3 holds 6.",
            (
                "difficulty: medium: 5 steps; the hardest technique is of tier 2, needed 2 times; no "
                "step needed a trial"
            ),
        ),
        (
            "numberlink",
            "two-ways-3x3.txt",
            ["--no-self-touch"],
            (
                "step 1: r1c1-r1c2 is not drawn by two colours, since r1c1 lies on line A and r1c2 "
                "lies on line B."
            ),
            (
                "difficulty: easy: 8 steps; the hardest technique is of tier 1, needed 7 times; no "
                "step needed a trial"
            ),
        ),
    ],
)
def test_explain_by_techniques_first_step_and_grade_exact(genre, name, flags, first, last):
    r = run("explain", genre, INSTANCES / genre / name, *flags)
    lines = r.stdout.splitlines()
    assert (r.exit_code, lines[0], lines[-1]) == (0, first, last)


@pytest.mark.parametrize(
    ("genre", "name", "flags", "text"),
    [
        (
            "hidato",
            "small-5x5.txt",
            [],
            (
                "hint: r3c4 holds 10 by only cell, since r1c3 holds 12 and r4c4 holds 9.\n"
                "where:\n"
                "  only cell: a number that can reach one free cell only goes there\n"
            ),
        ),
        (
            "numbrix",
            "one-character-3x3.txt",
            [],
            (
                "hint: r1c1 holds 9 by last number, since r2c3 holds 6.\n"
                "where:\n"
                "  last number: a free cell that only one number can reach holds it\n"
            ),
        ),
        (
            "numberlink",
            "copris-5x5.txt",
            [],
            (
                "hint: r1c1-r1c2 is drawn by only exit, since r1c1 lies on line 1.\n"
                "where:\n"
                "  only exit: an endpoint or a loose end of a line with one way on goes on there\n"
            ),
        ),
    ],
)
def test_hint_by_techniques_exact(genre, name, flags, text):
    r = run("hint", genre, INSTANCES / genre / name, *flags)
    assert (r.exit_code, r.stdout) == (0, text)


def test_explain_exits_1_for_a_puzzle_without_a_solution_or_with_several():
    none = run("explain", "numbrix", INSTANCES / "numbrix" / "parity-2x2.txt")
    assert none.exit_code == 1
    assert none.stdout.splitlines()[0] == "unsolvable: the puzzle has no solution"
    several = run("explain", "hitori", INSTANCES / "hitori" / "several-3x3.txt")
    assert several.exit_code == 1
    assert several.stdout.splitlines()[-2] == (
        "multiple: no further cell is forced; several solutions remain; "
        "undecided: r1c1 r1c2 r1c3 r3c1 r3c2 r3c3"
    )
    # the steps stop short of a solution: their grade is a lower bound, and says so
    assert several.stdout.splitlines()[-1] == (
        "difficulty: at least hard (measured on the steps found): 3 steps; the hardest "
        "technique is of tier 2, needed 1 time; 1 step needed a trial (no technique applied)"
    )
    several = run("explain", "hitori", INSTANCES / "hitori" / "several-3x3.txt", "--format", "json")
    assert several.exit_code == 1
    assert json.loads(several.stdout)["difficulty"]["complete"] is False
    assert [step["weight"] for step in json.loads(several.stdout)["steps"]] == [3, 4, 9]
    assert json.loads(several.stdout)["undecided"] == [
        [0, 0],
        [0, 1],
        [0, 2],
        [2, 0],
        [2, 1],
        [2, 2],
    ]


def test_explain_reads_a_link():
    r = run("explain", "hitori", "https://puzz.link/p?hitori/4/4/1114142333214213")
    assert r.exit_code == 0 and r.stdout.startswith(
        "step 1: r1c1 is shaded by pair in a line, since r1c2 and r1c3 show 1; so r2c1 is unshaded."
    )


def test_a_flag_of_another_genre_is_bad_usage():
    r = run("explain", "hitori", AI_COURSE, "--fill")
    assert (r.exit_code, r.stderr) == (2, "puzzlesolve: --fill does not apply to hitori\n")


# --- time limit ------------------------------------------------------------------------------


def test_timeout_cuts_check_hint_and_explain_short_with_exit_4(tmp_path, monkeypatch):
    r = run("explain", "hitori", AI_COURSE, "--timeout", "600")
    assert r.exit_code == 0 and r.stdout.startswith("step 1: r1c4 is unshaded by sandwich")
    # out of time before the first question (as --timeout 0 would be), whatever the speed
    monkeypatch.setattr("puzzlesolve.cli.judge._limit", lambda _timeout: {"timeout": 0})
    r = run("check", "hitori", AI_COURSE, answer(tmp_path, PARTIAL), "--timeout", "1")
    assert (r.exit_code, r.stdout) == (
        4,
        "timeout: the answer was not judged in the time allowed\n",
    )
    r = run("hint", "hitori", AI_COURSE, "--timeout", "1")
    assert (r.exit_code, r.stdout) == (4, "timeout: no step found in the time allowed\n")
    r = run("explain", "hitori", AI_COURSE, "--timeout", "1")
    assert r.exit_code == 4 and r.stdout.splitlines()[0] == (
        "timeout: the time ran out after 0 steps; 25 cells undecided"
    )
    r = run("explain", "hitori", AI_COURSE, "--timeout", "1", "--format", "json")
    assert r.exit_code == 4 and json.loads(r.stdout)["timed_out"] is True
    r = run("explain", "hitori", AI_COURSE, "--timeout", "-1")
    assert r.exit_code == 2 and "--timeout" in r.stderr


# --- own rules files -------------------------------------------------------------------------


def test_encoding_of_ones_own_and_one_that_breaks_the_convention(tmp_path):
    mine = tmp_path / "mine.lp"
    mine.write_text(MY_HITORI)
    r = run("check", "hitori", AI_COURSE, answer(tmp_path, WRONG), "--encoding", mine)
    assert r.exit_code == 1 and r.stdout.splitlines()[1:] == [
        (
            "  first: r4c4 cannot be shaded: rule 1 (shaded cells do not touch by their sides): "
            "r4c4 and r4c5 are shaded"
        ),
        "  conflict 1: rule 1 (shaded cells do not touch by their sides): r4c4 and r4c5 are shaded",
    ]
    mine.write_text(MY_HITORI.replace("% rule 3\n", "% rule 4\n"))
    for command in ("check", "hint", "explain"):
        args = [
            command,
            "hitori",
            AI_COURSE,
            *([answer(tmp_path, WRONG)] if command == "check" else []),
            "--encoding",
            mine,
        ]
        r = run(*args)
        assert (r.exit_code, r.stdout) == (2, "")
        assert r.stderr == (
            f"puzzlesolve: {mine}:20:1: the tag cites rule 4, which the header "
            "does not number (its rules: 1, 2, 3)\n"
        )
    mine.write_text(MY_HITORI.replace("shaded(R+1,C).", "shaded(R+1,C"))
    r = run("explain", "hitori", AI_COURSE, "--encoding", mine)
    assert (
        r.exit_code == 2
        and r.stderr.count("\n") == 1
        and f"{mine}:18:1-3: error: syntax error" in r.stderr
    )


# --- pictures --------------------------------------------------------------------------------


def test_check_svg_outlines_the_conflict_in_red(tmp_path):
    svg = tmp_path / "check.svg"
    r = run("check", "hitori", AI_COURSE, answer(tmp_path, WRONG), "--svg", svg)
    assert r.exit_code == 1
    image = render(svg.read_text())
    assert at(image, (3, 4), 0.5, 0.03)[:3] == tuple(
        int(CONFLICT[i : i + 2], 16) for i in (1, 3, 5)
    )
    assert at(image, (0, 0), 0.5, 0.03)[:3] != tuple(
        int(CONFLICT[i : i + 2], 16) for i in (1, 3, 5)
    )


def test_hint_svg_marks_the_hinted_cell_and_the_cells_it_uses(tmp_path):
    svg = tmp_path / "hint.svg"
    r = run("hint", "hitori", AI_COURSE, "--svg", svg)
    assert r.exit_code == 0
    image = render(svg.read_text())
    rgb = [tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5)) for colour in (HIGHLIGHT, CITED)]
    assert at(image, (0, 3), 0.5, 0.03)[:3] == rgb[0]  # the hinted cell's border
    assert at(image, (0, 2), 0.5, 0.03)[:3] != rgb[0]


def test_svg_to_an_unwritable_path_is_bad_usage_before_any_solving(tmp_path):
    r = run("hint", "hitori", AI_COURSE, "--svg", tmp_path / "no" / "such" / "hint.svg")
    assert r.exit_code == 2 and "no such folder" in r.stderr and r.stdout == ""

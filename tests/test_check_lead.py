"""check leads with the mark most likely wrong (issue 33 item 7): a rule the marks break
outright first, else the mark the forward engine refutes first from the givens, with that
technique and its grounds; the conflicts stay as they were, below."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from conftest import REPO

INSTANCES = REPO / "instances"
EMPTY_5X5 = ["? ? ? ? ?"] * 5


def run(*args):
    from puzzlesolve.cli import main

    return CliRunner().invoke(main, [str(a) for a in args])


def marked(tmp_path, rows: list[str], changes: dict[tuple[int, int], str]):
    """An answer file: `rows` with the cells of `changes` (0-based) rewritten."""
    grid = [row.split() for row in rows]
    for (row, col), value in changes.items():
        grid[row][col] = value
    path = tmp_path / "answer.txt"
    path.write_text("".join(" ".join(row) + "\n" for row in grid))
    return path


def check_json(*args) -> tuple[int, dict]:
    result = run("check", *args, "--format", "json")
    return result.exit_code, json.loads(result.stdout)


REFUTED = [
    (
        "hitori",
        "hitori/ai-course-5x5.txt",
        {(0, 3): "#"},
        [],
        {
            "cell": [0, 3],
            "value": "shaded",
            "technique": "sandwich",
            "because": [[0, 2], [0, 4]],
            "text": "r1c4 cannot be shaded: r1c4 is unshaded by sandwich, since r1c3 and r1c5 "
            "show 5.",
        },
    ),
    (
        "hidato",
        "hidato/small-5x5.txt",
        {(1, 4): "7"},
        [],
        {
            "cell": [1, 4],
            "value": 7,
            "technique": "gap count",
            "because": [[2, 4]],
            "text": "r2c5 cannot hold 7 by gap count, since r3c5 holds 4.",
        },
    ),
    (
        "numbrix",
        "numbrix/small-5x5.txt",
        {(0, 1): "12"},
        [],
        {
            "cell": [0, 1],
            "value": 12,
            "technique": "only cell",
            "because": [[0, 4]],
            "text": "r1c2 cannot hold 12: r1c2 holds 10 by only cell, since r1c5 holds 13.",
        },
    ),
    (
        "numberlink",
        "numberlink/copris-5x5.txt",
        {(0, 1): "3"},
        [],
        {
            "cell": [0, 1],
            "value": "3",
            "technique": "follow",
            "because": [[0, 0], [0, 1]],
            "text": "r1c2 cannot lie on line 3: r1c2 lies on line 1 by follow, since r1c1 lies "
            "on line 1 and r1c1-r1c2 is drawn. r1c1-r1c2 follows from the clues alone: "
            "r1c1-r1c2 is drawn by only exit, since r1c1 lies on line 1.",
            "deduced": [
                "r1c1-r1c2 follows from the clues alone:",
                "r1c1-r1c2 is drawn by only exit, since r1c1 lies on line 1.",
            ],
        },
    ),
    (
        "nurikabe",
        "nurikabe/pzprjs-5x5.txt",
        {(0, 3): "."},
        [],
        {
            "cell": [0, 3],
            "value": "unshaded",
            "technique": "out of reach",
            "because": [[0, 1]],
            "text": "r1c4 cannot be unshaded: r1c4 is shaded by out of reach, since r1c2 shows 5.",
        },
    ),
]


@pytest.mark.parametrize(
    ("genre", "instance", "changes", "flags", "wrong"), REFUTED, ids=[c[0] for c in REFUTED]
)
def test_a_mark_no_rule_forbids_yet_is_refuted_by_the_first_technique_that_decides_it(
    tmp_path, genre, instance, changes, flags, wrong
):
    answer = marked(tmp_path, EMPTY_5X5, changes)
    code, document = check_json(genre, INSTANCES / instance, answer, *flags)
    assert (code, document["verdict"]) == (1, "invalid")
    assert document["wrong"] == {"deduced": [], **wrong, "rules": [], "how": "technique"}
    assert document["conflicts"]  # today's conflicts stay beside the lead


def test_an_empty_cell_under_fill_blames_rule_4(tmp_path):
    answer = marked(tmp_path, EMPTY_5X5, {(2, 2): "-"})
    result = run("check", "numberlink", INSTANCES / "numberlink" / "fill-5x5.txt", answer, "--fill")
    rule_4 = "rule 4 (under --fill (Flow Free), every cell is covered by a line)"
    assert (result.exit_code, result.stdout) == (
        1,
        (
            "invalid: no solution extends the answer\n"
            f"  first: r3c3 must have a line: {rule_4}: r3c3 has no line\n"
            f"  conflict 1: {rule_4}: r3c3 has no line\n"
        ),
    )


def test_a_2x2_shaded_nurikabe_block_names_rule_5(tmp_path):
    # the solution, with r2c4 shaded too: r1c4, r1c5, r2c4 and r2c5 all shaded
    solution = (INSTANCES / "nurikabe" / "pzprjs-5x5.sol").read_text().splitlines()
    answer = marked(tmp_path, solution, {(1, 3): "#"})
    code, document = check_json("nurikabe", INSTANCES / "nurikabe" / "pzprjs-5x5.txt", answer)
    assert (code, document["verdict"]) == (1, "invalid")
    assert document["wrong"] == {
        "cell": [1, 3],
        "value": "shaded",
        "rules": [5],
        "technique": None,
        "because": [[0, 3], [0, 4], [1, 4]],
        "text": "r2c4 cannot be shaded: rule 5 (no 2x2 block of cells is all shaded): r1c4, "
        "r1c5, r2c4 and r2c5 are shaded",
        "how": "rule",
        "deduced": [],
    }


def test_a_rule_broken_outright_leads_though_a_technique_refutes_a_mark_too(tmp_path):
    # r1c4 shaded is refuted by sandwich; r4c4 and r4c5 shaded break rule 2 at sight
    answer = marked(tmp_path, EMPTY_5X5, {(0, 3): "#", (3, 3): "#", (3, 4): "#"})
    result = run("check", "hitori", INSTANCES / "hitori" / "ai-course-5x5.txt", answer)
    assert result.exit_code == 1
    assert result.stdout.splitlines()[:2] == [
        "invalid: no solution extends the answer",
        (
            "  first: r4c4 cannot be shaded: rule 2 (shaded cells never share an edge): r4c4 "
            "and r4c5 are shaded"
        ),
    ]


def test_a_given_number_written_twice_breaks_rule_2_outright(tmp_path):
    answer = marked(tmp_path, EMPTY_5X5, {(4, 2): "9"})
    result = run("check", "hidato", INSTANCES / "hidato" / "small-5x5.txt", answer)
    assert result.exit_code == 1
    assert result.stdout.splitlines()[1] == (
        "  first: r5c3 cannot hold 9: rule 2 (every number 1..N is written exactly once): "
        "r5c3 holds 9, where r4c4 is given 9"
    )


MASYU = INSTANCES / "masyu" / "tatham-6x6.txt"


def masyu_answer(tmp_path, between: dict[tuple[int, int], str]):
    """An answer picture to the 6x6 Masyu: every segment undecided ('?') but those of
    `between` (the picture's own row and column of the mark)."""
    pearls = [line.split() for line in MASYU.read_text().splitlines() if line[0] != "%"]
    lines = []
    for row, cells in enumerate(pearls):
        lines.append("?".join(cell if cell in "WB" else "?" for cell in cells))
        if row < len(pearls) - 1:
            lines.append(" ".join("?" * len(cells)))
    picture = [list(line) for line in lines]
    for (row, col), mark in between.items():
        picture[row][col] = mark
    path = tmp_path / "answer.txt"
    path.write_text("".join("".join(line) + "\n" for line in picture))
    return path


def test_a_masyu_segment_marked_absent_is_refuted_by_a_technique(tmp_path):
    # r1c1-r1c2 marked absent: the white pearl at r2c1 runs the loop up into r1c1's corner
    code, document = check_json("masyu", MASYU, masyu_answer(tmp_path, {(0, 1): "x"}))
    assert (code, document["verdict"]) == (1, "invalid")
    assert document["wrong"] == {
        "segment": [[0, 0], [0, 1]],
        "on": False,
        "cells": [[0, 0], [0, 1]],
        "drawn": False,
        "rules": [],
        "technique": "loop end",
        "because": [[0, 0], [1, 0]],
        "text": "r1c1-r1c2 must be a line: r1c1-r1c2 is a line by loop end, since r1c1-r2c1 "
        "is a line. r1c1-r2c1 follows from the clues alone: r1c1-r2c1 is a line by white at "
        "the edge, since r2c1 is a white pearl.",
        "how": "technique",
        "deduced": [
            "r1c1-r2c1 follows from the clues alone:",
            "r1c1-r2c1 is a line by white at the edge, since r2c1 is a white pearl.",
        ],
    }


def test_a_masyu_branch_leads_with_rule_1_and_the_segment_the_solution_lacks(tmp_path):
    solution = (INSTANCES / "masyu" / "tatham-6x6.sol").read_text()
    answer = tmp_path / "answer.txt"
    answer.write_text(solution.replace("o-o o-W", "o-o-o-W", 1))  # r1c2-r1c3 drawn too
    result = run("check", "masyu", MASYU, answer)
    rule_1 = (
        "rule 1 (the loop joins side-neighbouring cells and never branches or crosses: every "
        "cell has two lines or none)"
    )
    assert (result.exit_code, result.stdout.splitlines()[1]) == (
        1,
        (
            f"  first: r1c2-r1c3 cannot be a line: {rule_1}: r1c1-r2c1, r1c2-r1c3 and "
            "r1c2-r2c2 are lines"
        ),
    )


def test_of_two_rules_broken_outright_the_one_fewer_marks_break_leads(tmp_path):
    # a 2x2 shaded block (rule 5, four marks) and a shaded number (rule 1, one mark)
    solution = (INSTANCES / "nurikabe" / "pzprjs-5x5.sol").read_text().splitlines()
    answer = marked(tmp_path, solution, {(1, 3): "#", (4, 3): "#"})
    result = run("check", "nurikabe", INSTANCES / "nurikabe" / "pzprjs-5x5.txt", answer)
    assert (result.exit_code, result.stdout.splitlines()[1]) == (
        1,
        (
            "  first: r5c4 cannot be shaded: rule 1 (numbered cells stay unshaded): r5c4 is "
            "shaded, where r5c4 shows 3"
        ),
    )


def test_a_slitherlink_lead_names_an_edge_by_its_points(tmp_path):
    from genres.slitherlink.test_explain import FIVE, RULE_1, picture

    answer = tmp_path / "answer.txt"
    answer.write_text(picture(5, 5, {(0, 0, 0, 1): "-", (0, 0, 1, 0): "x"}))
    code, document = check_json("slitherlink", FIVE, answer)
    assert code == 1
    assert document["wrong"] == {
        "edge": [[0, 0], [1, 0]],
        "on": False,
        "rules": [1],
        "technique": None,
        "because": [[0, 0]],
        "text": f"p1.1-p2.1 must be a line: rule 1 ({RULE_1}): p1.1-p1.2 is a line and "
        "p1.1-p2.1 is no line",
        "how": "rule",
        "deduced": [],
    }


def test_cells_nobody_marked_are_said_to_follow_from_the_clues_with_their_steps(tmp_path):
    # issue 44 item 4: only r1c1 shaded; the reason cites r2c1, r2c2 and r3c1, which no one
    # marked: each is said to follow from the clues, by the steps that decide it, in order
    answer = marked(tmp_path, EMPTY_5X5, {(0, 0): "#"})
    code, document = check_json("hitori", INSTANCES / "hitori" / "ai-course-5x5.txt", answer)
    assert code == 1
    assert document["wrong"]["deduced"] == [
        "r2c1, r2c2 and r3c1 follow from the clues alone:",
        "r2c1 is unshaded by offset pair, since r2c2 and r2c4 show 3 and r3c1 and r3c4 show 4.",
        "r3c1 is shaded by pair in a line, since r3c4 and r3c5 show 4.",
        "r2c2 is shaded by pair in a line, since r3c2 and r4c2 show 3.",
    ]
    assert document["wrong"]["text"] == (
        "r1c1 cannot be shaded: r1c1 is unshaded by single escape, since r2c1 is unshaded and "
        "r2c2 and r3c1 are shaded. " + " ".join(document["wrong"]["deduced"])
    )


def test_a_hidato_lead_says_which_numbers_it_deduced_before(tmp_path):
    rows = (INSTANCES / "hidato" / "small-5x5.txt").read_text().splitlines()[1:]
    answer = marked(tmp_path, rows, {(4, 4): "8"})
    result = run("check", "hidato", INSTANCES / "hidato" / "small-5x5.txt", answer)
    assert result.stdout.splitlines()[1] == (
        "  first: r5c5 cannot hold 8: r5c5 holds 6 by last number, since r4c5 holds 5 and r5c3 "
        "holds 8. r4c5 and r5c3 follow from the clues alone: r4c5 holds 5 by walk, since r3c5 "
        "holds 4 and r4c4 holds 9. r5c3 holds 8 by walk, since r4c4 holds 9 and r4c5 holds 5."
    )

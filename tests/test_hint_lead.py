"""hint on an answer no solution extends leads as check does (issue 33 item 7): the mark to
look at first ("wrong" in JSON, "first: ..." in the text), then check's conflicts."""

from __future__ import annotations

import json

from click.testing import CliRunner
from conftest import REPO

INSTANCES = REPO / "instances"
HITORI = INSTANCES / "hitori" / "ai-course-5x5.txt"
COPRIS = INSTANCES / "numberlink" / "copris-5x5.txt"

NUMBERLINK_RULES_1_2_3 = (
    "rules 1 (the two endpoints of each label are joined by one line of segments, and no line "
    "joins two different labels), 2 (lines never branch or cross and no cell holds two "
    "lines: an endpoint has exactly one segment, any other cell none or two) and 3 (no line "
    "forms a closed loop (not even a stray loop away from the endpoints)): r1c3 and r3c3 lie "
    "on line 1, where r1c1 and r3c4 are ends of line 1 and r1c5 and r2c3 are ends of line 2"
)


def run(*args):
    from puzzlesolve.cli import main

    return CliRunner().invoke(main, [str(a) for a in args])


def test_hint_on_a_mark_a_technique_refutes_leads_with_it_as_check_does():
    answer = INSTANCES / "hitori" / "ai-course-5x5-dead-end.ans"  # r1c4 shaded
    hinted = run("hint", "hitori", HITORI, answer)
    assert hinted.exit_code == 1
    assert hinted.stdout == (
        "invalid: no solution extends the answer\n"
        "  first: r1c4 cannot be shaded: r1c4 is unshaded by sandwich, since r1c3 and r1c5 "
        "show 5.\n"
        "  conflict 1: rules 1 (no number appears unshaded twice in a row or in a column) and "
        "2 (shaded cells never share an edge): r1c4 is shaded, where r1c3 and r1c5 show 5\n"
    )
    assert hinted.stdout == run("check", "hitori", HITORI, answer).stdout


def test_hint_json_gives_the_lead_beside_the_conflicts():
    answer = INSTANCES / "hitori" / "ai-course-5x5-wrong.ans"  # r4c4 and r4c5 shaded
    hinted = run("hint", "hitori", HITORI, answer, "--format", "json")
    assert hinted.exit_code == 1
    document = json.loads(hinted.stdout)
    assert document["status"] == "invalid"
    assert document["wrong"] == {
        "cell": [3, 3],
        "value": "shaded",
        "rules": [2],
        "technique": None,
        "because": [[3, 4]],
        "text": "r4c4 cannot be shaded: rule 2 (shaded cells never share an edge): r4c4 and "
        "r4c5 are shaded",
        "how": "rule",
        "deduced": [],
    }
    checked = json.loads(run("check", "hitori", HITORI, answer, "--format", "json").stdout)
    assert (document["conflicts"], document["wrong"]) == (checked["conflicts"], checked["wrong"])


def test_numberlink_hint_on_a_cell_on_the_wrong_line_leads_with_it(tmp_path):
    # r3c3 on line 1 beside the marks of the solution's line 1 along the top: line 1's
    # ends are r1c1 and r3c4, and the cells around leave it no way through
    answer = tmp_path / "answer.txt"
    answer.write_text("1 1 1 ? 2\n3 4 2 1 ?\n3 ? 1 1 ?\n? ? ? ? ?\n3 ? ? ? 4\n")
    hinted = run("hint", "numberlink", COPRIS, answer)
    assert hinted.exit_code == 1
    assert hinted.stdout == (
        "invalid: no solution extends the answer\n"
        f"  first: r3c3 cannot lie on line 1: {NUMBERLINK_RULES_1_2_3}\n"
        f"  conflict 1: {NUMBERLINK_RULES_1_2_3}\n"
    )
    document = json.loads(run("hint", "numberlink", COPRIS, answer, "--format", "json").stdout)
    assert document["wrong"] == {
        "cell": [2, 2],
        "value": "1",
        "rules": [1, 2, 3],
        "technique": None,
        "because": [[0, 0], [0, 2], [0, 4], [1, 2], [2, 3]],
        "text": f"r3c3 cannot lie on line 1: {NUMBERLINK_RULES_1_2_3}",
        "how": "conflict",
        "deduced": [],
    }
    # r2c4 is no longer among them: rules 1 to 3 forbid the other two without it
    assert [c["cells"] for c in document["conflicts"]] == [[[0, 2], [2, 2]]]


def test_the_rules_engine_hint_leads_too():
    from puzzlesolve import load
    from puzzlesolve.explain import check, hint
    from puzzlesolve.registry import get_genre

    hitori = get_genre("hitori")
    puzzle = load(hitori, HITORI)
    answer = {(3, 3): "shaded", (3, 4): "shaded"}
    hinted = hint(hitori, puzzle, answer, engine="rules")
    assert hinted.status == "invalid"
    assert hinted.wrong == check(hitori, puzzle, answer).wrong
    assert hinted.wrong.text == (
        "r4c4 cannot be shaded: rule 2 (shaded cells never share an edge): r4c4 and r4c5 are shaded"
    )


def test_a_consistent_answer_gets_a_step_and_no_lead():
    hinted = run("hint", "hitori", HITORI, INSTANCES / "hitori" / "ai-course-5x5-partial.ans")
    assert hinted.exit_code == 0
    assert hinted.stdout.startswith("hint: ")
    assert "first:" not in hinted.stdout

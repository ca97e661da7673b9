"""Yajilin through the command line and the features beside solving: bad input, answers,
check, hint and explain, pictures, generated puzzles and audits (the generic checks of every
genre are in tests/test_*.py)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from conftest import REPO

from puzzlesolve import get_genre, load
from puzzlesolve.cli import main
from puzzlesolve.drawing import draw
from puzzlesolve.generate import generate

GENRE = get_genre("yajilin")
FIVE = str(REPO / "instances" / "yajilin" / "pzprjs-5x5.txt")
# an answer with every cell and segment undecided
BLANK = "?  ?  ?  ?  ?\n\n?  ?  ?  ?  ?\n\n?  ?  ?  2< ?\n\n?  ?  ?  ?  ?\n\n?  ?  ?  ?  0^\n"
SOLUTION = (REPO / "instances" / "yajilin" / "pzprjs-5x5.sol").read_text()


def run(*arguments: str):
    return CliRunner().invoke(main, list(arguments))


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (". . .\n. ^ .\n", "x.txt:2:3: the arrow '^' has no number (write it as e.g. '1^')"),
        (
            ". . . .\n3> . . .\n",
            "x.txt:2:1: the clue '3>' counts 3 shaded cells where its direction holds at most 2",
        ),
        (
            ". . .\n. 1< 2>\n",
            "x.txt:2:6: the clue '2>' counts 2 shaded cells where its direction holds at most 0",
        ),
        (
            ". . .\n. x .\n",
            "x.txt:2:3: expected a clue (a number and its arrow ^ v < >, e.g. '2>') or '.' (empty), found 'x'",
        ),
    ],
)
def test_bad_instances_are_one_line_exit_2(tmp_path, text, says):
    path = tmp_path / "x.txt"
    path.write_text(text)
    r = run("solve", "yajilin", str(path))
    assert r.exit_code == 2, r.output
    assert says in r.stderr and r.stderr.count("\n") == 1 and "Traceback" not in r.output


def test_json_solution_and_count():
    r = run("yajilin", FIVE, "--format", "json", "-n", "0")
    assert r.exit_code == 0, r.output
    document = json.loads(r.output)
    assert (document["status"], document["count"]) == ("unique", 1)
    assert document["solutions"][0]["shaded"] == [[2, 0], [2, 2], [4, 3]]
    assert len(document["solutions"][0]["segments"]) == 20


def test_the_solution_file_is_read_back_as_a_solved_answer():
    r = run("check", "yajilin", FIVE, FIVE.replace(".txt", ".sol"))
    assert r.exit_code == 0 and r.output.startswith("solved"), r.output


def test_an_answer_with_a_clue_changed_is_bad_input(tmp_path):
    answer = tmp_path / "a.ans"
    answer.write_text(SOLUTION.replace("2<", "1<"))
    r = run("check", "yajilin", FIVE, str(answer))
    assert r.exit_code == 2, r.output
    assert "a.ans:5:10: expected the puzzle's clue '2<' here, found '1<'" in r.stderr


def test_check_names_a_cell_that_breaks_the_count(tmp_path):
    answer = tmp_path / "a.ans"
    # r3c1 unshaded (o) where the solution shades it: the clue 2< cannot be met
    answer.write_text(BLANK.replace("?  ?  ?  2<", "o  o  ?  2<"))
    r = run("check", "yajilin", FIVE, str(answer), "--format", "json")
    assert r.exit_code == 1, r.output
    document = json.loads(r.output)
    assert document["verdict"] == "invalid"
    assert document["conflicts"][0]["rules"] == [3, 5]
    assert document["wrong"]["text"].startswith("r3c1 cannot be unshaded")


def test_check_a_consistent_partial_answer(tmp_path):
    answer = tmp_path / "a.ans"
    answer.write_text("o--o" + BLANK[4:].replace("\n\n", "\n|\n", 1))
    r = run("check", "yajilin", FIVE, str(answer))
    assert r.exit_code == 0 and r.output.startswith("consistent"), r.output


def test_hint_and_explain():
    r = run("hint", "yajilin", FIVE)
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == "hint: r1c5 is unshaded by count met, since r5c5 shows 0^."
    r = run("explain", "yajilin", FIVE, "--format", "json")
    assert r.exit_code == 0, r.output
    document = json.loads(r.output)
    assert document["steps"][0]["techniques"] == ["count met"]
    assert document["difficulty"]["grade"] in ("easy", "medium", "hard", "expert")


def test_the_picture_shows_clues_shading_and_loop():
    board = load(GENRE, FIVE)
    solved = GENRE.decode([], board)._replace(shaded=[(2, 0)], loop=[((0, 0), (0, 1))])
    svg = draw(GENRE, board, solution=solved)
    assert "2←" in svg and "0↑" in svg and "#2e2e2e" in svg and "#1565c0" in svg


def test_generate_a_unique_6x6_and_audit_it(tmp_path):
    made = generate(GENRE, 6, 6, seed=3, difficulty="hard")
    assert made.measures["clues"] >= 1
    path = tmp_path / "g.txt"
    path.write_text(made.text)
    r = run("audit", "yajilin", str(path), "--format", "json")
    assert r.exit_code == 0, r.output
    report = json.loads(r.output)
    assert report["status"] == "unique" and report["repairs"] == []

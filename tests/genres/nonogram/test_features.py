"""Nonogram through the command line and the features beside solving: the three input forms,
bad input, check, hint and explain, pictures, links, generated puzzles and audits (the
generic checks of every genre are in tests/test_*.py)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from conftest import REPO

from puzzlesolve import get_genre, links, load, parse
from puzzlesolve.cli import main
from puzzlesolve.drawing import draw
from puzzlesolve.generate import generate
from puzzlesolve.genres.nonogram import Nonogram

FIVE = str(REPO / "instances" / "nonogram" / "tatham-5x5.txt")
TWO = str(REPO / "instances" / "nonogram" / "two-ways-2x2.txt")
GENRE = get_genre("nonogram")
FIVE_ID = "5x5:2/2/3/3.1/2/2/2/2/3/4"


def run(*arguments: str):
    return CliRunner().invoke(main, list(arguments))


def test_the_three_forms_read_one_puzzle(tmp_path):
    plain = load(GENRE, FIVE)
    non = tmp_path / "p.non"
    non.write_text('title "five"\nwidth 5\nheight 5\n\nrows\n2\n2\n2\n3\n4\n\ncolumns\n'
                   '2\n2\n3\n3,1\n2\n')  # fmt: skip
    assert plain == Nonogram(5, 5, ((2,), (2,), (2,), (3,), (4,)), ((2,), (2,), (3,), (3, 1), (2,)))
    assert load(GENRE, non) == plain == parse(GENRE, FIVE_ID)


def test_a_pattern_id_alone_is_solved_and_written_back():
    r = run(FIVE_ID)
    assert r.exit_code == 0, r.output
    assert r.output.startswith("...##\n...##\n..##.\n###..\n####.\n% unique")
    assert links.write(GENRE, load(GENRE, FIVE)) == FIVE_ID
    assert links.write(GENRE, parse(GENRE, "rows\n2\n0\ncolumns\n1\n1\n")) == "2x2:1/1/2/"
    assert parse(GENRE, "2x2:1/1/2/") == parse(GENRE, "rows\n2\n0\ncolumns\n1\n1\n")


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("rows\n3\n1\ncolumns\n1\n1\n", "x.txt:2:1: row 1's runs 3 need 3 cells; the row has 2"),
        ("rows\n1 1\n0\ncolumns\n1\n1\n", "x.txt:2:1: row 1's runs 1 1 need 3 cells; the row has 2"),
        ("width 2\nheight 3\nrows\n1\n1\ncolumns\n1\n1\n", "x.txt:2:1: height 3, but 2 rows are given"),
        ("rows\n2\n1\ncolumns\n1\n1\n", "x.txt:4:1: the rows' runs shade 3 cells, the columns' 2"),
        ("rows\n1 0\n1\ncolumns\n1\n1\n", "x.txt:2:1: a run of 0 among others in '1 0'"),
        ("rows\n1\nx\ncolumns\n1\n1\n", "x.txt:3:1: expected a line of run lengths, found 'x'"),
        ("rows\n1\n1\n", "x.txt: no columns block: a line 'columns', then its runs"),
        ("1 2\n3 4\n", "x.txt: no rows block: a line 'rows', then a line of runs per row"),
        ("2x2:1/1/1", "x.txt: a Pattern game id of 2x2 needs 4 clues (columns, then rows), found 3"),
    ],
)  # fmt: skip
def test_bad_instances_are_one_line_exit_2(tmp_path, text, says):
    path = tmp_path / "x.txt"
    path.write_text(text)
    r = run("solve", "nonogram", str(path))
    assert r.exit_code == 2, r.output
    assert says in r.stderr and r.stderr.count("\n") == 1 and "Traceback" not in r.output


def test_count_and_a_copied_rules_file(tmp_path):
    r = run("nonogram", TWO, "-n", "0", "--format", "json")
    assert json.loads(r.output)["count"] == 2 and json.loads(r.output)["exhausted"]
    mine = tmp_path / "mine.lp"
    mine.write_text((REPO / "encodings" / "nonogram.lp").read_text())
    r = run("nonogram", FIVE, "--encoding", str(mine))
    assert r.output.endswith("% unique: the solver proved there is no other solution "
                             "(1 solution found, search complete)\n")  # fmt: skip


def test_check_names_the_line_and_its_runs(tmp_path):
    answer = tmp_path / "a.txt"
    answer.write_text("##\n.?\n")
    r = run("check", "nonogram", TWO, str(answer), "--format", "json")
    assert r.exit_code == 1, r.output
    (conflict,) = json.loads(r.output)["conflicts"]
    assert conflict["rules"] == [2] and conflict["because"] == [[0, -1]]
    assert conflict["text"].endswith("r1c1 and r1c2 are shaded, where row 1 has runs 1")
    answer.write_text("#a\n??\n")
    r = run("check", "nonogram", TWO, str(answer))
    assert r.exit_code == 2 and "a.txt:1:2: expected '#' (shaded), '.' or 'x'" in r.stderr


def test_hint_and_explain_solve_line_by_line():
    r = run("hint", "nonogram", FIVE, "--format", "json")
    step = json.loads(r.output)["step"]
    assert step["techniques"] == ["overlap"] and step["because"] == [[-1, 3]]
    assert step["text"] == "r1c4 is shaded by overlap, since column 4 has runs 3 1."
    r = run("explain", "nonogram", FIVE)
    assert r.output.splitlines()[-1] == (
        "difficulty: easy: 19 steps; the hardest technique is of tier 2, needed 9 times; "
        "no step needed a trial"
    )


def test_the_picture_writes_the_runs_beside_the_grid():
    svg = draw(GENRE, parse(GENRE, "rows\n2\n1 1\n0\ncolumns\n2\n1\n1\n"), solution=[(0, 0)])
    texts = [t.split(">")[1].split("<")[0] for t in svg.split("<text")[1:]]
    assert sorted(texts) == sorted(["2", "1", "1", "0", "2", "1", "1"])
    assert svg.count('fill="#2e2e2e"') == 1


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_generated_puzzles_are_unique_and_graded(difficulty):
    made = generate(GENRE, 6, 6, seed=7, difficulty=difficulty, grade=True)
    assert made.measures["grade"] == difficulty or "closest" in made.note
    r = run("nonogram", "-", "--format", "json")
    assert r.exit_code == 2  # no stdin: bad input, never a traceback
    assert parse(GENRE, made.text).rows == 6


def test_audit_says_no_clue_can_be_added_or_removed():
    r = run("audit", "nonogram", TWO, "--format", "json")
    report = json.loads(r.output)
    assert (r.exit_code, report["status"], report["solutions"]) == (1, "multiple", 2)
    assert report["repairs"] == [] and report["removable"] == []

"""Tents through the command line and the features beside solving: bad input, answers,
check, hint and explain, pictures, generated puzzles, audits and batch (the generic checks
of every genre are in tests/test_*.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import REPO
from pictures import at, render

from puzzlesolve import get_genre, load, parse, solve
from puzzlesolve.cli import main
from puzzlesolve.drawing import draw
from puzzlesolve.generate import generate

SIX = str(REPO / "instances" / "tents" / "tatham-6x6.txt")
SOME = str(Path(__file__).with_name("some-counts-8x8.txt"))  # no game id: not an example
GENRE = get_genre("tents")
# tatham-6x6's answer grid without its first row, undecided but for the trees
REST = "? ? ? ? ? T 2\n" + "? ? ? ? ? ? 1\n" * 2 + "? T ? ? T ? 1\n" + "? ? ? T ? ? 1\n"
HEAD = "1 1 2 0 1 2\n"


def run(*arguments: str):
    return CliRunner().invoke(main, list(arguments))


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (
            "1 0\nT . 1\n. . \n",
            "x.txt:3:3: a row of 1 cells and its count, where the first line counts 2 columns",
        ),
        (
            "1 0\nT . 1 1\n. . 0\n",
            "x.txt:2:7: a row of 3 cells and its count, where the first line counts 2 columns",
        ),
        ("1 0\nT x 1\n. . 0\n", "x.txt:2:3: expected 'T' (tree), '.' or '-' (empty), found 'x'"),
        (
            "1 0\nT . 2\n. . 0\n",
            "x.txt:2:5: a row of 2 cells holds at most 1 tents (two never touch), the count says 2",
        ),
        ("1 0 2\nT . . 1\n. . . 0\n", "x.txt:1:5: a column of 2 cells holds at most 1 tents"),
        (
            "1 1\nT . 1\n. . 0\n",
            "x.txt: the column counts add up to 2 tents, but there are 1 trees",
        ),
        (
            "- -\nT . 1\nT . 1\n. . 1\n",
            "x.txt: the row counts add up to 3 tents, but there are 2 trees",
        ),
        ("1 0\nT . a\n. . 0\n", "x.txt:2:5: expected a row count or '-', found 'a'"),
        ("1 0\n", "x.txt: no rows: the first line holds the column counts, rows follow"),
    ],
)
def test_bad_instances_are_one_line_exit_2(tmp_path, text, says):
    path = tmp_path / "x.txt"
    path.write_text(text)
    r = run("solve", "tents", str(path))
    assert r.exit_code == 2, r.output
    assert says in r.stderr and r.stderr.count("\n") == 1 and "Traceback" not in r.output


def test_counts_may_be_left_out_and_the_solution_keeps_them():
    result = solve(GENRE, load(GENRE, SOME), models=2)
    assert result.status == "unique"
    assert (
        GENRE.render(result.puzzle, result.solutions[0])
        == (REPO / SOME).with_suffix(".sol").read_text()
    )


def test_count_all_and_json():
    r = run(
        "solve",
        "tents",
        str(REPO / "instances/tents/two-ways-2x3.txt"),
        "-n",
        "0",
        "--format",
        "json",
    )
    document = json.loads(r.output)
    assert document["status"] == "multiple" and document["count"] == 2
    assert sorted(s["tents"] for s in document["solutions"]) == [[[0, 0], [1, 2]], [[0, 2], [1, 0]]]


@pytest.mark.parametrize(
    ("answer", "says"),
    [
        ("A . T . . T 1\n" + REST, "a.ans:2:1: expected the puzzle's tree 'T' here"),
        (
            "T . T . ! T 1\n" + REST,
            "a.ans:2:9: expected 'A' (tent), '.' or 'x' (grass) or '?', found '!'",
        ),
        ("T . T . . T 2\n" + REST, "a.ans:2:13: the puzzle's count here is 1"),
    ],
)
def test_answers_that_disagree_with_the_puzzle_are_bad_input(tmp_path, answer, says):
    path = tmp_path / "a.ans"
    path.write_text(HEAD + answer)
    r = run("check", "tents", SIX, str(path))
    assert r.exit_code == 2, r.output
    assert says in r.stderr


def test_check_names_two_tents_that_touch(tmp_path):
    answer = tmp_path / "a.ans"
    answer.write_text(
        "T A T ? ? T\nA ? ? ? ? T\n? ? ? ? ? ?\n? ? ? ? ? ?\n? T ? ? T ?\n? ? ? T ? ?\n"
    )
    r = run("check", "tents", SIX, str(answer), "--format", "json")
    assert r.exit_code == 1, r.output
    document = json.loads(r.output)
    assert document["verdict"] == "invalid"
    assert {3} <= set(document["conflicts"][0]["rules"])
    assert document["conflicts"][0]["cells"] == [[0, 1], [1, 0]]


def test_check_a_solution_and_a_consistent_partial_answer(tmp_path):
    r = run("check", "tents", SIX, SIX.replace(".txt", ".sol"))
    assert r.exit_code == 0 and r.output.startswith("solved"), r.output
    answer = tmp_path / "a.ans"
    answer.write_text(HEAD + "T x T ? A T 1\n" + REST)
    r = run("check", "tents", SIX, str(answer))
    assert r.exit_code == 0 and r.output.startswith("consistent"), r.output


def test_hint_is_the_easiest_step():
    r = run("hint", "tents", SIX)
    assert r.exit_code == 0, r.output
    assert (
        r.output.splitlines()[0]
        == "hint: r1c5 is a tent by tree's last place, since r1c6 is a tree."
    )


def test_explain_an_easy_board_by_easy_techniques_and_a_tricky_one_harder():
    r = run("explain", "tents", SIX, "--format", "json")
    document = json.loads(r.output)
    assert document["difficulty"]["grade"] == "easy" and document["difficulty"]["trials"] == 0
    assert {t for step in document["steps"] for t in step["techniques"]} == {
        "count met", "tree's last place", "no tree left", "count forced",
    }  # fmt: skip
    r = run("explain", "tents", SIX.replace("6x6", "10x10"), "--format", "json")
    assert json.loads(r.output)["difficulty"]["grade"] in ("medium", "hard")


def test_a_picture_shows_trees_tents_and_the_counts_outside():
    result = solve(GENRE, load(GENRE, SIX))
    svg = draw(GENRE, result.puzzle, solution=result.solutions[0])
    image = render(svg)
    assert at(image, (0, 0), 0.5, 0.5)[:3] == (0x66, 0xBB, 0x6A)  # a tree's crown
    assert at(image, (0, 4), 0.4, 0.75)[:3] == (0xFF, 0xB7, 0x4D)  # a tent's canvas
    assert at(image, (0, 6), 0.5, 0.5)[:3] != (0xFF, 0xFF, 0xFF)  # the row's count, right
    assert svg.count(">2</text>") == 3  # row 2 and columns 3 and 6 count two tents


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_generated_boards_are_unique_and_graded(difficulty):
    puzzle = generate(GENRE, 6, 6, 3, difficulty, grade=True)
    assert solve("tents", parse("tents", puzzle.text), models=2).status == "unique"
    assert puzzle.measures["grade"] == difficulty or puzzle.note


def test_easy_boards_give_every_count_and_hard_ones_fewer():
    easy = parse("tents", generate(GENRE, 6, 6, 5, "easy").text)
    assert None not in easy.row_counts + easy.col_counts
    counts = []
    for seed in (5, 6, 7):
        hard = parse("tents", generate(GENRE, 6, 6, seed, "hard").text)
        assert solve("tents", hard, models=2).status == "unique"
        counts.append(sum(n is not None for n in hard.row_counts + hard.col_counts))
    assert min(counts) < 12


def test_audit_says_unique_and_why_no_repair():
    r = run("audit", "tents", SIX, "--format", "json")
    report = json.loads(r.output)
    assert r.exit_code == 0 and report["status"] == "unique" and report["repairs"] == []
    r = run("audit", "tents", str(REPO / "instances/tents/two-ways-2x3.txt"), "--format", "json")
    report = json.loads(r.output)
    assert r.exit_code == 1 and report["differ"] == [[0, 0], [0, 2], [1, 0], [1, 2]]


def test_batch_and_encoding_copy(tmp_path):
    out = tmp_path / "out.jsonl"
    run("batch", "tents", str(REPO / "instances/tents"), "--output", str(out))
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(line["status"] for line in lines) == [
        "multiple",
        "unique",
        "unique",
        "unsolvable",
    ]
    mine = tmp_path / "mine.lp"
    mine.write_text(
        (REPO / "encodings/tents.lp")
        .read_text()
        .replace(":- row_count", "% :- row_count")
        .replace(":- column_count", "% :- column_count")
    )
    r = run("solve", "tents", SIX, "--encoding", str(mine), "-n", "2")
    assert "multiple" in r.output

"""Slitherlink's check, hint and explain: edges as sites of the forward engine, answers
checked by cores (puzzlesolve/explain/loopcheck.py), with real clingo."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from conftest import CORPUS, REPO

from puzzlesolve import get_genre, load
from puzzlesolve.cli import main
from puzzlesolve.explain import explain
from puzzlesolve.explain.sites import Edge
from puzzlesolve.explain.truth import solve_truth

FOLDER = REPO / "instances" / "slitherlink"
FIVE = FOLDER / "tatham-5x5.txt"
RULE_1 = "the lines form a loop that never branches or crosses: every point has two lines or none"
RULE_3 = "a number tells how many of its cell's four sides the loop runs along"


def run(*arguments: object):
    return CliRunner().invoke(main, [str(a) for a in arguments])


def picture(rows: int, cols: int, marks: dict[tuple[int, int, int, int], str]) -> str:
    """An answer picture of an empty board with `marks` (``-``/``|``, ``x``) drawn."""
    lines = [
        [" " if y % 2 or x % 2 else "+" for x in range(2 * cols + 1)] for y in range(2 * rows + 1)
    ]
    for (y, x, y2, x2), mark in marks.items():
        lines[y + y2][x + x2] = mark
    return "".join("".join(line) + "\n" for line in lines)


def test_the_first_step_of_the_explanation_and_the_hint():
    r = run("explain", "slitherlink", FIVE, "--format", "json")
    assert r.exit_code == 0, r.output
    first = json.loads(r.stdout)["steps"][0]
    assert first["text"] == (
        "p2.4-p2.5, p2.4-p3.4, p2.5-p3.5 and p3.4-p3.5 are no lines by count, since r2c4 shows 0."
    )
    assert first["edges"] == [
        {"edge": [[1, 3], [1, 4]], "on": False},
        {"edge": [[1, 3], [2, 3]], "on": False},
        {"edge": [[1, 4], [2, 4]], "on": False},
        {"edge": [[2, 3], [2, 4]], "on": False},
    ]
    assert first["because"] == [[1, 3]]
    r = run("hint", "slitherlink", FIVE)
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[0] == "hint: p2.4-p2.5 is no line by count, since r2c4 shows 0."


def test_a_step_cites_the_edges_it_rests_on():
    r = run("explain", "slitherlink", FIVE)
    assert r.stdout.splitlines()[2] == (
        "step 3: p1.5-p2.5 is a line by loop end, since p2.4-p2.5 and p2.5-p3.5 are no lines "
        "and p2.5-p2.6 is a line."
    )


def small_corpus() -> list:
    """The unique corpus puzzles up to 36 cells (../shared/corpus/manifest-loops.json)."""
    manifest = json.loads((CORPUS / "manifest-loops.json").read_text())
    return [
        CORPUS / entry["path"]
        for entry in manifest
        if entry["genre"] == "slitherlink"
        and entry["unique"]
        and entry["rows"] * entry["cols"] <= 36
    ]


@pytest.mark.parametrize("path", [FIVE, FOLDER / "four-1x1.txt", *small_corpus()])
def test_every_step_agrees_with_the_solution(path):
    genre = get_genre("slitherlink")
    puzzle = load(genre, path)
    truth = solve_truth(genre, puzzle, (), None)
    explanation = explain(get_genre(genre), puzzle)
    assert explanation.status == "solved"
    assert explanation.bugs == []
    decided = {}
    for step in explanation.steps:
        for site, on in [*step.decided, *step.folded]:
            assert isinstance(site, Edge)
            assert truth.drawn[site] == on, step.text
            decided[site] = on
    assert decided == truth.drawn


def test_a_four_alone_is_easy():
    r = run("explain", "slitherlink", FOLDER / "four-1x1.txt", "--format", "json")
    document = json.loads(r.stdout)
    assert [step["text"] for step in document["steps"]] == [
        "p1.1-p1.2, p1.1-p2.1, p1.2-p2.2 and p2.1-p2.2 are lines by count, since r1c1 shows 4."
    ]
    assert document["difficulty"]["grade"] == "easy"


def test_check_a_solution_is_solved_and_its_top_line_consistent(tmp_path):
    r = run("check", "slitherlink", FIVE, FIVE.with_suffix(".sol"))
    assert (r.exit_code, r.stdout) == (0, "solved: the answer is complete and every rule holds\n")
    top = FIVE.with_suffix(".sol").read_text().splitlines()[0]
    answer = tmp_path / "top.txt"
    answer.write_text(top + "\n" + "\n" * 9 + "+ + + + + +\n")  # blank: undecided
    r = run("check", "slitherlink", FIVE, answer)
    assert (r.exit_code, r.stdout) == (
        0,
        "consistent: correct so far, a solution extends the answer\n",
    )
    r = run("hint", "slitherlink", FIVE, FIVE.with_suffix(".sol"))
    assert (r.exit_code, r.stdout) == (0, "solved: every cell is decided\n")


def test_check_names_the_rule_the_edges_and_the_number_they_break(tmp_path):
    answer = tmp_path / "answer.txt"
    answer.write_text(picture(5, 5, {(1, 3, 1, 4): "-"}))  # along the 0 of r2c4
    r = run("check", "slitherlink", FIVE, answer, "--format", "json")
    assert r.exit_code == 1, r.output
    assert json.loads(r.stdout)["conflicts"] == [
        {
            "rules": [3],
            "cells": [],
            "values": [],
            "because": [[1, 3]],
            "text": f"rule 3 ({RULE_3}): p2.4-p2.5 is a line, where r2c4 shows 0",
            "minimal": True,
            "edges": [{"edge": [[1, 3], [1, 4]], "on": True}],
        }
    ]
    r = run("hint", "slitherlink", FIVE, answer)
    assert r.exit_code == 1
    assert r.stdout.splitlines()[1] == (
        f"  conflict 1: rule 3 ({RULE_3}): p2.4-p2.5 is a line, where r2c4 shows 0"
    )


def test_check_a_dead_end_at_a_corner(tmp_path):
    answer = tmp_path / "answer.txt"
    answer.write_text(picture(5, 5, {(0, 0, 0, 1): "-", (0, 0, 1, 0): "x"}))
    r = run("check", "slitherlink", FIVE, answer)
    assert (r.exit_code, r.stdout) == (
        1,
        (
            "invalid: no solution extends the answer\n"
            # the lead: of the two marks, the one the solution does not share
            f"  first: p1.1-p2.1 must be a line: rule 1 ({RULE_1}): p1.1-p1.2 is a line and "
            "p1.1-p2.1 is no line\n"
            f"  conflict 1: rule 1 ({RULE_1}): p1.1-p1.2 is a line and p1.1-p2.1 is no line\n"
        ),
    )


def test_an_unsolvable_puzzle_is_explained_by_its_conflict():
    r = run("explain", "slitherlink", FOLDER / "none-1x2.txt")
    assert r.exit_code == 1
    assert r.stdout.splitlines()[:2] == [
        "unsolvable: the puzzle has no solution",
        f"  conflict 1: rule 3 ({RULE_3}) cannot all hold, where r1c1 shows 0 and r1c2 shows 4",
    ]


def test_check_lists_a_conflict_for_each_mistake_apart(tmp_path):
    # a line along the 0 of r2c4, and the bottom left corner left without its bottom line
    answer = tmp_path / "answer.txt"
    answer.write_text(picture(5, 5, {(1, 3, 1, 4): "-", (5, 0, 5, 1): "x", (4, 0, 5, 0): "|"}))
    r = run("check", "slitherlink", FIVE, answer)
    assert (r.exit_code, r.stdout) == (
        1,
        (
            "invalid: no solution extends the answer\n"
            f"  first: p2.4-p2.5 cannot be a line: rule 3 ({RULE_3}): p2.4-p2.5 is a line, "
            "where r2c4 shows 0\n"
            f"  conflict 1: rule 1 ({RULE_1}): p5.1-p6.1 is a line and p6.1-p6.2 is no line\n"
            f"  conflict 2: rule 3 ({RULE_3}): p2.4-p2.5 is a line, where r2c4 shows 0\n"
        ),
    )

"""Masyu's check, hint and explain: segments as sites of the forward engine, answers
checked by cores (puzzlesolve/explain/loopcheck.py), with real clingo."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from conftest import CORPUS, REPO

from puzzlesolve import get_genre, load
from puzzlesolve.cli import main
from puzzlesolve.explain import explain
from puzzlesolve.explain.sites import Edge, Segment
from puzzlesolve.explain.truth import solve_truth

FOLDER = REPO / "instances" / "masyu"
SIX = FOLDER / "tatham-6x6.txt"
RULE_1 = (
    "the loop joins side-neighbouring cells and never branches or crosses: every cell has "
    "two lines or none"
)
RULE_3 = "the loop passes through every pearl"
RULE_5 = "it turns on a black pearl and goes straight through the cells before and after it"


def run(*arguments: object):
    return CliRunner().invoke(main, [str(a) for a in arguments])


def test_the_first_step_of_the_explanation_and_the_hint():
    r = run("explain", "masyu", SIX, "--format", "json")
    assert r.exit_code == 0, r.output
    first = json.loads(r.stdout)["steps"][0]
    assert first["text"] == "r1c1-r2c1 is a line by white at the edge, since r2c1 is a white pearl."
    assert first["segments"] == [
        {"segment": [[0, 0], [1, 0]], "on": True, "cells": [[0, 0], [1, 0]], "drawn": True}
    ]
    assert first["because"] == [[1, 0]]
    r = run("hint", "masyu", SIX)
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[0] == (
        "hint: r1c1-r2c1 is a line by white at the edge, since r2c1 is a white pearl."
    )


def small_corpus() -> list:
    """The unique corpus puzzles up to 36 cells (../shared/corpus/manifest-loops.json)."""
    manifest = json.loads((CORPUS / "manifest-loops.json").read_text())
    return [
        CORPUS / entry["path"]
        for entry in manifest
        if entry["genre"] == "masyu" and entry["unique"] and entry["rows"] * entry["cols"] <= 36
    ]


@pytest.mark.parametrize("path", [SIX, *small_corpus()])
def test_every_step_agrees_with_the_solution(path):
    genre = get_genre("masyu")
    puzzle = load(genre, path)
    truth = solve_truth(genre, puzzle, (), None)
    explanation = explain(get_genre(genre), puzzle)
    assert explanation.status == "solved"
    assert explanation.bugs == []
    decided = {}
    for step in explanation.steps:
        for site, on in [*step.decided, *step.folded]:
            assert isinstance(site, Segment) and not isinstance(site, Edge)
            assert truth.drawn[site] == on, step.text
            decided[site] = on
    assert decided == truth.drawn


def test_check_a_solution_is_solved(tmp_path):
    solution = SIX.with_suffix(".sol")
    r = run("check", "masyu", SIX, solution)
    assert (r.exit_code, r.stdout) == (0, "solved: the answer is complete and every rule holds\n")
    r = run("hint", "masyu", SIX, solution)
    assert (r.exit_code, r.stdout) == (0, "solved: every cell is decided\n")
    # its first line alone (the rest blank: undecided, the pearls kept) is consistent
    lines = solution.read_text().splitlines()
    rest = [line.replace("-", " ").replace("|", " ").replace("o", ".") for line in lines[1:]]
    answer = tmp_path / "answer.txt"
    answer.write_text("\n".join([lines[0], *rest]) + "\n")
    r = run("check", "masyu", SIX, answer)
    assert (r.exit_code, r.stdout) == (
        0,
        "consistent: correct so far, a solution extends the answer\n",
    )


def test_check_names_the_rule_and_the_segments_it_breaks(tmp_path):
    lines = SIX.with_suffix(".sol").read_text().splitlines()
    assert lines[0] == "o-o o-W-o-o"
    answer = tmp_path / "answer.txt"
    answer.write_text("\n".join(["o-o oxW-o-o", *lines[1:]]) + "\n")  # r1c3-r1c4 crossed out
    r = run("check", "masyu", SIX, answer, "--format", "json")
    assert r.exit_code == 1, r.output
    assert json.loads(r.stdout)["conflicts"] == [
        {
            "rules": [1],
            "cells": [],
            "values": [],
            "because": [],
            "text": (
                f"rule 1 ({RULE_1}): r1c1-r1c2, r1c2-r2c2 and r1c3-r2c3 are lines and "
                "r1c3-r1c4 is no line"
            ),
            "minimal": True,
            "segments": [
                {"segment": [[0, 0], [0, 1]], "on": True},
                {"segment": [[0, 1], [1, 1]], "on": True},
                {"segment": [[0, 2], [0, 3]], "on": False},
                {"segment": [[0, 2], [1, 2]], "on": True},
            ],
        }
    ]
    r = run("hint", "masyu", SIX, answer)
    assert r.exit_code == 1


def test_an_unsolvable_puzzle_is_explained_by_its_conflict():
    r = run("explain", "masyu", FOLDER / "corner-2x2.txt")
    assert r.exit_code == 1
    assert r.stdout.splitlines()[:2] == [
        "unsolvable: the puzzle has no solution",
        (
            f"  conflict 1: rules 3 ({RULE_3}) and 5 ({RULE_5}) cannot all hold, where r1c1 "
            "is a black pearl"
        ),
    ]

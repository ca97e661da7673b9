"""Solving as far as possible: the cell values every solution shares (cautious consequences)."""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzlesolve import load, solve
from puzzlesolve.registry import get_genre
from puzzlesolve.solver import settled

INSTANCES = Path(__file__).resolve().parent.parent / "instances"


def shared_by_every_solution(genre: str, puzzle) -> dict:
    """The same question answered by listing every solution (another route to the answer)."""
    every = [get_genre(genre).values(puzzle, s) for s in solve(genre, puzzle, models=0).solutions]
    return {cell: value for cell, value in every[0].items() if all(v[cell] == value for v in every)}


def test_hitori_with_seven_solutions_settles_the_middle_row_only():
    puzzle = load("hitori", INSTANCES / "hitori" / "several-3x3.txt")
    found = settled(get_genre("hitori"), puzzle)
    assert found.status == "settled"
    assert found.values == {(1, 0): "unshaded", (1, 1): "unshaded", (1, 2): "unshaded"}
    assert found.values == shared_by_every_solution("hitori", puzzle)


def test_numberlink_two_ways_settles_every_cell_but_the_detour():
    puzzle = load("numberlink", INSTANCES / "numberlink" / "two-ways-3x3.txt")
    found = settled(get_genre("numberlink"), puzzle)
    assert found.to_json()["cells"] == [
        {"cell": [0, 0], "value": "A"}, {"cell": [0, 1], "value": "B"},
        {"cell": [1, 0], "value": "A"}, {"cell": [1, 1], "value": "B"},
        {"cell": [2, 0], "value": "A"}, {"cell": [2, 1], "value": "A"},
        {"cell": [2, 2], "value": "A"},
    ]  # fmt: skip
    assert found.values == shared_by_every_solution("numberlink", puzzle)


@pytest.mark.parametrize(
    ("genre", "expected"),
    [
        ("hidato", {(0, 0): 1}),  # 2, 3, 4 go anywhere: every cell touches every other
        ("numbrix", {(0, 0): 1, (1, 1): 3}),  # round the square either way: 3 is opposite 1
    ],
)
def test_hidato_and_numbrix_settle_only_what_every_solution_has(genre, expected):
    puzzle = load(genre, INSTANCES / genre / "several-2x2.txt")
    found = settled(get_genre(genre), puzzle)
    assert (found.status, found.values) == ("settled", expected)
    assert found.values == shared_by_every_solution(genre, puzzle)


def test_a_unique_puzzle_is_settled_whole():
    puzzle = load("hitori", INSTANCES / "hitori" / "tatham-8x8.txt")
    found = settled(get_genre("hitori"), puzzle)
    solution = solve("hitori", puzzle).solutions[0]
    assert found.values == get_genre("hitori").values(puzzle, solution)
    assert found.solutions_seen == 1


def test_an_unsolvable_puzzle_settles_nothing():
    found = settled(get_genre("hitori"), load("hitori", INSTANCES / "hitori" / "none-2x2.txt"))
    assert (found.status, found.values) == ("unsolvable", {})

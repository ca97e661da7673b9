"""Hitori answer files (CONTRACT.md, "Answer files"): marks, and answers that disagree with
the puzzle (every declared example's solution file reading back is tests/test_answers.py)."""

from __future__ import annotations

import pytest
from conftest import answer_file

from puzzlesolve import InputError, get_genre, load
from puzzlesolve.instance import load_answer

GENRE = get_genre("hitori")  # the machinery takes a Genre; names are resolved at the edge


def test_hitori_marks_shaded_unshaded_and_undecided(tmp_path) -> None:
    puzzle = load("hitori", answer_file(tmp_path, "1 1\n2 1\n"))
    answer = load_answer(GENRE, puzzle, answer_file(tmp_path, "# ?\n2 1\n"))
    assert answer == {(0, 0): "shaded", (1, 0): "unshaded", (1, 1): "unshaded"}


@pytest.mark.parametrize(
    ("instance", "answer", "where", "reason"),
    [
        ("1 1\n2 1\n", "1 1\n2 1\n1 1\n", (3, 1), "the answer is 3x2, the puzzle 2x2"),
        ("1 1\n2 1\n", "# 1 1\n2 1 1\n", (1, 1), "the answer is 2x3, the puzzle 2x2"),
        ("1 1\n2 1\n", "# 1\n3 1\n", (2, 1), "puzzle's number 2 here, found '3'"),
    ],
)
def test_an_answer_that_disagrees_with_the_puzzle_is_bad_input(
    tmp_path, instance, answer, where, reason
) -> None:
    puzzle = load("hitori", answer_file(tmp_path, instance))
    path = answer_file(tmp_path, answer)
    with pytest.raises(InputError) as bad:
        load_answer(GENRE, puzzle, path)
    assert (bad.value.line, bad.value.col) == where
    assert reason in bad.value.reason

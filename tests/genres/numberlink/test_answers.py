"""Numberlink answer files (CONTRACT.md, "Answer files"): marks, and answers that disagree with
the puzzle (every declared example's solution file reading back is tests/test_answers.py)."""

from __future__ import annotations

import pytest
from conftest import answer_file

from puzzlesolve import InputError, get_genre, load
from puzzlesolve.instance import load_answer

GENRE = get_genre("numberlink")  # the machinery takes a Genre; names are resolved at the edge


def test_numberlink_dot_and_question_mark_are_undecided(tmp_path) -> None:
    puzzle = load("numberlink", answer_file(tmp_path, "A - A\nB - B\n"))
    answer = load_answer(GENRE, puzzle, answer_file(tmp_path, "A A A\nB . ?\n"))
    assert answer == {(0, 0): "A", (0, 1): "A", (0, 2): "A", (1, 0): "B"}


@pytest.mark.parametrize(
    ("instance", "answer", "where", "reason"),
    [
        ("A - A\n", "A C A\n", (1, 3), "unknown label 'C'"),
        ("A - A\n", "- A A\n", (1, 1), "endpoint of 'A', found '-'"),
    ],
)
def test_an_answer_that_disagrees_with_the_puzzle_is_bad_input(
    tmp_path, instance, answer, where, reason
) -> None:
    puzzle = load("numberlink", answer_file(tmp_path, instance))
    path = answer_file(tmp_path, answer)
    with pytest.raises(InputError) as bad:
        load_answer(GENRE, puzzle, path)
    assert (bad.value.line, bad.value.col) == where
    assert reason in bad.value.reason

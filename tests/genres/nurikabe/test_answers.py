"""Nurikabe answer files (CONTRACT.md, "Answer files"): marks, and answers that disagree with
the puzzle (every declared example's solution file reading back is tests/test_answers.py)."""

from __future__ import annotations

import pytest
from conftest import answer_file

from puzzlesolve import InputError, get_genre, load
from puzzlesolve.instance import load_answer

GENRE = get_genre("nurikabe")  # the machinery takes a Genre; names are resolved at the edge


def test_nurikabe_marks_shaded_unshaded_and_undecided(tmp_path) -> None:
    puzzle = load("nurikabe", answer_file(tmp_path, "2 .\n. -\n"))
    answer = load_answer(GENRE, puzzle, answer_file(tmp_path, "2 #\n. ?\n"))
    assert answer == {(0, 0): "unshaded", (0, 1): "shaded", (1, 0): "unshaded"}


@pytest.mark.parametrize(
    ("instance", "answer", "where", "reason"),
    [
        ("2 .\n. .\n", "3 .\n. .\n", (1, 1), "puzzle's number 2 here, found '3'"),
        ("2 .\n. .\n", "2 2\n. .\n", (1, 3), "the puzzle has no number"),
        ("2 .\n. .\n", ". .\n. .\n", (1, 1), "puzzle's number 2 here, found '.'"),
    ],
)
def test_an_answer_that_disagrees_with_the_puzzle_is_bad_input(
    tmp_path, instance, answer, where, reason
) -> None:
    puzzle = load("nurikabe", answer_file(tmp_path, instance))
    path = answer_file(tmp_path, answer)
    with pytest.raises(InputError) as bad:
        load_answer(GENRE, puzzle, path)
    assert (bad.value.line, bad.value.col) == where
    assert reason in bad.value.reason

"""Hidato (and Numbrix, the same reader) answer files (CONTRACT.md, "Answer files"): marks,
and answers that disagree with the puzzle (every declared example's solution file reading
back is tests/test_answers.py)."""

from __future__ import annotations

import pytest
from conftest import answer_file

from puzzlesolve import InputError, get_genre, load
from puzzlesolve.instance import load_answer

GENRE = get_genre("hidato")  # the machinery takes a Genre; names are resolved at the edge


def test_hidato_blanks_are_undecided_and_givens_kept(tmp_path) -> None:
    puzzle = load("hidato", answer_file(tmp_path, "1 - #\n- 4 -\n"))
    answer = load_answer(GENRE, puzzle, answer_file(tmp_path, "1 2 #\n_ 4 ?\n"))
    assert answer == {(0, 0): 1, (0, 1): 2, (1, 1): 4}


@pytest.mark.parametrize(
    ("instance", "answer", "where", "reason"),
    [
        ("1 - #\n- 4 -\n", "1 2 3\n- 4 -\n", (1, 5), "the puzzle has a void here"),
        ("1 - #\n- 4 -\n", "1 # #\n- 4 -\n", (1, 3), "a void ('#') where"),
        ("1 - #\n- 4 -\n", "1 - #\n- 3 -\n", (2, 3), "the puzzle gives 4 here"),
        ("1 - #\n- 4 -\n", "1 9 #\n- 4 -\n", (1, 3), "9 is outside 1..5"),
    ],
)
def test_an_answer_that_disagrees_with_the_puzzle_is_bad_input(
    tmp_path, instance, answer, where, reason
) -> None:
    puzzle = load("hidato", answer_file(tmp_path, instance))
    path = answer_file(tmp_path, answer)
    with pytest.raises(InputError) as bad:
        load_answer(GENRE, puzzle, path)
    assert (bad.value.line, bad.value.col) == where
    assert reason in bad.value.reason

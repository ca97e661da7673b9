"""Answer files (CONTRACT.md, "Answer files"): solutions and partial answers read per genre."""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzlesolve import InputError, instance, load, solve
from puzzlesolve.genres import GENRES


def load_answer(genre, puzzle, path):
    """As the command line reads an ANSWER: the genre's name resolved, then the machinery."""
    return instance.load_answer(GENRES[genre], puzzle, path)

INSTANCES = Path(__file__).resolve().parent.parent / "instances"
EXAMPLES = {
    "hitori": "hitori/ai-course-5x5.txt",
    "hidato": "hidato/voids-6x7.txt",
    "numbrix": "numbrix/small-5x5.txt",
    "numberlink": "numberlink/copris-5x5.txt",
    "nurikabe": "nurikabe/pzprjs-5x5.txt",
}


def test_every_genre_has_an_example() -> None:
    assert set(EXAMPLES) == set(GENRES)


@pytest.mark.parametrize("genre", sorted(EXAMPLES))
def test_a_solution_file_reads_back_as_every_cell_of_the_solution(genre, tmp_path) -> None:
    puzzle = load(genre, INSTANCES / EXAMPLES[genre])
    result = solve(genre, puzzle)
    answer = tmp_path / "answer.txt"
    answer.write_text(result.genre.render(puzzle, result.solutions[0]))
    assert load_answer(genre, puzzle, answer) == result.genre.values(puzzle, result.solutions[0])


def _answer(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "answer.txt"
    path.write_text(text)
    return path


def test_hitori_marks_shaded_unshaded_and_undecided(tmp_path) -> None:
    puzzle = load("hitori", _answer(tmp_path, "1 1\n2 1\n"))
    answer = load_answer("hitori", puzzle, _answer(tmp_path, "# ?\n2 1\n"))
    assert answer == {(0, 0): "shaded", (1, 0): "unshaded", (1, 1): "unshaded"}


def test_numberlink_dot_and_question_mark_are_undecided(tmp_path) -> None:
    puzzle = load("numberlink", _answer(tmp_path, "A - A\nB - B\n"))
    answer = load_answer("numberlink", puzzle, _answer(tmp_path, "A A A\nB . ?\n"))
    assert answer == {(0, 0): "A", (0, 1): "A", (0, 2): "A", (1, 0): "B"}


def test_hidato_blanks_are_undecided_and_givens_kept(tmp_path) -> None:
    puzzle = load("hidato", _answer(tmp_path, "1 - #\n- 4 -\n"))
    answer = load_answer("hidato", puzzle, _answer(tmp_path, "1 2 #\n_ 4 ?\n"))
    assert answer == {(0, 0): 1, (0, 1): 2, (1, 1): 4}


@pytest.mark.parametrize(
    ("genre", "instance", "answer", "where", "reason"),
    [
        ("hitori", "1 1\n2 1\n", "1 1\n2 1\n1 1\n", (3, 1), "the answer is 3x2, the puzzle 2x2"),
        ("hitori", "1 1\n2 1\n", "# 1 1\n2 1 1\n", (1, 1), "the answer is 2x3, the puzzle 2x2"),
        ("hitori", "1 1\n2 1\n", "# 1\n3 1\n", (2, 1), "puzzle's number 2 here, found '3'"),
        ("numberlink", "A - A\n", "A C A\n", (1, 3), "unknown label 'C'"),
        ("numberlink", "A - A\n", "- A A\n", (1, 1), "endpoint of 'A', found '-'"),
        ("hidato", "1 - #\n- 4 -\n", "1 2 3\n- 4 -\n", (1, 5), "the puzzle has a void here"),
        ("hidato", "1 - #\n- 4 -\n", "1 # #\n- 4 -\n", (1, 3), "a void ('#') where"),
        ("hidato", "1 - #\n- 4 -\n", "1 - #\n- 3 -\n", (2, 3), "the puzzle gives 4 here"),
        ("hidato", "1 - #\n- 4 -\n", "1 9 #\n- 4 -\n", (1, 3), "9 is outside 1..5"),
        ("nurikabe", "2 .\n. .\n", "3 .\n. .\n", (1, 1), "puzzle's number 2 here, found '3'"),
        ("nurikabe", "2 .\n. .\n", "2 2\n. .\n", (1, 3), "the puzzle has no number"),
        ("nurikabe", "2 .\n. .\n", ". .\n. .\n", (1, 1), "puzzle's number 2 here, found '.'"),
    ],
)
def test_an_answer_that_disagrees_with_the_puzzle_is_bad_input(
    tmp_path, genre, instance, answer, where, reason
) -> None:
    puzzle = load(genre, _answer(tmp_path, instance))
    path = _answer(tmp_path, answer)
    with pytest.raises(InputError) as bad:
        load_answer(genre, puzzle, path)
    assert (bad.value.line, bad.value.col) == where
    assert reason in bad.value.reason


def test_nurikabe_marks_shaded_unshaded_and_undecided(tmp_path) -> None:
    puzzle = load("nurikabe", _answer(tmp_path, "2 .\n. -\n"))
    answer = load_answer("nurikabe", puzzle, _answer(tmp_path, "2 #\n. ?\n"))
    assert answer == {(0, 0): "unshaded", (0, 1): "shaded", (1, 0): "unshaded"}

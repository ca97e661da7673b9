"""Answer files (CONTRACT.md, "Answer files"): solutions and partial answers read per genre."""

from __future__ import annotations

import pytest
from conftest import REPO, by_name

from puzzlesolve import instance, load, solve
from puzzlesolve.genres import GENRES

load_answer = by_name(instance.load_answer)  # as the command line reads an ANSWER

SOLVED = [
    (name, example)
    for name, genre in GENRES.items()
    for example in genre.examples
    if example.status != "unsolvable"
]


@pytest.mark.parametrize(("genre", "example"), SOLVED, ids=[f"{g}/{e.name}" for g, e in SOLVED])
def test_each_solution_of_a_solution_file_reads_back_as_every_cell_of_it(
    genre, example, tmp_path
) -> None:
    puzzle = load(genre, REPO / example.path)
    result = solve(genre, puzzle, models=0, switches=example.switches)
    read = []
    for index, text in enumerate((REPO / example.solution).read_text().split("\n\n")):
        answer = tmp_path / f"answer-{index}.txt"
        answer.write_text(text.rstrip("\n") + "\n")
        # a pair genre's values may key cells beside pairs (Yajilin): sorted by their text
        read.append(sorted(load_answer(genre, puzzle, answer).items(), key=repr))
    solved = [sorted(result.genre.values(puzzle, s).items(), key=repr) for s in result.solutions]
    assert sorted(read, key=repr) == sorted(solved, key=repr)

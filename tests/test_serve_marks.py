"""The page's marks are read through the genre's own feature (its draw module's
``page_marks``, `serve.marks`), never written as answer text and parsed back: for every
genre on the page, a solution's values marked on the page read as its solution file does."""

from __future__ import annotations

import pytest

from puzzlesolve.genres import GENRES
from puzzlesolve.instance import parse_with_rules
from puzzlesolve.serve import requests
from puzzlesolve.serve.marks import BadMarks, read_marks
from puzzlesolve.solver import solve

CELL_KINDS = ("shade", "numbers")


def _first(genre):
    example = genre.examples[0]
    text = requests.example_path(genre, example.name).read_text(encoding="utf-8")
    return parse_with_rules(genre, text, example.name).puzzle


@pytest.mark.parametrize(
    "name",
    sorted(
        n
        for n, g in GENRES.items()
        if requests.on_the_page(g) and requests.page_kind(g) in CELL_KINDS
    ),
)
def test_a_solution_marked_on_the_page_reads_as_its_solution_file(name):
    genre = GENRES[name]
    puzzle = _first(genre)
    solution = solve(genre, puzzle, models=1).solutions[0]
    values = genre.values(puzzle, solution)
    request = {"answer": [[r, c, v] for (r, c), v in sorted(values.items())]}
    read = read_marks(genre, requests.page_kind(genre), puzzle, request)
    assert read == genre.read_answer(puzzle, genre.render(puzzle, solution), "the solution")


def test_the_genre_refuses_a_mark_its_answer_files_refuse():
    genre = GENRES["hidato"]
    puzzle = _first(genre)  # small-5x5: 15 given at r1c1, 25 cells
    with pytest.raises(BadMarks, match=r"^the puzzle gives 15 here, found 3$"):
        read_marks(genre, "numbers", puzzle, {"answer": [[0, 0, 3]]})
    with pytest.raises(BadMarks, match=r"^26 is outside 1\.\.25$"):
        read_marks(genre, "numbers", puzzle, {"answer": [[0, 1, 26]]})
    numberlink = GENRES["numberlink"]
    lines = _first(numberlink)
    with pytest.raises(BadMarks, match="^unknown label 'Z'"):
        read_marks(numberlink, "lines", lines, {"answer": [[0, 1, "Z"]]})

"""Wording on the command line (issue 36 item 12): an unsolvable puzzle is said to have no
solution, once; counts take the singular for 1; the README's grade table is the code's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlesolve.cli import main
from puzzlesolve.registry import get_genre
from puzzlesolve.wording import counted

REPO = Path(__file__).resolve().parent.parent
NONE_2X2 = REPO / "instances" / "hitori" / "none-2x2.txt"
CONFLICT = (
    "  conflict 1: rules 1 (no number appears unshaded twice in a row or in a column), 2 "
    "(shaded cells never share an edge) and 3 (the unshaded cells form one edge-connected area) "
    "cannot all hold where r1c1, r1c2, r2c1 and r2c2 show 1\n"
)


def run(*args):
    return CliRunner().invoke(main, [str(arg) for arg in args], catch_exceptions=False)


def test_hint_without_an_answer_on_an_unsolvable_puzzle_says_it_has_no_solution():
    r = run("hint", "hitori", NONE_2X2)
    assert (r.exit_code, r.stdout) == (1, "unsolvable: the puzzle has no solution\n" + CONFLICT)


def test_explain_of_an_unsolvable_puzzle_says_no_solution_once():
    r = run("explain", "hitori", NONE_2X2)
    assert r.exit_code == 1
    assert r.stdout == (
        "unsolvable: the puzzle has no solution\n"
        + CONFLICT
        + "difficulty: 0 steps: no cell was deduced\n"
    )


@pytest.mark.parametrize(
    ("number", "noun", "text"),
    [(0, "step", "0 steps"), (1, "step", "1 step"), (2, "line", "2 lines")],
)
def test_counted_is_singular_for_one(number, noun, text):
    assert counted(number, noun) == text


def test_batch_of_one_instance_says_instance(tmp_path):
    puzzle = tmp_path / "a.txt"
    puzzle.write_text((REPO / "instances" / "hitori" / "ai-course-5x5.txt").read_text())
    r = run("batch", "hitori", puzzle, "--jobs", "1", "-o", tmp_path / "out.jsonl")
    assert r.exit_code == 0, r.output
    assert r.stderr.startswith(f"hitori batch: 1 of 1 instance in {tmp_path / 'out.jsonl'}, ")


def test_readme_grade_table_is_the_codes():
    readme = (REPO / "README.md").read_text()
    section = readme[readme.index("### Difficulty: easy, medium, hard") :]
    rows = re.findall(
        r"^\| (\w+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) or more \| (\d+)x(\d+) \((\d+) cells\) \|$",
        section[: section.index("###", 4)],
        re.MULTILINE,
    )
    assert sorted(row[0] for row in rows) == [
        "hidato",
        "hitori",
        "numberlink",
        "numbrix",
        "nurikabe",
    ]
    for name, easy, medium, hard, expert, side, other, cells in rows:
        genre = get_genre(name)
        sizes = genre.feature("explain").GRADE_SIZES
        assert (int(easy), int(medium), int(hard)) == tuple(sizes), name
        assert int(expert) == sizes[-1] + 1, name
        most = genre.feature("generate").GRADE_MAX_CELLS[name]
        assert int(side) * int(other) == int(cells) == most, name

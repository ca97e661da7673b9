"""Wording on the command line (issue 36 item 12): an unsolvable puzzle is said to have no
solution, once; counts take the singular for 1; the README's grade tables are the code's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlesolve.cli import main
from puzzlesolve.genres import GENRES
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


def _difficulty_section() -> str:
    readme = (REPO / "README.md").read_text()
    section = readme[readme.index("### Difficulty: easy, medium, hard") :]
    return section[: section.index("###", 4)]


def _tier_row(label: str, genre_name: str) -> str:
    """The README's row of a genre's tier table as its technique file and TIER_GRADES say:
    under each grade the tiers it takes and their techniques' names (tier 0, bookkeeping
    folded into other steps, left out)."""
    from puzzlesolve.explain.grading import TIER_GRADES
    from puzzlesolve.explain.rounds import techniques_path
    from puzzlesolve.program import rules_path

    genre = get_genre(genre_name)
    text = techniques_path(rules_path(genre)).read_text()
    declared = [
        (int(tier), name)
        for tier, name in re.findall(r'^technique\(\w+, *(\d+), *"([^"]*)"', text, re.MULTILINE)
    ]
    grades = getattr(genre.feature("explain"), "TIER_GRADES", None) or TIER_GRADES
    columns = []
    for grade in range(3):
        tiers = sorted({t for t, _ in declared if t >= 1 and grades.get(t, 3) == grade})
        names = list(dict.fromkeys(name for t, name in declared if t in tiers))
        if not tiers:
            columns.append("")
            continue
        span = f"tier {tiers[0]}" if len(tiers) == 1 else f"tiers {tiers[0]}-{tiers[-1]}"
        columns.append(f"{span}: {', '.join(names)}")
    return f"| {label} | {' | '.join(columns)} |"


@pytest.mark.parametrize(
    ("label", "genre"),
    [
        ("hitori", "hitori"),
        ("hidato, numbrix", "hidato"),
        ("hidato, numbrix", "numbrix"),
        ("numberlink", "numberlink"),
        ("nurikabe", "nurikabe"),
        ("slitherlink", "slitherlink"),
        ("masyu", "masyu"),
    ],
)
def test_readme_tier_table_is_the_codes(label, genre):
    assert _tier_row(label, genre) in _difficulty_section().splitlines()


def test_readme_numberlink_often_harder_is_the_codes():
    tier, share = get_genre("numberlink").feature("explain").OFTEN_HARDER
    assert (tier, share) == (4, 1 / 8)  # the README says "tier is 4, ... an eighth of its steps"
    said = " ".join(_difficulty_section().split())
    assert "hardest tier is 4, needed by at least an eighth of its steps" in said


def test_readme_weight_table_is_the_codes():
    rows = re.findall(
        r"^\| ([\w, ]+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) or more \|$",
        _difficulty_section(),
        re.MULTILINE,
    )
    names = [name for row in rows for name in row[0].split(", ")]
    assert sorted(names) == sorted(GENRES)
    for label, easy, medium, hard, expert in rows:
        for name in label.split(", "):
            sizes = get_genre(name).feature("explain").GRADE_SIZES
            assert (int(easy), int(medium), int(hard)) == tuple(sizes), name
            assert int(expert) == sizes[-1] + 1, name


def test_readme_says_up_to_which_size_generate_grades_by_default():
    section = " ".join(_difficulty_section().split())
    said = re.search(r"boards larger than (.*?) are not graded", section)
    assert said is not None
    sides = dict(re.findall(r"(\d+x\d+) \(([\w ]+)\)", said.group(1)))
    assert sides == {"8x8": "Hitori", "6x6": "Hidato", "7x7": "the other genres"}
    for name in ("hitori", "hidato", "numbrix", "numberlink", "nurikabe", "slitherlink", "masyu"):
        most = get_genre(name).feature("generate").GRADE_MAX_CELLS[name]
        side = {"hitori": 8, "hidato": 6}.get(name, 7)
        assert most == side * side, name

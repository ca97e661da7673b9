"""Grades measured from explanations: the scale's limits, and generators that select by them.

Real clingo throughout; boards of 5x5 and 6x6 so that explaining each candidate is quick.
"""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from conftest import REPO, by_name

from puzzlesolve import explain as explaining
from puzzlesolve import generate as generate_module
from puzzlesolve import load, parse, solve
from puzzlesolve.cli import generate_command, main
from puzzlesolve.explain import Difficulty, Step, difficulty
from puzzlesolve.generate import DIFFICULTIES, GenerateError
from puzzlesolve.genres import GENRES
from puzzlesolve.registry import get_genre

# the tests name genres; the machinery takes a Genre (resolved at the edge, as here)
check, generate, grade = map(
    by_name, (generate_module.check, generate_module.generate, generate_module.grade)
)
explain = by_name(explaining.explain)


def _largest(size: int) -> Difficulty:
    """A Difficulty whose largest step has this size (the other figures do not count)."""
    return Difficulty(
        steps=5, largest=size, most_cells=size - 3, most_rules=3, multi_rule=2, mean=3.0
    )


@pytest.mark.parametrize("genre", sorted(GENRES))
def test_grade_changes_exactly_at_the_genres_limits(genre: str) -> None:
    limits = GENRES[genre].feature("generate").GRADE_LIMITS[genre]
    assert limits["easy"] < limits["medium"]
    assert grade(genre, _largest(1)) == "easy"
    assert grade(genre, _largest(limits["easy"])) == "easy"
    assert grade(genre, _largest(limits["easy"] + 1)) == "medium"
    assert grade(genre, _largest(limits["medium"])) == "medium"
    assert grade(genre, _largest(limits["medium"] + 1)) == "hard"


def test_hitori_limits_are_7_and_9() -> None:
    assert [grade("hitori", _largest(n)) for n in (6, 7, 8, 9, 10)] == [
        "easy",
        "easy",
        "medium",
        "medium",
        "hard",
    ]


def test_unknown_difficulty_is_refused_and_the_cli_offers_the_same_choices() -> None:
    with pytest.raises(GenerateError, match="expert"):
        check(get_genre("hitori"), 5, 5, "expert")
    option = next(p for p in generate_command.params if p.name == "difficulty")
    assert tuple(option.type.choices) == DIFFICULTIES == ("easy", "medium", "hard")


# (genre, side): boards that explain in well under a second each
SWEEP = [("hitori", 6), ("numbrix", 5), ("numberlink", 6), ("hidato", 5)]


def _graded(genre: str, side: int, seed: int, difficulty: str):
    puzzle = generate(genre, side, side, seed, difficulty, grade=True)
    result = solve(genre, parse(genre, puzzle.text), models=2)
    assert result.status == "unique", puzzle.text
    assert result.genre.render(result.puzzle, result.solutions[0]) == puzzle.solution
    header = puzzle.text.splitlines()
    assert f"--seed {seed} --difficulty {difficulty} --grade" in header[0]
    assert header[1].startswith(f"% graded {puzzle.measures['grade']}")  # (explained: expert)
    graded = puzzle.measures["grade"]
    assert puzzle.name == f"{genre}-{side}x{side}-{graded}-{seed}"  # the grade it has
    if graded == difficulty:
        assert puzzle.note == ""
    else:  # the closest of all candidates, flagged
        candidates = generate_module.CANDIDATES
        said = (
            f"graded {graded}, not {difficulty} as asked: none of {candidates} candidates "
            rf"was {difficulty} \(((easy|medium|hard|expert) \d+(, )?)+(; \d+ needed a trial)?"
            r"\), this one is the closest"
        )
        assert re.fullmatch(said, puzzle.note), puzzle.note
        assert f"% {puzzle.note}" in header
    return puzzle


@pytest.mark.parametrize(("genre", "side"), SWEEP)
def test_hard_puzzles_measure_harder_than_easy_ones(
    genre: str, side: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("puzzlesolve.generate.CANDIDATES", 4)  # fewer, for speed
    easy = [_graded(genre, side, seed, "easy") for seed in range(2)]
    hard = [_graded(genre, side, seed, "hard") for seed in range(2)]
    largest = {
        name: [p.measures["largest"] for p in puzzles]
        for name, puzzles in (("easy", easy), ("hard", hard))
    }
    # grades are the explanation's tiers, the same at every size (issue 20): a small board
    # may offer no hard candidate, and then the closest one is kept, never an easier one
    assert sum(largest["easy"]) <= sum(largest["hard"]), largest
    rank = {"easy": 0, "medium": 1, "hard": 2}
    assert max(rank[p.measures["grade"]] for p in easy) <= min(
        rank[p.measures["grade"]] for p in hard
    ) or sum(largest["easy"]) < sum(largest["hard"]), largest


def test_graded_hitori_is_what_was_asked_or_the_closest_and_reproducible() -> None:
    for asked in DIFFICULTIES:
        puzzle = _graded("hitori", 6, 3, asked)  # _graded checks the note on a miss
        assert puzzle.measures["grade"] == asked or puzzle.note
        again = generate("hitori", 6, 6, 3, asked, grade=True)
        assert (again.text, again.solution) == (puzzle.text, puzzle.solution)


def test_ungraded_puzzle_uses_the_setting_alone() -> None:
    medium = generate("hitori", 6, 6, 4, "medium")
    hard = generate("hitori", 6, 6, 4, "hard")
    assert medium.solution == hard.solution and "grade" not in medium.measures
    assert "--difficulty medium --no-grade" in medium.text.splitlines()[0]
    assert medium.note == "not graded"


def test_cli_grades_small_boards_by_default_and_not_with_no_grade() -> None:
    graded = CliRunner().invoke(
        main, ["generate", "hitori", "--size", "5x5", "--seed", "1", "--difficulty", "medium"]
    )
    assert graded.exit_code == 0, graded.output
    assert "grade medium" in graded.stderr
    assert graded.stdout.splitlines()[1] == (
        "% graded medium: 10 steps; the hardest technique is of tier 3, needed 1 time; "
        "no step needed a trial"
    )
    plain = CliRunner().invoke(
        main, ["generate", "hitori", "--size", "5x5", "--seed", "1", "--no-grade"]
    )
    assert plain.exit_code == 0, plain.output
    assert "grade" not in plain.stdout.split("\n", 1)[1] and plain.stderr.endswith("not graded\n")


def test_cli_large_board_is_not_graded_unless_asked() -> None:
    r = CliRunner().invoke(main, ["generate", "hidato", "--size", "7x7", "--seed", "1"])
    assert r.exit_code == 0, r.output
    assert "not graded: a hidato over 36 cells takes long to explain (--grade" in r.stderr


@pytest.mark.parametrize("difficulty", ["expert", "Medium", ""])
def test_cli_unknown_difficulty_exits_2(difficulty: str) -> None:
    r = CliRunner().invoke(
        main, ["generate", "hitori", "--size", "5x5", "--difficulty", difficulty]
    )
    assert r.exit_code == 2 and "--difficulty" in r.stderr


# --- the grade's measure: a step's weight (issue 20, bench/grades.py) ----------------------


def _step(**fields) -> Step:
    defaults = {"cells": [((0, 0), "-")], "rules": [], "clues": [], "known": [], "text": ""}
    return Step(**{**defaults, **fields})


def test_a_step_weighs_its_cells_once_and_each_rule_and_technique_once() -> None:
    # a Numberlink region step: rules 1 and 3 at the same 3 pairs, dead end at 2 cells
    region = _step(
        rules=[1, 3],
        techniques=["dead end"],
        clues=[(0, 1)],
        known=[((1, 1), 2)],
        cost=99,  # the cost that chose it counts every place: the weight does not
        looks_at=[(0, 0), (0, 1), (1, 0), (1, 1), (2, 1)],
    )
    assert region.weight == 5 + 1 + 2 * 2
    # without looks_at (a step made by hand) the cells it uses count
    assert _step(rules=[2], clues=[(0, 1), (0, 2)]).weight == 2 + 2


def _rounds(count: int, one_way: int, weight: int = 3) -> list[Step]:
    """`count` rounds, the first `one_way` of them with one way on, each step this heavy."""
    return [
        _step(clues=[(0, j) for j in range(weight)], choices=1 if k < one_way else 2)
        for k in range(count)
    ]


def test_one_way_on_everywhere_makes_a_long_explanation_harder_only() -> None:
    sizes = (14, 20, 28)
    assert difficulty(_rounds(30, 30), sizes).grade == "medium"  # tier 1, one way on: +1
    assert difficulty(_rounds(30, 28), sizes).grade == "easy"  # 0.93 < ONE_WAY
    assert difficulty(_rounds(15, 15), sizes).grade == "easy"  # too short to tell
    assert difficulty(_rounds(30, 0, weight=15), sizes).grade == "medium"  # tier 2
    assert difficulty(_rounds(30, 0, weight=29), sizes).grade == "expert"  # beyond 28


@pytest.mark.parametrize(
    ("genre", "name", "switches", "figures"),
    [
        # Tatham's 8x8 Tricky, by the forward engine: it needs closure (tier 3): medium, as
        # every Tricky board (tiers up to 2, all that Easy boards need, are easy)
        ("hitori", "tatham-8x8.txt", (), (17, 11, 0.24, 2, "medium")),
        # Numberlink, by the forward engine: graded by the hardest technique tier; one step
        # of fill-5x5 needs a case (no technique applies), which makes it hard; its weight is
        # the case's cells
        ("numberlink", "fill-5x5.txt", ("fill",), (18, 26, 0.25, 3, "hard")),
        ("numberlink", "copris-5x5.txt", (), (22, 4, 0.38, 1, "easy")),
    ],
)
def test_shipped_instances_get_their_exact_grades(
    genre: str, name: str, switches: tuple, figures: tuple
) -> None:
    explanation = explain(
        get_genre(genre), load(genre, REPO / "instances" / genre / name), switches=switches
    )
    d = explanation.difficulty
    assert explanation.status == "solved"
    assert (d.steps, d.largest, d.one_way, d.tier, d.grade) == figures

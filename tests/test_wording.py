"""Text meant for people: cells named r3c4 (1-based), difficulty in a solver's words."""

from __future__ import annotations

from puzzlesolve.explain import Difficulty
from puzzlesolve.wording import cell_names, difficulty_text


def test_cells_are_named_by_row_and_column_counted_from_one() -> None:
    assert cell_names([(0, 0), (2, 9), (11, 3)]) == "r1c1 r3c10 r12c4"
    assert cell_names([]) == ""


def test_difficulty_says_what_a_step_weighs() -> None:
    measured = Difficulty(
        steps=1,
        largest=5,
        most_cells=1,
        most_rules=4,
        multi_rule=1,
        mean=5.0,
        one_way=0.5,
        grade="medium",
    )
    assert difficulty_text(measured) == (
        "medium: 1 step; the hardest weighs 5 (cells it looks at, +1 for each technique, +2 "
        "for each rule it uses); a step looks at up to 1 cell and uses up to 4 rules; 1 step "
        "combines rules; 5.0 on average; one way on in 50 % of the rounds"
    )


def test_no_step_is_said_plainly() -> None:
    nothing = Difficulty(steps=0, largest=0, most_cells=0, most_rules=0, multi_rule=0, mean=0.0)
    assert difficulty_text(nothing) == "0 steps: no cell was deduced"


def test_a_grade_measured_on_steps_that_stop_short_is_a_lower_bound() -> None:
    cut = Difficulty(
        steps=2,
        largest=9,
        most_cells=3,
        most_rules=1,
        multi_rule=0,
        mean=6.0,
        one_way=1.0,
        grade="easy",
        complete=False,
    )
    assert difficulty_text(cut).startswith(
        "at least easy (measured on the steps found): 2 steps; the hardest weighs 9"
    )

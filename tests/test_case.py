"""Search steps that say their case (issue 43 item 2): where no technique applies, the site
is supposed otherwise and the techniques run forward until one finds the supposition broken;
the step gives the supposition, the deductions the break rests on and the break."""

from __future__ import annotations

import pytest
from conftest import REPO

from puzzlesolve import load
from puzzlesolve.explain import explain
from puzzlesolve.registry import get_genre

INSTANCES = REPO / "instances"


def steps(genre: str, name: str, switches: tuple[str, ...] = ()):
    puzzle = load(genre, INSTANCES / genre / name)
    return explain(get_genre(genre), puzzle, switches=switches).steps


def test_a_case_gives_its_supposition_its_deductions_round_by_round_and_the_break():
    step = steps("slitherlink", "tatham-10x10.txt")[29]
    assert step.text == (
        "p1.3-p1.4 is a line by a case, since p1.2-p1.3 and p1.2-p2.2 are lines: suppose "
        "p1.3-p1.4 is no line; then p1.3-p2.3 is a line by inside and outside; p2.4-p3.4 and "
        "p3.3-p3.4 are lines by line into a corner; p3.4-p3.5 and p3.4-p4.4 are no lines by "
        "loop end; p3.5-p4.5 and p4.4-p4.5 are lines by count; loop end fails at p3.5-p4.5."
    )
    document = step.to_json()
    assert document["case"] == {
        "suppose": "p1.3-p1.4 is no line",
        "chain": [
            "p1.3-p2.3 is a line by inside and outside",
            "p2.4-p3.4 and p3.3-p3.4 are lines by line into a corner",
            "p3.4-p3.5 and p3.4-p4.4 are no lines by loop end",
            "p3.5-p4.5 and p4.4-p4.5 are lines by count",
        ],
        "breaks": "loop end fails at p3.5-p4.5",
        "at": [[2, 3], [2, 4]],
    }
    assert document["techniques"] == [] and document["tier"] == 9  # a search step still


def test_a_case_strikes_a_number_out_and_groups_a_technique_s_eliminations():
    step = steps("hidato", "matrix-form-6x7.txt")[10]
    assert step.text == (
        "r2c3 holds 13 by a case, since r1c2 holds 9, r1c3 holds 8, r1c4 holds 7, r2c2 holds "
        "12, r2c4 holds 14 and r5c4 holds 26: suppose r2c3 cannot hold 13; then r3c3 holds 13 "
        "by walk; r3c3 cannot hold 28, 29, 30 or 31 by gap count; r2c3 cannot hold 29, 30 or "
        "31 by two neighbours; walk fails at r2c3."
    )


def test_two_techniques_that_decide_a_site_two_ways_break_the_supposition():
    step = steps("nurikabe", "generated-10x10.txt")[39]
    assert step.to_json()["case"]["breaks"] == (
        "r2c7 is unshaded by only way to grow, and is shaded by shaded region with one way out"
    )
    assert step.text.startswith("r2c6 is shaded by a case, since ")


@pytest.mark.parametrize(
    ("genre", "name", "switches"),
    [
        ("nurikabe", "generated-10x10.txt", ()),
        ("slitherlink", "tatham-10x10.txt", ()),
        ("hidato", "matrix-form-6x7.txt", ()),
        ("numberlink", "fill-5x5.txt", ("fill",)),
    ],
)
def test_every_case_decides_what_the_solution_holds(genre, name, switches):
    from puzzlesolve import solve

    puzzle = load(genre, INSTANCES / genre / name)
    solution = solve(genre, puzzle, switches=switches)
    truth = get_genre(genre).values(puzzle, solution.solutions[0])
    found = [step for step in steps(genre, name, switches) if step.name == "case"]
    assert found
    for step in found:
        for cell, value in step.cells:
            assert truth[cell] == value, step.text

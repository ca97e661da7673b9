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
        "techniques": ["inside and outside", "line into a corner", "loop end", "count"],
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
    # a search step still; the techniques it uses are its case's (the legend quotes them)
    assert document["techniques"] == document["case"]["techniques"] and document["tier"] == 9


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


def test_a_case_on_a_puzzle_of_several_solutions_reads_as_the_readme_has_it():
    step = steps("hitori", "several-3x3.txt")[2]
    assert step.text == (
        "r2c2 is unshaded by a case: suppose r2c2 is shaded; then r1c2 and r3c2 are unshaded "
        "by beside a shaded cell; r1c1 is shaded by copy of an unshaded number; closure fails "
        "at r2c1."
    )


def test_a_trial_no_technique_breaks_says_how_large_a_case_split_it_is():
    found = [step for step in steps("nurikabe", "generated-10x10.txt") if step.name == "trial"]
    assert found[0].text == (
        "r3c7 is unshaded by trial: supposing r3c7 is shaded leaves no solution, a case split "
        "over 35 cells still open."
    )
    assert not any("from the clues alone" in step.text for step in found)


@pytest.mark.parametrize("genre", ["masyu", "slitherlink"])
def test_a_loop_genre_s_own_rules_file_is_explained_by_search_steps(tmp_path, genre):
    # the rules engine cannot step through a loop genre's pairs: its own rules file (no
    # technique file beside it) is explained by the forward engine's search tier alone
    from click.testing import CliRunner
    from conftest import rules_copy

    from puzzlesolve.cli import main
    from puzzlesolve.program import encoding_path

    mine = rules_copy(tmp_path, encoding_path(f"{genre}.lp").read_text())
    instance = INSTANCES / genre / ("tatham-6x6.txt" if genre == "masyu" else "tatham-5x5.txt")
    for command in ("hint", "explain"):
        result = CliRunner().invoke(main, [command, genre, str(instance), "--encoding", str(mine)])
        assert result.exit_code == 0, result.output
        assert " by trial: supposing " in result.stdout

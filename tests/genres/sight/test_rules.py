"""encodings/sight.lp on its own: the runs of clear cells along rows and columns, with walls
fixed (Light Up's black cells) or guessed (Kurodoko's shaded cells)."""

from __future__ import annotations

from conftest import ground_atoms, grounder_messages, library_models

ROW = "cell(0,0). cell(0,1). cell(0,2). cell(0,3)."


def runs(*items: tuple[int, int, str, int, int]) -> set[str]:
    return {f"run({r},{c},{d},{r0},{c0})" for r, c, d, r0, c0 in items}


def test_an_open_row_is_one_run_across_and_each_cell_its_own_run_down():
    assert ground_atoms("sight.lp", ROW, ["run/5"]) == runs(
        *((0, c, "across", 0, 0) for c in range(4)), *((0, c, "down", 0, c) for c in range(4))
    )


def test_a_fixed_wall_cuts_the_run_and_lies_in_none():
    assert ground_atoms("sight.lp", ROW + " wall(0,2).", ["run/5"]) == runs(
        (0, 0, "across", 0, 0),
        (0, 1, "across", 0, 0),
        (0, 3, "across", 0, 3),
        (0, 0, "down", 0, 0),
        (0, 1, "down", 0, 1),
        (0, 3, "down", 0, 3),
    )
    assert ground_atoms("sight.lp", ROW + " wall(0,2).", ["clear/2"]) == {
        "clear(0,0)",
        "clear(0,1)",
        "clear(0,3)",
    }


def test_a_column_runs_down_from_its_top_cell_or_below_a_wall():
    column = "cell(0,0). cell(1,0). cell(2,0). cell(3,0). wall(1,0)."
    atoms = ground_atoms("sight.lp", column, ["run/5"])
    assert {a for a in atoms if ",down," in a} == runs(
        (0, 0, "down", 0, 0), (2, 0, "down", 2, 0), (3, 0, "down", 2, 0)
    )


def test_a_guessed_wall_makes_the_runs_depend_on_the_guess():
    shown = "#show. #show run(R,C,across,A,B) : run(R,C,across,A,B)."
    assert library_models("sight.lp", ROW + " { wall(0,1) }.", shown) == {
        frozenset(runs(*((0, c, "across", 0, 0) for c in range(4)))),
        frozenset(runs((0, 0, "across", 0, 0), (0, 2, "across", 0, 2), (0, 3, "across", 0, 2))),
    }


def test_grounds_without_warnings():
    assert grounder_messages("sight.lp", ROW) == []


def views(*items: tuple[int, int, int, int, int]) -> set[str]:
    return {f"view({r},{c},{dr},{dc},{k})" for r, c, dr, dc, k in items}


def test_an_eye_sees_cell_by_cell_until_a_wall_and_no_runs_are_ground():
    # . E . # .: the eye at r1c2 sees one cell left and one right, the wall stops it
    facts = ROW + " cell(0,4). wall(0,3). eye(0,1)."
    assert ground_atoms("sight.lp", facts, ["view/5"]) == views((0, 1, 0, -1, 1), (0, 1, 0, 1, 1))
    assert ground_atoms("sight.lp", facts, ["run/5"]) == set()


def test_a_guessed_wall_makes_the_views_depend_on_the_guess():
    shown = "#show. #show view/5."
    assert library_models("sight.lp", ROW + " eye(0,0). { wall(0,2) }.", shown) == {
        frozenset(views((0, 0, 0, 1, 1), (0, 0, 0, 1, 2), (0, 0, 0, 1, 3))),
        frozenset(views((0, 0, 0, 1, 1))),
    }

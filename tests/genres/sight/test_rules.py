"""encodings/sight.lp on its own: what a cell sees along its row and column, with walls fixed
(Light Up's black cells) or guessed (Kurodoko's shaded cells)."""

from __future__ import annotations

from conftest import ground_atoms, grounder_messages, library_models

ROW = "cell(0,0). cell(0,1). cell(0,2). cell(0,3)."


def seen(*pairs: tuple[int, int, int, int]) -> set[str]:
    return {f"sees({r},{c},{r2},{c2})" for r, c, r2, c2 in pairs}


def test_an_open_row_sees_every_other_cell_both_ways():
    assert ground_atoms("sight.lp", ROW, ["sees/4"]) == seen(
        *((0, c, 0, c2) for c in range(4) for c2 in range(4) if c != c2)
    )


def test_a_fixed_wall_stops_sight_and_neither_sees_nor_is_seen():
    assert ground_atoms("sight.lp", ROW + " wall(0,2).", ["sees/4"]) == seen(
        (0, 0, 0, 1), (0, 1, 0, 0)
    )


def test_sight_runs_along_columns_and_never_turns():
    square = "cell(0,0). cell(0,1). cell(1,0). cell(1,1). wall(1,1)."
    assert ground_atoms("sight.lp", square, ["sees/4"]) == seen(
        (0, 0, 0, 1), (0, 1, 0, 0), (0, 0, 1, 0), (1, 0, 0, 0)
    )


def test_looks_names_the_direction():
    atoms = ground_atoms("sight.lp", "cell(0,0). cell(0,1). cell(0,2).", ["looks/6"])
    assert {a for a in atoms if a.startswith("looks(0,0,")} == {
        "looks(0,0,0,1,0,1)",
        "looks(0,0,0,1,0,2)",
    }


def test_a_guessed_wall_makes_sight_depend_on_the_guess():
    shown = "#show. #show sees(0,0,R,C) : sees(0,0,R,C)."
    assert library_models("sight.lp", ROW + " { wall(0,1) }.", shown) == {
        frozenset({"sees(0,0,0,1)", "sees(0,0,0,2)", "sees(0,0,0,3)"}),
        frozenset(),
    }


def test_grounds_without_warnings():
    assert grounder_messages("sight.lp", ROW) == []

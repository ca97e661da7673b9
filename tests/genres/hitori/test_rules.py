"""encodings/hitori.lp on its own: tiny inline grids, every model, each rule broken alone."""

from __future__ import annotations

from conftest import all_models, grounder_messages

ROW_OF_TWO_ONES = "number(0,0,1). number(0,1,1)."
ALL_ONES_2X2 = "number(0,0,1). number(0,1,1). number(1,0,1). number(1,1,1)."


def test_rule1_a_pair_in_a_row_shades_exactly_one():
    assert all_models("hitori.lp", ROW_OF_TWO_ONES) == {
        frozenset({"shaded(0,0)"}),
        frozenset({"shaded(0,1)"}),
    }


def test_rule1_a_pair_in_a_column_may_not_stay_white():
    pins = ":- shaded(0,0). :- shaded(1,0)."
    assert all_models("hitori.lp", "number(0,0,4). number(1,0,4).", extra=pins) == set()


def test_rule1_a_pair_in_a_row_may_not_stay_white():
    pins = ":- shaded(0,0). :- shaded(0,2)."
    facts = "number(0,0,7). number(0,1,3). number(0,2,7)."
    assert all_models("hitori.lp", facts, extra=pins) == set()


def test_rule2_forbids_touching_shaded_cells():
    pins = ":- not shaded(0,0). :- not shaded(0,1)."
    facts = (
        "number(0,0,1). number(0,1,2). number(0,2,3). number(1,0,4). number(1,1,5). number(1,2,6)."
    )
    assert all_models("hitori.lp", facts, extra=pins) == set()


def test_rule3_forbids_cutting_off_a_white_cell():
    # shading (0,1) and (1,0) breaks neither rule 1 nor rule 2, but isolates (0,0)
    pins = ":- not shaded(0,1). :- not shaded(1,0)."
    facts = " ".join(f"number({r},{c},{3 * r + c + 1})." for r in range(3) for c in range(3))
    assert all_models("hitori.lp", facts, extra=pins) == set()


def test_rule3_a_diagonal_pair_of_shaded_cells_in_a_2x2_splits_the_whites():
    # 1 1 / 1 1: clearing every clash takes one diagonal, which cuts the whites apart
    assert all_models("hitori.lp", ALL_ONES_2X2) == set()


def test_any_cell_may_be_shaded_when_the_rules_hold():
    # no clash at all: every shading without touching cells and with connected whites counts
    facts = "number(0,0,1). number(0,1,2). number(0,2,3)."
    assert all_models("hitori.lp", facts) == {
        frozenset(),
        frozenset({"shaded(0,0)"}),
        frozenset({"shaded(0,2)"}),
        frozenset({"shaded(0,0)", "shaded(0,2)"}),
    }


def test_shading_the_top_left_corner_moves_the_root():
    # 1 1 / 2 3: the corner may be shaded; connectivity is then checked from (0,1)
    facts = "number(0,0,1). number(0,1,1). number(1,0,2). number(1,1,3)."
    assert all_models("hitori.lp", facts) == {
        frozenset({"shaded(0,0)"}),
        frozenset({"shaded(0,1)"}),
    }


def test_a_3x3_grid_has_exactly_its_seven_solutions():
    # 1 1 2 / 2 3 1 / 3 2 2 (instances/hitori/several-3x3.txt)
    grid = [[1, 1, 2], [2, 3, 1], [3, 2, 2]]
    facts = " ".join(
        f"number({r},{c},{n})." for r, row in enumerate(grid) for c, n in enumerate(row)
    )
    shadings = [
        "00 02 20 22",
        "00 02 21",
        "00 02 22",
        "00 20 22",
        "00 22",
        "01 20 22",
        "01 22",
    ]
    assert all_models("hitori.lp", facts) == {
        frozenset(f"shaded({rc[0]},{rc[1]})" for rc in shading.split()) for shading in shadings
    }


def test_grounds_without_warnings():
    assert grounder_messages("hitori.lp", ALL_ONES_2X2) == []


def test_rule3_in_one_column_the_root_moves_down_when_the_top_is_shaded():
    # 1 / 1 / 2: one of the 1s is shaded; the middle one would cut the column in two
    column = "number(0,0,1). number(1,0,1). number(2,0,2)."
    assert all_models("hitori.lp", column) == {
        frozenset({"shaded(0,0)"}),
        frozenset({"shaded(0,0)", "shaded(2,0)"}),
    }

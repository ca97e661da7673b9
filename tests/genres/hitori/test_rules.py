"""encodings/hitori.lp on its own: tiny inline grids, every model, each rule broken alone."""

from __future__ import annotations

import pytest
from conftest import all_models, ground_atoms, grounder_messages

# rule 3's root: found with rule 2's help when solving (prune = 1), alone for explanations (0)
PRUNE = pytest.mark.parametrize("prune", [1, 0])

ROW_OF_TWO_ONES = "number(0,0,1). number(0,1,1)."
ALL_ONES_2X2 = "number(0,0,1). number(0,1,1). number(1,0,1). number(1,1,1)."


@PRUNE
def test_rule1_a_pair_in_a_row_shades_exactly_one(prune):
    assert all_models("hitori.lp", ROW_OF_TWO_ONES, prune=prune) == {
        frozenset({"shaded(0,0)"}),
        frozenset({"shaded(0,1)"}),
    }


@PRUNE
def test_rule1_a_pair_in_a_column_may_not_stay_white(prune):
    pins = ":- shaded(0,0). :- shaded(1,0)."
    assert (
        all_models("hitori.lp", "number(0,0,4). number(1,0,4).", extra=pins, prune=prune) == set()
    )


@PRUNE
def test_rule1_a_pair_in_a_row_may_not_stay_white(prune):
    pins = ":- shaded(0,0). :- shaded(0,2)."
    facts = "number(0,0,7). number(0,1,3). number(0,2,7)."
    assert all_models("hitori.lp", facts, extra=pins, prune=prune) == set()


@PRUNE
def test_rule2_forbids_touching_shaded_cells(prune):
    pins = ":- not shaded(0,0). :- not shaded(0,1)."
    facts = (
        "number(0,0,1). number(0,1,2). number(0,2,3). number(1,0,4). number(1,1,5). number(1,2,6)."
    )
    assert all_models("hitori.lp", facts, extra=pins, prune=prune) == set()


@PRUNE
def test_rule3_forbids_cutting_off_a_white_cell(prune):
    # shading (0,1) and (1,0) breaks neither rule 1 nor rule 2, but isolates (0,0)
    pins = ":- not shaded(0,1). :- not shaded(1,0)."
    facts = " ".join(f"number({r},{c},{3 * r + c + 1})." for r in range(3) for c in range(3))
    assert all_models("hitori.lp", facts, extra=pins, prune=prune) == set()


@PRUNE
def test_rule3_a_diagonal_pair_of_shaded_cells_in_a_2x2_splits_the_whites(prune):
    # 1 1 / 1 1: clearing every clash takes one diagonal, which cuts the whites apart
    assert all_models("hitori.lp", ALL_ONES_2X2, prune=prune) == set()


@PRUNE
def test_any_cell_may_be_shaded_when_the_rules_hold(prune):
    # no clash at all: every shading without touching cells and with connected whites counts
    facts = "number(0,0,1). number(0,1,2). number(0,2,3)."
    assert all_models("hitori.lp", facts, prune=prune) == {
        frozenset(),
        frozenset({"shaded(0,0)"}),
        frozenset({"shaded(0,2)"}),
        frozenset({"shaded(0,0)", "shaded(0,2)"}),
    }


@PRUNE
def test_shading_the_top_left_corner_moves_the_root(prune):
    # 1 1 / 2 3: the corner may be shaded; connectivity is then checked from (0,1)
    facts = "number(0,0,1). number(0,1,1). number(1,0,2). number(1,1,3)."
    assert all_models("hitori.lp", facts, prune=prune) == {
        frozenset({"shaded(0,0)"}),
        frozenset({"shaded(0,1)"}),
    }


@PRUNE
def test_a_3x3_grid_has_exactly_its_seven_solutions(prune):
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
    assert all_models("hitori.lp", facts, prune=prune) == {
        frozenset(f"shaded({rc[0]},{rc[1]})" for rc in shading.split()) for shading in shadings
    }


@PRUNE
def test_grounds_without_warnings(prune):
    assert grounder_messages("hitori.lp", ALL_ONES_2X2, prune=prune) == []


@PRUNE
def test_rule3_in_one_column_the_root_moves_down_when_the_top_is_shaded(prune):
    # 1 / 1 / 2: one of the 1s is shaded; the middle one would cut the column in two
    column = "number(0,0,1). number(1,0,1). number(2,0,2)."
    assert all_models("hitori.lp", column, prune=prune) == {
        frozenset({"shaded(0,0)"}),
        frozenset({"shaded(0,0)", "shaded(2,0)"}),
    }


def test_solving_grounds_the_root_among_the_first_two_cells_explaining_anywhere():
    # the chain of shaded cells that leads to rule 3's root: two cells long when solving (rule
    # 2 keeps the second white), the whole board for explanations (rule 3 judges alone)
    facts = " ".join(f"number({r},{c},{3 * r + c + 1})." for r in range(2) for c in range(3))
    assert ground_atoms("hitori.lp", facts, ["leading/2"], prune=1) == {
        "leading(0,0)",
        "leading(0,1)",
    }
    assert ground_atoms("hitori.lp", facts, ["leading/2"], prune=0) == {
        f"leading({r},{c})" for r in range(2) for c in range(3)
    } | {"leading(0,3)", "leading(1,3)", "leading(2,0)"}  # past a row's end and the board's
    column = "number(0,0,1). number(1,0,2). number(2,0,3)."
    assert ground_atoms("hitori.lp", column, ["leading/2"], prune=1) == {
        "leading(0,0)",
        "leading(0,1)",  # past the row's end: no cell
        "leading(1,0)",
    }

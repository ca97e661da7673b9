"""encodings/hitori.lp on its own: tiny inline grids, every model, each rule broken alone."""

from __future__ import annotations

import pytest
from conftest import all_models, grounder_messages, technique_models

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


# --- techniques, each alone (no numbered rule): what it forces by itself ---------------------


def shadings(numbers: str, allowed) -> set[frozenset[str]]:
    """Every shading of the grid `numbers` (a string of rows) that `allowed(shaded)` accepts,
    as models: the shaded cells."""
    cells = [(r, c) for r, row in enumerate(numbers.split("/")) for c in range(len(row.split()))]
    found = set()
    for mask in range(1 << len(cells)):
        shaded = {cell for i, cell in enumerate(cells) if mask >> i & 1}
        if allowed(shaded):
            found.add(frozenset(f"shaded({r},{c})" for r, c in shaded))
    return found


def grid(numbers: str) -> str:
    return " ".join(
        f"number({r},{c},{n})."
        for r, row in enumerate(numbers.split("/"))
        for c, n in enumerate(row.split())
    )


@pytest.mark.parametrize("numbers", ["1 2 1", "1/2/1"])
def test_technique_sandwich_keeps_the_cell_between_two_equal_numbers_white(numbers):
    between = (0, 1) if numbers == "1 2 1" else (1, 0)
    assert technique_models("hitori.lp", grid(numbers), 1) == shadings(
        numbers, lambda shaded: between not in shaded
    )


@pytest.mark.parametrize(("numbers", "others"), [("1 1 2 1", [(0, 3)]), ("1/1/2/1", [(3, 0)])])
def test_technique_pair_in_a_line_shades_the_other_copies(numbers, others):
    assert technique_models("hitori.lp", grid(numbers), 2) == shadings(
        numbers, lambda shaded: all(cell in shaded for cell in others)
    )


@pytest.mark.parametrize(
    ("numbers", "shaded_cells", "white_cells"),
    [
        ("1 1 2/1 3 4/5 6 7", [(0, 0)], [(0, 1), (1, 0)]),  # an L: corner shaded, pairs on walls
        ("1 1 2/3 3 4/5 6 7", [(0, 0)], [(1, 0)]),  # two pairs in rows; the top one on a wall
        ("2 3 1/4 3 1/5 6 7", [(0, 2)], [(0, 1)]),  # two pairs in columns, top-right corner
        ("5 6 7/3 4 8/1 1 2", [], [(1, 0)]),  # a pair on the bottom wall only
    ],
)
def test_technique_corner_patterns(numbers, shaded_cells, white_cells):
    expected = shadings(
        numbers, lambda shaded: set(shaded_cells) <= shaded and not set(white_cells) & shaded
    )
    assert technique_models("hitori.lp", grid(numbers), 3) == expected


def test_technique_single_escape_keeps_a_white_neighbour_of_every_white_cell():
    numbers = "1 2 3/4 5 6"

    def escapes(shaded):
        return all(
            {(r, c + 1), (r, c - 1), (r + 1, c), (r - 1, c)} & (set(CELLS_2X3) - shaded)
            for r, c in set(CELLS_2X3) - shaded
        )

    assert technique_models("hitori.lp", grid(numbers), 4) == shadings(numbers, escapes)


CELLS_2X3 = [(r, c) for r in range(2) for c in range(3)]


def test_technique_single_escape_leaves_a_single_row_alone():
    assert technique_models("hitori.lp", grid("1 2 3"), 4) == shadings("1 2 3", lambda s: True)


@pytest.mark.parametrize(
    ("shaded", "cut"),
    [
        ({(0, 1), (1, 0)}, True),  # top to left, around the corner
        ({(0, 0), (1, 1), (2, 2)}, True),  # top-left corner to bottom-right corner
        ({(2, 1), (1, 2)}, True),  # bottom to right
        ({(0, 1), (1, 2)}, True),  # top to right
        ({(1, 0), (2, 1)}, True),  # left to bottom
        ({(1, 0), (0, 1), (2, 1)}, True),
        ({(0, 0)}, False),  # a corner cell touches two sides but cuts nothing
        ({(0, 1)}, False),
        ({(0, 0), (1, 1)}, False),  # reaches the middle, no other side
        ({(0, 0), (0, 2), (2, 0), (2, 2)}, False),
        ({(1, 1)}, False),
    ],
)
def test_technique_would_cut_the_white_area_forbids_a_chain_from_side_to_side(shaded, cut):
    numbers = "1 2 3/4 5 6/7 8 9"
    pins = " ".join(
        f":- {'not ' if (r, c) in shaded else ''}shaded({r},{c})."
        for r in range(3)
        for c in range(3)
    )
    expected = set() if cut else {frozenset(f"shaded({r},{c})" for r, c in shaded)}
    assert technique_models("hitori.lp", grid(numbers), 5, extra=pins) == expected

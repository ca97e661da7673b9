"""encodings/tents.lp on its own: tiny inline boards, every model, each rule broken alone."""

from __future__ import annotations

from conftest import all_models, grounder_messages


def board(rows: int, cols: int, trees, row_counts=(), col_counts=()) -> str:
    """Facts of a board; counts as ``{line: n}`` (lines left out have none)."""
    cells = [f"cell({r},{c})." for r in range(rows) for c in range(cols)]
    cells += [f"tree({r},{c})." for r, c in trees]
    cells += [f"row_count({r},{n})." for r, n in dict(row_counts).items()]
    cells += [f"column_count({c},{n})." for c, n in dict(col_counts).items()]
    return " ".join(cells)


def placements(*cell_lists) -> set[frozenset[str]]:
    return {frozenset(f"tent({r},{c})" for r, c in cells) for cells in cell_lists}


def test_a_tree_in_a_row_of_three_has_its_tent_on_either_side():
    assert all_models("tents.lp", board(1, 3, [(0, 1)])) == placements([(0, 0)], [(0, 2)])


def test_no_tree_no_tent():
    assert all_models("tents.lp", board(2, 2, [])) == placements([])


def test_rule1_every_tree_has_a_tent():
    # T . T: two trees share their one empty neighbour; each needs a tent of its own
    assert all_models("tents.lp", board(1, 3, [(0, 0), (0, 2)])) == set()


def test_rule1_a_tent_stands_beside_its_tree_by_a_side():
    # T . / . .: the corner diagonal to the tree is no tree's place
    assert all_models("tents.lp", board(2, 2, [(0, 0)])) == placements([(0, 1)], [(1, 0)])


def test_rule2_every_tent_belongs_to_a_tree():
    # one tree, a row of five: one tent, never two (the second would have no tree)
    assert all_models("tents.lp", board(1, 5, [(0, 2)])) == placements([(0, 1)], [(0, 3)])


def test_rule2_a_tent_away_from_trees_is_refused():
    # T . . ., one tent a row: the tent must be next to the tree
    assert all_models("tents.lp", board(1, 4, [(0, 0)], {0: 1})) == placements([(0, 1)])


def test_rule3_two_tents_never_touch_at_a_corner():
    # T . / . T: the two free cells touch at a corner, so one tent only: no solution
    assert all_models("tents.lp", board(2, 2, [(0, 0), (1, 1)])) == set()


def test_rule3_two_tents_never_touch_by_a_side():
    # . T T .: the two tents stand apart, at the ends
    assert all_models("tents.lp", board(1, 4, [(0, 1), (0, 2)])) == placements([(0, 0), (0, 3)])
    # T . . T with tents side by side in the middle: refused, and nothing else fits
    assert all_models("tents.lp", board(1, 4, [(0, 0), (0, 3)])) == set()


def test_rule4_a_row_count():
    # a tree with a place above and below: the counts of rows choose
    facts = board(3, 1, [(1, 0)], {0: 0})
    assert all_models("tents.lp", facts) == placements([(2, 0)])
    assert all_models("tents.lp", board(3, 1, [(1, 0)], {0: 1})) == placements([(0, 0)])


def test_rule5_a_column_count():
    facts = board(1, 3, [(0, 1)], col_counts={0: 0})
    assert all_models("tents.lp", facts) == placements([(0, 2)])
    assert all_models("tents.lp", board(1, 3, [(0, 1)], col_counts={2: 0})) == placements([(0, 0)])


def test_a_tree_may_touch_another_tree_s_tent():
    # T . T .: the tent at r1c2 touches both trees, paired with the first; r1c4 is the second's
    assert all_models("tents.lp", board(1, 4, [(0, 0), (0, 2)])) == placements([(0, 1), (0, 3)])


def test_a_board_without_trees_or_counts_grounds_without_warnings():
    assert grounder_messages("tents.lp", "cell(0,0).") == []

"""encodings/kurodoko.lp on its own: tiny inline boards, every model, each rule broken alone,
and random small boards against an independent reading of the rules (kurodoko_check.py)."""

from __future__ import annotations

import random

import pytest
from conftest import all_models, ground_atoms, grounder_messages

from .kurodoko_check import broken_rules, facts, solutions


def shadings(*cell_lists) -> set[frozenset[str]]:
    return {frozenset(f"shaded({r},{c})" for r, c in cells) for cells in cell_lists}


def pins(shaded=(), unshaded=()) -> str:
    return " ".join(
        [f":- not shaded({r},{c})." for r, c in shaded]
        + [f":- shaded({r},{c})." for r, c in unshaded]
    )


def test_an_open_2x2_shades_one_cell_or_none():
    # two diagonal cells shaded would cut the other two apart (rule 2)
    assert all_models("kurodoko.lp", facts(2, 2, {})) == shadings(
        [], [(0, 0)], [(0, 1)], [(1, 0)], [(1, 1)]
    )


def test_a_number_closes_its_sight_with_a_shaded_cell():
    # 2 . .: the 2 sees the next cell, so the last is shaded
    assert all_models("kurodoko.lp", facts(1, 3, {(0, 0): 2})) == shadings([(0, 2)])


@pytest.mark.parametrize("prune", [0, 1])
def test_rule1_shaded_cells_never_share_a_side(prune):
    assert broken_rules(1, 2, {}, {(0, 0), (0, 1)}) == {1}
    assert all_models("kurodoko.lp", facts(1, 2, {}), pins([(0, 0), (0, 1)]), prune=prune) == set()
    assert broken_rules(2, 1, {}, {(0, 0), (1, 0)}) == {1}
    assert all_models("kurodoko.lp", facts(2, 1, {}), pins([(0, 0), (1, 0)]), prune=prune) == set()


@pytest.mark.parametrize("prune", [0, 1])
def test_rule2_the_unshaded_cells_form_one_area(prune):
    assert broken_rules(1, 3, {}, {(0, 1)}) == {2}
    assert all_models("kurodoko.lp", facts(1, 3, {}), pins([(0, 1)]), prune=prune) == set()
    # with prune = 0 the first unshaded cell is found alone: a shaded first cell
    assert broken_rules(1, 4, {}, {(0, 0), (0, 2)}) == {2}
    assert all_models("kurodoko.lp", facts(1, 4, {}), pins([(0, 0), (0, 2)]), prune=prune) == set()


def test_rule3_numbered_cells_are_unshaded():
    # a lone 1 sees itself whether shaded or not: only rule 3 keeps it unshaded
    assert broken_rules(1, 1, {(0, 0): 1}, {(0, 0)}) == {3}
    assert all_models("kurodoko.lp", facts(1, 1, {(0, 0): 1})) == shadings([])


def test_rule4_a_number_counts_what_it_sees():
    assert broken_rules(1, 2, {(0, 0): 1}, set()) == {4}
    assert all_models("kurodoko.lp", facts(1, 2, {(0, 0): 1}), pins(unshaded=[(0, 1)])) == set()
    # its row and its column, itself included, up to a shaded cell: a 4 in the middle of a
    # 1x5 row shades one end
    assert all_models("kurodoko.lp", facts(1, 5, {(0, 2): 4})) == shadings([(0, 0)], [(0, 4)])
    assert all_models("kurodoko.lp", facts(3, 1, {(1, 0): 3})) == shadings([])


@pytest.mark.parametrize("seed", range(6))
def test_random_small_boards_have_exactly_the_shadings_the_rules_allow(seed):
    rng = random.Random(seed)
    rows, cols = rng.choice([(2, 3), (3, 3), (3, 4)])
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    numbers = {
        cell: rng.randint(1, rows + cols - 1) for cell in rng.sample(cells, rng.randint(0, 3))
    }
    expected = {frozenset(f"shaded({r},{c})" for r, c in s) for s in solutions(rows, cols, numbers)}
    assert all_models("kurodoko.lp", facts(rows, cols, numbers)) == expected
    assert all_models("kurodoko.lp", facts(rows, cols, numbers), prune=0) == expected


def test_grounds_without_warnings():
    assert grounder_messages("kurodoko.lp", facts(3, 3, {(0, 0): 3, (2, 2): 4})) == []
    assert grounder_messages("kurodoko.lp", "cell(0,0).") == []


def test_the_search_for_the_first_unshaded_cell_ends_at_the_second_cell_when_solving():
    # rule 1 keeps the second cell unshaded when the first is shaded (prune = 1); alone for
    # explanations (prune = 0), over the whole board
    board = facts(2, 3, {})
    assert ground_atoms("kurodoko.lp", board, ["leading/2"], prune=1) == {
        "leading(0,0)",
        "leading(0,1)",
    }
    assert ground_atoms("kurodoko.lp", board, ["leading/2"], prune=0) == {
        f"leading({r},{c})" for r in range(2) for c in range(3)
    } | {"leading(0,3)", "leading(1,3)", "leading(2,0)"}  # past a row's end and the board's

"""encodings/lightup.lp on its own: tiny inline boards, every model, each rule broken alone."""

from __future__ import annotations

import random

import pytest
from conftest import all_models, grounder_messages

from .lightup_check import broken_rules, solutions


def board(rows: int, cols: int, black: dict[tuple[int, int], int | None]) -> str:
    cells = [f"cell({r},{c})." for r in range(rows) for c in range(cols)]
    blacks = [f"black({r},{c})." for r, c in black]
    numbers = [f"number({r},{c},{n})." for (r, c), n in black.items() if n is not None]
    return " ".join(cells + blacks + numbers)


def pins(lights=(), empty=()) -> str:
    """Constraints that force the given cells to hold a light, or none."""
    return " ".join(
        [f":- not light({r},{c})." for r, c in lights] + [f":- light({r},{c})." for r, c in empty]
    )


def placements(*cells_lists) -> set[frozenset[str]]:
    return {frozenset(f"light({r},{c})" for r, c in cells) for cells in cells_lists}


def test_an_open_2x2_has_its_two_diagonals():
    assert all_models("lightup.lp", board(2, 2, {})) == placements(
        [(0, 0), (1, 1)], [(0, 1), (1, 0)]
    )


def test_lights_go_in_white_cells_only():
    # a black cell alone: nothing to light, and no light may stand on it
    assert all_models("lightup.lp", board(1, 1, {(0, 0): None})) == placements([])


def test_rule1_every_white_cell_is_lit():
    # . # .: one light lights one side only
    black = {(0, 1): None}
    assert broken_rules(1, 3, black, {(0, 0)}) == {1}
    assert all_models("lightup.lp", board(1, 3, black), pins(empty=[(0, 2)])) == set()


def test_rule1_a_light_shines_until_a_black_cell():
    # . . # .: the light at the left end does not reach past the black cell
    black = {(0, 2): None}
    assert all_models("lightup.lp", board(1, 4, black)) == placements(
        [(0, 0), (0, 3)], [(0, 1), (0, 3)]
    )


def test_rule1_a_light_shines_along_its_column_too():
    assert all_models("lightup.lp", board(3, 1, {})) == placements([(0, 0)], [(1, 0)], [(2, 0)])


def test_rule2_no_light_shines_on_another():
    # two lights in one open row
    assert broken_rules(1, 3, {}, {(0, 0), (0, 2)}) == {2}
    assert all_models("lightup.lp", board(1, 3, {}), pins(lights=[(0, 0), (0, 2)])) == set()


def test_rule2_lights_either_side_of_a_black_cell_are_fine():
    assert all_models("lightup.lp", board(1, 3, {(0, 1): None})) == placements([(0, 0), (0, 2)])


def test_rule3_a_number_counts_the_lights_beside_it():
    # 0 . / . .: the 0 keeps its neighbours dark, the far corner takes the light
    assert all_models("lightup.lp", board(2, 2, {(0, 0): 0})) == placements([(1, 1)])
    assert broken_rules(2, 2, {(0, 0): 0}, {(0, 1), (1, 0)}) == {3}
    assert all_models("lightup.lp", board(2, 2, {(0, 0): 0}), pins(lights=[(0, 1)])) == set()


def test_rule3_too_few_lights_beside_a_number():
    # . 2 .: a 2 between two white cells wants both; one light leaves the other side dark
    # too (rule 1), so pin a row where only the count breaks: 2 over a lit row
    black = {(0, 1): 2}
    assert all_models("lightup.lp", board(1, 3, black)) == placements([(0, 0), (0, 2)])
    black = {(0, 1): 1}  # 1 with two white sides, each side needs its own light
    assert broken_rules(1, 3, black, {(0, 0), (0, 2)}) == {3}
    assert all_models("lightup.lp", board(1, 3, black)) == set()


def test_rule3_a_number_with_no_light_beside_it():
    # 1 . .: the light at the far end lights the row, and leaves the 1 without one
    black = {(0, 0): 1}
    facts = board(1, 3, black)
    assert all_models("lightup.lp", facts) == placements([(0, 1)])
    assert broken_rules(1, 3, black, {(0, 2)}) == {3}
    assert all_models("lightup.lp", facts, pins(lights=[(0, 2)])) == set()


@pytest.mark.parametrize("seed", range(40))
def test_random_small_boards_have_exactly_the_solutions_the_rules_allow(seed):
    rng = random.Random(seed)
    rows, cols = rng.randint(1, 4), rng.randint(1, 4)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    chosen = rng.sample(cells, rng.randint(0, len(cells) // 2))
    black = {cell: rng.choice([None, None, 0, 1, 2, 3]) for cell in chosen}
    expected = {frozenset(f"light({r},{c})" for r, c in s) for s in solutions(rows, cols, black)}
    assert all_models("lightup.lp", board(rows, cols, black)) == expected


def test_grounds_without_warnings():
    assert grounder_messages("lightup.lp", board(2, 2, {(0, 0): 1})) == []
    assert grounder_messages("lightup.lp", board(1, 2, {})) == []

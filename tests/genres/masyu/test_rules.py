"""encodings/masyu.lp on its own: tiny inline boards, every model, each rule broken alone."""

from __future__ import annotations

import random

import pytest
from conftest import all_models, grounder_messages

from ..loop.cycles import cycles, grid_links


def board(rows: int, cols: int, pearls: dict[tuple[int, int], str]) -> str:
    cells = " ".join(f"cell({r},{c})." for r in range(rows) for c in range(cols))
    kind = {"W": "white", "B": "black"}
    return cells + " " + " ".join(f"{kind[p]}({r},{c})." for (r, c), p in pearls.items())


def ring(top: int, left: int, bottom: int, right: int) -> frozenset[str]:
    """The loop around the rectangle of cells (top, left) to (bottom, right)."""
    segments = [f"segment({top},{c},{top},{c + 1})" for c in range(left, right)]
    segments += [f"segment({bottom},{c},{bottom},{c + 1})" for c in range(left, right)]
    segments += [f"segment({r},{left},{r + 1},{left})" for r in range(top, bottom)]
    segments += [f"segment({r},{right},{r + 1},{right})" for r in range(top, bottom)]
    return frozenset(segments)


def test_an_empty_2x2_has_its_one_loop():
    assert all_models("masyu.lp", board(2, 2, {})) == {ring(0, 0, 1, 1)}


def test_rule_4_a_white_pearl_in_the_middle_of_a_side():
    # 2x3: the white pearl at r1c2 goes straight, the corners turn
    assert all_models("masyu.lp", board(2, 3, {(0, 1): "W"})) == {ring(0, 0, 1, 2)}


def pinned(loop: frozenset[str]) -> str:
    """Constraints that force every segment of `loop` on."""
    return " ".join(f":- not {segment}." for segment in sorted(loop))


def test_rule_4_a_white_pearl_needs_a_turn_beside_it():
    # the ring of a 2x5 board runs straight on both sides of a white pearl at r1c3
    pins = pinned(ring(0, 0, 1, 4))
    assert all_models("masyu.lp", board(2, 5, {}), pins) == {ring(0, 0, 1, 4)}
    assert all_models("masyu.lp", board(2, 5, {(0, 2): "W"}), pins) == set()


def test_rule_4_a_white_pearl_needs_a_turn_above_or_below():
    # the ring of a 5x2 board runs straight above and below a white pearl at r3c1
    pins = pinned(ring(0, 0, 4, 1))
    assert all_models("masyu.lp", board(5, 2, {}), pins) == {ring(0, 0, 4, 1)}
    assert all_models("masyu.lp", board(5, 2, {(2, 0): "W"}), pins) == set()


def test_rule_5_a_black_pearl_between_straight_cells_may_not_go_straight():
    # the ring of a 2x5 board runs straight through r1c3 and the cells beside it
    pins = pinned(ring(0, 0, 1, 4))
    assert all_models("masyu.lp", board(2, 5, {(0, 2): "B"}), pins) == set()


def test_rule_4_the_turn_may_lie_on_either_side_of_a_white_pearl():
    # the ring of a 2x4 board: a white pearl at r1c2 has its turn to the left, at r1c3 to the
    # right; on a 4x2 ring at r2c1 the turn is above it, at r3c1 below
    for white, rows, cols in (((0, 1), 2, 4), ((0, 2), 2, 4), ((1, 0), 4, 2), ((2, 0), 4, 2)):
        loop = ring(0, 0, rows - 1, cols - 1)
        assert all_models("masyu.lp", board(rows, cols, {white: "W"}), pinned(loop)) == {loop}


def test_rule_4_a_white_pearl_beside_a_turn_is_passed_straight():
    assert all_models("masyu.lp", board(2, 4, {(0, 1): "W"}), pinned(ring(0, 0, 1, 3))) == {
        ring(0, 0, 1, 3)
    }


def test_rule_5_a_black_pearl_turns_and_goes_on_two_cells():
    # 3x3, the black pearl in a corner: every loop runs two cells along both sides from it
    models = all_models("masyu.lp", board(3, 3, {(0, 0): "B"}))
    legs = {"segment(0,0,0,1)", "segment(0,1,0,2)", "segment(0,0,1,0)", "segment(1,0,2,0)"}
    assert ring(0, 0, 2, 2) in models and all(legs <= model for model in models)


def test_rule_5_a_black_pearl_may_not_go_straight():
    # the ring of a 2x3 board runs straight through r1c2
    pins = pinned(ring(0, 0, 1, 2))
    assert all_models("masyu.lp", board(2, 3, {(0, 1): "B"}), pins) == set()


def test_rule_5_a_black_pearl_in_a_corner_of_a_2x2_has_no_loop():
    assert all_models("masyu.lp", board(2, 2, {(0, 0): "B"})) == set()


def test_rule_3_the_loop_passes_every_pearl():
    # a white pearl in a corner: a loop through it turns there, which rule 4 forbids
    assert all_models("masyu.lp", board(2, 4, {(1, 3): "W"})) == set()


def test_it_grounds_without_warnings():
    assert grounder_messages("masyu.lp", board(3, 3, {(0, 0): "B", (1, 1): "W"})) == []


# --- every model, against an independent reading of the rules ---------------------------------


def pearls_hold(loop: frozenset, pearls: dict[tuple[int, int], str]) -> bool:
    """Rules 3 to 5 read plainly: every pearl on the loop, white straight with a turn beside,
    black turning with straight cells after it."""
    joined: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for a, b in loop:
        joined.setdefault(a, []).append(b)
        joined.setdefault(b, []).append(a)

    def straight(cell) -> bool:
        (r1, c1), (r2, c2) = joined[cell]
        return r1 == r2 or c1 == c2

    for cell, pearl in pearls.items():
        if cell not in joined:
            return False
        if pearl == "W" and (not straight(cell) or all(straight(n) for n in joined[cell])):
            return False
        if pearl == "B" and (straight(cell) or not all(straight(n) for n in joined[cell])):
            return False
    return True


def random_boards(count: int, seed: int):
    rng = random.Random(seed)
    for _ in range(count):
        rows, cols = rng.choice([(3, 3), (3, 4), (4, 3), (2, 4), (4, 4), (2, 5), (5, 2)])
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        pearls = {cell: rng.choice("WB") for cell in rng.sample(cells, rng.randrange(4))}
        yield rows, cols, pearls


@pytest.mark.parametrize(("rows", "cols", "pearls"), list(random_boards(40, 3)))
def test_every_model_is_a_loop_the_pearls_allow(rows, cols, pearls):
    expected = {
        frozenset(f"segment({a[0]},{a[1]},{b[0]},{b[1]})" for a, b in loop)
        for loop in cycles(grid_links(rows, cols))
        if pearls_hold(loop, pearls)
    }
    assert all_models("masyu.lp", board(rows, cols, pearls)) == expected


def test_rule_2_two_loops_in_rows_apart_are_not_one():
    # a 4x2 board without pearls: the rings of 2, 3 and 4 rows, never two rings at once
    assert all_models("masyu.lp", board(4, 2, {})) == {
        ring(top, 0, bottom, 1) for top in range(3) for bottom in range(top + 1, 4)
    }


def test_a_board_without_pearls_grounds_without_warnings():
    assert grounder_messages("masyu.lp", board(2, 2, {})) == []

"""encodings/slitherlink.lp on its own: tiny inline boards, every model, each rule broken alone."""

from __future__ import annotations

import random

import pytest
from conftest import all_models, grounder_messages

from ..loop.cycles import cycles, grid_links


def board(rows: int, cols: int, numbers: dict[tuple[int, int], int]) -> str:
    cells = " ".join(f"cell({r},{c})." for r in range(rows) for c in range(cols))
    return cells + " " + " ".join(f"number({r},{c},{n})." for (r, c), n in numbers.items())


def ring(top: int, left: int, bottom: int, right: int) -> frozenset[str]:
    """The loop around the rectangle of points (top, left) to (bottom, right)."""
    edges = [f"edge({top},{x},{top},{x + 1})" for x in range(left, right)]
    edges += [f"edge({bottom},{x},{bottom},{x + 1})" for x in range(left, right)]
    edges += [f"edge({y},{left},{y + 1},{left})" for y in range(top, bottom)]
    edges += [f"edge({y},{right},{y + 1},{right})" for y in range(top, bottom)]
    return frozenset(edges)


def test_rule_3_a_4_is_the_loop_around_its_cell():
    assert all_models("slitherlink.lp", board(1, 1, {(0, 0): 4})) == {ring(0, 0, 1, 1)}


def test_an_open_1x2_board_has_three_loops():
    assert all_models("slitherlink.lp", board(1, 2, {})) == {
        ring(0, 0, 1, 1),
        ring(0, 1, 1, 2),
        ring(0, 0, 1, 2),
    }


def test_rule_3_a_0_keeps_the_loop_off_its_sides():
    # 1x3, a 0 on the left: only the loop around the right cell keeps off its four sides
    assert all_models("slitherlink.lp", board(1, 3, {(0, 0): 0})) == {ring(0, 2, 1, 3)}


def test_rule_3_a_3_uses_three_sides():
    assert all_models("slitherlink.lp", board(1, 2, {(0, 0): 3})) == {ring(0, 0, 1, 2)}


def test_rule_3_a_0_beside_a_4_has_no_loop():
    assert all_models("slitherlink.lp", board(1, 2, {(0, 0): 0, (0, 1): 4})) == set()


def test_rule_2_two_4s_apart_are_two_loops():
    assert all_models("slitherlink.lp", board(1, 3, {(0, 0): 4, (0, 2): 4})) == set()


def test_rule_1_a_dead_end_is_refused():
    # only the top side of a 1: the line would end at both of its points
    pins = ":- not edge(0,0,0,1). :- edge(0,0,1,0). :- edge(0,1,1,1)."
    assert all_models("slitherlink.lp", board(1, 1, {}), pins) == set()


def test_it_grounds_without_warnings():
    assert grounder_messages("slitherlink.lp", board(2, 2, {(0, 0): 3})) == []


# --- every model, against an independent reading of the rules ---------------------------------

SIDES = ((0, 0, 0, 1), (1, 0, 1, 1), (0, 0, 1, 0), (0, 1, 1, 1))


def loops_meeting(rows: int, cols: int, numbers: dict[tuple[int, int], int]) -> set[frozenset[str]]:
    """The loops (simple cycles of the points' grid) that meet every number, as edge atoms."""
    found = set()
    for loop in cycles(grid_links(rows + 1, cols + 1)):
        if all(
            sum(((r + a, c + b), (r + d, c + e)) in loop for a, b, d, e in SIDES) == n
            for (r, c), n in numbers.items()
        ):
            found.add(frozenset(f"edge({a[0]},{a[1]},{b[0]},{b[1]})" for a, b in loop))
    return found


def random_boards(count: int, seed: int):
    rng = random.Random(seed)
    for _ in range(count):
        rows, cols = rng.choice([(2, 2), (2, 3), (3, 2), (3, 3), (1, 4)])
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        numbers = {cell: rng.randrange(5) for cell in rng.sample(cells, rng.randrange(3))}
        yield rows, cols, numbers


@pytest.mark.parametrize(("rows", "cols", "numbers"), list(random_boards(30, 5)))
def test_every_model_is_a_loop_meeting_the_numbers(rows, cols, numbers):
    assert all_models("slitherlink.lp", board(rows, cols, numbers)) == loops_meeting(
        rows, cols, numbers
    )


def test_an_open_board_grounds_without_warnings():
    assert grounder_messages("slitherlink.lp", board(2, 2, {})) == []

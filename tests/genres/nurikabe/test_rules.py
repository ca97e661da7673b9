"""encodings/nurikabe.lp on its own: tiny inline boards, every model, each rule broken alone."""

from __future__ import annotations

import random

import clingo
import pytest
from conftest import REPO, all_models, ground_atoms, grounder_messages

from puzzlesolve.registry import get_genre

from .nurikabe_check import broken_rules, solutions


def board(rows: int, cols: int, numbers: dict[tuple[int, int], int]) -> str:
    cells = " ".join(f"cell({r},{c})." for r in range(rows) for c in range(cols))
    return cells + " " + " ".join(f"number({r},{c},{n})." for (r, c), n in numbers.items())


def pins(shaded=(), white=()) -> str:
    """Constraints that force the given cells shaded and unshaded."""
    return " ".join(
        [f":- not shaded({r},{c})." for r, c in shaded] + [f":- shaded({r},{c})." for r, c in white]
    )


def shadings(*cells_lists) -> set[frozenset[str]]:
    return {frozenset(f"shaded({r},{c})" for r, c in cells) for cells in cells_lists}


def test_a_row_has_its_one_solution():
    # 2 . . . 1: the 2 takes its neighbour, the two cells between are shaded
    assert all_models("nurikabe.lp", board(1, 5, {(0, 0): 2, (0, 4): 1})) == shadings(
        [(0, 2), (0, 3)]
    )


def test_the_2_may_take_either_neighbour():
    assert all_models("nurikabe.lp", board(2, 2, {(0, 0): 2})) == shadings(
        [(0, 1), (1, 1)], [(1, 0), (1, 1)]
    )


def test_rule1_a_numbered_cell_may_not_be_shaded():
    # a lone 1 shaded breaks rule 1 and nothing else: no unshaded area is left
    assert all_models("nurikabe.lp", board(1, 1, {(0, 0): 1})) == shadings([])
    assert all_models("nurikabe.lp", board(1, 1, {(0, 0): 1}), pins(shaded=[(0, 0)])) == set()


def test_rule2_an_unshaded_area_needs_a_number():
    # 1 # .: the last cell's area has no number; the rest holds every rule
    facts = board(1, 3, {(0, 0): 1})
    assert broken_rules(1, 3, {(0, 0): 1}, {(0, 1)}) == {2}
    assert all_models("nurikabe.lp", facts, pins(shaded=[(0, 1)], white=[(0, 2)])) == set()


def test_rule2_an_area_may_not_hold_two_numbers():
    # 2 2: one area of two cells holds two numbers, each equal to its size
    assert broken_rules(1, 2, {(0, 0): 2, (0, 1): 2}, set()) == {2}
    assert all_models("nurikabe.lp", board(1, 2, {(0, 0): 2, (0, 1): 2})) == set()


def test_rule2_two_numbers_far_apart_in_one_area():
    # 1 . . . 5 all unshaded: the 5's area is right, and holds the 1 as well
    numbers = {(0, 0): 1, (0, 4): 5}
    assert broken_rules(1, 5, numbers, set()) == {2, 3}
    assert all_models("nurikabe.lp", board(1, 5, numbers)) == set()
    numbers = {(0, 0): 5, (0, 4): 5}  # both right in size, two in one area
    assert broken_rules(1, 5, numbers, set()) == {2}
    assert all_models("nurikabe.lp", board(1, 5, numbers)) == set()


def test_rule3_an_area_smaller_than_its_number():
    facts = board(1, 3, {(0, 0): 2})
    assert broken_rules(1, 3, {(0, 0): 2}, {(0, 1), (0, 2)}) == {3}
    assert all_models("nurikabe.lp", facts) == shadings([(0, 2)])
    assert all_models("nurikabe.lp", facts, pins(shaded=[(0, 1)])) == set()


def test_rule3_an_area_larger_than_its_number():
    # 1 . all unshaded, and a 3 whose area runs past its reach: 3 . . . all unshaded
    assert all_models("nurikabe.lp", board(1, 2, {(0, 0): 1})) == shadings([(0, 1)])
    assert all_models("nurikabe.lp", board(1, 2, {(0, 0): 1}), pins(white=[(0, 1)])) == set()
    assert all_models("nurikabe.lp", board(1, 4, {(0, 0): 3}), pins(white=[(0, 3)])) == set()


def test_rule3_an_area_that_winds_within_reach_but_is_too_large():
    # 3 . / . . all unshaded: every cell is within 2 steps of the 3, the area has 4
    assert broken_rules(2, 2, {(0, 0): 3}, set()) == {3}
    every = [(0, 1), (1, 0), (1, 1)]
    assert all_models("nurikabe.lp", board(2, 2, {(0, 0): 3}), pins(white=every)) == set()


def test_rule4_shaded_cells_must_be_connected():
    # # 1 #: two shaded cells apart
    numbers = {(0, 1): 1}
    assert broken_rules(1, 3, numbers, {(0, 0), (0, 2)}) == {4}
    assert all_models("nurikabe.lp", board(1, 3, numbers)) == set()


def test_rule4_the_first_shaded_cell_need_not_be_the_corner():
    # 1 # / # #... : the corner is a number, the first shaded cell is (0,1)
    assert all_models("nurikabe.lp", board(2, 3, {(0, 0): 1, (1, 2): 2})) == shadings(
        [(0, 1), (1, 0), (1, 1)]
    )


def test_rule5_no_2x2_block_all_shaded():
    # a 1 in the corner of a 3x3: shading the other eight breaks rule 5 only
    numbers = {(0, 0): 1}
    shaded = {(r, c) for r in range(3) for c in range(3)} - {(0, 0)}
    assert broken_rules(3, 3, numbers, shaded) == {5}
    assert all_models("nurikabe.lp", board(3, 3, numbers)) == set()


def test_no_number_at_all():
    # a single row may be shaded whole; a 2x2 board may not
    assert all_models("nurikabe.lp", board(1, 3, {})) == shadings([(0, 0), (0, 1), (0, 2)])
    assert all_models("nurikabe.lp", board(2, 2, {})) == set()


@pytest.mark.parametrize("seed", range(40))
def test_random_small_boards_have_exactly_the_solutions_the_rules_allow(seed):
    rng = random.Random(seed)
    rows, cols = rng.randint(1, 4), rng.randint(1, 4)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    shown = rng.sample(cells, rng.randint(1, min(4, len(cells))))
    numbers = {cell: rng.randint(1, 5) for cell in shown}
    expected = {frozenset(f"shaded({r},{c})" for r, c in s) for s in solutions(rows, cols, numbers)}
    assert all_models("nurikabe.lp", board(rows, cols, numbers)) == expected


def test_grounds_without_warnings():
    assert grounder_messages("nurikabe.lp", board(2, 2, {(0, 0): 2})) == []
    assert grounder_messages("nurikabe.lp", board(1, 2, {})) == []


def test_rule2_two_numbers_whose_reaches_meet_in_one_area():
    # 2 . . 2 all unshaded: each 2 reaches two cells, neither reaches the other 2, yet the
    # area of four holds both
    assert broken_rules(1, 4, {(0, 0): 2, (0, 3): 2}, set()) == {2, 3}
    assert all_models("nurikabe.lp", board(1, 4, {(0, 0): 2, (0, 3): 2})) == set()


def test_domain_neighbours_stay_on_the_board():
    atoms = ground_atoms("nurikabe.lp", board(2, 2, {}), ["adjacent/4"])
    assert atoms == {
        "adjacent(0,0,0,1)",
        "adjacent(0,1,0,0)",
        "adjacent(1,0,1,1)",
        "adjacent(1,1,1,0)",
        "adjacent(0,0,1,0)",
        "adjacent(1,0,0,0)",
        "adjacent(0,1,1,1)",
        "adjacent(1,1,0,1)",
    }


def test_domain_a_number_is_near_the_cells_less_than_n_steps_away():
    atoms = ground_atoms("nurikabe.lp", board(2, 4, {(0, 1): 2}), ["near/4"])
    assert atoms == {"near(0,0,0,1)", "near(0,1,0,1)", "near(0,2,0,1)", "near(1,1,0,1)"}


def test_a_number_reach_is_grounded_only_near_it():
    # what keeps large boards small: a 2 may reach its neighbour, never further
    atoms = ground_atoms("nurikabe.lp", board(1, 4, {(0, 0): 2}), ["reach/4"])
    assert atoms == {"reach(0,0,0,0)", "reach(0,1,0,0)"}


# --- techniques: redundant statements that follow from the rules they name -------------------

RULES_FILE = REPO / "encodings" / "nurikabe.lp"


def without_techniques() -> str:
    """The rules file with its Techniques section left out."""
    text = RULES_FILE.read_text()
    start, end = text.index("%## Techniques"), text.index("%## Display")
    return text[:start] + text[end:]


def count_models(rules: str, facts: str) -> int:
    ctl = clingo.Control(["--models=0"], logger=lambda _code, _text: None)
    library = f'#include "{RULES_FILE.parent / "connected.lp"}".'  # as beside the rules
    ctl.add("base", [], rules.replace('#include "connected.lp".', library) + "\n" + facts)
    ctl.ground([("base", [])])
    return sum(1 for _ in ctl.solve(yield_=True))


def test_between_two_numbers_shades_the_cell_between():
    assert all_models("nurikabe.lp", board(1, 3, {(0, 0): 1, (0, 2): 1})) == shadings([(0, 1)])


def test_out_of_reach_and_island_of_one():
    # 1 . . 2 .: (0,1) is beside the 1, (0,2) is out of every number's reach
    assert all_models("nurikabe.lp", board(1, 5, {(0, 0): 1, (0, 3): 2})) == shadings(
        [(0, 1), (0, 2)]
    )


@pytest.mark.parametrize("seed", range(30))
def test_techniques_keep_the_number_of_solutions_of_random_boards(seed):
    rng = random.Random(1000 + seed)
    rows, cols = rng.randint(2, 5), rng.randint(2, 5)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    numbers = {cell: rng.randint(1, 4) for cell in rng.sample(cells, rng.randint(1, 5))}
    facts = board(rows, cols, numbers)
    assert count_models(RULES_FILE.read_text(), facts) == count_models(without_techniques(), facts)


@pytest.mark.parametrize("name", ["pzprjs-5x5", "generated-10x10", "two-ways-2x2", "apart-2x2"])
def test_techniques_keep_the_number_of_solutions_of_the_instances(name):
    from puzzlesolve import load

    instance = REPO / "instances" / "nurikabe" / f"{name}.txt"
    facts = "\n".join(get_genre("nurikabe").facts(load("nurikabe", instance)))
    assert count_models(RULES_FILE.read_text(), facts) == count_models(without_techniques(), facts)

"""encodings/loop.lp on its own, tested once for every loop genre: a graph as inline facts,
every model."""

from __future__ import annotations

from itertools import pairwise

from conftest import all_models, grounder_messages

from .cycles import cycles

SHOW = "#show on/2."


def graph(links: list[tuple[str, str]], order: list[str]) -> str:
    """`link` facts, and `next` facts that put the nodes in the given order."""
    return (
        " ".join(f"link({a},{b})." for a, b in links)
        + " "
        + " ".join(f"next({a},{b})." for a, b in pairwise(order))
    )


def loops(*edge_lists: list[tuple[str, str]]) -> set[frozenset[str]]:
    return {frozenset(f"on({a},{b})" for a, b in edges) for edges in edge_lists}


SQUARE = [("a", "b"), ("b", "c"), ("c", "d"), ("a", "d")]
# two squares sharing the side b-c: a b e / d c f
DOMINO = [("a", "b"), ("a", "d"), ("b", "c"), ("c", "d"), ("b", "e"), ("e", "f"), ("c", "f")]
# two triangles apart: no edge joins them
APART = [("a", "b"), ("b", "c"), ("a", "c"), ("d", "e"), ("e", "f"), ("d", "f")]


def test_a_square_has_one_loop_around_it():
    assert all_models("loop.lp", graph(SQUARE, list("abcd")), SHOW) == loops(SQUARE)


def test_two_squares_give_each_square_and_the_ring_around_both():
    assert all_models("loop.lp", graph(DOMINO, list("abcdef")), SHOW) == loops(
        [("a", "b"), ("a", "d"), ("b", "c"), ("c", "d")],
        [("b", "c"), ("b", "e"), ("e", "f"), ("c", "f")],
        [("a", "b"), ("a", "d"), ("c", "d"), ("b", "e"), ("e", "f"), ("c", "f")],
    )


def test_rule_2_two_triangles_apart_are_two_loops_not_one():
    assert all_models("loop.lp", graph(APART, list("abcdef")), SHOW) == loops(
        [("a", "b"), ("b", "c"), ("a", "c")], [("d", "e"), ("e", "f"), ("d", "f")]
    )


def test_rule_2_the_loop_exists():
    assert all_models("loop.lp", graph([("a", "b")], list("ab")), SHOW) == set()


def test_rule_1_no_dead_end():
    pins = ":- not on(a,b). :- on(b,c)."  # a path a-b-c-d can only end somewhere
    assert all_models("loop.lp", graph(SQUARE, list("abcd")), SHOW + pins) == set()


def test_rule_1_no_branch():
    # a node of degree 3 (b joins a, c and e): forced on, no loop remains
    links = [*SQUARE, ("b", "e"), ("e", "f"), ("d", "f")]
    pins = ":- not on(a,b). :- not on(b,c). :- not on(b,e)."
    assert all_models("loop.lp", graph(links, list("abcdef")), SHOW + pins) == set()


def test_the_first_node_does_not_depend_on_the_order_given():
    reverse = all_models("loop.lp", graph(DOMINO, list("fedcba")), SHOW)
    assert reverse == all_models("loop.lp", graph(DOMINO, list("abcdef")), SHOW)


def test_it_grounds_without_warnings():
    assert grounder_messages("loop.lp", graph(DOMINO, list("abcdef"))) == []


# --- every model, against an independent reading of the rules ---------------------------------

# K5: node a comes first in every link it has, with four of them
K5 = [(a, b) for i, a in enumerate("abcde") for b in "abcde"[i + 1 :]]
# two triangles, and x between them in the order, joined by one link only (never used)
TRIANGLES_AND_X = [("a", "b"), ("b", "c"), ("a", "c"), ("d", "e"), ("e", "f"), ("d", "f"),
                   ("a", "x")]  # fmt: skip


def as_models(found) -> set[frozenset[str]]:
    return {frozenset(f"on({a},{b})" for a, b in loop) for loop in found}


def test_every_model_of_k5_is_one_of_its_cycles():
    assert all_models("loop.lp", graph(K5, list("abcde")), SHOW) == as_models(cycles(K5))


def test_rule_2_the_first_node_is_found_past_unused_nodes():
    order = ["a", "b", "c", "x", "d", "e", "f"]
    assert all_models("loop.lp", graph(TRIANGLES_AND_X, order), SHOW) == as_models(
        cycles(TRIANGLES_AND_X)
    )

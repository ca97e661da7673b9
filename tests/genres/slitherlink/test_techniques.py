"""encodings/slitherlink.techniques.lp: every conclusion follows from the rules (on small
boards, with nothing known and with parts of the solution known)."""

from __future__ import annotations

import random

import pytest
from conftest import REPO

from puzzlesolve import load, solve
from puzzlesolve.registry import get_genre

from ..loop.forward import implied, known_states, run_techniques

GENRE = get_genre("slitherlink")
BOARDS = ["tatham-5x5", "two-ways-2x2", "four-1x1"]


def term(edge) -> str:
    (y1, x1), (y2, x2) = edge
    return f"e({y1},{x1},{y2},{x2})"


def all_edges(board) -> list[str]:
    from puzzlesolve.genres.slitherlink import edges

    return [term(edge) for edge in edges(board)]


def pin(site: str, value: str) -> str:
    atom = "edge(" + site[2:-1] + ")"
    return f":- not {atom}." if value == "on" else f":- {atom}."


def negate(site: str, value: str) -> str:
    return pin(site, "off" if value == "on" else "on")


@pytest.mark.parametrize("name", BOARDS)
def test_every_conclusion_is_implied_by_the_rules(name):
    board = load("slitherlink", REPO / "instances" / "slitherlink" / f"{name}.txt")
    facts = "".join(GENRE.facts(board))
    first = solve("slitherlink", board, models=1).solutions[0]
    loop = {term(edge) for edge in first}
    solution = {site: "on" if site in loop else "off" for site in all_edges(board)}
    decided = 0
    for known in known_states(random.Random(7), solution, 4):
        shown = run_techniques("slitherlink.techniques.lp", facts, known)
        pins = "".join(pin(site, value) for site, value in known.items())
        assert not [atom for atom in shown if atom.startswith("contradiction(")]
        for atom in sorted(a for a in shown if a.startswith("decide(")):
            _technique, rest = atom[len("decide(") : -1].split(",", 1)
            site, value = rest.rsplit(",", 1)
            assert implied("slitherlink.lp", facts, pins + negate(site, value)), (known, atom)
            decided += 1
    assert decided > 0


def test_the_techniques_of_the_5x5_example_with_nothing_known():
    board = load("slitherlink", REPO / "instances" / "slitherlink" / "tatham-5x5.txt")
    shown = run_techniques("slitherlink.techniques.lp", "".join(GENRE.facts(board)), {})
    assert sorted(
        a for a in shown if a.startswith("decide(") and "zero" not in a and "count" not in a
    ) == [
        "decide(two_threes,e(1,4,1,5),on)",
        "decide(two_threes,e(2,4,2,5),on)",
        "decide(two_threes,e(3,4,3,5),on)",
    ]


def test_no_small_loop_keeps_a_chain_open_while_a_line_lies_outside_it():
    # an open 3x3 board: three sides of the middle cell known on, and the right edge p1.4-p2.4
    board = GENRE.parse(". . .\n. . .\n. . .\n", "b.txt")
    facts = "".join(GENRE.facts(board))
    known = {"e(1,1,1,2)": "on", "e(1,2,2,2)": "on", "e(2,1,2,2)": "on", "e(0,3,1,3)": "on"}
    shown = run_techniques("slitherlink.techniques.lp", facts, known)
    assert [a for a in shown if a.startswith("decide(no_small_loop")] == [
        "decide(no_small_loop,e(1,1,2,1),off)"
    ]
    pins = "".join(pin(site, value) for site, value in known.items())
    assert implied("slitherlink.lp", facts, pins + pin("e(1,1,2,1)", "on"))


def test_a_line_goes_on_along_its_only_free_edge():
    board = GENRE.parse(". .\n. .\n", "b.txt")
    facts = "".join(GENRE.facts(board))
    # p1.1 is a corner: its line along the top goes on down the left side
    shown = run_techniques("slitherlink.techniques.lp", facts, {"e(0,0,0,1)": "on"})
    assert "decide(loop_end,e(0,0,1,0),on)" in shown

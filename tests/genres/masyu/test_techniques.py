"""encodings/masyu.techniques.lp: every conclusion follows from the rules (on small boards,
with nothing known and with parts of the solution known)."""

from __future__ import annotations

import random

import pytest
from conftest import REPO

from puzzlesolve import load, solve
from puzzlesolve.genres.masyu import segments
from puzzlesolve.registry import get_genre

from ..loop.forward import implied, known_states, run_techniques

GENRE = get_genre("masyu")
BOARDS = ["tatham-6x6", "two-ways-3x3"]


def term(pair) -> str:
    (r1, c1), (r2, c2) = pair
    return f"s({r1},{c1},{r2},{c2})"


def pin(site: str, value: str) -> str:
    atom = "segment(" + site[2:-1] + ")"
    return f":- not {atom}." if value == "on" else f":- {atom}."


def negate(site: str, value: str) -> str:
    return pin(site, "off" if value == "on" else "on")


@pytest.mark.parametrize("name", BOARDS)
def test_every_conclusion_is_implied_by_the_rules(name):
    board = load("masyu", REPO / "instances" / "masyu" / f"{name}.txt")
    facts = "".join(GENRE.facts(board))
    loop = {term(pair) for pair in solve("masyu", board, models=1).solutions[0]}
    solution = {term(p): "on" if term(p) in loop else "off" for p in segments(board)}
    decided = 0
    for known in known_states(random.Random(11), solution, 4):
        shown = run_techniques("masyu.techniques.lp", facts, known)
        pins = "".join(pin(site, value) for site, value in known.items())
        assert not [atom for atom in shown if atom.startswith("contradiction(")]
        for atom in sorted(a for a in shown if a.startswith("decide(")):
            site, value = atom[len("decide(") : -1].split(",", 1)[1].rsplit(",", 1)
            assert implied("masyu.lp", facts, pins + negate(site, value)), (known, atom)
            decided += 1
    assert decided > 0


def decisions(text: str, known: dict[str, str] | None = None) -> list[str]:
    board = GENRE.parse(text, "b.txt")
    shown = run_techniques("masyu.techniques.lp", "".join(GENRE.facts(board)), known or {})
    return sorted(a for a in shown if a.startswith("decide("))


def test_a_black_pearl_on_the_top_edge_goes_down_two_segments():
    assert decisions("B . .\n. . .\n. . .\n. . .\n") == [
        "decide(black_edge,s(0,0,0,1),on)",
        "decide(black_edge,s(0,0,1,0),on)",
        "decide(black_edge,s(0,1,0,2),on)",
        "decide(black_edge,s(1,0,2,0),on)",
    ]


def test_two_blacks_side_by_side_leave_away_from_each_other():
    found = decisions(". . . . . .\n. . . . . .\n. . B B . .\n. . . . . .\n. . . . . .\n")
    assert [a for a in found if "beside_black" in a] == [
        "decide(beside_black,s(2,0,2,1),on)",
        "decide(beside_black,s(2,1,2,2),on)",
        "decide(beside_black,s(2,3,2,4),on)",
        "decide(beside_black,s(2,4,2,5),on)",
    ]


def test_three_whites_in_a_row_are_crossed():
    found = decisions(". . . . .\n. W W W .\n. . . . .\n")
    assert [a for a in found if "three_whites" in a] == sorted(
        f"decide(three_whites,s({r},{c},{r + 1},{c}),on)" for c in (1, 2, 3) for r in (0, 1)
    )


def test_a_white_on_the_edge_runs_along_it():
    assert decisions(". W .\n. . .\n. . .\n") == [
        "decide(white_edge,s(0,0,0,1),on)",
        "decide(white_edge,s(0,1,0,2),on)",
    ]


def decided_by(technique: str, text: str, known: dict[str, str]) -> list[str]:
    """The technique's decisions on the board with the known segments, each proven implied
    by the rules."""
    board = GENRE.parse(text, "b.txt")
    facts = "".join(GENRE.facts(board))
    shown = run_techniques("masyu.techniques.lp", facts, known)
    found = sorted(a for a in shown if a.startswith(f"decide({technique},"))
    pins = "".join(pin(site, value) for site, value in known.items())
    for atom in found:
        site, value = atom[len("decide(") : -1].split(",", 1)[1].rsplit(",", 1)
        assert implied("masyu.lp", facts, pins + negate(site, value)), atom
    return found


def test_a_white_with_a_segment_off_is_crossed_the_other_way():
    found = decided_by("white_crossed", ". . .\n. W .\n. . .\n", {"s(1,0,1,1)": "off"})
    assert found == [
        "decide(white_crossed,s(0,1,1,1),on)",
        "decide(white_crossed,s(1,1,1,2),off)",
        "decide(white_crossed,s(1,1,2,1),on)",
    ]


def test_a_black_turns_and_leaves_the_other_way_where_its_leg_is_blocked():
    board = ". . . . .\n. . . . .\n. . B . .\n. . . . .\n. . . . .\n"
    # a line into it from above: it does not go on down
    assert decided_by("black_blocked", board, {"s(1,2,2,2)": "on"}) == [
        "decide(black_blocked,s(2,2,3,2),off)"
    ]
    # its right neighbour has a line across (up from r3c4): it leaves left, two segments
    assert decided_by("black_blocked", board, {"s(1,3,2,3)": "on"}) == [
        "decide(black_blocked,s(2,0,2,1),on)",
        "decide(black_blocked,s(2,1,2,2),on)",
    ]


def test_the_loop_through_a_white_turns_on_the_side_where_it_does_not_go_straight_on():
    known = {"s(2,1,2,2)": "on", "s(2,2,2,3)": "on", "s(2,3,2,4)": "on"}
    board = ". . . . .\n. . . . .\n. . W . .\n. . . . .\n. . . . .\n"
    assert decided_by("white_turns", board, known) == ["decide(white_turns,s(2,0,2,1),off)"]


def test_a_white_is_not_run_along_a_row_where_neither_neighbour_can_turn():
    board = ". . . . .\n. . . . .\n. . W . .\n. . . . .\n. . . . .\n"
    known = {"s(1,1,2,1)": "off", "s(2,1,3,1)": "off", "s(1,3,2,3)": "off", "s(2,3,3,3)": "off"}
    assert decided_by("white_turns", board, known) == [
        "decide(white_turns,s(1,2,2,2),on)",
        "decide(white_turns,s(2,2,3,2),on)",
    ]


def test_a_white_beside_a_white_turns_on_its_far_side():
    # the loop runs along the row through r3c3; r3c4 is white, so straight: beyond r3c2 it turns
    board = ". . . . . .\n. . . . . .\n. . W W . .\n. . . . . .\n. . . . . .\n"
    assert decided_by("white_turns", board, {"s(2,1,2,2)": "on"}) == [
        "decide(white_turns,s(2,0,2,1),off)"
    ]

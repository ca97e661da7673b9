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


def decided_by(technique: str, text: str, known: dict[str, str]) -> list[str]:
    """The technique's decisions on the board with the known edges, each proven implied by
    the rules."""
    board = GENRE.parse(text, "b.txt")
    facts = "".join(GENRE.facts(board))
    shown = run_techniques("slitherlink.techniques.lp", facts, known)
    found = sorted(a for a in shown if a.startswith(f"decide({technique},"))
    pins = "".join(pin(site, value) for site, value in known.items())
    for atom in found:
        site, value = atom[len("decide(") : -1].split(",", 1)[1].rsplit(",", 1)
        assert implied("slitherlink.lp", facts, pins + negate(site, value)), atom
    return found


def test_a_loop_is_not_closed_while_a_number_is_short_of_lines():
    # three sides of r1c1 drawn: its fourth would close the loop with the 1 still empty
    known = {"e(0,0,0,1)": "on", "e(0,0,1,0)": "on", "e(0,1,1,1)": "on"}
    assert decided_by("early_loop", ". .\n. 1\n", known) == ["decide(early_loop,e(1,0,1,1),off)"]


def test_a_3_with_a_line_into_its_corner_uses_its_far_sides():
    found = decided_by("into_corner", ". . .\n. 3 .\n. . .\n", {"e(0,1,1,1)": "on"})
    assert found == ["decide(into_corner,e(1,2,2,2),on)", "decide(into_corner,e(2,1,2,2),on)"]
    # a 2 with its top side off: the line into p1.1 may take its left side or none of the two
    known = {"e(0,1,1,1)": "on", "e(1,1,1,2)": "off"}
    assert decided_by("into_corner", ". . .\n. 2 .\n. . .\n", known) == []


def test_a_closed_corner_leaves_a_1_s_sides_off_and_fills_a_3_s():
    known = {"e(0,1,1,1)": "off", "e(1,0,1,1)": "off"}
    assert decided_by("closed_corner", ". . .\n. 1 .\n. . .\n", known) == [
        "decide(closed_corner,e(1,1,1,2),off)",
        "decide(closed_corner,e(1,1,2,1),off)",
    ]
    assert decided_by("closed_corner", ". . .\n. 3 .\n. . .\n", known) == [
        "decide(closed_corner,e(1,1,1,2),on)",
        "decide(closed_corner,e(1,1,2,1),on)",
    ]


def test_a_line_through_a_corner_empties_a_1_s_far_sides_and_leaves_a_2_s_far_corner():
    known = {"e(0,1,1,1)": "on", "e(1,0,1,1)": "off"}
    assert decided_by("through_corner", ". . .\n. 1 .\n. . .\n", known) == [
        "decide(through_corner,e(1,2,2,2),off)",
        "decide(through_corner,e(2,1,2,2),off)",
    ]
    # the 2's far corner p2.2 sends one line out: not right, so down
    known |= {"e(2,2,2,3)": "off"}
    assert decided_by("through_corner", ". . .\n. 2 .\n. . .\n", known) == [
        "decide(through_corner,e(2,2,3,2),on)"
    ]


def test_inside_and_outside_decide_an_edge_between_cells_whose_sides_are_known():
    # r1c1's left side is a line: r1c1 is inside, so its top (against the outside) is one
    # too; r2c1 below it across an off edge is inside as well, so its left side is a line;
    # r1c2 and r2c2 share an off edge but neither's side is known
    known = {"e(0,0,1,0)": "on", "e(1,1,1,2)": "off", "e(1,0,1,1)": "off"}
    assert decided_by("inside_outside", ". . .\n. . .\n. . .\n", known) == [
        "decide(inside_outside,e(0,0,0,1),on)",
        "decide(inside_outside,e(1,0,2,0),on)",
    ]


def test_inside_and_outside_rests_on_the_sides_of_the_cells_beside_the_edge():
    # the rim edges known far away (r3c3's right and bottom) are not cited: beyond the board
    # touches every rim edge, but only r1c1's sides tell its side of the loop
    known = {"e(0,0,1,0)": "on", "e(1,0,1,1)": "off", "e(2,3,3,3)": "off", "e(3,2,3,3)": "off"}
    board = GENRE.parse(". . .\n. . .\n. . .\n", "b.txt")
    shown = run_techniques("slitherlink.techniques.lp", "".join(GENRE.facts(board)), known)
    rests = sorted(a for a in shown if a.startswith("rests(inside_outside,e(0,0,0,1),"))
    assert rests == [
        "rests(inside_outside,e(0,0,0,1),on,e(0,0,1,0))",
        "rests(inside_outside,e(0,0,0,1),on,e(1,0,1,1))",
    ]


def test_inside_and_outside_holds_parity_along_a_row():
    # r1c1's left side and r1c4's left side are lines, the sides between them off: r1c1-r1c3
    # are inside, r1c4 outside, so r1c4's right side is off (two lines cross the row, an even
    # count), and every top and bottom side follows its cell
    known = {"e(0,0,1,0)": "on", "e(0,1,1,1)": "off", "e(0,2,1,2)": "off", "e(0,3,1,3)": "on"}
    inside = [
        f"decide(inside_outside,e({y},{x},{y},{x + 1}),on)" for y in (0, 1) for x in (0, 1, 2)
    ]
    outside = [f"decide(inside_outside,e({y},3,{y},4),off)" for y in (0, 1)]
    found = decided_by("inside_outside", ". . . .\n", known)
    assert found == sorted([*inside, *outside, "decide(inside_outside,e(0,4,1,4),off)"])

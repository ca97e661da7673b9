"""encodings/yajilin.techniques.lp: every conclusion follows from the rules (with nothing
known and with parts of the solution known), and each technique is seen at work."""

from __future__ import annotations

import random

import pytest
from conftest import REPO

from puzzlesolve import load, solve
from puzzlesolve.genres.yajilin.explain import segments
from puzzlesolve.registry import get_genre

from ..loop.forward import implied, known_states, run_techniques

GENRE = get_genre("yajilin")


def solution_sites(board) -> dict[str, str]:
    """Every site of the solution as the techniques file names it, with its value."""
    solved = solve(GENRE, board, models=1).solutions[0]
    loop = {(*a, *b) for a, b in solved.loop}
    sites = {f"s({r},{c},{r2},{c2})": "on" if (r, c, r2, c2) in loop else "off"
             for r, c, r2, c2 in segments(board)}  # fmt: skip
    sites |= {f"c({r},{c})": "shaded" if (r, c) in solved.shaded else "unshaded"
              for r, c in board.empty()}  # fmt: skip
    return sites


def pin(site: str, value: str) -> str:
    """A constraint that the site holds `value`, in yajilin.lp's atoms."""
    inside = site[2:-1]
    atom = f"segment({inside})" if site.startswith("s(") else f"shaded({inside})"
    holds = value in ("on", "shaded")
    return f":- not {atom}." if holds else f":- {atom}."


OTHER = {"on": "off", "off": "on", "shaded": "unshaded", "unshaded": "shaded"}


@pytest.mark.parametrize("name", ["pzprjs-5x5", "janko-001-7x7"])
def test_every_conclusion_is_implied_by_the_rules(name):
    board = load(GENRE, REPO / "instances" / "yajilin" / f"{name}.txt")
    facts = "".join(GENRE.facts(board))
    solution = solution_sites(board)
    used = set()
    for known in known_states(random.Random(5), solution, 4):
        shown = run_techniques("yajilin.techniques.lp", facts, known)
        pins = "".join(pin(site, value) for site, value in known.items())
        assert not [atom for atom in shown if atom.startswith("contradiction(")], known
        for atom in sorted(a for a in shown if a.startswith("decide(")):
            technique, rest = atom[len("decide(") : -1].split(",", 1)
            site, value = rest.rsplit(",", 1)
            assert implied("yajilin.lp", facts, pins + pin(site, OTHER[value])), (known, atom)
            used.add(technique)
    assert {"count_met", "two_ways", "bookkeeping", "never_touch"} <= used


def test_count_needs_every_place():
    board = GENRE.parse(". . .\n. 1< .\n. . .\n", "x")
    shown = run_techniques("yajilin.techniques.lp", "".join(GENRE.facts(board)), {})
    assert "decide(count_needs_all,c(1,0),shaded)" in shown


def test_no_way_through_and_never_touch():
    # 2x3: r1c1 with r1c1-r1c2 no line has one way out left: it is shaded, r2c1 is not
    board = GENRE.parse(". . .\n. . .\n", "x")
    facts = "".join(GENRE.facts(board))
    shown = run_techniques("yajilin.techniques.lp", facts, {"s(0,0,0,1)": "off"})
    assert "decide(no_way_through,c(0,0),shaded)" in shown
    shown = run_techniques("yajilin.techniques.lp", facts, {"c(0,0)": "shaded"})
    assert {"decide(never_touch,c(0,1),unshaded)", "decide(never_touch,c(1,0),unshaded)"} <= shown


def test_no_early_loop_keeps_a_segment_off():
    # 2x3: the left 2x2 ring lacks one segment, and r1c3 is unshaded: closing it is wrong
    board = GENRE.parse(". . .\n. . .\n", "x")
    known = {"s(0,0,0,1)": "on", "s(0,0,1,0)": "on", "s(1,0,1,1)": "on", "c(0,2)": "unshaded"}
    shown = run_techniques("yajilin.techniques.lp", "".join(GENRE.facts(board)), known)
    assert "decide(no_early_loop,s(0,1,1,1),off)" in shown

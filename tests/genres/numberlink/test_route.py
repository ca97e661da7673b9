"""Numberlink's route program (puzzlesolve/genres/numberlink/route.lp) and the stages built on
it: lines confined to corridors around their shortest routes, for the Nikoli rules. The
program is speed only: what it finds is a solution of the rules, which settle it; its own
models are pinned here on tiny boards, its stages' order and limits through Python, and a
small contest-like board through the command line.
"""

from __future__ import annotations

import dataclasses
import random

import clingo
import pytest
from click.testing import CliRunner
from conftest import REPO
from test_solver import stalled_plain_steps

from genres.numberlink.test_search import board_facts, models, puzzle_of, random_board
from puzzlesolve import load, solve
from puzzlesolve.cli import main
from puzzlesolve.genre import Finder, Limited
from puzzlesolve.genres.numberlink import search as numberlink_search
from puzzlesolve.genres.numberlink.search import COVER, NIKOLI, ROUTE, route, route_facts
from puzzlesolve.lanes import Outcome
from puzzlesolve.program import encoding_path
from puzzlesolve.registry import get_genre
from puzzlesolve.staged import staged_steps

INSTANCES = REPO / "instances" / "numberlink"

# 2 goes round column 3: its shortest route, through (1,1), is the only way of 1
#   . 2 . .
#   1 . 1 .
#   . 2 . .
AROUND = {(1, 0): 1, (1, 2): 1, (0, 1): 2, (2, 1): 2}
AROUND_SOLUTION = frozenset(
    {
        "link(1,0,1,1)", "link(1,1,1,2)",
        "link(0,1,0,2)", "link(0,2,0,3)", "link(0,3,1,3)", "link(1,3,2,3)",
        "link(2,2,2,3)", "link(2,1,2,2)",
    }
)  # fmt: skip


def route_models(rows: int, cols: int, endpoints: dict, slack: int = 0, stretch: int = 0):
    """Every model of route.lp on a board, with the facts Python computes for it."""
    text = board_facts(rows, cols, endpoints)
    extra = route_facts(text, {"slack": slack, "stretch": stretch})
    return models(ROUTE, text + "\n" + extra, slack=slack, stretch=stretch)


def rules_models(rows: int, cols: int, endpoints: dict) -> set[frozenset[str]]:
    """Every solution of the rules file under the Nikoli rules (link/4 only)."""
    return models(encoding_path("numberlink.lp"), board_facts(rows, cols, endpoints))


# --- the facts Python computes -------------------------------------------------------------


def test_route_facts_give_shortest_routes_around_other_endpoints_and_each_cell_s_detour():
    # each label's shortest route runs through (1,1), 2 segments; the other label's
    # endpoints are in the way of every other route: 1 goes round by row 0 or 2, 2 by
    # column 0 (through its own endpoint and back) or column 3
    text = board_facts(3, 4, AROUND)
    facts = set(route_facts(text, {"slack": 4}).split("\n"))
    one = {(0, 0): 2, (0, 2): 2, (0, 3): 4, (1, 0): 0, (1, 1): 0, (1, 2): 0, (1, 3): 2}
    one |= {(2, 0): 2, (2, 2): 2, (2, 3): 4}
    two = {(0, 0): 2, (0, 1): 0, (0, 2): 2, (0, 3): 4, (1, 1): 0, (1, 3): 4}
    two |= {(2, 0): 2, (2, 1): 0, (2, 2): 2, (2, 3): 4}
    assert facts == {"shortest(1,2).", "shortest(2,2)."} | {
        f"detour({r},{c},{label},{extra})."
        for label, cells in ((1, one), (2, two))
        for (r, c), extra in cells.items()
    }


def test_route_facts_leave_out_cells_beyond_every_corridor():
    text = board_facts(3, 4, AROUND)
    tight = route_facts(text, {"slack": 0})
    assert sorted(tight.split("\n")) == sorted(
        [
            "shortest(1,2).", "detour(1,0,1,0).", "detour(1,1,1,0).", "detour(1,2,1,0).",
            "shortest(2,2).", "detour(0,1,2,0).", "detour(1,1,2,0).", "detour(2,1,2,0).",
        ]
    )  # fmt: skip


# --- the program's models, pinned ---------------------------------------------------------


def test_a_line_stays_in_its_corridor():
    # 2 must go round column 3, 4 cells longer than its shortest route: within slack 3 it
    # cannot, from slack 4 on it does, and that is the rules' one solution
    assert rules_models(3, 4, AROUND) == {AROUND_SOLUTION}
    assert route_models(3, 4, AROUND, slack=3) == set()
    assert route_models(3, 4, AROUND, slack=4) == {AROUND_SOLUTION}
    assert route_models(3, 4, AROUND, slack=10) == {AROUND_SOLUTION}


def test_stretch_widens_a_corridor_by_a_share_of_the_shortest_route():
    # 2's shortest route has 2 segments: 150 per cent of it is 3 cells, 200 per cent 4
    assert route_models(3, 4, AROUND, stretch=150) == set()
    assert route_models(3, 4, AROUND, stretch=200) == {AROUND_SOLUTION}
    assert route_models(3, 4, AROUND, slack=1, stretch=150) == {AROUND_SOLUTION}


def test_no_detour_past_a_blank_cell_on_opposite_sides():
    # 1 . 1 / . . .: the rules also allow the U through the bottom row, past the blank (0,1)
    ends = {(0, 0): 1, (0, 2): 1}
    straight = frozenset({"link(0,0,0,1)", "link(0,1,0,2)"})
    u_turn = frozenset({"link(0,0,1,0)", "link(1,0,1,1)", "link(1,1,1,2)", "link(0,2,1,2)"})
    assert {straight, u_turn} < rules_models(2, 3, ends)  # and two that touch themselves
    assert route_models(2, 3, ends, slack=10) == {straight}


def test_no_detour_past_a_blank_cell_around_its_corner():
    # 1 at (0,1) and (1,0) of a 3x3 board: the short ways turn at (0,0) or (1,1); the long
    # way round the edge passes the blank (1,1) around its corner without (0,0)
    ends = {(0, 1): 1, (1, 0): 1}
    short = {
        frozenset({"link(0,0,0,1)", "link(0,0,1,0)"}),
        frozenset({"link(0,1,1,1)", "link(1,0,1,1)"}),
    }
    assert short < rules_models(3, 3, ends)
    assert route_models(3, 3, ends, slack=10) == short


def test_no_line_touches_itself():
    # 1 . / . . / 1 .: the rules allow 1 down column 1 and back, touching itself at the
    # ends; straight down column 0 is the only line that does not
    ends = {(0, 0): 1, (2, 0): 1}
    assert route_models(3, 2, ends, slack=10) == {frozenset({"link(0,0,1,0)", "link(1,0,2,0)"})}


def test_no_stray_loop():
    # 1 1 in the top row of a 4x4 board: a loop of 1's cells away from its line would keep
    # every other test (each cell two neighbours of its label); it is never reached
    ends = {(0, 0): 1, (0, 1): 1}
    assert route_models(4, 4, ends, slack=10) == {frozenset({"link(0,0,0,1)"})}


@pytest.mark.parametrize("seed", range(60))
def test_the_program_finds_only_solutions_of_the_rules_and_one_when_they_have_one(seed):
    # with a corridor as wide as the board: a solution shortest in total keeps every ban
    rows, cols, endpoints = random_board(random.Random(5000 + seed))
    found = route_models(rows, cols, endpoints, slack=100)
    solutions = rules_models(rows, cols, endpoints)
    assert found <= solutions
    assert bool(found) == bool(solutions)


def test_each_label_grounds_its_corridor_alone():
    # 6x6, six straight rows: at slack 0 each inner cell may take its own row's label only
    ends = {(r, c): r + 1 for r in range(6) for c in (0, 5)}
    text = board_facts(6, 6, ends)
    ctl = clingo.Control(["--const=slack=0"])
    ctl.load(ROUTE)
    ctl.add("base", [], text + "\n" + route_facts(text, {"slack": 0}))
    ctl.ground([("base", [])])
    chosen = [a for a in ctl.symbolic_atoms.by_signature("on", 3) if not a.is_fact]
    assert len(chosen) == 6 * 4


# --- the stages ---------------------------------------------------------------------------


def test_the_stages_for_each_set_of_rules():
    stages = numberlink_search.stages
    assert stages(frozenset({"fill"})) == (COVER,)
    assert stages(frozenset({"fill", "no_self_touch"})) == ()
    assert stages(frozenset()) == NIKOLI
    assert stages(frozenset({"no_self_touch"})) == NIKOLI
    assert NIKOLI == (
        COVER,
        route(0, conflicts=100_000),
        Limited("stage(untouched)", 15_000),
        route(0, stretch=50, conflicts=200_000, configuration="crafty"),
        route(6, conflicts=200_000),
        route(10, conflicts=300_000),
        "stage(untouched)",
    )
    assert dict(NIKOLI[4].constants) == {"slack": 6, "stretch": 0}
    assert NIKOLI[4].options == ("--configuration=trendy",)


def test_a_stage_that_gives_up_hands_on_to_the_next():
    # each stage is one call with its own limit of conflicts; stopped at it (or with no
    # solution) the next stage runs
    first, second = route(0, conflicts=5), route(6)
    steps = staged_steps(get_genre("numberlink"), (first, Limited("stage(untouched)", 7), second))
    step = next(steps)
    assert (step.finder, step.conflicts, step.models) == (first, 5, 1)
    step = steps.send(Outcome([], exhausted=False, limited=True))
    assert (step.externals, step.conflicts, step.finder) == (("stage(untouched)",), 7, None)
    step = steps.send(Outcome([], exhausted=False, limited=True))
    assert (step.finder, step.conflicts) == (second, None)


def test_a_stuck_stage_gives_up_and_the_next_finds_the_solution(tmp_path, monkeypatch):
    # a stage that can never end (12 pigeons in 11 holes) stops at its 50 conflicts; the
    # route stage after it finds the solution, which the rules settle (the plain search
    # stalled, so only the staged search can)
    stuck = tmp_path / "stuck.lp"
    stuck.write_text(
        "{ hole(P,H) : H = 1..11 } = 1 :- P = 1..12.\n:- hole(P,H), hole(Q,H), P < Q.\n"
    )
    genre = get_genre("numberlink")
    staged = dataclasses.replace(
        genre, stages=lambda _switches: (Finder(str(stuck), conflicts=50), route(4))
    )
    puzzle = puzzle_of(3, 4, AROUND)
    reference = solve("numberlink", puzzle, encoding=encoding_path("numberlink.lp"))
    monkeypatch.setattr("puzzlesolve.staged.FIRST_SLICE_SECONDS", 1e-4)
    monkeypatch.setattr("puzzlesolve.staged.plain_steps", stalled_plain_steps)
    for cores in (1, 2):
        result = solve(staged, puzzle, cores=cores, timeout=60)
        assert (result.status, result.count, result.exhausted) == ("unique", 1, True)
        assert result.solutions == reference.solutions
        assert result.stats["finder_rules"] > 0  # the route stage's


@pytest.mark.parametrize("switches", [(), ("no_self_touch",)])
@pytest.mark.parametrize("cores", [1, 2])
def test_the_nikoli_stages_count_as_the_rules_do(cores, switches, monkeypatch):
    # on the bundled instances and the board above, every stage in turn: same counts
    monkeypatch.setattr("puzzlesolve.staged.FIRST_SLICE_SECONDS", 1e-4)
    for puzzle in [puzzle_of(3, 4, AROUND)] + [
        load("numberlink", INSTANCES / f"{name}.txt")
        for name in ("copris-5x5", "self-touch-4x5", "two-ways-3x3")
    ]:
        staged = solve("numberlink", puzzle, models=0, cores=cores, switches=list(switches))
        plain = solve(
            "numberlink", puzzle, models=0, encoding=encoding_path("numberlink.lp"),
            switches=list(switches),
        )  # fmt: skip
        assert (staged.status, staged.count) == (plain.status, plain.count)


# --- the command line ---------------------------------------------------------------------


def test_a_contest_like_board_with_blank_cells(tmp_path):
    # Nikoli rules, blanks allowed: 2 goes round, 1 straight through the middle, and the
    # rules prove it unique
    board = tmp_path / "around.txt"
    board.write_text(". 2 . .\n1 . 1 .\n. 2 . .\n")
    r = CliRunner().invoke(main, ["numberlink", str(board)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[:3] == ["- 2 2 2", "1 1 1 2", "- 2 2 2"]
    assert r.stdout.splitlines()[3].startswith("% unique")

"""The search in phases (solver._search_with_hint) keeps counts and proofs exact.

The fixture skips every plain phase until the hint search has found its solution, so the
first solutions come from a phase steered by the hint, on small boards whose counts are
known from a plain search.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzlesolve import load, solve
from puzzlesolve import solver
from puzzlesolve.solver import encoding_path

BOARD = Path(__file__).resolve().parent.parent / "instances" / "numberlink" / "self-touch-4x5.txt"


@pytest.fixture
def phases_forced(monkeypatch):
    """Let plain phases find nothing until there is a hint; record every hint found."""
    hints: list[str] = []
    real_hint_run, real_run = solver._HintSearch.run, solver._Search.run

    def hint_run(self, deadline, budget):
        found = real_hint_run(self, deadline, budget)
        if found:
            hints.append(self.steering)
        return found

    def run(self, deadline, budget=None):
        if budget is not None and not hints:
            return False  # as if the phase's time ran out before a solution
        return real_run(self, deadline, budget)

    monkeypatch.setattr(solver._HintSearch, "run", hint_run)
    monkeypatch.setattr(solver._Search, "run", run)
    return hints


def plain_count() -> int:
    # an explicit rules file turns hints off: the reference count of a single plain search
    result = solve("numberlink", load("numberlink", BOARD), models=0,
                   encoding=encoding_path("numberlink.lp"))
    assert result.exhausted
    return result.count


def test_phases_enumerate_every_solution_once(phases_forced):
    result = solve("numberlink", load("numberlink", BOARD), models=0)
    assert phases_forced and phases_forced[0].startswith("#external hint_on.")
    assert (result.status, result.count, result.exhausted) == ("multiple", 72, True)
    assert result.count == plain_count()
    distinct = {tuple(sorted((k, tuple(p)) for k, p in s.items())) for s in result.solutions}
    assert len(distinct) == 72


def test_phases_count_without_keeping_models(phases_forced):
    result = solve("numberlink", load("numberlink", BOARD), models=0, keep_solutions=False)
    assert (result.count, result.exhausted, result.solutions) == (72, True, [])


def test_phases_stop_at_the_second_solution(phases_forced):
    result = solve("numberlink", load("numberlink", BOARD))
    assert (result.status, result.count, len(result.solutions)) == ("multiple", 2, 2)


def test_phases_prove_a_unique_puzzle(phases_forced):
    board = BOARD.with_name("copris-5x5.txt")
    result = solve("numberlink", load("numberlink", board))
    assert (result.status, result.count, result.exhausted) == ("unique", 1, True)


def test_phases_under_fill_keep_the_count(phases_forced):
    # the hint search adds no-self-touch to the user's --fill: its one solution here
    # steers a search that must still find all 8 covering solutions
    result = solve("numberlink", load("numberlink", BOARD), models=0, switches=["fill"])
    assert phases_forced
    assert (result.status, result.count, result.exhausted) == ("multiple", 8, True)

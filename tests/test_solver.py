"""The search in phases (solver._search_with_hint) keeps counts and proofs exact.

The phases only start when the first, plain phase runs out of time; a tiny first budget
forces them on a small board whose 72 Nikoli solutions are known from a plain search.
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
    """Cut the plain phase short and record every hint the solver computes."""
    hints: list[str] = []
    real_hint = solver._hint

    def recording_hint(*args):
        hints.append(real_hint(*args))
        return hints[-1]

    monkeypatch.setattr(solver, "PLAIN_SECONDS", 1e-6)
    monkeypatch.setattr(solver, "_hint", recording_hint)
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

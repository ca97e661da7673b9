"""The steered search (solver._search_with_hint) keeps counts and proofs exact.

The fixture lets the plain search find nothing and never end, so that the search steered
by a hint decides, on small boards whose counts are known from a plain search.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from puzzlesolve import load, solve, solver
from puzzlesolve.solver import encoding_path

BOARD = Path(__file__).resolve().parent.parent / "instances" / "numberlink" / "self-touch-4x5.txt"


@pytest.fixture(scope="module")
def plain_count() -> int:
    # an explicit rules file turns hints off: the reference count of a plain search alone
    result = solve("numberlink", load("numberlink", BOARD), models=0,
                   encoding=encoding_path("numberlink.lp"))
    assert result.exhausted
    return result.count


@pytest.fixture
def steered_decides(monkeypatch) -> list[bool]:
    """Make the plain search fruitless; record whether the steered search ended by itself."""
    decided: list[bool] = []

    def fruitless_run(self, deadline, budget=None, interrupt=None):
        if interrupt is None:
            return False  # the first plain phase, as if its time ran out
        give_up = time.perf_counter() + 20
        while not interrupt() and time.perf_counter() < give_up:
            time.sleep(solver.POLL_SECONDS)
        decided.append(interrupt())
        return False

    monkeypatch.setattr(solver._Search, "run", fruitless_run)
    return decided


def test_steered_search_enumerates_every_solution_once(steered_decides, plain_count):
    # asked for more than there are, it must exhaust the search space
    result = solve("numberlink", load("numberlink", BOARD), models=100)
    assert steered_decides == [True]
    assert (result.status, result.count, result.exhausted) == ("multiple", 72, True)
    assert result.count == plain_count
    distinct = {tuple(sorted((k, tuple(p)) for k, p in s.items())) for s in result.solutions}
    assert len(distinct) == 72


def test_steered_search_stops_at_the_second_solution(steered_decides):
    result = solve("numberlink", load("numberlink", BOARD))
    assert steered_decides == [True]
    assert (result.status, result.count, len(result.solutions)) == ("multiple", 2, 2)


def test_steered_search_proves_a_unique_puzzle(steered_decides):
    result = solve("numberlink", load("numberlink", BOARD.with_name("copris-5x5.txt")))
    assert steered_decides == [True]
    assert (result.status, result.count, result.exhausted) == ("unique", 1, True)


def test_steered_search_under_fill_keeps_the_count(steered_decides):
    # the hint adds no-self-touch to the user's --fill: its one solution steers a search
    # that must still find all 8 covering solutions
    result = solve("numberlink", load("numberlink", BOARD), models=100, switches=["fill"])
    assert steered_decides == [True]
    assert (result.status, result.count, result.exhausted) == ("multiple", 8, True)


@pytest.mark.parametrize("keep_solutions", [True, False])
def test_listing_or_counting_all_is_left_to_the_plain_search(
    monkeypatch, keep_solutions, plain_count
):
    monkeypatch.setattr(solver, "PLAIN_SECONDS", 1e-9)
    monkeypatch.setattr(solver, "_SteeredSearch", None)  # any steered search would fail
    result = solve("numberlink", load("numberlink", BOARD), models=0,
                   keep_solutions=keep_solutions)
    assert (result.count, result.exhausted) == (plain_count, True)
    assert len(result.solutions) == (plain_count if keep_solutions else 0)


def test_one_core_runs_the_plain_search_alone(monkeypatch, plain_count):
    monkeypatch.setattr(solver, "PLAIN_SECONDS", 1e-9)
    monkeypatch.setattr(solver, "_SteeredSearch", None)  # any steered search would fail
    result = solve("numberlink", load("numberlink", BOARD), models=100, cores=1)
    assert (result.status, result.count, result.exhausted) == ("multiple", plain_count, True)

"""The staged search (solver._search_in_stages) keeps counts and proofs exact.

Stages only find candidates; counts and uniqueness come from the user's rules or from a
complete stage and the searches grown from its solutions. Each test compares with the
plain search of the same board (an explicit rules file turns the stages off).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzlesolve import load, solve, solver
from puzzlesolve.solver import encoding_path

INSTANCES = Path(__file__).resolve().parent.parent / "instances" / "numberlink"
BOARD = INSTANCES / "self-touch-4x5.txt"


def plain(path: Path, models: int = 0, switches: tuple[str, ...] = ()) -> solver.Result:
    # an explicit rules file turns the stages off: the reference, the user's rules alone
    return solve(
        "numberlink",
        load("numberlink", path),
        models=models,
        switches=switches,
        encoding=encoding_path("numberlink.lp"),
    )


@pytest.fixture
def calls(monkeypatch) -> list[tuple[str, ...]]:
    """Record the externals of every solve call."""
    seen: list[tuple[str, ...]] = []
    run = solver._Search.run

    def recording_run(self, externals=(), *args, **kwargs):
        seen.append(tuple(e for e in externals if not e.startswith("kept(")))
        return run(self, externals, *args, **kwargs)

    monkeypatch.setattr(solver._Search, "run", recording_run)
    return seen


def test_a_stage_finds_the_first_solution_and_the_steered_rules_a_second(calls):
    result = solve("numberlink", load("numberlink", BOARD))
    assert (result.status, result.count, len(result.solutions)) == ("multiple", 2, 2)
    assert calls == [("stage(cover)",), ("steering",)]  # the board has a covering solution


@pytest.mark.parametrize("switches", [(), ("fill",), ("no_self_touch",)])
def test_asked_for_more_than_there_are_the_count_is_exact(switches):
    reference = plain(BOARD, switches=switches)
    result = solve("numberlink", load("numberlink", BOARD), models=100, switches=switches)
    assert (result.count, result.exhausted) == (reference.count, True)
    assert reference.count == {(): 72, ("fill",): 8, ("no_self_touch",): 7}[switches]
    assert sorted(map(str, result.solutions)) == sorted(map(str, reference.solutions))


def test_a_unique_puzzle_is_proven_unique():
    result = solve("numberlink", load("numberlink", INSTANCES / "copris-5x5.txt"))
    assert (result.status, result.count, result.exhausted) == ("unique", 1, True)


def test_the_complete_stage_and_the_grown_searches_settle_when_steering_does_not(
    monkeypatch, calls
):
    # no time for the user's rules: the stage without self-touching lines must then find
    # every such solution, and the searches grown from them all the others
    monkeypatch.setattr(solver, "STEERED_SECONDS", 0)
    monkeypatch.setattr(solver, "PLAIN_SECONDS", 0)
    result = solve("numberlink", load("numberlink", BOARD), models=100)
    assert (result.count, result.exhausted) == (72, True)
    assert calls[:4] == [
        ("stage(cover)",),
        ("steering",),
        (),
        ("stage(untouched)", "steering"),
    ]
    assert calls[4:] == [("stage(grown)",)] * 7  # one per solution without self-touching


def test_unsolvable_is_proven_by_the_complete_stage(calls):
    result = solve("numberlink", load("numberlink", INSTANCES / "crossing-2x2.txt"))
    assert (result.status, result.exhausted) == ("unsolvable", True)
    assert calls == [("stage(cover)",), ("stage(untouched)",)]


@pytest.mark.parametrize("keep_solutions", [True, False])
def test_listing_or_counting_all_is_left_to_the_plain_search(calls, keep_solutions):
    result = solve("numberlink", load("numberlink", BOARD), models=0, keep_solutions=keep_solutions)
    assert (result.count, result.exhausted) == (72, True)
    assert len(result.solutions) == (72 if keep_solutions else 0)
    assert calls == [()]


def test_one_core_runs_every_search_in_one_thread(monkeypatch):
    # batch runs one solve per core: a solve with cores=1 must keep one core busy, so
    # one ground program and one solver thread, whatever the stages do
    controls = []
    ground = solver._ground

    def recording_ground(*args, **kwargs):
        controls.append(ground(*args, **kwargs))
        return controls[-1]

    monkeypatch.setattr(solver, "_ground", recording_ground)
    result = solve("numberlink", load("numberlink", BOARD), models=100, cores=1)
    assert (result.status, result.count, result.exhausted) == ("multiple", 72, True)
    assert len(controls) == 1
    assert controls[0].configuration.solve.parallel_mode.split(",")[0] == "1"

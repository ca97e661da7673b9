"""The Numberlink search with steering, tested by what it returns: real searches, no stubs.

``solver.PLAIN_SECONDS`` (how long the plain search runs alone before a steered search
starts beside it) is set to 0 so that steering starts at once even on the small boards
whose counts are known. Which search decides is up to the machine; the results must not
depend on it.
"""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import OPEN_BOARD

from puzzlesolve import load, parse, solve, solver
from puzzlesolve.cli import main
from puzzlesolve.solver import encoding_path

INSTANCES = Path(__file__).resolve().parent.parent / "instances" / "numberlink"
BOARD = INSTANCES / "self-touch-4x5.txt"


@pytest.fixture
def steer_at_once(monkeypatch) -> None:
    monkeypatch.setattr(solver, "PLAIN_SECONDS", 0)


@pytest.fixture(scope="module")
def plain_count() -> int:
    # an explicit rules file turns steering off: the reference count of a plain search alone
    result = solve(
        "numberlink", load("numberlink", BOARD), models=0, encoding=encoding_path("numberlink.lp")
    )
    assert (result.count, result.exhausted) == (72, True)
    return result.count


def distinct(result) -> int:
    return len({tuple(sorted((k, tuple(p)) for k, p in s.items())) for s in result.solutions})


def assert_valid(puzzle, paths: dict) -> None:
    """Each label's path joins its two endpoints through side-adjacent cells, none shared."""
    seen: set = set()
    for label, path in paths.items():
        ends = {cell for cell, k in puzzle.endpoints.items() if k == label}
        assert {path[0], path[-1]} == ends
        for (r1, c1), (r2, c2) in itertools.pairwise(path):
            assert abs(r1 - r2) + abs(c1 - c2) == 1
        assert not seen & set(path) and len(set(path)) == len(path)
        seen |= set(path)


@pytest.mark.parametrize(
    "models, status, count, exhausted",
    [
        (1, "solved", 1, False),
        (2, "multiple", 2, False),
        (100, "multiple", 72, True),  # more than there are: the search space must be exhausted
    ],
)
def test_steered_counts_are_exact(steer_at_once, plain_count, models, status, count, exhausted):
    puzzle = load("numberlink", BOARD)
    result = solve("numberlink", puzzle, models=models)
    assert (result.status, result.count, result.exhausted) == (status, count, exhausted)
    assert distinct(result) == len(result.solutions) == count
    for paths in result.solutions:
        assert_valid(puzzle, paths)


def test_steered_search_proves_a_unique_puzzle(steer_at_once):
    result = solve("numberlink", load("numberlink", INSTANCES / "copris-5x5.txt"))
    assert (result.status, result.count, result.exhausted) == ("unique", 1, True)


def test_steered_search_under_fill_keeps_the_count(steer_at_once):
    # the hint adds no-self-touch to the user's --fill; all 8 covering solutions remain
    result = solve("numberlink", load("numberlink", BOARD), models=100, switches=["fill"])
    assert (result.status, result.count, result.exhausted) == ("multiple", 8, True)
    assert distinct(result) == 8


def test_a_board_without_a_hint_is_still_solved(steer_at_once):
    # 1 1 / - - under --fill: the only solution runs around the block, beside itself, so
    # there is no solution under the hint's no-self-touch rule to steer by
    result = solve("numberlink", parse("numberlink", "1 1\n- -\n"), models=100, switches=["fill"])
    assert (result.status, result.count, result.exhausted) == ("unique", 1, True)
    assert result.solutions == [{1: [(0, 0), (1, 0), (1, 1), (0, 1)]}]


def test_an_unsolvable_board_is_proven_so_while_steering(steer_at_once):
    result = solve("numberlink", load("numberlink", INSTANCES / "crossing-2x2.txt"))
    assert (result.status, result.count, result.exhausted) == ("unsolvable", 0, True)


def test_one_core_gives_the_same_counts(steer_at_once, plain_count):
    result = solve("numberlink", load("numberlink", BOARD), models=100, cores=1)
    assert (result.status, result.count, result.exhausted) == ("multiple", plain_count, True)


def within(seconds: float, limit: float) -> bool:
    """The contract's tolerance for --timeout: 10 % and 0.2 s."""
    return seconds <= limit * 1.1 + 0.2


def test_a_timeout_while_steering_ends_the_search_in_time(steer_at_once):
    # under --fill the open board has no solution (a path through all 100 cells joins cells
    # of different colours of the chessboard, the corners have the same), which the solver
    # cannot prove soon: the plain and the steered search both run until the timeout
    started = time.perf_counter()
    result = solve("numberlink", parse("numberlink", OPEN_BOARD), switches=["fill"], timeout=1.5)
    assert within(time.perf_counter() - started, 1.5)
    assert (result.status, result.count, result.exhausted) == ("timeout", 0, False)


def test_a_timeout_before_any_solution_exits_4():
    r = CliRunner().invoke(
        main,
        ["numberlink", "-", "--fill", "--timeout", "0.5", "--format", "json"],
        input=OPEN_BOARD,
    )
    assert r.exit_code == 4, r.output
    document = json.loads(r.stdout)
    assert (document["status"], document["count"], document["exhausted"]) == ("timeout", 0, False)
    assert within(document["stats"]["time_s"], 0.5)


def test_first_solution_only_is_solved_not_unique():
    r = CliRunner().invoke(
        main, ["numberlink", "-", "-n", "1", "--format", "json"], input=OPEN_BOARD
    )
    assert r.exit_code == 0, r.output
    document = json.loads(r.stdout)
    assert (document["status"], document["count"], document["exhausted"]) == ("solved", 1, False)


@pytest.mark.parametrize(
    "arguments", [["-n", "0", "--count"], ["-n", "0"], []], ids=["count-all", "list-all", "default"]
)
def test_timeout_is_honoured_on_a_search_that_needs_far_longer(tmp_path, arguments):
    board = tmp_path / "open-10x10.txt"
    board.write_text(OPEN_BOARD)
    command = [
        sys.executable,
        "-m",
        "puzzlesolve",
        "numberlink",
        str(board),
        *arguments,
        "--timeout",
        "2",
        "--format",
        "json",
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    document = json.loads(done.stdout)
    assert done.returncode == 0, done.stderr
    assert document["exhausted"] is False and document["count"] >= 1
    assert within(document["stats"]["time_s"], 2), document["stats"]

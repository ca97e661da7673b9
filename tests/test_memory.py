"""`-n 0` in constant memory: counting keeps no model, listing prints each as it is found.

The figures for millions of solutions are measured by bench/memory.py (see docs/benchmarks.md).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import OPEN_BOARD

pytestmark = pytest.mark.slow  # runs of seconds each: run in CI, skipped with -m 'not slow'

from puzzlesolve import load, solve

INSTANCES = Path(__file__).resolve().parent.parent / "instances"


def test_on_solution_gets_every_solution_and_the_result_keeps_none():
    seen = []
    result = solve(
        "hitori",
        load("hitori", INSTANCES / "hitori" / "several-3x3.txt"),
        models=0,
        on_solution=seen.append,
    )
    assert (result.status, result.count, result.exhausted) == ("multiple", 7, True)
    assert result.solutions == [] and len(seen) == 7
    assert len({tuple(s) for s in seen}) == 7


def test_counting_keeps_no_solution():
    result = solve(
        "hitori",
        load("hitori", INSTANCES / "hitori" / "several-3x3.txt"),
        models=0,
        keep_solutions=False,
    )
    assert (result.count, result.solutions) == (7, [])


@pytest.mark.parametrize(
    "output_format, start",
    [
        ("text", "% solution 1\n"),
        ("json", '{"genre": "numberlink", "rows": 10, "cols": 10, "solutions": [{"paths": {"1": '),
    ],
)
def test_listing_prints_solutions_while_the_search_goes_on(tmp_path, output_format, start):
    board = tmp_path / "open.txt"
    board.write_text(OPEN_BOARD)
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "puzzlesolve",
            "numberlink",
            str(board),
            "-n",
            "0",
            "--format",
            output_format,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    first = process.stdout.read(len(start))
    assert first == start
    assert process.poll() is None  # a search that never ends has printed already
    process.stdout.close()  # as `| head` does: the search stops, without a traceback
    assert process.wait(timeout=60) == 0
    assert process.stderr.read() == ""


def peak_mib(arguments: list[str]) -> float:
    """The peak resident memory of one run of puzzlesolve, output thrown away."""
    process = subprocess.Popen(
        [sys.executable, "-m", "puzzlesolve", *arguments],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    _, status, usage = os.wait4(process.pid, 0)
    # 4: a machine so loaded that no solution came in time; the memory measured still counts
    assert os.waitstatus_to_exitcode(status) in (0, 4), process.stderr.read()
    return usage.ru_maxrss / 1024


@pytest.mark.parametrize(
    "flags", [["--count"], ["--format", "json"], []], ids=["count", "list-json", "list-text"]
)
def test_memory_does_not_grow_with_the_solutions_found(tmp_path, flags):
    # four times as long finds about four times as many solutions; holding them would show
    # (listing holds tens of MiB after a few seconds), streaming does not
    board = tmp_path / "open.txt"
    board.write_text(OPEN_BOARD)
    short, long = (
        peak_mib(["numberlink", str(board), "-n", "0", *flags, "--timeout", seconds])
        for seconds in ("1", "4")
    )
    assert long - short < 8, (short, long)

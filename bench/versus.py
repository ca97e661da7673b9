"""Solving beside noqx in one process: what the genres' bench scripts share.

noqx (github T0nyX1ang/noqx, commit 0f59813) is checked out under /tmp (`--noqx`), never in
this repository. Each corpus board is solved with the proof of uniqueness (two models asked
for) by ours (`solver.solve`: grounding, search, decoding) and by noqx's program for the
genre, ground and solved as noqx's own `ClingoSolver` does (clingo with ``--models=2``, its
options), alternately, `--runs` times; per board the median CPU seconds of each, then the
suite's sums and their ratio (the issues' target: ours <= 0.3x noqx's).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO.parent / "shared" / "corpus"


def cpu(call: Callable[..., Any], *arguments: Any, **keywords: Any) -> tuple[float, Any]:
    """CPU seconds of one call (this process), and what it returned."""
    started = time.process_time()
    result = call(*arguments, **keywords)
    return time.process_time() - started, result


def noqx_models(program: str) -> int:
    """Models (at most 2) of a noqx program, ground and solved as its `ClingoSolver` does."""
    from clingo.control import Control

    control = Control(["--models=2"], logger=lambda code, message: None)
    control.configuration.asp.trans_ext = "dynamic"
    control.configuration.asp.eq = 1
    control.add("base", [], program)
    control.ground([("base", [])])
    found: list[int] = []
    control.solve(on_model=lambda model: found.append(1))
    return len(found)


def compare(genre: Any, entries: list[dict], theirs: Callable[..., int], noqx: Any, runs: int):
    """Each entry's board solved by ours and by `theirs(board, noqx)` (noqx's models), `runs`
    times alternately: a line a board (median CPU seconds, their ratio), then the sums."""
    from puzzlesolve import load, solver

    ours_sum = theirs_sum = 0.0
    print(f"{'board':40} {'ours s':>8} {'noqx s':>8} {'ratio':>6}")
    for entry in entries:
        board = load(genre, CORPUS / entry["path"])
        ours, others = [], []
        for _ in range(runs):
            seconds, result = cpu(solver.solve, genre, board)
            assert result.status == "unique", entry["path"]
            ours.append(seconds)
            seconds, models = cpu(theirs, board, noqx)
            assert models == 1, entry["path"]
            others.append(seconds)
        mine, other = statistics.median(ours), statistics.median(others)
        ours_sum, theirs_sum = ours_sum + mine, theirs_sum + other
        print(f"{entry['path']:40} {mine:8.4f} {other:8.4f} {mine / other:6.2f}", flush=True)
    print(
        f"suite of {len(entries)}: ours {ours_sum:.3f} s, noqx {theirs_sum:.3f} s, "
        f"ours / noqx {ours_sum / theirs_sum:.2f}"
    )

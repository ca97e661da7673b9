"""Nurikabe speed: whole `puzzlesolve nurikabe FILE --format json` processes.

    python bench/nurikabe.py [--runs 3] [--generate 10x10:1,20x20:2] [--timeout 60]

Boards: the generated instances under instances/nurikabe/ (made by `puzzlesolve generate
nurikabe --no-grade`, unique by construction: 10x10 and 20x20 hard, islands of up to 8
cells; 30x30 easy, 168 islands of 1-7 cells, 74 of them 1s), plus any `--generate
SIZE:SEED` made afresh (`--generate 30x30:3` takes many minutes on a loaded machine). Each board is
solved `--runs` times, including the search for a second solution that proves it unique;
the table shows the median wall-clock time of the whole process, the solver's own time
(grounding and search, ``stats.time_s``) and the CPU time of the process (user + system),
which a busy machine inflates less than wall-clock time.
Targets (issue 21): 10x10 <= 0.2 s, 20x20 <= 2 s, 30x30 <= 10 s, solved and proven unique.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TARGETS = {10: 0.2, 20: 2.0, 30: 10.0}


def run(path: Path, timeout: float) -> tuple[float, float, float, str]:
    """Wall-clock and CPU seconds of one whole process, the solver's own seconds, the status."""
    before = os.times()
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "puzzlesolve", "nurikabe", str(path), "--format", "json"],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    wall = time.perf_counter() - started
    after = os.times()
    cpu = sum(after[k] - before[k] for k in (2, 3))  # the children's user and system time
    document = json.loads(done.stdout)
    return wall, cpu, document["stats"]["time_s"], document["status"]


def boards(generate: str, folder: Path) -> list[Path]:
    found = sorted((REPO / "instances" / "nurikabe").glob("generated-*.txt"))
    for item in filter(None, generate.split(",")):
        size, seed = item.split(":")
        rows, cols = size.split("x")
        subprocess.run(
            [
                sys.executable,
                "-m",
                "puzzlesolve",
                "generate",
                "nurikabe",
                "--size",
                size,
                "--seed",
                seed,
                "--no-grade",
                "--out",
                str(folder),
            ],
            check=True,
            capture_output=True,
        )
        found.append(folder / f"nurikabe-{rows}x{cols}-hard-{seed}.txt")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--generate", default="")
    parser.add_argument("--timeout", type=float, default=60)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        print(f"{'board':32} {'status':8} {'wall s':>7} {'cpu s':>7} {'solver s':>8} {'target':>6}")
        for path in boards(options.generate, Path(folder)):
            times = [run(path, options.timeout) for _ in range(options.runs)]
            wall = statistics.median(t[0] for t in times)
            cpu = statistics.median(t[1] for t in times)
            solver = statistics.median(t[2] for t in times)
            side = len([line for line in path.read_text().splitlines() if not line.startswith("%")])
            target = TARGETS.get(side, float("nan"))
            print(f"{path.name:32} {times[0][3]:8} {wall:7.2f} {cpu:7.2f} {solver:8.3f} {target:6}")


if __name__ == "__main__":
    main()

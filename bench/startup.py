"""Start-up: whole `puzzlesolve` processes, median wall and CPU time of several runs.

    python bench/startup.py [--runs 15]

Cases and targets (issue 14): `puzzlesolve --version` <= 70 ms; the solve of a 10x10 Tatham
Hitori from ../shared/corpus (skipped when missing) <= 100 ms. For comparison, the floors:
`python -c pass` and `python -c "import clingo"`. Each run is a fresh process started the way
a user starts it (the installed `puzzlesolve` script); CPU is user + system time of the child.
Children run without PYTHONDONTWRITEBYTECODE (which some sandboxes set), so that the warm-up
run leaves compiled bytecode as an ordinary install has: else every run compiles puzzlesolve's
modules anew, some 30 ms.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"
HITORI_10X10 = CORPUS / "hitori" / "tatham" / "sgt_10x10_dk_1.txt"


def measure(command: list[str], runs: int) -> tuple[float, float]:
    """Median wall and CPU seconds of `runs` runs of `command` (after one warm-up run)."""
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    walls, cpus = [], []
    for number in range(runs + 1):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        subprocess.run(
            command,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=False,
            env=environment,
        )
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if number:  # the first run only warms the file cache
            walls.append(wall)
            cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    script = shutil.which("puzzlesolve") or sys.exit("puzzlesolve is not installed on PATH")
    cases: list[tuple[str, list[str], float | None]] = [
        ("python -c pass", [sys.executable, "-c", "pass"], None),
        ("python -c 'import clingo'", [sys.executable, "-c", "import clingo"], None),
        ("puzzlesolve --version", [script, "--version"], 0.070),
    ]
    if HITORI_10X10.is_file():
        cases.append(
            (
                f"puzzlesolve hitori {HITORI_10X10.name}",
                [script, "hitori", str(HITORI_10X10)],
                0.100,
            )
        )
    else:
        print(f"(skipping the Hitori solve: {HITORI_10X10} is missing)")
    print(f"{'command':45} {'wall ms':>8} {'cpu ms':>7} {'target':>7}")
    for name, command, target in cases:
        wall, cpu = measure(command, args.runs)
        verdict = (
            ""
            if target is None
            else f"{target * 1000:7.0f} " + ("ok" if wall <= target else "SLOW")
        )
        print(f"{name:45} {wall * 1000:8.1f} {cpu * 1000:7.1f} {verdict}", flush=True)


if __name__ == "__main__":
    main()

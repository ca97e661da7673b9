"""Numberlink proofs of no solution: whole `puzzlesolve numberlink FILE` processes.

    python bench/numberlink_unsolvable.py [--sizes 8 10 20 30] [--timeout 120]

Boards made here (issue 36, item 14): on an NxN board two labels whose endpoints alternate
around the rim (label 1 in the middle of the top and bottom rows, label 2 of the left and
right columns: their shortest routes cross), alone ("bare"), with three more pairs inside
("busy", seeded), and both again under --fill. Each runs as its own process; per board the
CPU seconds (user + sys), the status (it must be unsolvable) and clingo's choices; then the
median and the targets: 10x10 <= 1 s, 20x20 <= 5 s.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

TARGETS = {10: 1.0, 20: 5.0}


def board(size: int, busy: bool) -> str:
    grid = [["."] * size for _ in range(size)]
    middle = size // 2
    grid[0][middle - 1] = grid[size - 1][middle] = "1"
    grid[middle - 1][0] = grid[middle][size - 1] = "2"
    if busy:  # three more pairs, inside the rim, where nothing else is
        rng = random.Random(size)
        inside = [(r, c) for r in range(1, size - 1) for c in range(1, size - 1)]
        for label, (r, c) in zip((3, 3, 4, 4, 5, 5), rng.sample(inside, 6), strict=True):
            grid[r][c] = str(label)
    return "\n".join(" ".join(row) for row in grid) + "\n"


def run(path: Path, fill: bool, timeout: float) -> tuple[float, str, str]:
    command = [sys.executable, "-m", "puzzlesolve", "numberlink", str(path), "--format", "json"]
    command += ["--stats", "--timeout", str(timeout)] + (["--fill"] if fill else [])
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    if not done.stdout:
        return cpu, f"exit {done.returncode}", ""
    document = json.loads(done.stdout)
    stats = document.get("stats", {})
    return cpu, document["status"], f"choices {stats.get('choices', '?')}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[8, 10, 20, 30])
    parser.add_argument("--timeout", type=float, default=120.0)
    options = parser.parse_args()
    figures: dict[int, list[float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for size in options.sizes:
            for busy in (False, True):
                path = Path(folder) / f"crossing-{'busy' if busy else 'bare'}-{size}.txt"
                path.write_text(board(size, busy))
                for fill in (False, True):
                    cpu, status, effort = run(path, fill, options.timeout)
                    figures.setdefault(size, []).append(cpu)
                    name = f"{path.stem}{' --fill' if fill else ''}"
                    print(f"{name:28} {cpu:7.2f} s CPU  {status:11} {effort}", flush=True)
    every = [cpu for cpus in figures.values() for cpu in cpus]
    print(f"median {statistics.median(every):.2f} s CPU over {len(every)} boards")
    for size, target in TARGETS.items():
        if size in figures:
            worst = max(figures[size])
            verdict = "met" if worst <= target else "NOT met"
            print(f"{size}x{size}: slowest {worst:.2f} s, target <= {target:g} s: {verdict}")


if __name__ == "__main__":
    main()

"""Hitori speed: whole `puzzlesolve hitori FILE --format json` processes, median of 5 runs.

    python bench/hitori.py [--runs 5]

Instances: Tatham's 30x30 Tricky and 60x60 from ../shared/corpus (skipped when missing),
and random 100x100 and 200x200 grids made here from a fixed seed (a random shading with no
two shaded cells touching and the white cells connected, white cells numbered by a Latin
square, each shaded cell given a number of a white cell in its row), so they are solvable.
Targets (issue 4): 30x30 <= 0.25 s, 60x60 <= 0.6 s, 100x100 <= 0.8 s, 200x200 <= 2.5 s.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import deque
from pathlib import Path

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "hitori" / "tatham"


def random_instance(size: int, seed: int) -> str:
    """A solvable size x size Hitori grid (see the module docstring)."""
    rng = random.Random(seed)
    shaded: set[tuple[int, int]] = set()
    for _ in range(size * size // 5):
        r, c = rng.randrange(size), rng.randrange(size)
        if all(n not in shaded for n in ((r, c), (r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))):
            shaded.add((r, c))
            if not whites_connected(size, shaded):
                shaded.discard((r, c))
    rows, cols = list(range(size)), list(range(size))
    rng.shuffle(rows)
    rng.shuffle(cols)
    grid = [[(rows[r] + cols[c]) % size + 1 for c in range(size)] for r in range(size)]
    for r, c in shaded:
        grid[r][c] = grid[r][rng.choice([k for k in range(size) if (r, k) not in shaded])]
    return "\n".join(" ".join(map(str, row)) for row in grid) + "\n"


def whites_connected(size: int, shaded: set[tuple[int, int]]) -> bool:
    start = next((r, c) for r in range(size) for c in range(size) if (r, c) not in shaded)
    seen, todo = {start}, deque([start])
    while todo:
        r, c = todo.popleft()
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= n[0] < size and 0 <= n[1] < size and n not in shaded and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) + len(shaded) == size * size


def run(path: Path, runs: int) -> tuple[float, str]:
    times, status = [], "?"
    for _ in range(runs):
        started = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "puzzlesolve", "hitori", str(path), "--format", "json"],
            capture_output=True,
            text=True,
            check=False,
        )
        times.append(time.perf_counter() - started)
        status = json.loads(done.stdout)["status"] if done.stdout else f"exit {done.returncode}"
    return statistics.median(times), status


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    cases: list[tuple[str, Path, float]] = []
    for name, target in (
        ("sgt_30x30_dk_1", 0.25),
        ("sgt_30x30_dk_2", 0.25),
        ("sgt_60x60_dk_1", 0.6),
    ):
        if (CORPUS / f"{name}.txt").is_file():
            cases.append((name, CORPUS / f"{name}.txt", target))
    scratch = Path(tempfile.mkdtemp(prefix="hitori-bench-"))
    for size, target in ((100, 0.8), (200, 2.5)):
        path = scratch / f"random_{size}x{size}.txt"
        path.write_text(random_instance(size, seed=size))
        cases.append((path.stem, path, target))
    print(f"{'instance':20} {'median s':>9} {'target':>7}  status")
    for name, path, target in cases:
        median, status = run(path, args.runs)
        flag = "ok" if median <= target else "SLOW"
        print(f"{name:20} {median:9.3f} {target:7.2f}  {status} {flag}", flush=True)


if __name__ == "__main__":
    main()

"""Hidato and Numbrix speed: whole `puzzlesolve GENRE FILE --format json` processes.

    python bench/hidato.py [--seeds 5] [--uniform] [--timeout 60]

Random boards: a random Hamiltonian path of the full square board (backbite moves from a
snake, `puzzlesolve.generate.random_path`, king moves for Hidato and side moves for
Numbrix), numbered along the path, and a fifth of its numbers kept as givens:

- spread (the targets' boards): one given drawn at random from every five consecutive
  numbers 1-5, 6-10, ..., so no stretch of more than eight numbers is hidden;
- uniform (``--uniform``, a stress test): a fifth of the cells drawn at random, which
  leaves some stretches of 20 and more hidden numbers; much harder for Hidato.

Seeds are fixed (board s uses seed s), so runs are comparable. Each instance is solved once
per run, including the search for a second solution; the table shows per-instance times,
their median and maximum, and the statuses; in brackets the solver's own time
(grounding and search, ``stats.time_s``), which a busy machine inflates less. The Rosetta Code boards of ../shared/corpus
are timed too (median of three runs each).
Targets (issue 6, medians): Hidato 10x10 <= 0.2 s, 20x20 <= 0.5 s, 30x30 <= 3 s; Numbrix
20x20 <= 0.3 s, 30x30 <= 0.4 s; each Rosetta board <= 0.2 s.
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
from pathlib import Path

from puzzlesolve.generate import random_path

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"
TARGETS = {
    ("hidato", 10): 0.2,
    ("hidato", 20): 0.5,
    ("hidato", 30): 3.0,
    ("numbrix", 20): 0.3,
    ("numbrix", 30): 0.4,
}


def random_board(genre: str, size: int, seed: int, spread: bool) -> str:
    """A size x size board in the contract's format with about a fifth of the numbers given."""
    rng = random.Random(seed)
    path = random_path(rng, size, size, king=genre == "hidato")
    total = len(path)
    if spread:
        shown = {rng.randrange(low, min(low + 5, total)) + 1 for low in range(0, total, 5)}
    else:
        shown = {n + 1 for n in rng.sample(range(total), total // 5)}
    number = {cell: n for n, cell in enumerate(path, start=1)}
    width = len(str(total))
    rows = [
        " ".join(
            (str(number[r, c]) if number[r, c] in shown else "-").rjust(width) for c in range(size)
        )
        for r in range(size)
    ]
    return "\n".join(rows) + "\n"


def run(genre: str, path: Path, timeout: float) -> tuple[float, str, float]:
    """Wall-clock seconds of one whole process, its status, and the solver's own seconds."""
    started = time.perf_counter()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "puzzlesolve",
            genre,
            str(path),
            "--format",
            "json",
            "--timeout",
            str(timeout),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    seconds = time.perf_counter() - started
    if not done.stdout:
        return seconds, f"exit {done.returncode}", float("nan")
    document = json.loads(done.stdout)
    return seconds, document["status"], document["stats"]["time_s"]


def report(
    label: str, times: list[float], statuses: list[str], target: float | None, inside: list[float]
) -> None:
    """One line of medians and maxima, one of per-instance seconds and statuses."""
    median, worst = statistics.median(times), max(times)
    flag = "" if target is None else ("  ok" if median <= target else "  SLOW")
    goal = "" if target is None else f" (target {target:g})"
    print(
        f"{label:32} median {median:6.3f}  max {worst:6.3f}{goal}{flag}"
        f"   [in process: median {statistics.median(inside):.3f}, max {max(inside):.3f}]",
        flush=True,
    )
    print(
        f"{'':32} " + " ".join(f"{t:.2f}" for t in times) + "  " + ", ".join(sorted(set(statuses))),
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5, help="random boards per size")
    parser.add_argument(
        "--uniform",
        action="store_true",
        help="also time boards with uniformly drawn givens (slow for Hidato)",
    )
    parser.add_argument("--timeout", type=float, default=60)
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="hidato-bench-"))
    modes = [("spread", True)] + ([("uniform", False)] if args.uniform else [])
    for mode, spread in modes:
        for (genre, size), target in TARGETS.items():
            times, statuses, inside = [], [], []
            for seed in range(args.seeds):
                path = scratch / f"{genre}-{size}x{size}-{mode}-{seed}.txt"
                path.write_text(random_board(genre, size, seed, spread))
                seconds, status, solver = run(genre, path, args.timeout)
                times.append(seconds)
                statuses.append(status)
                inside.append(solver)
            report(
                f"{genre} {size}x{size} {mode}", times, statuses, target if spread else None, inside
            )
    for genre in ("hidato", "numbrix"):
        for path in sorted((CORPUS / genre / "rosetta").glob("*.txt")):
            if path.name.endswith(".solution.txt"):
                continue
            runs = [run(genre, path, args.timeout) for _ in range(3)]
            report(
                f"{genre} {path.stem}",
                [statistics.median(t for t, _, _ in runs)],
                [runs[0][1]],
                0.2,
                [statistics.median(s for _, _, s in runs)],
            )


if __name__ == "__main__":
    main()

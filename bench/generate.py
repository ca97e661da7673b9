"""Generator speed: per-seed times and medians for the targets of issue 7, and growth with size.

    python bench/generate.py                  # targets, 10 seeds each, then growth
    python bench/generate.py --seeds 3 --only hidato --growth-only

Targets (median over the seeds): a unique 10x10 of each genre in <= 2 s, Hitori 20x20,
Hidato 15x15 and Numberlink 15x15 in <= 10 s. Times are wall-clock seconds in this process,
the final fresh uniqueness check included; "calls" is solver calls per puzzle.
"""

from __future__ import annotations

import argparse
import statistics
import time

from puzzlesolve.generate import generate

TARGETS = [
    ("hitori", 10, 2.0),
    ("hidato", 10, 2.0),
    ("numbrix", 10, 2.0),
    ("numberlink", 10, 2.0),
    ("hitori", 20, 10.0),
    ("hidato", 15, 10.0),
    ("numberlink", 15, 10.0),
]
GROWTH = {
    "hitori": [5, 10, 15, 20, 25],
    "hidato": [5, 8, 10, 12, 15],
    "numbrix": [5, 8, 10, 12],
    "numberlink": [5, 8, 10, 12, 15],
}


def run(genre: str, side: int, seeds: range) -> tuple[list[float], list[float], list[int]]:
    """Wall seconds, CPU seconds of this process and solver calls, one puzzle per seed.

    CPU time is shown too because the wall clock also counts other work on a busy machine;
    clingo runs in this process, so its time is in the CPU figure.
    """
    times, cpu, calls = [], [], []
    for seed in seeds:
        started, started_cpu = time.perf_counter(), time.process_time()
        puzzle = generate(genre, side, side, seed)
        times.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
        calls.append(puzzle.calls)
    return times, cpu, calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--only", help="one genre")
    parser.add_argument("--growth-only", action="store_true")
    parser.add_argument("--targets-only", action="store_true")
    args = parser.parse_args()
    seeds = range(args.seeds)
    if not args.growth_only:
        print(
            "| genre | size | median s | median CPU s | target s | ok | median calls | per-seed s |"
        )
        print("|---|---|---|---|---|---|---|---|")
        for genre, side, target in TARGETS:
            if args.only and genre != args.only:
                continue
            times, cpu, calls = run(genre, side, seeds)
            median = statistics.median(times)
            print(
                f"| {genre} | {side}x{side} | {median:.2f} | {statistics.median(cpu):.2f} | "
                f"{target:.0f} | "
                f"{'yes' if median <= target else 'NO'} | {statistics.median(calls):.0f} | "
                f"{' '.join(f'{t:.2f}' for t in times)} |",
                flush=True,
            )
    if not args.targets_only:
        print("\n| genre | size | median s (3 seeds) | median CPU s |")
        print("|---|---|---|---|")
        for genre, sides in GROWTH.items():
            if args.only and genre != args.only:
                continue
            for side in sides:
                times, cpu, _ = run(genre, side, range(3))
                print(
                    f"| {genre} | {side}x{side} | {statistics.median(times):.2f} | "
                    f"{statistics.median(cpu):.2f} |",
                    flush=True,
                )


if __name__ == "__main__":
    main()

"""CPU seconds of the forward engine (issue 33): whole-process `explain` on the issue's target
boards, and in-process hints on corpus puzzles.

    python bench/forward_explain.py [--explain] [--hints] [--max-cells 225] [--every 1]

--explain: each target board explained by ``python -m puzzlesolve explain`` as its own
process (start-up, solving first, the rounds and any trials included); CPU is user + sys of
the child (resource usage), against the issue's target. --hints: for each corpus puzzle with
a technique file up to --max-cells cells (every --every-th), a hint from no marks and from
half the solution's cells marked, in one process (import cost left out), CPU of each call.
Both print per-instance figures and the medians. Not a test: speed is never asserted.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO.parent / "shared" / "corpus"
sys.path.insert(0, str(REPO))

TARGETS = [
    ("numbrix", "numbrix/rosetta/example1_9x9.txt", [], 0.5),
    ("hidato", "hidato/rosetta/wikipedia_sample_8x8.txt", [], 0.5),
    ("numbrix", "numbrix/rosetta/phix_15x15.txt", [], 10.0),
    ("numberlink", "numberlink/flowfree/regular_9x9_01.txt", ["--fill"], 1.0),
    ("numberlink", "numberlink/flowfree/extreme_12x12_01.txt", ["--fill"], 5.0),
    ("numberlink", "numberlink/flowfree/extreme_12x12_30.txt", ["--fill"], 5.0),
]
"""(genre, corpus path, flags, the issue's target in CPU seconds)."""


def process(arguments: list[str]) -> tuple[float, int, str]:
    """CPU seconds of one ``python -m puzzlesolve`` process, its exit status, last line."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [sys.executable, "-m", "puzzlesolve", *arguments],
        capture_output=True,
        text=True,
        check=False,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = done.stdout.strip().splitlines()
    return cpu, done.returncode, lines[-1] if lines else done.stderr.strip()


def explain_targets() -> None:
    print("explain, whole process (CPU s; target):")
    for genre, path, flags, target in TARGETS:
        if not (CORPUS / path).is_file():
            print(f"  {path}: missing")
            continue
        cpu, status, last = process(["explain", genre, str(CORPUS / path), *flags])
        mark = "ok" if cpu <= target else "OVER"
        print(f"  {path:48s} {cpu:6.2f} (<= {target:4.1f} {mark}) exit {status}: {last}")


def hints(max_cells: int, every: int) -> None:
    from puzzlesolve import load
    from puzzlesolve.explain import forward, hint
    from puzzlesolve.registry import get_genre
    from puzzlesolve.solver import solve

    manifest = json.loads((CORPUS / "manifest.json").read_text())
    entries = [
        entry
        for entry in manifest
        if entry["rows"] * entry["cols"] <= max_cells
        and entry["unique"]
        and forward.available(get_genre(entry["genre"]))
    ][::every]
    print(f"hints, in process (CPU s), {len(entries)} puzzles up to {max_cells} cells:")
    figures: dict[str, list[float]] = {"none": [], "half": []}
    by_kind: dict[str, list[float]] = {}
    for entry in entries:
        genre = get_genre(entry["genre"])
        puzzle = load(genre, CORPUS / entry["path"])
        switches = ["fill"] if entry["variant"] == "fill" else []
        found = solve(genre, puzzle, models=1, switches=switches)
        values = {
            c: v for c, v in genre.values(puzzle, found.solutions[0]).items() if v is not None
        }
        half = dict(sorted(values.items())[::2])
        line = []
        for name, marks in (("none", None), ("half", half)):
            started = time.process_time()
            given = hint(get_genre(genre), puzzle, marks, switches=switches)
            cpu = time.process_time() - started
            figures[name].append(cpu)
            kind = (
                "trial"
                if given.step is not None and given.step.technique == "trial"
                else "technique"
            )
            by_kind.setdefault(kind, []).append(cpu)
            line.append(f"{name} {cpu:5.2f} {kind}")
        print(f"  {entry['path']:48s} {'  '.join(line)}", flush=True)
    for name, cpus in figures.items():
        if cpus:
            print(
                f"  median from {name} marks: {statistics.median(cpus):.3f} s, max {max(cpus):.2f}"
            )
    for kind, cpus in by_kind.items():
        print(
            f"  hints by {kind}: {len(cpus)}, median {statistics.median(cpus):.3f} s, "
            f"max {max(cpus):.2f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--explain", action="store_true")
    parser.add_argument("--hints", action="store_true")
    parser.add_argument("--max-cells", type=int, default=225)
    parser.add_argument("--every", type=int, default=1)
    args = parser.parse_args()
    if args.explain or not args.hints:
        explain_targets()
    if args.hints or not args.explain:
        hints(args.max_cells, args.every)


if __name__ == "__main__":
    main()

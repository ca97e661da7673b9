"""Generator speed: per-seed times, medians and maxima for the targets of issue 16.

    nice python bench/generate.py                 # every target, 10 seeds each
    nice python bench/generate.py --seeds 3 --only hidato
    nice python bench/generate.py --grade --seeds 5  # grading: every grade, small boards

Targets (median over the seeds, wall-clock seconds in this process, the generator's own
uniqueness proof and final check included): a unique 10x10 of each genre in <= 3 s at
either difficulty (Numberlink with and without --fill), Numberlink 14x14 --fill hard
<= 30 s, Hidato and Numbrix 15x15 <= 10 s and 20x20 <= 60 s. CPU seconds of this process
are printed beside them: clingo runs in this process, and on a shared machine the wall
clock also counts other people's work. "calls" is solver calls per puzzle; the last
column shows the generator's own measures (median over the seeds where numeric).

With --grade, puzzles are graded (each candidate explained, puzzlesolve.generate.grade) on
the boards of GRADED, one line per puzzle: the grade asked and measured, the largest step,
which candidate was kept, the explaining time (explain_s) beside the whole time; then medians.
"""

from __future__ import annotations

import argparse
import statistics
import time

from puzzlesolve import get_genre
from puzzlesolve.generate import DIFFICULTIES
from puzzlesolve.generate import generate as generating


def generate(genre: str, *args, **options):
    """A bench names its genres: resolved here, as at the command line, then generated."""
    return generating(get_genre(genre), *args, **options)


# (genre, side, difficulty, options, target median seconds or None)
TARGETS = [
    ("hitori", 10, "hard", {}, 3.0),
    ("hitori", 10, "easy", {}, 3.0),
    ("hidato", 10, "hard", {}, 3.0),
    ("hidato", 10, "easy", {}, 3.0),
    ("numbrix", 10, "hard", {}, 3.0),
    ("numbrix", 10, "easy", {}, 3.0),
    ("numberlink", 10, "hard", {"fill": True}, 3.0),
    ("numberlink", 10, "hard", {}, 3.0),
    ("numberlink", 10, "easy", {"fill": True}, 3.0),
    ("numberlink", 10, "easy", {}, 3.0),
    ("numberlink", 14, "hard", {"fill": True}, 30.0),
    ("numberlink", 14, "hard", {}, None),
    ("hidato", 15, "hard", {}, 10.0),
    ("hidato", 15, "hard", {"symmetric": True}, None),
    ("numbrix", 15, "hard", {}, 10.0),
    ("hidato", 20, "hard", {}, 60.0),
    ("numbrix", 20, "hard", {}, 60.0),
    ("hitori", 20, "hard", {}, None),
]


# (genre, side, options) graded at every difficulty
GRADED = [
    ("hitori", 7, {}),
    ("hitori", 10, {}),
    ("numbrix", 6, {}),
    ("hidato", 5, {}),
    ("hidato", 6, {}),
    ("numberlink", 6, {}),
    ("numberlink", 7, {}),
]


def graded(seeds: range, only: str | None) -> None:
    """One line per graded puzzle, then medians per genre, size and difficulty."""
    print("| genre | size | asked | seed | grade | largest | candidate | explain s | s | CPU s |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    rows = []
    for genre, side, options in GRADED:
        if only and genre != only:
            continue
        for difficulty in DIFFICULTIES:
            for seed in seeds:
                started, started_cpu = time.perf_counter(), time.process_time()
                puzzle = generate(genre, side, side, seed, difficulty, grade=True, **options)
                wall, cpu = time.perf_counter() - started, time.process_time() - started_cpu
                m = puzzle.measures
                rows.append((genre, side, difficulty, m["explain_s"], wall, cpu, m["grade"]))
                print(
                    f"| {genre} | {side}x{side} | {difficulty} | {seed} | {m['grade']} "
                    f"| {m['largest']} | {m['candidate']} | {m['explain_s']:.2f} | {wall:.2f} "
                    f"| {cpu:.2f} |",
                    flush=True,
                )
    print(
        "\n| genre | size | asked | graded as asked | median explain s | median s | median CPU s |"
    )
    print("|---|---|---|---|---|---|---|")
    for key in dict.fromkeys(row[:3] for row in rows):
        group = [row for row in rows if row[:3] == key]
        hit = sum(row[6] == key[2] for row in group)
        medians = [statistics.median(row[i] for row in group) for i in (3, 4, 5)]
        print(
            f"| {key[0]} | {key[1]}x{key[1]} | {key[2]} | {hit}/{len(group)} | "
            + " | ".join(f"{m:.2f}" for m in medians)
            + " |"
        )


def run(genre: str, side: int, difficulty: str, options: dict, seeds: range):
    """Wall seconds, CPU seconds, solver calls and measures, one puzzle per seed."""
    wall, cpu, calls, measures = [], [], [], []
    for seed in seeds:
        started, started_cpu = time.perf_counter(), time.process_time()
        puzzle = generate(genre, side, side, seed, difficulty, **options)
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
        calls.append(puzzle.calls)
        measures.append(puzzle.measures)
    return wall, cpu, calls, measures


def _summary(measures: list[dict]) -> str:
    """Medians of numeric measures, counts of the others (e.g. "nikoli unique 9/10")."""
    parts = []
    for key in measures[0]:
        values = [m[key] for m in measures]
        if all(isinstance(v, (int, float)) for v in values):
            parts.append(f"{key} {statistics.median(values):g} ({min(values):g}-{max(values):g})")
        else:
            counts = {v: values.count(v) for v in sorted(set(map(str, values)))}
            parts.append(f"{key} " + " ".join(f"{v} {n}/{len(values)}" for v, n in counts.items()))
    return "; ".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--only", help="one genre")
    parser.add_argument("--side", type=int, help="one board side")
    parser.add_argument("--grade", action="store_true", help="grading cost instead")
    args = parser.parse_args()
    if args.grade:
        graded(range(args.seeds), args.only)
        return
    print(
        "| genre | size | difficulty | options | median s | max s | median CPU s | max CPU s "
        "| target s | ok | median calls | measures |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for genre, side, difficulty, options, target in TARGETS:
        if (args.only and genre != args.only) or (args.side and side != args.side):
            continue
        wall, cpu, calls, measures = run(genre, side, difficulty, options, range(args.seeds))
        median = statistics.median(wall)
        verdict = "-" if target is None else ("yes" if median <= target else "NO")
        print(
            f"| {genre} | {side}x{side} | {difficulty} | {' '.join(map(str, options)) or '-'} "
            f"| {median:.2f} | {max(wall):.2f} | {statistics.median(cpu):.2f} | {max(cpu):.2f} "
            f"| {target or '-'} | {verdict} | {statistics.median(calls):.0f} "
            f"| {_summary(measures)} |",
            flush=True,
        )


if __name__ == "__main__":
    main()

"""Speed of check, hint and explain: wall and CPU time per instance, medians per genre and
size, and the difficulty of each explanation.

    nice python bench/explain.py [--per-genre 3] [--max-cells 225] [--timeout 60]
        [--only GENRE] [--no-bundled]

Instances: the bundled ones with a unique solution, and from ../shared/corpus (manifest.json;
skipped, with a note, when missing) up to --per-genre unique instances of each genre and
variant with at most --max-cells cells, spread evenly over their sizes. For each: one
`explain` (every step), one `hint` from no marks, and one `check` of the complete solution,
each timed in this process (wall, and CPU = user + sys) after the genre is imported, and
one `check` of the solution with one cell changed ("wrong"). Each call gets --timeout
seconds; a figure marked "*" ran out of time (its result is the best so far).
Targets (issue 20): check of any answer <= 1 s up to 400 cells; hint <= 0.5 s up to 225
cells; explain <= 5 s at 10x10, <= 10 s for 15x15 Hitori and 12x12 Flow Free, <= 30 s for
15x15 Hidato/Numbrix.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from functools import partial
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO.parent / "shared" / "corpus"
sys.path.insert(0, str(REPO))

from puzzlesolve import load, solve
from puzzlesolve.explain import check, explain, hint
from puzzlesolve.registry import get_genre

BUNDLED = [
    ("hitori", "instances/hitori/ai-course-5x5.txt", ()),
    ("hitori", "instances/hitori/tatham-8x8.txt", ()),
    ("hitori", "instances/hitori/numbers-above-9-12x12.txt", ()),
    ("hidato", "instances/hidato/small-5x5.txt", ()),
    ("hidato", "instances/hidato/voids-6x7.txt", ()),
    ("numbrix", "instances/numbrix/holes-6x6.txt", ()),
    ("numbrix", "instances/numbrix/small-5x5.txt", ()),
    ("numberlink", "instances/numberlink/copris-5x5.txt", ()),
    ("numberlink", "instances/numberlink/fill-5x5.txt", ("fill",)),
]


def corpus_sample(per_genre: int, max_cells: int) -> list[tuple[str, str, tuple[str, ...]]]:
    manifest = CORPUS / "manifest.json"
    if not manifest.is_file():
        print(f"% corpus skipped: {manifest} is missing", file=sys.stderr)
        return []
    groups: dict[tuple, list[dict]] = {}
    for entry in json.loads(manifest.read_text()):
        if entry.get("unique") and entry["rows"] * entry["cols"] <= max_cells:
            groups.setdefault((entry["genre"], entry.get("variant")), []).append(entry)
    chosen = []
    for (genre, variant), entries in sorted(groups.items(), key=str):
        entries.sort(key=lambda e: (e["rows"] * e["cols"], e["path"]))
        step = max(1, len(entries) // per_genre)
        for entry in entries[step - 1 :: step][:per_genre]:
            switches = ("fill",) if variant == "fill" else ()
            chosen.append((genre, str(CORPUS / entry["path"]), switches))
    return chosen


def timed(call):
    wall, cpu = time.perf_counter(), sum(os.times()[:2])
    result = call()
    return result, time.perf_counter() - wall, sum(os.times()[:2]) - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-genre", type=int, default=3)
    parser.add_argument("--max-cells", type=int, default=225)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--only", help="this genre only")
    parser.add_argument("--no-bundled", action="store_true")
    args = parser.parse_args()
    rows: dict[tuple[str, int], list[tuple[float, ...]]] = {}
    print(
        f"{'instance':58} {'cells':>5} {'explain s':>9} {'cpu':>6} {'hint s':>7} {'cpu':>6} "
        f"{'check s':>7} {'wrong s':>7}  difficulty"
    )
    chosen = ([] if args.no_bundled else BUNDLED) + corpus_sample(args.per_genre, args.max_cells)
    limit = args.timeout
    for genre, path, switches in chosen:
        if args.only and genre != args.only:
            continue
        puzzle = load(genre, REPO / path)
        found = solve(genre, puzzle, models=1, switches=list(switches))
        solution = get_genre(genre).values(puzzle, found.solutions[0])
        solution = {cell: value for cell, value in solution.items() if value is not None}
        explanation, explain_s, explain_cpu = timed(
            partial(explain, get_genre(genre), puzzle, switches=switches, timeout=limit)
        )
        given, hint_s, hint_cpu = timed(
            partial(hint, get_genre(genre), puzzle, switches=switches, timeout=limit)
        )
        verdict, check_s, _ = timed(
            partial(check, get_genre(genre), puzzle, solution, switches=switches, timeout=limit)
        )
        assert verdict.verdict == "solved", path
        wrong = one_cell_wrong(genre, puzzle, solution)
        judged, wrong_s, _ = (
            timed(partial(check, get_genre(genre), puzzle, wrong, switches=switches, timeout=limit))
            if wrong is not None
            else (verdict, 0.0, 0.0)
        )
        assert wrong is None or judged.verdict in ("invalid", "timeout"), path
        cells = puzzle.rows * puzzle.cols
        name = f"{genre} {Path(path).relative_to(CORPUS) if CORPUS in Path(path).parents else path}"
        flags = "".join(f" --{s}" for s in switches)
        marks = [
            "*" if cut else " "
            for cut in (explanation.timed_out, given.timed_out, verdict.timed_out, judged.timed_out)
        ]
        print(
            f"{(name + flags)[:58]:58} {cells:5} {explain_s:8.2f}{marks[0]} {explain_cpu:6.2f} "
            f"{hint_s:6.3f}{marks[1]} {hint_cpu:6.3f} {check_s:6.3f}{marks[2]} "
            f"{wrong_s:6.3f}{marks[3]}  {explanation.status}: "
            f"{explanation.difficulty.grade} (largest {explanation.difficulty.largest}, "
            f"{explanation.difficulty.steps} steps)",
            flush=True,
        )
        rows.setdefault((genre, cells), []).append(
            (explain_s, explain_cpu, hint_s, check_s, wrong_s)
        )
    print("\nmedians (wall s): genre, cells, instances, explain, explain cpu, hint, check, wrong")
    for (genre, cells), figures in sorted(rows.items()):
        medians = [statistics.median(column) for column in zip(*figures)]
        print(f"  {genre:10} {cells:5} {len(figures):3} " + " ".join(f"{m:8.3f}" for m in medians))


def one_cell_wrong(genre: str, puzzle, solution: dict) -> dict | None:
    """The solution with its middle undecided cell given another value it can take (None
    when there is none: every cell shown, or a Numberlink of one label)."""
    shown = get_genre(genre).feature("explain").shown(puzzle)
    free = [cell for cell in sorted(solution) if cell not in shown]
    if not free:
        return None
    cell = free[len(free) // 2]
    values = sorted({value for value in solution.values()}, key=str)
    other = next((value for value in values if value != solution[cell]), None)
    return None if other is None else solution | {cell: other}


if __name__ == "__main__":
    main()

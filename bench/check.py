"""CPU seconds of `check` on wrong answers (issue 33 item 7: <= 0.5 s up to 400 cells), and
how often its lead names a cell that was made wrong.

    python bench/check.py [--max-cells 400] [--every 1] [--process 0]

For each unique corpus puzzle up to --max-cells cells (every --every-th), its solution is
taken and made wrong: "one" changes one cell, "two" two cells, "partial" keeps every other
cell of the solution and changes one of them (where no rule breaks at sight and the lead
comes from the forward engine). A number is swapped with another cell's (Hidato, Numbrix:
no number written twice), any other value replaced by another the solution uses. Each
answer is checked in this process (import cost left out): CPU of the call, the lead's kind
(rule, technique, conflict, none) and whether it names a changed cell. --process N also
runs the N largest puzzles' "one" answers as whole ``python -m puzzlesolve check``
processes; --loops takes Slitherlink and Masyu (manifest-loops.json; a line changed is one
drawn or erased). Prints per-instance figures and the medians. Not a test: speed is never asserted.

Last measured (2026-11-29, all 149 puzzles, docs/benchmarks.md): medians 0.107 / 0.115 /
0.184 s for one / two / partial, over 0.5 s 4 / 6 / 15 (was 0.161 / 0.170 / 0.267 s and
8 / 12 / 31); the slowest Numbrix phix 15x15, 2.6-3.3 s.
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
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO.parent / "shared" / "corpus"
sys.path.insert(0, str(REPO))

TARGET = 0.5
"""The issue's target: CPU seconds of a check up to 400 cells."""


def wrong_answers(genre, puzzle, values: dict, seed: str) -> dict[str, tuple[dict, set]]:
    """The solution `values` made wrong three ways (see the module), each with the cells
    changed."""
    shown = set(genre.feature("explain").shown(puzzle))
    free = sorted(cell for cell in values if cell not in shown)
    chooser = random.Random(seed)
    numbers = all(isinstance(value, int) for value in values.values())
    kinds = sorted({str(value) for value in values.values()})
    if set(kinds) <= {"on", "off"}:  # a loop genre's solution lists its lines only
        kinds = ["off", "on"]

    def changed(answer: dict, count: int) -> tuple[dict, set] | None:
        answer = dict(answer)
        population = [cell for cell in free if cell in answer]
        if len(population) < count * (1 + numbers):  # too few cells to change (or swap)
            return None
        cells = chooser.sample(population, count)
        if numbers:  # swap with another free cell's number: still each number once
            swapped = set(cells)
            for cell in cells:
                other = chooser.choice([c for c in free if c not in swapped and c in answer])
                answer[cell], answer[other] = answer[other], answer[cell]
                swapped.add(other)
            return answer, swapped
        for cell in cells:
            others = [value for value in kinds if value != str(answer[cell])]
            if not others:  # one value everywhere (a 1x2 Numberlink): nothing to change to
                return None
            pick = chooser.choice(others)
            answer[cell] = next((v for v in values.values() if str(v) == pick), pick)
        return answer, set(cells)

    half = {cell: value for index, (cell, value) in enumerate(sorted(values.items())) if index % 2}
    half.update({cell: values[cell] for cell in shown if cell in values})
    made = {"one": changed(values, 1), "two": changed(values, 2), "partial": changed(half, 1)}
    return {name: answer for name, answer in made.items() if answer is not None}


def answer_text(puzzle, answer: dict) -> str:
    """An answer file for `answer` (cells not in it: '?', Hidato's voids '#'): a number or
    a label as itself, shaded '#', unshaded the Hitori number or '.'."""
    lines = []
    for row in range(puzzle.rows):
        tokens = []
        for col in range(puzzle.cols):
            value = answer.get((row, col))
            if value is None:
                void = hasattr(puzzle, "givens") and (row, col) not in puzzle.cells
                tokens.append("#" if void else "?")
            elif value == "shaded":
                tokens.append("#")
            elif value == "unshaded":
                numbers = getattr(puzzle, "cells", {})
                tokens.append(str(numbers[(row, col)]) if isinstance(numbers, dict) else ".")
            else:
                tokens.append(str(value))
        lines.append(" ".join(tokens))
    return "\n".join(lines) + "\n"


def _key(wrong) -> tuple:
    """The lead's site as the answer's key: a cell, or a loop genre's pair of points."""
    site = tuple(wrong.site)
    if wrong.kind == "cell" or len(site) != 4:
        return site
    return ((site[0], site[1]), (site[2], site[3]))


def process(arguments: list[str]) -> tuple[float, int]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [sys.executable, "-m", "puzzlesolve", *arguments], capture_output=True, check=False
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-cells", type=int, default=400)
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--process", type=int, default=0)
    parser.add_argument(
        "--loops", action="store_true", help="Slitherlink and Masyu (manifest-loops.json)"
    )
    args = parser.parse_args()

    from puzzlesolve import load
    from puzzlesolve.explain import check
    from puzzlesolve.registry import get_genre
    from puzzlesolve.solver import solve

    manifest = json.loads((CORPUS / f"manifest{'-loops' if args.loops else ''}.json").read_text())
    entries = [
        entry
        for entry in manifest
        if entry["rows"] * entry["cols"] <= args.max_cells and entry["unique"]
    ][:: args.every]
    print(f"check, in process (CPU s), {len(entries)} puzzles up to {args.max_cells} cells:")
    figures: dict[str, list[float]] = {"one": [], "two": [], "partial": []}
    leads: dict[str, int] = {}
    named = total = 0
    made: list[tuple[int, dict, object, dict, list[str]]] = []
    for entry in entries:
        genre = get_genre(entry["genre"])
        puzzle = load(genre, CORPUS / entry["path"])
        switches = ["fill"] if entry["variant"] == "fill" else []
        found = solve(genre, puzzle, models=1, switches=switches)
        values = {
            c: v for c, v in genre.values(puzzle, found.solutions[0]).items() if v is not None
        }
        answers = wrong_answers(genre, puzzle, values, entry["path"])
        line = []
        for name, (answer, cells) in answers.items():
            started = time.process_time()
            result = check(get_genre(genre), puzzle, answer, switches=switches)
            cpu = time.process_time() - started
            figures[name].append(cpu)
            how = result.wrong.how if result.wrong is not None else result.verdict
            leads[how] = leads.get(how, 0) + 1
            hit = result.wrong is not None and _key(result.wrong) in cells
            named += hit
            total += 1
            line.append(f"{name} {cpu:5.2f} {how:9s}{'*' if hit else ' '}")
        cells_count = entry["rows"] * entry["cols"]
        if "one" in answers:
            made.append((cells_count, entry, genre, answers["one"][0], switches))
        print(f"  {entry['path']:52s} {cells_count:4d}  {'  '.join(line)}", flush=True)
    for name, cpus in figures.items():
        if cpus:
            over = sum(cpu > TARGET for cpu in cpus)
            print(
                f"  median {name}: {statistics.median(cpus):.3f} s, max {max(cpus):.2f}, "
                f"over {TARGET} s: {over} of {len(cpus)}"
            )
    print(f"  leads: {leads}; the lead names a changed cell (*): {named} of {total}")
    if args.process:
        print(f"whole process (CPU s), the {args.process} largest, one cell changed:")
        made.sort(key=lambda item: -item[0])
        with tempfile.TemporaryDirectory() as folder:
            for cells_count, entry, genre, answer, switches in made[: args.process]:
                puzzle = load(genre, CORPUS / entry["path"])
                path = Path(folder) / "answer.txt"
                path.write_text(answer_text(puzzle, answer))
                flags = ["--fill"] if switches else []
                cpu, status = process(
                    ["check", genre.name, str(CORPUS / entry["path"]), str(path), *flags]
                )
                mark = "ok" if cpu <= TARGET else "OVER"
                print(f"  {entry['path']:52s} {cells_count:4d} {cpu:5.2f} {mark} exit {status}")


if __name__ == "__main__":
    main()

"""Whole-process times of `puzzlesolve check`, `hint` and `explain`, as a user meets them.

    python bench/explain_process.py [--timeout 60] [--commands check,hint,explain]
        GENRE:PATH[:--fill] ...

Each command runs as its own process (start-up, grounding and solving included); printed:
wall seconds and CPU seconds (user + sys of the child), the exit status and the last line
(explain's difficulty). `check` is given the solution with one cell changed (bench/explain.py
`one_cell_wrong`). On a loaded machine the CPU figure is the one to compare with the targets
of bench/explain.py; wall time grows with the load.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from explain import one_cell_wrong

from puzzlesolve import load, solve
from puzzlesolve.registry import get_genre


def run(arguments: list[str]) -> tuple[float, float, int, str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "puzzlesolve", *arguments],
        capture_output=True,
        text=True,
        check=False,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = done.stdout.strip().splitlines()
    return wall, cpu, done.returncode, lines[-1] if lines else done.stderr.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", default="60")
    parser.add_argument("--commands", default="check,hint,explain")
    parser.add_argument("instances", nargs="+", help="GENRE:PATH or GENRE:PATH:--fill")
    args = parser.parse_args()
    for spec in args.instances:
        genre, path, *flags = spec.split(":")
        puzzle = load(genre, path)
        switches = [flag.lstrip("-") for flag in flags]
        found = solve(genre, puzzle, models=1, switches=switches)
        values = get_genre(genre).values(puzzle, found.solutions[0])
        wrong = one_cell_wrong(genre, puzzle, {c: v for c, v in values.items() if v is not None})
        text = get_genre(genre).render(puzzle, found.solutions[0]).splitlines()
        answer = {c: v for c, v in wrong.items()}
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
            rows = [list(line.split()) for line in text]
            for (r, c), value in answer.items():
                if r < len(rows) and c < len(rows[r]):
                    rows[r][c] = shown(genre, puzzle, (r, c), value)
            handle.write("\n".join(" ".join(row) for row in rows) + "\n")
        cells = puzzle.rows * puzzle.cols
        print(f"{genre} {Path(path).name} ({cells} cells{' ' + ' '.join(flags) if flags else ''})")
        for command in args.commands.split(","):
            extra = [handle.name] if command == "check" else []
            wall, cpu, status, last = run(
                [command, genre, path, *extra, *flags, "--timeout", args.timeout]
            )
            print(
                f"  {command:8} wall {wall:6.2f} s  cpu {cpu:6.2f} s  exit {status}  {last[:110]}"
            )
        os.unlink(handle.name)


def shown(genre: str, puzzle, cell: tuple[int, int], value) -> str:
    """How an answer file writes `value` at `cell`: Hitori and Nurikabe shade with '#' and
    keep a cell's number (Nurikabe's unnumbered white cells are '.'); others write the value."""
    if genre == "hitori":
        return "#" if value == "shaded" else str(puzzle.cells[cell])
    if genre == "nurikabe":
        number = puzzle.numbers.get(cell)
        return "#" if value == "shaded" else str(number) if number is not None else "."
    return str(value)


if __name__ == "__main__":
    main()

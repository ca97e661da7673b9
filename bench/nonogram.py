"""Nonogram solving against noqx's, in process, on the corpus boards (manifest-wave5.json,
nonogram/tatham: Simon Tatham's Pattern, 5x5 to 30x30); with ``--explain``, explaining and
hinting every board up to 15x15 (line solving must need no trial), and with ``--generate``,
generating a 10x10 at each difficulty.

    nice python bench/nonogram.py [--noqx /tmp/noqx] [--runs 5] [--explain] [--generate]

Each board is solved with the proof of uniqueness (two models asked for) by ours
(`solver.solve`: grounding, search, decoding) and by noqx's Nonogram program (made by its
`NonogramSolver`, ground and solved as noqx's own `ClingoSolver` does: clingo with
``--models=2``, its options), alternately, `--runs` times; per board the median CPU seconds
of each, and the suite's sums and their ratio (targets: ours <= 0.3x noqx's; a 25x25 <= 0.3 s).
Figures: README's Nonogram section and the branch's report.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO.parent / "shared" / "corpus"
sys.path.insert(0, str(REPO))

import versus

from puzzlesolve import load
from puzzlesolve.registry import get_genre


def noqx_solve(puzzle, noqx) -> int:
    """Models noqx's Nonogram program finds for `puzzle` (at most 2)."""
    board = noqx.Puzzle("nonogram", "")
    board.row, board.col = puzzle.rows, puzzle.cols
    board.param = {"cts": False}
    board.text = {}
    for r, runs in enumerate(puzzle.row_runs):  # the run nearest the grid at column -1
        for k, n in enumerate(reversed(runs)):
            board.text[noqx.Point(r, -1 - k, noqx.CENTER, "normal")] = n
    for c, runs in enumerate(puzzle.col_runs):
        for k, n in enumerate(reversed(runs)):
            board.text[noqx.Point(-1 - k, c, noqx.CENTER, "normal")] = n
    return versus.noqx_models(noqx.NonogramSolver().solve(board))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--noqx", type=Path, default=Path("/tmp/noqx"))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--explain", action="store_true")
    parser.add_argument("--generate", action="store_true")
    args = parser.parse_args()
    genre = get_genre("nonogram")
    entries = [
        e for e in json.loads((CORPUS / "manifest-wave5.json").read_text())
        if e["genre"] == "nonogram"
    ]  # fmt: skip
    if args.explain:
        explain_all(genre, entries)
    if args.generate:
        generate_each(genre)
    if args.explain or args.generate:
        return
    sys.path.insert(0, str(args.noqx))
    from noqx.puzzle import Direction, Point, Puzzle
    from solver.nonogram import NonogramSolver

    noqx = argparse.Namespace(
        Puzzle=Puzzle, Point=Point, NonogramSolver=NonogramSolver, CENTER=Direction.CENTER
    )
    versus.compare(genre, entries, noqx_solve, noqx, args.runs)


def explain_all(genre, entries) -> None:
    """Explain and hint every board up to 15x15: CPU seconds, grade, trials (none wanted)."""
    from puzzlesolve.explain import explain, hint

    for entry in entries:
        if entry["rows"] * entry["cols"] > 225:
            continue
        puzzle = load(genre, CORPUS / entry["path"])
        seconds, result = versus.cpu(explain, genre, puzzle)
        hinted, _ = versus.cpu(hint, genre, puzzle)
        grade = result.difficulty
        print(f"{entry['path']:40} explain {seconds:6.3f} s, hint {hinted:6.3f} s, "
              f"{grade.grade}, tier {grade.technique_tier}, trials {grade.trials}", flush=True)  # fmt: skip


def generate_each(genre) -> None:
    """A 10x10 at each difficulty, graded, for seeds 1-3: wall seconds and the grade."""
    from puzzlesolve.generate import generate

    for difficulty in ("easy", "medium", "hard"):
        for seed in (1, 2, 3):
            started = time.perf_counter()
            seconds, made = versus.cpu(generate, genre, 10, 10, seed=seed, difficulty=difficulty,
                                grade=True)  # fmt: skip
            print(f"10x10 {difficulty:6} seed {seed}: {time.perf_counter() - started:5.2f} s "
                  f"({seconds:5.2f} s CPU), graded {made.measures['grade']}", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()

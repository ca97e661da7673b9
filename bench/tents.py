"""Tents solving against noqx's, in process, on the corpus boards (manifest-wave5.json,
tents/tatham: Easy and Tricky, 6x6 to 25x25), and the times of explain, hint and generate.

    nice python bench/tents.py [--noqx /tmp/noqx] [--runs 5] [--no-extras]

Each board is solved with the proof of uniqueness (two models asked for) by ours
(`solver.solve`: grounding, search, decoding) and by noqx's Tents program (made by its
`TentsSolver`, ground and solved as noqx's own `ClingoSolver` does: clingo with
``--models=2``, its options), alternately, `--runs` times; per board the median CPU seconds
of each, and the suite's sums and their ratio (target: ours <= 0.3x noqx's). Then, unless
`--no-extras`: CPU of `explain` and `hint` on each 10x10 board (targets 1 s and 0.2 s), and
of `generate` 10x10 at each difficulty, graded (target 10 s).

Figures (2026-12-08, noqx 0f59813 at /tmp/noqx, --runs 3, CPU s on the 2-core machine under a
load average of 8): suite of 27 boards, ours 0.448 s, noqx 2.277 s: ours / noqx 0.20. By size:
6x6 0.75-1.4 (the solver's fixed cost of about 4 ms, as Light Up's), 8x8 0.5-0.8, 10x10
0.4-0.6, 15x15 0.24-0.29, 20x20-25x25 0.13-0.19. Explain of the 10x10 boards 0.22-0.23 s
(Easy, graded easy) and 0.42-0.63 s (Tricky: medium, hard, expert); hint 0.05-0.06 s.
Generate 10x10, graded, seeds 1-5: easy 0.3-1.7 s, medium 2.0-8.1 s (medium for 2 of 5 seeds,
the others the closest grade with a note), hard 1.0-7.4 s.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO.parent / "shared" / "corpus"
sys.path.insert(0, str(REPO))

import versus

from puzzlesolve import load
from puzzlesolve.registry import get_genre


def noqx_solve(board, noqx) -> int:
    """Models noqx's Tents program finds for `board` (at most 2)."""
    puzzle = noqx.Puzzle("tents", "")
    puzzle.row, puzzle.col = board.rows, board.cols
    puzzle.text = {(-1, c, noqx.CENTER, "normal"): n for c, n in enumerate(board.col_counts)}
    puzzle.text |= {(r, -1, noqx.CENTER, "normal"): n for r, n in enumerate(board.row_counts)}
    puzzle.symbol = {(r, c, noqx.CENTER, "normal"): "tents__1" for r, c in board.trees}
    return versus.noqx_models(noqx.TentsSolver().solve(puzzle))


def extras(genre, entries) -> None:
    """CPU of explain and hint on the 10x10 boards, and of generate at each difficulty."""
    from puzzlesolve.explain import explain, hint
    from puzzlesolve.generate import generate

    for entry in entries:
        if entry["rows"] != 10:
            continue
        board = load(genre, CORPUS / entry["path"])
        explained, result = versus.cpu(explain, genre, board)
        hinted, _ = versus.cpu(hint, genre, board, {})
        print(f"{entry['path']:40} explain {explained:.2f} s ({result.difficulty.grade}),"
              f" hint {hinted:.3f} s")  # fmt: skip
    for difficulty in ("easy", "medium", "hard"):
        for seed in (1, 2, 3):
            seconds, made = versus.cpu(generate, genre, 10, 10, seed, difficulty, grade=True)
            print(f"generate 10x10 {difficulty} seed {seed}: {seconds:.2f} s CPU, graded "
                  f"{made.measures['grade']}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--noqx", type=Path, default=Path("/tmp/noqx"))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-extras", action="store_true")
    args = parser.parse_args()
    sys.path.insert(0, str(args.noqx))
    from noqx.puzzle import Direction, Puzzle
    from solver.tents import TentsSolver

    noqx = argparse.Namespace(Puzzle=Puzzle, TentsSolver=TentsSolver, CENTER=Direction.CENTER)
    genre = get_genre("tents")
    entries = [
        e for e in json.loads((CORPUS / "manifest-wave5.json").read_text())
        if e["genre"] == "tents"
    ]  # fmt: skip
    versus.compare(genre, entries, noqx_solve, noqx, args.runs)
    if not args.no_extras:
        extras(genre, entries)


if __name__ == "__main__":
    main()

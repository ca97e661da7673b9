"""Kurodoko solving against noqx's, in process, on the corpus boards (manifest-wave5.json,
kurodoko/tatham: Simon Tatham's Range, 5x5 to 25x25); then explain and hint.

    nice python bench/kurodoko.py [--noqx /tmp/noqx] [--runs 5]

Each board is solved with the proof of uniqueness (two models asked for) by ours
(`solver.solve`: grounding, search, decoding) and by noqx's Kurodoko program (made by its
`KurodokoSolver`, ground and solved as noqx's own `ClingoSolver` does), alternately,
`--runs` times; per board the median CPU seconds of each, and the suite's sums and their
ratio (target: ours <= 0.3x noqx's). Then the CPU seconds of `explain` and `hint` on the
10x10 boards (targets: 1 s and 0.2 s).

Figures (2026-12-08, noqx at /tmp/noqx, --runs 3, CPU s on the loaded 2-core machine): suite
of 26 boards, ours 0.583 s, noqx 4.020 s: ours / noqx 0.14. By size: 25x25 0.10-0.11, 20x20
0.11-0.13, 15x15 and 16x11 0.18-0.24, 10x10 to 13x9 0.35-0.55, 5x5 to 9x6 0.87-1.47 (the
solver's fixed cost of a few ms, as bench/lightup.py says). Counting what a number sees by
sight.lp's runs instead of its views took 4.0 s of clingo alone on the suite (1.3x noqx).
10x10 boards: explain 0.47-0.74 s, hint 0.035 s.
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
from puzzlesolve.explain import explain, hint
from puzzlesolve.registry import get_genre


def noqx_models(board, _noqx: object) -> int:
    """Models noqx's Kurodoko program finds for `board` (at most 2)."""
    from noqx.puzzle import Direction, Puzzle
    from solver.kurodoko import KurodokoSolver

    puzzle = Puzzle("kurodoko", "")
    puzzle.row, puzzle.col, puzzle.surface = board.rows, board.cols, {}
    puzzle.text = {(r, c, Direction.CENTER, "normal"): n for (r, c), n in board.numbers.items()}
    return versus.noqx_models(KurodokoSolver().solve(puzzle))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--noqx", type=Path, default=Path("/tmp/noqx"))
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    sys.path.insert(0, str(args.noqx))
    genre = get_genre("kurodoko")
    manifest = json.loads((CORPUS / "manifest-wave5.json").read_text())
    entries = [e for e in manifest if e["genre"] == "kurodoko"]
    boards = {e["path"]: load(genre, CORPUS / e["path"]) for e in entries}
    versus.compare(genre, entries, noqx_models, None, args.runs)
    for path, board in boards.items():
        if (board.rows, board.cols) == (10, 10):
            explained, _ = versus.cpu(explain, genre, board)
            hinted, _ = versus.cpu(hint, genre, board)
            print(f"{path}: explain {explained:.2f} s, hint {hinted:.3f} s (CPU)")


if __name__ == "__main__":
    main()

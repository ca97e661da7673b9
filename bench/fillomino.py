"""Fillomino solving against noqx's, in process, on the corpus boards (manifest-wave5.json,
fillomino/tatham: Simon Tatham's Filling, 5x5 to 25x25).

    nice python bench/fillomino.py [--noqx /tmp/noqx] [--runs 3] [--max-cells 400]

Each board is solved with the proof of uniqueness (two models asked for) by ours
(`solver.solve`: grounding, search, decoding) and by noqx's Fillomino program (made by its
`FillominoSolver` in its default fast mode, ground and solved as noqx's own `ClingoSolver`
does: clingo with ``--models=2``, its options), alternately, `--runs` times; per board the
median CPU seconds of each, and the suite's sums and their ratio (target: ours <= 0.3x noqx's).
Figures (2026-12-08, noqx at /tmp/noqx, --runs 1, CPU s on the loaded 2-core machine): suite
of 22 boards up to 400 cells, ours 21.7 s, noqx 48.6 s: ours / noqx 0.45 (target 0.3). By
size: 20x20 0.24-0.34 (ours 2.2-4.4 s: the 0.5 s target missed), 17x13 0.41-0.64, 13x9
0.97-2.05, 10x10 1.1-1.5, 5x5-9x7 1.0-1.7. Ours grounds every cell's reach within its size's
steps for each size it may hold (a 20x20 about 124k rules); noqx counts from the givens only
and searches regions without a given up to 5 cells (its fast mode), which is why it is quick
on small boards and would miss a solution with a larger such region.
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

from puzzlesolve.registry import get_genre


def noqx_solve(board, noqx) -> int:
    """Models noqx's Fillomino program finds for `board` (at most 2)."""
    puzzle = noqx.Puzzle("fillomino", "")
    puzzle.row, puzzle.col = board.rows, board.cols
    puzzle.text = {(r, c, noqx.CENTER, "normal"): n for (r, c), n in board.givens.items()}
    puzzle.param = {"fast_mode": True}
    return versus.noqx_models(noqx.FillominoSolver().solve(puzzle))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--noqx", type=Path, default=Path("/tmp/noqx"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--max-cells", type=int, default=400)
    args = parser.parse_args()
    sys.path.insert(0, str(args.noqx))
    from noqx.puzzle import Direction, Puzzle
    from solver.fillomino import FillominoSolver

    noqx = argparse.Namespace(
        Puzzle=Puzzle, FillominoSolver=FillominoSolver, CENTER=Direction.CENTER
    )
    genre = get_genre("fillomino")
    entries = [
        e for e in json.loads((CORPUS / "manifest-wave5.json").read_text())
        if e["genre"] == "fillomino" and e["rows"] * e["cols"] <= args.max_cells
    ]  # fmt: skip
    versus.compare(genre, entries, noqx_solve, noqx, args.runs)


if __name__ == "__main__":
    main()

"""Star Battle solving against noqx's, in process, on the corpus boards (manifest-regions5.json,
starbattle/: 47 boards, 5x5 to 15x15, 1 to 3 stars).

    nice python bench/starbattle.py [--noqx /tmp/noqx] [--runs 5]

Each board is solved with the proof of uniqueness (two models asked for) by ours
(`solver.solve`: grounding, search, decoding) and by noqx's Star Battle program (made by its
`StarBattleSolver` from the board's walls, ground and solved as noqx's own `ClingoSolver`
does: clingo with ``--models=2``, its options), alternately, `--runs` times; per board the
median CPU seconds of each, and the suite's sums and their ratio (target: ours <= 0.3x
noqx's).
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

from puzzlesolve.regions import borders
from puzzlesolve.registry import get_genre


def noqx_solve(board, noqx) -> int:
    """Models noqx's Star Battle program finds for `board` (at most 2)."""
    puzzle = noqx.Puzzle("starbattle", "")
    puzzle.row, puzzle.col = board.rows, board.cols
    puzzle.param = {"stars": str(board.stars)}
    puzzle.edge = {}
    for (r, c), (r2, _c2) in borders(board.regions):
        side = noqx.LEFT if r == r2 else noqx.TOP
        puzzle.edge[noqx.Point(r2, c + 1 if r == r2 else c, side)] = True
    return versus.noqx_models(noqx.Solver().solve(puzzle))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--noqx", type=Path, default=Path("/tmp/noqx"))
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    sys.path.insert(0, str(args.noqx))
    from noqx.puzzle import Direction, Point, Puzzle
    from solver.starbattle import StarBattleSolver

    noqx = argparse.Namespace(
        Puzzle=Puzzle, Solver=StarBattleSolver, Point=Point, LEFT=Direction.LEFT,
        TOP=Direction.TOP,
    )  # fmt: skip
    genre = get_genre("starbattle")
    entries = [
        e for e in json.loads((CORPUS / "manifest-regions5.json").read_text())
        if e["genre"] == "starbattle"
    ]  # fmt: skip
    versus.compare(genre, entries, noqx_solve, noqx, args.runs)


if __name__ == "__main__":
    main()

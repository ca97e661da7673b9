"""Light Up solving against noqx's, in process, on the corpus boards (manifest-wave5.json,
lightup/tatham: Easy, Tricky and Hard, 5x5 to 25x25).

    nice python bench/lightup.py [--noqx /tmp/noqx] [--runs 5]

Each board is solved with the proof of uniqueness (two models asked for) by ours
(`solver.solve`: grounding, search, decoding) and by noqx's Akari program (made by its
`AkariSolver`, ground and solved as noqx's own `ClingoSolver` does: clingo with
``--models=2``, its options), alternately, `--runs` times; per board the median CPU seconds
of each, and the suite's sums and their ratio (target: ours <= 0.3x noqx's).

Figures (2026-12-07, noqx at /tmp/noqx, --runs 5, CPU s on the loaded 2-core machine): suite
of 27 boards, ours 0.176 s, noqx 0.448 s: ours / noqx 0.39 (before sight.lp's runs, with a
relation of every pair of cells that see each other: 0.530 s, 1.10x). By size: 25x25 0.21-0.24,
20x20 0.29-0.32, 14x14 0.43-0.54, 10x10 0.58-0.78, 5x5-7x7 0.8-1.9. The small boards miss the
target for the solver's fixed cost, not the rules: on a 5x5 clingo itself (load, ground, two
models) takes 1.2 ms and `solver.solve` 2.9 ms (its grounding thread, its rules-file checks and
clingo's statistics read whole), where noqx's whole call takes 1.6-2.4 ms; the rules file
grounds within 3x of loading the facts alone (25x25: 9.9 ms against 3.4 ms).
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
    """Models noqx's Akari program finds for `board` (at most 2)."""
    puzzle = noqx.Puzzle("akari", "")
    puzzle.row, puzzle.col = board.rows, board.cols
    puzzle.surface = {(r, c, noqx.CENTER, ""): noqx.BLACK for r, c in board.black}
    puzzle.text = {
        (r, c, noqx.CENTER, "normal"): n for (r, c), n in board.black.items() if n is not None
    }
    return versus.noqx_models(noqx.AkariSolver().solve(puzzle))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--noqx", type=Path, default=Path("/tmp/noqx"))
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    sys.path.insert(0, str(args.noqx))
    from noqx.puzzle import Color, Direction, Puzzle
    from solver.akari import AkariSolver

    noqx = argparse.Namespace(
        Puzzle=Puzzle, AkariSolver=AkariSolver, CENTER=Direction.CENTER, BLACK=Color.BLACK
    )
    genre = get_genre("lightup")
    entries = [
        e for e in json.loads((CORPUS / "manifest-wave5.json").read_text())
        if e["genre"] == "lightup"
    ]  # fmt: skip
    versus.compare(genre, entries, noqx_solve, noqx, args.runs)


if __name__ == "__main__":
    main()

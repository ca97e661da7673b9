"""Yajilin solving against noqx's, in process, on the corpus boards (manifest-regions5.json,
yajilin/: pzprjs, cspuz, noqx, Penpa+, penpuz, puzzlekit, two solver repositories and Janko,
5x5 to 39x57).

    nice python bench/yajilin.py [--noqx /tmp/noqx] [--runs 3] [--max-cells N]

Each board is solved with the proof of uniqueness (two models asked for) by ours
(`solver.solve`: grounding, search, decoding) and by noqx's Yajilin program (made by its
`YajilinSolver`, ground and solved as noqx's own `ClingoSolver` does: clingo with
``--models=2``, its options), alternately, `--runs` times; per board the median CPU seconds
of each, and the suite's sums and their ratio (target: ours <= 0.3x noqx's).

Figures (2026-12-08, noqx at /tmp/noqx 0f59813, --runs 3, CPU s on the loaded 2-core
machine): suite of 76 boards, ours 7.06 s, noqx 15.89 s: ours / noqx 0.44 (target 0.3 missed).
The 40 Janko boards (11x11 to 39x57) 6.39 s against 15.24 s (0.42; 39x57 janko_528 0.24,
31x45 janko_030 0.24); the 36 small boards (5x5 to 19x13) 0.67 s against 0.65 s (1.03: the
solver's fixed cost per call, as bench/lightup.py says, 5x5 about 8 ms against noqx's 4 ms).
clingo's handy configuration (the genre's options) took the suite from 7.7 s to 5.5 s of our
CPU (25x30 janko_420: 2.3 s to 0.14 s).
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

SIDES = {"^": "top", "v": "bottom", "<": "left", ">": "right"}


def noqx_solve(board, noqx) -> int:
    """Models noqx's Yajilin program finds for `board` (at most 2)."""
    puzzle = noqx.Puzzle("yajilin", "")
    puzzle.row, puzzle.col = board.rows, board.cols
    puzzle.text = {
        (r, c, noqx.CENTER, f"arrow_{SIDES[arrow]}"): number
        for (r, c), (number, arrow) in board.clues.items()
    }
    return versus.noqx_models(noqx.YajilinSolver().solve(puzzle))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--noqx", type=Path, default=Path("/tmp/noqx"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--max-cells", type=int, default=None)
    args = parser.parse_args()
    sys.path.insert(0, str(args.noqx))
    from noqx.puzzle import Direction, Puzzle
    from solver.yajilin import YajilinSolver

    noqx = argparse.Namespace(Puzzle=Puzzle, YajilinSolver=YajilinSolver, CENTER=Direction.CENTER)
    genre = get_genre("yajilin")
    entries = [
        e for e in json.loads((CORPUS / "manifest-regions5.json").read_text())
        if e["genre"] == "yajilin" and (args.max_cells is None or e["rows"] * e["cols"] <= args.max_cells)
    ]  # fmt: skip
    versus.compare(genre, entries, noqx_solve, noqx, args.runs)


if __name__ == "__main__":
    main()

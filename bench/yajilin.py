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
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO.parent / "shared" / "corpus"
sys.path.insert(0, str(REPO))

from puzzlesolve import load, solver
from puzzlesolve.registry import get_genre

SIDES = {"^": "top", "v": "bottom", "<": "left", ">": "right"}


def noqx_solve(board, noqx) -> int:
    """Models noqx's Yajilin program finds for `board` (at most 2)."""
    from clingo.control import Control

    puzzle = noqx.Puzzle("yajilin", "")
    puzzle.row, puzzle.col = board.rows, board.cols
    puzzle.text = {
        (r, c, noqx.CENTER, f"arrow_{SIDES[arrow]}"): number
        for (r, c), (number, arrow) in board.clues.items()
    }
    control = Control(["--models=2"], logger=lambda code, message: None)
    control.configuration.asp.trans_ext = "dynamic"
    control.configuration.asp.eq = 1
    control.add("base", [], noqx.YajilinSolver().solve(puzzle))
    control.ground([("base", [])])
    found: list[int] = []
    control.solve(on_model=lambda model: found.append(1))
    return len(found)


def cpu(call, *arguments) -> tuple[float, object]:
    """CPU seconds of one call, and what it returned."""
    started = time.process_time()
    result = call(*arguments)
    return time.process_time() - started, result


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
    ours_sum = theirs_sum = 0.0
    print(f"{'board':40} {'ours s':>8} {'noqx s':>8} {'ratio':>6}")
    for entry in entries:
        board = load(genre, CORPUS / entry["path"])
        ours, theirs = [], []
        for _ in range(args.runs):
            seconds, result = cpu(solver.solve, genre, board)
            assert result.status == "unique", entry["path"]
            ours.append(seconds)
            seconds, models = cpu(noqx_solve, board, noqx)
            assert models == 1, entry["path"]
            theirs.append(seconds)
        mine, other = statistics.median(ours), statistics.median(theirs)
        ours_sum, theirs_sum = ours_sum + mine, theirs_sum + other
        print(f"{entry['path']:40} {mine:8.4f} {other:8.4f} {mine / other:6.2f}", flush=True)
    print(f"suite of {len(entries)}: ours {ours_sum:.3f} s, noqx {theirs_sum:.3f} s, "
          f"ours / noqx {ours_sum / theirs_sum:.2f}")  # fmt: skip


if __name__ == "__main__":
    main()

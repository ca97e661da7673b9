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
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO.parent / "shared" / "corpus"
sys.path.insert(0, str(REPO))

from puzzlesolve import load, solver
from puzzlesolve.registry import get_genre


def noqx_solve(board, noqx) -> int:
    """Models noqx's Akari program finds for `board` (at most 2)."""
    from clingo.control import Control

    puzzle = noqx.Puzzle("akari", "")
    puzzle.row, puzzle.col = board.rows, board.cols
    puzzle.surface = {(r, c, noqx.CENTER, ""): noqx.BLACK for r, c in board.black}
    puzzle.text = {
        (r, c, noqx.CENTER, "normal"): n for (r, c), n in board.black.items() if n is not None
    }
    control = Control(["--models=2"], logger=lambda code, message: None)
    control.configuration.asp.trans_ext = "dynamic"
    control.configuration.asp.eq = 1
    control.add("base", [], noqx.AkariSolver().solve(puzzle))
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
        print(f"{entry['path']:40} {mine:8.4f} {other:8.4f} {mine / other:6.2f}")
    print(f"suite of {len(entries)}: ours {ours_sum:.3f} s, noqx {theirs_sum:.3f} s, "
          f"ours / noqx {ours_sum / theirs_sum:.2f}")  # fmt: skip


if __name__ == "__main__":
    main()

"""Heyawake solving against noqx's, in process, on the corpus boards (manifest-regions5.json,
heyawake/: 77 boards, 6x6 to 31x45).

    nice python bench/heyawake.py [--noqx /tmp/noqx] [--runs 3] [--max-cells N]
    nice python bench/heyawake.py --explain   # explain and hint CPU on the 10x10 boards

Each board is solved with the proof of uniqueness (two models asked for) by ours
(`solver.solve`: grounding, search, decoding) and by noqx's Heyawake program (made by its
`HeyawakeSolver` from the board's walls and numbers, default parameters, ground and solved as noqx's own `ClingoSolver`
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

from puzzlesolve import load
from puzzlesolve.regions import borders
from puzzlesolve.registry import get_genre


def noqx_solve(board, noqx) -> int:
    """Models noqx's Heyawake program finds for `board` (at most 2)."""
    puzzle = noqx.Puzzle("heyawake", "")
    puzzle.row, puzzle.col = board.rows, board.cols
    puzzle.param = {"fast_mode": False, "limit_border": 0, "limit_2x2": 0}
    puzzle.edge, puzzle.surface = {}, {}
    for (r, c), (r2, _c2) in borders(board):
        side = noqx.LEFT if r == r2 else noqx.TOP
        puzzle.edge[noqx.Point(r2, c + 1 if r == r2 else c, side)] = True
    puzzle.text = {noqx.Point(r, c, noqx.CENTER, "normal"): n for (r, c), n in board.clues.items()}
    return versus.noqx_models(noqx.Solver().solve(puzzle))


def explain_times() -> None:
    """CPU seconds of explain (whole) and hint (no answer) on every 10x10 corpus board, with
    the grade and the steps found by trial (targets: explain <= 1 s, hint <= 0.2 s)."""
    from puzzlesolve.explain import explain, hint

    genre = get_genre("heyawake")
    entries = [
        e for e in json.loads((CORPUS / "manifest-regions5.json").read_text())
        if e["genre"] == "heyawake" and (e["rows"], e["cols"]) == (10, 10)
    ]  # fmt: skip
    print(f"{'board':40} {'explain s':>9} {'hint s':>7} grade   trials")
    totals = [0.0, 0.0]
    for entry in entries:
        board = load(genre, CORPUS / entry["path"])
        explained, done = versus.cpu(explain, genre, board)
        hinted, _ = versus.cpu(hint, genre, board)
        totals = [totals[0] + explained, totals[1] + hinted]
        measured = done.difficulty
        print(f"{entry['path']:40} {explained:9.3f} {hinted:7.3f} {measured.grade:7} "
              f"{measured.trials}", flush=True)  # fmt: skip
    print(f"{len(entries)} boards: explain mean {totals[0] / len(entries):.3f} s, "
          f"hint mean {totals[1] / len(entries):.3f} s")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--noqx", type=Path, default=Path("/tmp/noqx"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--max-cells", type=int, default=None)
    parser.add_argument("--explain", action="store_true", help=explain_times.__doc__)
    args = parser.parse_args()
    if args.explain:
        explain_times()
        return
    sys.path.insert(0, str(args.noqx))
    from noqx.puzzle import Direction, Point, Puzzle
    from solver.heyawake import HeyawakeSolver

    noqx = argparse.Namespace(
        Puzzle=Puzzle, Solver=HeyawakeSolver, Point=Point, LEFT=Direction.LEFT,
        TOP=Direction.TOP, CENTER=Direction.CENTER,
    )  # fmt: skip
    genre = get_genre("heyawake")
    entries = [
        e for e in json.loads((CORPUS / "manifest-regions5.json").read_text())
        if e["genre"] == "heyawake" and e["rows"] * e["cols"] <= (args.max_cells or 10**9)
    ]  # fmt: skip
    versus.compare(genre, entries, noqx_solve, noqx, args.runs)


if __name__ == "__main__":
    main()

"""Tents grades against Simon Tatham's levels: fresh boards from sgt-tents (Easy de, Tricky
dt), explained by the forward engine; the AUC of Easy against Tricky (the chance that a
Tricky board grades higher, ties counting half) for the grade index and the finer scores of
bench/grades.py. Target: AUC >= 0.85 on the grade.

    nice python bench/tents_grades.py [--sizes 10x10] [--count 30] [--seed calib]

Figures (2026-12-08, sgt-puzzles 20230122, --count 30, seed calib, 10x10): Easy 30 easy;
Tricky 11 medium, 14 hard, 5 expert (19 need a trial: Tatham's Tricky solver enumerates a
line's placements, which the techniques here do only for tight lines); CPU median 0.30 /
0.60 s, max 0.8 s. AUC Easy/Tricky: grade 1.00, tier 0.93, tier*100+at_hardest 0.94.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from grades import SCORES, Explained, auc, level_scores

LEVELS = {"de": "Easy", "dt": "Tricky"}


def boards(size: str, level: str, count: int, seed: str) -> list[tuple[str, str]]:
    """(name, game id) of `count` fresh boards of one size and level."""
    params = f"{size}{level}#{seed}-{size}{level}"
    ids = subprocess.run(
        ["/usr/games/sgt-tents", "--generate", str(count), params],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return [(f"{size}-{level}-{k}", game_id) for k, game_id in enumerate(ids)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", nargs="+", default=["10x10"])
    parser.add_argument("--count", type=int, default=30)
    parser.add_argument("--seed", default="calib")
    parser.add_argument("--timeout", type=float, default=60)
    args = parser.parse_args()
    explained = Explained(None, args.timeout)
    for size in args.sizes:
        print(f"Tents {size}:")
        scores: dict[str, list] = {}
        for level, name in LEVELS.items():
            found = boards(size, level, args.count, args.seed)
            scores[level] = level_scores(explained, "tents", name, found)
        for score, measure in SCORES.items():
            value = auc(
                [measure(d) for d, _ in scores["dt"]], [measure(d) for d, _ in scores["de"]]
            )
            print(f"  AUC Easy/Tricky {score:32} {value:.2f}")


if __name__ == "__main__":
    main()

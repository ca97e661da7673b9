"""Light Up grades against Simon Tatham's levels: fresh boards from sgt-lightup (Easy d0,
Tricky d1, Hard d2), explained by the forward engine; the AUC of each adjacent pair of levels
(the chance that a board of the harder level grades higher, ties counting half) for the grade
index and the finer scores of bench/grades.py.

    nice python bench/lightup_grades.py [--sizes 7x7 10x10] [--count 20] [--seed calib]

Figures (2026-12-07, sgt-puzzles 20230122, --count 20 per level and size, seeds calib-*,
CPU s per explanation on a loaded 2-core machine; Light Up TIER_GRADES {0-1: easy, 2: medium},
a trial hard, more than two expert):
  7x7: Easy 20 easy, Tricky 20 medium, Hard 13 hard + 7 expert (every Hard board needs a
    trial, no Easy or Tricky one does); CPU median 0.1 / 0.15 / 0.2 s.
  10x10: Easy 20 easy, Tricky 20 medium, Hard 7 hard + 13 expert; CPU median 0.3 / 0.4 /
    0.55 s, max 0.8 s.
  AUC of the grade: Easy/Tricky 1.00 and Tricky/Hard 1.00 at both sizes (of the tier alone,
  Tricky/Hard 0.50: Hard boards need the same tiers and a trial besides).
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

LEVELS = {"d0": "Easy", "d1": "Tricky", "d2": "Hard"}


def boards(size: str, level: str, count: int, seed: str) -> list[tuple[str, str]]:
    """(name, game id) of `count` fresh boards of one size and level."""
    found = []
    for k in range(count):
        params = f"{size}b20s2{level}#{seed}-{size}{level}-{k}"
        game_id = subprocess.run(
            ["/usr/games/sgt-lightup", "--generate", "1", params],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        found.append((f"{size}-{level}-{k}", game_id))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", nargs="+", default=["7x7", "10x10"])
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--seed", default="calib")
    parser.add_argument("--timeout", type=float, default=60)
    args = parser.parse_args()
    explained = Explained(None, args.timeout)
    for size in args.sizes:
        print(f"Light Up {size}:")
        scores: dict[str, list] = {}
        for level, name in LEVELS.items():
            found = boards(size, level, args.count, args.seed)
            scores[level] = level_scores(explained, "lightup", name, found)
        for easier, harder in (("d0", "d1"), ("d1", "d2")):
            for score, measure in SCORES.items():
                value = auc(
                    [measure(d) for d, _ in scores[harder]],
                    [measure(d) for d, _ in scores[easier]],
                )
                print(f"  AUC {LEVELS[easier]}/{LEVELS[harder]} {score:32} {value:.2f}")


if __name__ == "__main__":
    main()

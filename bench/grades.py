"""Grades against labelled puzzles: Tatham's Singles Easy vs Tricky (Hitori) and Flow Free
packs (Numberlink, --fill), from ../shared/corpus.

    nice python bench/grades.py [--sizes 8x8 10x10] [--flow 5 6 7 8] [--timeout 120]

For each puzzle: its explanation's largest step, the share of rounds with one way on, the
tier and the grade (`puzzlesolve.explain.difficulty`), and the time taken. Then, for Singles,
the AUC of the largest step between Easy and Tricky (the chance that a Tricky puzzle
measures harder than an Easy one, ties counting half), per size and overall.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO.parent / "shared" / "corpus"
sys.path.insert(0, str(REPO))

from puzzlesolve import load
from puzzlesolve.explain import explain
from puzzlesolve.registry import get_genre


def auc(hard: list[float], easy: list[float]) -> float:
    """The chance that a hard one measures more than an easy one (ties half)."""
    pairs = [(h > e) + 0.5 * (h == e) for h in hard for e in easy]
    return sum(pairs) / len(pairs) if pairs else float("nan")


def measure(genre: str, path: Path, switches: tuple, timeout: float) -> dict:
    started = time.perf_counter()
    explanation = explain(
        get_genre(genre), load(genre, path), switches=switches, timeout=timeout
    )
    d = explanation.difficulty
    figures = {
        "largest": d.largest, "one_way": d.one_way, "tier": d.tier, "grade": d.grade,
        "status": explanation.status, "s": round(time.perf_counter() - started, 1),
    }
    print(f"  {path.name:28} " + " ".join(f"{k}={v}" for k, v in figures.items()), flush=True)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="*", default=["8x8", "10x10"])
    parser.add_argument("--flow", nargs="*", default=["5", "6", "7", "8"])
    parser.add_argument("--timeout", type=float, default=120.0)
    args = parser.parse_args()
    if not (CORPUS / "manifest.json").is_file():
        sys.exit(f"corpus missing: {CORPUS}")
    every: dict[str, list[float]] = {"de": [], "dk": []}
    for size in args.sizes:
        found: dict[str, list[float]] = {"de": [], "dk": []}
        for kind in ("de", "dk"):
            print(f"Singles {size} {'Easy' if kind == 'de' else 'Tricky'}")
            for path in sorted((CORPUS / "hitori" / "tatham").glob(f"sgt_{size}_{kind}_?.txt")):
                found[kind].append(measure("hitori", path, (), args.timeout)["largest"])
        every["de"] += found["de"]
        every["dk"] += found["dk"]
        print(f"AUC {size} (largest step, Tricky > Easy): {auc(found['dk'], found['de']):.2f}")
    print(f"AUC overall: {auc(every['dk'], every['de']):.2f}")
    for side in args.flow:
        print(f"Flow Free {side}x{side}")
        for path in sorted((CORPUS / "numberlink" / "flowfree").glob(f"*_{side}x{side}_*.txt")):
            if not path.name.endswith(".solution.txt"):
                measure("numberlink", path, ("fill",), args.timeout)


if __name__ == "__main__":
    main()

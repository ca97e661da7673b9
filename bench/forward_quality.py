"""The issue's quality figures of the forward engine's explanations, on every unique corpus
puzzle up to --max-cells cells of the genres with a technique file (manifest.json and
manifest-loops.json).

    python bench/forward_quality.py [--max-cells 100]

Per puzzle: steps, trials, bookkeeping steps standing alone, the most cells a step cites;
then over all steps: median cells cited per step, steps over 20 cells not shown as a trial,
the share of standalone bookkeeping steps, the share of steps with a named technique, and
the conclusions the run-time check dropped (bugs: should be none).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO.parent / "shared" / "corpus"
sys.path.insert(0, str(REPO))


def main() -> None:
    from puzzlesolve import load
    from puzzlesolve.explain import explain, forward
    from puzzlesolve.registry import get_genre

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-cells", type=int, default=100)
    args = parser.parse_args()
    manifest = [  # the loop genres' puzzles are listed apart
        entry
        for name in ("manifest.json", "manifest-loops.json")
        if (CORPUS / name).is_file()
        for entry in json.loads((CORPUS / name).read_text())
    ]
    cited: list[int] = []
    steps = alone = named = long_listed = trials_long = bugs = 0
    for entry in manifest:
        genre = get_genre(entry["genre"])
        if not (entry["unique"] and entry["rows"] * entry["cols"] <= args.max_cells):
            continue
        if not forward.available(genre):
            continue
        switches = ["fill"] if entry.get("variant") == "fill" else []
        explanation = explain(
            get_genre(genre), load(genre, CORPUS / entry["path"]), switches=switches
        )
        mine = explanation.steps
        steps += len(mine)
        cited += [len(step.because) for step in mine]
        alone += sum(step.tier == 0 for step in mine)
        named += sum(step.technique != "trial" for step in mine)
        long_listed += sum(len(step.because) > 20 and step.technique != "trial" for step in mine)
        trials_long += sum(len(step.because) > 20 and step.technique == "trial" for step in mine)
        bugs += len(getattr(explanation, "bugs", []))
        print(
            f"{entry['path']:50s} {explanation.status:8s} steps {len(mine):3d} trials "
            f"{explanation.difficulty.trials:2d} bookkeeping alone "
            f"{sum(step.tier == 0 for step in mine)} most cells "
            f"{max((len(step.because) for step in mine), default=0)}",
            flush=True,
        )
    print(f"steps {steps}; median cells cited per step {statistics.median(cited)}")
    print(f"steps citing over 20 cells: {long_listed} by a technique, {trials_long} trials")
    print(f"standalone bookkeeping steps: {alone} ({100 * alone / steps:.1f} %)")
    print(f"steps by a named technique: {named} ({100 * named / steps:.1f} %)")
    print(f"conclusions dropped by the run-time check (bugs): {bugs}")


if __name__ == "__main__":
    main()

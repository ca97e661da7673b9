"""How far the forward techniques files (encodings/hitori.techniques.lp,
nurikabe.techniques.lp) get alone, and what a round of them costs.

    nice python bench/forward_techniques.py [--max-cells 225] [PATH ...]

For each instance (by default every Hitori of ../shared/corpus up to --max-cells cells, the
bundled Nurikabe instances and the generated boards of tests/genres/nurikabe/boards): the
forward loop of tests/forward.py (ground the techniques on the decided cells, decide what they
decide, repeat) run to its fixpoint, with every technique and with those up to tier 2 only;
the cells decided (each checked against the unique solution), the rounds, the CPU seconds of
the loop and of its slowest round (grounding and reading the answer); and graded, as the
engine orders steps (each round decides only what its easiest tier decides): the hardest
tier needed, its rounds and CPU seconds. Then the mean share of cells decided per set (genre, source, size,
difficulty).
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
sys.path.insert(0, str(REPO / "tests"))

from forward import Rules, forward_round

from puzzlesolve.registry import get_genre


def default_instances(max_cells: int) -> list[tuple[str, Path]]:
    found: list[tuple[str, Path]] = []
    manifest = CORPUS / "manifest.json"
    if manifest.is_file():
        for entry in json.loads(manifest.read_text()):
            small = entry["rows"] * entry["cols"] <= max_cells
            if entry["genre"] == "hitori" and entry["unique"] and small:
                found.append(("hitori", CORPUS / entry["path"]))
    for path in sorted((REPO / "instances" / "nurikabe").glob("*.txt")):
        found.append(("nurikabe", path))
    for path in sorted((REPO / "tests" / "genres" / "nurikabe" / "boards").glob("*.txt")):
        found.append(("nurikabe", path))
    return found


def run(
    genre: str, facts: str, max_tier: int | None, graded: bool
) -> tuple[dict, list[float], int]:
    """The forward loop: the cells decided, each round's CPU seconds, the hardest tier used.
    Graded: each round decides only what its easiest tier decides (as the engine orders
    steps); otherwise everything the round derives."""
    known: dict = {}
    times: list[float] = []
    hardest = -1
    while True:
        start = time.process_time()
        found = forward_round(genre, facts, known)
        times.append(time.process_time() - start)
        tiers = {found.techniques[c.technique][0] for c in found.conclusions}
        if max_tier is not None:
            tiers = {t for t in tiers if t <= max_tier}
        if not tiers:
            return known, times, hardest
        limit = min(tiers) if graded else max(tiers)
        hardest = max(hardest, limit)
        for cell, values in found.decided(limit).items():
            known[cell] = next(iter(values))


def set_name(genre: str, path: Path) -> str:
    """The set an instance belongs to, e.g. hitori tatham 10x10 Easy."""
    name = path.stem
    if genre == "hitori" and name.startswith("sgt_"):
        _sgt, size, level, _k = name.split("_")
        return f"hitori tatham {size} {'Easy' if level == 'de' else 'Tricky'}"
    return f"{genre} {path.parent.name}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--max-cells", type=int, default=225)
    parser.add_argument("paths", nargs="*", type=Path, help="GENRE:PATH, or PATH of a Hitori")
    arguments = parser.parse_args(argv)
    instances = [
        (text.split(":")[0], Path(text.split(":", 1)[1])) if ":" in text else ("hitori", Path(text))
        for text in map(str, arguments.paths)
    ] or default_instances(arguments.max_cells)
    shares: dict[str, list[tuple[float, float]]] = {}
    print(
        f"{'instance':40} {'cells':>5} {'all':>5} {'<=t2':>5} {'rounds':>6} {'cpu s':>6} "
        f"{'round max':>9} | graded: {'tier':>4} {'rounds':>6} {'cpu s':>6}"
    )
    for genre, path in instances:
        g = get_genre(genre)
        puzzle = g.parse(path.read_text(), str(path))
        facts = "\n".join(g.facts(puzzle)) + "\n"
        solutions = Rules(f"{genre}.lp", facts).solutions()
        if len(solutions) != 1:
            continue
        cells = len(solutions[0])
        known, times, _tier = run(genre, facts, None, graded=False)
        easy, _t, _h = run(genre, facts, 2, graded=False)
        _k, graded_times, hardest = run(genre, facts, None, graded=True)
        wrong = [cell for cell, v in known.items() if solutions[0][cell] != v]
        print(
            f"{path.relative_to(path.parents[1])!s:40} {cells:5} {len(known):5} "
            f"{len(easy):5} {len(times):6} {sum(times):6.2f} {max(times):9.3f} | "
            f"{hardest:12} {len(graded_times):6} {sum(graded_times):6.2f}"
            + (f"  WRONG {wrong}" if wrong else "")
        )
        shares.setdefault(set_name(genre, path), []).append((len(known) / cells, len(easy) / cells))
    print()
    print(f"{'set':34} {'n':>3} {'all techniques':>15} {'tiers 0-2':>10}")
    for name, values in sorted(shares.items()):
        every = statistics.mean(v[0] for v in values)
        easy = statistics.mean(v[1] for v in values)
        print(f"{name:34} {len(values):3} {every:14.0%} {easy:10.0%}")


if __name__ == "__main__":
    main()

"""Grades against labelled puzzles: Tatham's Singles Easy vs Tricky (Hitori), fresh from
sgt-singles (bench/singles.py), and Flow Free packs (Numberlink, --fill) from ../shared/corpus.

    nice python bench/grades.py [--singles 8x8 10x10] [--count 30] [--same 7x7 12x12]
        [--flow 5 6 7 8] [--timeout 120] [--cache FILE]

For each puzzle: its explanation's largest step, the share of rounds with one way on, the
tier and the grade (`puzzlesolve.explain.difficulty`), and the time taken. Then, for Singles,
per size: the medians, and the AUC (the chance that a Tricky puzzle measures harder than an
Easy one, ties counting half) of each grade input, on the training half (odd seeds) and on
the held-out half (even seeds). --same: Easy puzzles at several sizes, whose grades must
agree. --cache keeps each explanation's steps (JSON lines), so that a second run with a
changed grade rule explains nothing again.

Figures (2026-11-28, Step.weight, Hitori GRADE_SIZES (14, 20, 28), Hitori WIDEN (10, 12),
sgt-puzzles 20230122, fresh puzzles, --count 30, CPU s per explanation on a loaded machine):
  Singles 8x8, 30+30: AUC heaviest step 0.95 train / 0.88 held out (0.92 all), grade 0.90 /
    0.90; medians Easy 11, Tricky 17; Easy graded easy 30/30, Tricky 24/30 harder.
  Singles 10x10, 30+30: AUC 0.96 / 0.88 (0.92 all), grade 0.89 / 0.89; medians 12 / 19;
    Easy graded easy 26/30, Tricky 26/30 harder; 1.0-2.3 s each.
  Same grade across sizes (--same 7x7 15x15, 6 each): Easy graded easy 6/6 at 7x7 (median
    10.5) and 6/6 at 15x15 (12.5; 2/6 before WIDEN: the heaviest step grew with the board as
    4 candidates a round missed the local step); Tricky harder than easy 5/6 at 7x7, 6/6 at
    15x15 (medians 18, 22.5).
  Flow Free (--flow 5 6 7 8 9 10 --timeout 40; --fill): regular 5x5-8x8 heaviest 9-15
    (easy, 0.3-2.0 s), extreme 8x8 24 (medium, 6.0 s); regular 9x9 25 (medium, 6.4 s),
    jumbo 10x10 26 (medium, 15.4 s); extreme 9x9_30 81 (expert, 23 s), _01 88 when cut at
    40 s; extreme 10x10 98-115 when cut at 40 s (expert). Extreme packs grade above regular
    and jumbo ones at the same size; jumbo 10x10 (few long lines) grades with regular 9x9.
  Numberlink, ours: 6x6 seed 1 hard weighed 242 by cost, 40 by weight.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO.parent / "shared" / "corpus"
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from puzzlesolve import parse
from puzzlesolve.explain import Difficulty, Step, difficulty, explain
from puzzlesolve.registry import get_genre


def auc(hard: list[float], easy: list[float]) -> float:
    """The chance that a hard one measures more than an easy one (ties half)."""
    pairs = [(h > e) + 0.5 * (h == e) for h in hard for e in easy]
    return sum(pairs) / len(pairs) if pairs else float("nan")


# ---------------------------------------------------------------- explaining, cached


def _record(steps: list[Step]) -> list[dict]:
    """What the grade may look at in each step (all that `difficulty` reads, and more)."""
    return [
        {
            "cost": step.cost, "choices": step.choices, "rules": step.rules,
            "techniques": step.techniques, "decides": len(step.cells),
            "because": [list(cell) for cell in step.because],
            "guards": [[kind, number, list(instance)] for kind, number, instance in step.guards],
            "looks_at": [list(cell) for cell in step.looks_at],
        }
        for step in steps
    ]


def _steps(record: list[dict]) -> list[Step]:
    """Steps rebuilt from a record, enough for `difficulty`."""
    return [
        Step(
            cells=[((0, k), None) for k in range(s["decides"])], rules=s["rules"], clues=[],
            known=[(tuple(cell), None) for cell in s["because"]], text="",
            techniques=s["techniques"], size=s["cost"], choices=s["choices"],
            guards=[(kind, number, tuple(instance)) for kind, number, instance in s["guards"]],
            looks_at=[tuple(cell) for cell in s["looks_at"]],
        )
        for s in record
    ]


class Explained:
    """Explanations by (genre, name, text), kept in a JSON-lines file when one is given."""

    def __init__(self, cache: Path | None, timeout: float):
        self.cache, self.timeout, self.known = cache, timeout, {}
        if cache and cache.is_file():
            for line in cache.read_text().splitlines():
                entry = json.loads(line)
                self.known[entry["genre"], entry["name"], entry["text"]] = entry

    def __call__(self, genre: str, name: str, text: str, switches: tuple = ()) -> dict:
        key = (genre, name, text)
        if key not in self.known:
            started = time.process_time()
            explanation = explain(
                get_genre(genre), parse(genre, text), switches=switches, timeout=self.timeout
            )
            entry = {
                "genre": genre, "name": name, "text": text, "status": explanation.status,
                "cpu": round(time.process_time() - started, 1),
                "steps": _record(explanation.steps),
            }
            self.known[key] = entry
            if self.cache:
                with self.cache.open("a") as out:
                    out.write(json.dumps(entry) + "\n")
        return self.known[key]


def graded(entry: dict) -> Difficulty:
    """The difficulty `puzzlesolve.explain.difficulty` gives the entry's steps."""
    glue = get_genre(entry["genre"]).feature("explain")
    return difficulty(_steps(entry["steps"]), glue.GRADE_SIZES, one_way_harder=glue.ONE_WAY)


def show(entry: dict) -> Difficulty:
    d = graded(entry)
    print(
        f"  {entry['name']:22} largest={d.largest:<3} one_way={d.one_way:<4} tier={d.tier} "
        f"grade={d.grade:6} steps={d.steps:<3} {entry['status']} cpu={entry['cpu']}",
        flush=True,
    )
    return d


# ---------------------------------------------------------------- figures


INPUTS: dict[str, Callable[[Difficulty], float]] = {
    "largest": lambda d: d.largest,
    "tier": lambda d: d.tier,
    "one_way": lambda d: d.one_way,
    "grade": lambda d: ("easy", "medium", "hard", "expert").index(d.grade) if d.grade else -1,
}
"""The grade inputs whose AUC is reported."""


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def separation(label: str, easy: list[Difficulty], tricky: list[Difficulty]) -> None:
    """Medians and AUCs of every grade input, Tricky against Easy."""
    print(f"{label}: n = {len(easy)} Easy + {len(tricky)} Tricky")
    for name, measure in INPUTS.items():
        e, t = [measure(d) for d in easy], [measure(d) for d in tricky]
        print(f"  {name:8} AUC {auc(t, e):.2f}   median Easy {_median(e)}  Tricky {_median(t)}")
    for kind, puzzles in (("Easy", easy), ("Tricky", tricky)):
        counts = {g: sum(d.grade == g for d in puzzles) for g in ("easy", "medium", "hard")}
        counts["expert"] = sum(d.grade == "expert" for d in puzzles)
        print(f"  grades {kind:6} " + " ".join(f"{g}={n}" for g, n in counts.items()))


def singles(explained: Explained, sizes: list[str], count: int) -> None:
    """Fresh Easy and Tricky sets per size: per puzzle, then training / held-out figures."""
    from singles import fresh

    for size in sizes:
        found: dict[str, list[tuple[int, Difficulty]]] = {"de": [], "dk": []}
        for kind in ("de", "dk"):
            print(f"Singles {size} {'Easy' if kind == 'de' else 'Tricky'} (sgt-singles, fresh)")
            for k, (name, text) in enumerate(fresh(size + kind, count), start=1):
                found[kind].append((k, show(explained("hitori", name, text))))
        for half, parity in (("training (odd seeds)", 1), ("held out (even seeds)", 0)):
            easy = [d for k, d in found["de"] if k % 2 == parity]
            tricky = [d for k, d in found["dk"] if k % 2 == parity]
            separation(f"Singles {size} {half}", easy, tricky)
        separation(f"Singles {size} all", [d for _, d in found["de"]], [d for _, d in found["dk"]])


def same_grade(explained: Explained, sizes: list[str], count: int) -> None:
    """Easy (and Tricky) puzzles at several sizes: the grades should not grow with size."""
    from singles import fresh

    for kind in ("de", "dk"):
        for size in sizes:
            grades = [
                graded(explained("hitori", name, text)) for name, text in fresh(size + kind, count)
            ]
            counts = " ".join(
                f"{g}={sum(d.grade == g for d in grades)}"
                for g in ("easy", "medium", "hard", "expert")
            )
            print(
                f"Singles {size} {'Easy' if kind == 'de' else 'Tricky'}: n={len(grades)} "
                f"median largest {_median([d.largest for d in grades])}  {counts}",
                flush=True,
            )


def flow(explained: Explained, sides: list[str]) -> None:
    """Flow Free packs from the corpus, per side, by pack."""
    manifest = json.loads((CORPUS / "manifest.json").read_text())
    for side in sides:
        print(f"Flow Free {side}x{side}")
        for item in manifest if isinstance(manifest, list) else manifest.get("instances", []):
            path = item.get("path", "")
            if not (path.startswith("numberlink/flowfree/") and f"_{side}x{side}_" in path):
                continue
            text = (CORPUS / path).read_text()
            show(explained("numberlink", Path(path).stem, text, ("fill",)))


def generated(explained: Explained, genre: str, sizes: list[str], seeds: int) -> None:
    """Puzzles of ours (`puzzlesolve generate`, ungraded) made with the easy and the hard
    setting, seeds 1..SEEDS: the grade of each."""
    from puzzlesolve.generate import generate

    for size in sizes:
        rows, cols = map(int, size.split("x"))
        for knob in ("easy", "hard"):
            print(f"{genre} {size} generated with the {knob} setting")
            for seed in range(1, seeds + 1):
                text = generate(genre, rows, cols, seed, knob).text
                show(explained(genre, f"{genre}-{size}-{knob}-{seed}", text))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--singles", nargs="*", default=["8x8", "10x10"])
    parser.add_argument("--count", type=int, default=30, help="puzzles per size and grade")
    parser.add_argument("--same", nargs="*", default=[], help="sizes for the same-grade check")
    parser.add_argument("--same-count", type=int, default=6)
    parser.add_argument("--flow", nargs="*", default=[])
    parser.add_argument("--numberlink", nargs="*", default=[], help="sizes to generate")
    parser.add_argument("--seeds", type=int, default=4)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--cache", type=Path)
    args = parser.parse_args()
    explained = Explained(args.cache, args.timeout)
    if args.singles:
        singles(explained, args.singles, args.count)
    if args.same:
        same_grade(explained, args.same, args.same_count)
    if args.flow:
        if not (CORPUS / "manifest.json").is_file():
            sys.exit(f"corpus missing: {CORPUS}")
        flow(explained, args.flow)
    if args.numberlink:
        generated(explained, "numberlink", args.numberlink, args.seeds)


if __name__ == "__main__":
    main()

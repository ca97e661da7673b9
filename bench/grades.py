"""Grades against labelled puzzles: Tatham's Singles Easy vs Tricky (Hitori), fresh from
sgt-singles (bench/singles.py), and Flow Free packs (Numberlink, --fill) from ../shared/corpus.

    nice python bench/grades.py [--singles 8x8 10x10 12x12] [--count 30] [--seed calib]
        [--same 7x7 15x15] [--flow 8 9 10 11 12] [--timeout 120] [--cache FILE]
        [--tier-grades 0:0,1:0,2:0,3:1,4:2] [--loopy 7x7 10x10] [--pearl 7x7 10x10]
        [--middle]

(``--singles`` with no size skips Singles: ``--singles --loopy 7x7 10x10``.)

Grades from the forward engine (`puzzlesolve.explain.grading.forward_difficulty`): for each
puzzle, the hardest technique tier its explanation needs (technique_tier), how many steps
needed it (at_hardest), how many steps needed a trial (trials), the grade (the genre's
``TIER_GRADES``, or --tier-grades to try another map; "at least" when cut short) and the CPU
seconds. Then, for Singles, per size: the AUC (the chance that a Tricky puzzle scores higher
than an Easy one, ties counting half) of the grade index, of the tier, and of the finer
scores tier*100+at_hardest and trials*1000+tier*100+at_hardest, on the training half (odd
seeds) and on the held-out half (even seeds), and which tiers each set needed. --flow: each
level, then per side the AUC of extreme levels against the other packs of that side (regular
up to 9x9, jumbo from 10x10). --same: Easy puzzles at several sizes, whose grades must
agree. --cache keeps each explanation's steps (JSON lines), so that a second run with a
changed grade map explains nothing again.

Figures (2026-11-29, forward engine at dac30c2, Hitori TIER_GRADES {0-2: easy, 3: medium,
4: hard}, sgt-puzzles 20230122, fresh puzzles, CPU s per explanation on a loaded machine):
  Singles, seeds calib-*, --count 40 (20 training + 20 held out per kind and size): AUC of
    the grade, the tier and both finer scores 1.00 / 1.00 at 8x8, 10x10 and 12x12. Every
    Easy board needs tier 2 at most (single escape; corner used too in 20/40, 12/40, 10/40) and
    grades easy; every Tricky board needs tier 3 (closure) or 4 (offset pair, 1/40 at
    10x10) and grades medium (hard for that one). Medians of tier*100+at_hardest: Easy
    206 / 207.5 / 210.5, Tricky 302 / 302 / 303. CPU median 0.2 / 0.3-0.4 / 0.5-0.6 s.
  Same, seeds unseen33-*, --count 20: AUC 1.00 / 1.00 at each size; Easy 60/60 easy,
    Tricky 59/60 medium, 1 hard (10x10, offset pair).
  Flow Free (--flow 8 9 10 11 12 --timeout 60): extreme 8x8 tier 4 vs regular 8x8 tier 1
    (easy); at 9x9-12x12 every level needs tier 4. By tier alone the grade tied (hard);
    with Numberlink's OFTEN_HARDER (tier 4 in at least an eighth of the steps: one grade
    harder) every extreme level grades expert (tier 4 in 13-33 % of its steps, at_hardest
    14-70) and every regular / jumbo level up to 12x12 hard (8-11 %, at_hardest 7-13): grade
    AUC 1.00 at each size 8-12. The share was chosen on these boards (Flow Free has no
    generator to hold boards out). The unique jumbo 14x14 boards need tier 4 in 18-22 % of
    their steps and grade expert too. Trials do not separate the packs (jumbo 10x10-12x12
    need 1-2). 0.3-7.0 s CPU each (extreme 12x12 _28 7.0 s).

--loopy / --pearl: Simon Tatham's easiest against hardest level, fresh from his generators
(`sgt-loopy --generate 1 7x7t0de#SEED`, Easy ``de`` vs Hard ``dh`` on the square grid;
`sgt-pearl`, Easy ``de`` vs Tricky ``dt``), seeds calib-PARAMS-K, K odd training, even held
out; per puzzle and per size as for Singles (Tricky there reads Hard for Loopy).
Figures (2026-11-29, --count 20: 10 training + 10 held out per level and size, sgt-puzzles
20230122, CPU s in process on a loaded machine):
  Before (technique files of 4a2c7d1): nearly every puzzle of either level needed trials
    (Loopy 7x7 Easy 18/20, Pearl 7x7 Easy 20/20) and graded expert; AUC of the grade, held
    out: Loopy 7x7 0.55, Pearl 7x7 0.60, Pearl 10x10 0.50 (Loopy 10x10 Easy: 18 expert).
  After (Slitherlink TIER_GRADES {1: easy, 2: medium, 3: hard}, Masyu {1-2: easy, 3:
    medium}, trials hard / expert): AUC of the grade, of the tier and of both finer scores
    1.00 training and 1.00 held out at Loopy 7x7 and 10x10 and Pearl 10x10; Pearl 7x7 grade
    0.90 training (one Easy board needed a trial) / 1.00 held out, tier 1.00 / 1.00.
    Loopy Easy: 40/40 tier 1, no trial, easy; Loopy Hard: 40/40 need trials (hardest tier 2
    in 13, 3 in 27), 7 hard, 33 expert. Pearl Easy: 39/40 easy (tier 1 or 2, no trial), one
    hard (7x7, a trial); Pearl Tricky: 40/40 need no small loop (tier 3), medium, no trial.
    CPU median (max): Loopy 7x7 Easy 0.6 (0.7), Hard 0.8 (1.0); 10x10 Easy 1.9 (2.4), Hard
    2.3 (3.0); Pearl 7x7 0.2 (0.3), 10x10 0.6-0.7 (1.1).
  Unseen seeds (--seed unseen34 --count 10 --middle --loopy 7x7 --pearl 7x7): Loopy Easy
    10/10 easy, Normal 10/10 medium (tier 2, no trial), Tricky 3 hard + 7 expert, Hard 1
    hard + 9 expert; Pearl Easy 10/10 easy, Tricky 10/10 medium.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from types import SimpleNamespace

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO.parent / "shared" / "corpus"
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from puzzlesolve import parse
from puzzlesolve.explain import Difficulty, explain
from puzzlesolve.explain.grading import forward_difficulty
from puzzlesolve.registry import get_genre

GRADES = ("easy", "medium", "hard", "expert")


def auc(hard: list[float], easy: list[float]) -> float:
    """The chance that a hard one measures more than an easy one (ties half)."""
    pairs = [(h > e) + 0.5 * (h == e) for h in hard for e in easy]
    return sum(pairs) / len(pairs) if pairs else float("nan")


# ---------------------------------------------------------------- explaining, cached


def _record(steps: list) -> list[dict]:
    """What the forward grade looks at in each step (`forward_difficulty`)."""
    return [
        {
            "technique": step.technique,
            "tier": step.tier,
            "weight": step.weight,
            "choices": step.choices,
            "because": len(step.because),
        }
        for step in steps
    ]


def _steps(record: list[dict]) -> list[SimpleNamespace]:
    """Steps rebuilt from a record, enough for `forward_difficulty`."""
    return [
        SimpleNamespace(
            technique=s["technique"],
            tier=s["tier"],
            weight=s["weight"],
            choices=s["choices"],
            because=[None] * s["because"],
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
                if entry.get("engine") == "forward":
                    self.known[entry["genre"], entry["name"], entry["text"]] = entry

    def __call__(self, genre: str, name: str, text: str, switches: tuple = ()) -> dict:
        key = (genre, name, text)
        if key not in self.known:
            started = time.process_time()
            explanation = explain(
                get_genre(genre), parse(genre, text), switches=switches, timeout=self.timeout
            )
            entry = {
                "engine": "forward",
                "genre": genre,
                "name": name,
                "text": text,
                "status": explanation.status,
                "cpu": round(time.process_time() - started, 1),
                "steps": _record(explanation.steps),
            }
            self.known[key] = entry
            if self.cache:
                with self.cache.open("a") as out:
                    out.write(json.dumps(entry) + "\n")
        return self.known[key]


def graded(entry: dict, tier_grades: Mapping[int, int] | None = None) -> Difficulty:
    """The forward engine's difficulty of the entry's steps: the genre's ``TIER_GRADES``
    unless `tier_grades` is given."""
    glue = get_genre(entry["genre"]).feature("explain")
    mapping = tier_grades or getattr(glue, "TIER_GRADES", None)
    often = getattr(glue, "OFTEN_HARDER", None)
    return forward_difficulty(_steps(entry["steps"]), entry["status"] == "solved", mapping, often)


def show(entry: dict, tier_grades: Mapping[int, int] | None = None) -> Difficulty:
    d = graded(entry, tier_grades)
    at_least = "" if d.complete else "at least "
    print(
        f"  {entry['name']:22} technique_tier={d.technique_tier} at_hardest={d.at_hardest:<3} "
        f"trials={d.trials:<2} grade={at_least}{d.grade:6} steps={d.steps:<3} "
        f"{entry['status']} cpu={entry['cpu']}",
        flush=True,
    )
    return d


# ---------------------------------------------------------------- figures


def grade_index(d: Difficulty) -> int:
    return GRADES.index(d.grade) if d.grade else -1


SCORES: dict[str, Callable[[Difficulty], float]] = {
    "grade": grade_index,
    "tier": lambda d: d.technique_tier,
    "tier*100+at_hardest": lambda d: d.technique_tier * 100 + min(d.at_hardest, 99),
    "trials*1000+tier*100+at_hardest": lambda d: (
        d.trials * 1000 + d.technique_tier * 100 + min(d.at_hardest, 99)
    ),
}
"""The scores whose AUC is reported: the grade index, and finer ones."""


def level_scores(
    explained: Explained, genre: str, name: str, boards: list[tuple[str, str]]
) -> list[tuple[Difficulty, float]]:
    """Each board of a generator's level explained and graded, with its CPU seconds; one line
    that tallies the level's grades, its boards that need a trial and its CPU."""
    scores = [
        (graded(entry), entry["cpu"]) for entry in (explained(genre, b, i) for b, i in boards)
    ]
    grades = [d.grade for d, _ in scores]
    trials = sum(d.trials > 0 for d, _ in scores)
    cpu = [c for _, c in scores]
    print(
        f"  {name:6}: "
        + ", ".join(f"{g} {grades.count(g)}" for g in ("easy", "medium", "hard", "expert"))
        + f"; {trials} need a trial; CPU median {_median(cpu):.2f} s, max {max(cpu)} s"
    )
    return scores


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def separation(
    label: str, easy: list[Difficulty], tricky: list[Difficulty], harder: str = "Tricky"
) -> None:
    """Medians and AUCs of every score, the harder level (Tricky) against Easy; which tiers
    each set needed."""
    print(f"{label}: n = {len(easy)} Easy + {len(tricky)} {harder}")
    for name, measure in SCORES.items():
        e, t = [measure(d) for d in easy], [measure(d) for d in tricky]
        print(f"  {name:32} AUC {auc(t, e):.2f}   median Easy {_median(e)}  {harder} {_median(t)}")
    for kind, puzzles in (("Easy", easy), (harder, tricky)):
        grades = " ".join(f"{g}={sum(d.grade == g for d in puzzles)}" for g in GRADES)
        tiers = sorted({d.technique_tier for d in puzzles})
        needed = " ".join(f"{t}:{sum(d.technique_tier == t for d in puzzles)}" for t in tiers)
        trials = sum(d.trials > 0 for d in puzzles)
        print(f"  {kind:6} grades {grades}; hardest tier (tier:count) {needed}; trials {trials}")


def singles(
    explained: Explained,
    sizes: list[str],
    count: int,
    tier_grades: Mapping[int, int] | None,
    seed: str = "calib",
) -> None:
    """Fresh Easy and Tricky sets per size: per puzzle, then training / held-out figures."""
    from singles import fresh

    for size in sizes:
        found: dict[str, list[tuple[int, Difficulty]]] = {"de": [], "dk": []}
        for kind in ("de", "dk"):
            print(f"Singles {size} {'Easy' if kind == 'de' else 'Tricky'} (sgt-singles, fresh)")
            for k, (name, text) in enumerate(fresh(size + kind, count, seed), start=1):
                found[kind].append((k, show(explained("hitori", name, text), tier_grades)))
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
            counts = " ".join(f"{g}={sum(d.grade == g for d in grades)}" for g in GRADES)
            print(
                f"Singles {size} {'Easy' if kind == 'de' else 'Tricky'}: n={len(grades)} "
                f"median technique_tier {_median([d.technique_tier for d in grades])}  {counts}",
                flush=True,
            )


def flow(explained: Explained, sides: list[str]) -> None:
    """Flow Free packs from the corpus (--fill), per side: each level, then extreme against
    the other packs of the same side (AUC of each score: extreme graded harder)."""
    manifest = json.loads((CORPUS / "manifest.json").read_text())
    items = manifest if isinstance(manifest, list) else manifest.get("instances", [])
    for side in sides:
        print(f"Flow Free {side}x{side} (--fill)")
        packs: dict[str, list[Difficulty]] = {}
        for item in items:
            path = item.get("path", "")
            if not (path.startswith("numberlink/flowfree/") and f"_{side}x{side}_" in path):
                continue
            text = (CORPUS / path).read_text()
            d = show(explained("numberlink", Path(path).stem, text, ("fill",)))
            packs.setdefault(Path(path).stem.split("_")[0], []).append(d)
        extreme = packs.get("extreme", [])
        for pack, levels in packs.items():
            if pack == "extreme" or not extreme:
                continue
            figures = "  ".join(
                f"{name} AUC {auc([m(d) for d in extreme], [m(d) for d in levels]):.2f}"
                for name, m in SCORES.items()
            )
            print(f"  extreme ({len(extreme)}) vs {pack} ({len(levels)}): {figures}")


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


LOOP_LEVELS = {  # genre -> (generator, grid type, easiest level, hardest level, label)
    "slitherlink": ("sgt-loopy", "t0", "de", "dh", "Loopy"),
    "masyu": ("sgt-pearl", "", "de", "dt", "Pearl"),
}
MIDDLE_LEVELS = {"slitherlink": ("dn", "dt"), "masyu": ()}
"""The levels between the easiest and the hardest (--middle: their grades per size)."""
LEVEL_NAMES = {"de": "Easy", "dn": "Normal", "dt": "Tricky", "dh": "Hard"}


def tatham_ids(generator: str, params: str, count: int, seed: str) -> list[tuple[str, str]]:
    """``count`` game ids ``(name, id)`` of ``params``, seeds ``SEED-PARAMS-1`` on."""
    program = shutil.which(generator) or f"/usr/games/{generator}"
    found = []
    for k in range(1, count + 1):
        made = subprocess.run([program, "--generate", "1", f"{params}#{seed}-{params}-{k}"],
                              capture_output=True, text=True, check=True)  # fmt: skip
        found.append((f"{generator}_{params}_{k}", made.stdout.split()[0]))
    return found


def loop_levels(
    explained: Explained,
    genre: str,
    sizes: list[str],
    count: int,
    tier_grades: Mapping[int, int] | None,
    seed: str,
    middle: bool = False,
) -> None:
    """Tatham's easiest and hardest level of a loop genre per size, fresh: per puzzle, then
    training (odd seeds) / held-out (even seeds) figures, hardest against easiest; with
    `middle`, the grades of the levels between."""
    generator, grid, easiest, hardest, label = LOOP_LEVELS[genre]
    for size in sizes:
        found: dict[str, list[tuple[int, Difficulty]]] = {easiest: [], hardest: []}
        for level in (easiest, hardest):
            print(f"{label} {size} {LEVEL_NAMES[level]} ({generator}, fresh)")
            ids = tatham_ids(generator, size + grid + level, count, seed)
            for k, (name, text) in enumerate(ids, start=1):
                found[level].append((k, show(explained(genre, name, text), tier_grades)))
        for half, parity in (("training (odd seeds)", 1), ("held out (even seeds)", 0)):
            easy = [d for k, d in found[easiest] if k % 2 == parity]
            hard = [d for k, d in found[hardest] if k % 2 == parity]
            separation(f"{label} {size} {half}", easy, hard, LEVEL_NAMES[hardest])
        every = [d for _, d in found[easiest]], [d for _, d in found[hardest]]
        separation(f"{label} {size} all", *every, LEVEL_NAMES[hardest])
        for level in MIDDLE_LEVELS[genre] if middle else ():
            ids = tatham_ids(generator, size + grid + level, count, seed)
            middling = [graded(explained(genre, name, text), tier_grades) for name, text in ids]
            grades = " ".join(f"{g}={sum(d.grade == g for d in middling)}" for g in GRADES)
            print(f"{label} {size} {LEVEL_NAMES[level]}: n = {len(middling)}, grades {grades}")


def _tier_grades(text: str) -> dict[int, int]:
    """``0:0,1:0,2:0,3:1,4:2`` (tier: grade index) as a mapping."""
    pairs = (item.split(":") for item in text.split(","))
    return {int(tier): int(grade) for tier, grade in pairs}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--singles", nargs="*", default=["8x8", "10x10", "12x12"])
    parser.add_argument("--count", type=int, default=30, help="puzzles per size and grade")
    parser.add_argument(
        "--seed", default="calib", help="sgt-singles seed prefix (bench/singles.py)"
    )
    parser.add_argument("--same", nargs="*", default=[], help="sizes for the same-grade check")
    parser.add_argument("--same-count", type=int, default=6)
    parser.add_argument("--flow", nargs="*", default=[])
    parser.add_argument("--numberlink", nargs="*", default=[], help="sizes to generate")
    parser.add_argument("--seeds", type=int, default=4)
    parser.add_argument("--loopy", nargs="*", default=[], help="Loopy sizes, e.g. 7x7 10x10")
    parser.add_argument("--pearl", nargs="*", default=[], help="Pearl sizes, e.g. 7x7 10x10")
    parser.add_argument(
        "--middle", action="store_true", help="also grade Loopy's Normal and Tricky levels"
    )
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--cache", type=Path)
    parser.add_argument(
        "--tier-grades",
        type=_tier_grades,
        help="Hitori's tier-to-grade map to try instead of TIER_GRADES, e.g. 0:0,1:0,2:0,3:1,4:2",
    )
    args = parser.parse_args()
    explained = Explained(args.cache, args.timeout)
    if args.singles:
        singles(explained, args.singles, args.count, args.tier_grades, args.seed)
    if args.same:
        same_grade(explained, args.same, args.same_count)
    if args.flow:
        if not (CORPUS / "manifest.json").is_file():
            sys.exit(f"corpus missing: {CORPUS}")
        flow(explained, args.flow)
    if args.numberlink:
        generated(explained, "numberlink", args.numberlink, args.seeds)
    for genre, sizes in (("slitherlink", args.loopy), ("masyu", args.pearl)):
        if sizes:
            loop_levels(
                explained, genre, sizes, args.count, args.tier_grades, args.seed, args.middle
            )


if __name__ == "__main__":
    main()

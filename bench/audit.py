"""`puzzlesolve audit`: CPU of whole processes, one puzzle or a book.

    python bench/audit.py [--only one|book|loops] [--repeat N]

Sets (from ../shared/corpus and instances/) and targets (issue 35):

    one   a unique Hitori 10x10 (Tatham's Singles, Easy and Tricky) and Nurikabe 10x10
          (instances/nurikabe/generated-10x10.txt): uniqueness, redundant clues one by one,
          grade; target <= 3 s each. Numbrix example1 9x9 (Rosetta) with every other given
          removed (row by row: 10 of 20 kept, 29 solutions), repaired with --symmetry rotate:
          target <= 5 s; with and without its grade (an explanation of the ambiguous board).
    book  the 29 Flow Free levels (numberlink/flowfree, `audit flow`: --fill) and the 44
          Tatham Hitori boards (hitori/tatham, 5x5 to 60x60) as two books on 2 cores
          (-j 2): target <= 60 s for both; with the default grading (boards up to 100 cells)
          and with --no-grade.
    loops Tatham's Loopy (Slitherlink) and Pearl (Masyu) boards, 7x7 and 10x10, three of
          each, generated with a fixed seed (`sgt-loopy --generate 3 '7x7t0dn#bench-audit'`,
          Normal; 10x10 Hard; `sgt-pearl`, Tricky; game ids read as they are): each audited
          unique as generated (redundant clues, grade), then with `REMOVED` of its clues
          taken away (evenly spread in reading order), repaired (count, sites that differ,
          fewest numbers or pearls to add, re-solved). No target in the issue; per-instance
          CPU and medians.

Printed per run: exit status, wall time and CPU (user + system of the process and its
workers, start-up included), then the median CPU of repeats. CPU holds up on a loaded
machine (six helpers share two cores here); wall time does not.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO.parent / "shared" / "corpus"


def half_givens(source: Path) -> str:
    """The board with every other given (in reading order) made blank."""
    rows, seen = [], 0
    for line in source.read_text().splitlines():
        if not line.strip() or line.lstrip().startswith("%"):
            continue
        tokens = []
        for token in line.split():
            if token != "-":
                seen += 1
                token = "-" if seen % 2 == 0 else token
            tokens.append(token)
        rows.append(" ".join(tokens))
    return "\n".join(rows) + "\n"


REMOVED = 3
"""Clues a loop board loses to become ambiguous (Tatham's boards keep no clue to spare)."""
LOOP_SETS = [
    ("slitherlink", "/usr/games/sgt-loopy", "7x7t0dn", "7x7 Normal"),
    ("slitherlink", "/usr/games/sgt-loopy", "10x10t0dh", "10x10 Hard"),
    ("masyu", "/usr/games/sgt-pearl", "7x7dt", "7x7 Tricky"),
    ("masyu", "/usr/games/sgt-pearl", "10x10dt", "10x10 Tricky"),
]


def loop_boards(folder: Path) -> list[tuple[str, str, Path, Path]]:
    """(genre, label, the board as generated, the board with `REMOVED` clues gone) for
    every board of `LOOP_SETS`, written as text files into `folder`."""
    sys.path.insert(0, str(REPO))
    from puzzlesolve import parse

    found = []
    for genre, program, params, level in LOOP_SETS:
        ids = subprocess.run(
            [program, "--generate", "3", f"{params}#bench-audit"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.split()
        for number, game_id in enumerate(ids, start=1):
            board = parse(genre, game_id)
            clues = board.numbers if genre == "slitherlink" else board.pearls
            ordered = sorted(clues)
            step = len(ordered) / REMOVED
            gone = {ordered[int(step * i + step / 2)] for i in range(REMOVED)}
            texts = []
            for kept in (clues, {c: v for c, v in clues.items() if c not in gone}):
                rows = (
                    " ".join(str(kept.get((r, c), ".")) for c in range(board.cols))
                    for r in range(board.rows)
                )
                texts.append("".join(row + "\n" for row in rows))
            label = f"{genre} {level} #{number}"
            whole = folder / f"{genre}-{params}-{number}.txt"
            fewer = folder / f"{genre}-{params}-{number}-fewer.txt"
            whole.write_text(f"% {game_id}\n{texts[0]}")
            fewer.write_text(f"% {game_id} without {REMOVED} clues\n{texts[1]}")
            found.append((genre, label, whole, fewer))
    return found


def run(arguments: list[str]) -> tuple[int, float, float]:
    """Exit status, wall seconds and CPU seconds of one ``puzzlesolve`` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "puzzlesolve", *arguments],
        check=False,
        cwd=REPO,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode not in (0, 1, 4) or "Traceback" in done.stderr:
        print(done.stderr.strip(), file=sys.stderr)
    return done.returncode, wall, cpu


def measure(name: str, arguments: list[str], repeat: int, target: float | None) -> float:
    cpus = []
    for _ in range(repeat):
        code, wall, cpu = run(arguments)
        cpus.append(cpu)
        print(f"  {name:44} exit {code}  wall {wall:6.2f} s  cpu {cpu:6.2f} s", flush=True)
    median = statistics.median(cpus)
    if target is None:
        if repeat > 1:
            print(f"  {name:44} median cpu {median:6.2f} s")
        return median
    verdict = "ok" if median <= target else "OVER"
    print(f"  {name:44} median cpu {median:6.2f} s (target <= {target:g} s: {verdict})")
    return median


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=["one", "book", "loops"])
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-audit-"))
    if options.only in (None, "one"):
        print("one puzzle (whole process, all cores):")
        for name in ("sgt_10x10_de_1", "sgt_10x10_dk_1"):
            path = CORPUS / "hitori" / "tatham" / f"{name}.txt"
            measure(f"hitori {name}", ["audit", "hitori", str(path)], options.repeat, 3)
        nurikabe = "instances/nurikabe/generated-10x10.txt"
        measure("nurikabe generated-10x10", ["audit", "nurikabe", nurikabe], options.repeat, 3)
        measure(
            "nurikabe generated-10x10 --no-grade",
            ["audit", "nurikabe", nurikabe, "--no-grade"],
            options.repeat,
            3,
        )
        half = folder / "example1-half-9x9.txt"
        half.write_text(half_givens(CORPUS / "numbrix" / "rosetta" / "example1_9x9.txt"))
        repair = ["audit", "numbrix", str(half), "--symmetry", "rotate"]
        measure("numbrix 9x9 half givens, rotate", repair, options.repeat, 5)
        measure(
            "numbrix 9x9 half givens, rotate --no-grade", [*repair, "--no-grade"], options.repeat, 5
        )
    if options.only in (None, "book"):
        print("a book (-j 2):")
        flow = ["audit", "flow", str(CORPUS / "numberlink" / "flowfree"), "-j", "2"]
        hitori = ["audit", "hitori", str(CORPUS / "hitori" / "tatham"), "-j", "2"]
        for extra in ([], ["--no-grade"]):
            label = " ".join(extra) or "graded up to 100 cells"
            measure(f"29 Flow Free levels, {label}", [*flow, *extra], 1, 60)
            measure(f"44 Tatham Hitori, {label}", [*hitori, *extra], 1, 60)
    if options.only in (None, "loops"):
        print(f"loop boards (whole process, all cores; fewer: {REMOVED} clues removed):")
        medians: dict[str, list[float]] = {}
        for genre, label, whole, fewer in loop_boards(folder):
            for kind, path in (("unique", whole), ("fewer", fewer)):
                cpu = measure(f"{label} {kind}", ["audit", genre, str(path)], options.repeat, None)
                medians.setdefault(f"{label.rsplit(' #', 1)[0]} {kind}", []).append(cpu)
        print("medians over the three boards of each set:")
        for name, cpus in medians.items():
            print(f"  {name:44} median cpu {statistics.median(cpus):6.2f} s")


if __name__ == "__main__":
    main()

"""`puzzlesolve audit`: CPU of whole processes, one puzzle or a book.

    python bench/audit.py [--only one|book] [--repeat N]

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


def measure(name: str, arguments: list[str], repeat: int, target: float) -> None:
    cpus = []
    for _ in range(repeat):
        code, wall, cpu = run(arguments)
        cpus.append(cpu)
        print(f"  {name:44} exit {code}  wall {wall:6.2f} s  cpu {cpu:6.2f} s", flush=True)
    median = statistics.median(cpus)
    verdict = "ok" if median <= target else "OVER"
    print(f"  {name:44} median cpu {median:6.2f} s (target <= {target:g} s: {verdict})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=["one", "book"])
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


if __name__ == "__main__":
    main()

"""Ctrl-C: how long each command takes to end after it, at several moments of a long run.

    python bench/ctrl_c.py [--moments 0.5,2,4]

Target (issue 44 item 1): every command ends within 1 s of Ctrl-C (sent to its process group,
as a terminal does), with exit status 130. Each case is a run that lasts well beyond the last
moment; a run that ended before Ctrl-C is reported as such ("done").

Last measured (2026-12-07, load 9 on 2 cores, moments 0.5, 2 and 4 s): median 0.03 s, worst
0.16 s (generate); before issue 44 item 1, explain hidato 16x16 took 11.8 s after Ctrl-C and
printed nothing, and an audit's Ctrl-C could be lost (one run went on for 463 s, exit 0).
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BIG_HIDATO = "instances/hidato/generated-16x16.txt"
BIG_NURIKABE = "instances/nurikabe/generated-30x30.txt"


def wrong_answer(folder: Path) -> str:
    """The 16x16 Hidato's solution with two free cells' numbers swapped."""
    rows = (REPO / "instances/hidato/generated-16x16.sol").read_text().splitlines()
    given = (REPO / BIG_HIDATO).read_text().splitlines()
    grid = [row.split() for row in rows if row and not row.startswith("%")]
    clues = [row.split() for row in given if row and not row.startswith("%")]
    free = [(r, c) for r, row in enumerate(clues) for c, token in enumerate(row) if token == "-"]
    (r1, c1), (r2, c2) = free[0], free[-1]
    grid[r1][c1], grid[r2][c2] = grid[r2][c2], grid[r1][c1]
    path = folder / "wrong.txt"
    path.write_text("\n".join(" ".join(row) for row in grid) + "\n")
    return str(path)


def cases(folder: Path) -> dict[str, list[str]]:
    return {
        "explain hidato 16x16": ["explain", "hidato", BIG_HIDATO],
        "explain nurikabe 30x30": ["explain", "nurikabe", BIG_NURIKABE],
        "check hidato 16x16 wrong": ["check", "hidato", BIG_HIDATO, wrong_answer(folder)],
        "hint nurikabe 30x30": ["hint", "nurikabe", BIG_NURIKABE],
        "audit hidato 16x16": ["audit", "hidato", BIG_HIDATO],
        "generate hidato 12x12": [
            "generate", "hidato", "--size", "12x12", "--count", "50", "--out", str(folder / "g"),
        ],
        "solve slitherlink 150x150": ["slitherlink", blank_board(folder)],
    }  # fmt: skip


def blank_board(folder: Path) -> str:
    """A blank 150x150 Slitherlink: its rules ground for 10-15 s, then a long search."""
    path = folder / "blank.txt"
    path.write_text(("." * 150 + "\n") * 150)
    return str(path)


def after_ctrl_c(script: str, args: list[str], seconds: float) -> tuple[float | None, int]:
    """Seconds from Ctrl-C to the end of the run (None: it ended before), exit status."""
    # a handler (unlike SIGINT ignored, as in a run started in the background) ends at exec
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        child = subprocess.Popen(
            [script, *args],
            cwd=REPO,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
    finally:
        signal.signal(signal.SIGINT, previous)
    time.sleep(seconds)
    if child.poll() is not None:
        return None, child.returncode
    sent = time.perf_counter()
    os.killpg(child.pid, signal.SIGINT)
    child.wait()
    return time.perf_counter() - sent, child.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moments", default="0.5,2,4")
    args = parser.parse_args()
    moments = [float(word) for word in args.moments.split(",")]
    script = shutil.which("puzzlesolve") or sys.exit("puzzlesolve is not installed on PATH")
    worst: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        for name, command in cases(Path(folder)).items():
            shown = []
            for seconds in moments:
                took, code = after_ctrl_c(script, command, seconds)
                if took is None:
                    shown.append(f"{seconds:g}s: done")
                    continue
                worst.append(took)
                shown.append(f"{seconds:g}s: {took:.2f}s (exit {code})")
            print(f"{name:28} " + "; ".join(shown), flush=True)
    if worst:
        print(f"median {statistics.median(worst):.2f} s, worst {max(worst):.2f} s (target <= 1 s)")


if __name__ == "__main__":
    main()

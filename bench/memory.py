"""Peak memory of counting and of listing every solution (`-n 0`), against the solution count.

    nice python bench/memory.py            # grids of side 4, 5 and 6
    nice python bench/memory.py 4 5        # only these sides

The puzzles: Hitori grids of side n whose numbers are all different, so that any shading
with no two shaded cells side by side and the white cells connected is a solution (20,297
of them for n = 5, 1,646,096 for n = 6). Each run is a fresh ``python -m puzzlesolve`` process, listing to /dev/null; its peak resident set
size comes from os.wait4's rusage (ru_maxrss), with its CPU time (user + system) and the
wall time. Flat peaks across the sides mean memory does not grow with the solutions.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MODES = {
    "count": ["-n", "0", "--count"],
    "list text": ["-n", "0"],
    "list json": ["-n", "0", "--format", "json"],
}


def distinct_numbers(side: int) -> str:
    return "".join(" ".join(str(r * side + c + 1) for c in range(side)) + "\n" for r in range(side))


def measure(arguments: list[str]) -> tuple[float, float, float, str]:
    """Peak RSS (MiB), CPU seconds and wall seconds of one run, and its last line on stdout."""
    command = [sys.executable, "-m", "puzzlesolve", *arguments]
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    last = ""
    for line in process.stdout:  # read as it comes, keeping only the last line
        last = line
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    if status != 0:
        raise SystemExit(f"{' '.join(command)} exited with {os.waitstatus_to_exitcode(status)}")
    return usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime, wall, last.strip()


def main(sides: list[int]) -> None:
    print(f"{'board':>8} {'solutions':>10} {'mode':>10} {'peak MiB':>9} {'cpu s':>7} {'wall s':>7}")
    with tempfile.TemporaryDirectory() as folder:
        for side in sides:
            board = Path(folder) / f"distinct-{side}x{side}.txt"
            board.write_text(distinct_numbers(side))
            for mode, flags in MODES.items():
                peak, cpu, wall, last = measure(["hitori", str(board), *flags])
                count = (
                    last.split("(")[-1].split()[0]
                    if mode != "list json"
                    else (last.split('"count": ')[1].split(",")[0])
                )
                print(
                    f"{side}x{side:<6} {int(count):>10,} {mode:>10} {peak:>9.1f} {cpu:>7.1f} "
                    f"{wall:>7.1f}",
                    flush=True,
                )


if __name__ == "__main__":
    main([int(side) for side in sys.argv[1:]] or [4, 5, 6])

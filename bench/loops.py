"""Loop genres' speed: CPU seconds of whole `puzzlesolve GENRE ID --format json` processes
(solve and prove unique), per instance, and the median per board size.

    python bench/loops.py [--runs 3] [--count 5] [--cache /tmp/puzzlesolve-loops]
                          [--explain-only]

Then the CPU of `puzzlesolve explain GENRE ID --format json` processes (every step by the
forward engine, from the clues to the solution) on Loopy Hard 10x10 and Pearl Tricky 10x10
(issue 34's target: a 10x10 hard Loopy explained in 3 s at most).

Instances are made by Simon Tatham's own generators (sgt-puzzles: ``sgt-loopy``,
``sgt-pearl`` in /usr/games), their game ids kept in the cache folder (outside the
repository) so that later runs time the same boards: Loopy Hard 10x10 and 30x30, Pearl
Tricky 10x10 and 12x12 (Pearl's own generator did not finish a Tricky 16x16 in 5 minutes
here, so larger Pearl boards are not made). Each process's CPU is
its own user and system time, as the operating system counts it (``os.wait4``), so the
figure does not depend on what else the machine runs. noqx is not timed beside it here:
it is not installed on this machine.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

GAMES = {  # genre -> (generator, [(size label, parameters)])
    "slitherlink": ("sgt-loopy", [("10x10 hard", "10x10t0dh"), ("30x30 hard", "30x30t0dh")]),
    "masyu": ("sgt-pearl", [("10x10 tricky", "10x10dt"), ("12x12 tricky", "12x12dt")]),
}
EXPLAINED = {  # genre -> (generator, [(size label, parameters)]): explain's CPU
    "slitherlink": ("sgt-loopy", [("10x10 hard", "10x10t0dh")]),
    "masyu": ("sgt-pearl", [("10x10 tricky", "10x10dt")]),
}


def game_ids(generator: str, parameters: str, count: int, cache: Path) -> list[str]:
    """`count` game ids of these parameters, generated once and kept in `cache`."""
    path = cache / f"{generator}-{parameters}-{count}.txt"
    if not path.is_file():
        program = shutil.which(generator) or f"/usr/games/{generator}"
        made = subprocess.run([program, "--generate", str(count), parameters],
                              capture_output=True, text=True, check=True)  # fmt: skip
        cache.mkdir(parents=True, exist_ok=True)
        path.write_text(made.stdout)
    return [line.split()[0] for line in path.read_text().splitlines() if line.strip()]


def cpu_seconds(arguments: list[str]) -> tuple[float, dict]:
    """The CPU time (user + system) of one process and its JSON output."""
    process = subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = process.stdout.read() if process.stdout else b""
    _pid, _status, usage = os.wait4(process.pid, 0)
    return usage.ru_utime + usage.ru_stime, json.loads(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per instance (median)")
    parser.add_argument("--count", type=int, default=5, help="boards per size")
    parser.add_argument("--cache", type=Path, default=Path("/tmp/puzzlesolve-loops"))
    parser.add_argument("--explain-only", action="store_true", help="time explain alone")
    args = parser.parse_args()
    command = [sys.executable, "-m", "puzzlesolve"]
    for genre, (generator, sizes) in {} if args.explain_only else GAMES.items():
        for label, parameters in sizes:
            medians = []
            for number, game_id in enumerate(game_ids(generator, parameters, args.count,
                                                      args.cache), start=1):  # fmt: skip
                runs = [cpu_seconds([*command, genre, game_id, "--format", "json"])
                        for _ in range(args.runs)]  # fmt: skip
                cpu = statistics.median(seconds for seconds, _ in runs)
                document = runs[0][1]
                solver = statistics.median(d["stats"]["time_s"] for _, d in runs)
                medians.append(cpu)
                print(f"{genre:11} {label:13} #{number}: {document['status']:8} process CPU "
                      f"{cpu:6.3f} s, solver wall {solver:6.3f} s, {document['stats']['rules']:,} "
                      "rules", flush=True)  # fmt: skip
            print(f"{genre:11} {label:13} median process CPU {statistics.median(medians):.3f} s "
                  f"over {len(medians)} boards", flush=True)  # fmt: skip
    explain_times(command, args)
    return 0


def explain_times(command: list[str], args: argparse.Namespace) -> None:
    """Explain's process CPU per board of `EXPLAINED`, and the median per size."""
    for genre, (generator, sizes) in EXPLAINED.items():
        for label, parameters in sizes:
            medians = []
            for number, game_id in enumerate(
                game_ids(generator, parameters, args.count, args.cache), start=1
            ):
                runs = [
                    cpu_seconds([*command, "explain", genre, game_id, "--format", "json"])
                    for _ in range(args.runs)
                ]
                cpu = statistics.median(seconds for seconds, _ in runs)
                difficulty = runs[0][1]["difficulty"]
                medians.append(cpu)
                print(
                    f"{genre:11} {label:13} #{number}: explain process CPU {cpu:6.3f} s, "
                    f"{difficulty['steps']} steps, {difficulty['trials']} by trial, grade "
                    f"{difficulty['grade']}",
                    flush=True,
                )
            print(
                f"{genre:11} {label:13} explain median process CPU "
                f"{statistics.median(medians):.3f} s over {len(medians)} boards",
                flush=True,
            )


if __name__ == "__main__":
    sys.exit(main())

"""Numberlink speed: whole `puzzlesolve numberlink FILE --format json` processes, per target set.

    python bench/numberlink.py [--runs 1] [--set flowfree janko big adc] [--timeout 30]

Each instance runs as its own process (start-up, grounding, the first solution and the
search for a second, i.e. the uniqueness proof), `--fill` where the corpus manifest says
`variant: fill`; the median of `--runs` runs is printed per instance, then each set's median
and maximum. Sets and targets (issue 5), from ../shared/corpus (skipped when missing):

    flowfree  numberlink/flowfree/*            median <= 0.25 s, none over 1 s
    janko     numberlink/thomasahle/janko_*    median <= 0.3 s
    big       the 36x36 and 40x40 fill puzzles of thomasahle (inputs4_11, inputs4_09): <= 10 s
    adc       numberlink/adc/* under --timeout 30: solved or cleanly timed out
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"

TARGETS = {  # set -> (median target, maximum target), None where the issue sets none
    "flowfree": (0.25, 1.0),
    "janko": (0.3, None),
    "big": (None, 10.0),
    "adc": (None, None),
}


def members(name: str, manifest: list[dict]) -> list[dict]:
    """The manifest entries of one target set."""
    numberlink = [e for e in manifest if e["genre"] == "numberlink"]
    if name == "flowfree":
        return [e for e in numberlink if e["path"].startswith("numberlink/flowfree/")]
    if name == "janko":
        return [e for e in numberlink if "/janko_" in e["path"]]
    if name == "big":
        return [
            e
            for e in numberlink
            if e["variant"] == "fill"
            and "thomasahle" in e["path"]
            and (e["rows"], e["cols"]) in ((36, 36), (40, 40))
        ]
    return [e for e in numberlink if e["path"].startswith("numberlink/adc/")]


def run(entry: dict, runs: int, timeout: float) -> tuple[float, str]:
    """Median wall time of `runs` processes and the status the last one reported."""
    command = [
        sys.executable,
        "-m",
        "puzzlesolve",
        "numberlink",
        str(CORPUS / entry["path"]),
        "--format",
        "json",
        "--timeout",
        str(timeout),
    ]
    if entry["variant"] == "fill":
        command.append("--fill")
    times, status = [], "?"
    for _ in range(runs):
        started = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        times.append(time.perf_counter() - started)
        status = json.loads(done.stdout)["status"] if done.stdout else f"exit {done.returncode}"
    return statistics.median(times), status


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--set", nargs="+", choices=sorted(TARGETS), default=list(TARGETS))
    parser.add_argument("--timeout", type=float, default=30.0)
    args = parser.parse_args()
    manifest_file = CORPUS / "manifest.json"
    if not manifest_file.is_file():
        sys.exit(f"no corpus at {CORPUS}")
    manifest = json.loads(manifest_file.read_text())
    summary = []
    for name in args.set:
        times, statuses = [], {}
        for entry in members(name, manifest):
            seconds, status = run(entry, args.runs, args.timeout)
            times.append(seconds)
            statuses[status] = statuses.get(status, 0) + 1
            print(f"{name:8} {entry['path']:48} {seconds:8.3f}  {status}", flush=True)
        if not times:
            continue
        median_target, max_target = TARGETS[name]
        median, worst = statistics.median(times), max(times)
        verdict = "ok"
        if (median_target is not None and median > median_target) or (
            max_target is not None and worst > max_target
        ):
            verdict = "SLOW"
        counts = ", ".join(f"{n} {s}" for s, n in sorted(statuses.items()))
        summary.append(
            f"{name:8} n={len(times):3} median {median:6.3f} s  max {worst:6.2f} s  "
            f"targets {median_target}/{max_target}  {verdict}  ({counts})"
        )
    print()
    print("\n".join(summary))


if __name__ == "__main__":
    main()

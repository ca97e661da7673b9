"""Numberlink speed: whole `puzzlesolve numberlink FILE --format json` processes, per target set.

    python bench/numberlink.py [--runs 1] [--set flowfree janko big huge adc] [--timeout 60]
                               [--only NAME ...] [--cores 1] [--old CHECKOUT] [--models N]

Each instance runs as its own process (start-up, grounding, the first solution and the
search for a second, i.e. the uniqueness proof), `--fill` where the corpus manifest says
`variant: fill`; per instance the median wall time of `--runs` runs, the CPU time (user +
sys) of the last, the time of its first solution, its status and clingo's choices and
conflicts; then each set's median and maximum. `--only` keeps the instances whose path
contains one of the names; `--cores 1` solves with `solve(..., cores=1)` (as batch does)
rather than through the command line. Per instance also the stages of its time (issue 23):
`ground` the user's rules, `first` solution, `settled` (the whole run, when it decided
unique, multiple or unsolvable; `-` when it stopped at the timeout), the ground size of the
rules (`rules`/`atoms`) and of the search program, when it ran (`finder`). `--old
CHECKOUT` runs every instance a second time with the puzzlesolve of another checkout (e.g.
`git archive <commit> puzzlesolve encodings | tar -x -C /tmp/old`), one process at a time,
and prints the two side by side, with the medians of both. `--models 1`: the process looks
for the first solution only (`-n 1`: its whole time is the first solution's). The machine
is shared: CPU seconds (user + sys of the process) say more than wall seconds.

Sets and targets (issue 15), from ../shared/corpus (skipped when missing):

    flowfree  numberlink/flowfree/*            median <= 0.25 s, none over 1 s
    janko     numberlink/thomasahle/janko_*    median <= 0.3 s, every one settled in 30 s
    big       the 36x36 and 40x40 fill puzzles of thomasahle (inputs4_11, inputs4_09): <= 2 s
    huge      the 50x50 fill puzzles of thomasahle (inputs10_*): each solved within 30 s
    adc       numberlink/adc/*: a first solution within 60 s, median <= 10 s, status
              (unique or multiple) settled for 14 of the 18
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"

TARGETS = {  # set -> (median target, maximum target), None where the issue sets none
    "flowfree": (0.25, 1.0),
    "janko": (0.3, 30.0),
    "big": (None, 2.0),
    "huge": (None, 30.0),
    "adc": (10.0, 60.0),
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
    if name == "huge":
        return [e for e in numberlink if "/inputs10_" in e["path"]]
    return [e for e in numberlink if e["path"].startswith("numberlink/adc/")]


# the command line's JSON, from a solve on one core
ONE_CORE = """
import json, sys
from puzzlesolve import load, solve
path, fill, timeout = sys.argv[1], sys.argv[2] == "fill", float(sys.argv[3])
models = int(sys.argv[4])
result = solve("numberlink", load("numberlink", path), timeout=timeout, models=models,
               switches=["fill"] if fill else [], cores=1)
print(json.dumps(result.to_json()))
"""


def run(
    entry: dict,
    runs: int,
    timeout: float,
    cores: int | None,
    checkout: str | None = None,
    models: int = 2,
) -> tuple[float, float, str, str, dict]:
    """Median wall time of `runs` processes; CPU time, status, effort and stats of the last
    one. `checkout`: run the puzzlesolve found there instead of this one. `models`: how many
    solutions the process looks for (2: the first, and a second to settle uniqueness)."""
    path, fill = str(CORPUS / entry["path"]), entry["variant"] == "fill"
    environment = dict(os.environ)
    if checkout is not None:
        environment["PYTHONPATH"] = checkout
    if cores == 1:
        command = [sys.executable, "-c", ONE_CORE, path, "fill" if fill else "-", str(timeout)]
        command.append(str(models))
    else:
        command = [sys.executable, "-m", "puzzlesolve", "numberlink", path, "--format", "json"]
        command += ["--timeout", str(timeout), "--stats"] + (["--fill"] if fill else [])
        command += [] if models == 2 else ["--models", str(models)]
    times, cpu, status, effort, stats = [], 0.0, "?", "", {}
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        done = subprocess.run(  # from the checkout: `-m` puts the working folder first
            command, capture_output=True, text=True, check=False, env=environment, cwd=checkout
        )
        times.append(time.perf_counter() - started)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        if done.stdout:
            document = json.loads(done.stdout)
            status, stats = document["status"], document["stats"]
            first = f"{stats['first_s']:7.2f}" if "first_s" in stats else "      -"
            effort = f"first {first} s  choices {stats['choices']}, conflicts {stats['conflicts']}"
        else:
            status = f"exit {done.returncode}"
    return statistics.median(times), cpu, status, effort, stats


def stages_of(seconds: float, cpu: float, status: str, stats: dict) -> dict[str, float | None]:
    """The figures of one run that --old compares (None: not reached)."""
    settled = status in ("unique", "multiple", "unsolvable")
    return {
        "wall": seconds,
        "cpu": cpu,
        "ground": stats.get("ground_s"),
        "first": stats.get("first_s"),
        "settled": seconds if settled else None,
        "rules": stats.get("rules"),
        "atoms": stats.get("atoms"),
        "finder": stats.get("finder_rules"),
    }


def shown(value: float | None, width: int = 7, digits: int = 2) -> str:
    if value is None:
        return "-".rjust(width)
    if isinstance(value, int):
        return f"{value:>{width},}"
    return f"{value:{width}.{digits}f}"


def side_by_side(name: str, path: str, old: dict, new: dict) -> str:
    """One line per instance: each figure old -> new."""
    parts = [f"{name:8} {path:44}"]
    for key in ("wall", "cpu", "ground", "first", "settled"):
        parts.append(f"{key} {shown(old[key], 6)} ->{shown(new[key], 6)}")
    parts.append(f"rules {shown(old['rules'], 8)} ->{shown(new['rules'], 8)}")
    parts.append(f"finder {shown(new['finder'], 8)}")
    return "  ".join(parts)


def medians(rows: list[dict], key: str) -> str:
    values = [row[key] for row in rows if row[key] is not None]
    reached = f"{len(values)}/{len(rows)}"
    return f"{key} {shown(statistics.median(values) if values else None, 6)} ({reached})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--set", nargs="+", choices=sorted(TARGETS), default=list(TARGETS))
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--only", nargs="+", default=None)
    parser.add_argument("--cores", type=int, choices=[1], default=None)
    parser.add_argument("--old", default=None, help="a checkout to compare with, side by side")
    parser.add_argument("--models", type=int, default=2, help="1: the first solution only")
    args = parser.parse_args()
    manifest_file = CORPUS / "manifest.json"
    if not manifest_file.is_file():
        sys.exit(f"no corpus at {CORPUS}")
    manifest = json.loads(manifest_file.read_text())
    summary = []
    for name in args.set:
        times, cpus, statuses = [], [], {}
        compared: dict[str, list[dict]] = {"old": [], "new": []}
        for entry in members(name, manifest):
            if args.only and not any(part in entry["path"] for part in args.only):
                continue
            if args.old is not None:
                old_outcome = run(entry, 1, args.timeout, args.cores, args.old, args.models)
                old = stages_of(*_without_effort(old_outcome))
                outcome = run(entry, args.runs, args.timeout, args.cores, models=args.models)
                new = stages_of(*_without_effort(outcome))
                compared["old"].append(old)
                compared["new"].append(new)
                print(side_by_side(name, entry["path"], old, new), flush=True)
            else:
                outcome = run(entry, args.runs, args.timeout, args.cores, models=args.models)
            seconds, cpu, status, effort, _ = outcome
            times.append(seconds)
            cpus.append(cpu)
            statuses[status] = statuses.get(status, 0) + 1
            if args.old is None:
                print(
                    f"{name:8} {entry['path']:48} {seconds:8.3f} s  cpu {cpu:7.3f} s  "
                    f"{status:9} {effort}",
                    flush=True,
                )
        if not times:
            continue
        for side, rows in compared.items():
            if rows:
                figures = "  ".join(
                    medians(rows, key) for key in ("wall", "cpu", "ground", "first", "settled")
                )
                summary.append(f"{name:8} {side} medians: {figures}")
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
            f"targets {median_target}/{max_target}  {verdict}  ({counts})  "
            f"cpu median {statistics.median(cpus):6.3f} s, total {sum(cpus):7.1f} s"
        )
    print()
    print("\n".join(summary))


def _without_effort(outcome: tuple) -> tuple:
    seconds, cpu, status, _effort, stats = outcome
    return seconds, cpu, status, stats


if __name__ == "__main__":
    main()

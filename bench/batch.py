"""Batch throughput: whole `puzzlesolve batch` processes over many instances.

    python bench/batch.py [--jobs N] [--generated 1000] [--only small|flowfree]

Sets (from ../shared/corpus, skipped when missing) and targets (issue 14):

    small     every Hitori, Hidato and Numbrix instance of the corpus, plus GENERATED 8x8
              Hitori made with puzzlesolve.generate (seeds 0.., kept in a temporary folder
              for the next run): one batch per genre (a batch has one genre). Target: on
              average <= 10 ms per small (<= 100 cells) puzzle, i.e. the wall time of the
              batches of the small instances alone, divided by their number.
    flowfree  the 28 solvable Flow Free levels (numberlink/flowfree) with --fill -n 1 in one
              batch: <= 2 s in all; beside it, the same levels one process each.

Printed per batch: instances, wall and CPU time of the whole process (start-up included; CPU
is user + system of the parent and its workers); the CPU time of solving the same instances
one after the other in this process (`load` and `solve(..., cores=1)`, the work a worker does
per instance); and the overhead per instance, (batch CPU - that) / instances: what batching
costs beyond solving (start-up, sending instances to workers and lines back, JSON, writing).
CPU times hold up on a loaded machine; wall times do not.

    overhead  the pool alone: the generated 8x8 Hitori sent in chunks of 1, 2, 4 and 16 to two
              workers that answer each with a real line and outcome at once, without solving:
              the cost per instance of sending work and results, beside the time of solving.
"""

from __future__ import annotations

import argparse
import functools
import json
import multiprocessing
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"
GENERATED = Path(tempfile.gettempdir()) / "puzzlesolve-bench-hitori-8x8"


def generate_one(seed: int) -> None:
    from puzzlesolve.generate import generate
    from puzzlesolve.registry import get_genre

    path = GENERATED / f"hitori-8x8-{seed:04}.txt"
    if not path.is_file():
        path.write_text(generate(get_genre("hitori"), 8, 8, seed).text)


def generated(count: int) -> list[Path]:
    """`count` generated 8x8 Hitori, made once and kept for later runs."""
    GENERATED.mkdir(exist_ok=True)
    missing = [s for s in range(count) if not (GENERATED / f"hitori-8x8-{s:04}.txt").is_file()]
    if missing:
        print(f"(generating {len(missing)} 8x8 Hitori into {GENERATED})", flush=True)
        with multiprocessing.Pool() as pool:
            pool.map(generate_one, missing, chunksize=10)
    return [GENERATED / f"hitori-8x8-{seed:04}.txt" for seed in range(count)]


def corpus(genre: str, most_cells: int | None = None, path_prefix: str = "") -> list[Path]:
    manifest = json.loads((CORPUS / "manifest.json").read_text())
    return [
        CORPUS / entry["path"]
        for entry in manifest
        if entry["genre"] == genre
        and entry["path"].startswith(path_prefix)
        and (most_cells is None or entry["rows"] * entry["cols"] <= most_cells)
        and entry.get("solvable", True)
    ]


def batch(genre: str, files: list[Path], options: list[str], jobs: int | None) -> dict:
    """Run one batch; its wall and CPU seconds, and the lines it wrote."""
    scratch = Path(tempfile.mkdtemp(prefix="puzzlesolve-bench-batch-"))
    listing = scratch / "instances"
    listing.mkdir()
    for number, path in enumerate(files):  # one folder, so the command line stays short
        (listing / f"{number:05}-{path.name}").symlink_to(path)
    command = [
        shutil.which("puzzlesolve") or "puzzlesolve",
        "batch",
        genre,
        str(listing),
        "-o",
        str(scratch / "out.jsonl"),
        *options,
    ]
    if jobs:
        command += ["--jobs", str(jobs)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    lines = [json.loads(line) for line in (scratch / "out.jsonl").read_text().splitlines()]
    shutil.rmtree(scratch)
    if len(lines) != len(files):
        sys.exit(f"batch {genre}: {len(lines)} lines for {len(files)} instances\n{done.stderr}")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    statuses: dict[str, int] = {}
    for line in lines:
        statuses[line["status"]] = statuses.get(line["status"], 0) + 1
    return {
        "n": len(lines),
        "wall": wall,
        "cpu": cpu,
        "solving": solving_cpu(genre, files, options),
        "statuses": statuses,
    }


def solving_cpu(genre: str, files: list[Path], options: list[str]) -> float:
    """CPU seconds of loading and solving `files` one after the other in this process."""
    from puzzlesolve import load, solve

    switches = ["fill"] if "--fill" in options else []
    models = int(options[options.index("-n") + 1]) if "-n" in options else 2
    started = time.process_time()
    for path in files:
        solve(genre, load(genre, path), models=models, switches=switches, cores=1)
    return time.process_time() - started


def report(name: str, figures: dict) -> None:
    n = figures["n"]
    overhead = (figures["cpu"] - figures["solving"]) / n
    print(
        f"{name:34} {n:5} {figures['wall']:8.2f} {figures['cpu']:8.2f} "
        f"{figures['solving']:8.2f} {1000 * figures['wall'] / n:9.2f} "
        f"{1000 * figures['solving'] / n:10.2f} {1000 * overhead:9.2f}  "
        + " ".join(f"{k} {v}" for k, v in sorted(figures["statuses"].items())),
        flush=True,
    )


def header() -> None:
    print(
        f"{'batch':34} {'n':>5} {'wall s':>8} {'cpu s':>8} {'solve s':>8} "
        f"{'wall ms/i':>9} {'solve ms/i':>10} {'ovh ms/i':>9}  statuses"
    )


def small_set(jobs: int | None, count: int) -> None:
    made = generated(count)
    sets = {genre: corpus(genre) for genre in ("hitori", "hidato", "numbrix")}
    small = {genre: corpus(genre, most_cells=100) for genre in sets}
    small["hitori"] += made
    header()
    totals = {"n": 0, "wall": 0.0}
    for genre, files in small.items():
        figures = batch(genre, files, [], jobs)
        report(f"{genre} <= 100 cells", figures)
        totals["n"] += figures["n"]
        totals["wall"] += figures["wall"]
    average = 1000 * totals["wall"] / totals["n"]
    print(
        f"small puzzles: {totals['n']} in {totals['wall']:.2f} s wall, {average:.2f} ms each "
        f"on average (target <= 10 ms): {'ok' if average <= 10 else 'SLOW'}"
    )
    for genre, files in sets.items():
        report(
            f"{genre} all sizes" + (f" + {count} generated" if genre == "hitori" else ""),
            batch(genre, files + (made if genre == "hitori" else []), [], jobs),
        )


def flowfree(jobs: int | None) -> None:
    levels = corpus("numberlink", path_prefix="numberlink/flowfree/")
    header()
    figures = batch("numberlink", levels, ["--fill", "-n", "1"], jobs)
    report("flowfree --fill -n 1", figures)
    print(
        f"flowfree: {figures['n']} levels in {figures['wall']:.2f} s (target <= 2 s): "
        f"{'ok' if figures['wall'] <= 2 else 'SLOW'}"
    )
    started = time.perf_counter()
    for level in levels:
        subprocess.run(
            ["puzzlesolve", "numberlink", str(level), "--fill", "-n", "1"],
            capture_output=True,
            check=False,
        )
    print(f"flowfree one process each: {time.perf_counter() - started:.2f} s")


def answer(chunk: list, result: tuple) -> list:
    return [result for _ in chunk]


def pool_overhead(count: int) -> None:
    from puzzlesolve.batch_job import Job, solve_one
    from puzzlesolve.instance_files import read_instances
    from puzzlesolve.registry import get_genre

    tasks, _ = read_instances(map(str, generated(count)))
    job = Job("hitori")
    started = time.process_time()
    results = [solve_one(get_genre("hitori"), name, text, job) for name, text in tasks[:200]]
    solving = (time.process_time() - started) / 200
    print(f"solving one 8x8 Hitori in a worker: {1000 * solving:.2f} ms CPU")
    for size in (1, 2, 4, 16):
        chunks = [tasks[i : i + size] for i in range(0, len(tasks), size)]
        with multiprocessing.Pool(2) as pool:
            list(pool.imap_unordered(functools.partial(answer, result=results[0]), chunks[:4]))
            before, started = time.process_time(), time.perf_counter()
            for _ in pool.imap_unordered(functools.partial(answer, result=results[0]), chunks):
                pass
            wall = (time.perf_counter() - started) / len(tasks)
            parent = (time.process_time() - before) / len(tasks)
        print(
            f"chunks of {size:2}: {1000 * wall:.3f} ms wall per instance, "
            f"{1000 * parent:.3f} ms CPU in the parent ({100 * wall / solving:.1f}% of solving)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=None, help="default: the command's own")
    parser.add_argument("--generated", type=int, default=1000)
    parser.add_argument("--only", choices=["small", "flowfree", "overhead"], default=None)
    args = parser.parse_args()
    if not (CORPUS / "manifest.json").is_file():
        sys.exit(f"skipped: {CORPUS} is missing")
    if args.only in (None, "small"):
        small_set(args.jobs, args.generated)
    if args.only in (None, "flowfree"):
        flowfree(args.jobs)
    if args.only in (None, "overhead"):
        pool_overhead(args.generated)


if __name__ == "__main__":
    main()

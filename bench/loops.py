"""Loop genres' speed: CPU seconds of whole `puzzlesolve GENRE ID --format json` processes
(solve and prove unique), per instance, and the median per board size.

    python bench/loops.py [--runs 3] [--count 5] [--cache /tmp/puzzlesolve-loops]
                          [--explain-only] [--noqx CHECKOUT]

Then the CPU of `puzzlesolve explain GENRE ID --format json` processes (every step by the
forward engine, from the clues to the solution) on Loopy Hard 10x10 and Pearl Tricky 10x10
(issue 34's target: a 10x10 hard Loopy explained in 3 s at most).

Instances are made by Simon Tatham's own generators (sgt-puzzles: ``sgt-loopy``,
``sgt-pearl`` in /usr/games), their game ids kept in the cache folder (outside the
repository) so that later runs time the same boards: Loopy Hard 10x10 and 30x30, Pearl
Tricky 10x10 and 12x12 (Pearl's own generator did not finish a Tricky 16x16 in 5 minutes
here, so larger Pearl boards are not made). Each process's CPU is
its own user and system time, as the operating system counts it (``os.wait4``), so the
figure does not depend on what else the machine runs.

--noqx CHECKOUT (a folder holding noqx's packages ``noqx`` and ``solver``, e.g. `git archive
HEAD noqx solver` of github.com/T0nyX1ang/noqx) times noqx's Slitherlink and Masyu encodings
beside ours, interleaved run by run: a process that imports noqx and clingo, builds the
board's `Puzzle` from the clues (read from `puzzlesolve facts`, outside the timing), asks
noqx's solver class for its program and solves it as noqx's own `ClingoSolver` does (its
options, one thread) for two models: the first solution and the proof of uniqueness, as our
command does. Per board both processes' CPU and their ratio ours / noqx, and the solvers' alone,
both as CPU in a process of their own after its imports (ours: `puzzlesolve.solve` on the
parsed board, its grounding, search and decoding, as the command calls it; noqx: making,
grounding and solving its program), then the median ratios (issue 34's target: at most 0.2
on Tatham's hard 10x10 and on 30x30 boards). Without --noqx, the solver figure is ours alone.

Figures (2026-11-29, noqx 0f59813, --runs 3 --count 5, CPU s, medians of 5 boards; before:
the same boards and script at dbe09e2, before clingo's frumpy configuration for Slitherlink):

    board                 ours process  noqx process  ratio   ours solver  noqx solver  ratio
    Loopy hard 10x10      0.086         0.054         1.58    0.011        0.017        0.64
    Loopy hard 30x30      0.203         0.561         0.36    0.125        0.511        0.24
    Pearl tricky 10x10    0.081         0.043         1.90    0.009        0.008        1.17
    Pearl tricky 12x12    0.088         0.049         1.79    0.012        0.011        1.05
    before: 30x30         0.251         0.543         0.46    0.161        0.495        0.32
    before: Pearl 12x12   0.091         0.049         1.84    0.014        0.011        1.19

Both prove every board unique. The target of 0.2 is not met, and at 10x10 cannot be: a fifth
of noqx's whole process (0.011 s) is a third of what starting Python and importing clingo
alone costs (python -c "import clingo": 0.030 s), and noqx's process is little more than that
and its 0.01-0.02 s of solving. Ours spends 0.07 s before it solves: click and clingo
together take 0.046 s to import, puzzlesolve's modules the rest. At 30x30 the solver alone is
at 0.24 (0.20-0.28 per board): of its 0.125 s, about 0.04 s is grounding (38,000 rules) and
0.08 s the search for the first solution, which clasp needs some 6,000 choices to find (the
proof that there is no second is almost free). Masyu's solver matches noqx's in clingo
itself (12x12: ours 8.4 ms of grounding and search, noqx's program 10.3 ms with its
options); ours adds about 2 ms of Python (threads that Ctrl-C can interrupt, decoding).
Explain (same run): Loopy hard 10x10 2.0 s, Pearl tricky 10x10 0.68 s (medians).
"""

from __future__ import annotations

import argparse
import json
import os
import re
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


# noqx's side: argv = checkout, genre, clues as JSON ({"rows", "cols", "clues": [[r, c, v]]});
# prints the number of models found (at most 2) and the CPU of making, grounding and solving
# the program
NOQX = """
import json, sys
sys.path.insert(0, sys.argv[1])
from clingo.control import Control
from noqx.puzzle import Direction, Puzzle
board = json.loads(sys.argv[3])
puzzle = Puzzle(sys.argv[2], "")
puzzle.row, puzzle.col = board["rows"], board["cols"]
if sys.argv[2] == "slitherlink":
    from solver.slitherlink import SlitherlinkSolver as Solver
    puzzle.param = {"swslither": False, "tslither": False, "vslither": False}
    puzzle.text = {(r, c, Direction.CENTER, "normal"): v for r, c, v in board["clues"]}
else:
    from solver.masyu import MasyuSolver as Solver
    puzzle.param = {"visit_all": False}
    pearl = {"white": "circle_L__1", "black": "circle_L__2"}
    puzzle.symbol = {(r, c, Direction.CENTER, "normal"): pearl[v] for r, c, v in board["clues"]}
import time
started = time.process_time()
control = Control(["--models=2"], logger=lambda code, message: None)
control.configuration.asp.trans_ext = "dynamic"
control.configuration.asp.eq = 1
control.configuration.solve.parallel_mode = 1
control.add("base", [], Solver().solve(puzzle))
control.ground([("base", [])])
found = []
control.solve(on_model=lambda model: found.append(1))
print(json.dumps({"models": len(found), "solver_cpu": time.process_time() - started}))
"""


# our side, as NOQX times noqx's: argv = genre, game id; prints the status and the CPU of
# `puzzlesolve.solve` (grounding, search and decoding) once the modules it uses are imported
OURS = """
import json, sys, time
import puzzlesolve
from puzzlesolve import registry, solver
genre = registry.get_genre(sys.argv[1])
puzzle = puzzlesolve.parse(genre, sys.argv[2])
started = time.process_time()
result = solver.solve(genre, puzzle)
print(json.dumps({"status": result.status, "solver_cpu": time.process_time() - started}))
"""


def clues_of(genre: str, game_id: str) -> str:
    """The board's size and clues as NOQX reads them, from `puzzlesolve facts`."""
    facts = subprocess.run([sys.executable, "-m", "puzzlesolve", "facts", genre, game_id],
                           capture_output=True, text=True, check=True).stdout  # fmt: skip
    cells = re.findall(r"^cell\((\d+),(\d+)\)\.", facts, re.MULTILINE)
    pattern = (
        r"^number\((\d+),(\d+),(\d+)\)\."
        if genre == "slitherlink"
        else (r"^(white|black)\((\d+),(\d+)\)\.")
    )
    found = re.findall(pattern, facts, re.MULTILINE)
    clues = ([[int(r), int(c), int(n)] for r, c, n in found] if genre == "slitherlink"
             else [[int(r), int(c), kind] for kind, r, c in found])  # fmt: skip
    rows = 1 + max(int(r) for r, _ in cells)
    cols = 1 + max(int(c) for _, c in cells)
    return json.dumps({"rows": rows, "cols": cols, "clues": clues})


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
    parser.add_argument("--noqx", type=Path, help="a noqx checkout to time beside ours")
    args = parser.parse_args()
    # both sides' modules compiled once, as an ordinary install has them (some sandboxes set
    # PYTHONDONTWRITEBYTECODE: then every process would compile puzzlesolve's or noqx's
    # modules anew, some 25 ms); kept beside the game ids, outside both checkouts
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = str(args.cache.resolve() / "pycache")
    command = [sys.executable, "-m", "puzzlesolve"]
    for genre, (generator, sizes) in {} if args.explain_only else GAMES.items():
        for label, parameters in sizes:
            medians, solvers, ratios, inner_ratios = [], [], [], []
            noqx_medians, noqx_solvers = [], []
            for number, game_id in enumerate(game_ids(generator, parameters, args.count,
                                                      args.cache), start=1):  # fmt: skip
                board = clues_of(genre, game_id) if args.noqx else ""
                if number == 1:  # untimed: the first processes compile the modules
                    cpu_seconds([sys.executable, "-c", OURS, genre, game_id])
                    if args.noqx:
                        cpu_seconds([sys.executable, "-c", NOQX, str(args.noqx), genre, board])
                runs, ours, theirs = [], [], []
                for _ in range(args.runs):  # interleaved, so that both see the same machine
                    runs.append(cpu_seconds([*command, genre, game_id, "--format", "json"]))
                    ours.append(cpu_seconds([sys.executable, "-c", OURS, genre, game_id])[1])
                    if args.noqx:
                        theirs.append(cpu_seconds([sys.executable, "-c", NOQX, str(args.noqx),
                                                   genre, board]))  # fmt: skip
                cpu = statistics.median(seconds for seconds, _ in runs)
                document = runs[0][1]
                solver = statistics.median(d["solver_cpu"] for d in ours)
                medians.append(cpu)
                solvers.append(solver)
                beside = ""
                if theirs:
                    noqx = statistics.median(seconds for seconds, _ in theirs)
                    ratios.append(cpu / noqx)
                    inner = statistics.median(d["solver_cpu"] for _, d in theirs)
                    noqx_medians.append(noqx)
                    noqx_solvers.append(inner)
                    inner_ratios.append(solver / inner)
                    beside = (f", noqx {noqx:6.3f} s ({theirs[0][1]['models']} models, solver "
                              f"{inner:6.3f} s), ours / noqx {cpu / noqx:.2f} (solvers "
                              f"{solver / inner:.2f})")  # fmt: skip
                print(f"{genre:11} {label:13} #{number}: {document['status']:8} process CPU "
                      f"{cpu:6.3f} s, solver CPU {solver:6.3f} s, {document['stats']['rules']:,} "
                      f"rules{beside}", flush=True)  # fmt: skip
            median = statistics.median
            print(f"{genre:11} {label:13} medians over {len(medians)} boards: process CPU "
                  f"{median(medians):.3f} s, solver CPU {median(solvers):.3f} s" + (
                  f"; noqx process {median(noqx_medians):.3f} s, solver "
                  f"{median(noqx_solvers):.3f} s; ours / noqx {median(ratios):.2f}, solvers "
                  f"{median(inner_ratios):.2f}" if ratios else ""), flush=True)  # fmt: skip
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

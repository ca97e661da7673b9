"""Where an explanation's time goes: its solver calls, what one call costs on the puzzle's
program, and the floor no choice of steps gets under.

    nice python bench/explain_calls.py [--timeout 120] [--only GENRE] [PATH ...]

For each instance (by default one or two of each genre and size that issue 20's targets
name, from ../shared/corpus, skipped when missing, and the bundled Nurikabe): one whole
`explain` with every solver call counted and timed, then its program's size (clasp's
variables) and what a solve call on it costs that is refuted at once (a clue and its
negation assumed: clingo's and clasp's preparation of a call, the same for every question)
and one that finds a model with every rule and clue assumed (measured after the
explanation, so as not to change it; what it learnt makes a call costlier than on a fresh
program: 1.6x on a 9x9 Numbrix, 18x after the long searches of an extreme 12x12 Flow Free).

The floor: the explanation's own steps, each reason of k elements proven subset-minimal,
take at least k calls that find a model (each element is needed: the others allow a
solution) and k + 1 that do not (`explain/shrink.py`), whatever chooses the steps; priced
at this run's median call of each kind. What explain spends above it goes to finding which
values are forced, ranking candidates and shrinking those not chosen.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO.parent / "shared" / "corpus"
sys.path.insert(0, str(REPO))

from puzzlesolve import load
from puzzlesolve.explain import explain
from puzzlesolve.explain import program as explain_program
from puzzlesolve.registry import get_genre

INSTANCES = [
    ("hitori", "hitori/tatham/sgt_10x10_dk_1.txt", ()),
    ("hitori", "hitori/tatham/sgt_15x15_dk_2.txt", ()),
    ("hidato", "hidato/rosetta/wikipedia_sample_8x8.txt", ()),
    ("hidato", "hidato/rosetta/phix_board4_9x9.txt", ()),
    ("numbrix", "numbrix/rosetta/example1_9x9.txt", ()),
    ("numbrix", "numbrix/rosetta/phix_15x15.txt", ()),
    ("numberlink", "numberlink/flowfree/regular_9x9_01.txt", ("fill",)),
    ("numberlink", "numberlink/flowfree/jumbo_10x10_01.txt", ("fill",)),
    ("numberlink", "numberlink/flowfree/extreme_12x12_01.txt", ("fill",)),
    ("nurikabe", "instances/nurikabe/generated-10x10.txt", ()),
]


def per_call(program: explain_program.Program, calls: int = 50) -> tuple[float, float]:
    """Milliseconds of a call refuted at once and of one that finds a model with every
    switch and clue on (medians of `calls`)."""
    clue = program.clues[0].literal
    everything = [item.literal for item in (*program.guards, *program.clues)]
    figures = []
    for assumptions in ([clue, -clue], everything):
        times = []
        for _ in range(calls):
            started = time.perf_counter()
            program.ctl.solve(assumptions=assumptions)
            times.append(time.perf_counter() - started)
        figures.append(1000 * statistics.median(times))
    return figures[0], figures[1]


def counted_explain(genre, puzzle, switches, timeout):
    """`explain`, with every solve call of its program timed by its answer, then the
    program's size and per-call cost (measured after, so the explanation is as usual)."""
    calls: dict[bool | None, list[float]] = {True: [], False: [], None: []}
    programs: list[explain_program.Program] = []
    solve, init = explain_program.Program.solve, explain_program.Program.__init__

    def timed_solve(self, assumptions, budget=None, on_model=None):
        started = time.perf_counter()
        answer = solve(self, assumptions, budget, on_model)
        calls[answer[0]].append(time.perf_counter() - started)
        return answer

    def kept_init(self, *args, **kwargs):
        init(self, *args, **kwargs)
        programs.append(self)

    explain_program.Program.solve = timed_solve
    explain_program.Program.__init__ = kept_init
    try:
        started = sum(os.times()[:2])
        explanation = explain(get_genre(genre), puzzle, switches=switches, timeout=timeout)
        cpu = sum(os.times()[:2]) - started
    finally:
        explain_program.Program.solve, explain_program.Program.__init__ = solve, init
    program = programs[0]  # still usable: closing it only stops its timer
    variables = int(program.ctl.statistics["problem"]["generator"]["vars"])
    return explanation, cpu, calls, (variables, *per_call(program))


def reason_size(glue, puzzle, step) -> int:
    """The elements of a step's reason: rule and technique instances, clue groups, known
    values."""
    groups = {glue.clue_group(puzzle, cell) for cell in step.clues}
    return len(step.guards) + len(groups) + len(step.known)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--only", help="this genre only")
    parser.add_argument("paths", nargs="*", help="GENRE:PATH[:SWITCH...] instead of the list")
    args = parser.parse_args()
    chosen = [
        (genre, path, switches)
        for genre, path, switches in INSTANCES
        if not args.only or genre == args.only
    ]
    if args.paths:
        chosen = [
            (genre, path, tuple(switches))
            for genre, path, *switches in (p.split(":") for p in args.paths)
        ]
    print(
        f"{'instance':44} {'cells':>5} {'vars':>6} {'ms/0':>5} {'ms/all':>6} {'steps':>5} "
        f"{'calls':>6} {'cpu s':>6} {'model ms':>8} {'none ms':>7} {'floor':>6} {'floor s':>7}"
    )
    for genre_name, path, switches in chosen:
        file = REPO / path if path.startswith("instances/") else CORPUS / path
        if not file.is_file():
            print(f"% {path}: missing, skipped", file=sys.stderr)
            continue
        genre = get_genre(genre_name)
        puzzle = load(genre, file)
        glue = genre.feature("explain")
        explanation, cpu, calls, (variables, refuted_ms, model_ms) = counted_explain(
            genre, puzzle, switches, args.timeout
        )
        sizes = [reason_size(glue, puzzle, step) for step in explanation.steps]
        model = statistics.median(calls[True]) if calls[True] else 0.0
        refuted = statistics.median(calls[False]) if calls[False] else 0.0
        floor_calls = sum(2 * k + 1 for k in sizes)
        floor_s = sum(k * model + (k + 1) * refuted for k in sizes)
        made = sum(len(times) for times in calls.values())
        cut = "*" if explanation.timed_out else " "
        name = f"{genre_name} {Path(path).stem}"
        print(
            f"{name[:44]:44} {puzzle.rows * puzzle.cols:5} {variables:6} {refuted_ms:5.1f} "
            f"{model_ms:6.1f} {len(explanation.steps):5} {made:6} {cpu:5.1f}{cut} "
            f"{1000 * model:8.2f} {1000 * refuted:7.2f} {floor_calls:6} {floor_s:7.2f}",
            flush=True,
        )


if __name__ == "__main__":
    main()

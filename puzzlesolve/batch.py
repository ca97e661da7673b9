"""Batch solving: many instances, each solved once, on local worker processes or a Dask cluster.

    >>> from puzzlesolve.batch import plan, running
    >>> from puzzlesolve.batch_job import Job
    >>> from puzzlesolve.instance_files import find_instances
    >>> planned = plan(find_instances(["instances/hitori"]))
    >>> with running(planned.tasks, Job("hitori"), jobs=2) as results:
    ...     for solved in results:
    ...         for line, outcome in solved:
    ...             print(outcome.instance, outcome.status)

The parent process finds the instances and reads their text (`plan`); workers receive the
text (so a Dask worker on another machine needs no access to the files), solve chunks of
instances (`puzzlesolve.workers`, `puzzlesolve.batch_job`), and send back for each one its
JSON line, ready to write, and its `Outcome` for the summary (`running`). Only the parent
writes. Each solve keeps to one core (``solve(..., cores=1)``), so N workers use N. The
audit of a book runs the same way (``running(..., audit=True)``).
"""

from __future__ import annotations

import contextlib
import itertools
import json
import statistics
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from puzzlesolve.batch_job import STATUSES, Outcome, Solved, Task
from puzzlesolve.instance_files import read_instances

# Sending a chunk to a worker and its lines back costs about 0.1 ms, solving an 8x8 Hitori
# about 4 ms: chunks of two or three such puzzles make the cost negligible, and puzzles of
# 12x12 or more, which take longer, are sent alone so that the workers share them evenly.
CHUNK_TEXT = 500  # characters of instance text per chunk, about (a larger instance goes alone)
CHUNKS_PER_WORKER = 4  # at least, where there are enough instances: keeps every worker busy


def read_finished(lines: Iterable[str]) -> tuple[dict[str, Outcome], int]:
    """The outcomes recorded in an earlier run's lines, by instance, and how many lines were
    not batch lines (those are left alone; their instances, if any, are solved again)."""
    finished: dict[str, Outcome] = {}
    foreign = 0
    for text in lines:
        try:
            outcome = Outcome.of(json.loads(text))
        except (ValueError, KeyError, TypeError):
            foreign += 1
            continue
        finished[outcome.instance] = outcome
    return finished, foreign


def chunked(tasks: list[Task], workers: int) -> list[list[Task]]:
    """Instances in the chunks they are sent in, the largest first.

    Largest first, so that the slowest start early rather than leave one worker busy at the
    end; small instances go in groups, so that sending them costs little next to solving
    them, yet in enough chunks (CHUNKS_PER_WORKER) that every worker keeps busy.
    """
    most = max(1, len(tasks) // (max(workers, 1) * CHUNKS_PER_WORKER))
    chunks: list[list[Task]] = []
    size = 0
    for task in sorted(tasks, key=lambda task: len(task[1]), reverse=True):
        if not chunks or len(chunks[-1]) >= most or size + len(task[1]) > CHUNK_TEXT:
            chunks.append([])
            size = 0
        chunks[-1].append(task)
        size += len(task[1])
    return chunks


@dataclass(frozen=True)
class Plan:
    """What a batch has to do, found before any worker starts.

    Attributes:
        names: every instance its paths name, in order.
        done: the outcomes an earlier run recorded (``--resume``), by instance.
        foreign: lines of the earlier run that were not batch lines (left as they were).
        tasks: the instances left to solve, each with its text.
        unreadable: the error lines of instance files that could not be read.
    """

    names: list[str]
    done: dict[str, Outcome]
    foreign: int
    tasks: list[Task]
    unreadable: list[Solved]


def plan(names: list[str], earlier: Iterable[str] = ()) -> Plan:
    """The instances `names` (`instance_files.find_instances`), less those an earlier run's lines
    (`earlier`) finished, read."""
    done, foreign = read_finished(earlier)
    tasks, unreadable = read_instances(name for name in names if name not in done)
    return Plan(names, done, foreign, tasks, unreadable)


def worker_count(jobs: int | None, tasks: list[Task]) -> int:
    """Worker processes for `tasks`: `jobs`, by default one per core, never more than tasks."""
    from puzzlesolve.workers import cpu_count

    return max(1, min(jobs or cpu_count(), len(tasks)))


@contextlib.contextmanager
def running(
    tasks: list[Task],
    job: Any,
    *,
    jobs: int | None = None,
    scheduler: str | None = None,
    audit: bool = False,
    first: Iterable[list] = (),
) -> Iterator[Iterator[list]]:
    """Start the workers (one per core, `jobs`, or a Dask cluster's at `scheduler`) and
    yield each chunk's results as chunks finish (`first` before them): solved lines, or with
    `audit` audited ones (`puzzlesolve.audit_book`). Leaving the block stops the workers.

    Raises:
        BatchError: the Dask cluster cannot be used.
    """
    from puzzlesolve import workers

    results: Iterator[list] = iter(first)
    if not tasks:
        yield results
        return
    work = workers.audit_chunk if audit else workers.solve_chunk
    count = worker_count(jobs, tasks)
    pool = (
        workers.dask_workers(scheduler, work) if scheduler else workers.local_workers(count, work)
    )
    with pool as run_all:
        yield itertools.chain(results, run_all(chunked(tasks, count), job))


@dataclass
class Summary:
    """What a batch came to, for the table at its end.

    Attributes:
        counts: instances per status (in the order of STATUSES), where there are any.
        total_s: solving time summed over the instances.
        median_s: the median instance's solving time (errors left out).
        slowest: the slowest instances, slowest first.
        differing: differential mode: every instance whose rules disagreed, by name.
        errors: every instance with bad input, by name.
        messages: clingo's warnings, each once.
    """

    counts: dict[str, int]
    total_s: float
    median_s: float
    slowest: list[Outcome]
    differing: list[Outcome] = field(default_factory=list)
    errors: list[Outcome] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, outcomes: list[Outcome], slowest: int = 5) -> Summary:
        counts = dict.fromkeys(STATUSES, 0)
        for outcome in outcomes:
            counts[outcome.status] += 1
        solved = [outcome for outcome in outcomes if outcome.status != "error"]
        return cls(
            counts={status: count for status, count in counts.items() if count},
            total_s=sum(outcome.seconds for outcome in solved),
            median_s=statistics.median([o.seconds for o in solved]) if solved else 0.0,
            slowest=sorted(solved, key=lambda outcome: -outcome.seconds)[:slowest],
            # by name, not in the order instances happened to finish: easy to scan and the same
            # on every run
            differing=sorted((o for o in outcomes if o.differs), key=lambda o: o.instance),
            errors=sorted((o for o in outcomes if o.status == "error"), key=lambda o: o.instance),
            messages=list(dict.fromkeys(m for outcome in outcomes for m in outcome.messages)),
        )

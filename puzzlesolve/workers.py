"""The processes that solve or audit a batch's chunks of instances: local worker processes or
a Dask cluster's workers, and their entry points. An entry point is an edge: the job names its
genre (most Genre records hold a lambda, which does not pickle), looked up here once a chunk.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator
from typing import Any

from puzzlesolve.audit_book import Audited, AuditJob, audit_one
from puzzlesolve.batch_job import BatchError, Job, Solved, Task, one_line, solve_one
from puzzlesolve.registry import get_genre

CONNECT_SECONDS = 10  # to reach a Dask scheduler

Work = Callable[..., list]
"""A worker's entry point: ``(chunk, job=job) -> results``, one per instance of the chunk."""
RunAll = Callable[[list[list[Task]], Any], Iterator[list]]
"""``(chunks, job) -> each chunk's results``, in the order chunks finish."""


def solve_chunk(chunk: list[Task], job: Job) -> list[Solved]:
    """Solve a chunk of instances in this process (a worker's task)."""
    genre = get_genre(job.genre)
    return [solve_one(genre, name, text, job) for name, text in chunk]


def audit_chunk(chunk: list[Task], job: AuditJob) -> list[Audited]:
    """Audit a chunk of instances in this process (a worker's task)."""
    genre = get_genre(job.genre)
    return [audit_one(genre, name, text, job) for name, text in chunk]


@contextlib.contextmanager
def local_workers(jobs: int, work: Work = solve_chunk) -> Iterator[RunAll]:
    """`jobs` worker processes; yields ``run_all(chunks, job)``, an iterator over each
    chunk's results (`work` on it) in the order chunks finish. Leaving the block stops the
    workers at once (Ctrl-C does not wait for the solves under way).
    """
    # Ctrl-C is held back while the workers fork: a KeyboardInterrupt raised in one of the
    # parent's fork hooks (logging's, say) is printed and dropped by Python, and the parent
    # would then wait for the workers for ever; a worker ignores SIGINT before it lets any in
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        pool = multiprocessing.Pool(jobs, initializer=_start_worker)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)  # one that came is raised now
    with pool:  # exit: terminate()
        yield lambda chunks, job: pool.imap_unordered(functools.partial(work, job=job), chunks)


def _start_worker() -> None:
    # Ctrl-C in a terminal reaches every process of the group: the parent alone decides
    # what happens (it stops the workers), so a worker never dies halfway through a result
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # blocked while forking


@contextlib.contextmanager
def dask_workers(address: str, work: Work = solve_chunk) -> Iterator[RunAll]:
    """The workers of the Dask cluster whose scheduler is at `address`; like `local_workers`.

    Raises:
        BatchError: Dask's ``distributed`` is not installed, or the scheduler is out of reach.
    """
    try:
        from distributed import Client, as_completed
        from distributed.comm import connect
    except ImportError:
        raise BatchError('--scheduler needs Dask: pip install "puzzlesolve[dask]"') from None

    async def probe() -> None:
        comm = await connect(address, timeout=CONNECT_SECONDS)
        await comm.close()

    try:  # before Client: one that fails to connect takes long to give up as it is collected
        asyncio.run(probe())
    except (OSError, ValueError) as failure:
        raise BatchError(
            f"cannot reach the Dask scheduler at {address}: {one_line(str(failure))}"
        ) from None
    client = Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
    futures: list = []

    def run_all(chunks: list[list[Task]], job: Any) -> Iterator[list]:
        futures.extend(client.map(work, chunks, job=job, pure=False))
        for future in as_completed(futures, loop=client.loop):
            try:
                results = future.result()
            except Exception as failure:  # noqa: BLE001 (any error a worker raised, e.g. a
                # worker without puzzlesolve installed: the batch stops, with one line)
                raise BatchError(
                    f"a Dask worker failed: {type(failure).__name__}: {one_line(str(failure))}"
                ) from None
            yield results

    try:
        yield run_all
    finally:
        client.cancel(futures)
        client.close()


def cpu_count() -> int:
    """The cores this process may use (fewer than the machine has, under an affinity mask)."""
    with contextlib.suppress(AttributeError):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1

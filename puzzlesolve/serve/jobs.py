"""The page's requests at work: each in a child process (`worker.run`) that can be ended at
any moment, given the server's hard time limit and memory cap, its steps kept as they come,
and its outcome as the response."""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import signal
import time
import uuid
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from puzzlesolve.serve import worker

if TYPE_CHECKING:
    from multiprocessing.context import ForkServerContext, SpawnContext

TIME_LIMIT = 60.0
"""Default seconds any one request may take: a hard limit, its process is ended then."""

MEMORY_LIMIT = 2048
"""Default MiB of memory a request's process may take (``resource.setrlimit``, RLIMIT_DATA):
beyond, its allocation fails and it answers that it was stopped (a 100x100 Nurikabe with one
clue 9999 would ground 8.5 GB)."""

GRACE = 0.1
"""The share of the time limit a task given it (`worker.TIMED`) keeps to stop itself and
answer with what it found before its process is ended at the limit (at least a second): it
is told the limit less this."""

WARM_AFTER = 1.0
"""Seconds after start-up when the worker-forking process starts (it imports clingo)."""


def error_response(status: int, message: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message, **extra}, status)


def respond(kind: str, answer: Any, steps: list | None = None) -> JSONResponse:
    """A worker's outcome as a response: its JSON, or its one line with 400 or 500; out of
    its memory limit, 507, stopped, with the steps found so far."""
    if kind == "ok":
        return JSONResponse(answer)
    if kind == "memory":
        return error_response(507, answer, stopped=True, steps=steps or [])
    return error_response(400 if kind == "bad" else 500, answer)


class Jobs:
    """The requests at work, each in a child process that can be ended at any moment.

    Children are forked by a server process (multiprocessing's forkserver) that imported
    clingo and the library once, so a child starts in milliseconds and shares that memory;
    where forking is not available they are spawned (slower, same behaviour).
    """

    def __init__(
        self,
        time_limit: float,
        parallel: int | None = None,
        grace: float = GRACE,
        memory_limit: int = MEMORY_LIMIT,
    ):
        methods = multiprocessing.get_all_start_methods()
        # each method named, so that the checker knows the context's type
        self.context: ForkServerContext | SpawnContext = (
            multiprocessing.get_context("forkserver")
            if "forkserver" in methods
            else multiprocessing.get_context("spawn")
        )
        if "forkserver" in methods:
            self.context.set_forkserver_preload(["puzzlesolve.serve._preload"])
        self.time_limit = time_limit
        self.grace = grace
        self.memory_limit = memory_limit
        self.slots = asyncio.Semaphore(parallel or max(1, os.cpu_count() or 1))
        self.running: dict[str, multiprocessing.process.BaseProcess] = {}
        self.cancelled: set[str] = set()
        # the steps a job sent so far (`worker.PROGRESS`), for /api/progress and kept in
        # the answer when the job is stopped
        self.progress: dict[str, list] = {}
        self.closing = False  # the server stops: no new work starts

    def warm(self) -> None:
        """Start the forking process now (it imports clingo), not on the first request."""
        # it, and every worker it forks, starts with Ctrl-C blocked (a thread's signal mask
        # passes to the processes it starts): Ctrl-C goes to the terminal's whole process
        # group, and a worker interrupted while it imports printed a traceback; the server
        # itself stops them. multiprocessing's resource tracker, started first, unblocks
        # Ctrl-C in this thread once it runs: so it is started before
        from multiprocessing import resource_tracker

        resource_tracker.ensure_running()
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        process = self.context.Process(target=os.getpid, daemon=True)
        process.start()
        process.join()

    def cancel(self, job: str) -> bool:
        """Stop a job by the id the page gave it; False if it is not running."""
        process = self.running.get(job)
        if process is None:
            return False
        self.cancelled.add(job)  # seen by `run` even if the process has not started yet
        if process.pid is not None:
            process.kill()
        return True

    def stop_all(self) -> None:
        """End every job, and start no more (the server stops)."""
        self.closing = True
        for job in list(self.running):
            self.cancel(job)

    async def run(self, request: Request, task: str, body: dict) -> Response:
        """Run `task` on `body` in a child; its answer, or why there is none, as a response."""
        if task in worker.QUICK:
            kind, answer = await asyncio.to_thread(worker.outcome, task, body)
            return respond(kind, answer)
        job = str(body.get("job") or uuid.uuid4())[:64]
        limit = self.time_limit
        deadline = time.monotonic() + limit  # a hard limit: the process is ended then
        if task in worker.TIMED:  # the work stops itself first and gives what it found
            body["timeout"] = max(0.5, limit - max(1.0, self.grace * limit))
        try:
            await asyncio.wait_for(self.slots.acquire(), limit)
        except TimeoutError:
            return error_response(503, f"busy: no free worker within {limit:g} s")
        if self.closing:
            self.slots.release()
            return error_response(503, "the server is stopping", stopped=True)
        receiving, sending = self.context.Pipe(duplex=False)
        process = self.context.Process(
            target=worker.run, args=(sending, task, body, self.memory_limit), daemon=True
        )
        self.running[job] = process
        loop = asyncio.get_running_loop()
        ready = asyncio.Event()
        try:
            await asyncio.to_thread(process.start)
            sending.close()
            loop.add_reader(receiving.fileno(), ready.set)
            found = self.progress.setdefault(job, [])
            while True:  # steps as they come (`worker.PROGRESS`), then the outcome
                while not ready.is_set():
                    if job in self.cancelled or await request.is_disconnected():
                        return error_response(409, "stopped", stopped=True, steps=found)
                    if time.monotonic() > deadline:
                        return error_response(
                            504,
                            f"stopped: no answer within the time limit of {limit:g} s "
                            "(puzzlesolve serve --time-limit)",
                            stopped=True,
                            steps=found,
                        )
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(ready.wait(), 0.1)
                try:
                    kind, answer = receiving.recv()
                except (EOFError, OSError):
                    if job in self.cancelled:
                        return error_response(409, "stopped", stopped=True, steps=found)
                    await asyncio.to_thread(process.join, 5)  # its exit status, for the message
                    return error_response(
                        500, f"the work ended without an answer (exit {process.exitcode})"
                    )
                if kind != "step":
                    break
                found.append(answer)
                ready.clear()  # set again at once if more is waiting in the pipe
                if receiving.poll():
                    ready.set()
        finally:
            with contextlib.suppress(ValueError, OSError):
                loop.remove_reader(receiving.fileno())
            receiving.close()
            if process.is_alive():
                process.kill()
            if process.pid is not None:
                await asyncio.to_thread(process.join, 5)
            self.running.pop(job, None)
            self.progress.pop(job, None)
            self.cancelled.discard(job)
            self.slots.release()
        return respond(kind, answer, found)

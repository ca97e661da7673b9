"""The local web page's server: a Starlette app of static files and a small JSON API.

Every request that solves, checks, explains, draws or generates runs in a child process of
its own (`Jobs`), forked from a process that has imported clingo and the library once, so
that one request can be stopped at any moment by ending its process: when the page asks
(``/api/cancel``, or by dropping the request), when the time limit passes, or when the
server stops. A request that crashes its process costs that request, never the server.

Security (the page is served to this machine's browser only): requests whose ``Host`` or
``Origin`` is not the served address are refused with 403 (DNS rebinding); bodies are
bounded (`MAX_BODY`), boards too (`requests.MAX_PAGE_CELLS`, and each genre's own limits on
what can be ground); the page names puzzles by link, uploaded text or example name, never
by a path on the server; and the Content-Security-Policy lets the page load and fetch from
this server alone, so nothing leaves the machine.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import multiprocessing
import os
import signal
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette
from starlette.datastructures import Headers, MutableHeaders
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from puzzlesolve import __version__
from puzzlesolve.serve import requests, worker

if TYPE_CHECKING:
    from multiprocessing.context import ForkServerContext, SpawnContext

STATIC = Path(__file__).resolve().parent / "static"

MAX_BODY = 1 << 20
"""Bytes a request body may have (a 100x100 board's marks take about 200 kB)."""

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

HEADERS = {
    # the page loads scripts, styles and data from this server only: nothing leaves the machine
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data: blob:; connect-src 'self'; "
        "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}

LOCAL_NAMES = {"127.0.0.1", "localhost", "::1"}


def is_local(host: str) -> bool:
    """Whether binding `host` serves this machine alone (a loopback address or name)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def served_address_check(host: str, port: int) -> Callable[[str], bool]:
    """Whether a ``Host`` value (``name:port``) names the address served.

    Loopback hosts accept each other's names (``localhost`` for ``127.0.0.1``); a wildcard
    host (``0.0.0.0``, ``::``) accepts any address written as an IP literal. A domain name
    is never accepted unless it is the host given: that is what DNS rebinding would send.
    """
    wildcard = host in ("0.0.0.0", "::")

    def allowed(value: str) -> bool:
        name, _, given_port = value.rpartition(":")
        if given_port != str(port):
            return False
        name = name.strip("[]").lower()
        if name == host.strip("[]").lower():
            return True
        if is_local(host) and name in LOCAL_NAMES:
            return True
        if wildcard:
            try:
                ipaddress.ip_address(name)
            except ValueError:
                return name == "localhost"
            return True
        return False

    return allowed


class Guard:
    """ASGI middleware: refuses foreign ``Host`` and ``Origin`` headers (403) and adds the
    security headers to every response."""

    jobs: Jobs  # the page's, once `app` made them

    def __init__(self, app: Any, allowed: Callable[[str], bool]):
        self.app, self.allowed = app, allowed

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        origin = headers.get("origin")
        if not self.allowed(headers.get("host", "")) or (
            origin is not None
            and not (origin.startswith("http://") and self.allowed(origin[len("http://") :]))
        ):
            refusal = PlainTextResponse(
                "refused: this page answers requests for its own address only", 403
            )
            await refusal(scope, receive, send)
            return

        async def send_guarded(message: dict) -> None:
            if message["type"] == "http.response.start":
                MutableHeaders(scope=message).update(HEADERS)
            await send(message)

        await self.app(scope, receive, send_guarded)


class TooLarge(Exception):
    """A request body over `MAX_BODY`."""


async def read_json(request: Request) -> dict:
    """The request's JSON object, read no further than `MAX_BODY` bytes.

    Raises:
        TooLarge: the body is longer.
        ValueError: it is no JSON object.
    """
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
        raise TooLarge
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise TooLarge
    try:
        document = json.loads(body)
    except (UnicodeDecodeError, json.JSONDecodeError) as bad:
        raise ValueError(f"the request is no JSON: {bad}") from None
    if not isinstance(document, dict):
        raise ValueError("the request is no JSON object")  # noqa: TRY004 - a bad request
    return document


def _error(status: int, message: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message, **extra}, status)


def _respond(kind: str, answer: Any, steps: list | None = None) -> JSONResponse:
    """A worker's outcome as a response: its JSON, or its one line with 400 or 500; out of
    its memory limit, 507, stopped, with the steps found so far."""
    if kind == "ok":
        return JSONResponse(answer)
    if kind == "memory":
        return _error(507, answer, stopped=True, steps=steps or [])
    return _error(400 if kind == "bad" else 500, answer)


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
        for job in list(self.running):
            self.cancel(job)

    async def run(self, request: Request, task: str, body: dict) -> Response:
        """Run `task` on `body` in a child; its answer, or why there is none, as a response."""
        if task in worker.QUICK:
            kind, answer = await asyncio.to_thread(worker.outcome, task, body)
            return _respond(kind, answer)
        job = str(body.get("job") or uuid.uuid4())[:64]
        limit = self.time_limit
        deadline = time.monotonic() + limit  # a hard limit: the process is ended then
        if task in worker.TIMED:  # the work stops itself first and gives what it found
            body["timeout"] = max(0.5, limit - max(1.0, self.grace * limit))
        try:
            await asyncio.wait_for(self.slots.acquire(), limit)
        except TimeoutError:
            return _error(503, f"busy: no free worker within {limit:g} s")
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
                        return _error(409, "stopped", stopped=True, steps=found)
                    if time.monotonic() > deadline:
                        return _error(
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
                        return _error(409, "stopped", stopped=True, steps=found)
                    await asyncio.to_thread(process.join, 5)  # its exit status, for the message
                    return _error(
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
        return _respond(kind, answer, found)


def create_app(
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    initial: dict | None = None,
    time_limit: float = TIME_LIMIT,
    grace: float = GRACE,
    memory_limit: int = MEMORY_LIMIT,
    warm: bool = True,
    on_ready: Callable[[], None] | None = None,
) -> Guard:
    """The web page's application (an ASGI app: the Starlette app behind its `Guard`).

    Args:
        host: the address served (requests must name it, see `served_address_check`).
        port: the port served.
        initial: a request naming the puzzle to show first (``{"genre":, "source":}``).
        time_limit: seconds any one request may take (a hard limit).
        grace: the share of the limit a task told it keeps to stop itself (`GRACE`).
        memory_limit: MiB of memory any one request's process may take.
        warm: start the worker-forking process at start-up rather than on first use.
        on_ready: called once the application has started (e.g. to print the address).
    """
    jobs = Jobs(time_limit, grace=grace, memory_limit=memory_limit)

    async def index(_request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def info(_request: Request) -> Response:
        from puzzlesolve.genres import GENRES

        return JSONResponse(
            {
                "version": __version__,
                "genres": {
                    name: {"options": list(g.switches), "link": requests.has_link_form(g)}
                    for name, g in GENRES.items()
                    if requests.on_the_page(g)
                },
                "examples": requests.examples(),
                "initial": initial,
                "time_limit": time_limit,
                "memory_limit": memory_limit,
                "max_cells": requests.MAX_PAGE_CELLS,
                "difficulties": ["easy", "medium", "hard"],
            }
        )

    async def task(request: Request) -> Response:
        name = request.path_params["task"]
        if name not in worker.TASKS:
            return _error(404, f"no such request: {name}")
        try:
            body = await read_json(request)
        except TooLarge:
            return _error(413, f"the request is larger than {MAX_BODY:,} bytes")
        except ValueError as bad:
            return _error(400, str(bad))
        return await jobs.run(request, name, body)

    async def progress(request: Request) -> Response:
        """The steps a running job found so far (``{"job": ID}``): the page shows them."""
        try:
            body = await read_json(request)
        except (TooLarge, ValueError):
            return _error(400, 'progress takes {"job": ID}')
        job = str(body.get("job"))
        steps = jobs.progress.get(job, [])
        start = body.get("from", 0)
        start = start if isinstance(start, int) and start >= 0 else 0
        return JSONResponse({"running": job in jobs.running, "steps": steps[start:]})

    async def cancel(request: Request) -> Response:
        try:
            body = await read_json(request)
        except (TooLarge, ValueError):
            return _error(400, 'cancel takes {"job": ID}')
        return JSONResponse({"stopped": jobs.cancel(str(body.get("job")))})

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette):
        if warm:  # after the page has had the processor to itself for its first second
            loop = asyncio.get_running_loop()
            loop.call_later(WARM_AFTER, lambda: loop.run_in_executor(None, jobs.warm))
        if on_ready is not None:
            on_ready()
        try:
            yield
        finally:
            jobs.stop_all()

    async def failure(_request: Request, error: Exception) -> Response:
        return _error(500, f"{type(error).__name__}: {error}".splitlines()[0])

    app = Starlette(
        routes=[
            Route("/", index),
            Route("/api/info", info),
            Route("/api/cancel", cancel, methods=["POST"]),
            Route("/api/progress", progress, methods=["POST"]),
            Route("/api/{task}", task, methods=["POST"]),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        exception_handlers={Exception: failure},
        lifespan=lifespan,
    )
    guarded = Guard(app, served_address_check(host, port))
    guarded.jobs = jobs  # the requests at work (tests wait for one to start)
    return guarded

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
from collections.abc import Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.datastructures import Headers, MutableHeaders
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from puzzlesolve import __version__
from puzzlesolve.serve import requests, worker
from puzzlesolve.serve.jobs import (
    GRACE,
    MEMORY_LIMIT,
    TIME_LIMIT,
    WARM_AFTER,
    Jobs,
    error_response,
)

STATIC = Path(__file__).resolve().parent / "static"

MAX_BODY = 1 << 20
"""Bytes a request body may have (a 100x100 board's marks take about 200 kB)."""

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
            return error_response(404, f"no such request: {name}")
        try:
            body = await read_json(request)
        except TooLarge:
            return error_response(413, f"the request is larger than {MAX_BODY:,} bytes")
        except ValueError as bad:
            return error_response(400, str(bad))
        return await jobs.run(request, name, body)

    async def progress(request: Request) -> Response:
        """The steps a running job found so far (``{"job": ID}``): the page shows them."""
        try:
            body = await read_json(request)
        except (TooLarge, ValueError):
            return error_response(400, 'progress takes {"job": ID}')
        job = str(body.get("job"))
        steps = jobs.progress.get(job, [])
        start = body.get("from", 0)
        start = start if isinstance(start, int) and start >= 0 else 0
        return JSONResponse({"running": job in jobs.running, "steps": steps[start:]})

    async def cancel(request: Request) -> Response:
        try:
            body = await read_json(request)
        except (TooLarge, ValueError):
            return error_response(400, 'cancel takes {"job": ID}')
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
        return error_response(500, f"{type(error).__name__}: {error}".splitlines()[0])

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

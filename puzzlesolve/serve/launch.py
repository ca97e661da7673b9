"""Running the page's server: a socket bound first (so ``--port 0`` knows its port), then
uvicorn on it until Ctrl-C."""

from __future__ import annotations

import signal
import socket
import sys
import threading
import webbrowser

import uvicorn

from puzzlesolve.serve.app import MEMORY_LIMIT, create_app


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to `host` and `port` (0: a free port), IPv4 or IPv6 as `host` is,
    and listening: a connection made as soon as the address is printed waits in its backlog
    until uvicorn, which starts serving only after the app's start-up, accepts it (not
    listening yet, it would be refused).

    Raises:
        OSError: the address cannot be bound (in use, not this machine's, ...).
    """
    family, kind, proto, _name, where = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    listening = socket.socket(family, kind, proto)
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listening.bind(where)
        listening.listen()
    except OSError:
        listening.close()
        raise
    return listening


def address(host: str, port: int) -> str:
    """The page's address, e.g. ``http://127.0.0.1:8000/`` (IPv6 hosts in brackets)."""
    name = f"[{host}]" if ":" in host else host
    return f"http://{name}:{port}/"


def run(
    listening: socket.socket,
    host: str,
    initial: dict | None,
    time_limit: float,
    url: str,
    *,
    open_browser: bool,
    memory_limit: int | None = None,
) -> signal.Signals | None:
    """Serve the page on `listening` until Ctrl-C (or SIGTERM); prints ``serving at URL``
    on stdout once it is ready, and opens a browser there if asked.

    Returns:
        The signal that stopped the server (SIGINT, SIGTERM), or None.
    """
    port = listening.getsockname()[1]

    def ready() -> None:
        print(f"serving at {url}", flush=True)
        if open_browser:
            threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()

    app = create_app(
        host,
        port,
        initial=initial,
        time_limit=time_limit,
        memory_limit=MEMORY_LIMIT if memory_limit is None else memory_limit,
        on_ready=ready,
    )
    config = uvicorn.Config(
        app, log_level="warning", access_log=False, lifespan="on", timeout_graceful_shutdown=3
    )
    server = uvicorn.Server(config)
    # uvicorn serves in a thread of its own, where it leaves signals alone (it handles them
    # only in the main thread, through internals that change between its versions); this
    # thread waits for it and turns Ctrl-C, at any moment, into uvicorn's public way to stop
    failed: list[BaseException] = []

    ended = threading.Event()  # not Thread.join: a join cut short by Ctrl-C can mistake
    # the thread for ended (Python 3.11)

    def serve() -> None:
        try:
            server.run(sockets=[listening])
        except BaseException as failure:  # noqa: BLE001 (handed to the main thread)
            failed.append(failure)
        finally:
            ended.set()

    serving = threading.Thread(target=serve, name="puzzlesolve-serve")
    terminated: list[signal.Signals] = []

    def terminate(_number: int, _frame: object) -> None:
        terminated.append(signal.SIGTERM)
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, terminate)  # a polite kill stops it the same
    stopped: signal.Signals | None = None
    try:
        serving.start()
        _wait(ended)
    except KeyboardInterrupt:
        stopped = terminated[0] if terminated else signal.SIGINT
        # the work under way ends now, and its requests answer "stopped" at once: left to
        # run, they outlast the graceful shutdown, and uvicorn cancels them with a traceback
        app.jobs.stop_all()
        server.should_exit = True  # finish the requests under way (3 s at most), then stop
        try:
            _wait(ended)
        except KeyboardInterrupt:  # a second Ctrl-C: stop now
            server.force_exit = True
            _wait(ended)
    finally:
        signal.signal(signal.SIGTERM, previous)
        listening.close()
    sys.stdout.flush()
    if failed and (not isinstance(failed[0], SystemExit) or failed[0].code not in (None, 0)):
        raise failed[0]  # an error, or uvicorn's own exit (it could not start)
    return stopped


def _wait(ended: threading.Event) -> None:
    """Wait for the server's thread in slices, so that Ctrl-C reaches this (the main) one."""
    while not ended.wait(0.1):
        pass

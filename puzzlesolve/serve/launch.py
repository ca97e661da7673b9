"""Running the page's server: a socket bound first (so ``--port 0`` knows its port), then
uvicorn on it until Ctrl-C."""

from __future__ import annotations

import contextlib
import signal
import socket
import sys
import threading
import webbrowser

import uvicorn

from puzzlesolve.serve.app import create_app


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


class _Server(uvicorn.Server):
    """uvicorn's server, telling whether a signal (Ctrl-C) stopped it rather than raising
    the signal again once it has shut down (which it does to end the process by it)."""

    interrupted = False

    def handle_exit(self, sig: int, frame) -> None:
        self.interrupted = True
        super().handle_exit(sig, frame)

    @contextlib.contextmanager
    def capture_signals(self):
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        handled = (signal.SIGINT, signal.SIGTERM)
        original = {sig: signal.signal(sig, self.handle_exit) for sig in handled}
        try:
            yield
        finally:
            for sig, handler in original.items():
                signal.signal(sig, handler)


def run(
    listening: socket.socket,
    host: str,
    initial: dict | None,
    time_limit: float,
    url: str,
    *,
    open_browser: bool,
) -> bool:
    """Serve the page on `listening` until Ctrl-C (or SIGTERM); prints ``serving at URL``
    on stdout once it is ready, and opens a browser there if asked.

    Returns:
        Whether a signal stopped the server.
    """
    port = listening.getsockname()[1]

    def ready() -> None:
        print(f"serving at {url}", flush=True)
        if open_browser:
            threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()

    app = create_app(host, port, initial=initial, time_limit=time_limit, on_ready=ready)
    config = uvicorn.Config(
        app, log_level="warning", access_log=False, lifespan="on", timeout_graceful_shutdown=3
    )
    server = _Server(config)
    try:
        server.run(sockets=[listening])
    finally:
        listening.close()
    sys.stdout.flush()
    return server.interrupted

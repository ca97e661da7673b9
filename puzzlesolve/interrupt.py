"""Ctrl-C while clingo works: recorded, the search stopped, then raised in plain Python code.

Python runs a SIGINT handler in the main thread between two steps of Python code, and that
includes code clingo calls back in the middle of its own C++ work (on_model, on_core,
loggers while grounding). Python's usual handler raises KeyboardInterrupt right there, and
the exception then crosses clingo's C++ frames: the process aborts ("FATAL: exception not
rethrown", exit 134) or the interrupt comes back as an error of clingo's (exit 1 or 2).
An interrupt raised while a search runs in clingo's own thread can also leave that thread
running into the interpreter's exit, with the same abort.

So while clingo works (inside `deferred`), Ctrl-C only records itself; the searches see
`arrived` and stop (solve calls are made in the background and waited for in short slices,
`solve`, so the main thread gets to run the handler promptly), and the block raises
KeyboardInterrupt as it ends, in ordinary Python code, once clingo has returned. Outside
such blocks Ctrl-C keeps Python's usual meaning.

Grounding cannot be stopped at all: one call of clingo's can take many seconds on a large
board (a 16x16 Hidato's explanation program: about 17 s), and the main thread, inside it,
runs no handler until it returns. So `ground` runs it in a thread of its own, waited for in
slices like a search; Ctrl-C raises KeyboardInterrupt at once and leaves that grounding to
finish in its thread, its program thrown away. The command line then ends the process
(`exit_interrupted`) rather than wait for it: an interpreter that shuts down while a thread
is in clingo can abort.

A command whose work runs many clingo calls with Python between them (explain, check, hint,
audit: hundreds of technique rounds) runs that work in a thread of its own instead
(`in_background`), the main thread only waiting: Ctrl-C is served at once there, whatever the
work is doing, and never lands in a callback or a finaliser of clingo's, where Python reports
the KeyboardInterrupt as "Exception ignored" and runs on.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Iterable
from types import TracebackType
from typing import TYPE_CHECKING, Any, Self, TypeVar

if TYPE_CHECKING:
    import clingo

T = TypeVar("T")

SLICE_SECONDS = 0.05  # how long the main thread waits on clingo before it looks for Ctrl-C

_depth = 0  # how many `deferred` blocks the main thread is in
_arrived = False  # whether Ctrl-C came during the outermost of them
_previous: Any = None  # the handler the outermost block replaced (None: it replaced none)


def arrived() -> bool:
    """Whether Ctrl-C came during the current `deferred` block: searches stop when it did."""
    return _arrived


def _record(_number: int, _frame: object) -> None:
    global _arrived
    _arrived = True


def deferred() -> _Deferred:
    """A block (``with deferred():``) in which Ctrl-C is only recorded, then raised as
    KeyboardInterrupt at its end.

    Blocks nest (the innermost end raises, after its clingo call returned; the outer ones let
    that exception through). Only the main thread receives signals, so elsewhere the block
    changes nothing, and so it does where SIGINT is not Python's usual KeyboardInterrupt
    (ignored, as in batch workers, or a handler of the program's own).
    """
    return _Deferred()


class _Deferred:
    def __enter__(self) -> Self:
        global _depth, _arrived, _previous
        if threading.current_thread() is not threading.main_thread():
            return self
        if _depth == 0:
            _arrived = False
            _previous = None
            if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
                _previous = signal.signal(signal.SIGINT, _record)
        _depth += 1
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        _error: BaseException | None,
        _traceback: TracebackType | None,
    ) -> None:
        global _depth, _arrived, _previous
        if threading.current_thread() is not threading.main_thread():
            return
        _depth -= 1
        came = _arrived
        if _depth == 0:
            if _previous is not None:
                signal.signal(signal.SIGINT, _previous)
            _arrived, _previous = False, None
        if came and (kind is None or not issubclass(kind, KeyboardInterrupt)):
            # the interrupt wins over what clingo made of a search it stopped
            raise KeyboardInterrupt


class GroundingTimeout(Exception):
    """The deadline passed while clingo was grounding; the grounding goes on in its thread,
    abandoned (the command line ends the process without waiting for it)."""


GROUNDING_THREAD = "puzzlesolve-ground"


def ground(
    ctl: clingo.Control, parts: list[tuple[str, list]], deadline: float | None = None
) -> None:
    """``ctl.ground(parts)`` that Ctrl-C interrupts at once: run in a thread of its own and
    waited for in slices (see above); given a `deadline` (``time.perf_counter()``), it is
    left when that passes, as a search is (in the main thread: the command ends soon after).

    Raises:
        KeyboardInterrupt: Ctrl-C came; the grounding goes on in its thread, abandoned.
        GroundingTimeout: the deadline passed first; the same.
        RuntimeError: clingo's own error from grounding.
    """
    if threading.current_thread() is not threading.main_thread():
        # no signal lands here; and a grounding left to run on where the work goes on (a
        # batch worker, the next instance) would hold a core and memory: not left
        ctl.ground(parts)
        return
    failed: list[BaseException] = []
    ended = threading.Event()  # not Thread.join: one cut short by Ctrl-C can mistake the
    # thread for ended (Python 3.11)

    def grounding() -> None:
        try:
            ctl.ground(parts)
        except BaseException as failure:  # noqa: BLE001 (handed to the waiting thread)
            failed.append(failure)
        finally:
            ended.set()

    threading.Thread(target=grounding, name=GROUNDING_THREAD, daemon=True).start()
    while not ended.wait(SLICE_SECONDS):  # Python's handler runs between the slices
        if _arrived:
            raise KeyboardInterrupt
        if deadline is not None and time.perf_counter() > deadline:
            raise GroundingTimeout
    if failed:
        raise failed[0]


def in_background(work: Callable[..., T], *args: Any, **options: Any) -> T:
    """``work(*args, **options)`` run in a thread of its own while the main thread waits in
    slices, so that Ctrl-C is served at once, whatever the work is doing: a long grounding,
    a search, or rounds of Python between them (an explanation of a large board runs
    hundreds of them, none long, but `deferred` raises only once they are all done).

    Returns:
        what `work` returned; what it raised is raised here.

    Raises:
        KeyboardInterrupt: Ctrl-C came; the work goes on in its thread, abandoned (the
            command line then ends the process, `exit_interrupted`).
    """
    if threading.current_thread() is not threading.main_thread():
        return work(*args, **options)
    returned: list[T] = []
    failed: list[BaseException] = []
    ended = threading.Event()

    def working() -> None:
        try:
            returned.append(work(*args, **options))
        except BaseException as failure:  # noqa: BLE001 (handed to the waiting thread)
            failed.append(failure)
        finally:
            ended.set()

    threading.Thread(target=working, name="puzzlesolve-work", daemon=True).start()
    while not ended.wait(SLICE_SECONDS):  # Python's handler runs between the slices
        pass
    if failed:
        raise failed[0]
    return returned[0]


def exit_interrupted(message: str = "puzzlesolve: interrupted") -> None:
    """End the process after Ctrl-C: the message on stderr, exit status 130.

    Output printed so far is flushed first. When a thread is still at work (a grounding
    abandoned by `ground`, a search's thread), the process ends at once (os._exit): an
    interpreter that shut down around a thread inside clingo could abort. Further Ctrl-C is
    ignored meanwhile, so that the message is the last word.
    """
    import os
    import sys

    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError, AttributeError):  # closed, or a reader gone away
            pass
    sys.stderr.write(message + "\n")
    sys.stderr.flush()
    if threading.active_count() > 1:
        os._exit(130)
    if previous is not None:  # the exit may be caught (a test's runner): as it was
        signal.signal(signal.SIGINT, previous)
    sys.exit(130)


def solve(
    ctl: clingo.Control,
    assumptions: Iterable[Any] = (),
    on_model: Callable[[clingo.Model], Any] | None = None,
    on_core: Callable[[list[int]], None] | None = None,
) -> clingo.SolveResult:
    """``ctl.solve`` that Ctrl-C stops cleanly: run in the background, waited for in slices.

    `on_model` runs in clingo's thread, where no signal lands; `on_core` is called with the
    core (the assumptions that cannot hold together) once an unsatisfiable call has ended.

    Returns:
        clingo's result of the call.

    Raises:
        KeyboardInterrupt: Ctrl-C came; the search was cancelled and has ended.
    """
    with (
        deferred(),
        ctl.solve(assumptions=list(assumptions), on_model=on_model, async_=True) as handle,
    ):
        while not handle.wait(SLICE_SECONDS):
            if _arrived:
                handle.cancel()
        result = handle.get()
        if on_core is not None and result.unsatisfiable:
            on_core(handle.core())
        return result

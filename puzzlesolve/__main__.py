"""``python -m puzzlesolve`` and the ``puzzlesolve`` command (pyproject.toml points here)."""

import sys


def run() -> None:
    """Run the command line (`puzzlesolve.cli.main`); Ctrl-C at any moment from here on ends
    as it does anywhere else: an empty line, ``puzzlesolve: interrupted``, exit 130, no
    traceback. That includes Ctrl-C while the command line loads, and while the interpreter
    shuts down after the command (threads joined, files flushed).

    Before this module runs (the interpreter's own start-up, its site packages, the
    console script's ``import re``: some 10-50 ms) Ctrl-C is Python's to handle, not
    puzzlesolve's; puzzlesolve/__init__.py imports nothing, so that the window before this
    function is the interpreter's alone.
    """
    try:
        from puzzlesolve.cli import main

        main()
    except KeyboardInterrupt:  # outside the command's own handling: loading, ending
        _interrupted()
    except SystemExit as done:
        import signal

        # the command is over; Ctrl-C while the interpreter shuts down ends it at once
        signal.signal(signal.SIGINT, _interrupted_late)
        _end_now_if_clingo_works_on(done)
        raise


def _end_now_if_clingo_works_on(done: SystemExit) -> None:
    """End the process at once (its output flushed) when a grounding left behind at its time
    limit still runs in its thread: an interpreter that shut down around it could abort."""
    import threading

    from puzzlesolve.interrupt import GROUNDING_THREAD

    if not any(thread.name == GROUNDING_THREAD for thread in threading.enumerate()):
        return
    import os

    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # closed, or a reader gone away
            pass
    code = done.code
    os._exit(code if isinstance(code, int) else 0 if code is None else 1)


def _interrupted() -> None:
    sys.stderr.write("\n")
    from puzzlesolve.interrupt import exit_interrupted

    exit_interrupted()


def _interrupted_late(_number: int, _frame: object) -> None:
    import os

    sys.stderr.write("\npuzzlesolve: interrupted\n")
    sys.stderr.flush()
    os._exit(130)


if __name__ == "__main__":
    run()

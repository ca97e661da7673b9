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
    except SystemExit:
        import signal

        # the command is over; Ctrl-C while the interpreter shuts down ends it at once
        signal.signal(signal.SIGINT, _interrupted_late)
        raise


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

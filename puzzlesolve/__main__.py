"""``python -m puzzlesolve`` and the ``puzzlesolve`` command (pyproject.toml points here)."""

import sys


def run() -> None:
    """Run the command line (`puzzlesolve.cli.main`); Ctrl-C while it loads ends as it does
    anywhere else: ``puzzlesolve: interrupted``, exit 130, no traceback."""
    try:
        from puzzlesolve.cli import main
    except KeyboardInterrupt:
        sys.stderr.write("puzzlesolve: interrupted\n")
        sys.exit(130)
    main()


if __name__ == "__main__":
    run()

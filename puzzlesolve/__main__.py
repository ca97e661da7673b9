"""``python -m puzzlesolve``: the same as the ``puzzlesolve`` command."""

from puzzlesolve.cli import main

main()

"""``python -m puzzlesolve``: the same as the ``puzzlesolve`` command."""

import sys

try:
    from puzzlesolve.cli import main
except KeyboardInterrupt:  # Ctrl-C while the command is loading: as anywhere else
    sys.stderr.write("puzzlesolve: interrupted\n")
    sys.exit(130)

main()

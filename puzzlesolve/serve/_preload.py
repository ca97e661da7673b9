"""Imported once by the process that forks the page's workers, so each fork starts warm."""

from puzzlesolve.serve.worker import preload

preload()

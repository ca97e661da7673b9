"""Nonogram's part of `puzzlesolve audit`: its clues are every line's runs, fixed."""

NO_ADDS = "none available: a Nonogram's clues are the runs of every row and column, all given"
NO_REMOVALS = "none: every row and column of a Nonogram keeps its runs"

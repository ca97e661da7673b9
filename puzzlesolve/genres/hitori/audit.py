"""Hitori's part of `puzzlesolve audit`: its clues are the numbers of every cell, fixed."""

NO_ADDS = "none available: a Hitori's clues are its numbers, one in every cell, fixed"
NO_REMOVALS = "none: every cell of a Hitori keeps its number"

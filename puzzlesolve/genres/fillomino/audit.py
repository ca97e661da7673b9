"""Fillomino's part of `puzzlesolve audit`: givens added or taken away (puzzlesolve/givens.py)."""

from puzzlesolve.givens import blanks, cut, with_clues, without

ADDS = "a given number on a blank cell"
NO_ADDS = NO_REMOVALS = None
__all__ = ["ADDS", "NO_ADDS", "NO_REMOVALS", "blanks", "cut", "with_clues", "without"]

"""Hidato's and Numbrix's part of `puzzlesolve audit`: an author adds a given number on a
blank cell, and a given taken away leaves the others as they were; both monotone (the
shared hooks of genres with given numbers, puzzlesolve/givens.py)."""

from puzzlesolve.givens import ADDS, blanks, cut, with_clues, without

__all__ = ["ADDS", "blanks", "cut", "with_clues", "without"]

"""Tents' part of `puzzlesolve audit`: uniqueness, the solutions' differences and the grade.
Its clues stand outside the grid (the counts) or are the board itself (the trees), so no
repair adds a cell's clue and none is taken away."""

ADDS = None
NO_ADDS = "none available: a Tents puzzle's clues are its trees and the counts beside the grid"
NO_REMOVALS = "none: a Tents puzzle's counts stand outside the grid, its trees make the board"

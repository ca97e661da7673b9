"""Star Battle's part of `puzzlesolve audit`: its clues are its regions, which cover the
board; none can be added or taken away."""

ADDS = None
NO_ADDS = "none available: a Star Battle's clues are its regions, which cover the board"
NO_REMOVALS = "none: every cell of a Star Battle lies in a region"

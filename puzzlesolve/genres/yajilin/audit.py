"""Yajilin's part of `puzzlesolve audit`: uniqueness, count, differences and grade only. A
clue cell is no empty cell (the loop and the shading go round it), so a clue cannot be added
or taken away without changing what the other cells may be: no repair, no removal."""

NO_ADDS = "not supported: a clue cell added would take a cell from the loop or the shading"
NO_REMOVALS = "not supported: a clue taken away leaves an empty cell the loop must reach"

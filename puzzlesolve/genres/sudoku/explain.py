"""Sudoku's part of check, hint and explain: a cell's digit is ``digit(R,C,N)`` of
encodings/sudoku.lp; the techniques are encodings/sudoku.techniques.lp."""

from puzzlesolve.givens import GivenNumbers

CLUE = ("given", 3)
REFINED = True  # rule 1 per cell, rules 2-4 per line or box and digit, rule 5 per given
GRADE_SIZES = (12, 20, 30)  # the rules engine's grades; techniques grade by TIER_GRADES
ONE_WAY = CLAIM_REACH = WIDEN = None
TIER_GRADES = {0: 0, 1: 0, 2: 0, 3: 1, 4: 2, 5: 3}
"""Technique tier -> grade: singles easy (Solo's Trivial and Basic), locked candidates medium
(Intermediate), pairs and triples hard (Advanced), fish, wings and chains expert (Extreme)."""
CHECK_ALWAYS = (5,)  # the givens stay while check asks which rule the marks break

glue = GivenNumbers("digit")
literal, cells, shown, clue = glue.literal, glue.cells, glue.shown, glue.clue
says, says_clue, clue_group = glue.says, glue.says_clue, glue.clue_group
board_facts, segments, drawn = glue.board_facts, glue.segments, glue.drawn
forward_givens = glue.shown

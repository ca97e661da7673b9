"""Fillomino's part of check, hint and explain: a cell's value is its region's size,
``size(R,C,N)`` of encodings/fillomino.lp; the techniques are encodings/fillomino.techniques.lp."""

from puzzlesolve.givens import GivenNumbers

CLUE = ("number", 3)
REFINED = True  # rules per cell: a step cites "rule 2 (r3c4)"
GRADE_SIZES = (12, 20, 30)  # the rules engine's grades; techniques grade by TIER_GRADES
ONE_WAY = CLAIM_REACH = WIDEN = None
TIER_GRADES = {0: 0, 1: 0, 2: 1, 3: 2, 4: 3, 5: 3}
"""Technique tier -> grade: completing and growing regions easy, keeping sizes apart medium,
reach hard, beyond expert."""
CHECK_ALWAYS = (3,)  # the givens stay while check asks which rule the marks break

glue = GivenNumbers("size")
literal, cells, shown, clue = glue.literal, glue.cells, glue.shown, glue.clue
says, says_clue, clue_group = glue.says, glue.says_clue, glue.clue_group
board_facts, segments, drawn = glue.board_facts, glue.segments, glue.drawn
forward_givens = glue.shown

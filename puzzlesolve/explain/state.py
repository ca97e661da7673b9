"""What one session of the rules engine knows: its ground program, the marks of an answer,
the values known so far and the steps' decisions. The step choice (`choice.StepChoice`) is
given this object and records each decision in it; the session asks it what is left."""

from __future__ import annotations

from dataclasses import dataclass, field

from puzzlesolve.explain.items import Item, SegmentSite, Site, typed
from puzzlesolve.explain.program import Program
from puzzlesolve.grid import Value


@dataclass
class State:
    """One puzzle's state of knowledge.

    Attributes:
        program: the puzzle's one ground program.
        shown: the values the puzzle itself shows (its clues' cells).
        marks: the answer's marks, as assumptions (none where the puzzle shows the value).
        known: every value known so far: shown, marked or decided by a step.
        answered: the sites the answer marks.
        segments_given: whether the answer gives segments (drawn or not): a segment it
            leaves out is then not drawn yet.
        learnt: the values decided by steps, as assumptions, in order.
        forced: what the last question of what is forced found (the known values too).
    """

    program: Program
    shown: dict[Site, Value]
    marks: list[Item]
    known: dict[Site, Value]
    answered: set[Site]
    segments_given: bool
    learnt: list[Item] = field(default_factory=list)
    forced: dict[Site, Value] = field(default_factory=dict)

    @classmethod
    def of(cls, program: Program, answer: dict[Site, Value] | None) -> State:
        """The state before any step: the puzzle's shown values and the answer's marks
        (keyed as the public API keys them, ``(r, c)`` and ``(r1, c1, r2, c2)``)."""
        shown = {typed(cell): value for cell, value in program.glue.shown(program.puzzle).items()}
        known: dict[Site, Value] = dict(shown.items())
        answer = {typed(site): value for site, value in (answer or {}).items()}
        # a mark the puzzle itself shows says nothing its clue does not
        marks = [
            program.mark(cell, value) for cell, value in sorted(answer.items()) if cell not in known
        ]
        known.update(answer)
        segments_given = any(isinstance(site, SegmentSite) for site in answer)
        return cls(program, shown, marks, known, set(answer), segments_given)

    def decide(self, decided: list[Item]) -> None:
        """Record what a step decides."""
        for item in decided:
            self.known[item.site] = item.value
        self.learnt += decided

"""One puzzle's explanation session for the rules engine: its parts, each with its own state,
put together. The state (`state.State`: the ground program, the answer's marks, what is known
so far), the step choice (`choice.StepChoice`, given the state), the wording of steps and
conflicts (`text.Wording`); the session asks what is forced and what is left, and finds
conflicts."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from puzzlesolve.explain.choice import BUDGETS, StepChoice
from puzzlesolve.explain.items import CellSite, Item, SegmentSite, Site, where_used
from puzzlesolve.explain.program import Program
from puzzlesolve.explain.results import Conflict, OutOfTime, Step
from puzzlesolve.explain.state import State
from puzzlesolve.explain.text import Wording
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell, Value

CHECK_BUDGETS = (200, 5_000)
"""Conflicts each question may take while a conflict of `check` is shrunk, one budget after
the other until it is proven minimal: a question left open keeps its element, so a conflict
always stays a conflict, at worst not proven subset-minimal (`Conflict.minimal`). A wrong
mark beside its neighbours is refuted by propagation alone, within the first budget."""

MAX_CONFLICTS = 5
"""At most this many conflicts are listed, each with marks no earlier one has."""

FURTHER_CALLS = (10, 60, 1_500_000)
"""Solver calls the conflicts after the first may take together, at least and at most, and
as atoms of the ground program times calls (~0.2 s: a call costs about in proportion to the
program, 4 ms on a 9x9 Numbrix of 23,000 atoms, 40 ms on a 15x15 of 150,000): the listing
stops at one not found and shrunk within them. The first conflict (and the lead above it)
says where to look; a further one of many marks costs up to a second (Hidato 8x8 with two
pairs of numbers swapped: 274 calls for its fourth, of 14 marks) and says little more."""


class Session:
    """Check, hint and explain on one ground program, keeping what is known.

    Attributes:
        program: the puzzle's one ground program.
        state: what is known (`State`), which the step choice records its steps in.
        choice: the step choice over `state`.
        wording: how steps and conflicts read.
    """

    def __init__(
        self,
        genre: Genre,
        puzzle: Any,
        answer: dict[Site, Value] | None,
        encoding: str | Path | None,
        switches: Iterable[str],
        timeout: float | None = None,
        techniques: bool = True,
    ):
        self.genre = genre
        self.program = Program(genre, puzzle, encoding, switches, timeout, techniques)
        self.rulebook = self.program.rulebook
        self.wording = Wording(self.rulebook, self.program.glue, puzzle)
        self.state = State.of(self.program, answer)
        self.choice = StepChoice(self.state)

    @property
    def marks(self) -> list[Item]:
        """The answer's marks, as assumptions."""
        return self.state.marks

    @property
    def known(self) -> dict[Site, Value]:
        """Every value known so far: shown, marked or decided by a step."""
        return self.state.known

    @property
    def segments_given(self) -> bool:
        return self.state.segments_given

    def close(self) -> None:
        """Stop the time limit's timer."""
        self.program.close()

    @property
    def clues(self) -> list[Item]:
        return self.program.clues

    @property
    def techniques(self) -> dict[str, str]:
        """Each technique's sentence, by name."""
        return {t.name: t.sentence for t in self.rulebook.techniques.values()}

    @property
    def guards(self) -> list[Item]:
        return self.program.guards

    # -- conflicts

    def conflicts(self) -> list[Conflict]:
        """Why the marks have no solution (or the puzzle none at all): minimal sets of marks
        and rules, each with marks no earlier one has, and the clues each rests on.

        Each is shrunk with `CHECK_BUDGETS` conflicts a question, so a wrong mark among its
        neighbours is found by propagation, not by solving the puzzle again and again; one
        not proven minimal says so. Further conflicts are looked for only within the last
        budget, and within a few solver calls together (`FURTHER_CALLS`).

        Called only when there is no solution (the first question is the caller's).
        """
        program = self.program
        found: list[Conflict] = []
        pool = list(self.marks)
        allowed, first_done = program.allowed, 0
        fewest, most, atom_calls = FURTHER_CALLS
        further = max(fewest, min(most, atom_calls // max(1, len(program.ctl.symbolic_atoms))))
        try:
            while len(found) < MAX_CONFLICTS and not program.expired:
                if found:
                    program.allow(further - (program.calls - first_done))
                next_one = self._next_conflict(pool, bool(found))
                if next_one is None or (found and program.spent):  # none, or not in time
                    break
                conflict, marks = next_one
                found.append(conflict)
                if not marks:  # the puzzle itself has no solution
                    break
                pool = [item for item in pool if item not in marks]
                if len(found) == 1:
                    first_done = program.calls
        finally:
            program.allowed = allowed
        return found

    def _next_conflict(self, pool: list[Item], more: bool) -> tuple[Conflict, list[Item]] | None:
        """A conflict of the marks in `pool` and the marks it names (the next one to list,
        when `more`: None when they have a solution, or the question was left open)."""
        program = self.program
        if more:  # the first question was answered by the caller: no solution
            left, _ = program.solve(
                [item.literal for item in (*self.clues, *pool, *self.guards)],
                CHECK_BUDGETS[-1],
            )
            if left is not False:
                return None
        # marks, rules and clues together, clues left out first: a wrong mark among its
        # neighbours (a conflict of few rules and clues, which propagation finds) wins
        # over the dead end that under every clue one wrong mark alone leads to
        # but the clues on the marks' own cells before the rules: a shaded number is
        # that number and rule 1, not a dead end the other rules reach without it
        marked = {cell for item in pool for cell in item.cells}
        own = [clue for clue in self.clues if marked.intersection(clue.cells)]
        # apart by literal: `not in own` compared whole items, 13 million comparisons (21 s
        # of a 60x60 Hitori's check) where thousands of marks sit on numbered cells
        owned = {clue.literal for clue in own}
        others = [clue for clue in self.clues if clue.literal not in owned]
        order = [*pool, *own, *self.guards, *others]
        budgets = CHECK_BUDGETS if pool else BUDGETS
        reason, proven = self.minimal_reason(order, [], budgets)
        while proven and (fewer := self._fewer_marks(reason)) is not None:
            # a reason is minimal over the rules' ground instances; one it names by rule
            # may hold with a mark fewer (another instance of the same rule takes the
            # dropped one's part): shrink again from those marks, until no mark can go
            if not isinstance(fewer, list):  # left open: not proven
                proven = False
                break
            reason, proven = self.minimal_reason([*fewer, *own, *self.guards, *others], [], budgets)
        marks = [item for item in reason if item.value is not None]
        return self.conflict_of(marks, reason, proven), marks

    def _fewer_marks(self, reason: list[Item]) -> list[Item] | bool | None:
        """The marks of `reason` less one that still cannot hold under every instance of the
        rules it names and its clues (None: none; False: a question was left open)."""
        marks = [item for item in reason if item.value is not None]
        if len(marks) < 2:
            return None
        rules = {item.rule for item in reason if item.rule is not None}
        named = [
            *(item for item in reason if item.is_clue),
            *(guard for guard in self.guards if guard.rule in rules),
        ]
        for mark in marks:
            rest = [item for item in marks if item is not mark]
            found, _ = self.program.solve(
                [item.literal for item in (*rest, *named)], CHECK_BUDGETS[-1]
            )
            if found is None:
                return False
            if found is False:
                return rest
        return None

    def minimal_reason(
        self, items: list[Item], background: list[Item], budgets: Sequence[int | None] = BUDGETS
    ) -> tuple[list[Item], bool]:
        """`program.minimal`, with larger budgets until minimality is proven (or the time
        limit passes); and whether it was.

        What one budget showed needed (`Program.necessary`) is needed in every part of what
        it kept, so the next budget looks only at the rest, with those assumed (a Hidato
        conflict of 8x8: 190 questions of 5,000 conflicts -> 40)."""
        proven, sure = False, set()
        for budget in budgets:
            settle = budget == budgets[-1]
            rest = [item for item in items if item.literal not in sure]
            if not rest:  # every element shown needed: minimal
                return items, True
            known = [item for item in items if item.literal in sure]
            kept, proven = self.program.minimal(
                rest, [*background, *known], budget, settle=settle, next_first=True
            )
            sure |= self.program.necessary
            left = {item.literal for item in kept} | sure
            items = [item for item in items if item.literal in left]
            if proven or self.program.expired:
                break
        return items, proven

    def conflict_of(self, marks: list[Item], reason: list[Item], minimal: bool) -> Conflict:
        rules = sorted({item.rule for item in reason if item.rule is not None})
        clues = sorted(cell for item in reason if item.is_clue for cell in item.cells)
        cells = sorted((item.cell, item.value) for item in marks if len(item.cells) == 1)
        # marks of segments (drawn or not, Numberlink), told and given apart from the cells'
        segments = sorted(
            (item.site.key, item.value) for item in marks if isinstance(item.site, SegmentSite)
        )
        # a technique that refutes the clues alone (Numberlink's crossing) is named: the
        # rules it follows from would take a search too long to shrink a reason within
        techniques = sorted({item.technique for item in reason if item.technique is not None})
        quoted = self.rulebook.quote(rules) if rules else "the rules"
        where = self.wording.clues(clues)
        if techniques and not rules and not marks:
            by = self.rulebook.quote_techniques(techniques)
            text = (
                f"the puzzle has no solution: {where}; by {by}"
                if where
                else f"no solution, by {by}"
            )
        elif not marks:
            text = f"the puzzle has no solution: {quoted} cannot all hold" + (
                f" where {where}" if where else ""
            )
        else:
            told = self.wording.values([*cells, *segments])
            text = f"{quoted}: {told}" + (f", where {where}" if where else "")
        if not minimal:
            text += " (not proven the smallest such set)"
        return Conflict(cells, rules, clues, text, minimal, where_used(reason), segments)

    # -- steps

    def unknown(self, values: dict[Site, Value]) -> dict[Site, Value]:
        """Those of `values` whose sites are not known yet (clues, marks, decided steps)."""
        return {site: value for site, value in values.items() if site not in self.known}

    def todo(self, forced: dict[Site, Value]) -> dict[Site, Value]:
        """What steps are to decide: the forced values not known yet, but for segments
        forced not to be drawn (a person draws lines; a segment left out is told only
        where a step finds it on the way, `StepChoice.steps`' claims) and segments between two
        cells the answer marks (the line its marks carry: on the web page, drawn there)."""
        return {
            site: value
            for site, value in self.unknown(forced).items()
            if isinstance(site, CellSite) or (value and not self._answered(site))
        }

    def _answered(self, segment: SegmentSite) -> bool:
        """Whether the answer marks a cell of the segment and the other (marked, or an
        endpoint the puzzle shows) carries the line too (never where the answer gives
        segments itself: a segment it leaves out is not drawn yet)."""
        state = self.state
        if state.segments_given:
            return False
        cells = segment.cells
        return any(cell in state.answered for cell in cells) and all(
            cell in state.answered or cell in state.shown for cell in cells
        )

    def undecided(self) -> list[Cell]:
        """The cells not known yet, and those of segments whose drawing the clues and
        known values do not force."""
        open_cells = {cell for cell in self.program.cells if cell not in self.known}
        open_cells.update(
            cell
            for segment in self.program.segments
            if segment not in self.known and segment not in self.state.forced
            for cell in segment.cells
        )
        return sorted(open_cells)

    def glance(self) -> Step | None:
        """A step next to its site from the values of one solution, if one is found there
        (`StepChoice.glance`); None when there is no solution or none is found so."""
        if all(cell in self.known for cell in self.program.cells):
            return None
        values = self.program.values([*self.clues, *self.marks, *self.guards])
        if values is None:
            return None
        decision = self.choice.glance(self.todo(values))
        return None if decision is None else self.wording.step(decision)

    def step(self, todo: dict[Site, Value]) -> Step:
        """The cheapest step that decides sites of `todo` (`StepChoice.step`)."""
        return self.wording.step(self.choice.step(todo))

    def steps(self, todo: dict[Site, Value]) -> list[Step]:
        """The cheapest steps of a round (`StepChoice.steps`)."""
        return [self.wording.step(decision) for decision in self.choice.steps(todo)]

    def forced(self) -> dict[Site, Value] | None:
        """Every cell value (and segment) that all solutions under the clues and known
        values share, or None if there is no solution."""
        program = self.program
        assumed = [*self.clues, *self.marks, *self.state.learnt, *self.guards]
        values = program.values(assumed)
        if values is None:
            return None
        open_marks = [program.mark(site, value) for site, value in self.unknown(values).items()]
        decided = program.forced(assumed, open_marks)
        if program.expired:
            raise OutOfTime()
        program.steer(decided)
        self.state.forced = self.known | {item.site: item.value for item in decided}
        return self.state.forced

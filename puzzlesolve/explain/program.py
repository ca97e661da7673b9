"""A puzzle's one ground program for explanations (`Program`) and the questions asked of it:
is there a solution under these assumptions, which values are forced, a minimal reason."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import clingo

from puzzlesolve import interrupt
from puzzlesolve.explain.items import CellSite, Item, SegmentSite, Site, typed
from puzzlesolve.explain.results import OutOfTime
from puzzlesolve.explain.shrink import Beaten, Progress, Shrink
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell, Value, cell_name
from puzzlesolve.instrument import GUARD, TECHNIQUE_GUARD, GuardSite
from puzzlesolve.lanes import _section
from puzzlesolve.program import EncodingError, ground
from puzzlesolve.rulebook import Rulebook

OUT_OF_PLAY = 10
"""Heuristic level at which clues and rule guards not assumed are decided (false) first."""

ASKED_FIRST = 5
"""Priority of the heuristic that decides a candidate asked about first, and false
(`_not_all`), above the steering toward the puzzle's solution (`steer`, priority 1)."""


BRIEF_BUDGET = 1_000
"""Solve calls with at most this many conflicts run in the calling thread (most of a step's
or a conflict's questions): they end within a fraction of a second, so Ctrl-C and the time
limit (`ctl.interrupt`, from the timer's thread) are still served promptly."""

_NUMBERS_ONLY = re.compile(r"\w+\((\d+),(\d+),\(([-\d,]*)\)\)")


def _guard_arguments(symbol: clingo.Symbol) -> tuple[int, int, tuple]:
    """N, S and the instance's values of a guard ``__rule(N,S,(V1,...))``: read from its
    text when every value is a number (one call into clingo, not one per value; a program
    has thousands of guards)."""
    numbers = _NUMBERS_ONLY.fullmatch(str(symbol))
    if numbers is not None:
        values = numbers[3].rstrip(",")  # a 1-tuple is written (V,)
        instance: tuple[int | str, ...] = tuple(int(v) for v in values.split(",")) if values else ()
        return int(numbers[1]), int(numbers[2]), instance
    number, statement, values = symbol.arguments
    instance = tuple(
        value.number if value.type == clingo.SymbolType.Number else str(value)
        for value in values.arguments
    )
    return number.number, statement.number, instance


class Program:
    """A puzzle's one ground program for explanations, and the questions asked of it.

    The rules file is instrumented (`instrument.instrument`); the board's facts stay facts;
    each clue's atoms are derived from a free external ``__clue(K)``, one per clue group
    (a cell's clue, or both endpoints of a Numberlink label, which only make sense
    together). A clue or rule not assumed is thereby left open: the solver may or may not
    use it, so assuming fewer only ever allows more solutions.
    """

    def __init__(
        self,
        genre: Genre,
        puzzle: Any,
        encoding: str | Path | None,
        switches: Iterable[str],
        timeout: float | None = None,
        techniques: bool = True,
    ):
        self.genre, self.puzzle = genre, puzzle
        self.switches = frozenset(switches)
        # the genre's own fast search leads the first search for a solution (`find_first`)
        self._lead = encoding is None and bool(genre.stages(self.switches))
        self.expired = False  # the time limit has passed: every question is left open
        self.calls = 0  # solver calls made
        self.allowed: int | None = None  # calls made at which every question is left open
        self._alarm: threading.Timer | None = None
        started = time.monotonic()
        self.glue = genre.feature("explain")
        facts, groups = self._facts()
        built = ground(
            genre,
            facts,
            encoding=encoding,
            switches=switches,
            constants=genre.explain_constants,
            options=(),  # the genre's speed options would change which reasons are found
            arguments=["--heuristic=Domain"],
            instrument=self.glue.REFINED,
            techniques=None if techniques else False,
        )
        self.ctl = built.ctl
        assert built.rulebook is not None  # read when instrumented (REFINED is never None)
        self.rulebook: Rulebook = built.rulebook
        sites = built.sites
        self.guards = self._guards(sites)
        atoms = self.ctl.symbolic_atoms
        self.clues: list[Item] = []
        for k, cells in enumerate(groups):
            clue = atoms[clingo.Function("__clue", [clingo.Number(k)])]
            assert clue is not None  # an external of each group (`_facts`)
            self.clues.append(Item(clue.literal, cells=cells))
        self.cells = self.glue.cells(puzzle)
        self.parts = 0  # program parts added after the first grounding
        self._halt: int | None = None  # a free atom that ends a call (propagated_core)
        self._ask: int | None = None  # assumed: some candidate is false (`_not_all`)
        self._differs = 0
        self._selectors: dict[int, int] = {}  # a candidate's literal -> its selector atom
        # shrinks given up as beaten (`minimal`), by what they were asked: where they stopped
        self._given_up: dict[tuple, tuple[list[int], Progress]] = {}
        # the literals the last `minimal` showed needed: without any one of them, the rest
        # of what it kept has a solution (so has every part of it)
        self.necessary: set[int] = set()
        self.symbols: dict[int, clingo.Symbol] = {}  # the atoms of marks, by literal
        # the segments a step may decide (Numberlink), each with its atom's literal
        self.segment_atoms: dict[SegmentSite, int] = {}
        for segment, symbol in self.glue.segments(puzzle).items():
            atom = self.ctl.symbolic_atoms[symbol]
            if atom is not None:
                self.segment_atoms[SegmentSite(*segment)] = atom.literal
                self.symbols[atom.literal] = atom.symbol
        self.segments = list(self.segment_atoms)
        self._budget: int | None = -1  # the conflict limit set in clingo (-1: not set yet)
        # counted from the start, grounding included
        self._deadline = None if timeout is None else started + timeout
        if timeout is not None and timeout <= 0:  # out of time already: nothing is asked
            self.expired = True
        elif self._deadline is not None:
            self._alarm = threading.Timer(max(0.0, self._deadline - time.monotonic()), self._expire)
            self._alarm.daemon = True
            self._alarm.start()

    def _guards(self, sites: list[GuardSite]) -> list[Item]:
        """The switches of the rules and techniques: whole ones first, then one per ground
        instance of each guarded statement, with the cells it names."""
        atoms = self.ctl.symbolic_atoms
        guards = []
        for name, numbers, key in (
            (GUARD, self.rulebook.rules, "rule"),
            (TECHNIQUE_GUARD, self.rulebook.techniques, "technique"),
        ):
            for n in numbers:
                atom = atoms[clingo.Function(name, [clingo.Number(n)])]
                if atom is not None:
                    if key == "rule":
                        guards.append(Item(atom.literal, rule=n))
                    else:
                        guards.append(Item(atom.literal, technique=n))
        for name, key in ((GUARD, "rule"), (TECHNIQUE_GUARD, "technique")):
            for atom in atoms.by_signature(name, 3):
                number, statement, instance = _guard_arguments(atom.symbol)
                cells = sites[statement].cells(instance)
                guards.append(Item(atom.literal, cells=cells, instance=instance, **{key: number}))
        return guards

    def _expire(self) -> None:
        """The time limit: the running solve call (or the next) is interrupted, and every
        question after it is left open."""
        self.expired = True
        self.ctl.interrupt()

    def close(self) -> None:
        """Stop the time limit's timer."""
        if self._alarm is not None:
            self._alarm.cancel()

    def _facts(self) -> tuple[str, list[tuple[Cell, ...]]]:
        """The instance's facts with its clues behind free externals, and the clue groups.

        The search decides the rule guards and clues it is not given first, and false: a
        rule or clue out of play is then left out, not switched on by chance, which can
        turn an easy question into solving a whole puzzle. (Grouping a label's endpoints
        makes this safe: one endpoint alone would leave a line with one end, and only a
        long search over parity could show that.)
        """
        name, arity = self.glue.CLUE
        lines = [
            f"#heuristic {GUARD}(N). [{OUT_OF_PLAY}, false]",
            f"#heuristic {GUARD}(N,S,V). [{OUT_OF_PLAY}, false]",
            f"#heuristic {TECHNIQUE_GUARD}(K). [{OUT_OF_PLAY}, false]",
            f"#heuristic {TECHNIQUE_GUARD}(K,S,V). [{OUT_OF_PLAY}, false]",
            f"#heuristic __clue(K). [{OUT_OF_PLAY}, false]",
        ]
        lines += self.glue.board_facts(self.puzzle)
        groups: dict[Any, list[Cell]] = {}
        for fact in self.genre.facts(self.puzzle):
            atom = clingo.parse_term(fact.rstrip("."))
            if not atom.match(name, arity):
                lines.append(fact)
                continue
            cell = (atom.arguments[0].number, atom.arguments[1].number)
            key = self.glue.clue_group(self.puzzle, cell)
            if key not in groups:
                groups[key] = []
                lines.append(f"#external __clue({len(groups) - 1}). [free]")
            groups[key].append(cell)
            lines.append(f"{atom} :- __clue({list(groups).index(key)}).")
        return "\n".join(lines) + "\n", [tuple(sorted(cells)) for cells in groups.values()]

    def mark(self, site: Site | tuple, value: Value) -> Item:
        """The assumption that `site` (or the public key of one) has `value`: a cell's
        value, or whether a segment is drawn.

        Raises:
            EncodingError: the rules file has no atom for that value.
        """
        site = typed(site)
        if isinstance(site, SegmentSite):
            literal = self.segment_atoms[site]
            return Item(literal if value else -literal, cells=site.cells, value=value)
        cell = site.cells[0]
        symbol, sign = self.glue.literal(self.puzzle, cell, value)
        atom = self.ctl.symbolic_atoms[symbol]
        if atom is None:
            raise EncodingError(
                f"{self.rulebook.path}: no atom {symbol} in the ground rules, so the value "
                f"{value!r} of {cell_name(cell)} cannot be expressed"
            )
        self.symbols[atom.literal] = atom.symbol
        return Item(atom.literal if sign else -atom.literal, cells=(cell,), value=value)

    def solve(
        self, assumptions: list[int], budget: int | None = None, on_model: Any = None
    ) -> tuple[bool | None, list[int]]:
        """Whether the assumptions have a solution: True, False (with clingo's core) or None
        when `budget` conflicts, the time limit or the calls allowed (`allow`) did not
        settle it."""
        if self.expired or self.calls == self.allowed:
            return None, []
        self.calls += 1
        self._limit(budget)
        core: list[Sequence[int]] = []
        if budget is not None and budget <= BRIEF_BUDGET:
            # a short call runs in this thread: a background thread and its waiting cost
            # more than most such calls; Ctrl-C is only recorded meanwhile and raised after
            with interrupt.deferred():
                result = self.ctl.solve(
                    assumptions=assumptions, on_model=on_model, on_core=core.append
                )
        else:
            result = interrupt.solve(self.ctl, assumptions, on_model=on_model, on_core=core.append)
        if result.unsatisfiable:
            return False, list(core[0]) if core else list(assumptions)
        return (True if result.satisfiable else None), []

    def allow(self, calls: int | None) -> None:
        """Leave every question open after `calls` more solver calls (None: no limit)."""
        self.allowed = None if calls is None else self.calls + calls

    @property
    def spent(self) -> bool:
        """Whether the calls `allow` gave are spent."""
        return self.calls == self.allowed

    def _limit(self, budget: int | None) -> None:
        """Limit the next solve calls to `budget` conflicts (None: no limit). Set only when
        it changes: setting clingo's configuration makes the next call set up its solver
        again (~4 ms a call on a 17x17 Numberlink)."""
        if budget != self._budget:
            _section(self.ctl, "solve").solve_limit = "umax" if budget is None else str(budget)
            self._budget = budget

    def satisfiable(self, items: Iterable[Item]) -> bool:
        return bool(self.solve([item.literal for item in items])[0])

    def values(self, items: Iterable[Item]) -> dict[Site, Value] | None:
        """Every cell's value (and whether each segment is drawn) in some solution under
        `items`, or None if there is none."""
        found: list[dict[Site, Value]] = []

        def record(model: clingo.Model) -> None:
            solution = self.genre.decode(model.symbols(shown=True), self.puzzle)
            values: dict[Site, Value] = {
                CellSite(*cell): value
                for cell, value in self.genre.values(self.puzzle, solution).items()
            }
            for segment, literal in self.segment_atoms.items():
                values[segment] = model.is_true(literal)
            found.append(values)

        self.find_first()
        self._limit(None)
        interrupt.solve(self.ctl, [item.literal for item in items], on_model=record)
        if not found and self.expired:
            raise OutOfTime()
        return found[0] if found else None

    def forced(
        self,
        items: Iterable[Item],
        candidates: Iterable[Item],
        budgets: Sequence[int | None] = (None,),
    ) -> list[Item]:
        """The `candidates` (marks) proven to hold in every solution under `items`.

        Each candidate left is proven or refuted in turn, and a solution without it also
        refutes every other candidate it falsifies. (clingo's cautious enumeration takes a
        model for each atom it drops, far more.) A question one budget leaves open is asked
        again with the next; one that the last leaves open counts as not forced.

        Raises:
            AssertionError: `items` have no solution at all.
        """
        items = list(items)
        assumed = [item.literal for item in items]
        pending, kept, refuted = list(candidates), [], False
        # all at once first: one question settles a puzzle's unique solution (a single
        # candidate is asked alone below, without changing the program for it)
        while len(pending) > 1:
            seen: list[list[bool]] = []
            found = self._not_all(assumed, pending, budgets[0], seen)
            if found is False:
                kept, pending = pending, []
            if not found:
                break
            refuted = True
            pending = [item for item, true in zip(pending, seen[-1]) if true]
        for budget in budgets:
            left = pending
            undecided: list[Item] = []
            while left:
                first = left.pop(0)
                truths: list[list[bool]] = []
                watched = [item.literal for item in (*left, *undecided)]
                found, _ = self.solve(
                    [*assumed, -first.literal],
                    budget,
                    lambda m, watched=watched, truths=truths: truths.append(
                        [m.is_true(literal) for literal in watched]
                    ),
                )
                if found is None:
                    undecided.append(first)
                elif not found:
                    kept.append(first)
                else:
                    refuted = True
                    true = dict(zip((item.literal for item in (*left, *undecided)), truths[-1]))
                    left = [item for item in left if true[item.literal]]
                    undecided = [item for item in undecided if true[item.literal]]
            pending = undecided
        if kept and not refuted and self.solve(assumed)[0] is False:
            raise AssertionError("forced() under assumptions that have no solution")
        return kept

    def _not_all(
        self, assumed: list[int], candidates: list[Item], budget: int | None, seen: list
    ) -> bool | None:
        """Whether a solution under `assumed` falsifies some of `candidates` (and in `seen`,
        which candidates it keeps).

        Each candidate gets a selector atom the first time it is asked about, with the rule
        ``differs :- selector, not candidate``, and once ``:- ask, not differs``: a question
        assumes ``ask``, its candidates' selectors and no other selector. The program thus
        changes only when a candidate is new (a change makes the next call prepare the whole
        program again; the same candidates come up round after round). Unasked, ``ask`` and
        the selectors only define ``differs``, which nothing else uses."""
        fresh = [item.literal for item in candidates if item.literal not in self._selectors]
        if fresh or self._ask is None:
            with self.ctl.backend() as backend:
                if self._ask is None:
                    self._ask, differs = backend.add_atom(), backend.add_atom()
                    self._differs = differs
                    backend.add_external(self._ask, clingo.TruthValue.Free)
                    backend.add_rule([], [self._ask, -differs])
                for literal in fresh:
                    selector = backend.add_atom()
                    backend.add_external(selector, clingo.TruthValue.Free)
                    backend.add_rule([self._differs], [selector, -literal])
                    # asked, the search decides the candidate first, and false: one solution
                    # then falsifies as many candidates as it can, and fewer questions are
                    # asked (Flow Free 9x9: 1,179 -> 191 questions for what steps claim)
                    backend.add_heuristic(
                        abs(literal),
                        clingo.backend.HeuristicType.Sign,
                        -1 if literal > 0 else 1,
                        ASKED_FIRST,
                        [selector],
                    )
                    backend.add_heuristic(
                        abs(literal),
                        clingo.backend.HeuristicType.Level,
                        OUT_OF_PLAY + 1,
                        ASKED_FIRST,
                        [selector],
                    )
                    self._selectors[literal] = selector
        asked = {item.literal for item in candidates}
        selectors = [s if lit in asked else -s for lit, s in self._selectors.items()]
        literals = [item.literal for item in candidates]
        found, _ = self.solve(
            [*assumed, self._ask, *selectors],
            budget,
            lambda model: seen.append([model.is_true(literal) for literal in literals]),
        )
        return found

    def find_first(self, solution: Any = None) -> None:
        """Steer the search toward a solution the genre's own fast search finds (its search
        stages: Numberlink's covering lines and corridors), once, before the first question
        that needs a whole solution. This program is the rules file bare, in which finding
        a first solution of a contest Numberlink takes seconds (janko_08 9x9: 5.8 s, of a
        6.0 s hint); the stages find one in milliseconds, and steered toward it the bare
        rules find it at once (0.05 s, no conflict). Only the order of the search changes,
        never an answer. Not for a genre without stages, nor for a rules file of the user's
        own (the stages are the built-in rules'). `solution`: one the caller found so
        already (check's, `truth.Truth.solution`), not searched for again."""
        if not self._lead or self.expired:
            return
        self._lead = False
        if solution is None:
            from puzzlesolve.solver import solve  # only where there are stages

            left = None if self._deadline is None else self._deadline - time.monotonic()
            if left is not None and left <= 0:
                return
            found = solve(
                self.genre, self.puzzle, models=1, switches=self.switches, timeout=left, cores=1
            )
            if not found.solutions:
                return
            solution = found.solutions[0]
        drawn = set(self.glue.drawn(self.puzzle, solution))
        values = self.genre.values(self.puzzle, solution)
        self.steer(
            [
                *(self.mark(cell, value) for cell, value in values.items() if value is not None),
                *(self.mark(segment, segment in drawn) for segment in self.segment_atoms),
            ]
        )

    def steer(self, marks: Iterable[Item]) -> None:
        """Let the search try each of `marks` first where it decides its atom: a sign
        heuristic toward the forced values, so that relaxed questions find their solutions
        near the puzzle's own (in Hidato, most of the time is spent there otherwise)."""
        directives = [
            f"#heuristic {self.symbols[abs(item.literal)]}. "
            f"[{1 if item.literal > 0 else -1}, sign]\n"
            for item in marks
        ]
        part = f"steer{self.parts}"
        self.parts += 1
        self.ctl.add(part, [], "".join(directives))
        self.ctl.ground([(part, [])])

    def minimal(
        self,
        items: Sequence[Item],
        background: Sequence[Item],
        budget: int | None = None,
        limit: int | None = None,
        settle: bool = False,
        next_first: bool = False,
    ) -> tuple[list[Item], bool]:
        """A part of `items` that has no solution together with `background` (as all of
        `items` must not), keeping earlier items in preference to later ones; and whether
        it is proven subset-minimal within `budget` conflicts per check (always without).
        A check the budget leaves open keeps its element; such a part is checked once more
        element by element only when `settle` is asked (a caller with no larger budget to
        ask with next).

        A shrink given up so is kept: asked again (the same items, background and budget,
        once a cheaper step was taken elsewhere), it goes on where it stopped.

        Raises:
            Beaten: what it keeps costs more than `limit` (`cost_of`), found on the way.
        """
        assumed = [item.literal for item in background]
        literals = [item.literal for item in items]
        known: list[int] | None = None  # a core for `literals`, once one is
        asked = (tuple(literals), tuple(assumed), budget)
        given_up = self._given_up.pop(asked, None)
        if given_up is not None:  # the same shrink, given up before: on from there
            literals, progress = given_up
        else:
            progress = None
            for _ in range(3):  # clingo's core first: often far smaller, and free
                found, core = self.solve([*assumed, *literals], budget)
                if found is not False:
                    break
                known = core
                named = set(core)
                if len(named.intersection(literals)) == len(literals):
                    break
                literals = [literal for literal in literals if literal in named]
        shrink = Shrink(self, assumed, budget, next_first)
        if limit is not None:
            shrink.bound(
                {item.literal: item.cost for item in items},
                limit,
            )
        self.necessary = set()
        try:
            kept = set(shrink.minimal(literals, known, progress))
        except Beaten as beaten:
            if not (self.spent or self.expired):  # else its open checks were cut short
                self._given_up[asked] = (literals, beaten.progress)
            raise
        reason = [item for item in items if item.literal in kept]
        if shrink.open and budget is not None and not settle:
            self.necessary = set(shrink.necessary)
            # checking each element alone within the same budget would mostly be left open
            # too: the caller asks again with a larger budget, from this reason
            return reason, False
        proven, index = True, len(reason) if shrink.open == 0 else 0
        while index < len(reason):  # each left out in turn must allow a solution
            rest = reason[:index] + reason[index + 1 :]
            found, core = self.solve([*assumed, *(item.literal for item in rest)], budget)
            if found is False:  # a check the shrink could not settle kept it
                reason = [item for item in rest if item.literal in set(core)]
                continue
            proven = proven and found is not None
            if found:
                shrink.necessary.append(reason[index].literal)
            index += 1
        self.necessary = set(shrink.necessary)
        return reason, proven

    def propagated_core(
        self, items: Sequence[Item], background: Sequence[Item]
    ) -> list[Item] | None:
        """The items clingo's core names when propagation alone (no choice) refutes
        `background` + `items`, else None: the core any longer list with these items first
        has too, the conflict being met before the rest is assumed."""
        # a free atom assumed true, then false, after them: no choice is ever made, as
        # the call ends at that contradiction when the items' propagation meets none first
        # (a call that searched for a solution cost as much as one, ~8 ms on Numbrix 9x9)
        if self._halt is None:  # added when first needed: a new atom changes later searches
            with self.ctl.backend() as backend:
                self._halt = backend.add_atom()
                backend.add_external(self._halt, clingo.TruthValue.Free)
        literals = [item.literal for item in (*background, *items)]
        found, core = self.solve([*literals, self._halt, -self._halt], 1)
        if found is not False or self._halt in core or -self._halt in core:
            return None
        named = set(core)
        return [item for item in items if item.literal in named]

    def prefix_core(
        self,
        items: Sequence[Item],
        background: Sequence[Item],
        budget: int | None = None,
        partial: bool = False,
    ) -> list[Item] | None:
        """The items that clingo's core names for `background` + `items` (which must have
        no solution): the items up to the one whose propagation met the conflict, or all
        of them when it took a search; None when `budget` conflicts did not settle it.
        `partial`: `items` are the first of a list that has no solution; None also when
        they have one."""
        found, core = self.solve([item.literal for item in (*background, *items)], budget)
        if found and not partial:
            raise AssertionError("prefix_core() of assumptions that have a solution")
        if found is not False:
            return None
        named = set(core)
        return [item for item in items if item.literal in named]

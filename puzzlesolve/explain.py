"""Check, hint and explain: minimal sets of clues, marks, rules and techniques, found by clingo.

One ground program per puzzle (`_Program`): the rules file instrumented (see `rulebook`), so
that each numbered rule and technique has a guard atom per ground instance (a cell, a pair
of cells); the board as facts; the clues as free externals. Every question is then a solve
call under assumptions (clue atoms, the value atoms of known cells, guards), and every answer
a subset-minimal set of them:

- check: the answer's marks are consistent if some solution extends them; if not, a
  conflict is a minimal set of marks, rule instances and clues that no solution satisfies
  (shrunk by QuickXPlain, from musclingo), each question limited to `CHECK_BUDGETS`
  conflicts so that a wrong mark among its neighbours is found by propagation.
- a step: for a cell value that is forced but not yet known, a minimal set of clues, known
  cells and guards under which its negation has no solution. The step decides its cell and
  what the same reason forces nearby, and cites exactly that set.
- the cheapest step: each candidate is tried once with the clues, known cells and guards
  nearest to it first, which tells how far out its reason lies (clingo's core is the prefix
  of the assumptions up to the conflict); the nearest few are shrunk, giving up on one as
  soon as it cannot beat the best found, and the one of least `_cost` wins (techniques
  cheaper than rules, fewer cells cheaper); `explain` takes all equally cheap ones at once.

Every command has a time limit (`DEFAULT_TIMEOUT`): what is found by then is given, marked.

Genre-free: a genre's ``explain`` module (``genre.module("explain")``) says which atoms
are clues, which literal stands for a cell value, (`board_facts`, optional) which facts
must stay when the clues are left out, (`REFINED`, optional) whether guards are per
instance and (`GRADE_SIZES`) its grade limits; nothing here knows a genre.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import bisect
import threading
import time

import clingo
from clingo import ast
from musclingo.shrink import QuickXPlain

from puzzlesolve import interrupt
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell, Value, cell_name
from puzzlesolve.instance import get_genre
from puzzlesolve.rulebook import (
    GUARD,
    TECHNIQUE_GUARD,
    GuardSite,
    Rulebook,
    guard_declarations,
    instrument,
    read_rulebook,
)
from puzzlesolve.solver import EncodingError, encoding_path

CANDIDATES_SHRUNK = 4
"""How many candidates, nearest reasons first, are shrunk to a step before choosing one."""

BUDGETS = (100, 1_000, 10_000, 100_000, None)
"""Conflicts a single solver call may take while looking for a step, round by round; a
question left open counts as the answer that claims least, and a round that certifies no
step hands over to the next. None: no limit but the time limit, so a step is always found
in time. Budgets count conflicts, not seconds, so the same puzzle always gets the same
explanation (unless the time limit cuts it short, which the result says)."""

CHECK_BUDGETS = (200, 5_000)
"""Conflicts each question may take while a conflict of `check` is shrunk, one budget after
the other until it is proven minimal: a question left open keeps its element, so a conflict
always stays a conflict, at worst not proven subset-minimal (`Conflict.minimal`). A wrong
mark beside its neighbours is refuted by propagation alone, within the first budget."""

DEFAULT_TIMEOUT = 60.0
"""Seconds check, hint and explain take at most unless told otherwise (`timeout`): what is
found by then is given, marked as cut short."""

OUT_OF_PLAY = 10
"""Heuristic level at which clues and rule guards not assumed are decided (false) first."""

CLAIM_BUDGETS = (200,)
"""Conflicts each question about what a step's reason forces may take; a value still open is
not claimed by this step (Numberlink: a reason may force cells by the topology of its lines,
which clingo proves only by trying every way to draw them) and is left to a later, smaller
step that uses the cells decided meanwhile."""

MAX_WHERE = 6
"""A rule or technique used at more places than this is cited with their number only."""

MAX_CONFLICTS = 5
"""At most this many conflicts are listed, each with marks no earlier one has."""


# ---------------------------------------------------------------- results


class OutOfTime(Exception):
    """The time limit passed before anything worth giving was found."""


def _cell(cell: Cell) -> str:
    return cell_name(cell)


def _listing(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


@dataclass(frozen=True)
class Step:
    """One deduction: cell values that the cited clues, known cells and rules alone force.

    Attributes:
        cells: what the step decides, ``[(cell, value), ...]`` in row-major order.
        rules: the numbered rules it uses.
        techniques: the names of the techniques it uses.
        guards: exactly where it uses them: ``("rule", N, instance)`` or ``("technique", K,
            instance)``, the instance being the values of the statement's cell variables
            (empty for a whole rule); `consequences` replays a step with these alone.
        choices: for the first step of a round of `explain`, how many steps as cheap were
            found then (1: only one way on); 0 for the others of the round.
        clues: the clue cells it uses (their numbers, givens or endpoints).
        known: the known cell values it uses, ``[(cell, value), ...]``.
        text: one sentence for a person.
        minimal: whether its reason was proven subset-minimal (not when the time limit
            cut the search short; it is a reason either way).
        looks_at: every cell a person looks at for it: its clues and known cells and the
            cells its rule and technique instances name (`weight`).
    """

    cells: list[tuple[Cell, Value]]
    rules: list[int]
    clues: list[Cell]
    known: list[tuple[Cell, Value]]
    text: str
    minimal: bool = True
    techniques: list[str] = field(default_factory=list)
    size: int | None = None
    guards: list[tuple[str, int, tuple]] = field(default_factory=list)
    choices: int = 0
    looks_at: list[Cell] = field(default_factory=list)

    @property
    def because(self) -> list[Cell]:
        """Every cell the step uses, as a clue or as a known value (to highlight)."""
        return sorted(set(self.clues) | {cell for cell, _ in self.known})

    @property
    def cost(self) -> int:
        """The step's size, what "cheapest" minimises: the cells it uses plus, for each
        place a technique is used, 1, and for each place a rule is used, 2."""
        if self.size is not None:
            return self.size
        return len(self.because) + len(self.rules)

    @property
    def weight(self) -> int:
        """How hard the step is for a person, what the grade measures (`difficulty`): the
        cells it looks at (`looks_at`), plus 1 for each technique and 2 for each rule it
        uses, each counted once however many places it is used at. Unlike `cost`, a rule
        used at 50 places of a region weighs no more than at one: the region's cells count
        once, whichever rules and techniques cite them."""
        cells = set(self.because) | set(self.looks_at)
        return len(cells) + len(self.techniques) + 2 * len(self.rules)

    def to_json(self) -> dict:
        return {
            "cells": [{"cell": list(cell), "value": value} for cell, value in self.cells],
            "rules": self.rules,
            "techniques": self.techniques,
            "because": [list(cell) for cell in self.because],
            "text": self.text,
            "cost": self.cost,
            "minimal": self.minimal,
        }


@dataclass(frozen=True)
class Conflict:
    """Marks that no solution satisfies together, with the rules (and clues) that forbid them.

    Attributes:
        cells: the answer's marks in the conflict, ``[(cell, value), ...]`` (none when the
            puzzle itself has no solution).
        rules: the numbered rules that make it a conflict.
        clues: the clue cells it rests on.

    Subset-minimal: under its rules and clues the marks have no solution, and dropping any
    one mark, rule or clue leaves one. (Under all the rules a single wrong mark of a puzzle
    with one solution is a dead end on its own; the marks and rules are kept minimal
    together so that two shaded neighbours are told as rule 2, not as two dead ends.)
        text: one sentence for a person.
        minimal: whether subset-minimality was proven within the conflict budgets (it is
            a conflict either way).
        guards: exactly where it uses the rules (as `Step.guards`): minimal is meant of
            these, the marks and the clues.
    """

    cells: list[tuple[Cell, Value]]
    rules: list[int]
    clues: list[Cell]
    text: str
    minimal: bool = True
    guards: list[tuple[str, int, tuple]] = field(default_factory=list)

    def to_json(self) -> dict:
        return {
            "rules": self.rules,
            "cells": [list(cell) for cell, _ in self.cells],
            "values": [value for _, value in self.cells],
            "because": [list(cell) for cell in self.clues],
            "text": self.text,
            "minimal": self.minimal,
        }


@dataclass(frozen=True)
class CheckResult:
    """The verdict on an answer: "solved", "consistent", "invalid" (with conflicts) or
    "timeout" (the time limit passed before the answer was judged); `timed_out` also when
    it passed while the conflicts were being shrunk (they are conflicts, not proven
    minimal)."""

    genre: str
    verdict: str
    conflicts: list[Conflict]
    rules: dict[int, str]
    timed_out: bool = False

    def to_json(self) -> dict:
        return {
            "genre": self.genre,
            "verdict": self.verdict,
            "conflicts": [c.to_json() for c in self.conflicts],
            "rules": {str(n): s for n, s in self.rules.items()},
            "timed_out": self.timed_out,
        }


@dataclass(frozen=True)
class Hint:
    """The next deduction: status "hint" (with `step`), "solved", "invalid" (with conflicts),
    "multiple" (no cell is forced, several solutions extend the marks; `undecided`) or
    "timeout" (the time limit passed before any step was found); `timed_out` also when a
    step was found but not proven the smallest (``step.minimal``)."""

    genre: str
    status: str
    step: Step | None
    conflicts: list[Conflict]
    undecided: list[Cell]
    rules: dict[int, str]
    timed_out: bool = False
    techniques: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> dict:
        document: dict[str, Any] = {"genre": self.genre, "status": self.status}
        if self.step is not None:
            document["step"] = self.step.to_json()
        if self.status == "invalid":
            document["conflicts"] = [c.to_json() for c in self.conflicts]
        if self.status == "multiple":
            document["undecided"] = [list(cell) for cell in self.undecided]
        document["rules"] = {str(n): s for n, s in self.rules.items()}
        document["techniques"] = self.techniques
        document["timed_out"] = self.timed_out
        return document


@dataclass(frozen=True)
class Difficulty:
    """How hard an explanation is, measured from its steps alone (`difficulty`).

    A step's weight is the cells a person looks at for it plus 1 for each technique and 2
    for each rule it uses, each counted once (`Step.weight`): the explanation always takes
    the cheapest step, so its heaviest step is the hardest thing a person must see at once.
    Its tier (1-4) is where that weight lies against the genre's limits (``GRADE_SIZES`` of
    its explain module, calibrated in bench/grades.py on Tatham's Singles Easy and Tricky
    and on Flow Free packs), and the grade follows from the tier: easy, medium, hard,
    expert; one grade harder when nearly every round of a long explanation offers one way
    on only (`ONE_WAY`). Neither counts the board's size (bench/grades.py: Singles Easy
    grade easy at 7x7 to 12x12).

    Attributes:
        steps: the number of steps.
        largest: the weight of the heaviest step (`Step.weight`).
        most_cells: the most cells any one step uses.
        most_rules: the most rules any one step uses.
        multi_rule: how many steps use more than one rule.
        mean: the steps' mean weight (0 for none).
        one_way: the share of rounds in which only one cheapest step was found (0-1).
        tier: 1-4 (0 for no steps), from `largest`.
        grade: "easy", "medium", "hard" or "expert" ("" when not measured).
    """

    steps: int
    largest: int
    most_cells: int
    most_rules: int
    multi_rule: int
    mean: float
    one_way: float = 0.0
    tier: int = 0
    grade: str = ""

    def to_json(self) -> dict:
        return asdict(self)



GRADES = ("easy", "medium", "hard", "expert")
"""The grades, by tier."""

ONE_WAY = 0.97
"""A share of rounds with one way on at least this makes a puzzle one grade harder (a
person finds no easy entry anywhere), in an explanation of `ONE_WAY_ROUNDS` rounds or more.
Typical shares: Singles 0.63-0.87 (Easy and Tricky alike, so it does not grade them), Flow
Free 0.86-1.0."""

ONE_WAY_ROUNDS = 30
"""The rounds an explanation needs before its share of one-way rounds counts: a short one
(Flow Free 5x5: 15 rounds, every one with one way on) is one way on by chance."""


def difficulty(steps: Sequence[Step], sizes: Sequence[int] | None = None) -> Difficulty:
    """The difficulty of an explanation with these steps; graded when the genre's
    ``GRADE_SIZES`` (the heaviest step's weight of tiers 1, 2 and 3) are given."""
    costs = [step.weight for step in steps]
    largest = max(costs, default=0)
    rounds = [step.choices for step in steps if step.choices]
    one_way = round(sum(n == 1 for n in rounds) / len(rounds), 2) if rounds else 0.0
    tier = grade = 0
    if steps and sizes is not None:
        tier = 1 + sum(largest > size for size in sizes)
        harder = one_way >= ONE_WAY and len(rounds) >= ONE_WAY_ROUNDS
        grade = min(tier - 1 + harder, len(GRADES) - 1)
    return Difficulty(
        steps=len(steps),
        largest=largest,
        most_cells=max((len(step.because) for step in steps), default=0),
        most_rules=max((len(step.rules) for step in steps), default=0),
        multi_rule=sum(len(step.rules) > 1 for step in steps),
        mean=round(sum(costs) / len(costs), 2) if costs else 0.0,
        one_way=one_way,
        tier=tier,
        grade=GRADES[grade] if tier else "",
    )


@dataclass(frozen=True)
class Explanation:
    """The path from the clues to the solution.

    Attributes:
        genre: the genre's name.
        status: "solved" (every cell decided), "multiple" (stopped: no further cell is
            forced, several solutions remain; see `undecided`), "unsolvable" (the puzzle
            has no solution; see `conflicts`) or "timeout" (the time limit passed: the
            steps so far, the last maybe not proven the smallest; see `undecided`).
        steps: the deductions in order.
        undecided: the cells no step decides.
        conflicts: why there is no solution.
        rules: the numbered rules of the rules file.
    """

    genre: str
    status: str
    steps: list[Step]
    undecided: list[Cell]
    conflicts: list[Conflict]
    rules: dict[int, str]
    timed_out: bool = False
    techniques: dict[str, str] = field(default_factory=dict)
    difficulty: Difficulty = field(init=False)

    def __post_init__(self) -> None:
        sizes = getattr(get_genre(self.genre).module("explain"), "GRADE_SIZES", None)
        object.__setattr__(self, "difficulty", difficulty(self.steps, sizes))

    def to_json(self) -> dict:
        document: dict[str, Any] = {
            "genre": self.genre,
            "status": self.status,
            "steps": [step.to_json() for step in self.steps],
            "difficulty": self.difficulty.to_json(),
        }
        if self.undecided:
            document["undecided"] = [list(cell) for cell in self.undecided]
        if self.conflicts:
            document["conflicts"] = [c.to_json() for c in self.conflicts]
        document["rules"] = {str(n): s for n, s in self.rules.items()}
        document["techniques"] = self.techniques
        document["timed_out"] = self.timed_out
        return document


# ---------------------------------------------------------------- the ground program


@dataclass(frozen=True)
class _Item:
    """One assumption an explanation may use: a clue, a known cell value or a rule.

    Attributes:
        literal: the solver literal assumed.
        cells: the cells of a clue (a Numberlink clue is a pair of endpoints) or the cell
            of a mark; none for a rule.
        value: a mark's value (None for clues and rules).
        rule: a rule's number (None for clues and marks).
    """

    literal: int
    cells: tuple[Cell, ...] = ()
    value: Value = None
    rule: int | None = None
    technique: int | None = None
    instance: tuple = ()  # a guard's ground instance (its variables' values), if refined

    @property
    def cell(self) -> Cell:
        """A mark's cell."""
        return self.cells[0]

    @property
    def is_guard(self) -> bool:
        """A rule's or a technique's switch (whole, or for one ground instance)."""
        return self.rule is not None or self.technique is not None

    @property
    def is_clue(self) -> bool:
        return not self.is_guard and self.value is None

    @property
    def weight(self) -> int:
        """What the item adds to a step's cost: a cell it names 1, a technique at some cells
        1, a numbered rule at some cells 2 (techniques are what people use)."""
        return 2 if self.rule is not None else 1

    def distance(self, cell: Cell) -> tuple[int, int]:
        """How far the nearest of the item's cells is from `cell`."""
        return min(_distance(mine, cell) for mine in self.cells)


def _distance(a: Cell, b: Cell) -> tuple[int, int]:
    """Chebyshev distance, then Manhattan to break ties."""
    rows, cols = abs(a[0] - b[0]), abs(a[1] - b[1])
    return max(rows, cols), rows + cols


@dataclass(frozen=True)
class _Answer:
    """A solver call's answer as QuickXPlain reads it; undecided counts as satisfiable."""

    satisfiable: bool
    unsatisfiable: bool


class _Beaten(Exception):
    """A reason being shrunk cannot beat the best one known."""


class _Shrink(QuickXPlain):
    """musclingo's QuickXPlain with a background that every check assumes as well, and a
    conflict budget per check: a check left open counts as satisfiable, so the result still
    has no solution but may keep more than it needs (`_Program.minimal` settles that).

    QuickXPlain returns the preferred MUS: of two elements it keeps the earlier one in its
    input where either would do.
    """

    def __init__(self, program: _Program, background: Sequence[int], budget: int | None):
        super().__init__(program.ctl)
        self.program, self.background, self.budget = program, list(background), budget
        self.open = 0  # checks the budget left undecided
        self.weights: dict[int, int] = {}
        self.limit: int | None = None
        self.needed: set[int] = set()  # the elements found needed so far

    def check(self, seed: Iterable[int]) -> _Answer:
        self.checks += 1
        found, core = self.program.solve([*self.background, *seed], self.budget)
        if found is False:
            self.core = set(core).difference(self.background)
        self.open += found is None
        return _Answer(found is not False, found is False)

    def minimal(self, literals: list[int]) -> set[int]:
        """A part of `literals` unsatisfiable with the background (as all of `literals` must
        be), subset-minimal where every check was decided."""
        self.core = set(literals)  # known to have no solution: no check for it
        return set(self.__qx__(literals, []))

    def bound(self, weights: dict[int, int], limit: int) -> None:
        """Give up (`_Beaten`) as soon as the elements found to be needed weigh more than
        `limit`: the reason could not beat the best step known."""
        self.weights, self.limit = weights, limit

    def __qx_prime__(self, C: list[int], A: list[int], B: list[int]) -> list[int]:
        needed = super().__qx_prime__(C, A, B)
        if self.limit is not None:
            self.needed |= set(needed)
            if sum(self.weights.get(literal, 0) for literal in self.needed) > self.limit:
                raise _Beaten()
        return needed


class _Program:
    """A puzzle's one ground program for explanations, and the questions asked of it.

    The rules file is instrumented (`rulebook.instrument`); the board's facts stay facts;
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
    ):
        self.genre, self.puzzle = genre, puzzle
        self.expired = False  # the time limit has passed: every question is left open
        self._alarm: threading.Timer | None = None
        started = time.monotonic()
        self.glue = genre.module("explain")
        path = Path(encoding) if encoding is not None else encoding_path(genre.encoding)
        self.rulebook: Rulebook = read_rulebook(path)
        constants = dict(genre.constants) | dict(genre.explain_constants)
        for switch in switches:
            if switch not in genre.switches:
                raise ValueError(f"{genre.name} has no option {switch!r}")
            constants[switch] = 1
        messages: list[str] = []
        self.ctl = clingo.Control(
            ["--heuristic=Domain", *(f"--const={k}={v}" for k, v in constants.items())],
            logger=lambda _code, text: messages.append(text.strip()),
        )
        facts, groups = self._facts()
        try:
            with ast.ProgramBuilder(self.ctl) as builder:
                sites = instrument(
                    self.rulebook, builder.add, messages, getattr(self.glue, "REFINED", True)
                )
            self.ctl.add("base", [], facts + guard_declarations(self.rulebook))
            self.ctl.ground([("base", [])])
        except RuntimeError as failure:
            raise EncodingError(messages[0] if messages else f"{path}: {failure}") from None
        self.guards = self._guards(sites)
        atoms = self.ctl.symbolic_atoms
        self.clues = [
            _Item(atoms[clingo.Function("__clue", [clingo.Number(k)])].literal, cells=cells)
            for k, cells in enumerate(groups)
        ]
        self.cells = self.glue.cells(puzzle)
        self.parts = 0  # program parts added after the first grounding
        self.symbols: dict[int, clingo.Symbol] = {}  # the atoms of marks, by literal
        if timeout is not None and timeout <= 0:  # out of time already: nothing is asked
            self.expired = True
        elif timeout is not None:  # counted from the start, grounding included
            self._alarm = threading.Timer(max(0.0, started + timeout - time.monotonic()),
                                          self._expire)
            self._alarm.daemon = True
            self._alarm.start()

    def _guards(self, sites: list[GuardSite]) -> list[_Item]:
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
                    guards.append(_Item(atom.literal, **{key: n}))
        for name, key in ((GUARD, "rule"), (TECHNIQUE_GUARD, "technique")):
            for atom in atoms.by_signature(name, 3):
                number, statement, values = atom.symbol.arguments
                instance = tuple(
                    value.number if value.type == clingo.SymbolType.Number else str(value)
                    for value in values.arguments
                )
                cells = sites[statement.number].cells(instance)
                guards.append(
                    _Item(atom.literal, cells=cells, instance=instance, **{key: number.number})
                )
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
        lines += getattr(self.glue, "board_facts", lambda _puzzle: [])(self.puzzle)
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

    def mark(self, cell: Cell, value: Value) -> _Item:
        """The assumption that `cell` has `value`.

        Raises:
            EncodingError: the rules file has no atom for that value.
        """
        text, sign = self.glue.literal(self.puzzle, cell, value)
        atom = self.ctl.symbolic_atoms[clingo.parse_term(text)]
        if atom is None:
            raise EncodingError(
                f"{self.rulebook.path}: no atom {text} in the ground rules, so the value "
                f"{value!r} of {_cell(cell)} cannot be expressed"
            )
        self.symbols[atom.literal] = atom.symbol
        return _Item(atom.literal if sign else -atom.literal, cells=(cell,), value=value)

    def solve(
        self, assumptions: list[int], budget: int | None = None, on_model: Any = None
    ) -> tuple[bool | None, list[int]]:
        """Whether the assumptions have a solution: True, False (with clingo's core) or None
        when `budget` conflicts or the time limit did not settle it."""
        if self.expired:
            return None, []
        self.ctl.configuration.solve.solve_limit = "umax" if budget is None else str(budget)
        core: list[list[int]] = []
        result = interrupt.solve(self.ctl, assumptions, on_model=on_model, on_core=core.append)
        if result.unsatisfiable:
            return False, core[0] if core else list(assumptions)
        return (True if result.satisfiable else None), []

    def satisfiable(self, items: Iterable[_Item]) -> bool:
        return bool(self.solve([item.literal for item in items])[0])

    def values(self, items: Iterable[_Item]) -> dict[Cell, Value] | None:
        """Every cell's value in some solution under `items`, or None if there is none."""
        found: list[dict[Cell, Value]] = []

        def record(model: clingo.Model) -> None:
            solution = self.genre.decode(model.symbols(shown=True), self.puzzle)
            found.append(self.genre.values(self.puzzle, solution))

        interrupt.solve(self.ctl, [item.literal for item in items], on_model=record)
        if not found and self.expired:
            raise OutOfTime()
        return found[0] if found else None

    def forced(
        self,
        items: Iterable[_Item],
        candidates: Iterable[_Item],
        budgets: Sequence[int | None] = (None,),
    ) -> list[_Item]:
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
        while pending:  # all at once first: one question settles a puzzle's unique solution
            seen: list[list[bool]] = []
            found = self._not_all(assumed, pending, budgets[0], seen)
            if found is False:
                kept, pending = pending, []
            if not found:
                break
            refuted = True
            pending = [item for item, true in zip(pending, seen[-1]) if true]
        for budget in budgets:
            left, undecided = pending, []
            while left:
                first = left.pop(0)
                seen: list[list[bool]] = []
                watched = [item.literal for item in (*left, *undecided)]
                found, _ = self.solve(
                    [*assumed, -first.literal],
                    budget,
                    lambda m, watched=watched, seen=seen: seen.append(
                        [m.is_true(literal) for literal in watched]
                    ),
                )
                if found is None:
                    undecided.append(first)
                elif not found:
                    kept.append(first)
                else:
                    refuted = True
                    true = dict(zip((item.literal for item in (*left, *undecided)), seen[-1]))
                    left = [item for item in left if true[item.literal]]
                    undecided = [item for item in undecided if true[item.literal]]
            pending = undecided
        if kept and not refuted and self.solve(assumed)[0] is False:
            raise AssertionError("forced() under assumptions that have no solution")
        return kept

    def _not_all(
        self, assumed: list[int], candidates: list[_Item], budget: int | None, seen: list
    ) -> bool | None:
        """Whether a solution under `assumed` falsifies some of `candidates` (and in `seen`,
        which candidates it keeps): a constraint against all of them, switched on by a fresh
        atom assumed for this question only and then released (false for good)."""
        with self.ctl.backend() as backend:
            switch = backend.add_atom()
            backend.add_external(switch, clingo.TruthValue.Free)
            backend.add_rule([], [*(item.literal for item in candidates), switch])
        literals = [item.literal for item in candidates]
        found, _ = self.solve(
            [*assumed, switch],
            budget,
            lambda model: seen.append([model.is_true(literal) for literal in literals]),
        )
        with self.ctl.backend() as backend:
            backend.add_external(switch, clingo.TruthValue.Release)
        return found

    def steer(self, marks: Iterable[_Item]) -> None:
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
        items: Sequence[_Item],
        background: Sequence[_Item],
        budget: int | None = None,
        limit: int | None = None,
    ) -> tuple[list[_Item], bool]:
        """A part of `items` that has no solution together with `background` (as all of
        `items` must not), keeping earlier items in preference to later ones; and whether
        it is proven subset-minimal within `budget` conflicts per check (always without).

        Raises:
            _Beaten: what it keeps costs more than `limit` (`_cost`), found on the way.
        """
        assumed = [item.literal for item in background]
        literals = [item.literal for item in items]
        for _ in range(3):  # clingo's core first: often far smaller, and free
            found, core = self.solve([*assumed, *literals], budget)
            named = set(core)
            if found is not False or len(named.intersection(literals)) == len(literals):
                break
            literals = [literal for literal in literals if literal in named]
        shrink = _Shrink(self, assumed, budget)
        if limit is not None:
            shrink.bound(
                {
                    item.literal: item.weight if item.is_guard else len(item.cells)
                    for item in items
                },
                limit,
            )
        kept = shrink.minimal(literals)
        reason = [item for item in items if item.literal in kept]
        proven, index = True, len(reason) if shrink.open == 0 else 0
        while index < len(reason):  # each left out in turn must allow a solution
            rest = reason[:index] + reason[index + 1 :]
            found, core = self.solve([*assumed, *(item.literal for item in rest)], budget)
            if found is False:  # a check QuickXPlain could not settle kept it
                reason = [item for item in rest if item.literal in set(core)]
                continue
            proven = proven and found is not None
            index += 1
        return reason, proven

    def prefix_core(
        self, items: Sequence[_Item], background: Sequence[_Item], budget: int | None = None
    ) -> list[_Item] | None:
        """The items that clingo's core names for `background` + `items` (which must have
        no solution): the items up to the one whose propagation met the conflict, or all
        of them when it took a search; None when `budget` conflicts did not settle it."""
        found, core = self.solve([item.literal for item in (*background, *items)], budget)
        if found:
            raise AssertionError("prefix_core() of assumptions that have a solution")
        if found is None:
            return None
        named = set(core)
        return [item for item in items if item.literal in named]


# ---------------------------------------------------------------- the questions


@dataclass(eq=False)
class _Candidate:
    """An undecided cell's forced value and what is known about refuting its negation.

    Attributes:
        mark: the value as an assumption.
        core: clingo's core for the rules, then the clues and known values nearest first
            (None: not settled within `budget` conflicts).
        budget: the conflicts `core` was looked for with.
        reason: `core` shrunk to a reason, once computed.
        proven: whether `reason` is proven subset-minimal.
    """

    mark: _Item
    core: list[_Item] | None
    budget: int | None
    reason: list[_Item] | None = None
    proven: bool = False
    tried: int | None | bool = False  # the budget `reason` was last shrunk with

    @property
    def negation(self) -> _Item:
        return _Item(-self.mark.literal, self.mark.cells)

    @cached_property
    def reach(self) -> tuple[int, int]:
        """The distance of the farthest cell `core` needs (which never changes): its last
        item with cells, as `core` keeps the nearest-first order."""
        last = next((item for item in reversed(self.core or ()) if item.cells), None)
        return last.distance(self.mark.cell) if last is not None else (0, 0)

    def rank(self) -> tuple:
        return self.reach, len(self.core), self.mark.cell

    def cost(self) -> tuple:
        """`_cost`, then row-major."""
        assert self.reason is not None
        return (*_cost(self.reason), self.mark.cell)


def _cost(reason: list[_Item]) -> tuple[int, int]:
    """The cells a reason uses (clues and known values) plus the weight of its switches (a
    technique's instance 1, a rule's 2); and then the rule instances."""
    cells = {cell for item in reason if not item.is_guard for cell in item.cells}
    guards = [item for item in reason if item.is_guard]
    return len(cells) + sum(item.weight for item in guards), sum(
        item.rule is not None for item in guards
    )


def _guards(reason: list[_Item]) -> list[tuple[str, int, tuple]]:
    """Where a reason uses rules and techniques (`Step.guards`)."""
    return sorted(
        ("rule", item.rule, item.instance)
        if item.rule is not None
        else ("technique", item.technique, item.instance)
        for item in reason
        if item.is_guard
    )


class _Session:
    """Check, hint and explain on one ground program, keeping what is known."""

    def __init__(
        self,
        genre: Genre | str,
        puzzle: Any,
        answer: dict[Cell, Value] | None,
        encoding: str | Path | None,
        switches: Iterable[str],
        timeout: float | None = None,
    ):
        self.genre = get_genre(genre)
        self.program = _Program(self.genre, puzzle, encoding, switches, timeout)
        self.rulebook = self.program.rulebook
        self.known: dict[Cell, Value] = dict(self.program.glue.shown(puzzle))
        answer = answer or {}
        # a mark the puzzle itself shows says nothing its clue does not
        self.marks = [
            self.program.mark(cell, value)
            for cell, value in sorted(answer.items())
            if cell not in self.known
        ]
        self.known.update(answer)
        self.learnt: list[_Item] = []  # values decided by steps, as assumptions
        self._candidates: dict[Cell, _Candidate] = {}  # undecided cells ranked so far
        self._fresh: list[_Item] = []  # decided since the last ranking
        self._at: dict[Cell, list[_Item]] = {}  # the clues and marks at each cell
        for item in [*self.clues, *self.marks, *self.guards]:
            for cell in item.cells:
                self._at.setdefault(cell, []).append(item)
        # the switches that name no cell, always tried first
        self._everywhere = [guard for guard in self.guards if not guard.cells]
        # the items known from the start by distance from a cell, with their distances
        self._order: dict[Cell, tuple[list[tuple], list[_Item]]] = {}
        self.choices = 0  # how many equally cheap steps the last round found

    def close(self) -> None:
        """Stop the time limit's timer."""
        self.program.close()

    @property
    def clues(self) -> list[_Item]:
        return self.program.clues

    @property
    def techniques(self) -> dict[str, str]:
        """Each technique's sentence, by name."""
        return {t.name: t.sentence for t in self.rulebook.techniques.values()}

    @property
    def guards(self) -> list[_Item]:
        return self.program.guards

    # -- conflicts

    def conflicts(self) -> list[Conflict]:
        """Why the marks have no solution (or the puzzle none at all): minimal sets of marks
        and rules, each with marks no earlier one has, and the clues each rests on.

        Each is shrunk with `CHECK_BUDGETS` conflicts a question, so a wrong mark among its
        neighbours is found by propagation, not by solving the puzzle again and again; one
        not proven minimal says so. Further conflicts are looked for only within the last
        budget.

        Called only when there is no solution (the first question is the caller's).
        """
        program = self.program
        found, pool = [], list(self.marks)
        while len(found) < MAX_CONFLICTS and not program.expired:
            if found:  # the first question was answered by the caller: no solution
                left, _ = program.solve(
                    [item.literal for item in (*self.clues, *pool, *self.guards)],
                    CHECK_BUDGETS[-1],
                )
                if left is not False:
                    break
            # marks, rules and clues together, clues left out first: a wrong mark among its
            # neighbours (a conflict of few rules and clues, which propagation finds) wins
            # over the dead end that under every clue one wrong mark alone leads to
            reason, proven = self._minimal(
                [*pool, *self.guards, *self.clues], [], CHECK_BUDGETS if pool else BUDGETS
            )
            marks = [item for item in reason if item.value is not None]
            found.append(self._conflict(marks, reason, proven))
            if not marks:  # the puzzle itself has no solution
                break
            pool = [item for item in pool if item not in marks]
        return found

    def _minimal(
        self, items: list[_Item], background: list[_Item], budgets: Sequence[int | None] = BUDGETS
    ) -> tuple[list[_Item], bool]:
        """`program.minimal`, with larger budgets until minimality is proven (or the time
        limit passes); and whether it was."""
        proven = False
        for budget in budgets:
            items, proven = self.program.minimal(items, background, budget)
            if proven or self.program.expired:
                break
        return items, proven

    def _conflict(self, marks: list[_Item], reason: list[_Item], minimal: bool) -> Conflict:
        rules = sorted({item.rule for item in reason if item.rule is not None})
        clues = sorted(cell for item in reason if item.is_clue for cell in item.cells)
        cells = sorted((item.cell, item.value) for item in marks)
        quoted = self.rulebook.quote(rules) if rules else "the rules"
        where = self._clues_text(clues)
        if not cells:
            text = f"the puzzle has no solution: {quoted} cannot all hold" + (
                f" where {where}" if where else ""
            )
        else:
            text = f"{quoted}: {self._values_text(cells)}" + (f", where {where}" if where else "")
        if not minimal:
            text += " (not proven the smallest such set)"
        return Conflict(cells, rules, clues, text, minimal, _guards(reason))

    # -- steps

    def unknown(self, values: dict[Cell, Value]) -> dict[Cell, Value]:
        """Those of `values` whose cells are not known yet (clues, marks, decided steps)."""
        return {cell: value for cell, value in values.items() if cell not in self.known}

    def undecided(self) -> list[Cell]:
        """The cells not known yet."""
        return [cell for cell in self.program.cells if cell not in self.known]

    def forced(self) -> dict[Cell, Value] | None:
        """Every cell value that all solutions under the clues and known cells share, or None
        if there is no solution."""
        program = self.program
        assumed = [*self.clues, *self.marks, *self.learnt, *self.guards]
        values = program.values(assumed)
        if values is None:
            return None
        open_marks = [program.mark(cell, value) for cell, value in self.unknown(values).items()]
        decided = program.forced(assumed, open_marks)
        if program.expired:
            raise OutOfTime()
        program.steer(decided)
        return self.known | {item.cell: item.value for item in decided}

    def step(self, todo: dict[Cell, Value]) -> Step:
        """The cheapest step found (`steps`, the first)."""
        return self.steps(todo, batch=False)[0]

    def steps(self, todo: dict[Cell, Value], batch: bool = True) -> list[Step]:
        """The cheapest step found that decides cells of `todo` (forced, not yet known).

        Each candidate is ranked by how far from it the clues and known cells lie that
        clingo needs to refute its negation, trying the nearest first; the best ranked are
        shrunk to minimal reasons, and the cheapest reason known wins. A candidate is
        ranked again only when a cell decided since lies within its reach, and its reason
        is kept until its core changes: a reason stays minimal and valid as more becomes
        known.

        With `batch`, every other candidate whose proven reason costs as little and that
        the steps before it neither decide nor use is decided too, each as its own step (as
        a person marks all the cells an easy look shows, in any order).
        """
        program = self.program
        marks = None
        for budget in BUDGETS:
            self._rank(todo, budget)
            ranked = sorted(
                (
                    self._candidates[cell]
                    for cell in todo
                    if self._candidates[cell].core is not None
                ),
                key=_Candidate.rank,
            )
            marks = marks or [self._candidates[cell].mark for cell in todo]
            for end in range(CANDIDATES_SHRUNK, len(ranked) + CANDIDATES_SHRUNK, CANDIDATES_SHRUNK):
                for entry in ranked[:end]:
                    if not entry.proven and entry.tried != budget:
                        # kept in preference: cells, then techniques, then rules
                        start = entry.reason or [
                            *(i for i in entry.core if not i.is_guard),
                            *(i for i in entry.core if i.technique is not None),
                            *(i for i in entry.core if i.rule is not None),
                        ]
                        best = min(
                            (_cost(e.reason)[0] for e in ranked[:end] if e.proven),
                            default=None,
                        )
                        try:
                            entry.reason, entry.proven = program.minimal(
                                start, [entry.negation], budget, best
                            )
                        except _Beaten:  # shrunk again in a later step, if it comes to it
                            continue
                        entry.tried = budget
                proven = sorted(
                    (entry for entry in ranked if entry.proven), key=_Candidate.cost
                )
                if proven:
                    found: list[Step] = []
                    cheapest = _cost(proven[0].reason)
                    self.choices = sum(_cost(entry.reason) == cheapest for entry in proven)
                    for entry in proven if batch else proven[:1]:
                        if _cost(entry.reason) != cheapest or entry.mark.cell in self.known:
                            continue
                        if any(set(entry.mark.cells) & set(step.because) for step in found):
                            continue
                        near = self._near(entry.reason)
                        claims = [m for m in marks if m.cell in near and m.cell not in self.known]
                        decided = program.forced(entry.reason, claims, CLAIM_BUDGETS)
                        decided = [item for item in decided if item.cell not in self.known]
                        found.append(self._decide(entry.reason, decided or [entry.mark]))
                    return found
                if program.expired:
                    return [self._cut_short(ranked, marks)]
        if program.expired:
            return [self._cut_short([], marks)]
        raise AssertionError("no step found although values are forced")

    @staticmethod
    def _near(reason: list[_Item]) -> set[Cell]:
        """The cells a step with this reason may claim: those it names and their neighbours
        (what it forces further away is left to later steps, found near it)."""
        return {
            (r + dr, c + dc)
            for item in reason
            for r, c in item.cells
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
        }

    def _cut_short(self, ranked: list[_Candidate], marks: list[_Item]) -> Step:
        """The time limit passed before a reason was proven minimal: the cheapest reason
        shrunk so far, or else the smallest core, decides its own cell (a reason either
        way, not proven the smallest).

        Raises:
            OutOfTime: no candidate was refuted at all.
        """
        shrunk = [entry for entry in ranked if entry.reason is not None]
        if shrunk:
            best = min(shrunk, key=_Candidate.cost)
            return self._decide(best.reason, [best.mark], minimal=False)
        cored = [entry for entry in self._candidates.values() if entry.core is not None]
        if not cored:
            raise OutOfTime()
        best = min(cored, key=lambda entry: (len(entry.core), entry.mark.cell))
        return self._decide(best.core, [best.mark], minimal=False)

    def _rank(self, todo: dict[Cell, Value], budget: int | None) -> None:
        """Find the core of each candidate not yet ranked, ranked without a core at a smaller
        budget, or near a cell decided since."""
        for cell, value in sorted(todo.items()):
            entry = self._candidates.get(cell)
            if entry is not None:
                if entry.core is None and entry.budget == budget:
                    continue
                if entry.core is not None and not any(
                    item.distance(cell) <= entry.reach for item in self._fresh
                ):
                    continue
            mark = entry.mark if entry is not None else self.program.mark(cell, value)
            core = self.program.prefix_core(
                [*self._everywhere, *self._nearest(cell)],
                [_Item(-mark.literal, mark.cells)],
                budget,
            )
            if entry is None or core != entry.core:
                self._candidates[cell] = _Candidate(mark, core, budget)
        self._fresh = []

    def _decide(self, reason: list[_Item], decided: list[_Item], minimal: bool = True) -> Step:
        """Record what a step decides and describe it."""
        for item in decided:
            del self._candidates[item.cell]
            self.known[item.cell] = item.value
        self.learnt += decided
        self._fresh += decided
        return self._step(decided, reason, minimal)

    def _nearest(self, cell: Cell) -> list[_Item]:
        """The clues, known cell values and guards, nearest to `cell` first: those known
        from the start in an order kept per cell, merged with the values decided since."""
        static = self._order.get(cell)
        if static is None:
            keys, items = [], []
            seen: set[int] = set()
            for near in sorted(self._at, key=lambda c: (_distance(c, cell), c)):
                for item in self._at[near]:
                    if item.literal not in seen:
                        seen.add(item.literal)
                        keys.append((_distance(near, cell), near))
                        items.append(item)
            static = self._order[cell] = (keys, items)
        keys, items = list(static[0]), list(static[1])
        for item in self.learnt:  # few, put in place
            key = (_distance(item.cell, cell), item.cell)
            at = bisect.bisect_right(keys, key)
            keys.insert(at, key)
            items.insert(at, item)
        return items

    def _step(self, decided: list[_Item], reason: list[_Item], minimal: bool = True) -> Step:
        choices, self.choices = self.choices, 0  # the first step of a round says how many
        cells = sorted((item.cell, item.value) for item in decided)
        rules = sorted({item.rule for item in reason if item.rule is not None})
        numbers = sorted({item.technique for item in reason if item.technique is not None})
        techniques = [self.rulebook.techniques[k].name for k in numbers]
        clues = sorted(cell for item in reason if item.is_clue for cell in item.cells)
        known = sorted((item.cell, item.value) for item in reason if item.value is not None)
        text = f"{self._values_text(cells)} by {self._cited_text(reason)}"
        used = [part for part in (self._clues_text(clues), self._values_text(known)) if part]
        text += f", since {' and '.join(used)}." if used else "."
        if not minimal:
            text += " (The time ran out before this reason was proven the smallest.)"
        looks_at = sorted({cell for item in reason for cell in item.cells})
        return Step(
            cells, rules, clues, known, text, minimal, techniques, _cost(reason)[0],
            _guards(reason), choices, looks_at,
        )

    def _cited_text(self, reason: list[_Item]) -> str:
        """``between (r3c4) and rule 2 (r1c3, r1c4)``: each technique and rule a reason
        uses, with the cells (or the values) of its instances; techniques first."""
        groups: dict[tuple[int, int], list[_Item]] = {}
        for item in reason:
            if item.technique is not None:
                groups.setdefault((0, item.technique), []).append(item)
            elif item.rule is not None:
                groups.setdefault((1, item.rule), []).append(item)
        parts = []
        for (kind, number), items in sorted(groups.items()):
            name = self.rulebook.techniques[number].name if kind == 0 else f"rule {number}"
            cells = sorted({cell for item in items for cell in item.cells})
            values = sorted({item.instance for item in items if not item.cells and item.instance})
            where = [cell_name(cell) for cell in cells]
            if values:  # instances without cells, e.g. of a number: "for 12 and 14"
                where.append("for " + _listing([", ".join(map(str, v)) for v in values]))
            if len(cells) + len(values) > MAX_WHERE:
                where = [f"{len(cells) + len(values)} places"]
            parts.append(f"{name} ({', '.join(where)})" if where else name)
        return _listing(parts) if parts else "the rules"

    # -- text

    def _values_text(self, cells: list[tuple[Cell, Value]]) -> str:
        """``(3,4) and (3,5) are shaded, (4,4) is unshaded``."""
        groups: dict[Any, list[Cell]] = {}
        for cell, value in cells:
            groups.setdefault(value, []).append(cell)
        says = self.program.glue.says
        return (
            _listing(
                [
                    f"{_listing([_cell(c) for c in group])} {says(value, len(group) > 1)}"
                    for value, group in groups.items()
                ]
            )
            if groups
            else ""
        )

    def _clues_text(self, cells: list[Cell]) -> str:
        """``(3,4) and (3,7) show 5``."""
        glue, puzzle = self.program.glue, self.program.puzzle
        groups: dict[Any, list[Cell]] = {}
        for cell in cells:
            groups.setdefault(glue.clue(puzzle, cell), []).append(cell)
        return (
            _listing(
                [
                    f"{_listing([_cell(c) for c in group])} {glue.says_clue(value, len(group) > 1)}"
                    for value, group in groups.items()
                ]
            )
            if groups
            else ""
        )


# ---------------------------------------------------------------- the API


def check(
    genre: Genre | str,
    puzzle: Any,
    answer: dict[Cell, Value],
    *,
    encoding: str | Path | None = None,
    switches: Iterable[str] = (),
    timeout: float | None = DEFAULT_TIMEOUT,
) -> CheckResult:
    """Is `answer` (decided cells, as `load_answer` reads them) solved, consistent or invalid?

    Args:
        timeout: seconds at most (None: no limit); verdict "timeout" if the answer was not
            judged by then, conflicts not proven minimal if they were being shrunk.

    Raises:
        RulesError: the rules file breaks the convention.
        EncodingError: clingo rejected the rules file.
        ValueError: an unknown genre or switch.
    """
    session = _Session(genre, puzzle, answer, encoding, switches, timeout)
    program, name = session.program, session.genre.name
    rules = session.rulebook.rules
    try:
        found, _ = program.solve(
            [item.literal for item in (*session.clues, *session.marks, *session.guards)]
        )
        if found:
            complete = all(cell in answer for cell in program.cells)
            return CheckResult(name, "solved" if complete else "consistent", [], rules)
        if found is None:
            return CheckResult(name, "timeout", [], rules, True)
        conflicts = session.conflicts()
        if not conflicts:
            return CheckResult(name, "timeout", [], rules, True)
        return CheckResult(name, "invalid", conflicts, rules, program.expired)
    finally:
        session.close()


def hint(
    genre: Genre | str,
    puzzle: Any,
    answer: dict[Cell, Value] | None = None,
    *,
    encoding: str | Path | None = None,
    switches: Iterable[str] = (),
    timeout: float | None = DEFAULT_TIMEOUT,
) -> Hint:
    """The cheapest next step from the clues and `answer` (decided cells), if any.

    Args:
        timeout: seconds at most (None: no limit); status "timeout" if no step was found by
            then, a step not proven the smallest if it was being shrunk.

    Raises:
        RulesError, EncodingError, ValueError: as `check`.
    """
    session = _Session(genre, puzzle, answer, encoding, switches, timeout)
    name, rules, named = session.genre.name, session.rulebook.rules, session.techniques
    try:
        forced = session.forced()
        if forced is None:
            return Hint(
                name, "invalid", None, session.conflicts(), [], rules, techniques=named
            )
        todo = session.unknown(forced)
        if todo:
            step = session.step(todo)
            return Hint(name, "hint", step, [], [], rules, not step.minimal, named)
        undecided = session.undecided()
        status = "multiple" if undecided else "solved"
        return Hint(name, status, None, [], undecided, rules, techniques=named)
    except OutOfTime:
        return Hint(name, "timeout", None, [], session.undecided(), rules, True, named)
    finally:
        session.close()


def explain(
    genre: Genre | str,
    puzzle: Any,
    *,
    encoding: str | Path | None = None,
    switches: Iterable[str] = (),
    timeout: float | None = DEFAULT_TIMEOUT * 5,
) -> Explanation:
    """Every step from the clues to the solution, or as far as cells are forced.

    Args:
        timeout: seconds at most (None: no limit); status "timeout" with the steps found by
            then if they did not reach the end.

    Raises:
        RulesError, EncodingError, ValueError: as `check`.
    """
    session = _Session(genre, puzzle, None, encoding, switches, timeout)
    name, rules, named = session.genre.name, session.rulebook.rules, session.techniques
    steps: list[Step] = []
    try:
        forced = session.forced()
        if forced is None:
            return Explanation(
                name, "unsolvable", [], [], session.conflicts(), rules, techniques=named
            )
        while todo := session.unknown(forced):
            steps += session.steps(todo)
            if session.program.expired:
                raise OutOfTime()
        undecided = session.undecided()
        return Explanation(
            name, "multiple" if undecided else "solved", steps, undecided, [], rules,
            techniques=named,
        )
    except OutOfTime:
        return Explanation(
            name, "timeout", steps, session.undecided(), [], rules, True, named
        )
    finally:
        session.close()


def consequences(
    genre: Genre | str,
    puzzle: Any,
    rules: Iterable[int],
    clues: Iterable[Cell],
    known: dict[Cell, Value],
    *,
    encoding: str | Path | None = None,
    switches: Iterable[str] = (),
    guards: Iterable[tuple[str, int, tuple]] | None = None,
) -> dict[Cell, Value] | None:
    """The cell values of the puzzle's solution that these rules, clue cells and known cell
    values alone force (the known ones among them), or None if they allow no solution: a
    step's `rules`, `clues` and `known` replayed on their own, or a conflict's, as a check.

    Clues and rules left out are open (the solver may use them or not), as in every step.
    With `guards` (a step's), exactly those instances of rules and techniques are in force
    (`rules` is then ignored); without, every instance of each of `rules`.

    Raises:
        RulesError, EncodingError, ValueError: as `check`.
    """
    session = _Session(genre, puzzle, known, encoding, switches)
    program, rules, clues = session.program, set(rules), set(clues)
    if guards is not None:
        wanted = set(guards)
        chosen = [
            guard
            for guard in session.guards
            if ("rule", guard.rule, guard.instance) in wanted
            or ("technique", guard.technique, guard.instance) in wanted
        ]
    else:
        chosen = [guard for guard in session.guards if guard.rule in rules]
    items = [
        *(clue for clue in session.clues if set(clue.cells) <= clues),
        *session.marks,
        *chosen,
    ]
    if not program.satisfiable(items):
        return None
    solution = program.values([*session.clues, *session.marks, *session.guards]) or {}
    cells = set(program.cells)
    decided = program.forced(
        items, [program.mark(cell, value) for cell, value in solution.items() if cell in cells]
    )
    return {item.cell: item.value for item in decided}

"""What check, hint and explain answer: steps, conflicts, verdicts, and the difficulty of an
explanation (`difficulty`, a self-contained function of the steps and the genre's limits)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from puzzlesolve.explain.items import Segment, site_cells
from puzzlesolve.explain.sites import segment_json
from puzzlesolve.grid import Cell, Value

if TYPE_CHECKING:  # the forward engine's steps (explain.forward), told the same way
    from puzzlesolve.explain.steps import ForwardStep


class OutOfTime(Exception):
    """The time limit passed before anything worth giving was found."""


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
        cost: what the step choice minimised (`items.cost_of`): the cells it uses plus, for
            each place a technique is used, 1, and for each place a rule is used, 2; for a
            step made by hand (none given), the cells it uses plus its rules. Not to be
            confused with `weight`, how hard it is for a person.
        choices: for the first step of a round of `explain`, how many steps as cheap were
            found then (1: only one way on); 0 for the others of the round.
        clues: the clue cells it uses (their numbers, givens or endpoints).
        known: the known values it uses, ``[(site, value), ...]``: cells, and segments
            ``(r1, c1, r2, c2)`` known to be drawn (True) or not.
        text: one sentence for a person.
        minimal: whether its reason was proven subset-minimal (not when the time limit
            cut the search short; it is a reason either way).
        looks_at: every cell a person looks at for it: its clues and known cells and the
            cells its rule and technique instances name (`weight`).
        segments: the segments it decides (Numberlink), ``[((r1, c1, r2, c2), drawn),
            ...]``: a step may decide segments and no cell.
    """

    cells: list[tuple[Cell, Value]]
    rules: list[int]
    clues: list[Cell]
    known: list[tuple[Cell | Segment, Value]]
    text: str
    minimal: bool = True
    techniques: list[str] = field(default_factory=list)
    cost: int | None = None  # set when made, if not given
    guards: list[tuple[str, int, tuple]] = field(default_factory=list)
    choices: int = 0
    looks_at: list[Cell] = field(default_factory=list)
    segments: list[tuple[Segment, bool]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.cost is None:
            object.__setattr__(self, "cost", len(self.because) + len(self.rules))

    @property
    def about(self) -> list[Cell]:
        """The cells of what the step decides: its cells, and those of its segments."""
        return sorted(
            {cell for cell, _ in self.cells}
            | {cell for segment, _ in self.segments for cell in site_cells(segment)}
        )

    @property
    def because(self) -> list[Cell]:
        """Every cell the step uses, as a clue or as a known value (to highlight)."""
        return sorted(
            set(self.clues) | {cell for site, _ in self.known for cell in site_cells(site)}
        )

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
        document = {
            "cells": [{"cell": list(cell), "value": value} for cell, value in self.cells],
            "rules": self.rules,
            "techniques": self.techniques,
            "because": [list(cell) for cell in self.because],
            "text": self.text,
            "cost": self.cost,
            "weight": self.weight,
            "minimal": self.minimal,
        }
        if self.segments:
            document["segments"] = [
                segment_json(site_cells(segment), drawn) for segment, drawn in self.segments
            ]
        return document


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
        segments: the answer's segment marks in the conflict (Numberlink), ``[((r1, c1,
            r2, c2), drawn), ...]``; in JSON ``{"segment": [[r1, c1], [r2, c2]], "on":
            drawn}``, present when there are some.
    """

    cells: list[tuple[Cell, Value]]
    rules: list[int]
    clues: list[Cell]
    text: str
    minimal: bool = True
    guards: list[tuple[str, int, tuple]] = field(default_factory=list)
    segments: list[tuple[Segment, bool]] = field(default_factory=list)
    edges: list[tuple[tuple[int, int, int, int], bool]] = field(default_factory=list)

    def to_json(self) -> dict:
        document = {
            "rules": self.rules,
            "cells": [list(cell) for cell, _ in self.cells],
            "values": [value for _, value in self.cells],
            "because": [list(cell) for cell in self.clues],
            "text": self.text,
            "minimal": self.minimal,
        }
        if self.segments:
            document["segments"] = [
                {"segment": [list(cell) for cell in site_cells(segment)], "on": drawn}
                for segment, drawn in self.segments
            ]
        if self.edges:  # Slitherlink: pairs of grid points, ``(y1, x1, y2, x2)``
            document["edges"] = [
                {"edge": [[y1, x1], [y2, x2]], "on": on} for (y1, x1, y2, x2), on in self.edges
            ]
        return document


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
    wrong: Any = None  # explain.lead.Wrong: the mark to look at first (invalid only)

    def to_json(self) -> dict:
        document = {
            "genre": self.genre,
            "verdict": self.verdict,
            "conflicts": [c.to_json() for c in self.conflicts],
            "rules": {str(n): s for n, s in self.rules.items()},
            "timed_out": self.timed_out,
        }
        if self.wrong is not None:
            document["wrong"] = self.wrong.to_json()
        return document


@dataclass(frozen=True)
class Hint:
    """The next deduction: status "hint" (with `step`), "solved", "invalid" (with conflicts),
    "multiple" (no cell is forced, several solutions extend the marks; `undecided`) or
    "timeout" (the time limit passed before any step was found); `timed_out` also when a
    step was found but not proven the smallest (``step.minimal``). An invalid answer's
    `wrong` is the mark to look at first, as `check` leads with it (JSON "wrong")."""

    genre: str
    status: str
    step: Step | ForwardStep | None
    conflicts: list[Conflict]
    undecided: list[Cell]
    rules: dict[int, str]
    timed_out: bool = False
    techniques: dict[str, str] = field(default_factory=dict)
    wrong: Any = None  # explain.lead.Wrong (invalid only)

    def to_json(self) -> dict:
        document: dict[str, Any] = {"genre": self.genre, "status": self.status}
        if self.step is not None:
            document["step"] = self.step.to_json()
        if self.status == "invalid":
            document["conflicts"] = [c.to_json() for c in self.conflicts]
            if self.wrong is not None:
                document["wrong"] = self.wrong.to_json()
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
        complete: whether the steps reach the solution; an explanation cut short by its
            time limit (or stopped where several solutions remain) measures only the steps
            found, so its grade is a lower bound: "at least" that hard.
        technique_tier: the forward engine's (explain.forward): the hardest technique tier
            its steps needed (0: not measured so).
        at_hardest: how many steps needed that tier.
        trials: how many steps needed a trial (the search tier).
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
    complete: bool = True
    technique_tier: int = 0
    at_hardest: int = 0
    trials: int = 0

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


def difficulty(
    steps: Sequence[Step | ForwardStep],
    sizes: Sequence[int] | None = None,
    complete: bool = True,
    one_way_harder: float | None = ONE_WAY,
) -> Difficulty:
    """The difficulty of an explanation with these steps; graded when the genre's
    ``GRADE_SIZES`` (the heaviest step's weight of tiers 1, 2 and 3) are given; `complete`:
    whether the steps reach the solution (else the grade is a lower bound);
    `one_way_harder`: the share of one-way rounds that makes it a grade harder (the genre's
    ``ONE_WAY``; None: never)."""
    costs = [step.weight for step in steps]
    largest = max(costs, default=0)
    rounds = [step.choices for step in steps if step.choices]
    one_way = round(sum(n == 1 for n in rounds) / len(rounds), 2) if rounds else 0.0
    tier = grade = 0
    if steps and sizes is not None:
        tier = 1 + sum(largest > size for size in sizes)
        harder = (
            one_way_harder is not None
            and one_way >= one_way_harder
            and len(rounds) >= ONE_WAY_ROUNDS
        )
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
        complete=complete,
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
        grade_sizes: the genre's grade limits (``GRADE_SIZES`` of its explain module) that
            `difficulty` grades against; None: not graded.
        one_way_harder: the genre's ``ONE_WAY`` (`difficulty`).
    """

    genre: str
    status: str
    steps: Sequence[Step | ForwardStep]
    undecided: list[Cell]
    conflicts: list[Conflict]
    rules: dict[int, str]
    timed_out: bool = False
    techniques: dict[str, str] = field(default_factory=dict)
    grade_sizes: Sequence[int] | None = field(default=None, repr=False, compare=False)
    one_way_harder: float | None = field(default=ONE_WAY, repr=False, compare=False)
    difficulty: Difficulty = field(init=False)

    def __post_init__(self) -> None:
        measured = difficulty(
            self.steps, self.grade_sizes, self.status == "solved", self.one_way_harder
        )
        object.__setattr__(self, "difficulty", measured)

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

"""What a puzzle author asks before publishing: is it unique, where not and how to repair it,
which clues are redundant, how hard it is, and whether a rule variant changes any of it.

    >>> from puzzlesolve import audit, load
    >>> report = audit("numbrix", load("numbrix", "instances/numbrix/small-5x5.txt"))
    >>> report.status, report.solutions
    ('unique', 1)

Everything is a question to clingo over the genre's own rules file:

- uniqueness and the count: a solve for two solutions, then a count up to `LIMIT`; the sites
  that differ are those outside the cautious consequences (`solver.settled`);
- repair: the fewest clues an author may add (`puzzlesolve.audit_repair`);
- redundant clues: each alone, and a largest set that can go together
  (`puzzlesolve.audit_removal`);
- grade and path: `puzzlesolve.explain.explain`, as ``puzzlesolve explain`` reports it
  (`puzzlesolve.audit_grade`).

A genre's ``audit`` feature module (``puzzlesolve/genres/<genre>/audit.py``) says what an
author may add and how clues go; every name it may leave out is declared with its default in
``puzzlesolve.genre.AuditDefaults``. A genre without one is audited for uniqueness, count,
differences and grade.

`audit` takes a `Genre`; ``puzzlesolve.audit(...)``, the library's top level, also takes a
genre's name.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from puzzlesolve import solver
from puzzlesolve.audit_grade import GRADE_TIMEOUT, against_rules, conflict, grade_of
from puzzlesolve.audit_removal import removals
from puzzlesolve.audit_repair import ALTERNATIVES, repair
from puzzlesolve.audit_search import board_cells, hooks_of, solve, use_cores
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell, InputError

LIMIT = 1000
"""Solutions are counted exactly up to this many; beyond, the count is ">LIMIT"."""
SYMMETRIES = ("none", "rotate", "mirror", "d4")


class SymmetryError(InputError):
    """A symmetry the board's shape cannot have (d4 on a board that is not square)."""


@dataclass
class Audit:
    """One puzzle's audit (CONTRACT.md, "Audit (for authors)").

    Attributes:
        genre: the genre's name.
        instance: the instance's name, as the caller gave it.
        status: "unique", "multiple" or "unsolvable".
        solutions: the number of solutions, or ``">N"`` beyond `LIMIT`.
        differ: the sites whose value is not the same in every solution.
        repairs: fewest clues to add, up to `ALTERNATIVES` different minimal sets, each
            ``{"add": [{"cell": [r, c], "value": v}, ...], ...}``.
        redundant: clue cells each of which alone can go, the puzzle staying unique.
        removable: a largest set of clue cells that can go together.
        grade: grade, hardest step and steps per tier (`grade_of`); {} when not measured.
        notes: why a part is empty when it is not for want of need ("repairs",
            "redundant", "grade"), in one line each.
        conflict: for a puzzle without solution, the smallest set of clues in conflict.
        against: with a variant rules file, what it makes of the puzzle.
        pair: two solutions that differ (for pictures); not part of the JSON.
        solution: the one solution of a unique puzzle (for pictures); not part of the JSON.
    """

    genre: str
    instance: str
    status: str
    solutions: int | str
    differ: list[Cell] = field(default_factory=list)
    repairs: list[dict] = field(default_factory=list)
    redundant: list[Cell] = field(default_factory=list)
    removable: list[Cell] = field(default_factory=list)
    grade: dict = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)
    conflict: dict | None = None
    against: dict | None = None
    pair: tuple[Any, Any] | None = field(default=None, repr=False)
    solution: Any = field(default=None, repr=False)

    @property
    def flagged(self) -> bool:
        """Whether an author should look again: not unique, clues to spare, or a variant
        that changes the puzzle."""
        changed = self.against is not None and not self.against.get("keeps_solution")
        return self.status != "unique" or bool(self.redundant) or changed

    def to_json(self) -> dict:
        document: dict[str, Any] = {
            "genre": self.genre,
            "instance": self.instance,
            "status": self.status,
            "solutions": self.solutions,
            "differ": [list(cell) for cell in self.differ],
            "repairs": self.repairs,
            "redundant": [list(cell) for cell in self.redundant],
            "removable": [list(cell) for cell in self.removable],
            "grade": self.grade,
        }
        if self.notes:
            document["notes"] = self.notes
        if self.conflict is not None:
            document["conflict"] = self.conflict
        if self.against is not None:
            document["against"] = self.against
        return document


def audit(
    genre: Genre,
    puzzle: Any,
    *,
    instance: str = "",
    symmetry: str = "none",
    keep_grade: bool = False,
    against: str | Path | None = None,
    switches: Iterable[str] = (),
    grade: bool = True,
    limit: int = LIMIT,
    alternatives: int = ALTERNATIVES,
    cores: int | None = None,
    timeout: float | None = None,
) -> Audit:
    """Audit one puzzle: uniqueness, repairs, redundant clues, grade and a variant's verdict.

    Args:
        genre: the genre (or its name).
        puzzle: an instance as the genre's `parse` returns it.
        instance: the name to report it under.
        symmetry: "none", "rotate" (180 degrees), "mirror" (left-right) or "d4" (all eight
            symmetries of a square): a clue added comes with its images.
        keep_grade: prefer repairs that keep the grade, and remove only clues whose
            removal keeps it.
        against: a variant rules file: does the puzzle stay unique, keep its solution?
        switches: the genre's switches to set (e.g. "fill").
        grade: whether to grade (an explanation of the puzzle, the most costly part); a
            puzzle with several solutions only with `keep_grade` (its grade is then that of
            the steps that are forced, a lower bound).
        limit: count solutions exactly up to this many.
        alternatives: minimal repairs offered at most.
        cores: the cores each solve may use (None: every core; a book's workers use 1).
        timeout: seconds each of the first solve, the count, the differing sites and the
            grade may take (None: no limit); a first solve cut short gives the status
            "timeout", a count cut short ">N" with the N found, a grade cut short "at least".

    Returns:
        The audit.

    Raises:
        SymmetryError: a symmetry the board cannot have (an InputError: bad input).
        ValueError: an unknown genre, symmetry or switch.
        EncodingError: clingo rejected the variant rules file.
    """
    switches = tuple(switches)
    use_cores(cores)
    orbits_of(genre, puzzle, symmetry, instance or "<puzzle>")  # a bad symmetry before any work
    hooks = hooks_of(genre)
    first = solve(genre, puzzle, models=2, switches=switches, timeout=timeout)
    report = Audit(genre.name, instance, first.status, first.count)
    if first.status in ("timeout", "solved"):  # solved: a first solution, no proof either way
        report.status, report.solutions = "timeout", f">{first.count - 1}" if first.count else 0
        report.notes["status"] = f"not settled within {timeout} s"
        return report
    if first.status == "unsolvable":
        report.solutions = 0
        report.notes["repairs"] = "no solution: nothing to repair"
        report.conflict = conflict(genre, puzzle, switches)
        if against is not None:
            report.against = against_rules(genre, puzzle, against, switches, None)
        return report
    if first.status not in ("unique", "multiple"):
        raise RuntimeError(f"the solver could not settle the puzzle ({first.status})")
    if grade and (first.status == "unique" or keep_grade):
        report.grade = grade_of(genre, puzzle, switches, timeout or GRADE_TIMEOUT)
    elif grade:  # explaining a board with several solutions costs most and grades only part
        report.notes["grade"] = (
            "not graded: several solutions (--keep-grade grades the steps that are forced)"
        )
    aimed = report.grade.get("grade") if keep_grade else None
    if first.status == "multiple":
        report.pair = (first.solutions[0], first.solutions[1])
        counted = solve(
            genre,
            puzzle,
            models=limit + 1,
            switches=switches,
            keep_solutions=False,
            timeout=timeout,
        )
        if counted.count > limit or not counted.exhausted:
            found = max(counted.count, first.count)  # a count cut short knows the first two
            report.solutions = f">{min(found, limit + 1) - 1}"
        else:
            report.solutions = counted.count
        shared = differ(genre, puzzle, first.solutions[0], switches, timeout)
        report.differ = shared or []
        if shared is None:
            report.notes["differ"] = f"not settled within {timeout} s"
        report.repairs, note = repair(
            genre, puzzle, hooks, switches, symmetry, alternatives, aimed, keep_grade
        )
        if note:
            report.notes["repairs"] = note
    else:
        report.solution = first.solutions[0]
        report.redundant, report.removable, note = removals(
            genre, puzzle, hooks, switches, aimed, keep_grade
        )
        if note:
            report.notes["redundant"] = note
    if against is not None:
        unique = first.solutions[0] if first.status == "unique" else None
        report.against = against_rules(genre, puzzle, against, switches, unique)
    return report


def orbits_of(genre: Genre, puzzle: Any, symmetry: str, source: str = "<puzzle>") -> list[Cell]:
    """Check that the board can have `symmetry`; return its cells.

    Raises:
        SymmetryError: d4 on a board that is not square.
        ValueError: an unknown symmetry.
    """
    if symmetry not in SYMMETRIES:
        raise ValueError(f"symmetry must be one of {', '.join(SYMMETRIES)}, not {symmetry!r}")
    if symmetry == "d4" and puzzle.rows != puzzle.cols:
        raise SymmetryError(
            source,
            f"d4 symmetry needs a square board, this one is {puzzle.rows}x{puzzle.cols} "
            "(rotate and mirror fit any rectangle)",
        )
    return board_cells(genre, hooks_of(genre), puzzle)


def differ(
    genre: Genre,
    puzzle: Any,
    found: Any,
    switches: Iterable[str] = (),
    timeout: float | None = None,
) -> list[Cell] | None:
    """The sites whose value is not the same in every solution: those outside the cautious
    consequences of the values of `found` (one solve, `solver.settled`); None when that
    was cut short by `timeout`."""
    settled = solver.settled(genre, puzzle, switches=switches, timeout=timeout)
    if settled.status != "settled":
        return None
    same = settled.values
    sites: list[Any] = list(genre.values(puzzle, found))
    if genre.sites != "cells":  # a loop's values name its pairs on; one off may differ too
        sites = [((a, b), (c, d)) for a, b, c, d in genre.feature("explain").segments(puzzle)]
    return sorted(site for site in sites if site not in same)


class _CallableModule(types.ModuleType):
    """``puzzlesolve.audit(...)`` calls `audit` whether the name is the package's function
    or this module (which importing ``puzzlesolve.audit`` puts in its place). It is the
    library's top level, an edge: a genre's name becomes its `Genre` there."""

    def __call__(self, genre: Genre | str, *args: Any, **kwargs: Any) -> Audit:
        import puzzlesolve

        return audit(puzzlesolve.get_genre(genre), *args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule

"""What a puzzle author asks before publishing: is it unique, where not and how to repair it,
which clues are redundant, how hard it is, and whether a rule variant changes any of it.

    >>> from puzzlesolve import audit, load
    >>> report = audit("numbrix", load("numbrix", "instances/numbrix/small-5x5.txt"))
    >>> report.status, report.solutions
    ('unique', 1)

Everything is a question to clingo over the genre's own rules file:

- uniqueness and the count: a solve for two solutions, then a count up to `LIMIT`; the sites
  that differ are those outside the cautious consequences (`solver.settled`);
- repair: a clue an author may add is one the genre's ``audit`` module names (``ADDS``).
  One program holds the rules, the puzzle, a choice of clues (each the value its cell takes
  in the solution S* the same model picks) and a minimize statement; a second program
  checks the clues chosen: a solution T other than S* that agrees with them becomes a
  constraint of the first (at least one chosen clue must differ from T, unless S* is T),
  until the clues chosen leave S* alone (counterexample-guided, as CEGAR). Every repair
  is then solved again from scratch, the clues written into the puzzle;
- redundant clues: one ground program whose clues are externals; each clue is switched
  off in turn (one solve each), and a largest set that can go together is found the same
  way as a repair, over which clues to keep (the genre's ``cut`` says when a
  counterexample holds). Each is proved again by a solve of the puzzle without them;
- grade and path: `puzzlesolve.explain.explain`, as ``puzzlesolve explain`` reports it.

A genre's ``audit`` module (``puzzlesolve/genres/<genre>/audit.py``) says what an author
may add (``ADDS``, ``blanks``, ``with_clues``; else ``NO_ADDS``, why not), how clues go
(``without``; else ``NO_REMOVALS``) and, optionally, ``cut``. Where a clue is not a value of
one of the solution's sites (a loop genre's sites are edges or segments, its clues numbers
or pearls in cells), it also says which cells exist (``cells``), the clue a solution gives
each (``clue_values``), the atom that stands for it (``clue_atom``, defined by the rules
``VIEW`` adds; ``MASTER`` restricts the repair's choice) and which facts are clues
(``CLUES``). A genre without one is audited for uniqueness, count, differences and grade.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import clingo

from puzzlesolve import program, solver
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell, InputError, Value
from puzzlesolve.lanes import _section

LIMIT = 1000
"""Solutions are counted exactly up to this many; beyond, the count is ">LIMIT"."""
ALTERNATIVES = 3
"""Minimal repairs offered at most."""
MOST_ROUNDS = 500
"""Counterexamples a repair or removal search takes at most before it gives what it has."""
SYMMETRIES = ("none", "rotate", "mirror", "d4")
REMOVAL_CONFLICTS = 5_000
"""Conflicts a removal's question may take (a Flow Free level without one of its pairs can
take minutes to prove unsolvable): one not settled by then is not counted redundant."""
GRADE_TIMEOUT = 60.0
"""Seconds the explanation behind a grade takes at most."""


_CORES: list[int | None] = [None]  # the cores every solve of the audit under way may use


def _solve(genre: Genre, puzzle: Any, **options: Any) -> solver.Result:
    return solver.solve(genre, puzzle, cores=_CORES[0], **options)


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
    genre: Genre | str,
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
    if isinstance(genre, str):
        from puzzlesolve.registry import get_genre

        genre = get_genre(genre)
    switches = tuple(switches)
    _CORES[0] = cores
    orbits_of(genre, puzzle, symmetry, instance or "<puzzle>")  # a bad symmetry before any work
    hooks = _hooks(genre)
    first = _solve(genre, puzzle, models=2, switches=switches, timeout=timeout)
    report = Audit(genre.name, instance, first.status, first.count)
    if first.status in ("timeout", "solved"):  # solved: a first solution, no proof either way
        report.status, report.solutions = "timeout", f">{first.count - 1}" if first.count else 0
        report.notes["status"] = f"not settled within {timeout} s"
        return report
    if first.status == "unsolvable":
        report.solutions = 0
        report.notes["repairs"] = "no solution: nothing to repair"
        report.conflict = _conflict(genre, puzzle, switches)
        if against is not None:
            report.against = _against(genre, puzzle, against, switches, None)
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
        counted = _solve(
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
        report.against = _against(genre, puzzle, against, switches, unique)
    return report


# ---------------------------------------------------------------- what a genre says


def _hooks(genre: Genre) -> Any:
    """The genre's ``audit`` module, or the defaults alone where it has none."""
    return genre.feature_or_defaults("audit")


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
    return _cells(genre, _hooks(genre), puzzle)


def _cells(genre: Genre, hooks: Any, puzzle: Any) -> list[Cell]:
    """The board's cells (a loop genre's explain module names none: its sites are pairs)."""
    if hooks.cells is not None:
        return hooks.cells(puzzle)
    return list(genre.feature("explain").cells(puzzle))


def images(cell: Cell, rows: int, cols: int, symmetry: str) -> set[Cell]:
    """`cell` and its images under `symmetry` (see `audit`)."""
    r, c = cell
    if symmetry == "rotate":
        return {(r, c), (rows - 1 - r, cols - 1 - c)}
    if symmetry == "mirror":
        return {(r, c), (r, cols - 1 - c)}
    if symmetry == "d4":
        last = rows - 1
        return {
            (r, c),
            (c, last - r),
            (last - r, last - c),
            (last - c, r),
            (r, last - c),
            (last - r, c),
            (c, r),
            (last - c, last - r),
        }
    return {(r, c)}


# ---------------------------------------------------------------- uniqueness


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


def _atom(genre: Genre, puzzle: Any, cell: Cell, value: Value) -> tuple[clingo.Symbol, bool]:
    """The atom standing for `cell` having `value`, and whether it is true then."""
    return genre.feature("explain").literal(puzzle, cell, value)


def _literal(genre: Genre, puzzle: Any, cell: Cell, value: Value, agree: bool) -> str:
    """An ASP body literal: the cell has `value` (agree) or has not."""
    atom, holds = _atom(genre, puzzle, cell, value)
    return str(atom) if holds == agree else f"not {atom}"


class _ClueView:
    """What a clue is to the repair: by default a value of a site of the solution (cell
    genres); a genre whose clues are not (a loop's number or pearl in a cell, its sites
    edges) names the clue each cell gets through its audit hooks."""

    def __init__(self, genre: Genre, puzzle: Any, hooks: Any):
        self.genre, self.puzzle, self.hooks = genre, puzzle, hooks
        self.own = hooks.clue_values is not None

    def values(self, solution: Any) -> dict[Cell, Value]:
        """The clue each cell would get from `solution`."""
        if self.own:
            return self.hooks.clue_values(self.puzzle, solution)
        return self.genre.values(self.puzzle, solution)

    def atom(self, cell: Cell, value: Value) -> tuple[clingo.Symbol, bool]:
        if self.own:
            return self.hooks.clue_atom(self.puzzle, cell, value), True
        return _atom(self.genre, self.puzzle, cell, value)

    def literal(self, cell: Cell, value: Value, agree: bool) -> str:
        atom, holds = self.atom(cell, value)
        return str(atom) if holds == agree else f"not {atom}"

    def rules(self, master: bool = False) -> str:
        """Rules the programs need beside the puzzle's facts (the master: its own too)."""
        if not self.own:
            return ""
        return self.hooks.VIEW + (self.hooks.MASTER if master else "")

    def apart(self, other: Any) -> list[str]:
        """Body literals of which one holds exactly when the solution chosen is not
        `other`: over the cells (the clue genres' values) or over its sites (a loop,
        whose single cycle cannot hold another's edges without being it)."""
        if not self.own:
            return []
        return [
            _literal(self.genre, self.puzzle, site, value, agree=False)
            for site, value in self.genre.values(self.puzzle, other).items()
        ]


class _Solutions:
    """One ground program of the puzzle, asked for up to two solutions under assumptions."""

    def __init__(self, genre: Genre, facts: str, switches: Iterable[str]):
        self.genre = genre
        self.ctl = program.ground(genre, facts, switches=switches).ctl

    def two(
        self,
        assumptions: Sequence[tuple[clingo.Symbol, bool]] = (),
        conflicts: int | None = None,
    ) -> tuple[list[list], bool]:
        """Up to two solutions' shown symbols, and whether the search settled how many there
        are (not when it gave up after `conflicts`)."""
        found: list[list] = []
        solve = _section(self.ctl, "solve")
        solve.models = 2
        solve.solve_limit = "umax" if conflicts is None else str(conflicts)
        result = self.ctl.solve(
            assumptions=list(assumptions),
            on_model=lambda model: found.append(list(model.symbols(shown=True))),
        )
        return found, len(found) == 2 or not result.unknown


# ---------------------------------------------------------------- repair


def repair(
    genre: Genre,
    puzzle: Any,
    hooks: Any,
    switches: tuple[str, ...] = (),
    symmetry: str = "none",
    alternatives: int = ALTERNATIVES,
    aimed: str | None = None,
    keep_grade: bool = False,
) -> tuple[list[dict], str | None]:
    """The fewest clues to add that make the puzzle unique, up to `alternatives` different
    minimal sets, each solved again with its clues written in (see the module's doc).

    Returns:
        The repairs (fewest first) and a note when there are none or none keeps the grade.
    """
    if hooks.ADDS is None:
        return [], hooks.NO_ADDS
    blanks = set(hooks.blanks(puzzle))
    view = _ClueView(genre, puzzle, hooks)
    board = set(_cells(genre, hooks, puzzle))
    orbits: list[list[Cell]] = []
    seen: set[frozenset] = set()
    for cell in sorted(blanks):
        orbit = images(cell, puzzle.rows, puzzle.cols, symmetry)
        if not orbit <= board or frozenset(orbit) in seen:
            continue  # an image off the board (a void): no symmetric clue here
        seen.add(frozenset(orbit))
        orbits.append(sorted(orbit & blanks))
    if not orbits:
        return [], "none available: no blank cell to write a clue in"
    facts = "\n".join(genre.facts(puzzle))
    choice = [f"{{ pick({i}) }}." for i in range(len(orbits))]
    choice += [f"add({r},{c}) :- pick({i})." for i, orbit in enumerate(orbits) for r, c in orbit]
    choice += ["#minimize { 1,R,C : add(R,C) }.", "#show add/2."]
    choice.append(view.rules(master=True))
    master = program.ground(
        genre, facts + "\n" + "\n".join(choice), switches=switches, arguments=["--opt-mode=opt"]
    ).ctl
    checker = _Solutions(genre, facts + "\n" + view.rules(), switches)
    candidates = sorted(cell for orbit in orbits for cell in orbit)
    cuts = 0

    def cut(other: Any) -> None:
        nonlocal cuts
        values = view.values(other)
        rules = []
        for r, c in candidates:
            differs = view.literal((r, c), values[r, c], agree=False)
            rules.append(f"hit{cuts} :- add({r},{c}), {differs}.")
            if not view.own:
                rules.append(f"diff{cuts} :- {differs}.")
        rules += [f"diff{cuts} :- {apart}." for apart in view.apart(other)]
        rules.append(f":- diff{cuts}, not hit{cuts}.")
        _extend(master, f"cut{cuts}", rules)
        cuts += 1

    # solutions of the puzzle are counterexamples from the start: a few, for free
    for other in _solve(genre, puzzle, models=20, switches=switches).solutions:
        cut(other)
    wanted = alternatives * (3 if keep_grade else 1)
    found: list[dict] = []
    fewest = None
    for _ in range(MOST_ROUNDS):
        best = _optimum(master)
        if best is None:
            break
        symbols, adds = best
        if fewest is not None and len(adds) > fewest:
            break
        chosen = genre.decode(symbols, puzzle)
        values = genre.values(puzzle, chosen)
        given = view.values(chosen)
        clues = {cell: given[cell] for cell in adds}
        assumptions = [view.atom(cell, value) for cell, value in clues.items()]
        others = [genre.decode(s, puzzle) for s in checker.two(assumptions)[0]]
        other = next((o for o in others if genre.values(puzzle, o) != values), None)
        if other is not None:
            cut(other)
            continue
        repaired = hooks.with_clues(puzzle, clues)
        again = _solve(genre, repaired, models=2, switches=switches)
        if again.status != "unique":  # the two programs disagree: never give such a repair
            raise RuntimeError(f"repair {clues} is {again.status} when solved again")
        entry: dict[str, Any] = {
            "add": [{"cell": list(cell), "value": value} for cell, value in sorted(clues.items())],
            "unique": True,
        }
        if keep_grade:
            entry["grade"] = grade_of(genre, repaired, switches).get("grade", "")
        found.append(entry)
        fewest = len(adds)
        if len(found) >= wanted:
            break
        same = ", ".join(
            f"add({r},{c}), {view.literal((r, c), v, True)}" for (r, c), v in sorted(clues.items())
        )
        _extend(master, f"found{len(found)}", [f":- {same}."])
    else:
        if not found:
            return [], f"not found within {MOST_ROUNDS} counterexamples"
    if not found:
        return [], "none available: no set of clues makes the puzzle unique"
    # equally small repairs in the order of their cells and values, whichever came first
    found.sort(key=lambda entry: [(tuple(a["cell"]), a["value"]) for a in entry["add"]])
    note = None
    if keep_grade:
        keeping = [entry for entry in found if entry["grade"] == aimed]
        if not keeping:
            note = f"no minimal repair keeps grade {aimed or 'unknown'}"
        found = keeping + [entry for entry in found if entry["grade"] != aimed]
    return found[:alternatives], note


def _extend(ctl: clingo.Control, name: str, rules: list[str]) -> None:
    ctl.add(name, [], "\n".join(rules))
    ctl.ground([(name, [])])


def _optimum(ctl: clingo.Control) -> tuple[list[clingo.Symbol], list[Cell]] | None:
    """The optimal model's shown symbols and added cells, or None when there is none."""
    last: list[clingo.Symbol] | None = None

    def keep(model: clingo.Model) -> None:
        nonlocal last
        last = list(model.symbols(shown=True))

    ctl.solve(on_model=keep)
    if last is None:
        return None
    adds = sorted((s.arguments[0].number, s.arguments[1].number) for s in last if s.match("add", 2))
    return last, adds


# ---------------------------------------------------------------- redundant clues


def clue_groups(genre: Genre, puzzle: Any) -> tuple[list[str], list[list[Cell]], list[list[str]]]:
    """The puzzle's facts that are not clues, and its clues by group (a Numberlink label's
    two endpoints are one clue): the cells of each group and its facts."""
    glue = genre.feature("explain")
    kinds = _hooks(genre).CLUES or (glue.CLUE,)
    board: list[str] = []
    groups: dict[Any, tuple[list[Cell], list[str]]] = {}
    for text in genre.facts(puzzle):
        symbol = clingo.parse_term(text.strip().rstrip("."))
        if any(symbol.match(name, arity) for name, arity in kinds):
            cell = (symbol.arguments[0].number, symbol.arguments[1].number)
            cells, facts = groups.setdefault(glue.clue_group(puzzle, cell), ([], []))
            cells.append(cell)
            facts.append(text)
        else:
            board.append(text)
    ordered = sorted(groups.values(), key=lambda group: min(group[0]))
    return board, [sorted(cells) for cells, _ in ordered], [facts for _, facts in ordered]


def removals(
    genre: Genre,
    puzzle: Any,
    hooks: Any,
    switches: tuple[str, ...] = (),
    aimed: str | None = None,
    keep_grade: bool = False,
) -> tuple[list[Cell], list[Cell], str | None]:
    """The clues each of which alone can go (the puzzle staying unique), and a largest set
    that can go together; with `keep_grade`, only removals that keep the grade `aimed`.

    Returns:
        The redundant clue cells, the removable ones, and a note when clues cannot go.
    """
    if hooks.without is None:
        return [], [], hooks.NO_REMOVALS
    board, groups, facts = clue_groups(genre, puzzle)
    if not groups:
        return [], [], "none: the puzzle has no clues"
    externals = [f"#external {text.strip().rstrip('.')}." for group in facts for text in group]
    switchable = _Solutions(genre, "\n".join(board + externals), switches)
    symbols = [[clingo.parse_term(text.strip().rstrip(".")) for text in group] for group in facts]
    everyone = set(range(len(groups)))

    unsettled = 0

    def solutions(kept: set[int]) -> list | None:
        """Up to two solutions with the clues `kept`; None: not settled within the budget."""
        nonlocal unsettled
        for index, group in enumerate(symbols):
            for symbol in group:
                switchable.ctl.assign_external(symbol, index in kept)
        found, settled = switchable.two(conflicts=REMOVAL_CONFLICTS)
        if not settled:
            unsettled += 1
            return None
        return [genre.decode(s, puzzle) for s in found]

    def stays(removed: set[int]) -> bool:
        """Proved again from scratch: the puzzle written without them, solved (and graded)."""
        cells = [cell for index in sorted(removed) for cell in groups[index]]
        smaller = hooks.without(puzzle, cells)
        if _solve(genre, smaller, models=2, switches=switches).status != "unique":
            raise RuntimeError(f"removing {cells} was unique, then not when solved again")
        return not keep_grade or grade_of(genre, smaller, switches).get("grade") == aimed

    cuts: list[list[str]] = []

    def cut_of(two: list) -> list[str]:
        return [condition for other in two for condition in _cut(hooks, puzzle, other, groups)]

    redundant: list[int] = []
    for index in range(len(groups)):
        found = solutions(everyone - {index})
        if found is None:
            continue
        if len(found) == 1:
            if stays({index}):
                redundant.append(index)
        elif len(found) == 2:
            cuts.append(cut_of(found))
    # a set that can go together is one of redundant clues: in a monotone genre (a clue
    # gone only adds solutions) every member of such a set is redundant alone; elsewhere
    # (Nurikabe) this keeps the search to what an author would try first
    if len(redundant) < 2:
        removable = [cell for index in redundant for cell in groups[index]]
    else:
        removable = _largest_removal(groups, redundant, cuts, solutions, stays, cut_of)
    note = None
    if unsettled:
        note = (
            f"{unsettled} removal{'s' * (unsettled != 1)} not settled within "
            f"{REMOVAL_CONFLICTS:,} conflicts, not counted redundant"
        )
    return sorted(cell for index in redundant for cell in groups[index]), removable, note


def _cut(hooks: Any, puzzle: Any, solution: Any, groups: list[list[Cell]]) -> list[str]:
    return hooks.cut(puzzle, solution, groups)  # none: the caller cuts this very set off


def _largest_removal(groups, candidates, cuts, solutions, stays, cut_of) -> list[Cell]:
    """A largest set of the `candidates` clue groups that can go together: fewest kept, by
    optimisation, each set found checked and, if another solution remains, cut off (see
    the module's doc); the other groups stay."""
    master = clingo.Control(["--opt-mode=opt"])
    everyone = range(len(groups))
    base = [f"keep({i})." for i in everyone if i not in candidates]
    base += [f"{{ keep({i}) }}." for i in candidates]
    # a puzzle with no clue left is no puzzle (an empty Numberlink is unique, and says nothing)
    base += [":- not keep(_).", "#minimize { 1,I : keep(I) }.", "#show keep/1."]
    _extend(master, "keeping", base)
    count = 0

    def forbid(conditions: list[str], kept: set[int]) -> None:
        nonlocal count
        if not conditions:  # no genre cut: exactly this set of clues kept is wrong
            conditions = [f"{'not ' if i in kept else ''}keep({i})" for i in candidates]
        rules = [f"bad{count} :- {condition}." for condition in conditions]
        _extend(master, f"cut{count}", [*rules, f":- not bad{count}."])
        count += 1

    for conditions in cuts:
        if conditions:
            forbid(conditions, set())
    for _ in range(MOST_ROUNDS):
        last: list[clingo.Symbol] | None = None

        def keep(model: clingo.Model) -> None:
            nonlocal last
            last = list(model.symbols(shown=True))

        master.solve(on_model=keep)
        if last is None:
            return []
        kept = {s.arguments[0].number for s in last}
        removed = set(everyone) - kept
        if not removed:
            return []
        found = solutions(kept)
        if found is not None and len(found) == 2:
            forbid(cut_of(found), kept)
        elif found is not None and len(found) == 1:
            if stays(removed):
                return sorted(cell for i in removed for cell in groups[i])
            # unique, but of another grade: with fewer clues still it is taken to stay so
            # (not proven: a grade may fall as clues go), so no set holding these is tried
            _extend(
                master, f"graded{count}", [f":- {', '.join(f'not keep({i})' for i in removed)}."]
            )
            count += 1
        else:
            forbid([], kept)
    return []


# ---------------------------------------------------------------- grade, conflict, variant


def grade_of(
    genre: Genre, puzzle: Any, switches: Iterable[str] = (), timeout: float = GRADE_TIMEOUT
) -> dict:
    """Grade and path, as ``puzzlesolve explain`` measures them (`Explanation.difficulty`):
    the grade, the hardest step and where it is, the steps of each tier (easy to expert, by
    the genre's ``GRADE_SIZES``), the clues the first step rests on (what opens the puzzle)
    and, for each step, its tier and the clues it rests on."""
    from puzzlesolve.explain import GRADES, explain
    from puzzlesolve.explain.forward import TIER_GRADES
    from puzzlesolve.explain.steps import ForwardStep

    explanation = explain(genre, puzzle, switches=switches, timeout=timeout)
    difficulty = explanation.difficulty.to_json()
    sizes = explanation.grade_sizes or ()

    def tier(step: Any) -> str:
        if isinstance(step, ForwardStep):  # by its technique's tier, as the grade is
            grades = genre.feature("explain").TIER_GRADES or TIER_GRADES
            return GRADES[grades.get(step.tier, len(GRADES) - 1)]
        return GRADES[min(sum(step.weight > size for size in sizes), len(GRADES) - 1)]

    steps = explanation.steps

    def hardness(step: Any) -> tuple[int, int]:  # a forward step: its tier first
        return (step.tier if isinstance(step, ForwardStep) else 0, step.weight)

    hardest = max(steps, key=hardness, default=None)
    tiers = {name: 0 for name in GRADES}
    for step in steps:
        tiers[tier(step)] += 1
    return {
        "grade": difficulty["grade"],
        "complete": difficulty["complete"],
        "steps": len(steps),
        "hardest": None
        if hardest is None
        else {
            "weight": hardest.weight,
            "cells": [list(cell) for cell in hardest.about],
            "rules": hardest.rules,
            "techniques": hardest.techniques,
            "text": hardest.text,
        },
        "tiers": tiers,
        "opening": [list(cell) for cell in steps[0].clues] if steps else [],
        "path": [
            {
                "tier": tier(step),
                "cells": [list(cell) for cell in step.about],
                "clues": [list(cell) for cell in step.clues],
            }
            for step in steps
        ],
        "difficulty": difficulty,
    }


def _conflict(genre: Genre, puzzle: Any, switches: Iterable[str]) -> dict | None:
    """The smallest set of clues in conflict, as ``check`` finds it (an explanation of a
    puzzle without solution gives its minimal conflicts)."""
    from puzzlesolve.explain import explain

    conflicts = explain(genre, puzzle, switches=switches, timeout=GRADE_TIMEOUT).conflicts
    if not conflicts:
        return None
    smallest = min(conflicts, key=lambda conflict: (len(conflict.clues), len(conflict.rules)))
    return {
        "clues": [list(cell) for cell in smallest.clues],
        "rules": smallest.rules,
        "text": smallest.text,
        "minimal": smallest.minimal,
    }


def _against(
    genre: Genre, puzzle: Any, rules: str | Path, switches: Iterable[str], unique: Any
) -> dict:
    """What a variant rules file makes of the puzzle: its status, and whether it keeps the
    one solution (None when the puzzle had none to keep)."""
    variant = _solve(genre, puzzle, models=2, encoding=rules, switches=switches)
    keeps = None
    if unique is not None:
        same = [
            s for s in variant.solutions if genre.values(puzzle, s) == genre.values(puzzle, unique)
        ]
        keeps = variant.status == "unique" and bool(same)
    return {"rules": str(rules), "status": variant.status, "keeps_solution": keeps}


class _CallableModule(types.ModuleType):
    """``puzzlesolve.audit(...)`` calls `audit` whether the name is the package's function
    or this module (which importing ``puzzlesolve.audit`` puts in its place)."""

    def __call__(self, *args: Any, **kwargs: Any) -> Audit:
        return audit(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule

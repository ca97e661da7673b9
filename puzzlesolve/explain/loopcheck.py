"""Check for genres whose answers mark pairs (the loop genres' edges and segments): the
answer's marks, the clues and the numbered rules as externals of one ground program, and a
conflict as a subset-minimal set of them by unsatisfiable cores, shrunk one item at a time.

The rules file is read as text: each constraint below a ``% rule N`` comment (its own file
or a file it includes, as loop.lp) is guarded by ``rule_in_force(N)``, so that a conflict
names the rules it breaks. Genres opt in with ``CHECK_BY_CORES = True`` in their explain
module (the instrumenting rules engine reads every value as a cell's). An answer may mark
cells beside its pairs (Yajilin's shading): a cell's mark is its value, a pair's whether it
is drawn.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import clingo

from puzzlesolve.explain.results import CheckResult, Conflict
from puzzlesolve.explain.session import MAX_CONFLICTS
from puzzlesolve.explain.sites import Cell as CellSite
from puzzlesolve.explain.sites import Edge, Segment, pair_site
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell, cell_name
from puzzlesolve.program import constants_for, rules_path
from puzzlesolve.rulebook import Rulebook, read_rulebook

BUDGET = 20_000
"""Conflicts one question may take; beyond, an item is kept and the conflict said not
proven the smallest."""

_RULE_TAG = re.compile(r"%\s*rule (\d+)\b")
_INCLUDE = re.compile(r'#include\s+"([^"]+)"\s*\.')


def guarded_rules(path: Path) -> str:
    """The rules file with its includes inlined and each constraint under a ``% rule N``
    comment guarded by ``rule_in_force(N)``."""
    lines = []
    rule: int | None = None
    pending = ""
    for line in path.read_text().splitlines():
        include = _INCLUDE.fullmatch(line.strip())
        if include:
            lines.append(guarded_rules(path.parent / include[1]))
            continue
        stripped = line.strip()
        tag = _RULE_TAG.match(stripped)
        if tag:
            rule = int(tag[1])
        elif stripped.startswith("%#"):
            rule = None
        if pending or (rule is not None and stripped.startswith(":-")):
            pending += " " + line.split("%")[0].strip()
            if pending.endswith("."):
                # the guard first: after an aggregate's bound, a comma would make a tuple
                lines.append(f":- rule_in_force({rule}), {pending.strip()[2:].strip()}")
                pending = ""
            continue
        lines.append(line)
    return "\n".join(lines)


@dataclass(frozen=True)
class _Item:
    """An external the conflict may keep: a mark, a clue or a rule."""

    kind: str  # "mark", "clue", "rule"
    literal: int
    what: Any  # the mark's (site, on), the clue's cell, the rule's number


class _Program:
    def __init__(
        self,
        genre: Genre,
        puzzle: Any,
        answer: dict,
        encoding: str | Path | None,
        switches: Iterable[str],
    ):
        glue = self.glue = genre.feature("explain")
        self.puzzle = puzzle
        make = pair_site(glue)
        path = rules_path(genre, encoding)
        self.rulebook: Rulebook = read_rulebook(path)
        lines = [guarded_rules(path)]
        lines += [f"#external rule_in_force({n}). [free]" for n in self.rulebook.rules]
        clues: list[Cell] = []
        for fact in genre.facts(puzzle):
            symbol = clingo.parse_term(fact.rstrip("."))
            if symbol.name == "cell":
                lines.append(fact)
                continue
            cell = (symbol.arguments[0].number, symbol.arguments[1].number)
            lines += [f"{symbol} :- clue_in_force({len(clues)}).", _external("clue", len(clues))]
            clues.append(cell)
        self.marks: list[tuple[Segment | CellSite, Any]] = []
        marked_on = set()
        for site, value in answer.items():
            atom, on = glue.literal(puzzle, site, value)
            index = len(self.marks)
            lines += [_external("mark", index), f":- mark_in_force({index}), {'not ' * on}{atom}."]
            if not isinstance(site[0], tuple):  # a cell's mark keeps its value
                self.marks.append((CellSite(*site), value))
                continue
            self.marks.append((make(*site[0], *site[1]), on))
            if on:
                marked_on.add(atom)
        # "closed": every pair the answer does not draw is off (a complete picture)
        lines.append("#external closed. [free]")
        lines += [
            f":- closed, {atom}."
            for atom in glue.segments(puzzle).values()
            if atom not in marked_on
        ]
        self.sizes = (puzzle.rows, puzzle.cols)
        constants = constants_for(genre, list(switches))
        arguments = [f"--const={name}={value}" for name, value in constants.items()]
        self.ctl = clingo.Control([*arguments, f"--solve-limit={BUDGET}"])
        self.ctl.add("base", [], "\n".join(lines))
        self.ctl.ground([("base", [])])
        atoms = self.ctl.symbolic_atoms
        self.items: list[_Item] = []
        for index, mark in enumerate(self.marks):
            self.items.append(_Item("mark", _literal(atoms, "mark_in_force", index), mark))
        for index, cell in enumerate(clues):
            self.items.append(_Item("clue", _literal(atoms, "clue_in_force", index), cell))
        for number in self.rulebook.rules:
            literal = _literal(atoms, "rule_in_force", number)
            if literal:
                self.items.append(_Item("rule", literal, number))
        self.closed = _literal(atoms, "closed", None)

    def clues_text(self, cells: list[Cell]) -> str:
        """``r1c1 shows 0 and r1c2 shows 4``, ``r1c1 is a black pearl``."""
        return _join(
            [
                f"{cell_name(cell)} {self.glue.says_clue(self.glue.clue(self.puzzle, cell), False)}"
                for cell in cells
            ]
        )

    def solve(self, items: Iterable[_Item], closed: bool = False) -> tuple[bool | None, set]:
        """True: a solution; False: none (with the core's literals); None: out of budget."""
        chosen = {item.literal for item in items}
        assumptions = [lit if lit in chosen else -lit for lit in self._every()]
        if self.closed:
            assumptions.append(self.closed if closed else -self.closed)
        core: list[int] = []
        result = self.ctl.solve(assumptions=assumptions, on_core=core.extend)
        if result.satisfiable:
            return True, set()
        if result.unsatisfiable:
            return False, set(core)
        return None, set()

    def _every(self) -> list[int]:
        return [item.literal for item in self.items]

    def minimal(self, core: set[int], deadline: float | None) -> tuple[list[_Item], bool]:
        """The items of `core`, deleted one at a time (marks first, then clues, then rules)
        while the rest still has no solution."""
        kept = [item for item in self.items if item.literal in core]
        proven = True
        index = 0
        while index < len(kept):
            if deadline is not None and time.monotonic() > deadline:
                return kept, False
            without = kept[:index] + kept[index + 1 :]
            found, smaller = self.solve(without)
            if found is False:
                kept = [item for item in without if item.literal in smaller]
            else:
                proven = proven and found is not None
                index += 1
        return kept, proven


def mark_order(mark: tuple[Any, Any]) -> tuple:
    """Marks in reading order of their cells (a cell's and a pair's marks mixed)."""
    return (mark[0].cells, str(mark[1]))


def _external(kind: str, index: int) -> str:
    return f"#external {kind}_in_force({index}). [free]"  # assumptions set it, either way


def _literal(atoms: clingo.SymbolicAtoms, name: str, argument: int | None) -> int:
    arguments = [] if argument is None else [clingo.Number(argument)]
    atom = atoms[clingo.Function(name, arguments)]
    return 0 if atom is None else atom.literal


def conflict_of(program: _Program, items: list[_Item], minimal: bool) -> Conflict:
    """The conflict the kept items make, in words: ``rule 3 (...): p1.1-p1.2 is a line,
    where r1c1 shows 0``."""
    rules = sorted(item.what for item in items if item.kind == "rule")
    clues = sorted(item.what for item in items if item.kind == "clue")
    marks = sorted((item.what for item in items if item.kind == "mark"), key=mark_order)
    quoted = program.rulebook.quote(rules) if rules else "the rules"
    told = _marks_text(marks, program.glue)
    where = f", where {program.clues_text(clues)}"
    if marks:
        text = f"{quoted}: {told}" + (where if clues else "")
    else:
        text = f"the puzzle has no solution: {quoted} cannot all hold" + (where if clues else "")
    if not minimal:
        text += " (not proven the smallest such set)"
    cells = [(site.cells[0], value) for site, value in marks if isinstance(site, CellSite)]
    pairs = [
        ((site.row1, site.col1, site.row2, site.col2), on)
        for site, on in marks
        if not isinstance(site, CellSite)
    ]
    edges = any(isinstance(site, Edge) for site, _ in marks)
    return Conflict(
        cells, rules, clues, text, minimal, [], [] if edges else pairs, pairs if edges else []
    )


def _marks_text(marks: list[tuple[Segment | CellSite, Any]], glue: Any) -> str:
    parts = []
    for value in sorted({v for site, v in marks if isinstance(site, CellSite)}):
        names = [site.name for site, v in marks if isinstance(site, CellSite) and v == value]
        parts.append(f"{_join(names)} {glue.says(value, len(names) > 1)}")
    pairs = [(site, on) for site, on in marks if not isinstance(site, CellSite)]
    for on in (True, False):
        names = [site.name for site, value in pairs if value == on]
        if names:
            plural = len(names) > 1
            verb = (
                ("are lines" if on else "are no lines")
                if plural
                else ("is a line" if on else "is no line")
            )
            parts.append(f"{_join(names)} {verb}")
    return " and ".join(parts)


def _join(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def check(
    genre: Genre,
    puzzle: Any,
    answer: dict,
    *,
    encoding: str | Path | None = None,
    switches: Iterable[str] = (),
    timeout: float | None = None,
    leading: bool = True,
) -> CheckResult:
    """Solved (the answer's lines alone are a solution), consistent (some solution extends
    its marks) or invalid, with subset-minimal conflicts of marks, clues and rules (up to
    `MAX_CONFLICTS`, each with marks no earlier one has), and
    (`leading`) the mark to look at first (`explain.lead`)."""
    deadline = None if timeout is None else time.monotonic() + timeout
    program = _Program(genre, puzzle, answer, encoding, switches)
    rules = program.rulebook.rules
    found, core = program.solve(program.items)
    if found:
        solved, _ = program.solve(program.items, closed=True)
        return CheckResult(genre.name, "solved" if solved else "consistent", [], rules)
    if found is None:
        return CheckResult(genre.name, "timeout", [], rules, True)
    kept, minimal = program.minimal(core, deadline)
    found_conflicts = [conflict_of(program, kept, minimal)]
    # then the conflicts of the marks left, each with marks no earlier one has (as the cell
    # genres' check lists them), while the rest still has no solution
    pool = list(program.items)
    while len(found_conflicts) < MAX_CONFLICTS:
        used = {item.literal for item in kept if item.kind == "mark"}
        if not used or (deadline is not None and time.monotonic() > deadline):
            break
        pool = [item for item in pool if item.literal not in used]
        left, core = program.solve(pool)
        if left is not False:
            break
        kept, minimal = program.minimal(core, deadline)
        found_conflicts.append(conflict_of(program, kept, minimal))
    if not leading:
        return CheckResult(genre.name, "invalid", found_conflicts, rules)
    from puzzlesolve.explain.lead import loop_lead  # what check says first

    first = found_conflicts[0]
    wrong = loop_lead(program, genre, puzzle, answer, first, encoding, tuple(switches), deadline)
    return CheckResult(genre.name, "invalid", found_conflicts, rules, wrong=wrong)


def conflicts(
    genre: Genre,
    puzzle: Any,
    answer: dict | None,
    *,
    encoding: str | Path | None = None,
    switches: Iterable[str] = (),
    timeout: float | None = None,
) -> list[Conflict]:
    """The conflict of an answer no solution extends (or of a puzzle without one); empty
    when some solution extends it."""
    result = check(
        genre,
        puzzle,
        answer or {},
        encoding=encoding,
        switches=switches,
        timeout=timeout,
        leading=False,
    )
    return result.conflicts

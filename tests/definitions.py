"""Definitions never depend on a numbered rule (docs/rules-files.md): the shared part of
tests/genres/<genre>/test_definitions.py.

For every rules file and every numbered rule N, on small boards: the program without rule N's
statements (what explanations get with rule N's guard off; redundant and technique statements
left out, definitions kept, explanations' #const values) is solved for every answer, and the
answers are compared with those an independent reading of the rules' sentences in Python
accepts: every candidate answer that breaks no rule other than N.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import clingo
import clingo.ast

from puzzlesolve.rulebook import read_rulebook

Cell = tuple[int, int]
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def answers_without(rules: Path, off: int, facts: str, constants: dict, shown: str):
    """Every answer (the atoms of predicate `shown`) of the rules file with rule `off`'s
    statements left out."""
    rulebook = read_rulebook(rules)
    arguments = ["--models=0"] + [f"--const={k}={v}" for k, v in constants.items()]
    ctl = clingo.Control(arguments, logger=lambda _code, _text: None)

    def keep(statement: clingo.ast.AST) -> None:
        line = rulebook.line(statement.location)
        cited = rulebook.tags.get(line)
        if line in rulebook.technique_tags or cited == () or (cited and off in cited):
            return
        builder.add(statement)

    with clingo.ast.ProgramBuilder(ctl) as builder:
        clingo.ast.parse_files([str(rules)], keep)
    ctl.add("base", [], facts)
    ctl.ground([("base", [])])
    found = set()
    ctl.solve(
        on_model=lambda m: found.add(
            frozenset(
                tuple(a.number for a in s.arguments)
                for s in m.symbols(atoms=True)
                if s.match(shown, len(s.arguments)) and s.name == shown
            )
        )
    )
    return found


def neighbours(cell: Cell, cells, king: bool = False) -> set[Cell]:
    r, c = cell
    steps = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
    return {(r + dr, c + dc) for dr, dc in (steps if king else STEPS)} & set(cells)


def connected(cells: set[Cell], edges) -> list[set[Cell]]:
    """The parts of `cells` joined by `edges` (pairs of cells)."""
    parts: list[set[Cell]] = []
    for cell in cells:
        touching = [
            p
            for p in parts
            if cell in p or any((cell, o) in edges or (o, cell) in edges for o in p)
        ]
        merged = {cell}.union(*touching)
        parts = [p for p in parts if p not in touching] + [merged]
    changed = True
    while changed:  # parts joined through cells added later
        changed = False
        for a, b in itertools.combinations(parts, 2):
            if any((x, y) in edges or (y, x) in edges for x in a for y in b):
                parts.remove(a)
                parts.remove(b)
                parts.append(a | b)
                changed = True
                break
    return parts

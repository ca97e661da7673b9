"""Techniques implied by the rules: a rules file gives the same solutions with and without its
technique statements (tests/test_techniques.py and tests/genres/<genre>/test_techniques.py)."""

from __future__ import annotations

from pathlib import Path

import clingo
import clingo.ast

from puzzlesolve.rulebook import read_rulebook

CAP = 500  # solutions counted at most, per puzzle (some Nikoli Numberlinks have millions)


def solution_sets(
    rules: Path, facts: str, constants: dict[str, int], techniques: bool
) -> tuple[frozenset[str], ...]:
    """The solutions (shown atoms) of a rules file on facts, at most CAP of them, sorted; with
    or without its technique statements."""
    rulebook = read_rulebook(rules)
    arguments = [f"--models={CAP}"] + [f"--const={k}={v}" for k, v in constants.items()]
    ctl = clingo.Control(arguments, logger=lambda _code, _text: None)

    def keep(statement: clingo.ast.AST) -> None:
        if techniques or rulebook.line(statement.location) not in rulebook.technique_tags:
            builder.add(statement)

    with clingo.ast.ProgramBuilder(ctl) as builder:
        clingo.ast.parse_files([str(rules)], keep)
    ctl.add("base", [], facts)
    ctl.ground([("base", [])])
    found: list[frozenset[str]] = []
    ctl.solve(on_model=lambda m: found.append(frozenset(map(str, m.symbols(shown=True)))))
    return tuple(sorted(found, key=sorted))


def assert_implied(rules: Path, facts: str, constants: dict[str, int], where: str) -> None:
    without = solution_sets(rules, facts, constants, techniques=False)
    if len(without) == CAP:  # the first CAP solutions depend on the search: compare counts
        assert len(solution_sets(rules, facts, constants, techniques=True)) == CAP, where
    else:
        assert solution_sets(rules, facts, constants, techniques=True) == without, where

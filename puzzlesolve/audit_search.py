"""What the audit's searches share: the cores they may use, one ground program asked for up
to two solutions, programs grown one rule set at a time, and what a clue is to a search (a
value of the solution's sites, or what the genre's ``audit`` module names)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import clingo

from puzzlesolve import program, solver
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell, Value
from puzzlesolve.lanes import _section

MOST_ROUNDS = 500
"""Counterexamples a repair or removal search takes at most before it gives what it has."""

_CORES: list[int | None] = [None]  # the cores every solve of the audit under way may use


def use_cores(cores: int | None) -> None:
    """Let every solve of the audit under way use `cores` (None: every core)."""
    _CORES[0] = cores


def solve(genre: Genre, puzzle: Any, **options: Any) -> solver.Result:
    """`solver.solve` on the cores the audit under way may use."""
    return solver.solve(genre, puzzle, cores=_CORES[0], **options)


def hooks_of(genre: Genre) -> Any:
    """The genre's ``audit`` module, or the defaults alone where it has none."""
    return genre.feature_or_defaults("audit")


def board_cells(genre: Genre, hooks: Any, puzzle: Any) -> list[Cell]:
    """The board's cells (a loop genre's explain module names none: its sites are pairs)."""
    if hooks.cells is not None:
        return hooks.cells(puzzle)
    return list(genre.feature("explain").cells(puzzle))


def atom(genre: Genre, puzzle: Any, cell: Cell, value: Value) -> tuple[clingo.Symbol, bool]:
    """The atom standing for `cell` having `value`, and whether it is true then."""
    return genre.feature("explain").literal(puzzle, cell, value)


def literal(genre: Genre, puzzle: Any, cell: Cell, value: Value, agree: bool) -> str:
    """An ASP body literal: the cell has `value` (agree) or has not."""
    symbol, holds = atom(genre, puzzle, cell, value)
    return str(symbol) if holds == agree else f"not {symbol}"


class ClueView:
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
        return atom(self.genre, self.puzzle, cell, value)

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
            literal(self.genre, self.puzzle, site, value, agree=False)
            for site, value in self.genre.values(self.puzzle, other).items()
        ]


class Solutions:
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


def extend(ctl: clingo.Control, name: str, rules: list[str]) -> None:
    ctl.add(name, [], "\n".join(rules))
    ctl.ground([(name, [])])


def optimum(ctl: clingo.Control) -> tuple[list[clingo.Symbol], list[Cell]] | None:
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


def cut_by_clues(
    clue_values: Callable[[Any, Any], dict[Cell, Value]], clues: Callable[[Any], dict[Cell, Value]]
) -> Callable[[Any, Any, list[list[Cell]]], list[str]]:
    """An ``audit`` module's `cut` for a genre whose clues a solution gives (`clue_values`,
    against the puzzle's own, `clues`): group I kept (``keep(I)``) is broken by a solution
    that gives another clue in one of its cells."""

    def cut(puzzle: Any, solution: Any, groups: list[list[Cell]]) -> list[str]:
        given, shown = clue_values(puzzle, solution), clues(puzzle)
        return [
            f"keep({index})"
            for index, group in enumerate(groups)
            if any(given[cell] != shown[cell] for cell in group)
        ]

    return cut

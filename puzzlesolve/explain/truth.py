"""The run-time check of the forward engine: the puzzle solved first, every conclusion
compared with what all its solutions share.

A conclusion that fails the check is a bug of a technique file: the engine drops it,
records it (`Truth.bugs`) and never prints it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import clingo

from puzzlesolve.explain.sites import Segment, Site, pair_site
from puzzlesolve.genre import Genre


@dataclass
class Truth:
    """What every solution of the puzzle says about each site, as the genre's JSON values.

    Attributes:
        status: "unique", "multiple", "unsolvable", "timeout", or "found" (one solution,
            not proven the only one).
        values: per cell, its value where every solution agrees (all cells when unique).
        possible: per cell, the values some solution gives it (None: not enumerated).
        drawn: per segment, whether it is drawn where every solution agrees.
        bugs: conclusions that failed the check, as text.
        solution: the first solution found, as the genre decodes it (None: none found).
    """

    status: str
    values: dict[tuple[int, int], Any] = field(default_factory=dict)
    possible: dict[tuple[int, int], set] | None = None
    drawn: dict[Segment, bool] = field(default_factory=dict)
    bugs: list[str] = field(default_factory=list)
    domain: set | None = None
    solution: Any = None

    def agrees(self, site: Site, value: Any, holds: bool) -> bool:
        """Whether "`site` holds `value`" (or, with `holds` False, does not) is true in every
        solution; `value` as the genre's JSON writes it, True/False for a segment drawn."""
        if isinstance(site, Segment):
            if site not in self.drawn:
                return False
            return self.drawn[site] == (value if holds else not value)
        cell = site.cells[0]
        if holds:
            return self.values.get(cell, _UNSET) == value
        if cell in self.values:
            return self.values[cell] != value
        if self.possible is None or self.domain is None or value not in self.domain:
            return False
        return value not in self.possible.get(cell, set())

    def forced(self, site: Site) -> bool:
        """Whether every solution gives `site` the same value."""
        return site in self.drawn if isinstance(site, Segment) else site.cells[0] in self.values


_UNSET = object()


def solve_truth(
    genre: Genre,
    puzzle: Any,
    switches: Iterable[str],
    timeout: float | None,
    models: int = 2,
    cores: int | None = None,
) -> Truth:
    """Solve the puzzle (the genre's own search) and settle what all its solutions share;
    with `models` 1, the first solution alone (status "found": a check of each conclusion
    against one solution, without the cost of proving it the only one). `cores`: as
    `solver.solve`'s."""
    from puzzlesolve.solver import solve

    if timeout is not None and timeout <= 0:  # no time left to solve in at all
        return Truth("timeout")
    switches = list(switches)
    first = solve(genre, puzzle, models=models, timeout=timeout, switches=switches, cores=cores)
    if first.status in ("unsolvable", "timeout"):
        return Truth(first.status)
    glue = genre.feature("explain")
    segments = glue.segments(puzzle)
    if first.count == 1 and (models == 1 or first.status in ("unique", "solved")):
        solution = first.solutions[0]
        values = {cell: v for cell, v in genre.values(puzzle, solution).items() if v is not None}
        make = pair_site(glue)
        drawn = {make(*pair) for pair in glue.drawn(puzzle, solution)}
        return Truth(
            "unique" if models > 1 else "found",
            values,
            {cell: {value} for cell, value in values.items()},
            {make(*pair): make(*pair) in drawn for pair in segments},
            domain=None,
            solution=solution,
        )
    shared = _shared(genre, puzzle, switches, timeout, first.solutions[0])
    shared.solution = first.solutions[0]
    return shared


def _shared(
    genre: Genre, puzzle: Any, switches: list[str], timeout: float | None, found: Any
) -> Truth:
    """Several solutions: what all share (cautious consequences) and what any allows (brave),
    over the atoms the genre's values stand for."""
    from puzzlesolve import program

    glue = genre.feature("explain")
    first = {cell: v for cell, v in genre.values(puzzle, found).items() if v is not None}
    segments = glue.segments(puzzle)
    # every (cell, value) some solution may give: the values of the first solution and the
    # clues' values, at every cell (a genre's values are few: shaded/unshaded, the labels)
    # -- for Hidato every number; what a cell may hold is then read from the brave model
    domain = set(first.values())
    # one atom may stand for several values (Hitori: shaded(R,C) and its negation)
    atoms: dict[clingo.Symbol, list[tuple[tuple[int, int], Any, bool]]] = {}
    for cell in glue.cells(puzzle):
        for value in domain:
            symbol, positive = glue.literal(puzzle, cell, value)
            atoms.setdefault(symbol, []).append((cell, value, positive))
    make = pair_site(glue)
    links = {symbol: make(*pair) for pair, symbol in segments.items()}
    signatures = {(symbol.name, len(symbol.arguments)) for symbol in [*atoms, *links]}
    shows = "\n".join(f"#show {name}/{arity}." for name, arity in sorted(signatures))
    facts = "\n".join([*genre.facts(puzzle), shows])
    models: dict[str, set[clingo.Symbol]] = {}
    for mode in ("cautious", "brave"):
        ctl = program.ground(
            genre, facts, switches=switches, arguments=["--models=0", f"--enum-mode={mode}"]
        ).ctl
        last: list[clingo.Symbol] = []

        def keep(model: clingo.Model) -> None:
            nonlocal last
            last = list(model.symbols(shown=True))

        with ctl.solve(on_model=keep, async_=True) as handle:
            if not handle.wait(timeout):
                handle.cancel()
                return Truth("timeout")
            handle.get()
        models[mode] = set(last)
    cautious, brave = models["cautious"], models["brave"]
    values: dict[tuple[int, int], Any] = {}
    possible: dict[tuple[int, int], set] = {}
    for symbol, meanings in atoms.items():
        for cell, value, positive in meanings:
            may = symbol in brave if positive else symbol not in cautious
            must = symbol in cautious if positive else symbol not in brave
            if may:
                possible.setdefault(cell, set()).add(value)
            if must:
                values[cell] = value
    drawn = {}
    for symbol, segment in links.items():
        if symbol in cautious:
            drawn[segment] = True
        elif symbol not in brave:
            drawn[segment] = False
    return Truth("multiple", values, possible, drawn, domain=domain)

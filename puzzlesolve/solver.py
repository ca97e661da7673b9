"""Solving: ground a genre's rules with an instance (`program`), enumerate and classify models.

The staged search that may run beside the plain one is `staged`'s."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import clingo

from puzzlesolve import interrupt, lanes, program, staged
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell
from puzzlesolve.program import constants_for


@dataclass
class Result:
    """The outcome of one solver run.

    Attributes:
        genre: the genre solved.
        puzzle: the parsed instance.
        status: "unique", "multiple", "solved", "unsolvable" or "timeout" (see CONTRACT.md).
        solutions: decoded solutions in the order found (none kept when only counting).
        count: how many solutions were found.
        exhausted: whether the whole search space was explored.
        stats: time and clingo's counters (choices, conflicts, ground size).
        messages: clingo's warnings, e.g. about atoms no rule defines.
    """

    genre: Genre
    puzzle: Any
    status: str
    solutions: list
    count: int
    exhausted: bool
    stats: dict[str, float | int | str]
    messages: list[str] = field(default_factory=list)

    def differ(self) -> list[Cell]:
        """The cells whose value (`Genre.values`) is not the same in all solutions kept.

        This is where a puzzle with several solutions is ambiguous. Empty with fewer than two
        solutions, and for Numberlink solutions whose lines differ only in how they run
        through the same cells.
        """
        differences = Differences(self.genre, self.puzzle)
        for solution in self.solutions:
            differences.add(solution)
        return differences.cells()

    def to_json(self) -> dict:
        """The contract's JSON object for this result, with ``differ`` when two or more
        solutions were kept (the cells `differ` lists, as ``[r, c]``)."""
        document = {
            "genre": self.genre.name,
            "rows": self.puzzle.rows,
            "cols": self.puzzle.cols,
            "status": self.status,
            "count": self.count,
            "exhausted": self.exhausted,
            "solutions": [self.genre.to_json(self.puzzle, s) for s in self.solutions],
        }
        if len(self.solutions) > 1:
            document["differ"] = [list(cell) for cell in self.differ()]
        bound = self.genre.bounded(self.puzzle)
        if bound is not None:  # what the claim holds within
            document["bounded"] = bound
        document["stats"] = self.stats
        return document


class Differences:
    """The cells where solutions seen one by one disagree (their `Genre.values`), kept in
    constant memory: the first solution's values and the cells found to differ so far."""

    def __init__(self, genre: Genre, puzzle: Any):
        self.genre, self.puzzle = genre, puzzle
        self.first: dict[Cell, Any] | None = None
        self.differing: set[Cell] = set()

    def add(self, solution: Any) -> None:
        values = self.genre.values(self.puzzle, solution)
        if self.first is None:
            self.first = values
            return
        # both ways: a loop genre's values hold only the pairs a solution uses
        self.differing.update(
            site
            for site in self.first.keys() | values.keys()
            if values.get(site) != self.first.get(site)
        )

    def cells(self) -> list[Cell]:
        # cells first, then pairs (a pair genre's values may hold both: Yajilin)
        return sorted(self.differing, key=lambda site: (_is_pair(site), site))


def classify(count: int, exhausted: bool) -> str:
    """The contract's status from the number of solutions found and whether search finished."""
    if count == 0:
        return "unsolvable" if exhausted else "timeout"
    if exhausted:
        return "unique" if count == 1 else "multiple"
    return "multiple" if count > 1 else "solved"


def solve(
    genre: Genre,
    puzzle: Any,
    *,
    models: int = 2,
    encoding: str | Path | None = None,
    timeout: float | None = None,
    switches: Iterable[str] = (),
    keep_solutions: bool = True,
    cores: int | None = None,
    on_solution: Callable[[Any], bool | None] | None = None,
) -> Result:
    """Enumerate up to `models` solutions (0 = all) and classify the outcome.

    The default of two models is what proves uniqueness: a search for a second solution
    that comes back exhausted.

    The plain search, the user's rules in clingo's own order, always runs and may decide.
    For a genre with search stages (stricter versions of its rules as external atoms, e.g.
    Numberlink's lines that cover every cell), a staged search runs beside it once it has not
    settled within `staged.FIRST_SLICE_SECONDS`: the stages in turn until one finds a
    solution, which is a solution of the user's rules too, found far sooner; then the user's
    rules steered toward it, which finds a second solution near it at once when there is
    one. Steering changes only the order of a search, never its answer sets, so both
    searches are complete:
    whichever ends first decides, and until then their solutions are pooled as a set, so
    counts and uniqueness proofs are exact. With two cores or more the plain search runs on
    its own and the staged one beside it (see `staged.side_by_side`); with one core they take
    turns in one program and one thread (see `staged.in_turns`). A stage may be a program of the
    genre's own (a `Finder`, e.g. Numberlink's search.lp): its models are only candidates,
    never pooled; the user's rules steered toward one find it (if it is a solution of
    theirs) and settle it. On two cores such a stage, when first, starts before the user's
    rules are ground. With one solution asked for, a candidate of a stage with a
    `Finder.check` is first searched for in the user's rules ground around it alone (a
    fraction of their size): its models are solutions of theirs, and with models=1 the
    status is "solved" at most, never "unique". The stage and that check run for up to
    `staged.FINDER_FIRST_SECONDS` of CPU before the full rules are ground (on one core,
    alone); when the check finds the solution, they never are (the stats then say rules 0
    and full_rules never ground).

    Args:
        genre: the genre whose rules and glue to use (`puzzlesolve.solve` takes a name).
        puzzle: an instance as returned by ``genre.parse``.
        models: how many solutions to look for; 0 means all (more than MOST_MODELS: as many
            as clingo counts, which no search reaches).
        encoding: a rules file to use instead of the built-in one.
        timeout: seconds after which the search stops (status "timeout" if nothing was found);
            None or infinity: no limit.
        switches: names of the genre's boolean constants to set to 1 (e.g. "fill").
        keep_solutions: False only counts models, with no Python work per model.
        cores: how many cores the solve may keep busy (None: every core of the machine);
            with 1, every search runs in one thread (batch runs one solve per core).
        on_solution: called with each decoded solution as soon as it is found, which is
            then not kept in the result (listing millions of solutions in constant memory);
            the search is the plain one alone, so each solution comes once. When it returns
            False the search stops there.

    Returns:
        The status, decoded solutions and statistics.

    Raises:
        EncodingError: clingo rejected the rules file.
        ValueError: a switch the genre does not have, a negative number
            of models, or a timeout that is not more than 0 (nan included).
        Interrupted: Ctrl-C came (see `puzzlesolve.interrupt`); every search has ended. A
            KeyboardInterrupt, which carries the count and the solutions found so far.
    """
    started = time.perf_counter()
    if models < 0:
        raise ValueError(f"models must be 0 (all) or more, not {models}")
    models = min(models, MOST_MODELS)
    if timeout is not None and not timeout > 0:  # false for nan as well
        raise ValueError(f"timeout must be more than 0 seconds, not {timeout}")
    if timeout == float("inf"):
        timeout = None
    constants_for(genre, switches)  # an unknown switch is refused before any search starts
    messages: list[str] = []
    facts = "\n".join(genre.facts(puzzle))

    deadline = None if timeout is None else started + timeout

    def ground_rules(messages: list[str], given: str) -> clingo.Control:
        arguments = [f"--models={models}"]
        return program.ground(
            genre,
            f"{facts}\n{given}",
            encoding=encoding,
            switches=switches,
            arguments=arguments,
            messages=messages,
            deadline=deadline,  # a board that grounds for minutes: "timeout" within it
        ).ctl

    stream = (
        None
        if on_solution is None
        else (lambda symbols: on_solution(genre.decode(symbols, puzzle)))
    )
    search = lanes.Search(
        models,
        keep_solutions and stream is None,
        None if timeout is None else started + timeout,
        stream,
    )
    # Ctrl-C stops the searches (`lanes.Search.over`) and is raised once they have all ended
    unground = "never ground (a candidate's check found the solution)"
    try:
        with interrupt.deferred():
            # the stages are externals of the built-in rules or programs of the genre's own;
            # they serve to find a few solutions: listing or counting all is the plain
            # search's (a stage would only repeat its work)
            stages = genre.stages(frozenset(switches)) if encoding is None else ()
            staging = bool(stages and search.keep and models > 0)
            two_cores = (cores or os.cpu_count() or 1) > 1
            ctl, grounded = staged.run(
                genre,
                stages if staging else (),
                search,
                ground_rules,
                facts,
                two_cores,
                started,
                messages,
            )
    except KeyboardInterrupt:
        found = [genre.decode(symbols, puzzle) for symbols in search.solutions()]
        raise Interrupted(search.count(), found) from None
    except interrupt.GroundingTimeout:  # the time ran out before the rules were ground
        ctl, grounded = None, None
        unground = f"not ground within the time limit ({timeout:g} s)"
    return Result(
        genre=genre,
        puzzle=puzzle,
        status=classify(search.count(), search.exhausted),
        solutions=[genre.decode(symbols, puzzle) for symbols in search.solutions()],
        count=search.count(),
        exhausted=search.exhausted,
        stats=_statistics(ctl, started, grounded, search, unground),
        messages=messages,
    )


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped a solve: what it had found by then, for output that ends properly.

    Attributes:
        count: solutions found before the search stopped (a lower bound of all there are).
        solutions: those of them kept (none when counting or when they were streamed).
    """

    def __init__(self, count: int, solutions: list):
        super().__init__()
        self.count, self.solutions = count, solutions


MOST_MODELS = 2**63 - 1  # the most clingo's --models takes (it refuses 2^63 and more)


def _statistics(
    ctl: clingo.Control | None,
    started: float,
    grounded: float | None,
    search: lanes.Search,
    unground: str = "never ground (a candidate's check found the solution)",
) -> dict[str, float | int | str]:
    """Time and ground size; with no `ctl` the user's rules were never ground (a candidate's
    check found the one solution asked for first, or the time ran out while grounding): no
    grounding time, size 0, and a `full_rules` entry that says why in words (`unground`;
    size 0 alone reads like an empty program)."""
    now = time.perf_counter()
    stages = {"time_s": round(now - started, 4)}
    if grounded is not None:
        stages |= {"ground_s": round(grounded - started, 4), "solve_s": round(now - grounded, 4)}
    if search.first is not None:
        stages["first_s"] = round(search.first - started, 4)
    program = {"rules": 0, "atoms": 0} if ctl is None else ctl.statistics["problem"]["lp"]
    never = {"full_rules": unground}
    return {
        **stages,
        **search.effort,
        **search.finder_stats,
        "rules": int(program["rules"]),
        "atoms": int(program["atoms"]),
        **(never if ctl is None else {}),
    }


# ---------------------------------------------------------------- solving as far as possible


@dataclass
class Settled:
    """The cell values every solution shares: how far a puzzle can be solved for certain.

    Attributes:
        status: "settled" (the values below are proven the same in every solution),
            "unsolvable" (no solution at all) or "timeout" (not proven in the time allowed;
            no values are claimed).
        values: ``{site: value}`` (values as `Genre.values` writes them) for each cell
            (a loop genre: each pair, "on" or "off") whose value is the same in every
            solution; empty unless the status is "settled".
        solutions_seen: solutions the cautious enumeration went through (clingo stops at the
            one that leaves no more to remove, so a unique puzzle shows 1).
        sites: the genre's sites (`Genre.sites`): "cells", "edges" or "segments".
    """

    status: str
    values: dict[Any, Any]
    solutions_seen: int = 0
    sites: str = "cells"

    def to_json(self) -> dict:
        """``cells`` as ``{"cell": [r, c], "value": V}``; a loop genre's pairs under its
        ``sites`` ("edges" or "segments") as ``{"edge": [[y, x], [y2, x2]], "on": bool}``."""
        cells = [
            {"cell": list(site), "value": value}
            for site, value in sorted((s, v) for s, v in self.values.items() if not _is_pair(s))
        ]
        if self.sites == "cells":
            return {"status": self.status, "cells": cells, "solutions_seen": self.solutions_seen}
        name = self.sites.removesuffix("s")
        pairs = [
            {name: [list(a), list(b)], "on": value == "on"}
            for (a, b), value in sorted((s, v) for s, v in self.values.items() if _is_pair(s))
        ]
        return {
            "status": self.status,
            "cells": cells,
            self.sites: pairs,
            "solutions_seen": self.solutions_seen,
        }


def _is_pair(site: Any) -> bool:
    """Whether a site is a pair of places (a loop's), not a cell: a pair genre's values may
    hold cells too (Yajilin's shading beside its segments)."""
    return isinstance(site[0], tuple)


def settled(
    genre: Genre,
    puzzle: Any,
    *,
    encoding: str | Path | None = None,
    timeout: float | None = None,
    switches: Iterable[str] = (),
) -> Settled:
    """The cells whose value is the same in every solution (clingo's cautious consequences).

    One solution is found first (as `solve` finds it); each cell's value in it becomes an
    atom ``same_as_found(R,C)`` defined by the genre's literal for that value (the atom its
    ``explain`` module names), and a cautious enumeration over the same rules file and
    facts keeps exactly those that hold in every answer set.

    Args:
        genre: the genre.
        puzzle: an instance as returned by ``genre.parse``.
        encoding: a rules file to use instead of the built-in one.
        timeout: seconds for both searches together.
        switches: names of the genre's boolean constants to set to 1.

    Returns:
        The status and, when settled, the shared values.

    Raises:
        EncodingError: clingo rejected the rules file.
        ValueError: a switch the genre does not have.
    """
    started = time.perf_counter()
    first = solve(genre, puzzle, models=1, encoding=encoding, timeout=timeout, switches=switches)
    if first.status in ("unsolvable", "timeout"):
        return Settled(first.status, {}, 0, genre.sites)
    found = genre.values(puzzle, first.solutions[0])
    explaining = genre.feature("explain")
    if genre.sites != "cells":  # a loop's values name its pairs on; the rest are off
        every = [((a, b), (c, d)) for a, b, c, d in explaining.segments(puzzle)]
        found = {**found, **{pair: found.get(pair, "off") for pair in every}}
    sites = sorted(found, key=lambda site: (_is_pair(site), site))  # a cell or a pair
    definitions = []
    for number, site in enumerate(sites):
        atom, holds = explaining.literal(puzzle, site, found[site])
        definitions.append(f"same_as_found({number}) :- {'' if holds else 'not '}{atom}.")
    definitions.append("#show same_as_found/1.")
    facts = "\n".join([*genre.facts(puzzle), *definitions])
    arguments = ["--models=0", "--enum-mode=cautious"]
    ctl = program.ground(
        genre, facts, encoding=encoding, switches=switches, arguments=arguments
    ).ctl
    last: Sequence[clingo.Symbol] = []
    seen = 0

    def keep(model: clingo.Model) -> None:
        nonlocal last, seen
        last, seen = model.symbols(shown=True), seen + 1

    with ctl.solve(on_model=keep, async_=True) as handle:
        left = None if timeout is None else timeout - (time.perf_counter() - started)
        if not handle.wait(None if left is None else max(left, 0)):
            handle.cancel()
            return Settled("timeout", {}, seen, genre.sites)
        handle.get()
    same = sorted(s.arguments[0].number for s in last if s.match("same_as_found", 1))
    same = [sites[number] for number in same]
    return Settled("settled", {site: found[site] for site in same}, seen, genre.sites)

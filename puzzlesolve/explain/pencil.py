"""Check with pencil marks (`puzzlesolve.candidates`): the numbers a cell may still hold.

The numbers written are judged as before; then, if some solution keeps them, whether one
keeps every cell's pencil marks too (its number among them), asked of the solver's own
rules. Where none does, each cell whose pencil marks alone no such solution keeps is a
conflict of its own (its number is not among them); where only several together fail,
they are one conflict.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from puzzlesolve.candidates import Candidates, split
from puzzlesolve.explain.results import CheckResult, Conflict
from puzzlesolve.explain.steps import join
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell
from puzzlesolve.program import ground


def check(
    judge: Callable[..., CheckResult],
    genre: Genre,
    puzzle: Any,
    answer: dict,
    *,
    encoding: str | Path | None,
    switches: Iterable[str],
    timeout: float | None,
    truth: Any,
) -> CheckResult:
    """`judge` (``explain.check``) on the numbers written, then the pencil marks."""
    values, pencil = split(answer)
    switches = tuple(switches)
    deadline = None if timeout is None else time.monotonic() + timeout

    def left() -> float | None:
        return None if deadline is None else max(0.0, deadline - time.monotonic())

    judged = judge(
        genre, puzzle, values, encoding=encoding, switches=switches, timeout=timeout, truth=truth
    )
    if judged.verdict not in ("consistent", "solved"):
        return judged
    kept = keeps(genre, puzzle, values, pencil, encoding, switches, left())
    if kept is not False:
        verdict = "consistent" if kept else "timeout"
        return CheckResult(genre.name, verdict, [], judged.rules, kept is None)
    alone = [
        cell
        for cell in sorted(pencil)
        if keeps(genre, puzzle, values, {cell: pencil[cell]}, encoding, switches, left()) is False
    ]
    groups = [[cell] for cell in alone] or [sorted(pencil)]
    conflicts = [_conflict({cell: pencil[cell] for cell in group}) for group in groups]
    return CheckResult(genre.name, "invalid", conflicts, judged.rules)


def _conflict(pencil: dict[Cell, Candidates]) -> Conflict:
    marks = [(cell, sorted(numbers)) for cell, numbers in sorted(pencil.items())]
    said = join([f"{_name(cell)} {_either(numbers)}" for cell, numbers in marks])
    many = len(marks) > 1
    text = (
        f"the pencil marks {said}: no solution with the numbers written "
        f"holds {'one of them in each' if many else 'any of them there'}"
    )
    return Conflict(marks, [], [], text)


def _either(numbers: list[int]) -> str:
    """``3``, ``3 or 5``, ``3, 5 or 7``."""
    shown = list(map(str, numbers))
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"


def _name(cell: Cell) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def keeps(
    genre: Genre,
    puzzle: Any,
    values: dict,
    pencil: dict[Cell, Candidates],
    encoding: str | Path | None,
    switches: tuple[str, ...],
    timeout: float | None,
) -> bool | None:
    """Whether some solution holds every value and, in each pencilled cell, one of its
    numbers; None if that was not settled within `timeout` seconds."""
    glue = genre.feature("explain")
    lines = list(genre.facts(puzzle))
    for cell, value in values.items():
        symbol, sign = glue.literal(puzzle, cell, value)
        lines.append(f":- {'not ' if sign else ''}{symbol}.")
    for cell, numbers in pencil.items():
        none_holds = []
        for number in sorted(numbers):
            symbol, sign = glue.literal(puzzle, cell, number)
            none_holds.append(f"{'not ' if sign else ''}{symbol}")
        lines.append(f":- {', '.join(none_holds)}.")
    ctl = ground(
        genre, "\n".join(lines), encoding=encoding, switches=switches, arguments=["--models=1"]
    ).ctl
    with ctl.solve(async_=True) as handle:
        if not handle.wait(timeout):
            handle.cancel()
            return None
        return bool(handle.get().satisfiable)

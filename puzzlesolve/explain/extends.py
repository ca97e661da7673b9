"""Whether some solution extends an answer, asked of the rules as the solver grounds them:
`check`'s answer for a right answer, before the explanation program is ground."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from puzzlesolve import interrupt
from puzzlesolve.explain.items import Site
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell, Value
from puzzlesolve.program import ground

QUICK_BUDGET = 2_000
"""Conflicts the question may take. A complete answer is settled by propagation alone; a
partial one that needs more is left to the explanation program (with the genre's search
stages there, where it has them)."""


def extends(
    genre: Genre,
    puzzle: Any,
    answer: dict[Cell, Value] | dict[Site, Value],
    switches: Iterable[str],
) -> bool | None:
    """True when a solution of the built-in rules takes every value of `answer`; None when
    there is none or the budget did not find one (the explanation program then says why).

    The explanation program grounds every value of every cell, so that a conflict can cite
    any clue: a 15x15 Numbrix takes 4 s to ground and prepare (158,000 variables). The
    solver's own program keeps only the values the clues allow and answers a right answer
    in milliseconds (0.06 s); a wrong one costs that much more before its conflicts are
    looked for."""
    glue = genre.feature("explain")
    lines = list(genre.facts(puzzle))
    for cell, value in answer.items():
        symbol, sign = glue.literal(puzzle, cell, value)
        # a value the solver's program does not ground is one no solution takes: the
        # constraint on it then always holds, and nothing extends the answer
        lines.append(f":- {'not ' if sign else ''}{symbol}.")
    ctl = ground(
        genre,
        "\n".join(lines),
        switches=switches,
        arguments=["--models=1", f"--solve-limit={QUICK_BUDGET}"],
    ).ctl
    with interrupt.deferred():  # a brief call: Ctrl-C is served as soon as it ends
        return True if ctl.solve().satisfiable else None

"""Shrinking a set of assumptions with no solution to a subset-minimal one: musclingo's
QuickXPlain, with a background, a conflict budget per check and a bound on the cost."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from musclingo.shrink import QuickXPlain

if TYPE_CHECKING:
    from puzzlesolve.explain.program import Program


@dataclass(frozen=True)
class Answer:
    """A solver call's answer as QuickXPlain reads it; undecided counts as satisfiable."""

    satisfiable: bool
    unsatisfiable: bool


class Beaten(Exception):
    """A reason being shrunk cannot beat the best one known."""


class Shrink(QuickXPlain):
    """musclingo's QuickXPlain with a background that every check assumes as well, and a
    conflict budget per check: a check left open counts as satisfiable, so the result still
    has no solution but may keep more than it needs (`Program.minimal` settles that).

    QuickXPlain returns the preferred MUS: of two elements it keeps the earlier one in its
    input where either would do.
    """

    def __init__(self, program: Program, background: Sequence[int], budget: int | None):
        super().__init__(program.ctl)
        self.program, self.background, self.budget = program, list(background), budget
        self.open = 0  # checks the budget left undecided
        self.weights: dict[int, int] = {}
        self.limit: int | None = None
        self.needed: set[int] = set()  # the elements found needed so far

    def check(self, seed: Iterable[int]) -> Answer:
        self.checks += 1
        found, core = self.program.solve([*self.background, *seed], self.budget)
        if found is False:
            self.core = set(core).difference(self.background)
        self.open += found is None
        return Answer(found is not False, found is False)

    def minimal(self, literals: list[int]) -> set[int]:
        """A part of `literals` unsatisfiable with the background (as all of `literals` must
        be), subset-minimal where every check was decided."""
        self.core = set(literals)  # known to have no solution: no check for it
        mus, _ = self.shrink_known(literals)
        return mus

    def bound(self, weights: dict[int, int], limit: int) -> None:
        """Give up (`Beaten`) as soon as the elements found to be needed weigh more than
        `limit`: the reason could not beat the best step known."""
        self.weights, self.limit = weights, limit

    def __qx_prime__(self, C: list[int], A: list[int], B: list[int]) -> list[int]:
        # musclingo's private recursive step (its version is pinned in pyproject.toml for it):
        # what it returns is needed on top of B, so the bound is checked as each part is found
        needed = super().__qx_prime__(C, A, B)
        if self.limit is not None:
            self.needed |= set(needed)
            if sum(self.weights.get(literal, 0) for literal in self.needed) > self.limit:
                raise Beaten()
        return needed

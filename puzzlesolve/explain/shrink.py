"""Shrinking a set of assumptions with no solution to a subset-minimal one, read off clingo's
cores in the assumptions' order, with a background, a conflict budget per check and a bound
on the cost."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from puzzlesolve.explain.program import Program


@dataclass
class Progress:
    """Where a shrink was given up: the elements found needed, their cost, those still to
    look through (a prefix of the list) and the checks the budget left open so far."""

    needed: list[int]
    cost: int
    rest: list[int]
    open: int


class Beaten(Exception):
    """A reason being shrunk cannot beat the best one known.

    Attributes:
        cost: what the elements found needed so far cost (more than the limit): a lower
            bound on the cost of the reason the same shrink would give.
        progress: where the shrink stopped, to go on from there (`Shrink.minimal`).
    """

    def __init__(self, cost: int, progress: Progress):
        super().__init__(cost)
        self.cost, self.progress = cost, progress


class Shrink:
    """The preferred subset-minimal part of an ordered list of assumptions with no solution
    (together with a background): of two elements it keeps the earlier one where either
    would do, as QuickXPlain does, in fewer solver calls.

    The last element of that part is the last of the shortest prefix with no solution, and
    clingo names it at once: the core of a call refuted by propagation is the assumptions up
    to the one whose propagation met the conflict (after a search, a larger core: the
    element it names is then confirmed or replaced by the calls below). So each element
    takes two calls: one whose core names the next element, with those found assumed
    first, and one that shows the elements before it, without it, allow a solution (k
    elements: about 2k + 1 calls; QuickXPlain takes about 2k log2(n/k)). With `next_first`
    the first of the two is left out where the element before is needed too.

    Each check has a conflict budget: a check left open counts as allowing a solution, so
    the element stays; the result still has no solution but may keep more than it needs
    (`open` counts such checks; `Program.minimal` settles them).
    """

    def __init__(
        self,
        program: Program,
        background: Sequence[int],
        budget: int | None,
        next_first: bool = False,
    ):
        self.program, self.background, self.budget = program, list(background), budget
        # after an element is found needed, ask about the one before it at once, not for a
        # core first (`minimal`)
        self.next_first = next_first
        self.open = 0  # checks the budget left undecided
        self.checks = 0
        # elements shown needed: without one, the elements kept before it had a solution
        self.necessary: list[int] = []
        self.costs: dict[int, int] = {}
        self.limit: int | None = None

    def bound(self, costs: dict[int, int], limit: int) -> None:
        """Give up (`Beaten`) as soon as the elements found to be needed cost more than
        `limit`: the reason could not beat the best step known."""
        self.costs, self.limit = costs, limit

    def _solve(self, literals: list[int]) -> tuple[bool | None, list[int]]:
        self.checks += 1
        return self.program.solve([*self.background, *literals], self.budget)

    def minimal(
        self,
        literals: list[int],
        core: Sequence[int] | None = None,
        progress: Progress | None = None,
    ) -> list[int]:
        """The preferred part of `literals` unsatisfiable with the background (as all of
        `literals` must be), subset-minimal where every check was decided, in the order of
        `literals`. `core`: clingo's core for the background and `literals`, if known.
        `progress`: where an earlier shrink of the same list with the same background and
        budget was given up (`Beaten`), to go on from there: the answers of its checks
        still hold, as what they assumed is the same."""
        needed, cost, rest = [], 0, list(literals)
        if progress is not None:
            needed, cost, rest = list(progress.needed), progress.cost, list(progress.rest)
            self.open = progress.open
            self._check_bound(needed, cost, rest)
            core = None  # that of `needed` and `rest` together, asked below
        if core is None and rest:
            found, core = self._solve([*needed, *rest])
            if found is not False:  # left open by the budget: all of it stays
                self.open += 1
                needed += rest
                rest = []
        while rest:
            assert core is not None  # asked above whenever something is left to look at
            named = set(core)
            last = max((i for i, literal in enumerate(rest) if literal in named), default=-1)
            if last < 0:  # what was found needed has no solution on its own
                break
            found, smaller = self._solve([*needed, *rest[:last]])
            if found is False:  # a search refuted a shorter prefix: that one's core next
                rest, core = rest[:last], smaller
                continue
            self.open += found is None
            if found:
                self.necessary.append(rest[last])
            needed.append(rest[last])
            cost += self.costs.get(rest[last], 0)
            rest = rest[:last]
            self._check_bound(needed, cost, rest)
            if rest and self.next_first:
                # `needed` and `rest` are the prefix just refuted: no need to ask again. The
                # elements needed often stand side by side (a conflict's rule instances at
                # the cells of a line), so the next question leaves out the last element
                # of `rest`: found needed so in one call, not two; or its core goes on
                core = rest
            elif rest:
                found, core = self._solve([*needed, *rest])
                if found is not False:  # left open by the budget: keep the rest
                    self.open += 1
                    needed += rest
                    break
        order = {literal: i for i, literal in enumerate(literals)}
        return sorted(needed, key=order.__getitem__)

    def _check_bound(self, needed: list[int], cost: int, rest: list[int]) -> None:
        """Give up (`Beaten`, with where the shrink stands) if `cost` is over the limit."""
        if self.limit is not None and cost > self.limit:
            raise Beaten(cost, Progress(list(needed), cost, list(rest), self.open))

"""Shrinking a set of assumptions with no solution (explain.shrink), on a small clingo program:
the preferred minimal part, given up under a bound and gone on with from where it stopped."""

from __future__ import annotations

import clingo
import pytest

from puzzlesolve.explain.shrink import Beaten, Shrink

# six switches; no solution has x2 and x5 together, nor x1, x3 and x4
PROGRAM = """
{ x(1..6) }.
:- x(2), x(5).
:- x(1), x(3), x(4).
"""


class Solver:
    """What `Shrink` asks of a program: a solve call under assumptions, counted."""

    def __init__(self):
        self.ctl = clingo.Control()
        self.ctl.add("base", [], PROGRAM)
        self.ctl.ground([("base", [])])
        self.x = {
            n: self.ctl.symbolic_atoms[clingo.Function("x", [clingo.Number(n)])].literal
            for n in range(1, 7)
        }
        self.calls = 0

    def solve(self, assumptions, budget=None):
        self.calls += 1
        core = []
        result = self.ctl.solve(assumptions=assumptions, on_core=core.append)
        if result.unsatisfiable:
            return False, core[0] if core else list(assumptions)
        return True, []


def test_the_shrink_keeps_the_earlier_of_two_conflicts():
    solver = Solver()
    literals = [solver.x[n] for n in range(1, 7)]
    kept = Shrink(solver, [], None).minimal(literals)
    # x1, x3 and x4 conflict by x4, before x2 and x5 would by x5: the earlier is kept
    assert kept == [solver.x[1], solver.x[3], solver.x[4]]


def test_a_shrink_given_up_goes_on_where_it_stopped_and_ends_as_a_fresh_one():
    solver = Solver()
    literals = [solver.x[n] for n in range(1, 7)]
    fresh = Shrink(solver, [], None)
    expected = fresh.minimal(literals)
    calls_fresh = solver.calls

    solver.calls = 0
    bounded = Shrink(solver, [], None)
    # beaten at its second element found needed (x4, then x3)
    bounded.bound({literal: 1 for literal in literals}, 1)
    with pytest.raises(Beaten) as beaten:
        bounded.minimal(literals)
    assert beaten.value.cost == 2 and beaten.value.progress is not None
    again = Shrink(solver, [], None)
    assert again.minimal(literals, progress=beaten.value.progress) == expected
    # no check asked twice: the two parts make the same calls as the fresh shrink
    assert solver.calls == calls_fresh

    still = Shrink(solver, [], None)
    still.bound({literal: 1 for literal in literals}, 1)
    calls = solver.calls
    with pytest.raises(Beaten):  # under the same bound: given up again, with no call
        still.minimal(literals, progress=beaten.value.progress)
    assert solver.calls == calls

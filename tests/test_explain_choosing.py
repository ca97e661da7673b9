"""The step choice (`explain.choice.Choosing`) and the session that is one (`Session`) agree
on what each provides: what the choice calls is declared on it, and the session's methods of
the same names take the same arguments."""

import inspect

import pytest

from puzzlesolve.explain.choice import Choosing
from puzzlesolve.explain.session import Session


def test_a_choosing_without_its_description_cannot_be_made():
    # the step choice describes each step with `described`, which a subclass must have:
    # refused when the object is made, not in the middle of a hint
    bare = type("Bare", (Choosing,), {})
    with pytest.raises(TypeError, match="described"):
        bare()


def test_the_session_keeps_the_signatures_of_the_choice():
    overridden = {
        name: (inspect.signature(getattr(Choosing, name)), inspect.signature(value))
        for name, value in vars(Session).items()
        if callable(value) and name in vars(Choosing) and not name.startswith("__")
    }
    assert {name: mine for name, (_, mine) in overridden.items()} == {
        name: theirs for name, (theirs, _) in overridden.items()
    }
    assert "described" in overridden  # the comparison above compares something

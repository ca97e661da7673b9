"""encodings/connected.lp on its own: a board and its area as inline facts, the cells the
library finds connected to the area's first cell."""

from __future__ import annotations

import clingo
import pytest

from puzzlesolve.program import encoding_path

SHOW = "#show connected/2."


def board(picture: str) -> str:
    """Facts of a board drawn in rows: `#` an area cell, `.` a cell outside it."""
    facts = []
    for r, row in enumerate(picture.split()):
        for c, mark in enumerate(row):
            facts.append(f"cell({r},{c}).")
            facts.append(f"{'area' if mark == '#' else 'outside'}({r},{c}).")
    return " ".join(facts)


def models(facts: str) -> set[frozenset[str]]:
    """Every answer set of the library on `facts`, as sets of shown atoms, and no message."""
    messages: list[str] = []
    ctl = clingo.Control(["--models=0"], logger=lambda _code, text: messages.append(text))
    ctl.load(str(encoding_path("connected.lp")))
    ctl.add("base", [], facts + SHOW)
    ctl.ground([("base", [])])
    found: set[frozenset[str]] = set()
    ctl.solve(on_model=lambda model: found.add(frozenset(map(str, model.symbols(shown=True)))))
    assert messages == []
    return found


def connected(*cells: tuple[int, int]) -> set[frozenset[str]]:
    return {frozenset(f"connected({r},{c})" for r, c in cells)}


@pytest.mark.parametrize(
    ("picture", "expected"),
    [
        # the first area cell in reading order roots the area, past leading outside cells
        ("..# .## ...", connected((0, 2), (1, 1), (1, 2))),
        # a row's end carries the search to the next row
        ("... #.. ##.", connected((1, 0), (2, 0), (2, 1))),
        # an area in two pieces: only the first piece is connected
        ("#.# #.. ..#", connected((0, 0), (1, 0))),
        # cells touching by a corner only are not joined
        ("#. .#", connected((0, 0))),
        # no area at all: nothing to join
        (".. ..", connected()),
    ],
)
def test_connected_cells_are_those_joined_by_sides_to_the_first(picture, expected):
    assert models(board(picture)) == expected

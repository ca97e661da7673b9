"""encodings/connected.lp on its own: a board and its area as inline facts, the cells the
library finds connected to the area's first cell."""

from __future__ import annotations

import pytest
from conftest import grounder_messages, library_models

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
    """Every answer set of the library on `facts`, as sets of shown atoms, and no message
    (the mutant's, under tests/mutation.py)."""
    assert grounder_messages("connected.lp", facts) == []
    return library_models("connected.lp", facts, SHOW)


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
        # an area with no cell outside it (outside/2 has no fact: no warning either)
        ("## ##", connected((0, 0), (0, 1), (1, 0), (1, 1))),
        # only a row's last cell carries the search to the next row, not one mid-row
        (".# #.", connected((0, 1))),
        # the area is joined upwards too
        ("#.# ###", connected((0, 0), (1, 0), (1, 1), (1, 2), (0, 2))),
    ],
)
def test_connected_cells_are_those_joined_by_sides_to_the_first(picture, expected):
    assert models(board(picture)) == expected

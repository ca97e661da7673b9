"""encodings/heyawake.techniques.lp: each technique fires where it should, and every
conclusion follows from the numbered rules of heyawake.lp and the cells it rests on, on small
boards and on corpus boards solved forward to the end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import CORPUS, NO_CORPUS
from forward import Cell, Round, Rules, forward, forward_round, path_facts

from puzzlesolve.registry import get_genre

HEYAWAKE = get_genre("heyawake")


class ShadeRules(Rules):
    """The judge of tests/forward.py, on shading: a cell "shaded" or "unshaded"."""

    @staticmethod
    def _literal(cell: Cell, value: str):
        import clingo

        atom = clingo.Function("shaded", [clingo.Number(cell[0]), clingo.Number(cell[1])])
        return atom, value == "shaded"

    def implied(self, known: dict[Cell, str], cell: Cell, value: str) -> bool:
        other = "unshaded" if value == "shaded" else "shaded"
        return not self.consistent({**known, cell: other})


def facts(text: str) -> str:
    return "\n".join(HEYAWAKE.facts(HEYAWAKE.parse(text, "test"))) + "\n"


def checked_round(text: str, known: dict[Cell, str] | None = None) -> Round:
    """One round, each conclusion implied by the rules and by the cells it rests on (with
    the numbers, which stay)."""
    board, known = facts(text), known or {}
    rules = ShadeRules("heyawake.lp", board)
    assert rules.consistent(known)
    found = forward_round("heyawake", board, known)
    for c in found.conclusions:
        assert rules.implied(known, c.cell, c.value), f"not implied: {c}"
        cited = {cell: known[cell] for cell in c.rests if cell in known}
        assert rules.implied(cited, c.cell, c.value) or c.technique == "closure", c
    return found


SIX = Path("instances/heyawake/pzprjs-6x6.txt").read_text()


def test_every_technique_is_named_with_a_tier():
    found = forward_round("heyawake", facts(SIX), {})
    assert {name: tier for name, (tier, _, _) in found.techniques.items()} == {
        "beside_shaded": 0,
        "count_met": 0,
        "count_forced": 1,
        "two_border_run": 1,
        "room_line": 1,
        "room_full": 2,
        "closure": 2,
    }


def test_t1_a_shaded_cell_keeps_its_neighbours_unshaded():
    found = checked_round(SIX, {(1, 3): "shaded"})
    assert found.by("beside_shaded") == {
        (cell, "unshaded") for cell in [(0, 3), (1, 2), (1, 4), (2, 3)]
    }


def test_t2_a_room_with_its_count_is_unshaded_elsewhere():
    # room b (r1c2-r3c3) holds 2
    found = checked_round(SIX, {(0, 2): "shaded", (2, 2): "shaded"})
    assert found.by("count_met") == {
        (cell, "unshaded") for cell in [(0, 1), (1, 1), (1, 2), (2, 1)]
    }


def test_t3_the_last_places_of_a_room_are_shaded():
    text = "a2 a a a\nb b b b\n"
    found = checked_round(text, {(0, 1): "unshaded", (0, 2): "unshaded"})
    assert found.by("count_forced") == {((0, 0), "shaded"), ((0, 3), "shaded")}


def test_t4_the_last_open_cell_of_a_two_border_run_is_shaded():
    # column 1 crosses rooms a (r1c1-r3c1), e (r4c1) and f (r5c1-r6c1): of r3c1, r4c1 and
    # r5c1 one is shaded
    found = checked_round(SIX, {(3, 0): "unshaded", (4, 0): "unshaded"})
    assert found.by("two_border_run") == {((2, 0), "shaded")}


def test_t5_a_cell_that_would_cut_the_white_area_stays_unshaded():
    # with r1c2 shaded, shading r2c1 would wall in the corner r1c1
    found = checked_round("a a a\na a a\na a a\n", {(0, 1): "shaded"})
    assert ((1, 0), "unshaded") in found.by("closure")


def test_t6_a_room_along_a_line_with_room_for_just_its_count():
    found = checked_round("a2 a a\nb b b\n")
    assert found.by("room_line") == {((0, 0), "shaded"), ((0, 2), "shaded")}


def test_t7_a_full_3x3_room_is_a_checkerboard():
    # room a, 3x3 in the middle of a ring of room b: five shaded cells, corners and centre;
    # paired along its rows, then its right column down, r4c4 is left single
    text = "b b b b b\nb a5 a a b\nb a a a b\nb a a a b\nb b b b b\n"
    found = checked_round(text)
    assert found.by("room_full") == {((3, 3), "shaded")}


@pytest.mark.parametrize(
    "entry",
    []
    if NO_CORPUS
    else [
        e
        for e in json.loads((CORPUS / "manifest-regions5.json").read_text())
        if e["genre"] == "heyawake" and e["rows"] * e["cols"] <= 64
    ][:4],
    ids=lambda e: e["path"],
)
def test_forward_rounds_on_corpus_boards_are_implied(entry):
    board = path_facts(CORPUS / entry["path"], "heyawake")
    rules = ShadeRules("heyawake.lp", board)
    state: dict[Cell, str] = {}
    for found in forward("heyawake", board).rounds:
        for c in found.conclusions:
            assert rules.implied(state, c.cell, c.value), f"not implied: {c}"
        for cell, values in found.decided().items():
            state[cell] = next(iter(values))

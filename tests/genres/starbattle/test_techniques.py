"""encodings/starbattle.techniques.lp: each technique fires where it should, every conclusion
follows from the numbered rules of starbattle.lp (and from the cells its rests name), on
small boards and on corpus boards solved forward to the end."""

from __future__ import annotations

import json

import pytest
from conftest import CORPUS, NO_CORPUS
from forward import Cell, Round, Rules, forward, forward_round, path_facts

from puzzlesolve.registry import get_genre

STARBATTLE = get_genre("starbattle")


class StarRules(Rules):
    """The judge of tests/forward.py, on stars: a cell "star" or "empty"."""

    @staticmethod
    def _literal(cell: Cell, value: str):
        import clingo

        return clingo.Function("star", [clingo.Number(cell[0]), clingo.Number(cell[1])]), (
            value == "star"
        )

    def implied(self, known: dict[Cell, str], cell: Cell, value: str) -> bool:
        other = "empty" if value == "star" else "star"
        return not self.consistent({**known, cell: other})


def facts(text: str) -> str:
    puzzle = STARBATTLE.parse(text, "test")
    return "\n".join(STARBATTLE.facts(puzzle)) + "\n"


def checked_round(text: str, known: dict[Cell, str] | None = None) -> Round:
    """One round, each conclusion implied by the rules and by the cells it rests on."""
    board, known = facts(text), known or {}
    rules = StarRules("starbattle.lp", board)
    assert rules.consistent(known)
    found = forward_round("starbattle", board, known)
    for c in found.conclusions:
        assert rules.implied(known, c.cell, c.value), f"not implied: {c}"
        cited = {cell: known[cell] for cell in c.rests if cell in known}
        assert rules.implied(cited, c.cell, c.value) or c.technique in ("confined", "pairs"), c
    return found


# a 5x5 board, one star; its solution: r1c5, r2c3, r3c1, r4c4, r5c2
FIVE = "a a b b b\na c c d b\na a d d d\na d d d d\ne e d d d\n"


def test_every_technique_is_named_with_a_tier():
    found = forward_round("starbattle", facts(FIVE), {})
    assert {name: tier for name, (tier, _, _) in found.techniques.items()} == {
        "touch": 0,
        "count_met": 0,
        "count_forced": 1,
        "confined": 1,
        "pairs": 3,
        "would_short": 2,
        "tight_line": 2,
        "triples": 3,
    }


def test_t1_a_star_bars_its_eight_neighbours():
    found = checked_round(FIVE, {(1, 2): "star"})
    assert {cell for cell, _ in found.by("touch")} == {
        (0, 1),
        (0, 2),
        (0, 3),
        (1, 1),
        (1, 3),
        (2, 1),
        (2, 2),
        (2, 3),
    }


def test_t2_a_full_row_and_column_bar_the_rest():
    found = checked_round(FIVE, {(0, 4): "star"})
    assert {cell for cell, _ in found.by("count_met")} == {
        (0, 0),
        (0, 1),
        (0, 2),
        (0, 3),
        (1, 4),
        (2, 4),
        (3, 4),
        (4, 4),
    }


def test_t3_the_last_place_of_a_region_holds_its_star():
    # region c is r2c2 and r2c3
    found = checked_round(FIVE, {(1, 1): "empty"})
    assert found.by("count_forced") == {((1, 2), "star")}
    (conclusion,) = [c for c in found.conclusions if c.technique == "count_forced"]
    assert conclusion.rests == {(1, 1)}


def test_t4_a_region_in_one_row_bars_the_rest_of_the_row():
    # region c is r2c2 and r2c3, region e r5c1 and r5c2
    found = checked_round(FIVE)
    assert {cell for cell, _ in found.by("confined")} == {
        (1, 0),
        (1, 3),
        (1, 4),
        (4, 2),
        (4, 3),
        (4, 4),
    }


def test_t6_a_star_that_would_bar_every_place_of_a_region_is_barred():
    # a star at r1c2, r1c3, r3c2 or r3c3 would touch both cells of region c
    found = checked_round(FIVE)
    assert {((0, 1), "empty"), ((0, 2), "empty"), ((2, 1), "empty"), ((2, 2), "empty")} <= (
        found.by("would_short")
    )


def test_t7_a_row_with_room_for_one_pair_bars_the_cells_beside_both():
    # row 1 keeps r1c4 and r1c5 open: one of them holds its star, which touches r2c4 and r2c5
    found = checked_round(FIVE, {(0, 0): "empty", (0, 1): "empty", (0, 2): "empty"})
    assert found.by("tight_line") == {((1, 3), "empty"), ((1, 4), "empty")}


def test_t7_a_run_of_three_with_room_for_two_stars_holds_them_at_its_ends():
    # two stars a line, each row a region: row 1 keeps r1c1-r1c3 open, a run of three that
    # must hold both stars: at its ends, not in its middle
    text = "% options: stars=2\n" + "".join(f"{letter * 10}\n" for letter in "abcdefghij")
    known = {(0, c): "empty" for c in range(3, 10)}
    found = checked_round(text, known)
    assert found.by("tight_line") == {((0, 0), "star"), ((0, 2), "star")}


def test_t8_three_regions_in_three_rows_bar_the_rest_of_the_rows():
    # regions a, b and c lie in rows 1-3 (no two of them in two rows): region d's cells
    # there hold no star
    text = "a a b b d d\na b b c c d\na a c c c d\nd d d d d d\ne e e e e e\nf f f f f f\n"
    found = checked_round(text)
    assert found.by("triples") == {
        ((0, 4), "empty"),
        ((0, 5), "empty"),
        ((1, 5), "empty"),
        ((2, 5), "empty"),
    }


def test_t5_two_regions_in_two_rows_bar_the_rest_of_the_rows():
    # regions a and b lie in rows 1-2, neither in one row: region c's cells there hold none
    text = "a a b b c c\na a b b c c\nc c c c c c\nd d d d d d\ne e e e e e\nf f f f f f\n"
    found = checked_round(text)
    assert found.by("pairs") == {
        ((0, 4), "empty"),
        ((0, 5), "empty"),
        ((1, 4), "empty"),
        ((1, 5), "empty"),
    }


@pytest.mark.parametrize(
    "entry",
    []
    if NO_CORPUS
    else [
        e
        for e in json.loads((CORPUS / "manifest-regions5.json").read_text())
        if e["genre"] == "starbattle" and e["rows"] <= 10
    ][:12],
    ids=lambda e: e["path"],
)
def test_forward_rounds_on_corpus_boards_are_implied(entry):
    path = CORPUS / entry["path"]
    board = path_facts(path, "starbattle")
    rules = StarRules("starbattle.lp", board)
    state: dict[Cell, str] = {}
    done = forward("starbattle", board)
    for found in done.rounds:
        for c in found.conclusions:
            assert rules.implied(state, c.cell, c.value), f"not implied: {c}"
        for cell, values in found.decided().items():
            state[cell] = next(iter(values))

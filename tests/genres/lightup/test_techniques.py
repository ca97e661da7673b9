"""encodings/lightup.techniques.lp: each technique fires where it should, follows from the
numbered rules of lightup.lp (also from the known cells its rests name alone), and the
forward loop solves Tatham's Easy and Tricky boards of the corpus with no search."""

from __future__ import annotations

import random
import re

import clingo
import pytest
from conftest import CORPUS, corpus_entries
from forward import Cell, Rules, assert_rests_suffice, forward, forward_round, path_facts

from puzzlesolve.program import encoding_path
from puzzlesolve.registry import get_genre

from .lightup_check import solutions as brute_solutions


class LightRules(Rules):
    """lightup.lp's numbered rules on one board; a white cell is "light" or "empty"."""

    @staticmethod
    def _literal(cell: Cell, value: str) -> tuple[clingo.Symbol, bool]:
        symbol = clingo.Function("light", [clingo.Number(cell[0]), clingo.Number(cell[1])])
        return (symbol, value == "light")

    def implied(self, known: dict[Cell, str], cell: Cell, value: str) -> bool:
        return not self.consistent({**known, cell: "empty" if value == "light" else "light"})


def board_facts(text: str) -> str:
    """The facts of a board written as an instance (`.` white, `#` black, digits numbered)."""
    genre = get_genre("lightup")
    return "\n".join(genre.facts(genre.parse(text, "board"))) + "\n"


def one_round(board: str, known: dict[Cell, str] | None = None):
    """One round, each conclusion proven from the rules and from its rests alone."""
    facts = board_facts(board)
    known = known or {}
    rules = LightRules("lightup.lp", facts)
    assert rules.consistent(known), "a test board whose known cells allow no solution"
    found = forward_round("lightup", facts, known)
    for c in found.conclusions:
        assert rules.implied(known, c.cell, c.value), (c, known)
    assert_rests_suffice(rules, known, found)
    return found


def rests_of(found, technique: str, cell: Cell) -> set[Cell]:
    (conclusion,) = [c for c in found.conclusions if c.technique == technique and c.cell == cell]
    return set(conclusion.rests)


def test_the_header_numbers_each_technique_with_its_tier_and_source():
    header = encoding_path("lightup.techniques.lp").read_text().split("\n\n")[0]
    numbered = re.findall(r"^%   T(\d+)\. (.+?) \[tier (\d+)\]: ", header, re.MULTILINE)
    assert [int(k) for k, _name, _tier in numbered] == list(range(1, 7))
    techniques = forward_round("lightup", board_facts("."), {}).techniques
    assert sorted((name, int(tier)) for _k, name, tier in numbered) == sorted(
        (name, tier) for tier, name, _sentence in techniques.values()
    )
    assert header.count("(Source: ") == len(techniques)


def test_lit_cell():
    found = one_round(". . #\n. . .", {(0, 0): "light"})
    assert found.by("lit") == {((0, 1), "empty"), ((1, 0), "empty")}
    assert rests_of(found, "lit", (0, 1)) == {(0, 0)}


def test_number_full_and_a_zero():
    found = one_round(". 0 .\n. # .")
    assert found.by("number_full") == {((0, 0), "empty"), ((0, 2), "empty")}
    assert rests_of(found, "number_full", (0, 0)) == {(0, 1)}
    found = one_round(". 1 .\n. . .", {(0, 0): "light"})
    assert ((0, 2), "empty") in found.by("number_full")
    assert rests_of(found, "number_full", (0, 2)) == {(0, 1), (0, 0)}


def test_numbers_lights_forced():
    found = one_round("2 . .\n. . .\n. . .")
    assert found.by("number_forced") == {((0, 1), "light"), ((1, 0), "light")}
    assert found.deciders((0, 1)) == {"number_forced"}
    assert rests_of(found, "number_forced", (0, 1)) == {(0, 0)}


def test_numbers_lights_forced_once_a_neighbour_is_barred():
    # the 2's left neighbour is barred: its two other neighbours take the lights
    found = one_round(". . 2 .\n. . . #", {(0, 0): "light"})
    assert ((0, 3), "light") in found.by("number_forced")
    assert ((1, 2), "light") in found.by("number_forced")
    assert rests_of(found, "number_forced", (0, 3)) == {(0, 2), (0, 0)}


def test_only_one_light_can_reach():
    # (0,0) is walled in by black cells but for its right neighbour, which is barred: only
    # (0,0) itself can light it
    found = one_round(". . #\n# # .", {(0, 1): "empty"})
    assert found.by("one_reach") >= {((0, 0), "light")}
    assert found.deciders((0, 0)) == {"one_reach"}
    assert rests_of(found, "one_reach", (0, 0)) == {(0, 1)}


def test_would_bar_a_numbers_lights():
    # a 3 with four free sides: each diagonal cell sees two of them, one is a light
    found = one_round("# . . #\n. 3 . .\n. . . .\n# . . #")
    assert ((0, 2), "empty") in found.by("bars_number")
    assert ((2, 0), "empty") in found.by("bars_number")
    assert ((2, 2), "empty") in found.by("bars_number")
    assert found.deciders((2, 2)) == {"bars_number"}
    assert rests_of(found, "bars_number", (2, 2)) == {(1, 1)}


def test_would_leave_a_cell_dark_needs_a_cell_that_bars_every_place():
    # the dark (1,0) can be lit from (0,0) or (2,0) only; (2,1) and (2,2) see (2,0) and not
    # (0,0), so none of them would leave it dark
    found = one_round(". # .\n. # .\n. . .\n# . #", {(1, 0): "empty"})
    assert found.by("leaves_dark") == set()


def test_a_light_bars_through_a_number_that_needs_one_more():
    # the 2 at (2,1) has one light, (2,0), and needs one more: a light at (2,2) would take
    # it, and so bar (3,1) through the 2 and (3,2) by shining on it: the only places left
    # to light the dark (3,1)
    board = ". . .\n# . 1\n. 2 .\n# . ."
    found = one_round(board, {(0, 0): "light", (2, 0): "light"})
    assert ((2, 2), "empty") in found.by("leaves_dark")
    assert rests_of(found, "leaves_dark", (2, 2)) == {(2, 0), (2, 1)}


def test_would_leave_a_cell_dark_fires_on_a_cross():
    # the dark cell (0,0) can be lit from (0,1) or (1,0) (and itself); a light at (1,1) sees
    # both of the others, not (0,0): with (0,0) barred, (1,1) holds no light
    board = ". . #\n. . .\n# . #"
    found = one_round(board, {(0, 0): "empty"})
    assert ((1, 1), "empty") in found.by("leaves_dark")
    assert found.deciders((1, 1)) == {"leaves_dark"}
    assert rests_of(found, "leaves_dark", (1, 1)) == {(0, 0)}


@pytest.mark.parametrize(
    ("board", "known", "technique", "cell"),
    [
        (". . .", {(0, 0): "light", (0, 2): "light"}, "lit", (0, 2)),
        (". 1 .", {(0, 0): "light", (0, 2): "light"}, "number_full", (0, 1)),
        ("# . #\n. 2 #", {(0, 1): "empty"}, "number_forced", (1, 1)),
        (". #\n# .", {(0, 0): "empty"}, "one_reach", (0, 0)),
    ],
)
def test_broken_rules_are_contradictions(board, known, technique, cell):
    found = forward_round("lightup", board_facts(board), known)
    assert (technique, cell) in found.contradictions
    assert not LightRules("lightup.lp", board_facts(board)).consistent(known)


def random_board(rng: random.Random) -> tuple[int, int, dict[Cell, int | None]]:
    rows, cols = rng.randint(2, 4), rng.randint(2, 4)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    chosen = rng.sample(cells, rng.randint(1, len(cells) // 2))
    return rows, cols, {cell: rng.choice([None, 0, 1, 1, 2, 2, 3]) for cell in chosen}


def text_of(rows: int, cols: int, black: dict[Cell, int | None]) -> str:
    def token(cell: Cell) -> str:
        return "." if cell not in black else "#" if black[cell] is None else str(black[cell])

    return "\n".join(" ".join(token((r, c)) for c in range(cols)) for r in range(rows))


def test_random_small_boards_every_conclusion_holds_in_every_solution():
    rng = random.Random(41)
    fired: set[str] = set()
    techniques: dict = {}
    for _trial in range(300):
        rows, cols, black = random_board(rng)
        found_solutions = brute_solutions(rows, cols, black)
        if not found_solutions:
            continue
        white = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in black]
        chosen = rng.choice(found_solutions)
        share = rng.choice((0, 0.2, 0.4))
        known = {
            cell: "light" if cell in chosen else "empty" for cell in white if rng.random() < share
        }
        extending = [
            s for s in found_solutions if all((c in s) == (v == "light") for c, v in known.items())
        ]
        facts = board_facts(text_of(rows, cols, black))
        found = forward_round("lightup", facts, known)
        techniques = found.techniques
        for c in found.conclusions:
            assert all((c.cell in s) == (c.value == "light") for s in extending), (black, c)
            fired.add(c.technique)
        assert found.contradictions == frozenset(), (black, known)
        assert_rests_suffice(LightRules("lightup.lp", facts), known, found)
    assert fired == set(techniques), "a technique never fired on the random boards"


def test_random_small_boards_contradictions_only_where_no_solution_is_left():
    rng = random.Random(42)
    for _trial in range(80):
        rows, cols, black = random_board(rng)
        white = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in black]
        known = {
            cell: rng.choice(("light", "empty")) for cell in rng.sample(white, len(white) // 2)
        }
        facts = board_facts(text_of(rows, cols, black))
        found = forward_round("lightup", facts, known)
        if found.contradictions:
            assert not LightRules("lightup.lp", facts).consistent(known), (black, known)


def tatham(level: str) -> list[dict]:
    return [
        e
        for e in corpus_entries("lightup", 400, "manifest-wave5.json")
        if f"_{level}_" in e["path"]
    ]


@pytest.mark.parametrize("entry", tatham("d0") + tatham("d1"), ids=lambda e: e["path"])
def test_the_forward_loop_solves_tatham_easy_and_tricky_boards_alone(entry):
    facts = path_facts(CORPUS / entry["path"], "lightup")
    solution = LightRules("lightup.lp", facts)
    result = forward("lightup", facts)
    white = [
        (r, c)
        for r in range(entry["rows"])
        for c in range(entry["cols"])
        if f"black({r},{c})." not in facts
    ]
    assert sorted(result.known) == white  # every white cell decided, no search
    assert solution.consistent(result.known)
    # Easy boards need tiers 0-1 only, as Tatham's Easy solver
    if "_d0_" in entry["path"]:
        assert len(forward("lightup", facts, max_tier=1).known) == len(white)


def test_the_genre_reads_the_facts_the_techniques_file_expects():
    assert board_facts("1 .\n# .") == (
        "cell(0,0).\ncell(0,1).\ncell(1,0).\ncell(1,1).\nblack(0,0).\nblack(1,0).\nnumber(0,0,1).\n"
    )

"""encodings/tents.techniques.lp: each technique fires where it should, follows from the
numbered rules of tents.lp (also from the known cells its rests name alone), and the forward
loop solves Tatham's Easy boards of the corpus with his Easy techniques (tiers 0-1) alone."""

from __future__ import annotations

import random
import re

import clingo
import pytest
from conftest import CORPUS, corpus_entries
from forward import Cell, Rules, assert_rests_suffice, forward, forward_round

from puzzlesolve.genres.tents.generate import _placement
from puzzlesolve.program import encoding_path
from puzzlesolve.registry import get_genre

GENRE = get_genre("tents")


class TentRules(Rules):
    """tents.lp's numbered rules on one board; an empty cell is "tent" or "grass"."""

    @staticmethod
    def _literal(cell: Cell, value: str) -> tuple[clingo.Symbol, bool]:
        symbol = clingo.Function("tent", [clingo.Number(cell[0]), clingo.Number(cell[1])])
        return (symbol, value == "tent")

    def implied(self, known: dict[Cell, str], cell: Cell, value: str) -> bool:
        return not self.consistent({**known, cell: "grass" if value == "tent" else "tent"})


def board_facts(text: str) -> str:
    return "\n".join(GENRE.facts(GENRE.parse(text, "board"))) + "\n"


def one_round(board: str, known: dict[Cell, str] | None = None):
    """One round, each conclusion proven from the rules and from its rests alone."""
    facts, known = board_facts(board), known or {}
    rules = TentRules("tents.lp", facts)
    assert rules.consistent(known), "a test board whose known cells allow no solution"
    found = forward_round("tents", facts, known)
    for c in found.conclusions:
        assert rules.implied(known, c.cell, c.value), (c, known)
    assert_rests_suffice(rules, known, found)
    return found


def test_the_header_numbers_each_technique_with_its_tier_and_source():
    header = encoding_path("tents.techniques.lp").read_text().split("\n\n")[0]
    numbered = re.findall(r"^%   T(\d+)\. (.+?) \[tier (\d+)\]: ", header, re.MULTILINE)
    assert [int(k) for k, _name, _tier in numbered] == list(range(1, 9))
    techniques = forward_round("tents", board_facts("-\n. -"), {}).techniques
    assert sorted((name, int(tier)) for _k, name, tier in numbered) == sorted(
        (name, tier) for tier, name, _sentence in techniques.values()
    )
    assert header.count("(Source: ") == len(techniques)


def test_tents_never_touch_and_no_tree_left():
    found = one_round("- - -\n. T . -\n. . . -\n. . . -", {(0, 0): "tent"})
    assert found.by("touch") == {((1, 0), "grass"), ((1, 1), "grass")}
    # the tree is tied to its tent r1c1: no other cell may be a tent
    assert found.by("no_tree") >= {((0, 2), "grass"), ((2, 2), "grass")}
    assert rests_of(found, "no_tree", (0, 2)) == {(0, 0), (0, 1)}


def rests_of(found, technique: str, cell: Cell) -> set[Cell]:
    (conclusion,) = [c for c in found.conclusions if c.technique == technique and c.cell == cell]
    return set(conclusion.rests)


def test_tree_s_last_place_rests_on_the_grass_beside_the_tree():
    found = one_round("- - -\n. T . -\n. . . -", {(0, 0): "grass", (1, 1): "grass"})
    assert found.by("last_place") == {((0, 2), "tent")}
    assert rests_of(found, "last_place", (0, 2)) == {(0, 1), (0, 0), (1, 1)}


def test_count_met_and_count_forced():
    found = one_round("0 - 1\n. T . 1\n. . . 0", {(1, 2): "grass"})
    assert found.by("count_met") == {((0, 0), "grass"), ((1, 0), "grass"), ((1, 1), "grass")}
    assert found.by("count_forced") == {((0, 2), "tent")}
    assert rests_of(found, "count_forced", (0, 2)) == {(1, 2)}


def test_tight_line_places_a_run_s_tents_and_every_place_touches():
    # row 2 needs three tents in its run of five: every second cell from the first
    found = one_round("- - - - -\nT . T . T -\n. . . . . 3")
    assert found.by("tight_line") == {((1, 0), "tent"), ((1, 2), "tent"), ((1, 4), "tent")}
    # the first tree's places r1c2 and r2c1 both touch r2c2
    assert found.by("every_place") == {((1, 1), "grass"), ((1, 3), "grass")}
    assert rests_of(found, "every_place", (1, 1)) == {(0, 0)}


def test_beside_a_tight_line():
    # row 2 needs one tent in its run of two: the cells above and below both are grass
    found = one_round("- - - -\n. . . . -\nT . . T 1\n. . . . -")
    assert found.by("tight_side") == {
        ((0, 1), "grass"),
        ((0, 2), "grass"),
        ((2, 1), "grass"),
        ((2, 2), "grass"),
    }


def random_board(rng: random.Random) -> str:
    """A small board with a solution: Tatham's shape (a fifth of the cells trees), some
    counts left out."""
    rows, cols = rng.randint(3, 6), rng.randint(3, 6)
    tents, trees = _placement(rows, cols, rng.randrange(1 << 20))
    count = lambda n: str(n) if rng.random() < 0.7 else "-"
    lines = [" ".join(count(sum(t[1] == c for t in tents)) for c in range(cols))]
    for r in range(rows):
        cells = ["T" if (r, c) in trees else "." for c in range(cols)]
        lines.append(" ".join([*cells, count(sum(t[0] == r for t in tents))]))
    return "\n".join(lines)


def solutions(rules: TentRules) -> list[dict[Cell, str]]:
    """Every solution of a board, each empty cell "tent" or "grass"."""
    found: list[set[Cell]] = []
    rules.ctl.configuration.solve.project = "project"  # one model a set of tents
    rules.ctl.solve(
        on_model=lambda m: found.append(
            {(s.arguments[0].number, s.arguments[1].number) for s in m.symbols(shown=True)}
        )
    )
    empty = [
        (s.arguments[0].number, s.arguments[1].number)
        for s in (a.symbol for a in rules.ctl.symbolic_atoms.by_signature("empty", 2))
    ]
    return [{cell: "tent" if cell in tents else "grass" for cell in empty} for tents in found]


def test_random_small_boards_every_conclusion_holds_in_every_solution():
    rng = random.Random(42)
    fired: set[str] = set()
    techniques: dict = {}
    for _trial in range(60):
        text = random_board(rng)
        facts = board_facts(text)
        rules = TentRules("tents.lp", facts)
        solution = rng.choice(solutions(rules))
        share = rng.choice((0, 0.2, 0.4))
        known = {cell: value for cell, value in solution.items() if rng.random() < share}
        found = forward_round("tents", facts, known)
        techniques = found.techniques
        for c in found.conclusions:
            assert rules.implied(known, c.cell, c.value), (text, c)
            fired.add(c.technique)
        assert found.contradictions == frozenset(), (text, known)
        assert_rests_suffice(rules, known, found)
    assert fired == set(techniques), "a technique never fired on the random boards"


EASY = [e for e in corpus_entries("tents", 100, "manifest-wave5.json") if "_de_" in e["path"]]


@pytest.mark.parametrize("entry", EASY, ids=lambda e: e["path"])
def test_tatham_easy_boards_need_his_easy_techniques_only(entry):
    board = GENRE.parse((CORPUS / entry["path"]).read_text(), entry["path"])
    facts = "\n".join(GENRE.facts(board)) + "\n"
    done = forward("tents", facts, max_tier=1)
    assert len(done.known) == len(board.empty)
    solution = (CORPUS / entry["solution"]).read_text().split("\n")[1:]
    tents = {
        (r, c) for r, line in enumerate(solution) for c, t in enumerate(line.split()) if t == "A"
    }
    assert {cell for cell, value in done.known.items() if value == "tent"} == tents

"""encodings/kurodoko.techniques.lp: each technique fires where it should, follows from the
numbered rules of kurodoko.lp (also from the known cells its rests name alone), and the
forward loop solves Tatham's Range boards of the corpus with no search."""

from __future__ import annotations

import random
import re

import pytest
from conftest import CORPUS, corpus_entries
from forward import Cell, Rules, assert_rests_suffice, forward, forward_round, path_facts

from puzzlesolve.program import encoding_path
from puzzlesolve.registry import get_genre

GENRE = get_genre("kurodoko")


def start(text: str) -> tuple[str, dict[Cell, str]]:
    """A board's facts and its numbered cells, known unshaded from the start (as the engine
    has them: explain.forward_givens)."""
    board = GENRE.parse(text, "board")
    return "\n".join(GENRE.facts(board)) + "\n", dict.fromkeys(board.numbers, "unshaded")


def one_round(text: str, known: dict[Cell, str] | None = None):
    """One round, each conclusion proven from the rules and from its rests alone."""
    facts, givens = start(text)
    known = {**givens, **(known or {})}
    rules = Rules("kurodoko.lp", facts)
    assert rules.consistent(known), "a test board whose known cells allow no solution"
    found = forward_round("kurodoko", facts, known)
    for c in found.conclusions:
        assert rules.implied(known, c.cell, c.value), (c, known)
    assert_rests_suffice(rules, known, found)
    return found


def by(found, technique: str) -> dict[Cell, str]:
    return {c.cell: c.value for c in found.conclusions if c.technique == technique}


def test_the_header_numbers_each_technique_with_its_tier_and_source():
    header = encoding_path("kurodoko.techniques.lp").read_text().split("\n\n")[0]
    numbered = re.findall(r"^%   T(\d+)\. (.+?) \[tier (\d+)\]: ", header, re.MULTILINE)
    assert [int(k) for k, _name, _tier in numbered] == list(range(1, 8))
    assert [int(tier) for _k, _name, tier in numbered] == [0, 0, 1, 1, 1, 2, 3]


def test_must_see_at_least_this_far():
    # a 5 in the middle of a 3x3 sees its whole cross
    found = one_round(". . .\n. 5 .\n. . .")
    assert by(found, "sees_far") == dict.fromkeys([(0, 1), (1, 0), (1, 2), (2, 1)], "unshaded")


def test_number_sees_enough_and_beside_a_shaded_cell():
    found = one_round("2 . . .\n. . . .", {(0, 1): "unshaded"})
    assert by(found, "sees_enough") == {(0, 2): "shaded", (1, 0): "shaded"}
    found = one_round(". . .\n. . .", {(0, 1): "shaded"})
    assert by(found, "beside_shaded") == dict.fromkeys([(0, 0), (0, 2), (1, 1)], "unshaded")


def test_would_see_too_many():
    # 3 ? . .: the cell after the 3 would join it to the two unshaded cells beyond
    found = one_round("3 . . .\n. . . .\n. . . .", {(0, 2): "unshaded", (0, 3): "unshaded"})
    assert by(found, "too_many") == {(0, 1): "shaded"}


def test_do_not_cut_the_white_area():
    # r1c2 shaded: shading r2c1 or r2c3 would wall a corner in
    found = one_round(". . .\n. . .\n. . .", {(0, 1): "shaded"})
    assert by(found, "closure") == dict.fromkeys([(1, 0), (1, 2)], "unshaded")


def test_stopped_short_of_a_stretch():
    # the 4 may not see past r1c3 to the right: r1c4 and r1c5 would join it to 7 cells; so
    # it sees at least two cells down
    text = "4 . . . .\n. . . . .\n. . . . ."
    found = one_round(text, {(0, 3): "unshaded", (0, 4): "unshaded"})
    assert by(found, "stopped_short").get((1, 0)) == "unshaded"


def test_a_number_that_sees_too_much_is_a_contradiction():
    facts, known = start("2 . .")
    found = forward_round("kurodoko", facts, {**known, (0, 1): "unshaded", (0, 2): "unshaded"})
    assert ("sees_enough", (0, 0)) in found.contradictions


@pytest.mark.parametrize("seed", range(4))
def test_random_small_boards_every_conclusion_holds_in_every_solution(seed):
    rng = random.Random(seed)
    for _ in range(6):
        rows, cols = rng.choice([(3, 3), (3, 4), (4, 4)])
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        numbers = {cell: rng.randint(2, rows + cols - 1) for cell in rng.sample(cells, 3)}
        text = "\n".join(
            " ".join(str(numbers.get((r, c), ".")) for c in range(cols)) for r in range(rows)
        )
        found = Rules("kurodoko.lp", start(text)[0]).solutions()  # rules file vs Python:
        if not found:  # tests/genres/kurodoko/test_rules.py
            continue
        solution = rng.choice(found)
        known = {
            cell: solution[cell] for cell in rng.sample(cells, rng.randint(0, len(cells) // 2))
        }
        round_ = one_round(text, known)
        assert not round_.contradictions, (text, known)


@pytest.mark.parametrize(
    "entry",
    [e for e in corpus_entries("kurodoko", 54, "manifest-wave5.json")],
    ids=lambda e: e["path"],
)
def test_the_forward_loop_solves_tatham_range_boards_alone(entry):
    path = CORPUS / entry["path"]
    facts = path_facts(path, "kurodoko")
    board = GENRE.parse(path.read_text(), str(path))
    result = forward("kurodoko", facts, dict.fromkeys(board.numbers, "unshaded"))
    assert len(result.known) == board.rows * board.cols
    published = GENRE.read_answer(board, (CORPUS / entry["solution"]).read_text(), "sol")
    assert result.known == published

"""encodings/hitori.techniques.lp: each technique fires where it should (and where no other
does), follows from the numbered rules of hitori.lp, and the forward loop solves the corpus
(tests/forward.py)."""

from __future__ import annotations

import random
import re

import pytest
from conftest import CORPUS, corpus_entries
from forward import (
    Cell,
    Rules,
    assert_rests_suffice,
    assert_round_implied,
    forward,
    forward_round,
    grid_facts,
    path_facts,
)

from puzzlesolve.program import encoding_path
from puzzlesolve.registry import get_genre

# a 4x4 board without two equal numbers in a line: only what is known makes a step
DISTINCT_4X4 = "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 16"
DISTINCT_5X5 = "\n".join(" ".join(str(5 * r + c + 1) for c in range(5)) for r in range(5))


def one_round(board: str, known: dict[Cell, str] | None = None):
    """One round on a board, each conclusion proven from the rules (and from the known cells
    its rests name alone); the known cells must leave a solution."""
    facts = grid_facts(board)
    known = known or {}
    rules = Rules("hitori.lp", facts)
    assert rules.consistent(known), "a test board whose known cells allow no solution"
    found = forward_round("hitori", facts, known)
    assert_round_implied(rules, known, found)
    assert_rests_suffice(rules, known, found)
    return found


def rests_of(found, technique: str, cell: Cell) -> set[Cell]:
    (conclusion,) = [c for c in found.conclusions if c.technique == technique and c.cell == cell]
    return set(conclusion.rests)


def test_every_technique_is_named_with_a_tier_and_a_sentence():
    found = forward_round("hitori", grid_facts("1"), {})
    assert found.techniques == {
        "beside_shaded": (0, "beside a shaded cell", "touches a shaded cell"),
        "copy_of_unshaded": (
            0,
            "copy of an unshaded number",
            "repeats the number of an unshaded cell in its line",
        ),
        "sandwich": (1, "sandwich", "sits between two equal numbers in its line"),
        "pair": (
            1,
            "pair in a line",
            "repeats a number that stands twice side by side in its line",
        ),
        "corner": (
            2,
            "corner",
            "is forced by the equal numbers of its corner, or the corner cell would be walled in",
        ),
        "single_escape": (2, "single escape", "is the last way out of an unshaded cell"),
        "closure": (3, "closure", "would cut the unshaded cells apart if shaded"),
        "offset_pair": (
            4,
            "offset pair",
            "touches both copies of an offset pair, one of which is shaded",
        ),
    }


def test_the_header_numbers_each_technique_with_its_tier_and_source():
    header = encoding_path("hitori.techniques.lp").read_text().split("\n\n")[0]
    numbered = re.findall(r"^%   T(\d+)\. (.+?) \[tier (\d+)\]: ", header, re.MULTILINE)
    assert [int(k) for k, _name, _tier in numbered] == list(range(1, len(numbered) + 1))
    techniques = forward_round("hitori", grid_facts("1"), {}).techniques
    assert sorted((name, int(tier)) for _k, name, tier in numbered) == sorted(
        (name, tier) for tier, name, _sentence in techniques.values()
    )
    assert header.count("(Source: ") == len(techniques)


def test_beside_a_shaded_cell():
    found = one_round(DISTINCT_4X4, {(1, 1): "shaded"})
    assert found.by("beside_shaded") == {
        ((0, 1), "unshaded"),
        ((1, 0), "unshaded"),
        ((1, 2), "unshaded"),
        ((2, 1), "unshaded"),
    }
    assert {c.technique for c in found.conclusions} == {"beside_shaded"}
    assert rests_of(found, "beside_shaded", (0, 1)) == {(1, 1)}


def test_copy_of_an_unshaded_number():
    found = one_round("1 2 3 1\n4 5 6 7\n8 9 10 11", {(0, 0): "unshaded"})
    assert found.by("copy_of_unshaded") == {((0, 3), "shaded")}
    assert found.deciders((0, 3)) == {"copy_of_unshaded"}
    assert rests_of(found, "copy_of_unshaded", (0, 3)) == {(0, 0)}


def test_copy_of_an_unshaded_number_in_a_column():
    found = one_round("1 2 3\n4 5 6\n1 7 8", {(2, 0): "unshaded"})
    assert found.by("copy_of_unshaded") == {((0, 0), "shaded")}


def test_sandwich():
    found = one_round("1 2 1\n3 4 5\n6 7 8")
    assert found.by("sandwich") == {((0, 1), "unshaded")}
    assert found.deciders((0, 1)) == {"sandwich"}
    assert rests_of(found, "sandwich", (0, 1)) == {(0, 0), (0, 2)}
    assert {c.technique for c in found.conclusions} == {"sandwich"}


def test_sandwich_in_a_column_and_of_three_equal_numbers():
    found = one_round("1 2 3\n1 4 5\n1 6 7")
    assert ((1, 0), "unshaded") in found.by("sandwich")


def test_pair_in_a_line():
    found = one_round("2 1 1 3 1\n4 5 6 7 8\n9 10 11 12 13")
    assert found.by("pair") == {((0, 4), "shaded")}
    assert found.deciders((0, 4)) == {"pair"}
    assert rests_of(found, "pair", (0, 4)) == {(0, 1), (0, 2)}


def test_pair_in_a_column():
    found = one_round("1 2 3\n1 4 5\n6 7 8\n1 9 10")
    assert found.by("pair") == {((3, 0), "shaded")}


def test_corner_three_equal_numbers_shade_the_corner():
    found = one_round("1 1 2\n1 3 4\n5 6 7")
    assert found.by("corner") == {((0, 0), "shaded"), ((0, 1), "unshaded"), ((1, 0), "unshaded")}
    assert found.deciders((0, 0)) == {"corner"}
    assert rests_of(found, "corner", (0, 0)) == {(0, 0), (0, 1), (1, 0)}


def test_corner_three_equal_numbers_round_the_inner_cell_shade_it():
    found = one_round("1 2 3\n2 2 4\n5 6 7")
    assert ((1, 1), "shaded") in found.by("corner")
    assert found.deciders((1, 1)) == {"corner"}
    assert rests_of(found, "corner", (1, 1)) == {(0, 1), (1, 0), (1, 1)}


def test_corner_two_pairs_shade_the_corner():
    # the bottom-right corner: a pair in each of its two rows
    found = one_round("1 2 3 4\n5 6 7 8\n9 10 3 3\n11 12 4 4")
    assert ((3, 3), "shaded") in found.by("corner")
    assert found.deciders((3, 3)) == {"corner"}
    assert rests_of(found, "corner", (3, 3)) == {(2, 2), (2, 3), (3, 2), (3, 3)}


def test_corner_a_pair_along_a_wall_keeps_the_other_neighbour_unshaded():
    found = one_round("1 2 3\n1 4 5\n6 7 8")
    assert found.by("corner") == {((0, 1), "unshaded")}
    assert found.deciders((0, 1)) == {"corner"}
    assert rests_of(found, "corner", (0, 1)) == {(0, 0), (1, 0)}


def test_corner_a_pair_beside_the_corner_keeps_the_other_neighbour_unshaded():
    # the top-right corner: its column neighbour and the inner cell show 7
    found = one_round("1 2 3 4\n5 6 7 7\n8 9 10 11\n12 13 14 15")
    assert found.by("corner") == {((0, 2), "unshaded")}
    assert found.deciders((0, 2)) == {"corner"}
    assert rests_of(found, "corner", (0, 2)) == {(1, 2), (1, 3)}


def test_single_escape():
    found = one_round(DISTINCT_4X4, {(0, 0): "unshaded", (0, 1): "shaded"})
    assert found.by("single_escape") == {((1, 0), "unshaded")}
    # closure (tier 3) sees it too, as it sees every single escape: this is the easy way
    assert found.deciders((1, 0)) == {"single_escape", "closure"}
    assert found.deciders((1, 0), max_tier=2) == {"single_escape"}
    assert rests_of(found, "single_escape", (1, 0)) == {(0, 0), (0, 1)}


def test_single_escape_needs_two_rows():
    found = one_round("1 2 3 4", {(0, 1): "unshaded", (0, 0): "shaded"})
    assert found.by("single_escape") == set()


def test_closure_of_a_corner():
    found = one_round(DISTINCT_4X4, {(0, 2): "shaded", (2, 0): "shaded"})
    # (1,3) and (3,1) would wall in the corners (0,3) and (3,0)
    assert found.by("closure") == {((1, 1), "unshaded"), ((1, 3), "unshaded"), ((3, 1), "unshaded")}
    assert found.deciders((1, 1)) == {"closure"}
    # the wall and the three cells it would cut off
    assert rests_of(found, "closure", (1, 1)) == {(0, 2), (2, 0), (0, 0), (0, 1), (1, 0)}


def test_closure_of_a_pocket_inside_the_board():
    known = {(1, 2): "shaded", (2, 1): "shaded", (3, 2): "shaded"}
    found = one_round(DISTINCT_5X5, known)
    assert found.by("closure") == {((2, 3), "unshaded")}
    assert found.deciders((2, 3)) == {"closure"}
    assert rests_of(found, "closure", (2, 3)) == {(1, 2), (2, 1), (3, 2), (2, 2)}


def test_closure_of_a_wall_across_the_board_names_the_wall_of_the_smaller_side():
    # shaded cells from the top edge down to the left edge; (3,0) would finish the wall
    known = {(0, 3): "shaded", (1, 2): "shaded", (2, 1): "shaded"}
    found = one_round(DISTINCT_5X5, known)
    assert ((3, 0), "unshaded") in found.by("closure")
    assert found.deciders((3, 0)) == {"closure"}
    # cut off: the six cells above the wall
    cut_off = {(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (2, 0)}
    assert rests_of(found, "closure", (3, 0)) == cut_off | set(known)


def test_closure_of_two_large_sides_names_the_shortest_chain_of_the_wall():
    # a diagonal wall from the top edge towards the left one; (6,0) would finish it, and
    # neither side ends within five steps: the chain is the reason, not (6,7), shaded on the
    # edge elsewhere. (No search for a solution here: on a board of distinct numbers that
    # takes the solver seconds.)
    board = "\n".join(" ".join(str(8 * r + c + 1) for c in range(8)) for r in range(8))
    chain = {(0, 6), (1, 5), (2, 4), (3, 3), (4, 2), (5, 1)}
    facts = grid_facts(board)
    found = forward_round("hitori", facts, {cell: "shaded" for cell in chain | {(6, 7)}})
    assert ((6, 0), "unshaded") in found.by("closure")
    assert rests_of(found, "closure", (6, 0)) == chain
    cited = {cell: "shaded" for cell in chain}
    assert Rules("hitori.lp", facts).implied(cited, (6, 0), "unshaded")


def test_closure_leaves_a_cell_whose_neighbours_stay_joined():
    # (1,1) sits beside two shaded diagonals of separate walls: no cut
    found = one_round(DISTINCT_5X5, {(0, 2): "shaded", (3, 3): "shaded"})
    assert found.by("closure") == set()


def test_offset_pair():
    board = "1 3 4 1 5\n2 6 7 8 2\n9 10 11 12 13"
    found = one_round(board)
    assert found.by("offset_pair") == {((0, 4), "unshaded"), ((1, 3), "unshaded")}
    assert found.deciders((0, 4)) == {"offset_pair"}
    assert found.deciders((1, 3)) == {"offset_pair"}
    assert rests_of(found, "offset_pair", (0, 4)) == {(0, 0), (1, 0), (0, 3), (1, 4)}


@pytest.mark.parametrize(
    ("known", "technique", "cell"),
    [
        ({(1, 1): "shaded", (1, 2): "shaded"}, "beside_shaded", (1, 2)),
        ({(0, 0): "unshaded", (0, 3): "unshaded"}, "copy_of_unshaded", (0, 3)),
        ({(0, 0): "unshaded", (0, 1): "shaded", (1, 0): "shaded"}, "single_escape", (0, 0)),
        (
            {(0, 0): "unshaded", (0, 1): "shaded", (1, 0): "shaded", (2, 2): "unshaded"},
            "closure",
            (2, 2),
        ),
    ],
)
def test_broken_rules_are_contradictions(known, technique, cell):
    found = forward_round("hitori", grid_facts("1 2 3 1\n5 6 7 8\n9 10 11 12"), known)
    assert (technique, cell) in found.contradictions
    assert not Rules("hitori.lp", grid_facts("1 2 3 1\n5 6 7 8\n9 10 11 12")).consistent(known)


def test_a_sound_state_has_no_contradiction():
    found = forward_round("hitori", grid_facts(DISTINCT_4X4), {(0, 2): "shaded"})
    assert found.contradictions == frozenset()


def random_board(rng: random.Random) -> str:
    """A 4x4 or 5x5 board; half of them made from a shading that keeps the rules (so they have
    a solution), the other half random numbers from a small range (many equal numbers)."""
    size = rng.choice((4, 5))
    if rng.random() < 0.5:
        return "\n".join(
            " ".join(str(rng.randint(1, size - 1)) for _ in range(size)) for _ in range(size)
        )
    shift = rng.randrange(size)
    numbers = {(r, c): 1 + (r + 2 * c + shift) % size for r in range(size) for c in range(size)}
    for _ in range(size * size // 3):
        r, c = rng.randrange(size), rng.randrange(size)
        line = [(r, x) for x in range(size) if x != c] + [(y, c) for y in range(size) if y != r]
        numbers[r, c] = numbers[rng.choice(line)]
    return "\n".join(" ".join(str(numbers[r, c]) for c in range(size)) for r in range(size))


def test_random_small_boards_every_conclusion_holds_in_every_solution():
    rng = random.Random(33)
    fired: set[str] = set()
    for _trial in range(120):
        board = random_board(rng)
        facts = grid_facts(board)
        rules = Rules("hitori.lp", facts)
        solutions = rules.solutions()
        if not solutions:
            continue
        # known: part of one solution (what a solver may have decided), or nothing
        chosen = rng.choice(solutions)
        known = {cell: v for cell, v in chosen.items() if rng.random() < rng.choice((0, 0.2, 0.4))}
        extending = [s for s in solutions if all(s[c] == v for c, v in known.items())]
        found = forward_round("hitori", facts, known)
        for c in found.conclusions:
            assert all(s[c.cell] == c.value for s in extending), (board, known, c)
            fired.add(c.technique)
        assert found.contradictions == frozenset(), (board, known)
        assert_rests_suffice(rules, known, found)
    assert fired == set(found.techniques), "a technique never fired on the random boards"


def test_random_small_boards_contradictions_only_where_no_solution_is_left():
    rng = random.Random(34)
    for _trial in range(50):
        board = random_board(rng)
        facts = grid_facts(board)
        rules = Rules("hitori.lp", facts)
        cells = rules.cells()
        known = {cell: rng.choice(("shaded", "unshaded")) for cell in rng.sample(cells, 4)}
        found = forward_round("hitori", facts, known)
        if found.contradictions:
            assert not rules.consistent(known), (board, known, found.contradictions)


def unique_corpus() -> list[dict]:
    return [e for e in corpus_entries("hitori", 100) if e["unique"]]


@pytest.mark.parametrize("entry", unique_corpus(), ids=lambda e: e["path"])
def test_the_forward_loop_solves_the_corpus_alone(entry):
    path = CORPUS / entry["path"]
    facts = path_facts(path, "hitori")
    solutions = Rules("hitori.lp", facts).solutions()
    assert len(solutions) == 1
    result = forward("hitori", facts)
    wrong = {cell: v for cell, v in result.known.items() if solutions[0][cell] != v}
    assert wrong == {}
    # every corpus Hitori up to 100 cells, Easy and Tricky, is solved by the techniques alone
    assert len(result.known) == entry["rows"] * entry["cols"]
    assert all(r.contradictions == frozenset() for r in result.rounds)


def tatham_corpus() -> list[dict]:
    return [e for e in unique_corpus() if "/tatham/" in e["path"]]


def test_the_corpus_holds_twenty_tatham_boards_up_to_100_cells():
    assert len(tatham_corpus()) == 20 or not unique_corpus()


@pytest.mark.parametrize("entry", tatham_corpus(), ids=lambda e: e["path"])
def test_tiers_0_to_2_solve_tatham_easy_boards_and_no_tricky_one(entry):
    # Tatham's Easy solver knows sandwich, pair, corners and single escape; a Tricky board is
    # one it cannot finish (Singles' generator checks): so do these tiers
    facts = path_facts(CORPUS / entry["path"], "hitori")
    whole = len(forward("hitori", facts, max_tier=2).known) == entry["rows"] * entry["cols"]
    assert whole == ("_de_" in entry["path"])


def test_the_genre_reads_the_facts_the_techniques_file_expects():
    genre = get_genre("hitori")
    puzzle = genre.parse("1 2\n2 1\n", "x.txt")
    assert grid_facts("1 2\n2 1") == "\n".join(genre.facts(puzzle)) + "\n"

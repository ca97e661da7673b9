"""encodings/nurikabe.techniques.lp: each technique fires where it should (and where no other
of its tier or an easier one does), follows from the numbered rules of nurikabe.lp, and the
forward loop's conclusions agree with the solution of every instance (tests/forward.py)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from forward import (
    Cell,
    Rules,
    assert_rests_suffice,
    assert_round_implied,
    forward,
    forward_round,
)

from puzzlesolve.program import encoding_path
from puzzlesolve.registry import get_genre

REPO = Path(__file__).resolve().parents[3]
GENRE = get_genre("nurikabe")
# out of reach and fills its room name the numbers or islands, not the cells that block their way
PARTIAL_RESTS = ("unreachable", "fills_room")


def board_facts(text: str) -> str:
    """The facts `puzzlesolve facts nurikabe` writes for a board ('/' ends a row)."""
    board = GENRE.parse(text.replace("/", "\n") + "\n", "board.txt")
    return "\n".join(GENRE.facts(board)) + "\n"


def one_round(text: str, known: dict[Cell, str] | None = None):
    """One round on a board, each conclusion proven from the rules (and, but for out of reach,
    from the known cells its rests name alone); the known cells must leave a solution."""
    facts = board_facts(text)
    known = known or {}
    rules = Rules("nurikabe.lp", facts)
    assert rules.consistent(known), "a test board whose known cells allow no solution"
    found = forward_round("nurikabe", facts, known)
    assert_round_implied(rules, known, found)
    assert_rests_suffice(rules, known, found, skip=PARTIAL_RESTS)
    return found


def rests_of(found, technique: str, cell: Cell) -> set[Cell]:
    (conclusion,) = [c for c in found.conclusions if c.technique == technique and c.cell == cell]
    return set(conclusion.rests)


def test_every_technique_is_named_with_a_tier_and_a_sentence():
    found = forward_round("nurikabe", board_facts("1"), {})
    assert found.techniques == {
        "numbered": (0, "numbered cell", "shows a number"),
        "walled_in": (1, "complete island", "touches a complete island"),
        "between": (1, "between two islands", "touches the islands of two different numbers"),
        "unreachable": (2, "out of reach", "no number can reach it"),
        "one_way": (
            2,
            "only way to grow",
            "is the only way out of unshaded cells that must still grow",
        ),
        "fills_room": (
            2,
            "fills its room",
            "lies in the only room an island has left, which it needs whole",
        ),
        "pool": (2, "no 2x2 shaded block", "would complete a 2x2 block of shaded cells"),
        "shaded_exit": (
            3,
            "shaded region with one way out",
            "is the only way out of shaded cells that must join the others",
        ),
        "diagonal": (
            3,
            "two ways, one cell short",
            "touches both cells an island one cell short can grow into",
        ),
    }


def test_the_header_numbers_each_technique_with_its_tier_and_source():
    header = encoding_path("nurikabe.techniques.lp").read_text().split("\n\n")[0]
    numbered = re.findall(r"^%   T(\d+)\. (.+?) \[tier (\d+)\]: ", header, re.MULTILINE)
    assert [int(k) for k, _name, _tier in numbered] == list(range(1, len(numbered) + 1))
    techniques = forward_round("nurikabe", board_facts("1"), {}).techniques
    assert sorted((name, int(tier)) for _k, name, tier in numbered) == sorted(
        (name, tier) for tier, name, _sentence in techniques.values()
    )
    assert header.count("(Source: ") == len(techniques)


CORNER_1 = "1 . . ./. . 3 ./. . . ./. . . ."


def test_numbered_cell():
    found = one_round(CORNER_1)
    assert found.by("numbered") == {((0, 0), "unshaded"), ((1, 2), "unshaded")}
    assert found.deciders((0, 0)) == {"numbered"}
    assert rests_of(found, "numbered", (1, 2)) == {(1, 2)}


def test_complete_island():
    found = one_round(CORNER_1)
    assert found.by("walled_in") == {((0, 1), "shaded"), ((1, 0), "shaded")}
    # out of reach (tier 2) sees them too: cells beside an island are no room for others
    assert found.deciders((0, 1), max_tier=1) == {"walled_in"}
    assert rests_of(found, "walled_in", (0, 1)) == {(0, 0)}


def test_complete_island_of_known_cells():
    # the 3's island is complete once (2,1) and (2,2) are known unshaded
    found = one_round(CORNER_1, {(2, 1): "unshaded", (2, 2): "unshaded"})
    assert found.by("walled_in") == {
        ((0, 1), "shaded"),
        ((1, 0), "shaded"),
        ((0, 2), "shaded"),
        ((1, 1), "shaded"),
        ((1, 3), "shaded"),
        ((2, 0), "shaded"),
        ((2, 3), "shaded"),
        ((3, 1), "shaded"),
        ((3, 2), "shaded"),
    }
    assert rests_of(found, "walled_in", (3, 2)) == {(1, 2), (2, 1), (2, 2)}


def test_between_two_islands():
    found = one_round(". . . ./2 . 2 ./. . . ./. . . 1")
    assert found.by("between") == {((1, 1), "shaded")}
    assert found.deciders((1, 1), max_tier=1) == {"between"}
    assert rests_of(found, "between", (1, 1)) == {(1, 0), (1, 2)}


def test_out_of_reach():
    found = one_round(CORNER_1)
    assert found.by("unreachable") == {
        ((0, 1), "shaded"),
        ((1, 0), "shaded"),
        ((2, 0), "shaded"),
        ((3, 0), "shaded"),
        ((3, 1), "shaded"),
        ((3, 3), "shaded"),
    }
    assert found.deciders((2, 0)) == {"unreachable"}
    # no number is near enough to matter; beside the 1, the 3 is near but kept away
    assert rests_of(found, "unreachable", (2, 0)) == set()
    assert rests_of(found, "unreachable", (0, 1)) == {(1, 2)}


def test_out_of_reach_walks_round_shaded_cells():
    # (0,3) lies two steps from the 3, but (0,2) and (1,3) are shaded: the way round takes
    # more cells than the 3 has left
    found = one_round(CORNER_1, {(0, 2): "shaded", (1, 3): "shaded"})
    assert ((0, 3), "shaded") in found.by("unreachable")
    assert found.deciders((0, 3)) == {"unreachable"}
    assert ((2, 1), "shaded") not in found.by("unreachable")


def test_only_way_to_grow():
    known = {(0, 3): "shaded", (1, 2): "shaded"}
    found = one_round(". . . ./. . . 3/. . . ./4 . . .", known)
    assert found.by("one_way") == {((2, 3), "unshaded")}
    assert found.deciders((2, 3), max_tier=2) == {"one_way"}
    assert rests_of(found, "one_way", (2, 3)) == {(1, 3), (0, 3), (1, 2)}


def test_only_way_to_grow_of_unshaded_cells_without_a_number():
    known = {(1, 1): "unshaded", (0, 1): "shaded", (1, 0): "shaded", (1, 2): "shaded"}
    found = one_round(". . . ./. . . 3/. . . ./4 . . .", known)
    assert ((2, 1), "unshaded") in found.by("one_way")
    assert found.deciders((2, 1), max_tier=2) == {"one_way"}
    assert rests_of(found, "one_way", (2, 1)) == {(1, 1), (0, 1), (1, 0), (1, 2)}


def test_fills_its_room():
    known = {(0, 3): "shaded", (1, 2): "shaded", (2, 2): "shaded"}
    found = one_round(". . . ./. . . 3/. . . ./4 . . .", known)
    assert found.by("fills_room") == {((2, 3), "unshaded"), ((3, 3), "unshaded")}
    assert found.deciders((3, 3), max_tier=2) == {"fills_room"}
    assert rests_of(found, "fills_room", (3, 3)) == {(1, 3), (0, 3), (1, 2), (2, 2)}


def test_no_2x2_shaded_block():
    known = {(0, 0): "shaded", (0, 1): "shaded", (1, 1): "shaded"}
    found = one_round(". . . ./. . . ./. . . 4/3 . . .", known)
    assert found.by("pool") == {((1, 0), "unshaded")}
    assert found.deciders((1, 0), max_tier=2) == {"pool"}
    assert rests_of(found, "pool", (1, 0)) == set(known)


def test_shaded_region_with_one_way_out():
    known = {(3, 3): "shaded", (0, 0): "shaded"}
    found = one_round(". . . ./. . . ./. . . 4/3 . . .", known)
    assert ((3, 2), "shaded") in found.by("shaded_exit")
    assert found.deciders((3, 2), max_tier=3) == {"shaded_exit"}
    # the region, the unshaded cell that closes it, and a shaded cell elsewhere
    assert rests_of(found, "shaded_exit", (3, 2)) == {(3, 3), (2, 3), (0, 0)}


def test_shaded_region_with_one_way_out_needs_shaded_cells_elsewhere():
    found = one_round(". . . ./. . . ./. . . 4/3 . . .", {(3, 3): "shaded"})
    assert found.by("shaded_exit") == set()


def test_two_ways_one_cell_short():
    found = one_round(". . . ./. 2 . ./. . . ./. . . 3", {(0, 1): "shaded", (1, 0): "shaded"})
    assert found.by("diagonal") == {((2, 2), "shaded")}
    assert found.deciders((2, 2), max_tier=3) == {"diagonal"}
    assert rests_of(found, "diagonal", (2, 2)) == {(1, 1), (0, 1), (1, 0)}


@pytest.mark.parametrize(
    ("board", "known", "technique", "cell"),
    [
        ("1 . ./. . ./. . 2", {(0, 1): "unshaded"}, "walled_in", (0, 0)),
        ("1 . 1/. . ./. . .", {(0, 1): "unshaded"}, "between", (0, 2)),
        ("2 . ./. . ./. . .", {(2, 2): "unshaded"}, "unreachable", (2, 2)),
        (
            "2 . ./. . ./. . 2",
            {(0, 1): "shaded", (1, 0): "shaded"},
            "one_way",
            (0, 0),
        ),
        (
            "4 . ./. . ./. . .",
            {(1, 1): "shaded", (1, 2): "shaded", (2, 1): "shaded", (2, 2): "shaded"},
            "pool",
            (1, 1),
        ),
        (
            "3 . ./. . ./. . 3",
            {(0, 2): "shaded", (0, 1): "unshaded", (1, 2): "unshaded", (2, 0): "shaded"},
            "shaded_exit",
            (0, 2),
        ),
    ],
)
def test_broken_rules_are_contradictions(board, known, technique, cell):
    facts = board_facts(board)
    found = forward_round("nurikabe", facts, known)
    assert (technique, cell) in found.contradictions
    assert not Rules("nurikabe.lp", facts).consistent(known)


def random_board(rng: random.Random) -> str:
    """A 4x4 or 5x5 board with a few numbers, most from a random shading that keeps rule 4
    and rule 5 (its unshaded areas numbered by their sizes), so that many have solutions."""
    rows, cols = rng.choice((4, 5)), rng.choice((4, 5))
    numbers: dict[Cell, int] = {}
    if rng.random() < 0.3:
        for _ in range(rng.randint(1, 4)):
            numbers[rng.randrange(rows), rng.randrange(cols)] = rng.randint(1, 5)
    else:
        white = {(r, c) for r in range(rows) for c in range(cols) if rng.random() < 0.45}
        seen: set[Cell] = set()
        for start in sorted(white):
            if start in seen:
                continue
            area, todo = {start}, [start]
            while todo:
                r, c = todo.pop()
                for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if near in white and near not in area:
                        area.add(near)
                        todo.append(near)
            seen |= area
            numbers[rng.choice(sorted(area))] = len(area)
    return "/".join(
        " ".join(str(numbers.get((r, c), ".")) for c in range(cols)) for r in range(rows)
    )


def test_random_small_boards_every_conclusion_holds_in_every_solution():
    rng = random.Random(33)
    fired: set[str] = set()
    boards = 0
    while boards < 45:
        board = random_board(rng)
        facts = board_facts(board)
        rules = Rules("nurikabe.lp", facts)
        solutions = rules.solutions()
        if not solutions:
            continue
        boards += 1
        chosen = rng.choice(solutions)
        share = rng.choice((0, 0.2, 0.4, 0.6))
        known = {cell: v for cell, v in chosen.items() if rng.random() < share}
        extending = [s for s in solutions if all(s[c] == v for c, v in known.items())]
        found = forward_round("nurikabe", facts, known)
        for c in found.conclusions:
            assert all(s[c.cell] == c.value for s in extending), (board, known, c)
            fired.add(c.technique)
        assert found.contradictions == frozenset(), (board, known)
        assert_rests_suffice(rules, known, found, skip=PARTIAL_RESTS)
    assert fired == set(found.techniques), "a technique never fired on the random boards"


def test_random_small_boards_contradictions_only_where_no_solution_is_left():
    rng = random.Random(34)
    for _trial in range(50):
        facts = board_facts(random_board(rng))
        rules = Rules("nurikabe.lp", facts)
        known = {cell: rng.choice(("shaded", "unshaded")) for cell in rng.sample(rules.cells(), 5)}
        found = forward_round("nurikabe", facts, known)
        if found.contradictions:
            assert not rules.consistent(known), (facts, known, found.contradictions)


# each instance with a unique solution, and how many of its cells the techniques alone
# decide (Nurikabe has no corpus: the genre's instances and boards of `puzzlesolve generate`)
COVERAGE = {
    "instances/nurikabe/pzprjs-5x5.txt": 25,
    "instances/nurikabe/one-row-1x5.txt": 5,
    "instances/nurikabe/generated-10x10.txt": 63,
    "tests/genres/nurikabe/boards/generated-7x7-104.txt": 49,
    "tests/genres/nurikabe/boards/generated-10x10-102.txt": 100,
}


@pytest.mark.parametrize(("name", "decided"), COVERAGE.items())
def test_the_forward_loop_agrees_with_the_solution(name, decided):
    path = REPO / name
    facts = "\n".join(GENRE.facts(GENRE.parse(path.read_text(), str(path)))) + "\n"
    solutions = Rules("nurikabe.lp", facts).solutions()
    assert len(solutions) == 1
    result = forward("nurikabe", facts)
    wrong = {cell: v for cell, v in result.known.items() if solutions[0][cell] != v}
    assert wrong == {}
    assert len(result.known) == decided
    assert all(r.contradictions == frozenset() for r in result.rounds)

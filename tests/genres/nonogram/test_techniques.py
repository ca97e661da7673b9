"""encodings/nonogram.techniques.lp: each technique fires where it should and follows from the
numbered rules of nonogram.lp (also from the known cells its rests name alone), and line
solving alone solves the Tatham Pattern boards of the corpus up to 10x10."""

from __future__ import annotations

import random
import re

import pytest
from conftest import CORPUS, corpus_entries
from forward import Rules, assert_rests_suffice, forward, forward_round, path_facts

from puzzlesolve.genres.nonogram import Nonogram, facts, runs_of
from puzzlesolve.program import encoding_path

Runs = tuple[int, ...]


def board(rows: list[Runs], cols: list[Runs]) -> str:
    return "\n".join(facts(Nonogram(len(rows), len(cols), tuple(rows), tuple(cols)))) + "\n"


def one_round(rows, cols, known=None):
    """One round, each conclusion proven from the rules and from its rests alone."""
    text, known = board(rows, cols), known or {}
    rules = Rules("nonogram.lp", text)
    assert rules.consistent(known), "a test board whose known cells allow no solution"
    found = forward_round("nonogram", text, known)
    for c in found.conclusions:
        assert rules.implied(known, c.cell, c.value), (c, known)
    assert_rests_suffice(rules, known, found)
    return found


def test_the_header_numbers_each_technique_with_its_tier_and_source():
    header = encoding_path("nonogram.techniques.lp").read_text().split("\n\n")[0]
    numbered = re.findall(r"^%   T(\d+)\. (.+?) \[tier (\d+)\]: ", header, re.MULTILINE)
    assert [(int(k), name, int(t)) for k, name, t in numbered] == [
        (1, "runs all placed", 1), (2, "overlap", 1), (3, "gap too small", 1),
        (4, "pinned run", 2), (5, "out of reach", 2), (6, "every arrangement", 3),
    ]  # fmt: skip


def test_overlap_shades_the_middle_of_a_long_run_from_the_clue_alone():
    # a run of 4 in a row of 5: pushed left it covers c1-c4, pushed right c2-c5
    found = one_round([(4,)], [(1,), (1,), (1,), (1,), ()])
    by_row = {c.cell for c in found.conclusions if (0, -1) in c.rests}  # the row's clue
    assert by_row == {(0, 1), (0, 2), (0, 3)}
    # the easiest technique that finds them (the harder ones find them too)
    assert found.deciders((0, 2)) == {"overlap", "pinned", "every_way"}
    assert all(min(site) < 0 for one in found.conclusions for site in one.rests)  # no cell


def test_runs_all_placed_leaves_the_rest_of_a_full_line_unshaded():
    found = one_round([(1,), ()], [(1,), (), ()], {(0, 0): "shaded"})
    assert ((0, 1), "unshaded") in found.by("all_placed")
    assert ((1, 0), "unshaded") in found.by("all_placed")  # the empty row, a clue 0


def test_gap_too_small_leaves_a_short_gap_unshaded():
    # row 2 in 1x5: c2 unshaded, so c1 (a gap of one) holds no run of 2
    found = one_round([(2,)], [(), (), (), (1,), (1,)], {(0, 1): "unshaded"})
    assert ((0, 0), "unshaded") in found.by("small_gap")


def test_a_shaded_cell_near_the_edge_pins_the_run():
    # row 3 in a row of 6 with c2 shaded: the run covers c2-c3 wherever it goes
    rows, cols = [(3,)], [(), (1,), (1,), (1,), (), ()]
    found = one_round(rows, cols, {(0, 1): "shaded"})
    assert ((0, 2), "shaded") in found.by("pinned")
    assert ((0, 5), "unshaded") in found.by("reach")  # beyond the run's reach


def test_every_arrangement_finds_a_cell_no_single_run_always_covers():
    # row 1 1 in 1x4 with c3 unshaded: #.?# or ?#.# ... every way shades c4, which no one run
    # covers in all its places (run 2 could be at c3 but c3 is unshaded, so run 2 is at c4)
    rows, cols = [(1, 1, 1)], [(1,), (), (1,), (), (1,)]
    found = one_round(rows, cols, {})
    assert {cell for cell, _ in found.by("every_way")} >= {(0, 0), (0, 2), (0, 4)}


def test_random_partial_pictures_draw_only_conclusions_every_solution_keeps():
    rng = random.Random(42)
    for _ in range(12):
        rows_n, cols_n = rng.randint(2, 5), rng.randint(2, 5)
        on = {(r, c) for r in range(rows_n) for c in range(cols_n) if rng.random() < 0.5}
        rows = [runs_of([(r, c) in on for c in range(cols_n)]) for r in range(rows_n)]
        cols = [runs_of([(r, c) in on for r in range(rows_n)]) for c in range(cols_n)]
        cells = sorted((r, c) for r in range(rows_n) for c in range(cols_n))
        known = {cell: "shaded" if cell in on else "unshaded" for cell in rng.sample(cells, 2)}
        one_round(rows, cols, known)


# up to 10x10 here (2.5 s); bench/nonogram.py --explain takes every board up to 15x15
PATTERN = corpus_entries("nonogram", 100, "manifest-wave5.json")


@pytest.mark.parametrize("entry", PATTERN, ids=[e["path"].split("/")[-1] for e in PATTERN])
def test_line_solving_alone_solves_the_pattern_boards(entry):
    path = CORPUS / entry["path"]
    result = forward("nonogram", path_facts(path, "nonogram"))
    solution = (CORPUS / entry["solution"]).read_text().split()
    expected = {
        (r, c): "shaded" if ch == "#" else "unshaded"
        for r, line in enumerate(solution)
        for c, ch in enumerate(line)
    }
    assert result.known == expected

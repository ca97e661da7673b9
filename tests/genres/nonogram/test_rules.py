"""encodings/nonogram.lp on its own: tiny inline boards, every model, each rule broken alone."""

from __future__ import annotations

import itertools

from conftest import all_models, grounder_messages

from puzzlesolve.genres.nonogram import Nonogram, facts, runs_of


def board(rows: list[tuple[int, ...]], cols: list[tuple[int, ...]]) -> str:
    return " ".join(facts(Nonogram(len(rows), len(cols), tuple(rows), tuple(cols))))


def pictures(*shaded) -> set[frozenset[str]]:
    return {frozenset(f"shaded({r},{c})" for r, c in cells) for cells in shaded}


def pins(shaded=(), unshaded=()) -> str:
    return " ".join(
        [f":- not shaded({r},{c})." for r, c in shaded]
        + [f":- shaded({r},{c})." for r, c in unshaded]
    )


def brute(rows, cols) -> set[frozenset[str]]:
    """Every picture whose lines have the runs given, by trying every shading."""
    cells = [(r, c) for r in range(len(rows)) for c in range(len(cols))]
    found = set()
    for bits in itertools.product((False, True), repeat=len(cells)):
        on = {cell for cell, bit in zip(cells, bits) if bit}
        if all(
            runs_of([(r, c) in on for c in range(len(cols))]) == rows[r] for r in range(len(rows))
        ) and all(
            runs_of([(r, c) in on for r in range(len(rows))]) == cols[c] for c in range(len(cols))
        ):
            found.add(frozenset(f"shaded({r},{c})" for r, c in on))
    return found


def test_a_diagonal_2x2_has_two_pictures():
    assert all_models("nonogram.lp", board([(1,), (1,)], [(1,), (1,)])) == pictures(
        [(0, 0), (1, 1)], [(0, 1), (1, 0)]
    )


def test_an_empty_line_stays_unshaded():
    assert all_models("nonogram.lp", board([(2,), ()], [(1,), (1,)])) == pictures([(0, 0), (0, 1)])


def test_every_3x3_clue_of_a_picture_agrees_with_trying_every_shading():
    cells = [(r, c) for r in range(3) for c in range(3)]
    for bits in range(0, 512, 7):
        on = {cell for k, cell in enumerate(cells) if bits >> k & 1}
        rows = [runs_of([(r, c) in on for c in range(3)]) for r in range(3)]
        cols = [runs_of([(r, c) in on for r in range(3)]) for c in range(3)]
        assert all_models("nonogram.lp", board(rows, cols)) == brute(rows, cols), bits


def row(*runs: int, width: int) -> str:
    """A 1-row board with only its row's runs given (its columns' clues left out)."""
    cells = " ".join(f"cell(0,{c})." for c in range(width))
    return cells + " " + " ".join(f"run(0,-1,{k},{n})." for k, n in enumerate(runs, start=1))


def column(*runs: int, height: int) -> str:
    cells = " ".join(f"cell({r},0)." for r in range(height))
    return cells + " " + " ".join(f"run(-1,0,{k},{n})." for k, n in enumerate(runs, start=1))


def test_rule1_runs_keep_their_order():
    # row 1 2 in a 1x4 with its columns free: .#.## is out, 1 then 2 only (#.##)
    assert all_models("nonogram.lp", row(1, 2, width=4)) == pictures([(0, 0), (0, 2), (0, 3)])
    # the columns say ##.#: the runs would be 2 then 1
    assert all_models("nonogram.lp", board([(1, 2)], [(1,), (1,), (), (1,)])) == set()


def test_rule1_two_runs_keep_a_cell_between_them():
    assert all_models("nonogram.lp", row(1, 1, width=3)) == pictures([(0, 0), (0, 2)])
    # or more than one cell
    assert all_models("nonogram.lp", row(1, 1, width=4)) == pictures(
        [(0, 0), (0, 2)], [(0, 0), (0, 3)], [(0, 1), (0, 3)]
    )
    assert all_models("nonogram.lp", board([(1, 1)], [(1,), (1,)])) == set()


def test_rule2_a_row_shades_exactly_what_its_runs_cover():
    # its columns free: one cell of three, wherever the run of 1 stands
    assert all_models("nonogram.lp", row(1, width=3)) == pictures([(0, 0)], [(0, 1)], [(0, 2)])
    assert all_models("nonogram.lp", row(2, width=2), pins(unshaded=[(0, 1)])) == set()


def test_rule3_a_column_shades_exactly_what_its_runs_cover():
    assert all_models("nonogram.lp", column(2, height=3)) == pictures(
        [(0, 0), (1, 0)], [(1, 0), (2, 0)]
    )
    assert all_models("nonogram.lp", column(1, height=2), pins(shaded=[(0, 0), (1, 0)])) == set()


def test_a_line_without_its_clue_is_free():
    # explanations leave a line's runs out: the line then takes any shading
    facts_ = "cell(0,0). cell(0,1). run(-1,0,1,1). run(-1,1,0,0)."
    assert all_models("nonogram.lp", facts_) == pictures([(0, 0)])


def test_a_board_with_every_clue_left_out_grounds_without_warnings():
    assert grounder_messages("nonogram.lp", "cell(0,0). cell(0,1).") == []


def test_sample_grounds_without_warnings():
    assert grounder_messages("nonogram.lp", board([(1, 2), ()], [(1,), (), (1,), (1,)])) == []

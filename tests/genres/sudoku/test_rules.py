"""encodings/sudoku.lp on its own: tiny inline boards, every model, each rule broken alone.

Model counts are checked against a brute-force enumeration in Python, so counting with
``-n 0`` is exact.
"""

from __future__ import annotations

import functools
import itertools

import pytest
from conftest import all_models, grounder_messages, technique_models

from puzzlesolve.genres.sudoku import BOXES, Board, facts

Grid = list[list[int]]


def board_facts(side: int, givens: dict[tuple[int, int], int] | None = None) -> str:
    return " ".join(facts(Board(side, side, givens or {})))


def grid_model(grid: Grid) -> frozenset[str]:
    return frozenset(f"digit({r},{c},{n})" for r, row in enumerate(grid) for c, n in enumerate(row))


def pins(grid: Grid) -> str:
    """Constraints that force exactly these digits (0: the cell is left free)."""
    return " ".join(
        f":- not digit({r},{c},{n})." for r, row in enumerate(grid) for c, n in enumerate(row) if n
    )


@functools.cache
def fillings(side: int) -> list[tuple[tuple[int, ...], ...]]:
    """Every grid of the side that keeps the rules, row by row from the permutations."""
    height, width = BOXES[side]
    found: list[tuple[tuple[int, ...], ...]] = []

    def fits(grid: tuple[tuple[int, ...], ...], row: tuple[int, ...]) -> bool:
        r = len(grid)
        if any(row[c] == above[c] for above in grid for c in range(side)):
            return False
        band = grid[r - r % height :]
        return all(
            len({*row[c : c + width], *(n for above in band for n in above[c : c + width])})
            == width * (len(band) + 1)
            for c in range(0, side, width)
        )

    def extend(grid: tuple[tuple[int, ...], ...]) -> None:
        if len(grid) == side:
            found.append(grid)
            return
        for row in itertools.permutations(range(1, side + 1)):
            if fits(grid, row):
                extend((*grid, row))

    extend(())
    return found


def brute_force(side: int, givens: dict[tuple[int, int], int]) -> set[frozenset[str]]:
    """Every filling that keeps the rules and the givens (Python's reading of the rules)."""
    return {
        grid_model([list(row) for row in grid])
        for grid in fillings(side)
        if all(grid[r][c] == n for (r, c), n in givens.items())
    }


SOLVED: Grid = [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]


# --- exact counts ----------------------------------------------------------------------------


@pytest.mark.parametrize("prune", [0, 1])
@pytest.mark.parametrize(
    "givens",
    [{}, {(0, 0): 1, (1, 2): 1}, {(0, 0): 1, (0, 1): 2, (1, 0): 3, (3, 3): 4}],
    ids=["empty", "two-ones", "four-givens"],
)
def test_model_count_of_4x4_equals_brute_force(givens, prune):
    models = all_models("sudoku.lp", board_facts(4, givens), prune=prune)
    assert models == brute_force(4, givens)


def test_the_empty_4x4_has_288_fillings():
    assert len(all_models("sudoku.lp", board_facts(4), prune=0)) == 288


def test_the_6x6_boxes_are_two_rows_high_and_three_columns_wide():
    box = {
        tuple(map(int, f[4:-2].split(",")[:2])): f[4:-2].split(",")[2]
        for f in facts(Board(6, 6, {}))
    }
    assert box[0, 0] == box[1, 2] != box[2, 0]
    assert box[0, 3] != box[0, 2]


# --- each rule broken alone ------------------------------------------------------------------


def test_a_valid_grid_is_a_model():
    assert all_models("sudoku.lp", board_facts(4), extra=pins(SOLVED)) == {grid_model(SOLVED)}


def test_rule1_no_cell_without_a_digit():
    assert all_models("sudoku.lp", board_facts(4), extra=":- digit(0,0,_).") == set()


def test_rule1_no_cell_with_two_digits():
    # (0,0) holds 1 and 2; every other rule can be kept by the cells that hold one digit
    two = ":- not digit(0,0,1). :- not digit(0,0,2)."
    assert all_models("sudoku.lp", board_facts(4), extra=two, prune=0) == set()


def test_rule2_no_digit_twice_in_a_row():
    # a grid whose rows repeat but whose columns and boxes do not
    rows_repeat = [[1, 2, 1, 2], [3, 4, 3, 4], [2, 1, 2, 1], [4, 3, 4, 3]]
    assert all_models("sudoku.lp", board_facts(4), extra=pins(rows_repeat)) == set()


def test_rule3_no_digit_twice_in_a_column():
    columns_repeat = [[1, 2, 3, 4], [3, 4, 1, 2], [1, 2, 3, 4], [3, 4, 1, 2]]
    assert all_models("sudoku.lp", board_facts(4), extra=pins(columns_repeat)) == set()


def test_rule4_no_digit_twice_in_a_box():
    # a Latin square whose boxes repeat
    latin = [[1, 2, 3, 4], [2, 3, 4, 1], [3, 4, 1, 2], [4, 1, 2, 3]]
    assert all_models("sudoku.lp", board_facts(4), extra=pins(latin)) == set()


@pytest.mark.parametrize("prune", [0, 1])
def test_rule5_the_given_digits_stay(prune):
    # SOLVED keeps rules 1-4; the given 2 at r1c1 is not its digit
    assert all_models("sudoku.lp", board_facts(4, {(0, 0): 2}), extra=pins(SOLVED)) == set()
    assert all_models(
        "sudoku.lp", board_facts(4, {(0, 0): 1}), extra=pins(SOLVED), prune=prune
    ) == {grid_model(SOLVED)}


def test_givens_that_clash_leave_no_model():
    assert all_models("sudoku.lp", board_facts(4, {(0, 0): 1, (0, 3): 1})) == set()


# --- techniques ------------------------------------------------------------------------------


def test_technique_every_digit_somewhere_puts_each_digit_in_each_house():
    # with one digit a cell (rule 1) only, T1 alone keeps exactly the grids in which every
    # row, column and box holds each digit: on 4 cells that is the rules' 288 fillings
    one_a_cell = ":- cell(R,C), #count { N : digit(R,C,N) } != 1."
    models = technique_models("sudoku.lp", board_facts(4), 1, extra=one_a_cell, prune=0)
    assert models == brute_force(4, {})
    # without rule 1 too, T1 still forbids a digit missing from a row
    missing = ":- digit(0,_,4)."
    assert technique_models("sudoku.lp", board_facts(4), 1, extra=missing, prune=0) == set()


def test_prune_grounds_no_digit_a_given_rules_out():
    from conftest import ground_atoms

    atoms = ground_atoms("sudoku.lp", board_facts(4, {(0, 0): 1}), ["candidate/3"])
    assert "candidate(0,0,1)" in atoms and "candidate(0,0,2)" not in atoms
    assert "candidate(0,3,1)" not in atoms and "candidate(0,3,2)" in atoms
    assert "candidate(3,3,1)" in atoms
    unpruned = ground_atoms("sudoku.lp", board_facts(4, {(0, 0): 1}), ["candidate/3"], prune=0)
    assert {"candidate(0,0,2)", "candidate(0,3,1)"} <= unpruned


def test_grounds_without_warnings():
    assert grounder_messages("sudoku.lp", board_facts(9, {(0, 0): 5})) == []
    assert grounder_messages("sudoku.lp", board_facts(4), prune=0) == []

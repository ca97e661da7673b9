"""encodings/fillomino.lp on its own: tiny inline boards, every model, each rule broken alone.

Model counts are checked against a brute-force enumeration in Python, so counting with
``-n 0`` is exact.
"""

from __future__ import annotations

import itertools

import pytest
from conftest import all_models, grounder_messages

from puzzlesolve.genres.fillomino import Board, facts, regions

Grid = list[list[int]]


def board_facts(rows: int, cols: int, givens: dict | None = None, most: int = 0) -> str:
    return " ".join(facts(Board(rows, cols, givens or {}, most)))


def pins(grid: Grid, joins: list[tuple[int, int, int, int]] = ()) -> str:
    """Constraints that force exactly these sizes and, where listed, these joins."""
    sizes = [f":- not size({r},{c},{n})." for r, row in enumerate(grid) for c, n in enumerate(row)]
    return " ".join(sizes + [f":- not join({a},{b},{c},{d})." for a, b, c, d in joins])


def valid(grid: Grid) -> bool:
    """Nikoli's rules, read independently: each piece of equal neighbours has its size."""
    return all(len(piece) == grid[piece[0][0]][piece[0][1]] for piece in regions(grid))


def brute_force(rows: int, cols: int, givens: dict, most: int) -> set[tuple[int, ...]]:
    found = set()
    for flat in itertools.product(range(1, most + 1), repeat=rows * cols):
        grid = [list(flat[r * cols : (r + 1) * cols]) for r in range(rows)]
        if all(grid[r][c] == n for (r, c), n in givens.items()) and valid(grid):
            found.add(flat)
    return found


def sizes_of(model: frozenset[str], rows: int, cols: int) -> tuple[int, ...]:
    grid = dict.fromkeys(itertools.product(range(rows), range(cols)), 0)
    for atom in model:
        r, c, n = map(int, atom[len("size(") : -1].split(","))
        grid[r, c] = n
    return tuple(grid[cell] for cell in sorted(grid))


@pytest.mark.parametrize(
    "rows, cols, givens",
    [(1, 4, {}), (2, 3, {}), (2, 3, {(0, 0): 3}), (2, 3, {(1, 2): 2, (0, 0): 1})],
)
def test_model_count_equals_brute_force(rows, cols, givens):
    most = rows * cols
    models = all_models("fillomino.lp", board_facts(rows, cols, givens, most))
    assert sorted(sizes_of(m, rows, cols) for m in models) == sorted(
        brute_force(rows, cols, givens, most)
    )


def test_the_empty_row_of_three_has_three_fillings():
    models = all_models("fillomino.lp", board_facts(1, 3))
    assert {sizes_of(m, 1, 3) for m in models} == {(3, 3, 3), (1, 2, 2), (2, 2, 1)}


def test_rule1_joined_cells_hold_one_size():
    extra = pins([[1, 2, 2]], [(0, 0, 0, 1), (0, 1, 0, 2)])
    assert all_models("fillomino.lp", board_facts(1, 3), extra=extra) == set()


def test_rule2_a_region_has_as_many_cells_as_its_size():
    extra = pins([[2, 2, 2]], [(0, 0, 0, 1), (0, 1, 0, 2)])
    assert all_models("fillomino.lp", board_facts(1, 3), extra=extra) == set()


def test_rule3_a_given_number_stays():
    # with prune = 0 (as explanations run it): the given's own cell is not pruned to its size
    extra = pins([[1, 2, 2]], [(0, 1, 0, 2)])
    facts = board_facts(1, 3, {(0, 0): 3})
    assert all_models("fillomino.lp", facts, extra=extra, prune=0) == set()
    assert all_models("fillomino.lp", facts, extra=extra, prune=1) == set()


def test_rule4_regions_of_one_size_never_share_a_side():
    extra = pins([[1, 1]]) + " :- join(0,0,0,1)."
    assert all_models("fillomino.lp", board_facts(1, 2), extra=extra) == set()


def test_two_ones_side_by_side_have_no_solution():
    assert all_models("fillomino.lp", board_facts(1, 2, {(0, 0): 1, (0, 1): 1})) == set()


def test_grounds_without_warnings():
    assert grounder_messages("fillomino.lp", board_facts(3, 3, {(1, 1): 4})) == []

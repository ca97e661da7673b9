"""encodings/hidato.lp on its own: tiny inline boards, every model, each rule broken alone.

Hidato is the default (``king=1``); Numbrix passes ``king=0``. Exact model counts are checked
against a brute-force enumeration of the numberings, so counting with ``-n 0`` is exact.
"""

from __future__ import annotations

import random
from itertools import pairwise, permutations

import pytest
from conftest import all_models, ground_atoms, grounder_messages, technique_models

Cell = tuple[int, int]


def board(rows: int, cols: int, voids: set[Cell] = frozenset(), **givens: int) -> str:
    """Facts of a rows x cols board; givens as keyword arguments ``g_R_C=N``."""
    cells = [f"cell({r},{c})." for r in range(rows) for c in range(cols) if (r, c) not in voids]
    shown = [f"given({k.split('_')[1]},{k.split('_')[2]},{n})." for k, n in givens.items()]
    return " ".join(cells + shown)


def grid_model(grid: list[list[int | None]]) -> frozenset[str]:
    """The shown atoms of one numbering (None: a void)."""
    return frozenset(
        f"number({r},{c},{n})"
        for r, row in enumerate(grid)
        for c, n in enumerate(row)
        if n is not None
    )


def pins(grid: list[list[int]]) -> str:
    """Constraints that force exactly this numbering onto the board."""
    return " ".join(
        f":- not number({r},{c},{n})." for r, row in enumerate(grid) for c, n in enumerate(row)
    )


def brute_force(
    rows: int,
    cols: int,
    king: bool,
    voids: set[Cell] = frozenset(),
    givens: dict[Cell, int] | None = None,
) -> set[frozenset[str]]:
    """Every numbering that obeys the rules, by trying all orders of the cells."""
    cells = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in voids]
    givens = givens or {}

    def touch(a: Cell, b: Cell) -> bool:
        dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
        return max(dr, dc) == 1 if king else dr + dc == 1

    found = set()
    for order in permutations(cells):
        if all(touch(a, b) for a, b in pairwise(order)) and all(
            order[n - 1] == cell for cell, n in givens.items()
        ):
            found.add(frozenset(f"number({r},{c},{i})" for i, (r, c) in enumerate(order, 1)))
    return found


# --- exact counts ----------------------------------------------------------------------------


def test_numbrix_2x2_with_the_1_given_has_exactly_two_solutions():
    assert all_models("hidato.lp", board(2, 2, g_0_0=1), king=0) == {
        grid_model([[1, 2], [4, 3]]),
        grid_model([[1, 4], [2, 3]]),
    }


def test_hidato_2x2_with_the_1_given_has_exactly_six_solutions():
    # every cell touches every other, so 2, 3 and 4 may come in any of 3! orders
    models = all_models("hidato.lp", board(2, 2, g_0_0=1))
    assert len(models) == 6
    assert models == brute_force(2, 2, king=True, givens={(0, 0): 1})


@pytest.mark.parametrize("king", [1, 0], ids=["hidato", "numbrix"])
@pytest.mark.parametrize(
    "rows, cols, voids, givens",
    [
        (2, 2, set(), {}),  # Hidato 24, Numbrix 8
        (2, 3, set(), {}),
        (3, 3, set(), {}),
        (3, 3, {(1, 1)}, {}),  # a ring of eight
        (3, 3, {(0, 2)}, {(2, 2): 4}),
        (2, 4, {(0, 0), (1, 3)}, {(0, 1): 1}),
        (3, 3, set(), {(1, 1): 5}),
    ],
    ids=["2x2", "2x3", "3x3", "3x3-ring", "3x3-void-given", "2x4-voids-1", "3x3-centre-5"],
)
def test_model_count_equals_brute_force(king, rows, cols, voids, givens):
    facts = board(rows, cols, voids, **{f"g_{r}_{c}": n for (r, c), n in givens.items()})
    assert all_models("hidato.lp", facts, king=king) == brute_force(
        rows, cols, bool(king), voids, givens
    )


def test_counts_of_the_empty_boards():
    # Hamiltonian paths, each read in both directions: K4 has 4! = 24, the 4-cycle 4 * 2 = 8
    assert len(all_models("hidato.lp", board(2, 2))) == 24
    assert len(all_models("hidato.lp", board(2, 2), king=0)) == 8


# --- each rule broken alone ------------------------------------------------------------------


def test_a_valid_numbering_is_a_model():
    assert all_models("hidato.lp", board(2, 2), extra=pins([[2, 1], [3, 4]])) == {
        grid_model([[2, 1], [3, 4]])
    }


def test_rule1_two_numbers_in_one_cell():
    # (0,0) holds 1 and 2 as given; 1 touches 2 and the other numbers fit around it
    assert all_models("hidato.lp", board(1, 3, g_0_0=1) + " given(0,0,2).") == set()


def test_rule1_a_cell_given_two_numbers_while_every_number_has_its_cell():
    # a row of two, (0,0) given 1 and 5: 1 and 2 are written once each and 5, outside 1..2,
    # needs no neighbour, so only rule 1 is broken
    assert all_models("hidato.lp", board(1, 2, g_0_0=1) + " given(0,0,5).") == set()


def test_rule2_givens_outside_1_to_n_leave_every_number_without_a_cell():
    # a row of two given 7 and 9: neither 1 nor 2 is written, and no number needs a neighbour
    assert all_models("hidato.lp", board(1, 2, g_0_0=7, g_0_1=9)) == set()


def test_rule2_a_gap_in_the_sequence():
    # 2 2 / 3 4: 1 is missing and 2 written twice; every number still touches its successor
    assert all_models("hidato.lp", board(2, 2), extra=pins([[2, 2], [3, 4]])) == set()


def test_rule2_a_number_missing_in_the_middle():
    # 1 2 4 4 on a 1x4 row with 3 gone; 4 is the largest, so only 2 -> 3 breaks besides rule 2
    assert all_models("hidato.lp", board(1, 4), extra=pins([[1, 2, 4, 4]])) == set()


def test_rule3_a_jump_that_does_not_touch():
    # 1 3 2 in a row: 1 and 2 are two cells apart
    assert all_models("hidato.lp", board(1, 3), extra=pins([[1, 3, 2]])) == set()


def test_rule3_numbrix_forbids_a_diagonal_step_that_hidato_allows():
    diagonal = [[1, 4], [3, 2]]  # 1 -> 2 on the diagonal
    assert all_models("hidato.lp", board(2, 2), extra=pins(diagonal)) == {grid_model(diagonal)}
    assert all_models("hidato.lp", board(2, 2), extra=pins(diagonal), king=0) == set()


def test_rule3_voids_do_not_connect():
    # 1 # 2: the void between them is no cell, so 1 and 2 do not touch
    assert all_models("hidato.lp", board(1, 3, {(0, 1)})) == set()


def test_rule4_givens_stay_where_they_are():
    assert all_models("hidato.lp", board(1, 3, g_0_1=1)) == set()  # 1 in the middle of a row
    assert all_models("hidato.lp", board(1, 3, g_0_2=1)) == {grid_model([[3, 2, 1]])}


# --- inconsistent givens: no model, no error -------------------------------------------------


@pytest.mark.parametrize(
    "facts",
    [
        board(2, 2, g_0_0=1, g_1_1=1),  # the same number twice
        board(2, 2, g_0_0=5),  # above N = 4
        board(2, 2, g_0_0=0),  # below 1
        board(1, 4, g_0_0=1, g_0_3=3),  # too far apart: 3 steps for 2 numbers
        board(3, 3, g_0_0=1, g_0_1=3),  # Numbrix parity: side by side, two steps apart
    ],
    ids=["twice", "above-N", "zero", "too-far", "parity"],
)
def test_inconsistent_givens_have_no_model(facts):
    assert all_models("hidato.lp", facts, king=0) == set()


def test_givens_far_apart_in_hidato_but_near_enough():
    # 1 and 3 two cells apart in a row of three: 2 goes between them
    assert all_models("hidato.lp", board(1, 3, g_0_0=1, g_0_2=3)) == {grid_model([[1, 2, 3]])}


def test_grounds_without_warnings():
    assert grounder_messages("hidato.lp", board(2, 2, g_0_0=1)) == []
    assert grounder_messages("hidato.lp", board(2, 2), king=0) == []  # no given/3 at all


def hamiltonian_paths(cells: list[Cell], king: bool) -> list[tuple[Cell, ...]]:
    """Every path through all `cells` by depth-first search (each direction counted)."""
    board_cells = set(cells)

    def neighbours(v: Cell):
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if (
                    (dr or dc)
                    and (king or not (dr and dc))
                    and (v[0] + dr, v[1] + dc) in board_cells
                ):
                    yield v[0] + dr, v[1] + dc

    found: list[tuple[Cell, ...]] = []

    def extend(path: list[Cell]) -> None:
        if len(path) == len(cells):
            found.append(tuple(path))
        for nxt in neighbours(path[-1]):
            if nxt not in path:
                extend(path + [nxt])

    for start in cells:
        extend([start])
    return found


def test_counts_on_random_small_boards_match_a_search_of_all_paths():
    # seeded boards up to 3x4 with random voids and givens (sometimes repeated or above N)
    rng = random.Random(6)
    for _ in range(60):
        rows, cols, king = rng.randint(1, 3), rng.randint(1, 4), rng.randint(0, 1)
        cells = [(r, c) for r in range(rows) for c in range(cols) if rng.random() > 0.15]
        if not cells:
            continue
        givens = {cell: rng.randint(1, len(cells) + 1) for cell in cells if rng.random() < 0.25}
        expected = sum(
            1
            for path in hamiltonian_paths(cells, bool(king))
            if all(n <= len(path) and path[n - 1] == cell for cell, n in givens.items())
        )
        facts = " ".join(
            [f"cell({r},{c})." for r, c in cells]
            + [f"given({r},{c},{n})." for (r, c), n in givens.items()]
        )
        assert len(all_models("hidato.lp", facts, king=king)) == expected, (cells, givens, king)


# --- the Domain section: the numbers each cell may hold ----------------------------------------

DOMAIN = [
    "size/1",
    "value/1",
    "adjacent/4",
    "placed/1",
    "free/2",
    "below/2",
    "after/2",
    "unbounded/1",
    "offered/3",
    "upward/3",
    "downward/3",
    "candidate/3",
]


def domain(cells: list[Cell], givens: dict[Cell, int], king: bool) -> set[str]:
    """Every atom of hidato.lp's Domain section, worked out as its comments describe: walks up
    from each given through free cells no further from the next given above than it allows,
    then down from each given through the cells the walk up reached."""
    size, at = len(cells), {n: cell for cell, n in givens.items()}
    free = [cell for cell in cells if cell not in givens]

    def steps(a: Cell, b: Cell) -> int:  # fewest moves from a to b on an open board
        dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
        return max(dr, dc) if king else dr + dc

    near = {a: [b for b in cells if steps(a, b) == 1] for a in cells}
    above = {n: min((m for m in at if m > n), default=None) for n in range(1, size + 1)}
    under = {n: max((m for m in at if m < n), default=None) for n in range(1, size + 1)}
    offered, upward, downward = {}, {}, {}
    for n in range(1, size + 1):
        if n in at:
            upward[n] = {at[n]}
            continue
        offered[n] = (
            set(free) if n == 1 else {b for a in upward[n - 1] for b in near[a] if b in free}
        )
        upward[n] = {
            a for a in offered[n] if above[n] is None or steps(a, at[above[n]]) <= above[n] - n
        }
    for n in range(size, 0, -1):
        if n in at:
            downward[n] = {at[n]}
        elif n == size:
            downward[n] = upward[n]
        else:
            downward[n] = {a for a in upward[n] if any(b in downward[n + 1] for b in near[a])}
    atoms = {f"size({size})", *(f"value({n})" for n in range(1, size + 1))}
    atoms |= {f"adjacent({a[0]},{a[1]},{b[0]},{b[1]})" for a in cells for b in near[a]}
    atoms |= {f"placed({n})" for n in at} | {f"free({r},{c})" for r, c in free}
    atoms |= {f"below({n},{above[n]})" for n in above if n not in at and above[n]}
    atoms |= {f"unbounded({n})" for n in above if n not in at and above[n] is None}
    atoms |= {f"after({n},{under[n]})" for n in under if n not in at and under[n]}
    for name, cells_of in (("offered", offered), ("upward", upward), ("downward", downward)):
        atoms |= {f"{name}({r},{c},{n})" for n, held in cells_of.items() for r, c in held}
    atoms |= {f"candidate({r},{c},{n})" for n, held in downward.items() for r, c in held}
    return atoms


def test_domain_on_a_row_keeps_only_the_numbers_between_the_givens():
    # 1 - - 4 - : 2 and 3 fit only between 1 and 4, 5 on either side of 4 (a walk does not
    # know that 3 is on its left)
    facts = board(1, 5, g_0_0=1, g_0_3=4)
    assert ground_atoms("hidato.lp", facts, ["candidate/3"]) == {
        "candidate(0,0,1)",
        "candidate(0,1,2)",
        "candidate(0,2,3)",
        "candidate(0,3,4)",
        "candidate(0,2,5)",
        "candidate(0,4,5)",
    }


def test_domain_atoms_on_random_small_boards_are_the_walks_its_comments_describe():
    rng = random.Random(12)
    for _ in range(40):
        rows, cols, king = rng.randint(1, 4), rng.randint(1, 4), rng.randint(0, 1)
        cells = [(r, c) for r in range(rows) for c in range(cols) if rng.random() > 0.2]
        if not cells:
            continue
        numbers = rng.sample(range(1, len(cells) + 1), k=rng.randint(0, min(3, len(cells))))
        givens = dict(zip(rng.sample(cells, k=len(numbers)), numbers))
        facts = " ".join(
            [f"cell({r},{c})." for r, c in cells]
            + [f"given({r},{c},{n})." for (r, c), n in givens.items()]
        )
        assert ground_atoms("hidato.lp", facts, DOMAIN, king=king) == domain(
            cells, givens, bool(king)
        ), (cells, givens, king)


# --- prune = 0: every number on every cell (check, hint and explain) ---------------------------


def test_without_pruning_no_walk_starts_and_every_cell_may_hold_every_number():
    facts = board(1, 3, g_0_2=3)  # 1 is not given, where a walk would start from every cell
    assert (
        ground_atoms("hidato.lp", facts, ["offered/3", "upward/3", "downward/3"], prune=0) == set()
    )
    assert ground_atoms("hidato.lp", facts, ["candidate/3"], prune=0) == {
        f"candidate(0,{c},{n})" for c in range(3) for n in range(1, 4)
    }


def test_without_pruning_the_models_are_the_same_on_random_small_boards():
    rng = random.Random(5)
    for _ in range(40):
        rows, cols, king = rng.randint(1, 3), rng.randint(1, 3), rng.randint(0, 1)
        cells = [(r, c) for r in range(rows) for c in range(cols) if rng.random() > 0.15]
        if not cells:
            continue
        givens = {cell: rng.randint(1, len(cells) + 1) for cell in cells if rng.random() < 0.3}
        facts = " ".join(
            [f"cell({r},{c})." for r, c in cells]
            + [f"given({r},{c},{n})." for (r, c), n in givens.items()]
        )
        assert all_models("hidato.lp", facts, king=king, prune=0) == all_models(
            "hidato.lp", facts, king=king
        ), (cells, givens, king)


# --- techniques, each alone (no numbered rule): what it forces by itself ---------------------

# rules 1 and 2 without their tags, so that only the technique decides among the placements
ONE_TO_ONE = """
:- cell(R,C), #count { N : number(R,C,N) } != 1.
:- value(N), #count { R,C : number(R,C,N) } != 1.
"""


def placements(cells: list[tuple[int, int]], allowed) -> set[frozenset[str]]:
    """Every way to write 1..len(cells) into `cells` that `allowed(numbers)` accepts, where
    numbers maps each cell to its number."""
    return {
        frozenset(f"number({r},{c},{n})" for (r, c), n in zip(cells, order))
        for order in permutations(range(1, len(cells) + 1))
        if allowed(dict(zip(cells, order)))
    }


ROW_OF_3 = [(0, 0), (0, 1), (0, 2)]
ROW_OF_3_FACTS = "cell(0,0). cell(0,1). cell(0,2)."


def test_technique_between_puts_a_number_next_to_both_of_its_neighbours_in_sequence():
    assert technique_models(
        "hidato.lp", ROW_OF_3_FACTS, 1, extra=ONE_TO_ONE, prune=0, king=0
    ) == placements(ROW_OF_3, lambda numbers: numbers[0, 1] == 2)


def test_technique_only_cell_writes_every_number():
    # rule 1 alone: one number a cell; the technique adds that each is written
    one_a_cell = ":- cell(R,C), #count { N : number(R,C,N) } != 1."
    assert technique_models(
        "hidato.lp", "cell(0,0). cell(0,1).", 2, extra=one_a_cell, prune=0
    ) == placements([(0, 0), (0, 1)], lambda numbers: True)


def test_technique_dead_end_puts_an_end_of_the_path_on_a_cell_with_one_neighbour():
    assert technique_models(
        "hidato.lp", ROW_OF_3_FACTS, 3, extra=ONE_TO_ONE, prune=0, king=0
    ) == placements(ROW_OF_3, lambda numbers: numbers[0, 1] == 2)
    # in Hidato the corners of a 2x2 board have three neighbours each
    square = [(0, 0), (0, 1), (1, 0), (1, 1)]
    facts = "cell(0,0). cell(0,1). cell(1,0). cell(1,1)."
    assert technique_models("hidato.lp", facts, 3, extra=ONE_TO_ONE, prune=0) == placements(
        square, lambda numbers: True
    )


def test_technique_reach_keeps_a_number_within_steps_of_the_nearest_givens():
    # 2 is one step from given 1 and two from given 4; rule 4 is off, so 1 and 4 may move
    facts = "cell(0,0). cell(0,1). cell(0,2). cell(0,3). given(0,0,1). given(0,3,4)."
    row = [(0, 0), (0, 1), (0, 2), (0, 3)]
    assert technique_models("hidato.lp", facts, 4, extra=ONE_TO_ONE, prune=0, king=0) == placements(
        row, lambda numbers: numbers[0, 1] == 2 and numbers[0, 2] == 3
    )


@pytest.mark.parametrize(
    ("king", "fixed"),
    [(0, lambda numbers: numbers[0, 0] % 2 == numbers[1, 1] % 2 == 1), (1, lambda numbers: True)],
)
def test_technique_parity_fixes_the_colour_of_each_number_in_numbrix(king, fixed):
    facts = "cell(0,0). cell(0,1). cell(1,0). cell(1,1). given(0,0,1)."
    square = [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert technique_models(
        "hidato.lp", facts, 5, extra=ONE_TO_ONE, prune=0, king=king
    ) == placements(square, fixed)

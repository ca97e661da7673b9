"""encodings/heyawake.lp on its own: tiny inline boards, every model, each rule broken alone."""

from __future__ import annotations

import random

from conftest import all_models, ground_atoms, grounder_messages

from .heyawake_check import breaks, facts, shadings


def board(*rows: str) -> dict[tuple[int, int], int]:
    """Rooms written as rows of letters, one a cell."""
    names: dict[str, int] = {}
    return {
        (r, c): names.setdefault(letter, len(names) + 1)
        for r, row in enumerate(rows)
        for c, letter in enumerate(row)
    }


def shown(*cells: tuple[int, int]) -> frozenset[str]:
    return frozenset(f"shaded({r},{c})" for r, c in cells)


def pinned(*cells: tuple[int, int], size: tuple[int, int]) -> str:
    """Constraints that shade exactly these cells."""
    rows, cols = size
    return " ".join(
        f":- not shaded({r},{c})." if (r, c) in cells else f":- shaded({r},{c})."
        for r in range(rows)
        for c in range(cols)
    )


def test_rule1_two_shaded_cells_side_by_side_are_refused():
    rooms = board("ab")
    assert breaks(rooms, {(0, 0): 1, (0, 1): 1}, {(0, 0), (0, 1)}) == {1}
    assert all_models("heyawake.lp", facts(rooms, {(0, 0): 1, (0, 1): 1})) == set()


def test_rule1_also_in_a_column():
    rooms = board("a", "b")
    assert all_models("heyawake.lp", facts(rooms, {(0, 0): 1, (1, 0): 1})) == set()


def test_rule2_the_unshaded_cells_stay_joined():
    # a 3x3 room: the middle row shaded at both ends and in the middle cuts nothing
    # apart, but the two diagonal cells of a 2x2 room cut it in two
    rooms = board("aa", "aa")
    assert breaks(rooms, {}, {(0, 0), (1, 1)}) == {2}
    assert all_models("heyawake.lp", facts(rooms, {(0, 0): 2})) == set()


def test_rule3_a_room_holds_its_count():
    rooms = board("aaa")
    assert all_models("heyawake.lp", facts(rooms, {(0, 0): 1})) == {
        shown((0, 0)),
        shown((0, 2)),
    }
    assert all_models("heyawake.lp", facts(rooms, {(0, 0): 0})) == {shown()}


def test_rule3_a_count_binds_its_own_room_only():
    rooms = board("aab")
    assert all_models("heyawake.lp", facts(rooms, {(0, 2): 1})) == {
        shown((0, 2)),
        shown((0, 0), (0, 2)),
    }


def test_rule4_a_run_never_crosses_two_borders():
    # a b c in two rows, one cell of b shaded: the other row's run crosses both borders
    rooms = board("abc", "abc")
    counts = {(0, 0): 0, (0, 1): 1, (0, 2): 0}
    assert breaks(rooms, counts, {(0, 1)}) == {4}
    assert breaks(rooms, counts, {(1, 1)}) == {4}
    assert all_models("heyawake.lp", facts(rooms, counts)) == set()


def test_rule4_also_coming_back_into_the_first_room():
    # a b a in a column: the run leaves room a and comes back, crossing two borders
    rooms = board("aa", "ba", "aa")
    assert breaks(rooms, {}, set()) == {4}
    assert all_models("heyawake.lp", facts(rooms, {(1, 0): 0}), pinned(size=(3, 2))) == set()


def test_rule4_also_across_a_room_two_cells_wide():
    # a | b b | c in two rows: with one cell of b shaded, the other row crosses b whole
    rooms = board("abbc", "abbc")
    counts = {(0, 0): 0, (0, 1): 1, (0, 3): 0}
    assert breaks(rooms, counts, {(0, 1)}) == {4}
    assert all_models("heyawake.lp", facts(rooms, counts)) == set()


def test_rule4_one_border_is_fine():
    rooms = board("ab")
    assert all_models("heyawake.lp", facts(rooms, {(0, 0): 0, (0, 1): 0})) == {shown()}


def test_random_small_boards_agree_with_an_independent_reading():
    rng = random.Random(5)
    for rows, cols in [(2, 3), (3, 3), (3, 4), (2, 4), (4, 3)]:
        rooms = {(r, c): rng.randint(1, 3) for r in range(rows) for c in range(cols)}
        counts = {cell: rng.randint(0, 2) for cell in rng.sample(sorted(rooms), 2)}
        expected = {shown(*cells) for cells in shadings(rooms, counts)}
        assert all_models("heyawake.lp", facts(rooms, counts)) == expected, (rooms, counts)


def test_grounds_without_warnings():
    assert grounder_messages("heyawake.lp", facts(board("ab", "ab"), {(0, 0): 1})) == []
    assert grounder_messages("heyawake.lp", facts(board("ab", "ab"), {})) == []  # no number


def test_solving_grounds_the_root_among_the_first_two_cells_explaining_anywhere():
    # rule 2's root: rule 1 keeps r1c2 unshaded when r1c1 is shaded (prune = 1, solving); for
    # explanations (prune = 0) the search runs over the whole board, so rule 2 judges alone
    rooms = facts(board("abc", "abc"), {})
    assert ground_atoms("heyawake.lp", rooms, ["leading/2"], prune=1) == {
        "leading(0,0)",
        "leading(0,1)",
    }
    assert len(ground_atoms("heyawake.lp", rooms, ["leading/2"], prune=0)) == 9

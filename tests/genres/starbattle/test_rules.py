"""encodings/starbattle.lp on its own: tiny inline boards, every model, each rule broken alone."""

from __future__ import annotations

from conftest import all_models, grounder_messages


def board(*rows: str, stars: int = 1) -> str:
    """Facts of a board written as rows of region letters (one letter a cell)."""
    names: dict[str, int] = {}
    cells = [
        f"region({r},{c},{names.setdefault(letter, len(names) + 1)})."
        for r, row in enumerate(rows)
        for c, letter in enumerate(row)
    ]
    return f"stars({stars}). " + " ".join(cells)


def pinned(*stars: tuple[int, int]) -> str:
    """Constraints that keep exactly these stars."""
    return (
        " ".join(f":- not star({r},{c})." for r, c in stars)
        + " :- star(R,C), "
        + ", ".join(f"(R,C) != ({r},{c})" for r, c in stars)
        + "."
    )


def shown(*stars: tuple[int, int]) -> frozenset[str]:
    return frozenset(f"star({r},{c})" for r, c in stars)


def test_rule1_a_row_without_its_star_is_refused():
    # 3 rows, 2 columns: one star in each column and region, none in the middle row
    facts = board("ab", "ab", "ab")
    assert all_models("starbattle.lp", facts, extra=pinned((0, 0), (2, 1))) == set()


def test_rule2_a_column_without_its_star_is_refused():
    facts = board("aaa", "bbb")
    assert all_models("starbattle.lp", facts, extra=pinned((0, 0), (1, 2))) == set()


def test_rule3_a_region_with_two_stars_and_one_with_none_are_refused():
    # rows and columns hold one star each and no two touch; region a holds two, c none
    facts = board("aaaa", "aaaa", "bbbb", "ccdd")
    assert all_models("starbattle.lp", facts, extra=pinned((0, 1), (1, 3), (2, 0), (3, 2))) == set()


def test_rule4_stars_touching_at_a_corner_are_refused():
    assert all_models("starbattle.lp", board("ab", "ab")) == set()


def test_rule4_the_other_diagonal_too():
    facts = board("ab", "ab")
    assert all_models("starbattle.lp", facts, extra=pinned((0, 1), (1, 0))) == set()


def test_a_4x4_board_has_its_two_placements():
    # columns as regions: the two ways of placing four stars with no two touching
    assert all_models("starbattle.lp", board("abcd", "abcd", "abcd", "abcd")) == {
        shown((0, 1), (1, 3), (2, 0), (3, 2)),
        shown((0, 2), (1, 0), (2, 3), (3, 1)),
    }


def test_regions_pick_one_placement():
    assert all_models("starbattle.lp", board("aabb", "aabb", "ccdd", "ccdd")) == {
        shown((0, 1), (1, 3), (2, 0), (3, 2)),
        shown((0, 2), (1, 0), (2, 3), (3, 1)),
    }
    assert all_models("starbattle.lp", board("abbb", "bbbb", "cccd", "cccc")) == set()
    assert all_models("starbattle.lp", board("abbb", "aabb", "cccd", "ccdd")) == {
        shown((0, 2), (1, 0), (2, 3), (3, 1)),
    }


def test_two_stars_a_line_fit_an_8x8_board_two_ways():
    # each row a region: two stars in each row and each column, none touching
    facts = board(*(letter * 8 for letter in "abcdefgh"), stars=2)
    rows = ((1, 3), (5, 7), (1, 3), (5, 7), (0, 2), (4, 6), (0, 2), (4, 6))
    one = [(r, c) for r, columns in enumerate(rows) for c in columns]
    mirrored = [(r, 7 - c) for r, c in one]
    assert all_models("starbattle.lp", facts) == {shown(*one), shown(*mirrored)}


def test_grounds_without_warnings():
    assert grounder_messages("starbattle.lp", board("abcd", "abcd", "abcd", "abcd")) == []

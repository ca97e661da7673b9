"""The grid reader: shapes, headers, one character per cell, and fuzzed input never crashing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesolve.grid import InputError, positive_int, read_grid


def test_whitespace_separated_numbers_may_exceed_nine():
    grid = read_grid("10 2\n3 11\n", "x", positive_int)
    assert (grid.rows, grid.cols, grid.cells) == (2, 2, {(0, 0): 10, (0, 1): 2, (1, 0): 3, (1, 1): 11})


def test_rows_without_whitespace_are_one_character_per_cell():
    grid = read_grid("% comment\n\n12\n// another\n21\n", "x", positive_int)
    assert grid.cells == {(0, 0): 1, (0, 1): 2, (1, 0): 2, (1, 1): 1}


def test_a_header_that_agrees_is_skipped():
    grid = read_grid("2\n3\n1 2 3\n3 1 2\n", "x", positive_int)
    assert (grid.rows, grid.cols) == (2, 3)


def test_a_one_column_grid_is_not_mistaken_for_a_header():
    grid = read_grid("4\n5\n6\n", "x", positive_int)
    assert (grid.rows, grid.cols) == (3, 1)


def test_tabs_separate_cells_and_columns_count_characters():
    with pytest.raises(InputError) as caught:
        read_grid("1\t2\n3\tx\n", "f.txt", positive_int)
    assert (caught.value.line, caught.value.col, str(caught.value)) == (
        2, 3, "f.txt:2:3: expected a positive integer, found 'x'")


def test_a_row_too_long_points_at_the_first_extra_cell():
    with pytest.raises(InputError) as caught:
        read_grid("1 2\n3 4 5\n", "f.txt", positive_int)
    assert (caught.value.line, caught.value.col) == (2, 5)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789 \t\n%/-#.x", max_size=60))
def test_any_text_either_reads_or_raises_input_error(text):
    try:
        grid = read_grid(text, "fuzz.txt", positive_int)
    except InputError as bad:
        assert str(bad).startswith("fuzz.txt")
        assert "\n" not in str(bad)
    else:
        assert len(grid.cells) == grid.rows * grid.cols > 0

"""The grid reader: shapes, headers, one character per cell, and fuzzed input never crashing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesolve.grid import InputError, positive_int, read_grid


def test_whitespace_separated_numbers_may_exceed_nine():
    grid = read_grid("10 2\n3 11\n", "x", positive_int)
    assert (grid.rows, grid.cols, grid.cells) == (
        2,
        2,
        {(0, 0): 10, (0, 1): 2, (1, 0): 3, (1, 1): 11},
    )


def test_rows_without_whitespace_are_one_character_per_cell():
    grid = read_grid("% comment\n\n12\n// another\n21\n", "x", positive_int)
    assert grid.cells == {(0, 0): 1, (0, 1): 2, (1, 0): 2, (1, 1): 1}


def test_a_header_that_agrees_is_skipped():
    grid = read_grid("2\n3\n1 2 3\n3 1 2\n", "x", positive_int)
    assert (grid.rows, grid.cols) == (2, 3)


def test_a_one_column_grid_is_not_mistaken_for_a_header():
    grid = read_grid("4\n5\n6\n", "x", positive_int)
    assert (grid.rows, grid.cols) == (3, 1)


def test_a_compact_grid_of_digits_is_not_mistaken_for_a_header():
    # issue 19: "325 / 231 / 143" was read as a header saying 325 rows
    grid = read_grid("325\n231\n143\n", "x", positive_int)
    assert (grid.rows, grid.cols) == (3, 3)
    assert [grid.cells[r, c] for r in range(3) for c in range(3)] == [3, 2, 5, 2, 3, 1, 1, 4, 3]
    grid = read_grid("12\n21\n12\n", "x", positive_int)
    assert (grid.rows, grid.cols) == (3, 2)


def test_a_header_above_a_compact_grid_is_read_and_checked():
    grid = read_grid("3\n3\n325\n231\n143\n", "x", positive_int)
    assert (grid.rows, grid.cols, grid.cells[0, 2]) == (3, 3, 5)
    with pytest.raises(InputError) as caught:
        read_grid("4\n3\n325\n231\n143\n", "f.txt", positive_int)
    assert str(caught.value) == "f.txt:1:1: header says 4 rows, the grid has 3"


def test_a_one_column_grid_reads_a_header_only_when_it_describes_the_rest():
    grid = read_grid("3\n1\n5\n6\n7\n", "x", positive_int)
    assert (grid.rows, grid.cols, grid.cells) == (3, 1, {(0, 0): 5, (1, 0): 6, (2, 0): 7})
    grid = read_grid("3\n2\n5\n6\n7\n", "x", positive_int)
    assert (grid.rows, grid.cols) == (5, 1)


@pytest.mark.parametrize(
    "text",
    [
        "\ufeff1 2\n2 1\n",  # a byte-order mark (Windows Notepad)
        "1 2\r\n2 1\r\n",  # CRLF
        "1 2\r2 1\r",  # lone CR (old Mac)
        "1\t2\t\n2 \t1  \n",  # tabs, trailing blanks
        "\ufeff% c\r\n12 \r\n21\t\r\n",  # all of it, one character per cell
        "\ufeff2\r\n2\r\n1 2\r\n2 1",  # a header, no newline at the end
    ],
)
def test_line_ends_tabs_trailing_blanks_and_a_byte_order_mark_all_read(text):
    grid = read_grid(text, "x", positive_int)
    assert grid.cells == {(0, 0): 1, (0, 1): 2, (1, 0): 2, (1, 1): 1}


def test_tabs_separate_cells_and_columns_count_characters():
    with pytest.raises(InputError) as caught:
        read_grid("1\t2\n3\tx\n", "f.txt", positive_int)
    assert (caught.value.line, caught.value.col, str(caught.value)) == (
        2,
        3,
        "f.txt:2:3: expected a positive integer, found 'x'",
    )


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

"""Hitori: how large a grid the reader accepts (it refuses, in one line, a grid whose
grounding would be too large; tests/test_fuzz.py feeds every reader any text)."""

from __future__ import annotations

import pytest

from puzzlesolve import InputError, parse


def big_grid(side: int, token) -> str:
    return "".join(" ".join(token(r, c) for c in range(side)) + "\n" for r in range(side))


def test_a_large_grid_that_grounds_small_enough_is_accepted():
    text = big_grid(150, lambda r, c: str((r * 7 + c) % 150 + 1))
    puzzle = parse("hitori", text, "large.txt")
    assert puzzle.rows == puzzle.cols == 150


def test_a_grid_of_equal_numbers_is_refused():
    # 200 rows and 200 columns of 200 equal numbers: 400 * 199 * 200 / 2 pairs to rule out
    with pytest.raises(InputError, match="200x200 cells with 7,960,000 pairs of equal numbers"):
        parse("hitori", big_grid(200, lambda r, c: "7"), "same.txt")

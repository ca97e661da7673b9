"""Hidato and Numbrix: how large a grid the reader accepts (it refuses, in one line, a grid whose
grounding would be too large; tests/test_fuzz.py feeds every reader any text)."""

from __future__ import annotations

import pytest

from puzzlesolve import InputError, parse


def big_grid(side: int, token) -> str:
    return "".join(" ".join(token(r, c) for c in range(side)) + "\n" for r in range(side))


def snake(side: int, given) -> str:
    """A side x side board numbered along a snake through the rows; `given(n)` says which
    numbers are shown."""

    def number(r: int, c: int) -> int:
        return r * side + (c if r % 2 == 0 else side - 1 - c) + 1

    return big_grid(side, lambda r, c: str(number(r, c)) if given(number(r, c)) else "-")


@pytest.mark.parametrize("genre", ["hidato", "numbrix"])
def test_a_large_grid_that_grounds_small_enough_is_accepted(genre):
    puzzle = parse(genre, snake(100, lambda n: n % 2 == 1 or n == 10_000), "large.txt")
    assert puzzle.rows == puzzle.cols == 100


@pytest.mark.parametrize("genre", ["hidato", "numbrix"])
def test_a_large_board_with_one_given_is_refused(genre):
    with pytest.raises(InputError, match="too large to solve: 100x100 cells with 1 givens"):
        parse(genre, snake(100, lambda n: n == 1), "large.txt")

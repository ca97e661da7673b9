"""Numberlink: how large a grid the reader accepts (it refuses, in one line, a grid whose
grounding would be too large; tests/test_fuzz.py feeds every reader any text)."""

from __future__ import annotations

from puzzlesolve import parse


def big_grid(side: int, token) -> str:
    return "".join(" ".join(token(r, c) for c in range(side)) + "\n" for r in range(side))


def test_a_large_grid_that_grounds_small_enough_is_accepted():
    text = big_grid(150, lambda r, c: "1" if (r, c) in {(0, 0), (149, 149)} else "-")
    puzzle = parse("numberlink", text, "large.txt")
    assert puzzle.rows == puzzle.cols == 150

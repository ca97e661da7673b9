"""Hitori's generator: numbers, difficulty and the look of its shadings (the generic checks,
uniqueness re-solved from the text and seeds, are in tests/test_generate.py)."""

from __future__ import annotations

import pytest

from puzzlesolve import parse
from puzzlesolve.generate import generate
from puzzlesolve.genres import GENRES
from puzzlesolve.genres.hitori.generate import shape as shading_shape


def test_hitori_numbers_stay_within_the_larger_side() -> None:
    puzzle = generate(GENRES["hitori"], 4, 7, 3)
    numbers = parse("hitori", puzzle.text).cells.values()
    assert set(numbers) <= set(range(1, 8))


def test_hitori_hard_has_fewer_clashes_than_easy() -> None:
    easy, hard = (
        generate(GENRES["hitori"], 8, 8, 5, "easy"),
        generate(GENRES["hitori"], 8, 8, 5, "hard"),
    )
    assert hard.measures["clashes"] < easy.measures["clashes"]
    assert easy.measures["shaded"] == hard.measures["shaded"]  # same shading, other numbers


# Tatham's Singles solutions of 8x8 and larger (../shared/corpus/hitori/tatham; figures from
# bench/shapes.py): shaded share 0.266-0.312, diagonal pairs per shaded cell 0.389-0.815,
# 2x2 blocks with two shaded cells 0.143-0.262 of all 2x2 blocks.
@pytest.mark.parametrize("side", [10, 12])
def test_hitori_shading_looks_like_tathams(side: int) -> None:
    for seed in range(5):
        puzzle = generate(GENRES["hitori"], side, side, seed)
        shaded = {
            (r, c)
            for r, line in enumerate(puzzle.solution.splitlines())
            for c, token in enumerate(line.split())
            if token == "#"
        }
        looks = shading_shape(side, side, shaded)
        assert 0.25 <= looks["share"] <= 1 / 3, puzzle.solution
        assert 0.389 <= looks["diagonal"] <= 0.815, puzzle.solution
        assert 0.143 <= looks["blocks"] <= 0.262, puzzle.solution

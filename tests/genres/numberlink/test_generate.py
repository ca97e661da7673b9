"""Numberlink's generator: long lines that never touch themselves, with and without --fill, and
its difficulty (the generic checks are in tests/test_generate.py)."""

from __future__ import annotations

import pytest

from puzzlesolve import parse, solve
from puzzlesolve.generate import generate
from puzzlesolve.genres import GENRES
from puzzlesolve.genres.numberlink.generate import shape


def _fresh_solve(genre: str, text: str, switches: tuple[str, ...] = ()):
    return solve(genre, parse(genre, text), models=2, switches=switches)


def _endpoints(text: str) -> dict[str, list[tuple[int, int]]]:
    rows = [line.split() for line in text.splitlines() if not line.startswith("%")]
    ends: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(rows):
        for c, token in enumerate(row):
            if token not in "-.":
                ends.setdefault(token, []).append((r, c))
    return ends


def _paths(text: str, switches: tuple[str, ...]) -> list[list[tuple[int, int]]]:
    """The lines of the one solution of `text` under the rules `switches` ask for."""
    result = _fresh_solve("numberlink", text, switches)
    assert result.status == "unique", text
    paths = result.genre.to_json(result.puzzle, result.solutions[0])["paths"]
    return [[tuple(cell) for cell in path] for path in paths.values()]


@pytest.mark.parametrize("fill", [False, True])
@pytest.mark.parametrize("seed", range(3))
def test_numberlink_hard_has_few_long_lines_that_never_touch_themselves(
    seed: int, fill: bool
) -> None:
    # 8x8 is the smallest board where "hard" means lines of 12 cells or more on average
    puzzle = generate(GENRES["numberlink"], 8, 8, seed, **({"fill": True} if fill else {}))
    asked, other = (("fill",), ()) if fill else ((), ("fill",))
    looks = shape(8, 8, _paths(puzzle.text, asked))
    # as in published puzzles: no line runs alongside itself, no cell is left empty
    assert looks["lines"] <= 5 and looks["mean_length"] >= 12
    assert looks["self_touches"] == 0 and looks["empty_share"] == 0
    for (r1, c1), (r2, c2) in _endpoints(puzzle.text).values():
        assert abs(r1 - r2) + abs(c1 - c2) > 1
    # Nikoli-unique implies unique under --fill; a --fill puzzle says what holds for Nikoli
    said = puzzle.measures["nikoli" if fill else "fill"]
    assert _fresh_solve("numberlink", puzzle.text, other).status == said


@pytest.mark.parametrize("seed", range(2))
def test_numberlink_fill_10x10_hard_has_at_most_8_lines_of_mean_length_12(seed: int) -> None:
    puzzle = generate(GENRES["numberlink"], 10, 10, seed, fill=True)
    looks = shape(10, 10, _paths(puzzle.text, ("fill",)))
    assert looks["lines"] <= 8 and looks["mean_length"] >= 12
    assert puzzle.measures["choices"] > 0  # the proof needs a search


def test_numberlink_hard_has_fewer_lines_than_easy() -> None:
    easy = [
        generate(GENRES["numberlink"], 8, 8, seed, "easy").measures["lines"] for seed in range(2)
    ]
    hard = [
        generate(GENRES["numberlink"], 8, 8, seed, "hard").measures["lines"] for seed in range(2)
    ]
    assert sum(hard) < sum(easy)

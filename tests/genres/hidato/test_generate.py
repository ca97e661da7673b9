"""Hidato's and Numbrix's generator (one package): minimal and symmetric givens, voids, the
difficulty's gaps (the generic checks are in tests/test_generate.py)."""

from __future__ import annotations

import pytest

from puzzlesolve import parse, solve
from puzzlesolve.generate import generate
from puzzlesolve.genres import GENRES
from puzzlesolve.genres.hidato.generate import removal_groups


def _fresh_solve(genre: str, text: str, switches: tuple[str, ...] = ()):
    return solve(genre, parse(genre, text), models=2, switches=switches)


PATH_GENRES = ["hidato", "numbrix"]


def _givens(text: str) -> list[tuple[int, int, str]]:
    """Every given of a hidato/numbrix text as (line index, token index, token)."""
    rows = [line.split() for line in text.splitlines() if not line.startswith("%")]
    return [(r, c, t) for r, row in enumerate(rows) for c, t in enumerate(row) if t.isdigit()]


@pytest.mark.parametrize("genre", PATH_GENRES)
@pytest.mark.parametrize("seed", range(3))
def test_givens_are_minimal(genre: str, seed: int) -> None:
    puzzle = generate(GENRES[genre], 5, 5, seed)
    rows = [line.split() for line in puzzle.text.splitlines() if not line.startswith("%")]
    total = sum(t != "#" for row in rows for t in row)
    for r, c, token in _givens(puzzle.text):
        if genre == "hidato" and int(token) in (1, total):
            continue  # Hidato always shows 1 and N
        fewer = [row[:] for row in rows]
        fewer[r][c] = "-"
        result = _fresh_solve(genre, "\n".join(" ".join(row) for row in fewer) + "\n")
        assert result.status == "multiple", f"given {token} is not needed:\n{puzzle.text}"


@pytest.mark.parametrize("genre", PATH_GENRES)
@pytest.mark.parametrize("side", [5, 6])
def test_symmetric_givens_are_symmetric_unique_and_minimal_by_pairs(genre: str, side: int) -> None:
    puzzle = generate(GENRES[genre], side, side, 2, symmetric=True)
    assert "-symmetric-" in puzzle.name and "--symmetric" in puzzle.text.splitlines()[0]
    rows = [line.split() for line in puzzle.text.splitlines() if not line.startswith("%")]
    given = {(r, c) for r, c, _ in _givens(puzzle.text)}
    assert given == {(side - 1 - r, side - 1 - c) for r, c in given}
    assert _fresh_solve(genre, puzzle.text).status == "unique"
    for r, c in given:
        pair = {rows[r][c], rows[side - 1 - r][side - 1 - c]}
        if genre == "hidato" and pair & {"1", str(side * side)}:
            continue  # Hidato always shows 1 and N, and so their partners
        fewer = [row[:] for row in rows]
        fewer[r][c] = fewer[side - 1 - r][side - 1 - c] = "-"
        result = _fresh_solve(genre, "\n".join(" ".join(row) for row in fewer) + "\n")
        assert result.status == "multiple", f"pair of {rows[r][c]} is not needed:\n{puzzle.text}"


def test_removal_groups_pair_each_cell_with_its_half_turn_image() -> None:
    number = {(r, c): 3 * r + c + 1 for r in range(3) for c in range(3)}
    assert sorted(map(sorted, removal_groups(number, 3, 3, symmetric=True))) == [
        [1, 9],
        [2, 8],
        [3, 7],
        [4, 6],
        [5],
    ]
    assert len(removal_groups(number, 3, 3, symmetric=False)) == 9


def test_hidato_voids_and_ends_are_shown() -> None:
    puzzle = generate(GENRES["hidato"], 6, 6, 3, voids=0.25)
    tokens = [
        t for line in puzzle.text.splitlines() if not line.startswith("%") for t in line.split()
    ]
    assert tokens.count("#") == 9
    assert "1" in tokens and str(36 - 9) in tokens
    assert _fresh_solve("hidato", puzzle.text).status == "unique"


def test_easy_keeps_more_givens_with_short_gaps() -> None:
    for genre in PATH_GENRES:
        easy, hard = (
            generate(GENRES[genre], 6, 6, 1, "easy"),
            generate(GENRES[genre], 6, 6, 1, "hard"),
        )
        assert easy.measures["longest_gap"] <= 3 < hard.measures["longest_gap"]
        assert easy.measures["givens"] > hard.measures["givens"]

"""Every registered genre is documented: a rules file with its header, instances, a README row."""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzlesolve.genres import GENRES
from puzzlesolve.solver import encoding_path

REPO = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("name", sorted(GENRES))
def test_genre_is_documented(name: str) -> None:
    genre = GENRES[name]
    rules = encoding_path(genre.encoding).read_text()
    assert "% Input:" in rules and "% Output:" in rules
    assert "#include" not in rules
    assert list((REPO / "instances" / name).glob("*.txt"))
    readme = (REPO / "README.md").read_text()
    assert f"\n| {name} |" in readme


@pytest.mark.parametrize("name", sorted(GENRES))
def test_genre_has_encoding_tests_and_a_generator(name: str) -> None:
    genre = GENRES[name]
    assert (REPO / "tests" / "encodings" / f"test_{Path(genre.encoding).stem}.py").is_file()
    generator = genre.module("generate")  # ModuleNotFoundError: the genre has none
    assert callable(generator.generate) and generator.MIN_SIDE >= 1

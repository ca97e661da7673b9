"""Puzzle generators: new puzzles whose uniqueness the solver proves.

    >>> from puzzlesolve.generate import generate
    >>> puzzle = generate("hitori", 5, 5, seed=1)
    >>> puzzle.name, puzzle.measures["shaded"] > 0
    ('hitori-5x5-hard-1', True)

Each genre's generator lives in its own module and takes ``(rows, cols, seed, difficulty,
**options)``; this module checks the request and picks the generator. Puzzles depend only
on the arguments (``random.Random(seed)``, never time or hash order) and, where a
generator asks clingo for a counterexample, on clingo's version.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from puzzlesolve.generate import hidato, hitori, numberlink
from puzzlesolve.generate.core import DIFFICULTIES, Generated, GenerateError
from puzzlesolve.genres import GENRES


@dataclass(frozen=True)
class Generator:
    """A genre's generator and the options (keyword arguments) it accepts."""

    function: Callable[..., Generated]
    min_side: int
    options: tuple[str, ...] = ()


GENERATORS: dict[str, Generator] = {
    "hitori": Generator(hitori.generate, hitori.MIN_SIDE),
    "hidato": Generator(partial(hidato.generate, genre="hidato"), hidato.MIN_SIDE, ("voids",)),
    "numbrix": Generator(partial(hidato.generate, genre="numbrix"), hidato.MIN_SIDE),
    "numberlink": Generator(numberlink.generate, numberlink.MIN_SIDE, ("fill",)),
}

__all__ = [
    "DIFFICULTIES",
    "GENERATORS",
    "GenerateError",
    "Generated",
    "check",
    "generate",
    "parse_size",
]


def parse_size(text: str) -> tuple[int, int]:
    """Rows and columns from ``RxC`` (e.g. ``8x10``).

    Raises:
        GenerateError: not of that form, or a side that is not positive.
    """
    found = re.fullmatch(r"\s*(-?\d+)\s*[xX]\s*(-?\d+)\s*", text)
    if not found:
        raise GenerateError(f"size {text!r} is not ROWSxCOLS, e.g. 8x8")
    rows, cols = int(found.group(1)), int(found.group(2))
    if rows <= 0 or cols <= 0:
        raise GenerateError(f"size {text!r}: rows and columns must be positive")
    return rows, cols


def check(
    genre: str,
    rows: int,
    cols: int,
    difficulty: str = "hard",
    options: dict[str, object] | None = None,
) -> None:
    """Refuse a request before any work: unknown genre or difficulty, bad size or option.

    Raises:
        GenerateError: what is wrong, in one line.
    """
    if genre not in GENERATORS:
        known = ", ".join(sorted(GENERATORS))
        reason = "has no generator yet" if genre in GENRES else "is not a genre"
        raise GenerateError(f"{genre!r} {reason}; generators: {known}")
    if difficulty not in DIFFICULTIES:
        raise GenerateError(f"difficulty {difficulty!r}: choose from {', '.join(DIFFICULTIES)}")
    generator = GENERATORS[genre]
    if min(rows, cols) < generator.min_side:
        side = generator.min_side
        raise GenerateError(f"size {rows}x{cols} is too small for {genre}: at least {side}x{side}")
    for option in options or {}:
        if option not in generator.options:
            raise GenerateError(f"--{option} does not apply to {genre}")


def generate(
    genre: str, rows: int, cols: int, seed: int, difficulty: str = "hard", **options: object
) -> Generated:
    """Generate one puzzle of `genre` with exactly one solution.

    Args:
        genre: a genre name with a generator (see GENERATORS).
        rows: rows of the grid.
        cols: columns of the grid.
        seed: the seed; the same arguments give the same puzzle.
        difficulty: "easy" or "hard" (see each genre's module for what changes).
        **options: genre options, e.g. ``fill`` (numberlink), ``voids`` (hidato); pass
            only those that are set.

    Returns:
        The puzzle text, its solution text and measured difficulty.

    Raises:
        GenerateError: an unknown genre, a size too small for it, or an option it lacks.
    """
    check(genre, rows, cols, difficulty, options)
    return GENERATORS[genre].function(rows, cols, seed, difficulty, **options)

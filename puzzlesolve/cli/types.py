"""The command line's parameter types: genres as people type them, and checked numbers."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from puzzlesolve.genre import Genre


class _Genres(Mapping[str, "Genre"]):
    """``puzzlesolve.genres.GENRES``, imported on first use: --version and --help need no genre."""

    def _registry(self) -> Mapping[str, Genre]:
        from puzzlesolve.genres import GENRES as registry

        return registry

    def __getitem__(self, name: str) -> Genre:
        return self._registry()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._registry())

    def __len__(self) -> int:
        return len(self._registry())


GENRES = _Genres()

# where GenreType leaves the switches the typed word asks for (``flow``: fill), see `asked`
_ASKED = "puzzlesolve.asked"


class GenreType(click.ParamType):
    """A genre as people type it: any case, or an alias (``puzzlesolve.registry.resolve_genre``).

    The one place the command line turns a word into a `Genre`, which the command receives
    and hands to the library; every command's GENRE is one. The switches an alias asks for
    (``flow``: fill) are kept beside it, for `asked`.
    """

    name = "genre"

    def convert(self, value, param, ctx) -> Genre:
        from puzzlesolve.genre import Genre

        if isinstance(value, Genre):
            return value
        from puzzlesolve.registry import resolve_genre

        try:
            genre, asks = resolve_genre(value)
        except ValueError as unknown:
            self.fail(str(unknown), param, ctx)
        if ctx is not None:
            ctx.meta[_ASKED] = asks
        return genre


def asked() -> tuple[str, ...]:
    """The switches the genre word of the running command asks for (``flow``: fill)."""
    context = click.get_current_context(silent=True)
    return () if context is None else context.meta.get(_ASKED, ())


def genre_names() -> list[tuple[str, str]]:
    """Each genre's name and its aliases (with the flags an alias stands for), as the help
    lists them."""
    rows = []
    for name in sorted(GENRES):
        genre = GENRES[name]
        groups: dict[tuple[str, ...], list[str]] = {}
        for alias, asks in genre.aliases.items():
            groups.setdefault(asks, []).append(alias)
        rows.append(
            (
                name,
                "; ".join(
                    ", ".join(aliases) + "".join(f" {genre.switch(switch).on}" for switch in asks)
                    for asks, aliases in groups.items()
                ),
            )
        )
    return rows


class WholeNumber(click.ParamType):
    """A whole number from `least` to `most`: anything else is one line of bad usage (exit 2),
    never clingo's error or a traceback."""

    name = "integer"

    def __init__(self, least: int, most: int | None = None, unit: str = ""):
        self.least, self.most, self.unit = least, most, unit

    def convert(self, value, param, ctx) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            try:
                number = int(str(value).strip(), 10)
            except ValueError:
                self.fail(f"{value!r} is not a whole number", param, ctx)
        if number < self.least:
            self.fail(f"{number} is less than {self.least}", param, ctx)
        if self.most is not None and number > self.most:
            self.fail(f"{number} is more than {self.most}{self.unit}", param, ctx)
        return number


class Seconds(click.ParamType):
    """A time limit in seconds: more than 0; ``inf`` means none (None); nan and values of 0
    or less are bad usage."""

    name = "seconds"

    def convert(self, value, param, ctx) -> float | None:
        try:
            seconds = float(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        if not seconds > 0:  # false for nan as well
            self.fail(
                f"{value!r}: give a number of seconds more than 0 (inf: no limit)", param, ctx
            )
        return None if seconds == float("inf") else seconds


class Fraction(click.ParamType):
    """A fraction from 0 up to (not including) 1; nan is bad usage."""

    name = "fraction"

    def convert(self, value, param, ctx) -> float:
        try:
            fraction = float(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number", param, ctx)
        if not 0 <= fraction < 1:  # false for nan as well
            self.fail(f"{value!r} is not a fraction from 0 up to (not including) 1", param, ctx)
        return fraction


# The numeric options' types, shared by every command (clingo takes at most 2^63 - 1 models;
# solve() caps larger counts there, so a huge -n means "all, up to that many").
MODELS = WholeNumber(0)
TIMEOUT = Seconds()
MOST_JOBS = 256  # each worker holds a clingo and its ground program: more only thrash
JOBS = WholeNumber(1, MOST_JOBS, " worker processes")
SEED = WholeNumber(0, 2**63 - 1)  # what a 64-bit integer holds, as other tools' seeds do
PUZZLE_COUNT = WholeNumber(1)
VOIDS = Fraction()

"""What a command asks, built once from its arguments: the genre (resolved once, by the GENRE
argument), the puzzle its INSTANCE names with the rules its source asks for, and the switches
in force. Commands read the request; nothing below the command line looks a genre up again."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from puzzlesolve.cli import switches as genre_flags
from puzzlesolve.cli.common import load, need

if TYPE_CHECKING:
    from puzzlesolve.genre import Genre, Loaded


@dataclass(frozen=True)
class Request:
    """One command's puzzle and rules.

    Attributes:
        genre: the genre, as the GENRE argument (or a link's kind) names it.
        instance: the instance as the user named it (a file, '-' or a link).
        loaded: the puzzle, with the switches its source asks for.
        switches: the switches in force: the flags', the genre word's (``flow``: fill) and
            the instance's, less those a flag turned off.
        notes: what the instance asked for, for stderr once the input proved good.
    """

    genre: Genre
    instance: str
    loaded: Loaded
    switches: list[str]
    notes: list[str]

    @property
    def puzzle(self) -> Any:
        return self.loaded.puzzle


def request(
    genre: Genre,
    instance: str,
    flags: Mapping[str, bool | None],
    needs: Iterable[str] = (),
    switches: list[str] | None = None,
) -> Request:
    """The request of a command on `instance`: the flags checked against the genre's switches
    (or `switches`, as chosen already), the features it `needs` checked, then the instance
    loaded. Bad input or usage exits 2 in one line (`BadInput`), in that order."""
    chosen = genre_flags.chosen(genre, flags) if switches is None else list(switches)
    for feature in needs:
        need(genre, feature)
    loaded = load(genre, instance)
    notes = genre_flags.from_instance(genre, chosen, flags, loaded)
    return Request(genre, instance, loaded, chosen, notes)

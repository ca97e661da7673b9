"""Nurikabe links: puzz.link / pzv.jp ``nurikabe``, the numbers in Number16 (see codecs.py
and shading.py, which Kurodoko shares)."""

from __future__ import annotations

from puzzlesolve import shading
from puzzlesolve.genre import Genre, Loaded
from puzzlesolve.genres.nurikabe import Nurikabe, from_tokens

KINDS = ("nurikabe",)
JANKO_PUZZLES = ("nurikabe",)


def read(_genre: Genre, url: str) -> Loaded:
    """The Nurikabe a puzz.link / pzv.jp link shows.

    Raises:
        InputError: not a nurikabe link, a body that does not fit the size, a number 0, or
            a number the link marks unknown ('?'), which a board of ours cannot hold.
    """
    return shading.read_link(url, KINDS, from_tokens, "0 is no island size (numbers are 1 or more)")


def write(_genre: Genre, board: Nurikabe, fill: bool = False) -> str:
    """The puzz.link link of a Nurikabe (`fill` does not apply).

    Raises:
        LinkError: a number beyond Number16's range.
    """
    return shading.write_link("nurikabe", board)

"""Kurodoko links: puz.link / pzv.jp ``kurodoko``, the numbers in Number16 (codecs.py, as
Nurikabe's: shading.py). Tatham's Range game ids are read by the package's `parse`."""

from __future__ import annotations

from puzzlesolve import shading
from puzzlesolve.genre import Genre, Loaded

from . import Kurodoko, from_tokens

KINDS = ("kurodoko",)


def read(_genre: Genre, url: str) -> Loaded:
    """The Kurodoko a puzz.link / pzv.jp link shows.

    Raises:
        InputError: not a kurodoko link, a body that does not fit the size, a number 0 or
            one larger than its row and column allow, or a number the link marks unknown.
    """
    return shading.read_link(url, KINDS, from_tokens, "0 is no count (a number sees itself)")


def write(_genre: Genre, board: Kurodoko, fill: bool = False) -> str:
    """The puzz.link link of a Kurodoko (`fill` does not apply).

    Raises:
        LinkError: a number beyond Number16's range.
    """
    return shading.write_link("kurodoko", board)

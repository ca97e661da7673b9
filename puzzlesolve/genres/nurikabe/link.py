"""Nurikabe links: puzz.link / pzv.jp ``nurikabe``, the numbers in Number16 (see codecs.py)."""

from __future__ import annotations

from puzzlesolve import codecs, links
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
    link = links.pzpr_of(url, KINDS)
    try:
        values = codecs.decode_number16(link.body, link.rows * link.cols)
    except codecs.BodyError as bad:
        raise codecs.body_error(link.source, bad) from None
    cells: list[list[str]] = [[] for _ in range(link.rows)]
    for index, value in enumerate(values):
        cell = divmod(index, link.cols)
        if value == codecs.UNKNOWN:
            raise codecs.refuse(
                link.source, cell, "the link marks this number unknown ('?'); give its value"
            )
        if value == 0:
            raise codecs.refuse(link.source, cell, "0 is no island size (numbers are 1 or more)")
        cells[cell[0]].append("." if value is None else str(value))
    return Loaded(codecs.from_cells(from_tokens, cells, link.source))


def write(_genre: Genre, board: Nurikabe, fill: bool = False) -> str:
    """The puzz.link link of a Nurikabe (`fill` does not apply).

    Raises:
        LinkError: a number beyond Number16's range.
    """
    values = [board.numbers.get((r, c)) for r in range(board.rows) for c in range(board.cols)]
    return links.pzpr_link("nurikabe", board.rows, board.cols, codecs.encode_number16(values))

"""Hitori links: puzz.link / pzv.jp ``hitori``, one base-36 number per cell (see codecs.py)."""

from __future__ import annotations

from puzzlesolve import codecs, links
from puzzlesolve.genre import Genre, Loaded
from puzzlesolve.genres.hitori import from_tokens
from puzzlesolve.grid import Grid

KINDS = ("hitori",)
JANKO_PUZZLES = ("hitori",)


def read(_genre: Genre, url: str) -> Loaded:
    """The Hitori a puzz.link / pzv.jp link shows.

    Raises:
        InputError: not a hitori link, a body that does not fit the size, a blank cell or a
            number the link marks unknown (every Hitori cell needs its number).
    """
    link = links.pzpr_of(url, KINDS)
    try:
        values = codecs.decode_number36(link.body, link.rows * link.cols)
    except codecs.BodyError as bad:
        raise codecs.body_error(link.source, bad) from None
    cells: list[list[str]] = []
    for index, value in enumerate(values):
        cell = divmod(index, link.cols)
        if value is None:
            raise codecs.refuse(link.source, cell, "a blank cell; every Hitori cell holds a number")
        if value == codecs.UNKNOWN:
            raise codecs.refuse(
                link.source,
                cell,
                "the link marks this number unknown ('?'); Hitori needs every cell's number",
            )
        if cell[1] == 0:
            cells.append([])
        cells[-1].append(str(value))
    return Loaded(codecs.from_cells(from_tokens, cells, link.source))


def write(_genre: Genre, numbers: Grid[int], fill: bool = False) -> str:
    """The puzz.link link of a Hitori (`fill` does not apply).

    Raises:
        LinkError: a number above 1295, which the link cannot hold.
    """
    values = [numbers.cells[r, c] for r in range(numbers.rows) for c in range(numbers.cols)]
    return links.pzpr_link("hitori", numbers.rows, numbers.cols, codecs.encode_number36(values))

"""Slitherlink links: puz.link / pzv.jp ``slither``, the numbers in pzprjs's 4-cell code
(codecs.decode_four_cell); '.' is a number the link leaves unknown."""

from __future__ import annotations

from puzzlesolve import codecs, links
from puzzlesolve.genre import Genre, Loaded
from puzzlesolve.genres.slitherlink import Slitherlink, from_tokens

KINDS = ("slither",)
JANKO_PUZZLES = ("slitherlink",)


def read(_genre: Genre, url: str) -> Loaded:
    """The Slitherlink a puzz.link / pzv.jp link shows.

    Raises:
        InputError: not a slither link, a body that does not fit the size, or a number the
            link leaves unknown ('.'), which a board of ours cannot hold.
    """
    link = links.pzpr_of(url, KINDS)
    try:
        values = codecs.decode_four_cell(link.body, link.rows * link.cols)
    except codecs.BodyError as bad:
        raise codecs.body_error(link.source, bad) from None
    if codecs.UNKNOWN in values:
        cell = divmod(values.index(codecs.UNKNOWN), link.cols)
        raise codecs.refuse(link.source, cell, "the link leaves this number unknown ('.')")
    cells = [
        [
            "." if value is None else str(value)
            for value in values[r * link.cols : (r + 1) * link.cols]
        ]
        for r in range(link.rows)
    ]
    return Loaded(codecs.from_cells(from_tokens, cells, link.source))


def write(_genre: Genre, board: Slitherlink, fill: bool = False) -> str:
    """The puzz.link link of a Slitherlink (`fill` does not apply)."""
    values = [board.numbers.get((r, c)) for r in range(board.rows) for c in range(board.cols)]
    body = codecs.encode_four_cell(values)
    return links.pzpr_link("slither", board.rows, board.cols, body)

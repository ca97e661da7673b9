"""Light Up links: puz.link / pzv.jp ``lightup`` (and ``akari``), the black cells in pzprjs's
4-cell code (codecs.decode_four_cell), where '.' is a black cell without a number."""

from __future__ import annotations

from puzzlesolve import codecs, links
from puzzlesolve.genre import Genre, Loaded
from puzzlesolve.genres.lightup import BLACK, LightUp, from_tokens

SITE = "pzpr"  # the kind of link read (see links.link_kind)
KINDS = ("lightup", "akari")
JANKO_PUZZLES = ()


def read(_genre: Genre, url: str) -> Loaded:
    """The Light Up a puzz.link / pzv.jp link shows.

    Raises:
        InputError: not a lightup link, or a character outside the 4-cell code.
    """
    link = links.pzpr_of(url, KINDS)
    try:
        values = codecs.decode_four_cell(link.body, link.rows * link.cols)
    except codecs.BodyError as bad:
        raise codecs.body_error(link.source, bad) from None
    tokens = [
        "." if value is None else BLACK if value == codecs.UNKNOWN else str(value)
        for value in values
    ]
    cells = [tokens[r * link.cols : (r + 1) * link.cols] for r in range(link.rows)]
    return Loaded(codecs.from_cells(from_tokens, cells, link.source))


def write(_genre: Genre, board: LightUp, fill: bool = False) -> str:
    """The puzz.link link of a Light Up (`fill` does not apply)."""
    values = [
        codecs.UNKNOWN if board.black.get((r, c), 0) is None else board.black.get((r, c))
        for r in range(board.rows)
        for c in range(board.cols)
    ]
    body = codecs.encode_four_cell(values)
    return links.pzpr_link("lightup", board.rows, board.cols, body)


def no_link(_genre: Genre) -> str | None:
    """Every puzzle of this genre has a link (the contract's `LinkFeature.no_link`)."""
    return None

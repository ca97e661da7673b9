"""Yajilin links: puz.link / pzv.jp ``yajilin`` (and pzprjs's ``yajirin``), the clues in
pzprjs's arrow-number code (`codecs.decode_arrow_number16`); a flag before the size (``b``,
how pzprjs draws the clue cells) says nothing of the puzzle."""

from __future__ import annotations

from puzzlesolve import codecs, links
from puzzlesolve.genre import Genre, Loaded
from puzzlesolve.genres.yajilin import Yajilin, from_tokens

KINDS = ("yajilin", "yajirin")
JANKO_PUZZLES = ("yajilin",)
_ARROWS = "?^v<>"  # pzprjs's directions 0 (none), 1 up, 2 down, 3 left, 4 right


def read(_genre: Genre, url: str) -> Loaded:
    """The Yajilin a puzz.link / pzv.jp link shows.

    Raises:
        InputError: not a yajilin link, a body that does not fit the size, or a clue without
            its arrow or number.
    """
    link = links.pzpr_of(url, KINDS)
    try:
        clues = codecs.decode_arrow_number16(link.body, link.rows * link.cols)
    except codecs.BodyError as bad:
        raise codecs.body_error(link.source, bad) from None
    tokens = [
        "." if clue is None else ("?" if clue[1] == codecs.UNKNOWN else str(clue[1])) + _ARROWS[clue[0]]
        for clue in clues
    ]  # fmt: skip
    cells = [tokens[r * link.cols : (r + 1) * link.cols] for r in range(link.rows)]
    return Loaded(codecs.from_cells(from_tokens, cells, link.source))


def write(_genre: Genre, board: Yajilin, fill: bool = False) -> str:
    """The puzz.link link of a Yajilin (`fill` does not apply)."""
    values = [
        None if (clue := board.clues.get((r, c))) is None else (_ARROWS.index(clue[1]), clue[0])
        for r in range(board.rows)
        for c in range(board.cols)
    ]
    return links.pzpr_link("yajilin", board.rows, board.cols, codecs.encode_arrow_number16(values))

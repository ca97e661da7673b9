"""Hidato links: Kudamono's paper-puzzle-player ``G=hidoku`` (see codecs.py).

Its items are ``(N)`` for a given number and ``x`` for a void; blank cells have none.
Numbrix has no link of its own: neither puzz.link nor Kudamono has a Numbrix genre, and a
``hidoku`` link would be played with diagonal steps allowed, which is another puzzle. A
hidoku link can still be read as Numbrix (the board is the same; the rules are the
user's choice), but none is written.
"""

from __future__ import annotations

from puzzlesolve import codecs, links
from puzzlesolve.genre import Genre, Loaded
from puzzlesolve.genres.hidato import Board, from_tokens

SITE = "kudamono"  # the kind of link read (see links.link_kind)
KINDS = ("hidoku",)
JANKO_PUZZLES = ("hidoku", "hidato")
ITEM = r"x|\([0-9]+\)"


def read(_genre: Genre, url: str) -> Loaded:
    """The board a Kudamono hidoku link shows.

    Raises:
        InputError: not such a link, content that is not items and gaps, a number 0, a
            given above N or given twice.
    """
    link = links.kudamono_of(url, KINDS)
    try:
        items = codecs.decode_kudamono(link, ITEM)
    except codecs.BodyError as bad:
        raise codecs.body_error(link.source, bad) from None
    cells = [["-"] * link.cols for _ in range(link.rows)]
    for (r, c), item in items.items():
        if item == "(0)":
            raise codecs.refuse(link.source, (r, c), "0 is not a number to place (1..N)")
        cells[r][c] = "#" if item == "x" else str(int(item[1:-1]))
    return Loaded(codecs.from_cells(from_tokens, cells, link.source))


def no_link(genre: Genre) -> str | None:
    """Why `genre` has no link form (Numbrix), or None (Hidato)."""
    if genre.name == "hidato":
        return None
    return (
        f"{genre.name} has no link form: neither puzz.link nor Kudamono has this genre, "
        "and a hidoku link would allow diagonal steps"
    )


def write(genre: Genre, board: Board, fill: bool = False) -> str:
    """The Kudamono link of a Hidato (`fill` does not apply).

    Raises:
        LinkError: for Numbrix, which has no link form.
    """
    reason = no_link(genre)
    if reason:
        raise links.LinkError(reason)
    on_board = set(board.cells)
    items = {
        (r, c): "x" for r in range(board.rows) for c in range(board.cols) if (r, c) not in on_board
    }
    items.update({cell: f"({n})" for cell, n in board.givens.items()})
    return links.kudamono_link(
        "hidoku", board.rows, board.cols, codecs.encode_kudamono(items, board.rows, board.cols)
    )

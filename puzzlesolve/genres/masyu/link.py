"""Masyu links: puz.link / pzv.jp ``mashu`` (and ``masyu``), the pearls in pzprjs's circle
code: each character, a base-27 digit, holds three cells in base 3 (0 empty, 1 white,
2 black), the first cell the most significant."""

from __future__ import annotations

from puzzlesolve import codecs, links
from puzzlesolve.genre import Genre, Loaded
from puzzlesolve.genres.masyu import Masyu, from_tokens

KINDS = ("mashu", "masyu")
JANKO_PUZZLES = ("masyu",)
_DIGITS = "0123456789abcdefghijklmnopq"  # base 27
_PEARL = {0: ".", 1: "W", 2: "B"}


def read(_genre: Genre, url: str) -> Loaded:
    """The Masyu a puzz.link / pzv.jp link shows.

    Raises:
        InputError: not a mashu link, or a body that does not fit the size.
    """
    link = links.pzpr_of(url, KINDS)
    total = link.rows * link.cols
    needed = (total + 2) // 3
    tokens: list[str] = []
    for at, char in enumerate(link.body[:needed]):
        if char not in _DIGITS:
            raise codecs.body_error(link.source, codecs.BodyError(f"{char!r} is no cell", at))
        value = _DIGITS.index(char)
        tokens += [_PEARL[value // 9], _PEARL[value // 3 % 3], _PEARL[value % 3]]
    tokens += ["."] * (needed * 3 - len(tokens))  # pzprjs leaves the cells after the body empty
    cells = [tokens[r * link.cols : (r + 1) * link.cols] for r in range(link.rows)]
    return Loaded(codecs.from_cells(from_tokens, cells, link.source))


def write(_genre: Genre, board: Masyu, fill: bool = False) -> str:
    """The puzz.link link of a Masyu (`fill` does not apply)."""
    code = {None: 0, "W": 1, "B": 2}
    values = [code[board.pearls.get((r, c))] for r in range(board.rows) for c in range(board.cols)]
    values += [0] * (-len(values) % 3)
    body = "".join(
        _DIGITS[9 * values[i] + 3 * values[i + 1] + values[i + 2]] for i in range(0, len(values), 3)
    )
    return links.pzpr_link("mashu", board.rows, board.cols, body)

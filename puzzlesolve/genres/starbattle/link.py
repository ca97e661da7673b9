"""Star Battle links: puzz.link / pzv.jp ``starbattle``, ``COLS/ROWS/STARS/BORDERS``."""

from __future__ import annotations

from puzzlesolve import codecs, links
from puzzlesolve.genre import Genre, Loaded
from puzzlesolve.genres.starbattle import StarBattle, from_tokens
from puzzlesolve.grid import InputError
from puzzlesolve.regions import borders, from_borders

SITE = "pzpr"
KINDS = ("starbattle",)
JANKO_PUZZLES = ()


def read(_genre: Genre, url: str) -> Loaded:
    """The Star Battle a link shows: its star count, then its regions' borders.

    Raises:
        InputError: not a starbattle link, no star count, a body that does not fit the size,
            or a star count the board cannot hold.
    """
    link = links.pzpr_of(url, KINDS)
    count, slash, body = link.body.partition("/")
    if not (slash and count.isdigit() and int(count) >= 1):
        raise InputError(link.source, "a starbattle link gives its star count before the borders")
    try:
        walls, rest = codecs.decode_borders(body, link.rows, link.cols)
    except codecs.BodyError as bad:  # counted in the whole body, star count included
        bad.at += len(count) + 1
        raise codecs.body_error(link.source, bad) from None
    if rest:
        at = len(link.body) - len(rest)
        raise codecs.body_error(link.source, codecs.BodyError("more than the borders", at))
    regions = from_borders(link.rows, link.cols, walls)
    names = [[regions.token((r, c)) for c in range(link.cols)] for r in range(link.rows)]
    puzzle = codecs.from_cells(
        lambda tokens, source: from_tokens(tokens, source, int(count)), names, link.source
    )
    return Loaded(puzzle)


def write(_genre: Genre, puzzle: StarBattle, fill: bool = False) -> str:
    """The puzz.link link of a Star Battle (`fill` does not apply)."""
    walls = set(borders(puzzle.regions))
    body = codecs.encode_borders(walls, puzzle.rows, puzzle.cols)
    return links.pzpr_link("starbattle", puzzle.rows, puzzle.cols, f"{puzzle.stars}/{body}")


def no_link(_genre: Genre) -> str | None:
    """Every Star Battle has a link."""
    return None

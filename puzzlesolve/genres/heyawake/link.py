"""Heyawake links: puz.link / pzv.jp ``heyawake``, the rooms' borders (codecs.decode_borders),
then each room's number in Number16, rooms in the reading order of their first cells."""

from __future__ import annotations

from puzzlesolve import codecs, links
from puzzlesolve.genre import Genre, Loaded
from puzzlesolve.regions import Regions, borders, from_borders

from . import from_tokens

KINDS = ("heyawake",)


def read(_genre: Genre, url: str) -> Loaded:
    """The Heyawake a link shows; each room's number goes on its first cell.

    Raises:
        InputError: not a heyawake link, a body that does not fit the size, a number the
            link marks unknown, or a puzzle `parse` refuses.
    """
    link = links.pzpr_of(url, KINDS)
    try:
        walls, rest = codecs.decode_borders(link.body, link.rows, link.cols)
    except codecs.BodyError as bad:
        raise codecs.body_error(link.source, bad) from None
    rooms = from_borders(link.rows, link.cols, walls)
    counts = _counts(rest, len(rooms.names))
    if counts is None:
        at = codecs.BodyError("the rooms' numbers do not fit the rooms", len(link.body) - len(rest))
        raise codecs.body_error(link.source, at)
    names = [[rooms.token((r, c)) for c in range(link.cols)] for r in range(link.rows)]
    for members, count in zip(rooms.members().values(), counts, strict=False):
        if count == codecs.UNKNOWN:
            raise codecs.refuse(
                link.source, members[0], "the link marks this room's number unknown"
            )
        if count is not None:
            (r, c) = members[0]
            names[r][c] += str(count)
    return Loaded(codecs.from_cells(from_tokens, names, link.source))


def _counts(body: str, rooms: int) -> list[int | None] | None:
    """Each room's number, None where it has none; a body may leave off the blank rooms at
    its end (None: the numbers do not fit)."""
    for given in range(rooms, -1, -1):
        try:
            return [*codecs.decode_number16(body, given), *[None] * (rooms - given)]
        except codecs.BodyError:
            continue
    return None


def write(_genre: Genre, puzzle: Regions, fill: bool = False) -> str:
    """The puzz.link link of a Heyawake (`fill` does not apply).

    Raises:
        LinkError: a number beyond the link's range.
    """
    counts: dict[int, int] = {puzzle.cells[cell]: n for cell, n in puzzle.clues.items()}
    body = codecs.encode_borders(set(borders(puzzle)), puzzle.rows, puzzle.cols)
    body += codecs.encode_number16([counts.get(k) for k in sorted(puzzle.names)])
    return links.pzpr_link("heyawake", puzzle.rows, puzzle.cols, body)

"""Numberlink links: puzz.link / pzv.jp ``numlin`` and ``arukone`` (Number16, see codecs.py).

``numlin`` shows its labels as numbers and plays by Nikoli's rules: lines need not pass
through every cell. ``arukone`` shows the numbers 1..52 as the letters A..Z, a..z; pzprjs
asks its lines to pass through every cell unless the link carries the flag ``e`` (its
setting "dontpassallcell"), so an arukone link without ``e`` is solved with ``--fill``.

Writing a link keeps the puzzle's own labels where the form can show them: letters go to
``arukone`` (with ``e`` under Nikoli's rules), integers to ``numlin``; other labels are
numbered 1..k in order of first appearance. ``fill`` (every cell covered) writes
``arukone`` without ``e``; integer labels then carry the flag ``n`` (numbers), which pzprjs
ignores and which makes them read back as the numbers they were rather than as letters.
"""

from __future__ import annotations

import string
from collections.abc import Callable

from puzzlesolve import codecs, links
from puzzlesolve.genre import Genre, Loaded
from puzzlesolve.genres.numberlink import Numberlink, from_tokens

KINDS = ("numlin", "numberlink", "arukone")
JANKO_PUZZLES = ("arukone", "numberlink")
LETTERS = string.ascii_uppercase + string.ascii_lowercase  # arukone's 1..52
NUMBERS_FLAG = "n"  # puzzlesolve's own: this arukone link's labels are numbers, not letters
FILL_NOTE = (
    "this arukone link has no 'e' flag, so its lines must pass through every cell: "
    "solving with --fill"
)


def read(_genre: Genre, url: str) -> Loaded:
    """The Numberlink a numlin or arukone link shows, with ``fill`` when the link asks for it.

    Raises:
        InputError: not such a link, a body that does not fit the size, a clue the link marks
            unknown, an arukone number that is no letter, a label not seen exactly twice.
    """
    link = links.pzpr_of(url, KINDS)
    try:
        values = codecs.decode_number16(link.body, link.rows * link.cols)
    except codecs.BodyError as bad:
        raise codecs.body_error(link.source, bad) from None
    arukone = link.kind == "arukone"
    letters = arukone and NUMBERS_FLAG not in link.flags
    cells: list[list[str]] = []
    for index, value in enumerate(values):
        cell = divmod(index, link.cols)
        if value == codecs.UNKNOWN:
            raise codecs.refuse(
                link.source,
                cell,
                "the link marks this endpoint unknown ('?'); "
                "Numberlink needs every endpoint's label",
            )
        if arukone and value is not None and not 1 <= value <= len(LETTERS):
            raise codecs.refuse(link.source, cell, f"arukone shows 1..52 as letters, found {value}")
        if cell[1] == 0:
            cells.append([])
        cells[-1].append("-" if value is None else LETTERS[value - 1] if letters else str(value))
    puzzle = codecs.from_cells(from_tokens, cells, link.source)
    if arukone and "e" not in link.flags:
        return Loaded(puzzle, ("fill",), FILL_NOTE)
    return Loaded(puzzle)


def write(_genre: Genre, puzzle: Numberlink, fill: bool = False) -> str:
    """The puzz.link link of a Numberlink: numlin, or arukone for letters or for `fill`.

    Raises:
        LinkError: more than 52 labels for an arukone link.
    """
    labels = puzzle.names[1:]
    if fill and all(_integer(label) >= 0 for label in labels):
        kind, flags = "arukone", NUMBERS_FLAG  # read back as numbers, not as letters
        number = _numbers(labels, _integer, 1, len(LETTERS), kind)
    elif fill or all(len(label) == 1 and label in LETTERS for label in labels):
        kind, flags = "arukone", "" if fill else "e"
        number = _numbers(labels, lambda label: LETTERS.find(label) + 1, 1, len(LETTERS), kind)
    else:
        kind, flags = "numlin", ""
        number = _numbers(labels, _integer, 0, codecs.NUMBER16_MAX, kind)
    values = [
        number[puzzle.endpoints[r, c]] if (r, c) in puzzle.endpoints else None
        for r in range(puzzle.rows)
        for c in range(puzzle.cols)
    ]
    return links.pzpr_link(kind, puzzle.rows, puzzle.cols, codecs.encode_number16(values), flags)


def _integer(label: str) -> int:
    """A label's value as a number, or -1 when it is none."""
    return int(label) if label.isascii() and label.isdigit() else -1


def _numbers(
    labels: tuple[str, ...], own: Callable[[str], int], low: int, high: int, kind: str
) -> dict[int, int]:
    """Each label's number in the link: its own (`own`) when all are distinct and within
    low..high, else 1..k in order of first appearance.

    Raises:
        LinkError: more labels than the link can number.
    """
    mine = [own(label) for label in labels]
    if len(set(mine)) == len(mine) and all(low <= n <= high for n in mine):
        return {k: n for k, n in enumerate(mine, start=1)}
    if len(labels) > high:
        raise links.LinkError(f"{len(labels)} labels: {kind} links show at most {high}")
    return {k: k for k in range(1, len(labels) + 1)}

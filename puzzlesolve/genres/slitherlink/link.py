"""Slitherlink links: puz.link / pzv.jp ``slither``, the numbers in pzprjs's 4-cell code.

That code writes a number 0-4 as its digit, a number followed by one blank cell as 5-9
(number + 5), followed by two blanks as a-e (number + 10), and a run of 1 to 20 blank
cells as g-z; '.' is a number the link leaves unknown.
"""

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
    total = link.rows * link.cols
    values: list[int | None] = []
    for at, char in enumerate(link.body):
        if len(values) >= total:
            break
        if "0" <= char <= "4":
            values.append(int(char))
        elif "5" <= char <= "9":
            values += [int(char) - 5, None]
        elif "a" <= char <= "e":
            values += [ord(char) - ord("a"), None, None]
        elif "g" <= char <= "z":
            values += [None] * (ord(char) - ord("g") + 1)
        elif char == ".":
            cell = divmod(len(values), link.cols)
            raise codecs.refuse(link.source, cell, "the link leaves this number unknown ('.')")
        else:
            raise codecs.body_error(link.source, codecs.BodyError(f"{char!r} is no cell", at))
    values += [None] * (total - len(values))  # pzprjs leaves the cells after the body blank
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
    body, index = "", 0
    while index < len(values):
        value = values[index]
        if value is None:
            run = 1
            while run < 20 and index + run < len(values) and values[index + run] is None:
                run += 1
            body += chr(ord("g") + run - 1)
            index += run
            continue
        blanks = 0
        while (
            blanks < 2 and index + 1 + blanks < len(values) and values[index + 1 + blanks] is None
        ):
            blanks += 1
        body += "0123456789abcde"[value + 5 * blanks]
        index += 1 + blanks
    return links.pzpr_link("slither", board.rows, board.cols, body)

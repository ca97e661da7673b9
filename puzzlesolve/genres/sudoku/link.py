"""Sudoku links: puz.link / pzv.jp ``sudoku`` (digits in Number16, see codecs.py), and Simon
Tatham's Solo game ids (``3x3:...``: boxes 3 rows by 3 columns), read as instances."""

from __future__ import annotations

import re

from puzzlesolve import codecs, links
from puzzlesolve.genre import Genre, Loaded
from puzzlesolve.grid import InputError

from . import BOXES, Board, from_tokens

SITE = "pzpr"  # the kind of link read (see links.link_kind)
KINDS = ("sudoku",)
JANKO_PUZZLES = ("sudoku",)
SOLO = re.compile(r"(\d+)x(\d+):([0-9a-z_]*)")
SOLO_ITEM = re.compile(r"[a-z]|\d+|_")


def read(_genre: Genre, url: str) -> Loaded:
    """The Sudoku a puzz.link / pzv.jp link shows; raises InputError for a bad one."""
    return Loaded(codecs.read_number16_link(url, KINDS, from_tokens))


def write(_genre: Genre, board: Board, fill: bool = False) -> str:
    """The puzz.link link of a Sudoku (`fill` does not apply)."""
    values = [board.givens.get(cell) for cell in board.cells]
    return links.pzpr_link("sudoku", board.rows, board.cols, codecs.encode_number16(values))


def no_link(_genre: Genre) -> str | None:
    return None  # every Sudoku has a link


def read_solo(text: str, source: str) -> Board | None:
    """The board of a Solo game id (letters a-z: that many blanks; ``_`` parts two digits),
    or None when `text` is none.

    Raises:
        InputError: boxes that do not make one of the sizes, a description that does not fit.
    """
    found = SOLO.fullmatch(text.strip())
    if found is None:
        return None
    shape, body = (int(found[1]), int(found[2])), found[3]
    side = shape[0] * shape[1]
    if BOXES.get(side) != shape:
        shapes = ", ".join(f"{h}x{w}" for h, w in BOXES.values())
        reason = f"Solo boxes {shape[0]}x{shape[1]} (rows by columns) are none of {shapes}"
        raise InputError(source, reason)
    cells: list[str] = []
    for item in SOLO_ITEM.findall(body):
        if item.isdigit():
            cells.append(item)
        elif item != "_":
            cells += ["."] * (ord(item) - ord("a") + 1)
    if len(cells) != side * side:
        raise InputError(source, f"the Solo description holds {len(cells)} of {side * side} cells")
    rows = [cells[r * side : (r + 1) * side] for r in range(side)]
    return codecs.from_cells(from_tokens, rows, source)

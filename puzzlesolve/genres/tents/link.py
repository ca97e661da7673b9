"""Tents links: Simon Tatham's Tents game ids (``8x8:...``), read as instances by `parse`
and written here; a puzzle with a count not given has none (Tatham's give every count)."""

from __future__ import annotations

from puzzlesolve.genre import Genre, Loaded
from puzzlesolve.grid import InputError
from puzzlesolve.links import LinkError, shown

from . import Tents

KINDS = ()
"""No puz.link kind: pzprjs's Tents is not read (the contract names none)."""


def read(_genre: Genre, url: str) -> Loaded:
    """No link of a player is a Tents puzzle here: its game id is the instance itself.

    Raises:
        InputError: always.
    """
    raise InputError(shown(url), "tents puzzles are read from Tatham game ids, not links")


def write(_genre: Genre, board: Tents, fill: bool = False) -> str:
    """The Tatham game id: before each tree a letter for the empty cells since the last one
    (``_`` none, ``a`` one, ...; ``z`` 25 and no tree), one more letter for the empty cells
    after the last tree, then the column and the row counts.

    Raises:
        LinkError: a count is not given.
    """
    counts = [*board.col_counts, *board.row_counts]
    if None in counts:
        raise LinkError("a Tents game id gives every count; this puzzle leaves some out")
    every = ((r, c) for r in range(board.rows) for c in range(board.cols))
    gaps = "".join("T" if cell in board.trees else "." for cell in every).split("T")
    letters = "".join(_letter(len(gap)) for gap in gaps)
    return f"{board.cols}x{board.rows}:{letters}," + ",".join(map(str, counts))


def _letter(gap: int) -> str:
    """The letters of `gap` empty cells before a tree (or the end): ``z`` per 25 beyond."""
    z = max(0, (gap - 1) // 25)
    return "z" * z + ("_" if gap == 0 else chr(ord("a") + gap - 25 * z - 1))

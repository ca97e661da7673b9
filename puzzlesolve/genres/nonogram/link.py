"""Nonogram links: Simon Tatham's Pattern game ids (``WxH:`` then each column's runs, then each
row's, ``.`` between runs and ``/`` between lines, an empty line empty). They are instances
too (see `parse`); puz.link has no Nonogram, so no web link is read."""

from __future__ import annotations

from puzzlesolve.genre import Genre, Loaded
from puzzlesolve.grid import InputError
from puzzlesolve.links import shown

from . import Nonogram

KINDS: tuple[str, ...] = ()


def read(_genre: Genre, url: str) -> Loaded:
    """Raises InputError: no web link holds a Nonogram (a Pattern game id is an instance)."""
    raise InputError(shown(url), "no web link holds a Nonogram: give a Pattern game id "
                     "(10x10:1.4/2.3/...) or a file")  # fmt: skip


def write(_genre: Genre, puzzle: Nonogram, fill: bool = False) -> str:
    """The Pattern game id of a Nonogram (`fill` does not apply)."""
    lines = (*puzzle.col_runs, *puzzle.row_runs)
    return f"{puzzle.cols}x{puzzle.rows}:" + "/".join(".".join(map(str, r)) for r in lines)

"""Fillomino links: puz.link / pzv.jp ``fillomino`` (numbers in Number16, see codecs.py);
Simon Tatham's Filling game ids are read as instances (see `parse`)."""

from __future__ import annotations

from puzzlesolve import codecs, links
from puzzlesolve.genre import Genre, Loaded

from . import Board, from_tokens

KINDS = ("fillomino",)


def read(_genre: Genre, url: str) -> Loaded:
    """The Fillomino a puzz.link / pzv.jp link shows; raises InputError for a bad one."""
    return Loaded(codecs.read_number16_link(url, KINDS, from_tokens))


def write(_genre: Genre, board: Board, fill: bool = False) -> str:
    """The puzz.link link of a Fillomino (`fill` does not apply)."""
    values = [board.givens.get(cell) for cell in board.cells]
    return links.pzpr_link("fillomino", board.rows, board.cols, codecs.encode_number16(values))

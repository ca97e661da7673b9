"""What the genres share whose clues are numbers on some cells and whose answer shades cells
(Nurikabe, Kurodoko): the board, its facts, its solution and answer files, its JSON, its
picture and the page's board, the cells its explanations decide, and its puz.link form
(the numbers in Number16). A genre package takes these as its own names and writes only
what differs (its rules, its limits, its techniques).

A cell's value is "shaded" or "unshaded"; a solution is the sorted list of shaded cells.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import clingo

from puzzlesolve import grid
from puzzlesolve.grid import Cell, Token, Value
from puzzlesolve.records import Loaded, fact

if TYPE_CHECKING:
    from puzzlesolve.drawing import Canvas

SHADED, UNSHADED = "shaded", "unshaded"
SHADE = "#2e2e2e"
DOT = "#607d8b"


@dataclass(frozen=True)
class NumberBoard:
    """A board of numbers and blank cells.

    Attributes:
        rows: grid rows.
        cols: grid columns.
        numbers: the number of each cell that shows one.
    """

    rows: int
    cols: int
    numbers: dict[Cell, int]


def number_token(text: str) -> int:
    """A cell's number (blanks are read before: `grid.read_clues`).

    Raises:
        ValueError: any other token, with the reason.
    """
    if text.isascii() and text.isdigit() and int(text) > 0:
        return int(text)
    raise ValueError(f"expected a positive number, or '-' or '.' (blank), found {text!r}")


def cells(board: NumberBoard) -> list[Cell]:
    """Every cell of the board, in reading order."""
    return [(r, c) for r in range(board.rows) for c in range(board.cols)]


def facts(board: NumberBoard) -> list[str]:
    """``cell(R,C)`` for every cell and ``number(R,C,N)`` for every number."""
    return [fact("cell", r, c) for r, c in cells(board)] + [
        fact("number", r, c, n) for (r, c), n in sorted(board.numbers.items())
    ]


def decode(symbols: Sequence[clingo.Symbol], _board: NumberBoard) -> list[Cell]:
    return sorted(
        (s.arguments[0].number, s.arguments[1].number) for s in symbols if s.match("shaded", 2)
    )


def render(board: NumberBoard, shaded: list[Cell]) -> str:
    """The grid with shaded cells ``#``, unshaded ones their number or ``.``, right-aligned."""
    dark = set(shaded)
    text = {
        cell: "#" if cell in dark else str(board.numbers.get(cell, ".")) for cell in cells(board)
    }
    width = max(map(len, text.values()))
    return "".join(
        " ".join(text[r, c].rjust(width) for c in range(board.cols)) + "\n"
        for r in range(board.rows)
    )


def values(board: NumberBoard, shaded: list[Cell]) -> dict[Cell, Value]:
    """Every cell "shaded" or "unshaded"."""
    dark = set(shaded)
    return {cell: SHADED if cell in dark else UNSHADED for cell in cells(board)}


def read_answer(board: NumberBoard, text: str, source: str) -> dict[Cell, Value]:
    """An answer: ``#`` shaded, ``.`` or the cell's own number unshaded, ``?`` or ``-``
    undecided.

    Raises:
        InputError: another shape, a number that is not the puzzle's, or a numbered cell
            written without its number.
    """

    def token(cell: Cell, text: str) -> Value | None:
        if text in (grid.UNDECIDED, "-"):
            return None
        if text == "#":
            return SHADED
        number = board.numbers.get(cell)
        if number is None:
            if text == ".":
                return UNSHADED
            raise ValueError(
                f"expected '#', '.' or '?' here (the puzzle has no number), found {text!r}"
            )
        if text.isascii() and text.isdigit() and int(text) == number:
            return UNSHADED
        raise ValueError(f"expected '#', '?' or the puzzle's number {number} here, found {text!r}")

    return grid.read_answer(text, source, board.rows, board.cols, token)


def to_json(_board: NumberBoard, shaded: list[Cell]) -> dict:
    """``{"shaded": [[r, c], ...]}``."""
    return {"shaded": [list(cell) for cell in shaded]}


# -- pictures and the page (a draw module's names)


def paint(canvas: Canvas, board: NumberBoard, values: dict[Cell, Value], _solution: Any) -> None:
    """Shade the shaded cells, dot the unshaded ones of a partial answer (as pzprjs marks
    them), write the numbers."""
    partial = 0 < len(values) < board.rows * board.cols
    for cell in cells(board):
        if values.get(cell) == SHADED:
            canvas.fill(cell, SHADE)
        elif partial and values.get(cell) == UNSHADED and cell not in board.numbers:
            canvas.disc(cell, 0.1, DOT)
    for cell, number in sorted(board.numbers.items()):
        canvas.text(cell, str(number))


def page_board(_genre: Any, board: NumberBoard) -> dict:
    """What the web page draws: ``cells[r][c]`` is the cell's number, or None; a cell
    marked unshaded carries a dot (``unshaded``), as in the pictures; a numbered cell
    takes no mark (``clues_fixed``: it is unshaded by the rules)."""
    return {
        "cells": [
            [board.numbers.get((r, c)) for c in range(board.cols)] for r in range(board.rows)
        ],
        "unshaded": "dot",
        "clues_fixed": True,
    }


# -- the cells explanations decide (an explain module's names)


def shown(_board: NumberBoard) -> dict[Cell, Value]:
    """No cell's shading is shown: that a numbered cell stays unshaded is a rule's to say."""
    return {}


def literal(_board: NumberBoard, cell: Cell, value: Value) -> tuple[clingo.Symbol, bool]:
    """ "shaded" is ``shaded(R,C)``, "unshaded" its negation."""
    return clingo.Function("shaded", [clingo.Number(n) for n in cell]), value == SHADED


def clue(board: NumberBoard, cell: Cell) -> int:
    return board.numbers[cell]


def says(value: Value, plural: bool) -> str:
    return f"{'are' if plural else 'is'} {value}"


def says_clue(number: int, plural: bool) -> str:
    return f"show{'' if plural else 's'} {number}"


def clue_group(_board: NumberBoard, cell: Cell) -> Cell:
    """Each number stands alone."""
    return cell


def board_facts(_board: NumberBoard) -> list[str]:
    """None: the board's cells are facts of their own, kept when the clues are left out."""
    return []


def segments(_board: NumberBoard) -> dict:
    """None: steps decide cells only."""
    return {}


def drawn(_board: NumberBoard, _solution: Any) -> tuple:
    """None: no segments."""
    return ()


def forward_givens(board: NumberBoard) -> dict[Cell, Value]:
    """The numbered cells, unshaded by the rules and known to the technique file from the
    start: a hint never spends itself on them."""
    return dict.fromkeys(board.numbers, UNSHADED)


# -- numbers added and taken away (an audit module's names)


def blanks(board: NumberBoard) -> list[Cell]:
    """The cells where a number may be added: those without one."""
    return [cell for cell in cells(board) if cell not in board.numbers]


def with_clues(board: NumberBoard, clues: dict[Cell, Value]) -> NumberBoard:
    """The board with `clues` (cell: number) written in too."""
    return replace(board, numbers={**board.numbers, **{cell: int(n) for cell, n in clues.items()}})


def without(board: NumberBoard, gone: list[Cell]) -> NumberBoard:
    """The board with the numbers of `gone` taken away."""
    return replace(board, numbers={c: n for c, n in board.numbers.items() if c not in set(gone)})


# -- puz.link (a link module's names)


def read_link(
    url: str,
    kinds: Sequence[str],
    from_tokens: Callable[[list[list[Token]], str], NumberBoard],
    zero: str,
) -> Loaded:
    """The board a puzz.link / pzv.jp link of `kinds` shows, numbers in Number16.

    Args:
        url: the link.
        kinds: the link kinds read.
        from_tokens: the genre's reader of cell tokens.
        zero: why a number 0 is refused.

    Raises:
        InputError: another kind, a body that does not fit the size, a number 0, or a
            number the link marks unknown ('?'), which a board of ours cannot hold.
    """
    from puzzlesolve import codecs, links  # only where a link is read: never when solving

    link = links.pzpr_of(url, kinds)
    try:
        numbers = codecs.decode_number16(link.body, link.rows * link.cols)
    except codecs.BodyError as bad:
        raise codecs.body_error(link.source, bad) from None
    tokens: list[list[str]] = [[] for _ in range(link.rows)]
    for index, value in enumerate(numbers):
        cell = divmod(index, link.cols)
        if value == codecs.UNKNOWN:
            raise codecs.refuse(
                link.source, cell, "the link marks this number unknown ('?'); give its value"
            )
        if value == 0:
            raise codecs.refuse(link.source, cell, zero)
        tokens[cell[0]].append("." if value is None else str(value))
    return Loaded(codecs.from_cells(from_tokens, tokens, link.source))


def write_link(kind: str, board: NumberBoard) -> str:
    """The puzz.link link of `board` as a `kind`.

    Raises:
        LinkError: a number beyond Number16's range.
    """
    from puzzlesolve import codecs, links

    numbers = [board.numbers.get(cell) for cell in cells(board)]
    return links.pzpr_link(kind, board.rows, board.cols, codecs.encode_number16(numbers))

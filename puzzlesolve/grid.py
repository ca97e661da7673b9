"""Reading the contract's plain-text grids, with errors that point at file, line and column."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

T = TypeVar("T")

Cell = tuple[int, int]

Value = Any
"""A cell's value as the contract's JSON writes it: hitori "shaded" or "unshaded", numberlink
the label as written or "-" for no line, hidato and numbrix the number."""


def cell_name(cell: Cell) -> str:
    """A cell as puzzle solvers write it: ``r3c4`` is row 3, column 4, counted from 1.

    Every text meant for people names cells this way; JSON keeps 0-based ``[r, c]``. A site
    just outside the grid, where a line's clue is written (Nonogram's runs), is named by its
    line: ``(2, -1)`` is ``row 3``, ``(-1, 3)`` is ``column 4``.
    """
    if cell[1] < 0 <= cell[0]:
        return f"row {cell[0] + 1}"
    if cell[0] < 0 <= cell[1]:
        return f"column {cell[1] + 1}"
    return f"r{cell[0] + 1}c{cell[1] + 1}"


UNDECIDED = "?"


class InputError(ValueError):
    """Bad input: the message names the file and, where it applies, line and column.

    Attributes:
        source: file name as the user gave it ("<stdin>" for standard input).
        line: 1-based line number, or None when the whole file is at fault.
        col: 1-based column (character position in the line), or None.
        reason: what is wrong, without the location.
    """

    def __init__(self, source: str, reason: str, line: int | None = None, col: int | None = None):
        self.source, self.reason, self.line, self.col = source, reason, line, col
        where = source if line is None else f"{source}:{line}" + ("" if col is None else f":{col}")
        super().__init__(f"{where}: {reason}")


@dataclass(frozen=True)
class Token:
    """One cell's text and where it stands in the file (1-based line and column)."""

    text: str
    line: int
    col: int

    def error(self, source: str, reason: str) -> InputError:
        """Bad input at this token: raise it (``raise token.error(source, "why")``)."""
        return InputError(source, reason, self.line, self.col)


@dataclass(frozen=True)
class Grid(Generic[T]):
    """A rectangular grid of decoded cell values, row 0 at the top."""

    rows: int
    cols: int
    cells: dict[Cell, T]


_INTEGER = re.compile(r"\d+")


def aligned(tokens: list[list[str]]) -> str:
    """A grid of tokens as a solution file writes it: each right-aligned to the widest."""
    width = max(len(token) for row in tokens for token in row)
    return "".join(" ".join(token.rjust(width) for token in row) + "\n" for row in tokens)


def number_grid(symbols: Any, name: str, rows: int, cols: int) -> list[list[int]]:
    """The grid of numbers shown as ``name(R,C,N)`` atoms (0 where none is shown)."""
    grid = [[0] * cols for _ in range(rows)]
    for s in symbols:
        if s.match(name, 3):
            r, c, n = (a.number for a in s.arguments)
            grid[r][c] = n
    return grid


def _content_lines(text: str) -> list[tuple[int, str]]:
    """Number the lines that carry content, skipping blanks and % or // comments.

    Lines may end in LF, CRLF or a lone CR; a byte-order mark before the first line (as
    Windows Notepad writes) is no content.
    """
    kept = []
    for number, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        stripped = raw.strip()
        if stripped and not stripped.startswith(("%", "//")):
            kept.append((number, raw.rstrip()))
    return kept


def _split(number: int, line: str, per_character: bool) -> list[Token]:
    if per_character:
        return [Token(ch, number, col) for col, ch in enumerate(line, start=1) if not ch.isspace()]
    return [Token(m.group(), number, m.start() + 1) for m in re.finditer(r"\S+", line)]


def read_tokens(text: str, source: str, max_cells: int | None = None) -> list[list[Token]]:
    """Split an instance into rows of tokens, checking the optional header and the shape.

    Cells are separated by whitespace; a grid whose rows contain no whitespace at all is
    read one character per cell. An optional Copris-style header (a line with the row
    count, then one with the column count) may precede the grid and must agree with it.

    Args:
        text: the instance file's contents.
        source: the file name for error messages.
        max_cells: refuse a grid of more cells (rows times the first row's cells) at once,
            before its cells are read one by one, which would take long for a huge file.

    Raises:
        InputError: empty grid, too many cells, ragged rows, or a header that disagrees
            with the grid.
    """
    lines = _content_lines(text)
    header: list[tuple[int, str]] = []
    if _has_header(lines):
        header, lines = lines[:2], lines[2:]
    if not lines:
        raise InputError(source, "no grid: the file has no rows")
    per_character = not any(re.search(r"\S\s+\S", line) for _, line in lines)
    _refuse_too_many(lines, per_character, source, max_cells)
    rows = [_split(number, line, per_character) for number, line in lines]
    width = len(rows[0])
    for row in rows[1:]:
        if len(row) != width:
            # point at the first cell too many, or just past a row that is too short
            at = row[width] if len(row) > width else row[-1]
            col = at.col if len(row) > width else at.col + len(at.text)
            raise InputError(
                source,
                f"ragged row: {len(row)} cell{'s' * (len(row) != 1)} where the first row has {width}",
                at.line,
                col,
            )
    if header:
        (rows_line, rows_text), (cols_line, cols_text) = header
        if int(rows_text) != len(rows):
            raise InputError(
                source,
                f"header says {int(rows_text)} rows, the grid has {len(rows)}",
                rows_line,
                _indent(rows_text) + 1,
            )
        if int(cols_text) != width:
            raise InputError(
                source,
                f"header says {int(cols_text)} columns, the grid has {width}",
                cols_line,
                _indent(cols_text) + 1,
            )
    return rows


def _refuse_too_many(
    lines: list[tuple[int, str]], per_character: bool, source: str, max_cells: int | None
) -> None:
    """Refuse a file of more than `max_cells` cells (its lines times the first line's
    cells) at once, before its cells are read one by one, which would take long."""
    if max_cells is not None:
        first = lines[0][1].split()
        width = len("".join(first)) if per_character else len(first)
        if len(lines) * width > max_cells:
            raise InputError(
                source,
                f"too large to solve: {len(lines)}x{width} cells "
                f"(at most {max_cells:,} for this genre)",
            )


def read_lines(text: str, source: str, max_cells: int | None = None) -> list[list[Token]]:
    """An instance's content lines as tokens, of any lengths: for files whose lines are not
    all grid rows (Tents' counts beside and below the grid). Tokens are separated by
    whitespace, or one character each where no line holds any.

    Raises:
        InputError: the file has no content lines, or too many cells (see read_tokens).
    """
    lines = _content_lines(text)
    if not lines:
        raise InputError(source, "no grid: the file has no rows")
    per_character = not any(re.search(r"\S\s+\S", line) for _, line in lines)
    _refuse_too_many(lines, per_character, source, max_cells)
    return [_split(number, line, per_character) for number, line in lines]


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _has_header(lines: list[tuple[int, str]]) -> bool:
    """Whether the first two content lines are a Copris header (row count, column count).

    They must be one integer each, with grid rows after them. They are a header unless they
    could as well be the grid's first two rows: in a grid read one character per cell,
    lines as wide as its rows (``325`` / ``231`` / ``143`` is a 3x3 Hitori). A header that
    cannot be rows (two numbers above a grid of several cells a row, or of other widths) is
    a header, and must agree with the grid. In a grid one cell wide, where both readings fit,
    two lines that describe the rest exactly (N-2, then 1) are a header, as Copris writes it.
    """
    if len(lines) < 3 or not all(_INTEGER.fullmatch(line.strip()) for _, line in lines[:2]):
        return False
    rest = [line.strip() for _, line in lines[2:]]
    if any(re.search(r"\s", line) for line in rest):
        return True  # cells separated by whitespace: a lone number is no row of them
    first, second = (line.strip() for _, line in lines[:2])
    if not len(first) == len(second) == len(rest[0]):
        return True
    return len(rest[0]) == 1 and int(first) == len(rest) and int(second) == 1


def read_grid(
    text: str, source: str, token: Callable[[str], T], max_cells: int | None = None
) -> Grid[T]:
    """Read a rectangular grid, converting each cell with `token`.

    Args:
        text: the instance file's contents.
        source: the file name to use in error messages.
        token: converts one cell's text; raises ValueError with a reason for a bad token.
        max_cells: refuse a larger grid before reading its cells (see read_tokens).

    Returns:
        The grid with every cell's converted value.

    Raises:
        InputError: bad shape, header or token, located by line and column.
    """
    return convert_tokens(read_tokens(text, source, max_cells), source, token)


def convert_tokens(rows: list[list[Token]], source: str, token: Callable[[str], T]) -> Grid[T]:
    """A rectangular grid of tokens converted cell by cell with `token`.

    Raises:
        InputError: a token `token` refuses, located by its line and column.
    """
    cells: dict[Cell, T] = {}
    for r, row in enumerate(rows):
        for c, tok in enumerate(row):
            try:
                cells[r, c] = token(tok.text)
            except ValueError as bad:
                raise InputError(source, str(bad), tok.line, tok.col) from None
    return Grid(len(rows), len(rows[0]), cells)


BLANKS = frozenset({"-", "."})
"""The tokens of a cell without a clue, in the genres whose cells hold a clue or nothing."""


def read_clues(rows: list[list[Token]], source: str, clue: Callable[[str], T]) -> dict[Cell, T]:
    """The clues of a rectangle of tokens, by cell: blanks (`BLANKS`) left out, every other
    token converted by `clue`.

    Raises:
        InputError: a token `clue` refuses, located by its line and column.
    """
    grid = convert_tokens(rows, source, lambda text: None if text in BLANKS else clue(text))
    return {cell: value for cell, value in grid.cells.items() if value is not None}


def positive_int(text: str) -> int:
    """A positive integer token, such as a Hitori number."""
    if not _INTEGER.fullmatch(text) or int(text) == 0:
        raise ValueError(f"expected a positive integer, found {text!r}")
    return int(text)


def read_answer(
    text: str,
    source: str,
    rows: int,
    cols: int,
    token: Callable[[Cell, str], Value | None],
) -> dict[Cell, Value]:
    """Read an answer file: the instance's grid shape, each cell decided or undecided.

    Args:
        text: the answer file's contents (a solution file, or a partial one).
        source: the file name for error messages.
        rows: the instance's rows.
        cols: the instance's columns.
        token: ``(cell, text) -> value``, or None for an undecided cell; raises ValueError
            with a reason where the answer disagrees with the instance.

    Returns:
        The decided cells and their values.

    Raises:
        InputError: another shape than the instance's, or a token that disagrees with it.
    """
    grid = read_tokens(text, source)
    if len(grid) != rows or len(grid[0]) != cols:
        at = grid[min(rows, len(grid) - 1)][0] if len(grid) != rows else grid[0][0]
        raise InputError(
            source,
            f"the answer is {len(grid)}x{len(grid[0])}, the puzzle {rows}x{cols}",
            at.line,
            at.col,
        )
    decided: dict[Cell, Value] = {}
    for r, row in enumerate(grid):
        for c, tok in enumerate(row):
            try:
                value = token((r, c), tok.text)
            except ValueError as bad:
                raise InputError(source, str(bad), tok.line, tok.col) from None
            if value is not None:
                decided[r, c] = value
    return decided

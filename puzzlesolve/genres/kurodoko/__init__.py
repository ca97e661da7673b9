"""Kurodoko (Kuromasu). Rules and predicates: see encodings/kurodoko.lp (sight: sight.lp).

Cell tokens (CONTRACT.md): a positive number (how many unshaded cells it sees, itself
included), ``-`` or ``.`` a blank. Simon Tatham's Range game ids (``9x6:...``) are read as
instances too. Solutions, answers and JSON are Nurikabe's (puzzlesolve/shading.py): ``#``
shaded, the number or ``.`` unshaded.
"""

from __future__ import annotations

import re

from puzzlesolve import grid, shading
from puzzlesolve.genre import Example, Genre
from puzzlesolve.grid import InputError, Token
from puzzlesolve.loops import is_game_id

# About a dozen ground rules a cell (shading, rules 1 and 2), and one a cell each number
# may see (rule 4's views, at most its row and column); beyond this many, grounding takes
# minutes.
MAX_GROUND_ESTIMATE = 3_000_000
RULES_PER_CELL = 12
RANGE_ID = re.compile(r"(\d+)x(\d+):(.*)")

Kurodoko = shading.NumberBoard
"""A Kurodoko board: its rows, columns and numbers."""
# the board's facts, files and JSON, as Nurikabe's (puzzlesolve/shading.py)
facts, decode, render, values = shading.facts, shading.decode, shading.render, shading.values
read_answer, to_json = shading.read_answer, shading.to_json


def parse(text: str, source: str) -> Kurodoko:
    """Read a Kurodoko board, or a Tatham Range game id.

    Raises:
        InputError: bad shape or token, a number larger than its row and column allow, or
            a board too large to ground; located by line and column where it applies.
    """
    cells = range_cells(text, source)
    if cells is not None:
        return from_tokens([[Token(t, 1, 1) for t in row] for row in cells], source)
    max_cells = MAX_GROUND_ESTIMATE // RULES_PER_CELL
    return from_tokens(grid.read_tokens(text, source, max_cells=max_cells), source)


def range_cells(text: str, source: str) -> list[list[str]] | None:
    """The cell tokens of a Range game id (columns x rows, then a-z for that many blanks and
    the numbers, ``_`` between two numbers), or None when `text` is no game id.

    Raises:
        InputError: an id of another game, or a description that does not fit its size.
    """
    if not is_game_id(text):
        return None
    found = RANGE_ID.fullmatch(text.strip())
    if found is None:
        raise InputError(source, "not a Range game id: its size names a Loopy grid type")
    cols, rows, body = int(found[1]), int(found[2]), found[3]
    if rows * cols == 0 or rows * cols > MAX_GROUND_ESTIMATE // RULES_PER_CELL:
        raise InputError(source, f"a Range game id of {cols}x{rows} cells is no board to solve")
    if bad := re.search(r"[^0-9a-z_]", body):
        where = f"character {bad.start() + 1} of the Range description"
        raise InputError(source, f"{where}: {bad[0]!r} is not one of Range's")
    items = re.findall(r"\d+|[a-z]", body)
    tokens = [t for item in items for t in ([item] if item.isdigit() else "." * (ord(item) - 96))]
    if len(tokens) != rows * cols:
        raise InputError(
            source,
            f"the Range description holds {len(tokens)} cells, the size {cols}x{rows} needs "
            f"{rows * cols}",
        )
    return [tokens[r * cols : (r + 1) * cols] for r in range(rows)]


def from_tokens(rows: list[list[Token]], source: str) -> Kurodoko:
    """The board from a rectangle of cell tokens (a file's, a link's or a game id's).

    Raises:
        InputError: a token that is no number or blank, a number larger than the cells of
            its row and column together, or a board too large to ground.
    """
    height, width = len(rows), len(rows[0])
    most = height + width - 1

    def number(text: str) -> int:
        value = shading.number_token(text)
        if value > most:
            raise ValueError(
                f"{value} is more than a number sees on a {height}x{width} board "
                f"(at most {most}: its row and its column)"
            )
        return value

    numbers = grid.read_clues(rows, source, number)
    estimate = RULES_PER_CELL * height * width + len(numbers) * (height + width)
    if estimate > MAX_GROUND_ESTIMATE:
        raise InputError(
            source,
            f"too large to solve: {height}x{width} cells with {len(numbers):,} numbers "
            f"would ground about {estimate:,} rules (limit {MAX_GROUND_ESTIMATE:,})",
        )
    return Kurodoko(height, width, numbers)


GENRE = Genre(
    name="kurodoko",
    package=__name__,
    explain_constants={"prune": 0},  # rule 2 judges alone (see kurodoko.lp)
    aliases={"kuromasu": (), "range": ()},
    examples=(
        Example("instances/kurodoko/tatham-7x7.txt", note="Tatham's Range, 7x7"),
        Example("instances/kurodoko/tatham-10x10.txt", note="Tatham's Range, 10x10"),
        Example("instances/kurodoko/one-row-1x4.txt", note="one row"),
        Example("instances/kurodoko/several-2x3.txt", "multiple", note="five shadings fit"),
        Example("instances/kurodoko/none-1x3.txt", "unsolvable", note="a 2 that sees 3"),
    ),
)

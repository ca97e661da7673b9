"""Nurikabe. Rules and predicates: see encodings/nurikabe.lp.

Cell tokens (CONTRACT.md): a positive integer is a number (the size of its island), ``-`` or
``.`` a blank. A solution file writes ``#`` for a shaded cell, the number or ``.`` for an
unshaded one.
"""

from __future__ import annotations

from puzzlesolve import grid, shading
from puzzlesolve.genre import Example, Genre
from puzzlesolve.grid import InputError, Token

# About fifteen ground rules per cell, and six per cell a number may reach (those less than
# N steps from a number N); beyond this many, grounding alone takes minutes and gigabytes.
# A number's count of its area (rule 3) costs the grounder about the square of the cells it
# may reach, half a rule's worth each: on this machine one number reaching every cell of
# 20x20 grounds in 0.6 s, of 30x30 in 5.4 s, of 40x40 in 21 s (1.3 million by this
# estimate), and a 100x100 board with one number 9999 took 192 s and 8.5 GB.
MAX_GROUND_ESTIMATE = 3_000_000


Nurikabe = shading.NumberBoard
"""A Nurikabe board: its rows, columns and numbers (the size of each island)."""
# the board's facts, files and JSON, as Kurodoko's (puzzlesolve/shading.py)
facts, decode, render, values = shading.facts, shading.decode, shading.render, shading.values
read_answer, to_json = shading.read_answer, shading.to_json


def parse(text: str, source: str) -> Nurikabe:
    """Read a Nurikabe board.

    Raises:
        InputError: bad shape or token, or a board too large to ground; located by line and
            column where it applies.
    """
    return from_tokens(grid.read_tokens(text, source, max_cells=MAX_GROUND_ESTIMATE // 15), source)


def from_tokens(rows: list[list[Token]], source: str) -> Nurikabe:
    """The board from a rectangle of cell tokens (a file's, or a link's).

    Raises:
        InputError: a token that is no number or blank, or a board too large to ground.
    """
    numbers = grid.read_clues(rows, source, shading.number_token)
    board = Nurikabe(len(rows), len(rows[0]), numbers)
    cells = board.rows * board.cols
    reaches = [min(cells, 2 * n * n - 2 * n + 1) for n in numbers.values()]
    estimate = 15 * cells + sum(6 * near + near * near // 2 for near in reaches)
    if estimate > MAX_GROUND_ESTIMATE:
        raise InputError(
            source,
            f"too large to solve: {board.rows}x{board.cols} cells with {len(numbers):,} "
            f"number{'s' * (len(numbers) != 1)} "
            f"would ground about {estimate:,} rules (limit {MAX_GROUND_ESTIMATE:,})",
        )
    return board


GENRE = Genre(
    name="nurikabe",
    package=__name__,
    # measured on random 30x30 boards with many solutions (the hard case: little to
    # propagate): the first solution in 0.2-0.6 s rather than 1.9-4.6 s with clingo's default;
    # unique generated boards solve as fast either way
    options=("--configuration=trendy",),
    examples=(
        Example("instances/nurikabe/pzprjs-5x5.txt", note="the example of pzprjs's test script"),
        Example("instances/nurikabe/one-row-1x5.txt", note="one row"),
        Example("instances/nurikabe/generated-10x10.txt", note="generated, 10x10"),
        Example("instances/nurikabe/generated-20x20.txt", note="generated, 20x20"),
        Example("instances/nurikabe/generated-30x30.txt", note="generated, 30x30"),
        Example("instances/nurikabe/two-ways-2x2.txt", "multiple", note="the 2 has two ways"),
        Example("instances/nurikabe/apart-2x2.txt", "unsolvable", note="shaded cells apart"),
    ),
)

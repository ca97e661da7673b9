"""Nonogram. Rules and predicates: see encodings/nonogram.lp.

An instance is a line ``rows``, a line of run lengths per row (``0`` an empty row), a line
``columns`` and a line per column; the ``.non`` format (``width``, ``height``, ``rows`` and
``columns`` blocks, runs comma-separated) and Simon Tatham's Pattern game ids
(``10x10:1.4/2.3/...``, columns first) are read too. A solution is the sorted list of shaded
cells; its file writes R lines of C characters, ``#`` shaded and ``.`` unshaded.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import clingo

from puzzlesolve import grid
from puzzlesolve.genre import Example, Genre, fact
from puzzlesolve.grid import UNDECIDED, Cell, InputError, Value

Runs = tuple[int, ...]
SHADED, UNSHADED = "shaded", "unshaded"
MAX_SIDE = 200  # a line's runs ground a rule per run and place: 200 keeps it under a second
NON_KEYS = {"title", "by", "copyright", "license", "catalogue", "goal", "solution", "color"}
_RUNS = re.compile(r"\d+(?:\s*,\s*\d+)*|\d+(?:\s+\d+)*")
_GAME_ID = re.compile(r"(\d+)x(\d+):([0-9./]*)")


@dataclass(frozen=True)
class Nonogram:
    """A Nonogram: the runs of each row (left to right) and column (top to bottom)."""

    rows: int
    cols: int
    row_runs: tuple[Runs, ...]
    col_runs: tuple[Runs, ...]

    def lines(self) -> list[tuple[Cell, Runs]]:
        """Each line's clue site (left of a row, above a column) with its runs."""
        return [((r, -1), runs) for r, runs in enumerate(self.row_runs)] + [
            ((-1, c), runs) for c, runs in enumerate(self.col_runs)
        ]


def line_name(site: Cell) -> str:
    """``row 3`` or ``column 4`` (counted from 1) of a clue site."""
    return f"row {site[0] + 1}" if site[1] < 0 else f"column {site[1] + 1}"


def runs_of(line: Sequence[bool]) -> Runs:
    """The run lengths of a line of shaded (True) and unshaded cells."""
    return tuple(len(run) for run in "".join("#" if x else "." for x in line).split(".") if run)


def _runs(text: str, source: str, at: tuple[int, int]) -> Runs:
    numbers = tuple(int(n) for n in re.findall(r"\d+", text))
    if 0 in numbers and numbers != (0,):
        raise InputError(source, f"a run of 0 among others in {text.strip()!r}", *at)
    return () if numbers == (0,) else numbers


def parse(text: str, source: str) -> Nonogram:
    """Read a Nonogram: our ``rows``/``columns`` form, the ``.non`` format or a Pattern id.

    Raises:
        InputError: a missing block, a line that is no runs, runs that cannot fit their
            line, a height or width that differs from the lines given, or rows and columns
            that shade different numbers of cells; located by line and column.
    """
    if found := _GAME_ID.fullmatch(text.strip()):
        cols, rows = int(found[1]), int(found[2])
        parts = found[3].split("/")
        if len(parts) != rows + cols:
            raise InputError(source, f"a Pattern game id of {cols}x{rows} needs {rows + cols} "
                             f"clues (columns, then rows), found {len(parts)}")  # fmt: skip
        lines = [(_runs(p or "0", source, (1, 1)), (1, 1)) for p in parts]
        return _checked(source, lines[cols:], lines[:cols], (1, 1))
    if not any(line.strip().lower() == "rows" for line in text.splitlines()):
        # no rows block: say what a grid reader says of it (empty, too large), or that
        grid.read_tokens(text, source, max_cells=MAX_SIDE * MAX_SIDE)
        raise InputError(source, "no rows block: a line 'rows', then a line of runs per row")
    blocks: dict[str, list[tuple[Runs, tuple[int, int]]]] = {}
    declared: dict[str, tuple[int, tuple[int, int]]] = {}
    section, at_block = None, (1, 1)
    for number, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(("%", "//")):
            continue
        at = (number, len(raw) - len(raw.lstrip()) + 1)
        word = line.split()[0].lower()
        if word in ("rows", "columns") and len(line.split()) == 1:
            section = blocks.setdefault(word, [])
            at_block = at
        elif word in ("width", "height") and len(line.split()) == 2 and line.split()[1].isdigit():
            declared[word] = (int(line.split()[1]), at)
        elif _RUNS.fullmatch(line) and section is not None:
            section.append((_runs(line, source, at), at))
        elif word in NON_KEYS or (line[0].isalpha() and not blocks):  # .non's other lines
            section = None
        else:
            raise InputError(source, f"expected a line of run lengths, found {line!r}", *at)
    for name in ("rows", "columns"):
        if not blocks.get(name):
            raise InputError(source, f"no {name} block: a line '{name}', then its runs")
    for name, block in (("height", "rows"), ("width", "columns")):
        if name in declared and declared[name][0] != len(blocks[block]):
            raise InputError(source, f"{name} {declared[name][0]}, but {len(blocks[block])} "
                             f"{block} are given", *declared[name][1])  # fmt: skip
    return _checked(source, blocks["rows"], blocks["columns"], at_block)


def _checked(
    source: str,
    rows: list[tuple[Runs, tuple[int, int]]],
    cols: list[tuple[Runs, tuple[int, int]]],
    at_columns: tuple[int, int],
) -> Nonogram:
    if len(rows) > MAX_SIDE or len(cols) > MAX_SIDE:
        raise InputError(source, f"too large to solve: {len(rows)}x{len(cols)} cells "
                         f"(at most {MAX_SIDE} a side)")  # fmt: skip
    for kind, lines, length in (("row", rows, len(cols)), ("column", cols, len(rows))):
        for index, (runs, at) in enumerate(lines, start=1):
            if sum(runs) + len(runs) - 1 > length:
                raise InputError(source, f"{kind} {index}'s runs {' '.join(map(str, runs))} need "
                                 f"{sum(runs) + len(runs) - 1} cells; the {kind} has {length}", *at)  # fmt: skip
    across, down = sum(sum(r) for r, _ in rows), sum(sum(r) for r, _ in cols)
    if across != down:
        raise InputError(source, f"the rows' runs shade {across} cells, the columns' {down}",
                         *at_columns)  # fmt: skip
    return Nonogram(len(rows), len(cols), tuple(r for r, _ in rows), tuple(r for r, _ in cols))


def facts(puzzle: Nonogram) -> list[str]:
    """``cell(R,C)`` for every cell; ``run(R,-1,K,N)`` and ``run(-1,C,K,N)`` per run, K from
    1, or K = N = 0 for a line without runs."""
    cells = [fact("cell", r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)]
    return cells + [
        fact("run", *site, k, n)
        for site, runs in puzzle.lines()
        for k, n in (enumerate(runs, start=1) if runs else [(0, 0)])
    ]


def decode(symbols: Sequence[clingo.Symbol], _puzzle: Nonogram) -> list[Cell]:
    return sorted(
        (s.arguments[0].number, s.arguments[1].number) for s in symbols if s.match("shaded", 2)
    )


def render(puzzle: Nonogram, shaded: list[Cell]) -> str:
    """R lines of C characters: ``#`` shaded, ``.`` unshaded."""
    dark = set(shaded)
    return "".join(
        "".join("#" if (r, c) in dark else "." for c in range(puzzle.cols)) + "\n"
        for r in range(puzzle.rows)
    )


def values(puzzle: Nonogram, shaded: list[Cell]) -> dict[Cell, Value]:
    """Every cell "shaded" or "unshaded"."""
    cells = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)]
    return dict.fromkeys(cells, UNSHADED) | dict.fromkeys(shaded, SHADED)


def read_answer(puzzle: Nonogram, text: str, source: str) -> dict[Cell, Value]:
    """An answer: ``#`` shaded, ``.`` or ``x`` unshaded, ``?`` undecided.

    Raises:
        InputError: another shape, or another character.
    """

    def token(_cell: Cell, text: str) -> Value | None:
        if text in ("#", ".", "x", "X", UNDECIDED):
            return None if text == UNDECIDED else SHADED if text == "#" else UNSHADED
        raise ValueError(f"expected '#' (shaded), '.' or 'x' (unshaded) or '?', found {text!r}")

    return grid.read_answer(text, source, puzzle.rows, puzzle.cols, token)


def to_json(_puzzle: Nonogram, shaded: list[Cell]) -> dict:
    """``{"shaded": [[r, c], ...]}``."""
    return {"shaded": [list(cell) for cell in shaded]}


GENRE = Genre(
    name="nonogram",
    package=__name__,
    aliases={"pattern": (), "picross": (), "griddlers": ()},
    examples=(
        Example("instances/nonogram/tatham-5x5.txt", note="Tatham's Pattern, 5x5"),
        Example("instances/nonogram/tatham-10x10.txt", note="Tatham's Pattern, 10x10"),
        Example("instances/nonogram/heart-non-7x7.txt", note="the .non format"),
        Example("instances/nonogram/two-ways-2x2.txt", "multiple", note="a diagonal, two ways"),
        Example("instances/nonogram/none-2x2.txt", "unsolvable", note="runs that cross wrongly"),
    ),
)

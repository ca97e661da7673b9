"""The page's Audit panel changes the puzzle on screen: a suggested clue added, a redundant
clue taken away (`edit`). The new puzzle is made by the genre's own audit hooks
(``with_clues``, ``without``), the ones `puzzlesolve audit` re-checks its repairs with, and
written back as instance text in the genre's format, so that every later request (solve,
check, link, audit again) reads it as it would read a file.
"""

from __future__ import annotations

from typing import Any

from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell
from puzzlesolve.instance import parse_with_rules
from puzzlesolve.serve import requests
from puzzlesolve.serve.requests import BadRequest

BLANK = "-"
"""A cell without a clue: every genre with an audit reads ``-`` as blank (Hitori has none)."""


def instance_text(genre: Genre, puzzle: Any, switches: list[str]) -> str:
    """The puzzle as an instance file writes it: its clues as the page shows them (a number,
    a label, ``#`` a void), ``-`` a blank, columns aligned; an ``% options:`` line keeps the
    switches in force."""
    header = [f"% options: {' '.join(switches)}"] if switches else []
    written = genre.feature_or_defaults("audit").written
    if written is not None:  # the genre's own writing (room names beside the clues)
        return "\n".join(header) + ("\n" if header else "") + written(puzzle)
    cells = requests.board(genre, puzzle)["cells"]
    tokens = [[BLANK if clue is None else str(clue) for clue in row] for row in cells]
    width = max(len(token) for row in tokens for token in row)
    lines = [" ".join(token.rjust(width) for token in row).rstrip() for row in tokens]
    if puzzle.cols == 1:  # one token per row would be read one character per cell
        header += [str(puzzle.rows), str(puzzle.cols)]
    return "\n".join(header + lines) + "\n"


def _cell(item: Any, puzzle: Any) -> Cell:
    if not (
        isinstance(item, list)
        and len(item) == 2
        and all(isinstance(x, int) and not isinstance(x, bool) for x in item)
    ):
        raise BadRequest("a cell is given as [row, column]")
    r, c = item
    if not (0 <= r < puzzle.rows and 0 <= c < puzzle.cols):
        raise BadRequest(f"no cell [{r}, {c}] on a {puzzle.rows}x{puzzle.cols} board")
    return r, c


def _added(genre: Genre, puzzle: Any, hooks: Any, items: Any) -> dict[Cell, Any]:
    """The clues to add, ``[{"cell": [r, c], "value": V}, ...]``, on cells that may take one."""
    if not isinstance(items, list):
        raise BadRequest('clues to add are a list of {"cell": [r, c], "value": V}')
    if items and hooks.ADDS is None:
        raise BadRequest(f"{genre.name}: no clue can be added ({hooks.NO_ADDS})")
    free = set(hooks.blanks(puzzle)) if items else set()
    clues: dict[Cell, Any] = {}
    for item in items:
        if not isinstance(item, dict) or "value" not in item:
            raise BadRequest('clues to add are a list of {"cell": [r, c], "value": V}')
        cell = _cell(item.get("cell"), puzzle)
        if cell not in free:
            raise BadRequest(f"r{cell[0] + 1}c{cell[1] + 1} already has a clue")
        value = item["value"]
        if isinstance(value, bool) or not isinstance(value, int | str) or not str(value).strip():
            raise BadRequest(f"{value!r} is no {genre.name} clue")
        if any(ch.isspace() for ch in str(value)):
            raise BadRequest(f"{value!r} is no {genre.name} clue: a clue is one word")
        clues[cell] = value
    return clues


def _removed(genre: Genre, puzzle: Any, hooks: Any, items: Any) -> list[Cell]:
    """The clues to take away, ``[[r, c], ...]``, each with the rest of its group (both
    endpoints of a Numberlink label)."""
    from puzzlesolve.audit_removal import clue_groups

    if not isinstance(items, list):
        raise BadRequest("clues to remove are a list of [row, column]")
    if items and hooks.without is None:
        raise BadRequest(f"{genre.name}: no clue can be removed ({hooks.NO_REMOVALS})")
    groups = clue_groups(genre, puzzle)[1] if items else []
    gone: list[Cell] = []
    for item in items:
        cell = _cell(item, puzzle)
        group = next((cells for cells in groups if cell in cells), None)
        if group is None:
            raise BadRequest(f"r{cell[0] + 1}c{cell[1] + 1} has no clue to remove")
        gone += [each for each in group if each not in gone]
    return gone


def edit(request: dict) -> dict:
    """The puzzle a source names with clues added (``add``) and taken away (``remove``),
    loaded as `requests.load` does from its new text (``source.text``)."""
    genre, puzzle, switches = requests.read_puzzle(request)
    hooks = genre.feature_or_defaults("audit")
    added = _added(genre, puzzle, hooks, request.get("add") or [])
    removed = _removed(genre, puzzle, hooks, request.get("remove") or [])
    if added:
        puzzle = hooks.with_clues(puzzle, added)
    if removed:
        puzzle = hooks.without(puzzle, removed)
    text = instance_text(genre, puzzle, switches)
    name = str(request["source"].get("name") or request["source"].get("example") or "")
    name = name if name.endswith(" (edited)") else f"{name or 'the puzzle'} (edited)"
    # read back as every later request will: a clue the format cannot hold is bad input here
    written = parse_with_rules(genre, text, name).puzzle
    if requests.board(genre, written)["cells"] != requests.board(genre, puzzle)["cells"]:
        raise BadRequest(f"{genre.name}: the edited puzzle cannot be written as text")
    document = requests.load({"genre": genre.name, "source": {"text": text, "name": name}})
    document["switches"] = list(switches)
    return document

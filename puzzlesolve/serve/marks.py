"""The page's marks read as an answer: cell values by the genre's own answer reader, the
segments a Numberlink line draws, a loop genre's edges or segments, and cells to highlight."""

from __future__ import annotations

import itertools
from typing import Any, TypeGuard

from puzzlesolve.genre import Genre
from puzzlesolve.serve.requests import LOOP_KINDS, BadRequest, board, page_kind


def answer_of(genre: Genre, puzzle: Any, request: dict) -> dict:
    """The page's marks, ``[[r, c, value], ...]``, read as an answer file would be, by the
    genre's own reader (which refuses a mark the puzzle does not allow)."""
    marks = request.get("answer") or []
    if not isinstance(marks, list):
        raise BadRequest("the answer is a list of [row, column, value]")
    if page_kind(genre) in LOOP_KINDS:
        if marks:
            raise BadRequest(f"{genre.name} marks are {page_kind(genre)}, not cell values")
        return _loop_pairs(genre, puzzle, request)
    rows, cols = puzzle.rows, puzzle.cols
    tokens = [["?"] * cols for _ in range(rows)]
    kind, clues = page_kind(genre), board(genre, puzzle)["cells"]
    if kind == "numbers":  # voids and givens are part of every answer file
        for r, c in itertools.product(range(rows), range(cols)):
            if clues[r][c] is not None:
                tokens[r][c] = str(clues[r][c])
    for mark in marks:
        if not (isinstance(mark, list) and len(mark) == 3):
            raise BadRequest("the answer is a list of [row, column, value]")
        r, c, value = mark
        if not (isinstance(r, int) and isinstance(c, int) and 0 <= r < rows and 0 <= c < cols):
            raise BadRequest(f"no cell [{r}, {c}] on a {rows}x{cols} board")
        if kind == "shade":  # unshaded: the cell's number, or "." where it has none
            clue = clues[r][c]
            token = {"shaded": "#", "unshaded": "." if clue is None else str(clue)}.get(value)
        else:
            token = str(value)
        if token is None or not token or any(ch.isspace() for ch in token):
            raise BadRequest(f"{value!r} is no {genre.name} cell value")
        tokens[r][c] = token
    text = "".join(" ".join(row) + "\n" for row in tokens)
    if cols == 1:  # one token per row would be read one character per cell: a header says
        text = f"{rows}\n{cols}\n{text}"
    return genre.read_answer(puzzle, text, "the marks") | _segments(genre, puzzle, request)


Segment = tuple[int, int, int, int]


def _segments(genre: Genre, puzzle: Any, request: dict) -> dict[Segment, bool]:
    """The segments the page says are drawn or not (Numberlink), ``[{"segment": [[r, c],
    [r2, c2]], "on": true | false}, ...]`` as the contract writes them: answer sites of
    their own, so that check and hint judge the lines drawn, not a label per cell (a stray
    loop, a branch, a line joining two numbers are all breaches of the drawn segments)."""
    given = request.get("segments") or []
    shape = 'segments are a list of {"segment": [[r, c], [r2, c2]], "on": true | false}'
    if not isinstance(given, list):
        raise BadRequest(shape)
    if given and page_kind(genre) != "lines":
        raise BadRequest(f"{genre.name} marks have no segments")
    segments: dict[Segment, bool] = {}
    for item in given:
        if not (isinstance(item, dict) and isinstance(item.get("on"), bool)):
            raise BadRequest(shape)
        ends = item.get("segment")
        if not _is_pair(ends):
            raise BadRequest(shape)
        (r, c), (r2, c2) = sorted(map(tuple, ends))
        name = f"[[{r}, {c}], [{r2}, {c2}]]"
        if not all(0 <= x < puzzle.rows for x in (r, r2)) or not all(
            0 <= x < puzzle.cols for x in (c, c2)
        ):
            raise BadRequest(f"no segment {name} on a {puzzle.rows}x{puzzle.cols} board")
        if abs(r - r2) + abs(c - c2) != 1:
            raise BadRequest(f"no segment {name}: its cells are not side by side")
        segment = (r, c, r2, c2)
        if segments.get(segment, item["on"]) != item["on"]:
            raise BadRequest(f"the segment {name} is given both drawn and not drawn")
        segments[segment] = item["on"]
    return segments


def _is_pair(ends: Any) -> TypeGuard[list[list[int]]]:
    """Whether `ends` is written as a pair of places: ``[[r, c], [r2, c2]]``, whole numbers."""
    return (
        isinstance(ends, list)
        and len(ends) == 2
        and all(
            isinstance(end, list)
            and len(end) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in end)
            for end in ends
        )
    )


def _loop_pairs(genre: Genre, puzzle: Any, request: dict) -> dict:
    """A loop genre's marks (Slitherlink, Masyu): ``[{"edge": [[y, x], [y2, x2]], "on":
    true | false}, ...]`` under "edges" (pairs of grid points 0..R by 0..C), or
    ``{"segment": ...}`` under "segments" (pairs of cells), as the contract writes them; read
    as an answer picture is, ``{((y, x), (y2, x2)): "on" | "off"}``."""
    from puzzlesolve.loops import OFF, ON

    sites = page_kind(genre)
    name = sites.removesuffix("s")
    given = request.get(sites) or []
    shape = f'{sites} are a list of {{"{name}": [[r, c], [r2, c2]], "on": true | false}}'
    other = "segments" if sites == "edges" else "edges"
    if request.get(other):
        raise BadRequest(f"{genre.name} marks have no {other}")
    if not isinstance(given, list):
        raise BadRequest(shape)
    # an edge joins grid points, one more each way than cells; a segment joins two cells
    extra = 1 if sites == "edges" else 0
    rows, cols = puzzle.rows + extra, puzzle.cols + extra
    pairs: dict = {}
    for item in given:
        ends = item.get(name) if isinstance(item, dict) else None
        if not (isinstance(item, dict) and isinstance(item.get("on"), bool) and _is_pair(ends)):
            raise BadRequest(shape)
        a, b = sorted(map(tuple, ends))
        written = f"[[{a[0]}, {a[1]}], [{b[0]}, {b[1]}]]"
        if not all(0 <= y < rows and 0 <= x < cols for y, x in (a, b)):
            raise BadRequest(f"no {name} {written} on a {puzzle.rows}x{puzzle.cols} board")
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            raise BadRequest(f"no {name} {written}: its ends are not side by side")
        value = ON if item["on"] else OFF
        if pairs.get((a, b), value) != value:
            raise BadRequest(f"the {name} {written} is given both drawn and not drawn")
        pairs[a, b] = value
    return pairs


def cell_list(cells: Any, puzzle: Any) -> list[tuple[int, int]]:
    if not cells:
        return []
    if not isinstance(cells, list) or not all(
        isinstance(cell, list) and len(cell) == 2 and all(isinstance(x, int) for x in cell)
        for cell in cells
    ):
        raise BadRequest("cells are given as [row, column]")
    return [(r, c) for r, c in cells if 0 <= r < puzzle.rows and 0 <= c < puzzle.cols]

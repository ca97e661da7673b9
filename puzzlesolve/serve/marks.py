"""The page's marks as an answer: each board kind's JSON read into the kind's values, then
handed to the genre's own reading (its draw module's ``page_marks``), never written as an
answer file's text to be parsed back.

A board kind (the draw module's ``PAGE``) is one script module of the page
(``static/kinds/``) and one reader here; what each sends:

==========  ==========================================================================
kind        the request's marks, and the values the genre's ``page_marks`` is given
==========  ==========================================================================
shade       ``answer: [[r, c, "shaded" | "unshaded"], ...]``: those words
stars       ``answer: [[r, c, "star" | "empty"], ...]``: those words (Star Battle)
numbers     ``answer: [[r, c, N | [N, ...]], ...]``: a number, or pencil marks
            (`Candidates`)
lines       ``answer: [[r, c, LABEL | "-"], ...]`` and ``segments: [{"segment": [[r, c],
            [r2, c2]], "on": bool}, ...]``: the label or "-", and ``(r, c, r2, c2): bool``
edges       ``edges: [{"edge": [[y, x], [y2, x2]], "on": bool}, ...]`` (grid points):
            ``((y, x), (y2, x2)): "on" | "off"``
segments    as edges, under ``segments`` (pairs of cells)
lights      ``answer: [[r, c, "light" | "empty"], ...]``: those words (a white cell's)
shadeloop   ``answer: [[r, c, "shaded" | "unshaded"], ...]`` and ``segments`` as segments:
            those words beside the pairs (Yajilin)
tents       ``answer: [[r, c, "tent" | "grass"], ...]``: those words (an empty cell's)
==========  ==========================================================================
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeGuard

from puzzlesolve.candidates import candidates_of
from puzzlesolve.genre import Genre
from puzzlesolve.loops import OFF, ON


class BadMarks(ValueError):
    """Marks the page should not have sent: one line."""


def read_marks(genre: Genre, kind: str, puzzle: Any, request: dict) -> dict:
    """The request's marks as the genre's answer (``{site: value}``, as `read_answer`
    gives an answer file's).

    Raises:
        BadMarks: marks not of the kind's shape, off the board, or refused by the genre.
    """
    marks = READERS[kind](genre.name, puzzle, request)
    try:
        return genre.feature("draw").page_marks(puzzle, marks)
    except ValueError as refused:
        raise BadMarks(str(refused)) from None


def _cells(name: str, puzzle: Any, request: dict, value: Callable[[Any], Any]) -> dict:
    """``answer: [[r, c, value], ...]`` on the board, each value read by `value`."""
    marks = request.get("answer") or []
    shape = "the answer is a list of [row, column, value]"
    if not isinstance(marks, list):
        raise BadMarks(shape)
    rows, cols = puzzle.rows, puzzle.cols
    read: dict = {}
    for mark in marks:
        if not (isinstance(mark, list) and len(mark) == 3):
            raise BadMarks(shape)
        r, c, given = mark
        if not (_whole(r) and _whole(c) and 0 <= r < rows and 0 <= c < cols):
            raise BadMarks(f"no cell [{r}, {c}] on a {rows}x{cols} board")
        try:
            read[r, c] = value(given)
        except ValueError:
            raise BadMarks(f"{given!r} is no {name} cell value") from None
    return read


def _no_pairs(name: str, request: dict, *sites: str) -> None:
    for site in sites:
        if request.get(site):
            raise BadMarks(f"{name} marks have no {site}")


def _words(*words: str) -> Callable[[str, Any, dict], dict]:
    """The reader of a kind whose cells take one of `words` (shade, stars, lights)."""

    def read(name: str, puzzle: Any, request: dict) -> dict:
        _no_pairs(name, request, "segments", "edges")

        def value(given: Any) -> str:
            if given not in words:
                raise ValueError(given)
            return given

        return _cells(name, puzzle, request, value)

    return read


def _numbers(name: str, puzzle: Any, request: dict) -> dict:
    _no_pairs(name, request, "segments", "edges")

    def value(given: Any) -> Any:
        if isinstance(given, list):
            return candidates_of(given)
        if not (_whole(given) and given > 0):
            raise ValueError(given)
        return given

    return _cells(name, puzzle, request, value)


def _lines(name: str, puzzle: Any, request: dict) -> dict:
    _no_pairs(name, request, "edges")

    def value(given: Any) -> str:
        if not (isinstance(given, str) and given and not any(ch.isspace() for ch in given)):
            raise ValueError(given)
        return given

    cells = _cells(name, puzzle, request, value)
    pairs = _pairs(puzzle, request, "segments", extra=0, ends="cells")
    return cells | {(*a, *b): on == ON for (a, b), on in pairs.items()}


def _loop(kind: str) -> Callable[[str, Any, dict], dict]:
    """A loop genre's pairs: grid points (edges, one more each way than cells) or cells."""

    def read(name: str, puzzle: Any, request: dict) -> dict:
        if request.get("answer"):
            raise BadMarks(f"{name} marks are {kind}, not cell values")
        _no_pairs(name, request, "segments" if kind == "edges" else "edges")
        return _pairs(puzzle, request, kind, extra=1 if kind == "edges" else 0)

    return read


def _shade_loop(name: str, puzzle: Any, request: dict) -> dict:
    """Shaded and unshaded cells beside a loop's segments (Yajilin)."""
    _no_pairs(name, request, "edges")
    cells = _words("shaded", "unshaded")(name, puzzle, {"answer": request.get("answer")})
    return cells | _pairs(puzzle, request, "segments", extra=0)


def _pairs(puzzle: Any, request: dict, sites: str, extra: int, ends: str = "ends") -> dict:
    """``[{"edge" | "segment": [[y, x], [y2, x2]], "on": bool}, ...]`` under `sites`, as the
    contract writes them: ``{((y, x), (y2, x2)): "on" | "off"}``, the smaller end first."""
    name = sites.removesuffix("s")
    given = request.get(sites) or []
    shape = f'{sites} are a list of {{"{name}": [[r, c], [r2, c2]], "on": true | false}}'
    if not isinstance(given, list):
        raise BadMarks(shape)
    rows, cols = puzzle.rows + extra, puzzle.cols + extra
    pairs: dict = {}
    for item in given:
        pair = item.get(name) if isinstance(item, dict) else None
        if not (isinstance(item, dict) and isinstance(item.get("on"), bool) and _is_pair(pair)):
            raise BadMarks(shape)
        a, b = sorted(map(tuple, pair))
        written = f"[[{a[0]}, {a[1]}], [{b[0]}, {b[1]}]]"
        if not all(0 <= y < rows and 0 <= x < cols for y, x in (a, b)):
            raise BadMarks(f"no {name} {written} on a {puzzle.rows}x{puzzle.cols} board")
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            raise BadMarks(f"no {name} {written}: its {ends} are not side by side")
        value = ON if item["on"] else OFF
        if pairs.get((a, b), value) != value:
            raise BadMarks(f"the {name} {written} is given both drawn and not drawn")
        pairs[a, b] = value
    return pairs


def _whole(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _is_pair(ends: Any) -> TypeGuard[list[list[int]]]:
    """Whether `ends` is written as a pair of places: ``[[r, c], [r2, c2]]``, whole numbers."""
    return (
        isinstance(ends, list)
        and len(ends) == 2
        and all(isinstance(end, list) and len(end) == 2 and all(map(_whole, end)) for end in ends)
    )


READERS: dict[str, Callable[[str, Any, dict], dict]] = {
    "shade": _words("shaded", "unshaded"),
    "stars": _words("star", "empty"),
    "numbers": _numbers,
    "lines": _lines,
    "edges": _loop("edges"),
    "segments": _loop("segments"),
    "lights": _words("light", "empty"),
    "shadeloop": _shade_loop,
    "tents": _words("tent", "grass"),
}
"""Each board kind's reader: the kinds the page marks (``static/kinds/``)."""

"""Reading a request of the web page: the genre it names (an edge: a name becomes a `Genre`
here), the puzzle its source names (a link, a text or an example), the switches in force, the
marks (`serve.marks`) and the board the page draws. A request names its puzzle by its source,
``{"genre": G, "source": {"link": URL}}`` or ``{"genre": G, "source": {"text": TEXT, "name":
NAME}}`` (an uploaded file's contents, a pasted grid or a generated puzzle), and is parsed
again on every request: the page holds the one copy of the puzzle's state and the server
keeps none.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from puzzlesolve.genre import Genre, Loaded
from puzzlesolve.genres import GENRES
from puzzlesolve.grid import InputError
from puzzlesolve.instance import is_link, parse_with_rules
from puzzlesolve.registry import get_genre
from puzzlesolve.serve.marks import READERS

MAX_PAGE_CELLS = 10_000
"""The largest board the page draws (100x100): a browser lays out each cell."""

_PACKAGE = Path(__file__).resolve().parent.parent


class BadRequest(ValueError):
    """A request the page should not have sent, or a puzzle it cannot show: one line."""


def examples_folder() -> Path:
    """The bundled example instances: inside the wheel, else the checkout's ``instances/``."""
    packaged = _PACKAGE / "instances"
    return packaged if packaged.is_dir() else _PACKAGE.parent / "instances"


def examples() -> dict[str, list[str]]:
    """The example names per genre, as each genre declares its examples (`Genre.examples`,
    its typical one first): ``{"hitori": ["ai-course-5x5", ...], ...}``."""
    return {
        name: [example.name for example in GENRES[name].examples]
        for name in sorted(GENRES)
        if GENRES[name].examples and on_the_page(GENRES[name])
    }


def example_path(genre: Genre, name: str) -> Path:
    """The file of a genre's example named `name` (a name `examples` lists)."""
    (example,) = (example for example in genre.examples if example.name == name)
    # declared relative to the checkout ("instances/..."); the wheel has that folder inside
    return examples_folder() / Path(example.path).relative_to("instances")


PAGE_KINDS = tuple(READERS)
"""The board kinds the page knows, each a script module (``static/kinds/``) and a reader of
its marks (`serve.marks`); a genre's draw module says its own, ``PAGE``: click to shade
(Hitori, Nurikabe), drag lines (Numberlink), type numbers (Hidato, Numbrix), click or drag
the loop's edges between grid points (Slitherlink) or its segments between cell centres
(Masyu). A genre marked otherwise, or without a draw module, is not offered."""

LOOP_KINDS = ("edges", "segments", "shadeloop")
"""The page's kinds whose marks are pairs (`puzzlesolve.loops`), each on or off, not cells."""


def on_the_page(genre: Genre) -> bool:
    return genre.has("draw") and page_kind(genre) in PAGE_KINDS


def has_link_form(genre: Genre) -> bool:
    """Whether the genre's puzzles can be written as links (a link module may say why not:
    Numbrix shares Hidato's, which no site reads as Numbrix)."""
    return genre.has("link") and genre.feature("link").no_link(genre) is None


def read_genre(request: dict) -> Genre:
    try:
        genre = get_genre(str(request.get("genre")))
    except ValueError as bad:
        raise BadRequest(str(bad)) from None
    if not on_the_page(genre):
        raise BadRequest(f"the page cannot mark {genre.name} puzzles yet; use the command line")
    return genre


def read_switches(genre: Genre, request: dict) -> list[str]:
    switches = request.get("switches") or []
    if not isinstance(switches, list) or not all(s in genre.switches for s in switches):
        raise BadRequest(f"{genre.name} options are {', '.join(genre.switches) or 'none'}")
    return sorted(set(switches))


def genre_of_link(url: str) -> str:
    """The genre whose link form `url` is (``registry.link_genre``), as bad input if none.

    Raises:
        InputError: no genre reads it.
    """
    from puzzlesolve.registry import link_genre

    try:
        return link_genre(url)
    except ValueError as unknown:
        raise InputError(url, str(unknown).split(": ", 1)[-1]) from None


def read_source(request: dict) -> tuple[Genre, Loaded]:
    """The genre and puzzle a request names by its source (link, text or example)."""
    source = request.get("source")
    if not isinstance(source, dict):
        raise BadRequest("no puzzle given")
    if "link" in source:
        link = str(source["link"]).strip()
        if not is_link(link):
            raise BadRequest(
                "not a link: a link starts with http:// or https:// or a player's address "
                "(puzz.link/p?..., pzv.jp/p.html?...)"
            )
        from puzzlesolve import links

        name = request.get("genre") or genre_of_link(link)
        genre = read_genre({"genre": name})
        loaded = links.load(genre, link)
    elif "example" in source:
        genre = read_genre(request)
        name = str(source["example"])
        if name not in examples().get(genre.name, []):  # names only: never a path
            raise BadRequest(f"no {genre.name} example {name!r}")
        path = example_path(genre, name)
        # with the rules its "% options:" line asks for, as the command line reads it
        loaded = parse_with_rules(genre, path.read_text(encoding="utf-8"), f"{name}.txt")
    elif "text" in source:
        genre = read_genre(request)
        name = str(source.get("name") or "the pasted puzzle")[:80]
        loaded = parse_with_rules(genre, str(source["text"]), name)
    else:
        raise BadRequest("the puzzle's source is a link, a text or an example")
    puzzle = loaded.puzzle
    if puzzle.rows * puzzle.cols > MAX_PAGE_CELLS:
        raise BadRequest(
            f"{puzzle.rows}x{puzzle.cols} is more than the page shows "
            f"({MAX_PAGE_CELLS:,} cells); the command line solves it"
        )
    return genre, loaded


def read_puzzle(request: dict) -> tuple[Genre, Any, list[str]]:
    """The genre, the puzzle and the switches in force: those the request gives (the page's
    boxes, which `load` ticks as the source asks), else those the source asks for; as on
    the command line, what the person sets wins (an unticked box is ``--no-fill``)."""
    genre, loaded = read_source(request)
    if "switches" in request:
        return genre, loaded.puzzle, read_switches(genre, request)
    return genre, loaded.puzzle, sorted(loaded.switches)


def page_kind(genre: Genre) -> str:
    """How the page marks this genre's cells, as the genre's draw module declares it."""
    return genre.feature("draw").PAGE


def answer_of(genre: Genre, puzzle: Any, request: dict) -> dict:
    """The page's marks as the genre's answer: read by the board kind's reader and the
    genre's own ``page_marks`` (`serve.marks`), which refuses a mark the puzzle does not
    allow."""
    from puzzlesolve.serve.marks import BadMarks, read_marks

    try:
        return read_marks(genre, page_kind(genre), puzzle, request)
    except BadMarks as bad:
        raise BadRequest(str(bad)) from None


def board(genre: Genre, puzzle: Any) -> dict:
    """What the page draws and how it is marked: the clues, cell by cell.

    ``kind`` is "shade" (click to shade), "lines" (drag lines) or "numbers" (type numbers),
    as the genre's draw module declares it (``PAGE``); ``cells[r][c]`` is the clue: the
    number or null (Hitori, Nurikabe), the label or null (Numberlink), the given, null or
    "#" for a void (Hidato, Numbrix); the rest is the draw module's ``page_board``.
    """
    view: dict[str, Any] = {"kind": page_kind(genre), "rows": puzzle.rows, "cols": puzzle.cols}
    return view | genre.feature("draw").page_board(genre, puzzle)


def load(request: dict) -> dict:
    """The puzzle a source names, as the page draws it, with its link if it has one."""
    genre, loaded = read_source(request)
    document = {
        "genre": genre.name,
        "board": board(genre, loaded.puzzle),
        "switches": list(loaded.switches),
        "options": list(genre.switches),
        "note": loaded.note,
        "source": request["source"],
    }
    return document


def cell_list(cells: Any, puzzle: Any) -> list[tuple[int, int]]:
    if not cells:
        return []
    if not isinstance(cells, list) or not all(
        isinstance(cell, list) and len(cell) == 2 and all(isinstance(x, int) for x in cell)
        for cell in cells
    ):
        raise BadRequest("cells are given as [row, column]")
    return [(r, c) for r, c in cells if 0 <= r < puzzle.rows and 0 <= c < puzzle.cols]

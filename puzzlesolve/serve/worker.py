"""The work behind each request of the web page, run in a child process (see `app.Jobs`).

Each task takes the request's JSON (already bounded in size by the server) and returns JSON,
calling the same library functions as the command line: `instance` to read, `solver.solve`
and `solver.settled`, `explain.check`, `hint` and `explain`, `drawing.draw`, `links.write`,
`generate.generate`. Nothing here implements a rule or a check.

A request names its puzzle by its source, ``{"genre": G, "source": {"link": URL}}`` or
``{"genre": G, "source": {"text": TEXT, "name": NAME}}`` (an uploaded file's contents, a
pasted grid or a generated puzzle), and is parsed again on every request: the page holds the
one copy of the puzzle's state and the server keeps none.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeGuard

from puzzlesolve.genre import FEATURES, Genre, Loaded
from puzzlesolve.genres import GENRES
from puzzlesolve.grid import InputError
from puzzlesolve.instance import is_link, parse_with_rules
from puzzlesolve.registry import get_genre

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


# ---------------------------------------------------------------- reading a request


PAGE_KINDS = ("shade", "lines", "numbers", "edges", "segments")
"""The ways of marking cells the page's script knows (a genre's draw module says its own,
``PAGE``): click to shade (Hitori, Nurikabe), drag lines (Numberlink), type numbers
(Hidato, Numbrix), click or drag the loop's edges between grid points (Slitherlink) or its
segments between cell centres (Masyu). A genre marked otherwise, or without a draw module,
is not offered."""

LOOP_KINDS = ("edges", "segments")
"""The page's kinds whose marks are pairs (`puzzlesolve.loops`), each on or off, not cells."""


def on_the_page(genre: Genre) -> bool:
    return genre.has("draw") and _kind(genre) in PAGE_KINDS


def has_link_form(genre: Genre) -> bool:
    """Whether the genre's puzzles can be written as links (a link module may say why not:
    Numbrix shares Hidato's, which no site reads as Numbrix)."""
    return genre.has("link") and genre.feature("link").no_link(genre) is None


def _genre(request: dict) -> Genre:
    try:
        genre = get_genre(str(request.get("genre")))
    except ValueError as bad:
        raise BadRequest(str(bad)) from None
    if not on_the_page(genre):
        raise BadRequest(f"the page cannot mark {genre.name} puzzles yet; use the command line")
    return genre


def _switches(genre: Genre, request: dict) -> list[str]:
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


def _load(request: dict) -> tuple[Genre, Loaded]:
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
        genre = _genre({"genre": name})
        loaded = links.load(genre, link)
    elif "example" in source:
        genre = _genre(request)
        name = str(source["example"])
        if name not in examples().get(genre.name, []):  # names only: never a path
            raise BadRequest(f"no {genre.name} example {name!r}")
        path = example_path(genre, name)
        # with the rules its "% options:" line asks for, as the command line reads it
        loaded = parse_with_rules(genre, path.read_text(encoding="utf-8"), f"{name}.txt")
    elif "text" in source:
        genre = _genre(request)
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


def _puzzle(request: dict) -> tuple[Genre, Any, list[str]]:
    """The genre, the puzzle and the switches in force: those the request gives (the page's
    boxes, which `load` ticks as the source asks), else those the source asks for; as on
    the command line, what the person sets wins (an unticked box is ``--no-fill``)."""
    genre, loaded = _load(request)
    if "switches" in request:
        return genre, loaded.puzzle, _switches(genre, request)
    return genre, loaded.puzzle, sorted(loaded.switches)


def _kind(genre: Genre) -> str:
    """How the page marks this genre's cells, as the genre's draw module declares it."""
    return genre.feature("draw").PAGE


def _answer(genre: Genre, puzzle: Any, request: dict) -> dict:
    """The page's marks, ``[[r, c, value], ...]``, read as an answer file would be, by the
    genre's own reader (which refuses a mark the puzzle does not allow)."""
    marks = request.get("answer") or []
    if not isinstance(marks, list):
        raise BadRequest("the answer is a list of [row, column, value]")
    if _kind(genre) in LOOP_KINDS:
        if marks:
            raise BadRequest(f"{genre.name} marks are {_kind(genre)}, not cell values")
        return _loop_pairs(genre, puzzle, request)
    rows, cols = puzzle.rows, puzzle.cols
    tokens = [["?"] * cols for _ in range(rows)]
    kind, clues = _kind(genre), board(genre, puzzle)["cells"]
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
    if given and _kind(genre) != "lines":
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

    sites = _kind(genre)
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


def board(genre: Genre, puzzle: Any) -> dict:
    """What the page draws and how it is marked: the clues, cell by cell.

    ``kind`` is "shade" (click to shade), "lines" (drag lines) or "numbers" (type numbers),
    as the genre's draw module declares it (``PAGE``); ``cells[r][c]`` is the clue: the
    number or null (Hitori, Nurikabe), the label or null (Numberlink), the given, null or
    "#" for a void (Hidato, Numbrix); the rest is the draw module's ``page_board``.
    """
    view: dict[str, Any] = {"kind": _kind(genre), "rows": puzzle.rows, "cols": puzzle.cols}
    return view | genre.feature("draw").page_board(genre, puzzle)


# ---------------------------------------------------------------- the tasks


def load(request: dict) -> dict:
    """The puzzle a source names, as the page draws it, with its link if it has one."""
    genre, loaded = _load(request)
    document = {
        "genre": genre.name,
        "board": board(genre, loaded.puzzle),
        "switches": list(loaded.switches),
        "options": list(genre.switches),
        "note": loaded.note,
        "source": request["source"],
    }
    return document


UNMARKED = {"shade": "unshaded"}
"""What a cell the person left unmarked means once the marks are finished: as on paper, a
cell not shaded is white (Hitori, Nurikabe). (Numberlink: a segment not drawn is absent.)"""


def check(request: dict) -> dict:
    """The marks' verdict; marks with no mistake that solve the puzzle once every unmarked
    cell is taken as `UNMARKED` (all a person draws on paper) are "solved"."""
    from puzzlesolve import explain

    genre, puzzle, switches = _puzzle(request)
    answer = _answer(genre, puzzle, request)
    result = explain.check(genre, puzzle, answer, switches=switches, timeout=_limit(request))
    if result.verdict == "consistent" and _solved_as_finished(genre, puzzle, answer, switches):
        result = explain.CheckResult(genre.name, "solved", [], result.rules)
    return result.to_json()


def _solved_as_finished(genre: Genre, puzzle: Any, answer: dict, switches: list[str]) -> bool:
    """Whether the marks, `_finished`, are a solution (asked of the solver's own rules: a
    complete answer is settled by propagation)."""
    from puzzlesolve.explain.extends import extends

    finished = _finished(genre, puzzle, answer)
    return finished is not None and extends(genre, puzzle, finished, switches) is True


def _finished(genre: Genre, puzzle: Any, answer: dict) -> dict | None:
    """The answer as on paper once the person stops (None where a cell left unmarked says
    nothing): every unmarked cell `UNMARKED`; for lines every segment not drawn is absent
    (the segments, all decided, decide every cell)."""
    if _kind(genre) == "lines":
        segments = genre.feature("explain").segments(puzzle)
        return answer | {segment: answer.get(segment, False) for segment in segments}
    if _kind(genre) in LOOP_KINDS:  # every pair not drawn is off, as on paper
        pairs = genre.feature("explain").segments(puzzle)
        return {((a, b), (c, d)): answer.get(((a, b), (c, d)), "off") for a, b, c, d in pairs}
    every = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)]
    unmarked = UNMARKED.get(_kind(genre))
    if unmarked is None:  # numbers: finished once every cell has one
        return answer if all(cell in answer for cell in every) else None
    return {cell: answer.get(cell, unmarked) for cell in every}


def solved(request: dict) -> dict:
    """Whether the marks, as on paper once the person stops (`_finished`), are a solution:
    asked by the page after each mark (the solver's own rules, settled by propagation), so
    it can say "Solved!" without a check."""
    genre, puzzle, switches = _puzzle(request)
    answer = _answer(genre, puzzle, request)
    return {"solved": _solved_as_finished(genre, puzzle, answer, switches)}


def hint(request: dict) -> dict:
    from puzzlesolve import explain

    genre, puzzle, switches = _puzzle(request)
    answer = _answer(genre, puzzle, request)
    if _solved_as_finished(genre, puzzle, answer, switches):  # nothing left to do: say so
        from puzzlesolve.program import rules_path
        from puzzlesolve.rulebook import read_rulebook

        rules = read_rulebook(rules_path(genre)).rules
        return explain.Hint(genre.name, "solved", None, [], [], rules).to_json()
    if _kind(genre) == "lines":
        answer = _with_line_labels(puzzle, answer)
    return explain.hint(genre, puzzle, answer, switches=switches, timeout=_limit(request)).to_json()


def _with_line_labels(puzzle: Any, answer: dict) -> dict:
    """The answer and, for each cell that drawn segments join to one endpoint's label
    alone, that label: what a person sees on the drawn line, so a hint is never "r1c2 lies
    on line 1" for a cell the line is drawn through. (Implied by the segments whenever
    they break no rule; where they do, hint finds that first.)"""
    neighbours: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for site, on in answer.items():
        if len(site) == 4 and on:
            a, b = site[:2], site[2:]
            neighbours.setdefault(a, []).append(b)
            neighbours.setdefault(b, []).append(a)
    reached: dict[tuple[int, int], set[str]] = {}
    for start, number in puzzle.endpoints.items():
        label, seen, todo = puzzle.names[number], {start}, [start]
        while todo:
            for next_cell in neighbours.get(todo.pop(), []):
                if next_cell not in seen:
                    seen.add(next_cell)
                    todo.append(next_cell)
        for cell in seen:
            reached.setdefault(cell, set()).add(label)
    labels = {
        cell: next(iter(found))
        for cell, found in reached.items()
        if len(found) == 1 and cell not in puzzle.endpoints
    }
    return labels | answer


def explain(request: dict, progress: Callable[[dict], None] | None = None) -> dict:
    """Every step, the difficulty measured from them and the grade it makes; `progress` is
    given each step's JSON as soon as it is found (the server keeps them for the page)."""
    from puzzlesolve import explain as explaining
    from puzzlesolve.generate import grade

    genre, puzzle, switches = _puzzle(request)
    # stopped by its time limit, it gives the steps found so far (status "timeout")
    found = None if progress is None else (lambda step: progress(step.to_json()))
    explanation = explaining.explain(
        genre, puzzle, switches=switches, timeout=_limit(request), on_step=found
    )
    document = explanation.to_json()
    if explanation.status == "solved" and explanation.steps:
        document["grade"] = grade(genre, explanation.difficulty)
    return document


def solve(request: dict) -> dict:
    """Up to two solutions (enough to prove uniqueness), each also as cell values."""
    from puzzlesolve.solver import solve as solving

    genre, puzzle, switches = _puzzle(request)
    result = solving(genre, puzzle, models=2, timeout=_timeout(request), switches=switches)
    document = result.to_json()
    if _kind(genre) in LOOP_KINDS:  # the solutions' pairs are their values
        document["values"] = [[] for _ in result.solutions]
        return document
    document["values"] = [
        [[r, c, value] for (r, c), value in sorted(genre.values(puzzle, s).items())]
        for s in result.solutions
    ]
    return document


def settled(request: dict) -> dict:
    """The cells that are the same in every solution."""
    from puzzlesolve.solver import settled as settling

    genre, puzzle, switches = _puzzle(request)
    return settling(genre, puzzle, timeout=_timeout(request), switches=switches).to_json()


def audit(request: dict) -> dict:
    """What an author asks of the board on screen (`puzzlesolve.audit`): unique? the sites
    that differ, the fewest clues to add (``repairs``, each clue a cell and the value to write
    there), redundant clues, grade; ``symmetry`` and ``keep_grade`` as the command's."""
    from puzzlesolve.audit import SYMMETRIES
    from puzzlesolve.audit import audit as auditing

    genre, puzzle, switches = _puzzle(request)
    symmetry = request.get("symmetry", "none")
    if symmetry not in SYMMETRIES:
        raise BadRequest(f"symmetry must be one of {', '.join(SYMMETRIES)}, not {symmetry!r}")
    report = auditing(
        genre,
        puzzle,
        symmetry=symmetry,
        keep_grade=request.get("keep_grade") is True,
        switches=switches,
        grade=request.get("grade", True) is not False,
        timeout=_timeout(request),
    )
    return report.to_json()


def svg(request: dict) -> dict:
    """The board with the page's marks and highlights, as the SVG `draw` makes."""
    from puzzlesolve.drawing import draw

    genre, puzzle, _ = _puzzle(request)
    answer = _answer(genre, puzzle, request)
    highlight, cited, conflicts = (
        _cell_list(request.get(key), puzzle) for key in ("highlight", "cited", "conflicts")
    )
    return {
        "svg": draw(
            genre, puzzle, values=answer, highlight=highlight, cited=cited, conflicts=conflicts
        )
    }


def link(request: dict) -> dict:
    from puzzlesolve import links

    genre, puzzle, switches = _puzzle(request)
    try:
        return {"link": links.write(genre, puzzle, fill="fill" in switches)}
    except links.LinkError as bad:
        raise BadRequest(str(bad)) from None


def generate(request: dict) -> dict:
    """A new puzzle (graded when small enough to explain quickly), loaded as `load` does."""
    from puzzlesolve.generate import generate as generating

    genre = _genre(request)
    rows, cols = (_int(request, key, 1, 100) for key in ("rows", "cols"))
    if rows * cols > MAX_PAGE_CELLS:
        raise BadRequest(f"{rows}x{cols} is more than the page shows")
    difficulty = str(request.get("difficulty", "medium"))
    seed = _seed(request.get("seed"))
    made = generating(genre, rows, cols, seed, difficulty, grade=None)
    name = f"{made.name}.txt"
    document = load({"genre": genre.name, "source": {"text": made.text, "name": name}})
    document["summary"] = made.summary()
    document["grade"] = made.measures.get("grade")
    return document


def edit(request: dict) -> dict:
    """The puzzle with clues added or taken away, as the Audit panel asks (`serve.edit`)."""
    from puzzlesolve.serve.edit import edit as editing

    return editing(request)


TASKS: dict[str, Callable[..., Any]] = {
    "load": load,
    "check": check,
    "solved": solved,
    "hint": hint,
    "explain": explain,
    "solve": solve,
    "settled": settled,
    "audit": audit,
    "svg": svg,
    "link": link,
    "generate": generate,
    "edit": edit,
}


TIMED = {"solve", "settled", "check", "hint", "explain"}
"""Tasks given the server's time limit (less a margin) as ``timeout``: they stop themselves
first and answer with what they found (an explanation's steps so far), rather than being
ended with nothing."""


def _limit(request: dict) -> float | None:
    """`_timeout`, else the library's own default for check, hint and explain."""
    from puzzlesolve.explain import DEFAULT_TIMEOUT

    timeout = _timeout(request)
    return DEFAULT_TIMEOUT if timeout is None else timeout


def _timeout(request: dict) -> float | None:
    timeout = request.get("timeout")
    return float(timeout) if isinstance(timeout, int | float) and timeout > 0 else None


def _int(request: dict, key: str, low: int, high: int) -> int:
    value = request.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise BadRequest(f"{key} must be a whole number from {low} to {high}")
    return value


MAX_SEED = 2**63 - 1
"""The largest seed, as the command line's ``--seed`` takes it."""


def _seed(value: Any) -> int:
    """A seed as the command line reads it: a whole number 0..2^63-1, or its digits as text
    (a browser's numbers hold 53 bits)."""
    if isinstance(value, str):
        try:
            value = int(value.strip(), 10)
        except ValueError:
            raise BadRequest(f"the seed {value.strip()[:40]!r} is not a whole number") from None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_SEED:
        raise BadRequest(f"the seed must be a whole number from 0 to {MAX_SEED}")
    return value


def _cell_list(cells: Any, puzzle: Any) -> list[tuple[int, int]]:
    if not cells:
        return []
    if not isinstance(cells, list) or not all(
        isinstance(cell, list) and len(cell) == 2 and all(isinstance(x, int) for x in cell)
        for cell in cells
    ):
        raise BadRequest("cells are given as [row, column]")
    return [(r, c) for r, c in cells if 0 <= r < puzzle.rows and 0 <= c < puzzle.cols]


PROGRESS = {"explain"}
"""Tasks that send their steps as they find them, ``("step", JSON)``, before their outcome."""

QUICK = {"load", "link", "edit"}
"""Tasks that never solve: reading and writing puzzles, bounded by the request's size. The
server runs them itself (no worker to start), so a page opens at once."""


def outcome(
    task: str, request: dict, progress: Callable[[dict], None] | None = None
) -> tuple[str, Any]:
    """A task's outcome: ``("ok", JSON)``, ``("bad", one line)`` (bad input: the page says
    what) or ``("error", one line)`` (a fault: the page says so, the server goes on)."""
    try:
        if task in PROGRESS and progress is not None:
            return ("ok", TASKS[task](request, progress))
        return ("ok", TASKS[task](request))
    except (InputError, BadRequest) as bad:
        return ("bad", str(bad))
    except ValueError as bad:  # GenerateError, EncodingError's kin, a genre's refusal
        return ("bad", str(bad).splitlines()[0] if str(bad) else type(bad).__name__)
    except Exception as failure:  # noqa: BLE001 - any fault becomes a message on the page
        from puzzlesolve.program import EncodingError  # loaded by now: a solve failed

        if isinstance(failure, EncodingError):  # a broken rules file: bad input, as on the CLI
            return ("bad", str(failure).splitlines()[0])
        return ("error", f"{type(failure).__name__}: {failure}".splitlines()[0])


def run(connection: Any, task: str, request: dict) -> None:
    """A child process's whole life: one task, its `outcome` sent back."""
    connection.send(outcome(task, request, lambda step: connection.send(("step", step))))
    connection.close()


def preload() -> None:
    """Import what the tasks use, once, in the process that forks the children."""
    import puzzlesolve.drawing
    import puzzlesolve.explain
    import puzzlesolve.generate
    import puzzlesolve.links
    import puzzlesolve.solver  # noqa: F401

    for genre in GENRES.values():
        for feature in FEATURES:
            if genre.has(feature):
                genre.feature(feature)

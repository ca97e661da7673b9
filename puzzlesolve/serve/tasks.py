"""The work behind each request of the web page, one function a task (`TASKS`), run in a
child process (see `worker` and `jobs.Jobs`). Each takes the request's JSON (already bounded in
size by the server) and returns JSON, calling the same library functions as the command line:
`instance` to read, `solver.solve` and `solver.settled`, `explain.check`, `hint` and
`explain`, `drawing.draw`, `links.write`, `generate.generate`, `audit`. Nothing here
implements a rule or a check.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from puzzlesolve.candidates import split
from puzzlesolve.genre import Genre
from puzzlesolve.serve.requests import (
    LOOP_KINDS,
    MAX_PAGE_CELLS,
    BadRequest,
    answer_of,
    cell_list,
    load,
    page_kind,
    read_genre,
    read_puzzle,
)

UNMARKED = {"shade": "unshaded", "stars": "empty", "lights": "empty", "tents": "grass"}
"""What a cell the person left unmarked means once the marks are finished: as on paper, a
cell not shaded is white (Hitori, Nurikabe), a white cell without a light holds none (Light
Up). (Numberlink: a segment not drawn is absent.)"""


def check(request: dict) -> dict:
    """The marks' verdict; marks with no mistake that solve the puzzle once every unmarked
    cell is taken as `UNMARKED` (all a person draws on paper) are "solved"."""
    from puzzlesolve import explain

    genre, puzzle, switches = read_puzzle(request)
    answer = answer_of(genre, puzzle, request)
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
    if page_kind(genre) == "lines":
        segments = genre.feature("explain").segments(puzzle)
        return answer | {segment: answer.get(segment, False) for segment in segments}
    if page_kind(genre) in LOOP_KINDS:  # every pair not drawn is off, as on paper
        pairs = genre.feature("explain").segments(puzzle)
        finished: dict[Any, Any] = {
            ((a, b), (c, d)): answer.get(((a, b), (c, d)), "off") for a, b, c, d in pairs
        }
        # shadeloop: a cell left unmarked is unshaded where the loop passes, shaded elsewhere
        looped = {cell for pair, value in finished.items() if value == "on" for cell in pair}
        for cell in genre.feature("explain").cells(puzzle):
            finished[cell] = answer.get(cell, "unshaded" if cell in looped else "shaded")
        return finished
    every = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)]
    unmarked = UNMARKED.get(page_kind(genre))
    if unmarked is None:  # numbers: finished once every cell has one (pencil marks: not yet)
        numbers = split(answer)[0]
        return numbers if all(cell in numbers for cell in every) else None
    # the cells a person marks (Light Up's black cells take none)
    return {cell: answer.get(cell, unmarked) for cell in genre.feature("explain").cells(puzzle)}


def solved(request: dict) -> dict:
    """Whether the marks, as on paper once the person stops (`_finished`), are a solution:
    asked by the page after each mark (the solver's own rules, settled by propagation), so
    it can say "Solved!" without a check."""
    genre, puzzle, switches = read_puzzle(request)
    answer = answer_of(genre, puzzle, request)
    return {"solved": _solved_as_finished(genre, puzzle, answer, switches)}


def hint(request: dict) -> dict:
    from puzzlesolve import explain

    genre, puzzle, switches = read_puzzle(request)
    answer = answer_of(genre, puzzle, request)
    if _solved_as_finished(genre, puzzle, answer, switches):  # nothing left to do: say so
        from puzzlesolve.program import rules_path
        from puzzlesolve.rulebook import read_rulebook

        rules = read_rulebook(rules_path(genre)).rules
        return explain.Hint(genre.name, "solved", None, [], [], rules).to_json()
    if page_kind(genre) == "lines":
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

    genre, puzzle, switches = read_puzzle(request)
    # stopped by its time limit, it gives the steps found so far (status "timeout")
    found = None if progress is None else (lambda step: progress(step.to_json()))
    explanation = explaining.explain(
        genre, puzzle, switches=switches, timeout=_limit(request), on_step=found
    )
    document = explanation.to_json()
    if explanation.status == "solved" and explanation.steps:
        # the explanation's own grade, as `puzzlesolve explain` and the Audit panel say it
        # (expert too); else the one generate aims at
        document["grade"] = explanation.difficulty.grade or grade(genre, explanation.difficulty)
    return document


def solve(request: dict) -> dict:
    """Up to two solutions (enough to prove uniqueness), each also as cell values."""
    from puzzlesolve.solver import solve as solving

    genre, puzzle, switches = read_puzzle(request)
    result = solving(genre, puzzle, models=2, timeout=_timeout(request), switches=switches)
    document = result.to_json()
    if page_kind(genre) in LOOP_KINDS:  # the solutions' pairs are their values
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

    genre, puzzle, switches = read_puzzle(request)
    return settling(genre, puzzle, timeout=_timeout(request), switches=switches).to_json()


def audit(request: dict) -> dict:
    """What an author asks of the board on screen (`puzzlesolve.audit`): unique? the sites
    that differ, the fewest clues to add (``repairs``, each clue a cell and the value to write
    there), redundant clues, grade; ``symmetry`` and ``keep_grade`` as the command's."""
    from puzzlesolve.audit import SYMMETRIES
    from puzzlesolve.audit import audit as auditing

    genre, puzzle, switches = read_puzzle(request)
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
    document = report.to_json()
    if symmetry != "none" and report.removable:
        document["removable"] = [
            list(cell)
            for cell in _symmetric_removal(genre, puzzle, report.removable, symmetry, switches)
        ]
    return document


def _symmetric_removal(
    genre: Genre, puzzle: Any, removable: list, symmetry: str, switches: list[str]
) -> list:
    """The clues of `removable` whose images under `symmetry` can all go too (the Audit
    panel's "Remove these" keeps the puzzle symmetric), proved unique again once fewer; none
    if it is not."""
    from puzzlesolve.audit_repair import images
    from puzzlesolve.solver import solve as solving

    every = set(removable)
    kept = sorted(c for c in every if images(c, puzzle.rows, puzzle.cols, symmetry) <= every)
    if not kept or len(kept) == len(every):
        return kept
    smaller = genre.feature_or_defaults("audit").without(puzzle, kept)
    unique = solving(genre, smaller, models=2, switches=switches).status == "unique"
    return kept if unique else []


def svg(request: dict) -> dict:
    """The board with the page's marks and highlights, as the SVG `draw` makes."""
    from puzzlesolve.drawing import draw

    genre, puzzle, _ = read_puzzle(request)
    answer = answer_of(genre, puzzle, request)
    highlight, cited, conflicts = (
        cell_list(request.get(key), puzzle) for key in ("highlight", "cited", "conflicts")
    )
    return {
        "svg": draw(
            genre, puzzle, values=answer, highlight=highlight, cited=cited, conflicts=conflicts
        )
    }


def link(request: dict) -> dict:
    from puzzlesolve import links

    genre, puzzle, switches = read_puzzle(request)
    try:
        return {"link": links.write(genre, puzzle, fill="fill" in switches)}
    except links.LinkError as bad:
        raise BadRequest(str(bad)) from None


def generate(request: dict) -> dict:
    """A new puzzle (graded when small enough to explain quickly), loaded as `load` does."""
    from puzzlesolve.generate import generate as generating

    genre = read_genre(request)
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

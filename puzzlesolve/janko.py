"""janko.at puzzle data: the ``begin ... end`` block of a puzzle page, read as an instance.

Each puzzle page of janko.at carries its puzzle as a block of lines (the page's
``application/x-janko`` script, also seen with bracketed markers ``[begin]``, ``[problem]``):

    begin
    puzzle hitori
    author ...
    size 5              (or: rows 5 / cols 8)
    problem
    1 2 3 4 5
    ...
    solution
    ...
    end

Settings are ``NAME VALUE`` lines; a section (``problem``, ``solution``, ``areas``, ...)
holds grid rows up to the next marker. Only the ``problem`` grid is an instance: it is
handed to the genre's own reader with every other line blanked, so its errors still name
the block's own lines and columns. This module is genre-free; each genre's ``link`` module
lists the ``puzzle`` names it reads (``JANKO_PUZZLES``).
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzlesolve.grid import InputError

# words that begin a setting or a section: a grid row never starts with one of them
MARKERS = frozenset({
    "begin", "end", "problem", "solution", "areas", "puzzle", "author", "solver", "source",
    "info", "infotext", "size", "rows", "cols", "unit", "unitsize", "depth", "title", "variant",
    "layout", "options", "mail", "pid", "rights", "check", "date", "moves", "rlabels",
    "clabels", "labels",
})  # fmt: skip
SECTIONS = frozenset({"problem", "solution", "areas", "moves", "rlabels", "clabels", "labels"})


def _marker(line: str) -> tuple[str, str] | None:
    """The marker word and the rest of a setting or section line, or None for a grid row."""
    stripped = line.strip()
    if stripped.startswith("[") and stripped.endswith("]"):
        return stripped[1:-1].strip().lower(), ""
    word, rest = (stripped.split(None, 1) + [""])[:2]  # a space or a tab after the word
    return (word.lower(), rest.strip()) if word.lower() in MARKERS else None


def problem_text(text: str, source: str, genre: str, puzzles: Sequence[str]) -> str:
    """The block's ``problem`` grid as instance text, other lines blanked (line numbers kept).

    Args:
        text: the block (and nothing before ``begin`` but blank lines).
        source: the file name for error messages.
        genre: the genre reading it, for messages.
        puzzles: the block ``puzzle`` names the genre reads (e.g. ``("hidoku",)``).

    Raises:
        InputError: no ``end`` or no ``problem``, a block of another puzzle, or a grid
            whose row or column count disagrees with ``size`` / ``rows`` / ``cols``.
    """
    lines = text.splitlines()
    settings: dict[str, tuple[str, int]] = {}
    problem: list[int] = []
    section, ended = None, False
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        marker = _marker(line)
        if marker is None:
            if section == "problem":
                problem.append(number)
            elif section is None:
                raise InputError(
                    source, "a grid row outside any section of the janko.at block", number, 1
                )
            continue
        word, rest = marker
        if word == "end":
            ended = True
            break
        if word in SECTIONS:
            section = word
        elif word != "begin":
            section = None
            settings.setdefault(word, (rest, number))
    if not ended:
        raise InputError(source, "the janko.at block has no 'end' line")
    kind, at = settings.get("puzzle", ("", 0))
    name = kind.replace(",", " ").split()[0].lower() if kind.strip() else ""
    if name and name not in puzzles:
        raise InputError(
            source,
            f"this janko.at block is a {name} puzzle; {genre} reads {', '.join(puzzles)}",
            at,
            1,
        )
    if not problem:
        raise InputError(source, "the janko.at block has no 'problem' grid")
    _check_size(lines, problem, settings, source)
    kept = set(problem)
    return "\n".join(line if n in kept else "" for n, line in enumerate(lines, start=1)) + "\n"


def _check_size(
    lines: list[str], problem: list[int], settings: dict[str, tuple[str, int]], source: str
) -> None:
    """The problem grid has the rows and columns the block's settings announce."""
    for name, count, width in (("size", True, True), ("rows", True, False), ("cols", False, True)):
        if name not in settings:
            continue
        value, at = settings[name]
        if not value.isdigit():
            raise InputError(source, f"'{name}' should be a number, found {value!r}", at, 1)
        wanted = int(value)
        if count and len(problem) != wanted:
            raise InputError(
                source, f"{name} {wanted}, but the problem grid has {len(problem)} rows", at, 1
            )
        first = lines[problem[0] - 1].split()
        # a row without spaces is read one character per cell, as in instance files
        columns = len(first) if len(first) > 1 or wanted == 1 else len(first[0])
        if width and columns != wanted:
            raise InputError(
                source,
                f"{name} {wanted}, but the problem grid has {columns} columns",
                problem[0],
                1,
            )

"""Finding a genre by name and reading an instance file into a puzzle."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from puzzlesolve.genre import Genre
from puzzlesolve.genres import GENRES
from puzzlesolve.grid import InputError


def get_genre(name: str | Genre) -> Genre:
    """The registered genre called `name` (a Genre is returned as it is).

    Raises:
        ValueError: no genre has that name.
    """
    if isinstance(name, Genre):
        return name
    try:
        return GENRES[name]
    except KeyError:
        raise ValueError(f"unknown genre {name!r}; choose from {', '.join(sorted(GENRES))}") from None


def parse(genre: str | Genre, text: str, source: str = "<string>") -> Any:
    """Read an instance given as text: the contract's grid, or a janko.at ``begin ... end`` block.

    Raises:
        InputError: the text is not a valid instance; the message names source, line, column.
    """
    chosen = get_genre(genre)
    text = text.removeprefix("\ufeff")  # a byte-order mark (Windows Notepad) is no content
    if text.lstrip().startswith(("begin", "[begin]")):
        from puzzlesolve import janko

        try:
            puzzles = chosen.module("link").JANKO_PUZZLES  # the block names this genre reads
        except (ModuleNotFoundError, AttributeError):
            raise InputError(source, f"{chosen.name} reads no janko.at blocks") from None
        text = janko.problem_text(text, source, chosen.name, puzzles)
    return chosen.parse(text, source)


def read_text(path: str | Path) -> tuple[str, str]:
    """A file's text and the name to report it by; "-" reads standard input.

    Raises:
        InputError: the file is missing, a folder, or not UTF-8 text.
    """
    source = "<stdin>" if str(path) == "-" else str(path)
    try:
        # utf-8-sig: a byte-order mark, as Windows Notepad writes, is read and dropped
        text = _stdin() if source == "<stdin>" else Path(path).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise InputError(source, "no such file") from None
    except (OSError, UnicodeDecodeError) as failure:
        reason = failure.strerror if isinstance(failure, OSError) else "not UTF-8 text"
        raise InputError(source, f"cannot read: {reason}") from None
    return text, source


def is_link(path: str | Path) -> bool:
    """Whether an INSTANCE argument is a link (``http://`` or ``https://``) rather than a file."""
    return str(path).startswith(("http://", "https://"))


@dataclass(frozen=True)
class Loaded:
    """An instance as read, and the rules its source asks for beyond the genre's default.

    Attributes:
        puzzle: the parsed puzzle, as the genre's `parse` returns it.
        switches: genre switches the source's rules call for (e.g. an arukone link without
            the ``e`` flag asks for ``("fill",)``); files ask for none.
        note: one line saying why, for the user; None when there are no switches.
    """

    puzzle: Any
    switches: tuple[str, ...] = ()
    note: str | None = None


def _stdin() -> str:
    """Standard input as UTF-8, whatever the locale (which may let other bytes through)."""
    raw = getattr(sys.stdin, "buffer", None)
    return sys.stdin.read() if raw is None else raw.read().decode("utf-8-sig")


def load(genre: str | Genre, path: str | Path) -> Any:
    """Read an instance file or link; "-" reads standard input.

    Raises:
        InputError: the file is missing, unreadable or not a valid instance, or the link
            is not one the genre reads.
    """
    return load_with_rules(genre, path).puzzle


def load_with_rules(genre: str | Genre, path: str | Path) -> Loaded:
    """Read an instance file or link (``http://``, ``https://``), with the rules it asks for.

    Raises:
        InputError: as `load`.
    """
    if is_link(path):
        from puzzlesolve import links

        return links.load(get_genre(genre), str(path))
    text, source = read_text(path)
    return Loaded(parse(genre, text, source))


def load_answer(genre: str | Genre, puzzle: Any, path: str | Path) -> dict:
    """Read an answer file (a solution file or a partial one) for `puzzle`.

    Returns:
        The decided cells: ``{(r, c): value}``, values as the contract's JSON writes them.

    Raises:
        InputError: the file is unreadable, or its shape or clues disagree with the puzzle.
    """
    text, source = read_text(path)
    return get_genre(genre).read_answer(puzzle, text, source)

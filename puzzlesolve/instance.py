"""Reading an instance file (or text, or a link) of a given genre into a puzzle.

Every function takes the `Genre` itself: names are resolved at the edges (see
`puzzlesolve.registry`), never here.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from puzzlesolve.genre import Genre, Loaded, MissingFeature
from puzzlesolve.grid import InputError


def parse(genre: Genre, text: str, source: str = "<string>") -> Any:
    """Read an instance given as text: the contract's grid, or a janko.at ``begin ... end`` block.

    Raises:
        InputError: the text is not a valid instance; the message names source, line, column.
    """
    text = text.removeprefix("\ufeff")  # a byte-order mark (Windows Notepad) is no content
    if text.lstrip().startswith(("begin", "[begin]")):
        from puzzlesolve import janko

        try:
            puzzles = genre.feature("link").JANKO_PUZZLES  # the block names this genre reads
        except MissingFeature:
            raise InputError(source, f"{genre.name} reads no janko.at blocks") from None
        text = janko.problem_text(text, source, genre.name, puzzles)
    return genre.parse(text, source)


def read_text(path: str | Path) -> tuple[str, str]:
    """A file's text and the name to report it by; "-" reads standard input.

    Raises:
        InputError: the file is missing, a folder, or not UTF-8 text.
    """
    source = "<stdin>" if str(path) == "-" else str(path)
    if not source:  # Path("") is the current folder: say what is wrong instead
        raise InputError("''", "the file name is empty")
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
    """Whether an INSTANCE argument is a link rather than a file (see ``links.is_link``)."""
    if not isinstance(path, str) or not ("://" in path or "?" in path):
        return False  # a file name: solving a file need not import the links machinery
    from puzzlesolve import links

    return links.is_link(path)


def _stdin() -> str:
    """Standard input as UTF-8, whatever the locale (which may let other bytes through)."""
    raw = getattr(sys.stdin, "buffer", None)
    return sys.stdin.read() if raw is None else raw.read().decode("utf-8-sig")


def load(genre: Genre, path: str | Path) -> Any:
    """Read an instance file or link; "-" reads standard input.

    Raises:
        InputError: the file is missing, unreadable or not a valid instance, or the link
            is not one the genre reads.
    """
    return load_with_rules(genre, path).puzzle


def load_with_rules(genre: Genre, path: str | Path) -> Loaded:
    """Read an instance file or link (``http://``, ``https://``), with the rules it asks for.

    Raises:
        InputError: as `load`.
    """
    if is_link(path):
        from puzzlesolve import links

        return links.load(genre, str(path))
    if isinstance(path, str) and ":" in path:
        from puzzlesolve.loops import is_game_id

        if is_game_id(path) and not _is_file(path):  # a Simon Tatham game id (Loopy, Pearl)
            return parse_with_rules(genre, path.strip(), path.strip())
    text, source = read_text(path)
    return parse_with_rules(genre, text, source)


def _is_file(path: str) -> bool:
    """Whether a file of that name exists (a game id is often too long to be one)."""
    try:
        return Path(path).exists()
    except OSError:
        return False


def parse_with_rules(genre: Genre, text: str, source: str = "<string>") -> Loaded:
    """Read an instance given as text, with the switches its ``% options:`` line asks for.

    Raises:
        InputError: as `parse`, or an option the genre has no switch for.
    """
    puzzle = parse(genre, text, source)
    switches = options_line(genre, text, source)
    flags = " ".join(f"--{switch.replace('_', '-')}" for switch in switches)
    note = f"{source} has '% options: {' '.join(switches)}': solving with {flags}"
    return Loaded(puzzle, switches, note if switches else None)


_OPTIONS = re.compile(r"[ \t]*%[ \t]*options[ \t]*:(.*)", re.IGNORECASE)


def options_line(genre: Genre, text: str, source: str) -> tuple[str, ...]:
    """The switches a comment line ``% options: fill no_self_touch`` of an instance asks for.

    The rules an instance is meant for travel with it, as a link's do: the command line
    sets them too, and wins (``--no-fill``). Words may be separated by blanks or commas and
    written with ``-`` or ``_``.

    Raises:
        InputError: a word that is not one of the genre's switches (file, line, column).
    """
    switches: list[str] = []
    for number, line in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        found = _OPTIONS.fullmatch(line)
        if not found:
            continue
        for word in re.finditer(r"[^\s,]+", found[1]):
            switch = word[0].lower().replace("-", "_")
            if switch.partition("=")[0] in genre.numbers:
                continue  # a number the genre's own parse reads (`number_option`)
            if switch not in genre.switches:
                known = ", ".join(genre.switches) or "none"
                raise InputError(
                    source,
                    f"unknown option {word[0]!r} ({genre.name}'s options: {known})",
                    number,
                    found.start(1) + word.start() + 1,
                )
            if switch not in switches:
                switches.append(switch)
    return tuple(switches)


def number_option(text: str, source: str, name: str, default: int, least: int = 1) -> int:
    """The number a comment line ``% options: NAME=N`` of an instance sets (Star Battle's
    ``stars=2``), else `default`; the last such word wins.

    Raises:
        InputError: a value that is no whole number of at least `least` (line, column).
    """
    value = default
    for number, line in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        found = _OPTIONS.fullmatch(line)
        for word in re.finditer(r"[^\s,]+", found[1]) if found else ():
            key, equals, given = word[0].partition("=")
            if key.lower() != name:
                continue
            if not (equals and given.isdigit() and int(given) >= least):
                col = found.start(1) + word.start() + len(key) + 2 if found else None
                raise InputError(
                    source, f"{name} must be a whole number of at least {least}", number, col
                )
            value = int(given)
    return value


def load_answer(genre: Genre, puzzle: Any, path: str | Path) -> dict:
    """Read an answer file (a solution file or a partial one) for `puzzle`.

    Returns:
        The decided cells: ``{(r, c): value}``, values as the contract's JSON writes them.

    Raises:
        InputError: the file is unreadable, or its shape or clues disagree with the puzzle.
    """
    text, source = read_text(path)
    return genre.read_answer(puzzle, text, source)

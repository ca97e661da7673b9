"""Finding a genre by name and reading an instance file into a puzzle."""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from puzzlesolve.genre import Genre
from puzzlesolve.genres import GENRES
from puzzlesolve.grid import InputError


def get_genre(name: str | Genre) -> Genre:
    """The registered genre called `name` (a Genre is returned as it is), in any case, or
    by an alias that asks for no switches (``hidoku``; see `resolve_genre`).

    Raises:
        ValueError: no genre has that name, or the alias asks for switches (``flow``).
    """
    if isinstance(name, Genre):
        return name
    genre, asks = resolve_genre(name)  # any case, aliases: as the command line reads them
    if asks:  # e.g. flow: the caller must ask for its rules, or they would be lost here
        raise ValueError(
            f"{name!r} is {genre.name} with switches={asks!r}: "
            f"pass {genre.name!r} and those switches"
        )
    return genre


def resolve_genre(word: str) -> tuple[Genre, tuple[str, ...]]:
    """The genre a name as people type it stands for, and the switches the name asks for.

    Names match in any case (``Hitori``); a genre's aliases count too: ``hidoku`` is Hidato,
    ``numlin`` and ``arukone`` are Numberlink, ``flow`` and ``flowfree`` Numberlink with
    ``fill``.

    Raises:
        ValueError: no genre has that name; the message lists the names there are.
    """
    key = word.strip().casefold()
    for genre in GENRES.values():
        if key == genre.name:
            return genre, ()
        if key in genre.aliases:
            return genre, genre.aliases[key]
    aliases = [alias for genre in GENRES.values() for alias in genre.aliases]
    raise ValueError(
        f"{word!r} is not a genre; choose from {', '.join(sorted(GENRES))} "
        f"(or {', '.join(aliases)})"
    )


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
    """Whether an INSTANCE argument is a link rather than a file (see ``links.is_link``)."""
    if not isinstance(path, str) or not ("://" in path or "?" in path):
        return False  # a file name: solving a file need not import the links machinery
    from puzzlesolve import links

    return links.is_link(path)


def link_genre(url: str) -> str:
    """The name of the genre whose puzzle a link shows, taken from the link's kind.

    Where several genres read a kind (a Kudamono ``hidoku`` link: Hidato and Numbrix), the
    one whose links have that kind is meant (Hidato).

    Raises:
        ValueError: no genre reads this link; the message says which links there are.
    """
    from puzzlesolve import links

    found = links.link_kind(url)
    readers, known = [], {}
    for genre in GENRES.values():
        try:
            module = genre.module("link")
        except ModuleNotFoundError:
            continue
        known.setdefault(module.SITE, {}).update(dict.fromkeys(module.KINDS))
        if found is not None and found[0] == module.SITE and found[1] in module.KINDS:
            readers.append(genre)
    writers = [genre for genre in readers if links.no_link(genre) is None]
    if readers:
        return (writers or readers)[0].name
    what = "this link" if found is None else f"a {found[1]} link"
    kinds = "; ".join(f"{SITE_NAMES[site]} {', '.join(names)}" for site, names in known.items())
    raise ValueError(
        f"{links.shown(url)}: cannot tell the genre of {what} (puzzlesolve reads {kinds} links)"
    )


SITE_NAMES = {"pzpr": "puzz.link / pzv.jp", "kudamono": "Kudamono"}


@dataclass(frozen=True)
class Loaded:
    """An instance as read, and the rules its source asks for beyond the genre's default.

    Attributes:
        puzzle: the parsed puzzle, as the genre's `parse` returns it.
        switches: genre switches the source's rules call for: an arukone link without the
            ``e`` flag asks for ``("fill",)``, a file with a comment line ``% options: fill``
            for fill (see `options_line`).
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
    return parse_with_rules(genre, text, source)


def parse_with_rules(genre: str | Genre, text: str, source: str = "<string>") -> Loaded:
    """Read an instance given as text, with the switches its ``% options:`` line asks for.

    Raises:
        InputError: as `parse`, or an option the genre has no switch for.
    """
    puzzle = parse(genre, text, source)
    switches = options_line(get_genre(genre), text, source)
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


def load_answer(genre: str | Genre, puzzle: Any, path: str | Path) -> dict:
    """Read an answer file (a solution file or a partial one) for `puzzle`.

    Returns:
        The decided cells: ``{(r, c): value}``, values as the contract's JSON writes them.

    Raises:
        InputError: the file is unreadable, or its shape or clues disagree with the puzzle.
    """
    text, source = read_text(path)
    return get_genre(genre).read_answer(puzzle, text, source)

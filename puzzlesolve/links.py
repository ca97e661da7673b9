"""Puzzle links, genre-free: puzz.link / pzv.jp and Kudamono URLs.

A genre's ``link`` module (``puzzlesolve/genres/<genre>/link.py``) says which link kinds it
reads and how its clues map to the body codecs (`puzzlesolve.codecs`); this module knows
URLs only: which player a link is for, its kind, size and body.

puzz.link and pzv.jp (the pzprjs player) write ``?KIND/[FLAGS/]COLS/ROWS/BODY``: columns
before rows, then the body, cells in row-major order.

Kudamono's paper-puzzle-player writes ``?W=COLSxROWS&L=CONTENT&G=KIND`` (the older form
``W=COLS-1&H=ROWS-1``).

Every reader is strict where the players are lenient: a body that is too short, too long,
or uses a character outside its scheme is bad input (`InputError`), so a mistyped link is
reported rather than read as some other puzzle.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from puzzlesolve.grid import InputError

if TYPE_CHECKING:
    from puzzlesolve.genre import Genre, Loaded

# the players' addresses, as people paste them: also the editor's, and pzv.jp without .html
PZPR_PLAYERS = (
    "puzz.link/p",
    "puzz.link/edit",
    "puzz.link/p.html",
    "pzv.jp/p.html",
    "pzv.jp/p",
    "pzprxs.vercel.app/p",
)
KUDAMONO_PLAYERS = ("pedros.works/paper-puzzle-player", "pedros.works/paper-puzzle-player.html")
PZPR_HOME = "https://puzz.link/p"
KUDAMONO_HOME = "https://pedros.works/paper-puzzle-player"

MAX_CELLS = 1_000_000  # more cells than any player shows; refused before any decoding


class LinkError(ValueError):
    """A puzzle that no link of its genre can express (e.g. a number too large)."""


def shown(url: str, limit: int = 72) -> str:
    """A link as error messages name it: shortened when long, so the message stays one line."""
    url = url.strip().replace("\n", " ")
    return url if len(url) <= limit else url[: limit - 3] + "..."


def is_link(text: str) -> bool:
    """Whether an INSTANCE argument is a link rather than a file name.

    A link starts with ``http://`` or ``https://``, or, as people paste them, with a
    player's address without the scheme (``puzz.link/p?...``, ``www.puzz.link/...``).
    """
    address = text.strip().lower()
    if address.startswith(("http://", "https://")):
        return True
    hosts = {player.partition("/")[0] for player in PZPR_PLAYERS + KUDAMONO_PLAYERS}
    return address.removeprefix("www.").partition("/")[0] in hosts and "/" in address


def link_kind(url: str) -> tuple[str, str] | None:
    """The site (``"pzpr"`` or ``"kudamono"``) and the puzzle kind a link names, if it names one.

    Nothing else of the link is checked: that is for its genre's reader.
    """
    try:
        query = _query(url, PZPR_PLAYERS, "puzz.link")
        if query is not None:
            return "pzpr", _pzpr_kind(query.partition("/")[0])
        query = _query(url, KUDAMONO_PLAYERS, "Kudamono")
    except InputError:
        return None
    if query is not None:
        for part in query.split("&"):
            key, _, value = part.partition("=")
            if key == "G" and value:
                return "kudamono", value
    return None


def _pzpr_kind(kind: str) -> str:
    """A pzprjs kind without the editor's suffix (``hitori_edit`` opens the editor)."""
    return kind.removesuffix("_edit")


def load(genre: Genre, url: str) -> Loaded:
    """Read the puzzle a link shows, through the genre's ``link`` module.

    Raises:
        InputError: the genre has no link format, or the link is not one of its links.
    """
    url = url.strip()  # pasted with a newline or blanks around it
    if not genre.has("link"):
        raise InputError(shown(url), f"{genre.name} puzzles cannot be read from links")
    return genre.feature("link").read(genre, url)


def no_link(genre: Genre) -> str | None:
    """Why no puzzle of `genre` can be written as a link, or None when it can (in general)."""
    if not genre.has("link"):
        return f"{genre.name} puzzles have no link form"
    return genre.feature("link").no_link(genre)


def write(genre: Genre, puzzle: Any, fill: bool = False) -> str:
    """The link of a puzzle, in its genre's link form.

    Args:
        genre: the puzzle's genre.
        puzzle: the puzzle, as the genre's `parse` returns it.
        fill: ask for the Flow Free rules where the form can say so (Numberlink).

    Raises:
        LinkError: the genre has no link form, or this puzzle does not fit it.
    """
    reason = no_link(genre)
    if reason:
        raise LinkError(reason)
    return genre.feature("link").write(genre, puzzle, fill)


# --- URLs -------------------------------------------------------------------------------


def _query(url: str, players: Sequence[str], what: str) -> str | None:
    """The query (after '?') of `url` when it is a link to one of `players`, else None."""
    address, mark, query = url.strip().partition("?")
    bare = address.lower().removeprefix("https://").removeprefix("http://").removeprefix("www.")
    if bare.rstrip("/") not in players:
        return None
    if not mark:
        raise InputError(shown(url), f"a {what} link has its puzzle after '?', this one has none")
    return query


@dataclass(frozen=True)
class PzprLink:
    """A puzz.link / pzv.jp link taken apart.

    Attributes:
        kind: the puzzle kind after '?', e.g. ``hitori``.
        flags: the optional flags before the size (e.g. ``e``), else "".
        rows: grid rows.
        cols: grid columns.
        body: the cells, as the kind encodes them.
        source: the link as error messages name it.
    """

    kind: str
    flags: str
    rows: int
    cols: int
    body: str
    source: str


def parse_pzpr(url: str) -> PzprLink | None:
    """Take a puzz.link or pzv.jp link apart; None when `url` is not one.

    Raises:
        InputError: a puzz.link link whose size is missing or not two positive numbers.
    """
    query = _query(url, PZPR_PLAYERS, "puzz.link")
    if query is None:
        return None
    source = shown(url)
    kind, _, rest = query.partition("/")
    kind = _pzpr_kind(kind)
    parts = rest.split("/")
    flags = ""
    if parts and parts[0] and not parts[0].isdigit():
        flags = parts.pop(0)
    if len(parts) < 3 or not all(p.isascii() and p.isdigit() for p in parts[:2]):
        raise InputError(
            source, f"a {kind or 'puzz.link'} link needs COLS/ROWS/BODY after the kind"
        )
    cols, rows = int(parts[0]), int(parts[1])
    _check_size(rows, cols, source)
    return PzprLink(kind, flags, rows, cols, "/".join(parts[2:]), source)


def pzpr_of(url: str, kinds: Sequence[str]) -> PzprLink:
    """The puzz.link / pzv.jp link `url`, which must show one of `kinds`.

    Raises:
        InputError: another site, another kind of puzzle, or a bad size.
    """
    link = parse_pzpr(url)
    if link is None:
        raise InputError(shown(url), f"not a puzz.link or pzv.jp link ({PZPR_HOME}?{kinds[0]}/...)")
    if link.kind not in kinds:
        raise InputError(
            link.source,
            f"a {link.kind or 'nameless'} link; this genre reads {', '.join(kinds)} links",
        )
    return link


def pzpr_link(kind: str, rows: int, cols: int, body: str, flags: str = "") -> str:
    """A puzz.link link: ``https://puzz.link/p?KIND/[FLAGS/]COLS/ROWS/BODY``."""
    return f"{PZPR_HOME}?{kind}/{flags + '/' if flags else ''}{cols}/{rows}/{body}"


@dataclass(frozen=True)
class KudamonoLink:
    """A Kudamono paper-puzzle-player link taken apart.

    Attributes:
        kind: the genre after ``G=``, e.g. ``hidoku``.
        rows: grid rows.
        cols: grid columns.
        content: the ``L=`` items ("" when there are none).
        sorted_names: True for the older ``W=..&H=..`` form, whose rows and columns are
            numbered in the order their decimal names sort.
        source: the link as error messages name it.
    """

    kind: str
    rows: int
    cols: int
    content: str
    sorted_names: bool
    source: str


def parse_kudamono(url: str) -> KudamonoLink | None:
    """Take a Kudamono link apart; None when `url` is not one.

    Raises:
        InputError: a Kudamono link without a genre, with a bad parameter or size.
    """
    query = _query(url, KUDAMONO_PLAYERS, "Kudamono")
    if query is None:
        return None
    source = shown(url)
    params: dict[str, str] = {}
    for part in query.split("&"):
        key, equals, value = part.partition("=")
        if not equals or not key:
            raise InputError(source, f"parameter {part!r} is not NAME=VALUE")
        if key in params:
            raise InputError(source, f"parameter {key} is given twice")
        params[key] = value
    if "G" not in params:
        raise InputError(source, "a Kudamono link names its genre with G=, this one does not")
    width, height = params.get("W", ""), params.get("H")
    current = re.fullmatch(r"(\d+)x(\d+)", width, re.ASCII)
    if current:
        cols, rows, older = int(current[1]), int(current[2]), False
    elif re.fullmatch(r"\d+", width, re.ASCII) and re.fullmatch(r"\d+", height or width, re.ASCII):
        # the older form counts grid lines from 0: W=3 is four columns; H defaults to W
        cols, rows, older = int(width) + 1, int(height or width) + 1, True
    else:
        raise InputError(source, f"size W={width!r} is neither COLSxROWS nor a number")
    _check_size(rows, cols, source)
    return KudamonoLink(params["G"], rows, cols, params.get("L", ""), older, source)


def kudamono_of(url: str, kinds: Sequence[str]) -> KudamonoLink:
    """The Kudamono link `url`, which must show one of `kinds` (``G=``).

    Raises:
        InputError: another site, another genre, or a bad parameter or size.
    """
    link = parse_kudamono(url)
    if link is None:
        raise InputError(shown(url), f"not a Kudamono link ({KUDAMONO_HOME}?W=...&G={kinds[0]})")
    if link.kind not in kinds:
        raise InputError(
            link.source,
            f"a G={link.kind} link; this genre reads {', '.join('G=' + k for k in kinds)} links",
        )
    return link


def kudamono_link(kind: str, rows: int, cols: int, content: str) -> str:
    """A Kudamono link in the current form: ``?W=COLSxROWS&L=CONTENT&G=KIND``."""
    return f"{KUDAMONO_HOME}?W={cols}x{rows}&L={content}&G={kind}"


def _check_size(rows: int, cols: int, source: str) -> None:
    if rows < 1 or cols < 1:
        raise InputError(source, f"size {cols}x{rows} (columns x rows): both must be at least 1")
    if rows * cols > MAX_CELLS:
        raise InputError(source, f"size {cols}x{rows} is too large (more than {MAX_CELLS:,} cells)")

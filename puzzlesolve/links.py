"""Puzzle links, genre-free: puzz.link / pzv.jp and Kudamono URLs, and their cell codecs.

A genre's ``link`` module (``puzzlesolve/genres/<genre>/link.py``) says which link kinds it
reads and how its clues map to the codecs here; this module knows URLs and encodings only.

puzz.link and pzv.jp (the pzprjs player) write ``?KIND/[FLAGS/]COLS/ROWS/BODY``: columns
before rows, then the body, cells in row-major order. Two cell codecs are used here:

- base 36 (Hitori): one character ``0-9a-z`` per cell; ``-`` and two base-36 characters
  for 36..1295; ``.`` a blank cell; ``@`` or ``%`` a clue marked unknown (``?``).
- Number16: ``0-9a-f`` one hexadecimal digit; ``-`` two, ``+`` three more digits;
  ``=``, ``%`` three and ``*``, ``$`` four and five digits with offsets 4096, 8192, 12240
  and 77776; ``.`` a clue marked unknown; ``g``..``z`` skip 1..20 blank cells.

Kudamono's paper-puzzle-player writes ``?W=COLSxROWS&L=CONTENT&G=KIND`` (the older form
``W=COLS-1&H=ROWS-1``). Its CONTENT lists items, each followed by a decimal gap: the
item's position counted from the previous item's, positions running up each column from the
bottom-left cell, column by column. The older form numbers rows and columns in the order
their decimal names sort (0, 1, 10, 11, ..., 2, ...).

Every reader is strict where the players are lenient: a body that is too short, too long,
or uses a character outside its scheme is bad input (`InputError`), so a mistyped link is
reported rather than read as some other puzzle.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from puzzlesolve.grid import Cell, InputError, Token

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

UNKNOWN = -2
"""A clue the link marks unknown (``?``): the number is there, its value is not given."""

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


# --- pzprjs cell codecs -------------------------------------------------------------------

_HEX = "0123456789abcdef"
_BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"
# Number16's long forms: prefix -> (hexadecimal digits that follow, offset added)
_NUMBER16_LONG = {
    "-": (2, 0),
    "+": (3, 0),
    "=": (3, 4096),
    "%": (3, 8192),
    "*": (4, 12240),
    "$": (5, 77776),
}
NUMBER16_MAX = 77775 + 16**5  # the largest number Number16 writes

_NUMBER16_RANGES = [
    ("", 1, 0, 16),
    ("-", 2, 16, 256),
    ("+", 3, 256, 4096),
    ("=", 3, 4096, 8192),
    ("%", 3, 8192, 12240),
    ("*", 4, 12240, 77776),
    ("$", 5, 77776, 77776 + 16**5),
]


class BodyError(ValueError):
    """A body that does not fit its scheme; `at` is the 0-based character position."""

    def __init__(self, reason: str, at: int):
        super().__init__(reason)
        self.at = at


def _digits(body: str, start: int, count: int, alphabet: str, what: str) -> int:
    text = body[start : start + count]
    if len(text) < count or any(ch not in alphabet for ch in text):
        raise BodyError(
            f"{what} needs {count} {'hexadecimal' if alphabet == _HEX else 'base-36'}"
            f" digits here, found {text!r}",
            start,
        )
    return int(text, len(alphabet))


def decode_number16(body: str, cells: int) -> list[int | None]:
    """Every cell's number from a Number16 body: None blank, `UNKNOWN` for ``.``.

    Raises:
        BodyError: a character outside the scheme, a number cut short, a body that ends
            before the last cell or goes on after it.
    """
    values: list[int | None] = []
    i = 0
    while i < len(body):
        if len(values) >= cells:
            raise BodyError(f"the body goes on after the last of the {cells} cells", i)
        ch = body[i]
        if ch in _HEX:
            values.append(int(ch, 16))
            i += 1
        elif ch in _NUMBER16_LONG:
            count, offset = _NUMBER16_LONG[ch]
            values.append(_digits(body, i + 1, count, _HEX, f"'{ch}'") + offset)
            i += 1 + count
        elif ch == ".":
            values.append(UNKNOWN)
            i += 1
        elif "g" <= ch <= "z":
            skip = _BASE36.index(ch) - 15
            if len(values) + skip > cells:
                raise BodyError(f"'{ch}' skips {skip} cells, past the last of the {cells}", i)
            values.extend([None] * skip)
            i += 1
        else:
            raise BodyError(f"character {ch!r} is not used by this link's scheme", i)
    if len(values) < cells:
        raise BodyError(f"the body ends after {len(values)} of the {cells} cells", len(body))
    return values


def encode_number16(values: Sequence[int | None]) -> str:
    """A Number16 body for cells in row-major order (None blank), as pzprjs writes it.

    Raises:
        LinkError: a number below 0 or beyond the scheme's range.
    """
    out: list[str] = []
    blanks = 0
    for value in values:
        if value is None:
            blanks += 1
            if blanks == 20:
                out.append("z")
                blanks = 0
            continue
        if blanks:
            out.append(_BASE36[15 + blanks])
            blanks = 0
        out.append(_number16(value))
    if blanks:
        out.append(_BASE36[15 + blanks])
    return "".join(out)


def _number16(value: int) -> str:
    for prefix, width, low, high in _NUMBER16_RANGES:
        if low <= value < high:
            offset = low if prefix in ("=", "%", "*", "$") else 0
            return prefix + format(value - offset, f"0{width}x")
    raise LinkError(f"number {value} cannot be written in a puzz.link link (0..{NUMBER16_MAX})")


def decode_number36(body: str, cells: int) -> list[int | None]:
    """Every cell's number from a base-36 body (one cell per item): None blank, `UNKNOWN`.

    Raises:
        BodyError: a character outside the scheme, a number cut short, a body that ends
            before the last cell or goes on after it.
    """
    values: list[int | None] = []
    i = 0
    while i < len(body):
        if len(values) >= cells:
            raise BodyError(f"the body goes on after the last of the {cells} cells", i)
        ch = body[i]
        if ch in _BASE36:
            values.append(int(ch, 36))
            i += 1
        elif ch == "-":
            values.append(_digits(body, i + 1, 2, _BASE36, "'-'"))
            i += 3
        elif ch in "@%":
            values.append(UNKNOWN)
            i += 1
        elif ch == ".":
            values.append(None)
            i += 1
        else:
            raise BodyError(f"character {ch!r} is not used by this link's scheme", i)
    if len(values) < cells:
        raise BodyError(f"the body ends after {len(values)} of the {cells} cells", len(body))
    return values


def encode_number36(values: Sequence[int | None]) -> str:
    """A base-36 body for cells in row-major order (None blank), as pzprjs writes Hitori.

    Raises:
        LinkError: a number below 0 or above 1295.
    """
    out = []
    for value in values:
        if value is None:
            out.append(".")
        elif 0 <= value < 36:
            out.append(_BASE36[value])
        elif 36 <= value < 36 * 36:
            out.append("-" + _BASE36[value // 36] + _BASE36[value % 36])
        else:
            raise LinkError(f"number {value} cannot be written in this puzz.link link (0..1295)")
    return "".join(out)


# --- Kudamono grids -------------------------------------------------------------------------


def _sorted_names(n: int) -> list[int]:
    """0..n-1 in the order their decimal names sort: 0, 1, 10, 11, ..., 2, 20, ..."""
    return sorted(range(n), key=str)


def _positions(rows: int, cols: int, sorted_names: bool) -> Callable[[int], Cell]:
    """The cell at each Kudamono position: up each column from the bottom, then rightwards."""
    row_order = _sorted_names(rows) if sorted_names else range(rows)
    col_order = _sorted_names(cols) if sorted_names else range(cols)
    return lambda p: (rows - 1 - row_order[p % rows], col_order[p // rows])


def decode_kudamono(link: KudamonoLink, item: str) -> dict[Cell, str]:
    """The items of a Kudamono grid by cell.

    Args:
        link: the link taken apart.
        item: a regular expression for one item (e.g. ``x|\\(\\d+\\)``).

    Raises:
        BodyError: text that is not an item followed by its gap, a position past the last
            cell, or two items on one cell.
    """
    cell_at = _positions(link.rows, link.cols, link.sorted_names)
    pattern = re.compile(rf"({item})(\d+)", re.ASCII)
    items: dict[Cell, str] = {}
    position, i = 0, 0
    while i < len(link.content):
        found = pattern.match(link.content, i)
        if not found:
            raise BodyError(f"expected an item and its gap, found {link.content[i : i + 8]!r}", i)
        position += int(found[2])
        cell = cell_at(position) if position < link.rows * link.cols else None
        if cell is None:
            raise BodyError(
                f"position {position} is past the last of the {link.rows * link.cols} cells", i
            )
        if cell in items:
            raise BodyError(f"two items on row {cell[0] + 1}, column {cell[1] + 1}", i)
        items[cell] = found[1]
        i = found.end()
    return items


def encode_kudamono(items: dict[Cell, str], rows: int, cols: int) -> str:
    """The ``L=`` content of a Kudamono grid in the current form."""

    def position(cell: Cell) -> int:
        return cell[1] * rows + rows - 1 - cell[0]

    out, last = [], 0
    for p, cell in sorted((position(cell), cell) for cell in items):
        out.append(f"{items[cell]}{p - last}")
        last = p
    return "".join(out)


# --- from cells to a puzzle -------------------------------------------------------------------


def body_error(link_source: str, bad: BodyError) -> InputError:
    """An InputError for a body that does not fit its scheme, naming the character position."""
    return InputError(link_source, f"at character {bad.at + 1} of the puzzle data: {bad}")


def from_cells(
    read: Callable[[list[list[Token]], str], Any], cells: list[list[str]], source: str
) -> Any:
    """Read decoded cell tokens with a genre's own reader, so links obey the file rules.

    Args:
        read: the genre's ``from_tokens``.
        cells: the grid's tokens as the contract's instance files write them.
        source: the link as error messages name it.

    Raises:
        InputError: what the genre's reader refuses, located by row and column.
    """
    tokens = [
        [Token(text, r + 1, c + 1) for c, text in enumerate(row)] for r, row in enumerate(cells)
    ]
    try:
        return read(tokens, source)
    except InputError as bad:
        where = "" if bad.line is None else f"row {bad.line}, column {bad.col}: "
        raise InputError(source, where + bad.reason) from None


def refuse(source: str, cell: Cell, reason: str) -> InputError:
    """An InputError about one decoded cell (0-based), located by row and column."""
    return InputError(source, f"row {cell[0] + 1}, column {cell[1] + 1}: {reason}")

"""The bodies of puzzle links, cell by cell: the codecs a genre's ``link`` module combines.

The URLs themselves (player, kind, size) are read and written by `puzzlesolve.links`.

pzprjs (puzz.link, pzv.jp) bodies list the cells in row-major order. Two codecs are used:

- base 36 (Hitori): one character ``0-9a-z`` per cell; ``-`` and two base-36 characters
  for 36..1295; ``.`` a blank cell; ``@`` or ``%`` a clue marked unknown (``?``).
- 4-cell (Slitherlink, Light Up: numbers 0-4): a number as its digit, a number followed by
  one blank cell as ``5-9`` (number + 5), by two as ``a-e`` (number + 10); ``g``..``z`` a
  run of 1 to 20 blank cells; ``.`` a clue whose number is not given.
- Number16: ``0-9a-f`` one hexadecimal digit; ``-`` two, ``+`` three more digits;
  ``=``, ``%`` three and ``*``, ``$`` four and five digits with offsets 4096, 8192, 12240
  and 77776; ``.`` a clue marked unknown; ``g``..``z`` skip 1..20 blank cells.
- ArrowNumber16 (Yajilin): a clue is its direction (``0`` none, ``1`` up, ``2`` down, ``3``
  left, ``4`` right) and one hexadecimal digit, or ``.`` for an unknown number; the direction
  plus 5 and two digits; ``-``, the direction and three digits; ``a``..``z`` skip 1..26 blank
  cells.

Kudamono's CONTENT (``L=``) lists items, each followed by a decimal gap: the
item's position counted from the previous item's, positions running up each column from the
bottom-left cell, column by column. The older form numbers rows and columns in the order
their decimal names sort (0, 1, 10, 11, ..., 2, ...).

A body that is too short, too long, or uses a character outside its scheme is a `BodyError`;
the genre's reader reports it as bad input (`body_error`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from puzzlesolve.grid import Cell, InputError, Token
from puzzlesolve.links import LinkError

if TYPE_CHECKING:
    from puzzlesolve.links import KudamonoLink

_Item = TypeVar("_Item")

UNKNOWN = -2
"""A clue the link marks unknown (``?``): the number is there, its value is not given."""


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
    return _decode_cells(body, cells, _number16_item)


def _number16_item(body: str, i: int) -> tuple[list[int | None], int]:
    ch = body[i]
    if ch in _HEX:
        return [int(ch, 16)], i + 1
    if ch in _NUMBER16_LONG:
        count, offset = _NUMBER16_LONG[ch]
        return [_digits(body, i + 1, count, _HEX, f"'{ch}'") + offset], i + 1 + count
    if ch == ".":
        return [UNKNOWN], i + 1
    if "g" <= ch <= "z":  # blanks
        return [None] * (_BASE36.index(ch) - 15), i + 1
    raise BodyError(f"character {ch!r} is not used by this link's scheme", i)


def _decode_cells(
    body: str, cells: int, item: Callable[[str, int], tuple[list[_Item], int]]
) -> list[_Item]:
    """The values of `cells` cells read from a body item by item: ``item(body, i)`` gives
    the values of the item at i and where the next one starts."""
    values: list[_Item] = []
    i = 0
    while i < len(body):
        if len(values) >= cells:
            raise BodyError(f"the body goes on after the last of the {cells} cells", i)
        read, after = item(body, i)
        if len(values) + len(read) > cells:  # only a run of blanks can overshoot
            raise BodyError(f"'{body[i]}' skips {len(read)} cells, past the last of the {cells}", i)
        values += read
        i = after
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


def decode_arrow_number16(body: str, cells: int) -> list[tuple[int, int] | None]:
    """Every cell's ``(direction, number)`` from an ArrowNumber16 body (None blank; the
    number `UNKNOWN` for ``.``).

    Raises:
        BodyError: a character outside the scheme, a number cut short, a body that ends
            before the last cell or goes on after it.
    """
    return _decode_cells(body, cells, _arrow_number16_item)


def _arrow_number16_item(body: str, i: int) -> tuple[list[tuple[int, int] | None], int]:
    ch = body[i]
    if ch in "01234":
        if body[i + 1 : i + 2] == ".":
            return [(int(ch), UNKNOWN)], i + 2
        return [(int(ch), _digits(body, i + 1, 1, _HEX, f"{ch!r}"))], i + 2
    if ch in "56789":
        return [(int(ch) - 5, _digits(body, i + 1, 2, _HEX, f"{ch!r}"))], i + 3
    if ch == "-":
        direction = _digits(body, i + 1, 1, "01234", "'-'")
        return [(direction, _digits(body, i + 2, 3, _HEX, "'-'"))], i + 5
    if "a" <= ch <= "z":
        return [None] * (_BASE36.index(ch) - 9), i + 1
    raise BodyError(f"character {ch!r} is not used by this link's scheme", i)


def encode_arrow_number16(values: Sequence[tuple[int, int] | None]) -> str:
    """An ArrowNumber16 body for cells in row-major order (None blank), as pzprjs writes it.

    Raises:
        LinkError: a number below 0 or beyond 4095.
    """
    out: list[str] = []
    blanks = 0
    for value in [*values, ()]:  # () ends the last run of blanks
        if value is None:
            blanks += 1
            if blanks < 26:
                continue
        if blanks:
            out.append(_BASE36[9 + blanks])
            blanks = 0
        if value:
            direction, number = value
            if not 0 <= number < 4096:
                raise LinkError(f"number {number} cannot be written in a puzz.link link (0..4095)")
            if number < 16:
                out.append(f"{direction}{number:x}")
            elif number < 256:
                out.append(f"{direction + 5}{number:02x}")
            else:
                out.append(f"-{direction}{number:03x}")
    return "".join(out)


def decode_four_cell(body: str, cells: int) -> list[int | None]:
    """Every cell's number from a 4-cell body: None blank, `UNKNOWN` for ``.``. As pzprjs
    reads it, the cells after a short body are blank and what follows the last cell is
    left unread.

    Raises:
        BodyError: a character outside the scheme.
    """
    values: list[int | None] = []
    for at, char in enumerate(body):
        if len(values) >= cells:
            break
        if "0" <= char <= "4":
            values.append(int(char))
        elif "5" <= char <= "9":
            values += [int(char) - 5, None]
        elif "a" <= char <= "e":
            values += [ord(char) - ord("a"), None, None]
        elif "g" <= char <= "z":
            values += [None] * (ord(char) - ord("g") + 1)
        elif char == ".":
            values.append(UNKNOWN)
        else:
            raise BodyError(f"{char!r} is no cell", at)
    return (values + [None] * (cells - len(values)))[:cells]


def encode_four_cell(values: Sequence[int | None]) -> str:
    """A 4-cell body for cells in row-major order: None blank, `UNKNOWN` written ``.``."""
    body, index = "", 0
    while index < len(values):
        value = values[index]
        if value is None:
            run = 1
            while run < 20 and index + run < len(values) and values[index + run] is None:
                run += 1
            body += chr(ord("g") + run - 1)
            index += run
            continue
        if value == UNKNOWN:
            body += "."
            index += 1
            continue
        blanks = 0
        while (
            blanks < 2 and index + 1 + blanks < len(values) and values[index + 1 + blanks] is None
        ):
            blanks += 1
        body += "0123456789abcde"[value + 5 * blanks]
        index += 1 + blanks
    return body


def decode_number36(body: str, cells: int) -> list[int | None]:
    """Every cell's number from a base-36 body (one cell per item): None blank, `UNKNOWN`.

    Raises:
        BodyError: a character outside the scheme, a number cut short, a body that ends
            before the last cell or goes on after it.
    """
    return _decode_cells(body, cells, _number36_item)


def _number36_item(body: str, i: int) -> tuple[list[int | None], int]:
    ch = body[i]
    if ch in _BASE36:
        return [int(ch, 36)], i + 1
    if ch == "-":
        return [_digits(body, i + 1, 2, _BASE36, "'-'")], i + 3
    if ch in "@%":
        return [UNKNOWN], i + 1
    if ch == ".":
        return [None], i + 1
    raise BodyError(f"character {ch!r} is not used by this link's scheme", i)


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


# --- pzprjs borders (region genres) ---------------------------------------------------------

_BASE32 = _BASE36[:32]


def _border_pairs(rows: int, cols: int) -> list[tuple[Cell, Cell]]:
    """pzprjs's border order: the walls between columns, row by row, then those between
    rows, row by row; each as the pair of cells it separates."""
    between_columns = [((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1)]
    between_rows = [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols)]
    return between_columns + between_rows


def decode_borders(body: str, rows: int, cols: int) -> tuple[set[tuple[Cell, Cell]], str]:
    """The walls a pzprjs border body draws (five walls a base-32 character, first wall in
    the highest bit; the walls between columns, then those between rows, each part padded
    to whole characters), and what follows them in the body.

    Raises:
        BodyError: a body too short or a character outside ``0-9a-v``.
    """
    vertical, horizontal = (cols - 1) * rows, cols * (rows - 1)
    pairs = _border_pairs(rows, cols)
    walls: set[tuple[Cell, Cell]] = set()
    at = 0
    for start, count in ((0, vertical), (vertical, horizontal)):
        for k in range(-(-count // 5)):
            if at >= len(body):
                need = -(-vertical // 5) - (-horizontal // 5)
                raise BodyError(f"the borders need {need} characters", at)
            if body[at] not in _BASE32:
                raise BodyError(f"{body[at]!r} is not a border character (0-9, a-v)", at)
            bits = _BASE32.index(body[at])
            for bit in range(5):
                index = k * 5 + bit
                if index < count and bits & (16 >> bit):
                    walls.add(pairs[start + index])
            at += 1
    return walls, body[at:]


def encode_borders(walls: set[tuple[Cell, Cell]], rows: int, cols: int) -> str:
    """The pzprjs border body of these walls (the inverse of `decode_borders`)."""
    vertical = (cols - 1) * rows
    pairs = _border_pairs(rows, cols)
    text = []
    for part in (pairs[:vertical], pairs[vertical:]):
        for k in range(0, len(part), 5):
            bits = sum(16 >> bit for bit, pair in enumerate(part[k : k + 5]) if pair in walls)
            text.append(_BASE32[bits])
    return "".join(text)


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


def read_number16_link(
    url: str, kinds: Sequence[str], read: Callable[[list[list[Token]], str], Any]
) -> Any:
    """The puzzle of a puz.link / pzv.jp link whose body is numbers on cells in Number16
    (Sudoku, Fillomino), read by the genre's ``from_tokens`` (``.`` a blank cell).

    Raises:
        InputError: a bad link or body, a number marked unknown (``?``), what `read` refuses.
    """
    from puzzlesolve.links import pzpr_of

    link = pzpr_of(url, kinds)
    try:
        values = decode_number16(link.body, link.rows * link.cols)
    except BodyError as bad:
        raise body_error(link.source, bad) from None
    if UNKNOWN in values:
        at = divmod(values.index(UNKNOWN), link.cols)
        raise refuse(link.source, at, "the link marks this number unknown ('?')")
    cells = [
        ["." if n is None else str(n) for n in values[r * link.cols : (r + 1) * link.cols]]
        for r in range(link.rows)
    ]
    return from_cells(read, cells, link.source)

"""What the loop genres (Slitherlink, Masyu) share: sites between two grid places, their
pictures (a solution or answer drawn in text) and Simon Tatham's game ids.

A *pair* is ``((r, c), (r2, c2))``, smaller end first: an edge between two grid points
(Slitherlink) or a segment between two neighbouring cells (Masyu). Its value is "on" (the
loop runs there) or "off" (known not to).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

from puzzlesolve.grid import UNDECIDED, Cell, InputError, Value

if TYPE_CHECKING:
    import clingo

Pair = tuple[Cell, Cell]
ON, OFF = "on", "off"

# About forty ground rules a cell in either loop genre, with or without clues: a blank
# 150x150 board grounds 850,000 rules in 10-14 s and 0.4 GB on this machine, 300x300 took
# 52 s and 1 GB. Larger boards are refused before grounding, at the limit the other genres'
# estimates keep to (a minute's grounding at most).
RULES_PER_CELL = 40
MAX_GROUND_ESTIMATE = 3_000_000
MAX_CELLS = MAX_GROUND_ESTIMATE // RULES_PER_CELL


def refuse_too_large(rows: int, cols: int, source: str) -> None:
    """Refuse a board whose grounding would take minutes and gigabytes, before it starts.

    Raises:
        InputError: the board is too large.
    """
    estimate = RULES_PER_CELL * rows * cols
    if estimate > MAX_GROUND_ESTIMATE:
        raise InputError(
            source,
            f"too large to solve: {rows}x{cols} cells would ground about {estimate:,} rules "
            f"(limit {MAX_GROUND_ESTIMATE:,})",
        )


# Solo's parts are digits with _, Pattern's runs . and /, Tents' counts follow its grid after
# commas
_TATHAM = re.compile(r"(\d+)x(\d+)(t\d+)?:([0-9A-Za-z_./,]*)")


def is_game_id(text: str) -> bool:
    """Whether an INSTANCE argument is a Simon Tatham game id (``10x10t0:...``, ``8x8:...``,
    ``3x3:...``)."""
    return _TATHAM.fullmatch(text.strip()) is not None


def read_game_id(
    text: str, source: str, game: str, grid_type: bool, item: Callable[[str], str | None]
) -> list[list[str]] | None:
    """The cell tokens of a Tatham game id, or None when `text` is no game id.

    Args:
        text: the instance text.
        source: its name for messages.
        game: the game's name (Loopy, Pearl), for messages.
        grid_type: whether the id carries a grid type (Loopy's ``t0``, the square grid).
        item: maps one character of the description to a cell token, or None when the
            character is not one of the game's.

    Raises:
        InputError: a game id of another game or grid, or a description that does not fit.
    """
    found = _TATHAM.fullmatch(text.strip())
    if found is None:
        return None
    cols, rows, kind, body = int(found[1]), int(found[2]), found[3], found[4]
    if grid_type and kind != "t0":
        other = "another game" if kind is None else f"grid type {kind} (only t0, squares)"
        raise InputError(source, f"not a {game} game id on the square grid: {other}")
    if not grid_type and kind is not None:
        raise InputError(source, f"not a {game} game id: {kind} names a Loopy grid")
    if rows == 0 or cols == 0 or rows * cols > 250_000:
        raise InputError(source, f"a {game} game id of {cols}x{rows} cells is no board to solve")
    tokens: list[str] = []
    for at, char in enumerate(body, start=1):
        if "a" <= char <= "z" and item(char) is None:
            tokens.extend("." * (ord(char) - ord("a") + 1))
            continue
        token = item(char)
        if token is None:
            raise InputError(
                source, f"character {at} of the {game} description: {char!r} is not one of {game}'s"
            )
        tokens.append(token)
    if len(tokens) != rows * cols:
        raise InputError(
            source,
            f"the {game} description holds {len(tokens)} cell{'s' * (len(tokens) != 1)}, "
            f"the size {cols}x{rows} needs {rows * cols}",
        )
    return [tokens[r * cols : (r + 1) * cols] for r in range(rows)]


def picture_lines(text: str, source: str, height: int, width: int) -> list[tuple[int, str]]:
    """The lines of a loop picture (an answer file), numbered, padded to `width`.

    Comment lines (``%``, ``//``) and blank lines before and after the picture are left
    out; blank lines inside it are lines of the picture (a row without lines or clues).

    Raises:
        InputError: another number of lines than `height`, or a line longer than `width`.
    """
    numbered = [
        (number, line.rstrip())
        for number, line in enumerate(text.removeprefix("\ufeff").splitlines(), start=1)
        if not line.strip().startswith(("%", "//"))
    ]
    while numbered and not numbered[0][1].strip():
        numbered.pop(0)
    while numbered and not numbered[-1][1].strip():
        numbered.pop()
    if len(numbered) != height:
        last = numbered[-1][0] if numbered else None
        raise InputError(
            source, f"the picture has {len(numbered)} lines, the puzzle's has {height}", last
        )
    for number, line in numbered:
        if len(line) > width:
            raise InputError(
                source,
                f"the line is {len(line)} characters long, the puzzle's picture {width}",
                number,
                width + 1,
            )
    return [(number, line.ljust(width)) for number, line in numbered]


def pair_mark(char: str, line_char: str) -> str | None:
    """The value a picture's character gives a pair: `line_char` on, ``x`` off, a blank or
    ``?`` undecided.

    Raises:
        ValueError: any other character.
    """
    if char == line_char:
        return ON
    if char in "xX":
        return OFF
    if char in (" ", UNDECIDED):
        return None
    raise ValueError(
        f"expected {line_char!r} (line), 'x' (no line), '?' or a blank, found {char!r}"
    )


def located(source: str, number: int, col: int, read: Callable[[], object]) -> object:
    """`read()`, its ValueError turned into an InputError at line `number`, column `col`."""
    try:
        return read()
    except ValueError as bad:
        raise InputError(source, str(bad), number, col) from None


# --- random loops, for the generators -----------------------------------------------------


def boundary(region: set[Cell]) -> list[Pair]:
    """The edges between grid points that separate `region`'s cells from the others (and
    from outside the board), sorted: the loop around the region."""
    found = set()
    for r, c in region:
        for (y, x), (y2, x2), neighbour in (
            ((r, c), (r, c + 1), (r - 1, c)),
            ((r + 1, c), (r + 1, c + 1), (r + 1, c)),
            ((r, c), (r + 1, c), (r, c - 1)),
            ((r, c + 1), (r + 1, c + 1), (r, c + 1)),
        ):
            if neighbour not in region:
                found.add(((y, x), (y2, x2)))
    return sorted(found)


def is_one_loop(pairs: list[Pair]) -> bool:
    """Whether `pairs` form one closed loop: two at every place they touch, all joined."""
    joined: dict[Cell, list[Cell]] = {}
    for a, b in pairs:
        joined.setdefault(a, []).append(b)
        joined.setdefault(b, []).append(a)
    if not joined or any(len(ends) != 2 for ends in joined.values()):
        return False
    start = next(iter(joined))
    seen, todo = {start}, [start]
    while todo:
        for other in joined[todo.pop()]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(joined)


def random_region(rng, rows: int, cols: int, share: float, thin: bool = False) -> set[Cell]:
    """A random set of cells whose boundary is one loop, grown a cell at a time from one
    cell until it holds about `share` of the board or cannot grow.

    Args:
        rng: a `random.Random`.
        rows: the board's rows.
        cols: the board's columns.
        share: the part of the board to cover, 0 to 1.
        thin: grow first where a cell touches the region on one side only, so that the
            region grows arms and its boundary turns often.
    """
    region = {(rng.randrange(rows), rng.randrange(cols))}
    goal = max(1, round(share * rows * cols))
    while len(region) < goal:
        frontier = sorted(
            {
                (r + dr, c + dc)
                for r, c in region
                for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                if 0 <= r + dr < rows and 0 <= c + dc < cols
            }
            - region
        )
        rng.shuffle(frontier)
        if thin:
            frontier.sort(key=lambda cell: _touching(cell, region))
        for cell in frontier:
            if is_one_loop(boundary(region | {cell})):
                region.add(cell)
                break
        else:
            break
    return region


def _touching(cell: Cell, region: set[Cell]) -> int:
    r, c = cell
    return sum((r + dr, c + dc) in region for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))


# --- what check, hint and explain ask of both loop genres alike -------------------------------


def cells(_puzzle: object) -> list[Cell]:
    """None: a loop genre's answer decides pairs (segments or edges), not cells."""
    return []


def board_facts(_puzzle: object) -> list[str]:
    """None: the board's cells are facts of their own."""
    return []


def shown(_puzzle: object) -> dict[Cell, Value]:
    """None: no site's value is shown by the puzzle."""
    return {}


def clue_group(_puzzle: object, cell: Cell) -> Cell:
    """Each clue on its own."""
    return cell


def decode_pairs(symbols: Sequence[clingo.Symbol], atom: str) -> list[Pair]:
    """The pairs ``atom(R1,C1,R2,C2)`` among a model's `symbols`, sorted."""
    pairs = []
    for symbol in symbols:
        if symbol.name == atom and len(arguments := symbol.arguments) == 4:
            r1, c1, r2, c2 = (argument.number for argument in arguments)
            pairs.append(((r1, c1), (r2, c2)))
    return sorted(pairs)


def drawn(_puzzle: object, loop: list[Pair]) -> set[tuple[int, int, int, int]]:
    """The loop's pairs, as `explain.items.grid_pairs` keys them."""
    return {(*a, *b) for a, b in loop}


def values(_puzzle: object, loop: list[Pair]) -> dict[Pair, Value]:
    """The loop's pairs, each "on" (the picture of a solution leaves the others blank): a loop
    genre's `Genre.values`."""
    return dict.fromkeys(loop, ON)


def pairs_json(sites: str) -> Callable[[object, list[Pair]], dict]:
    """A loop genre's `Genre.to_json`: ``{sites: [[[r, c], [r2, c2]], ...]}``."""

    def to_json(_puzzle: object, loop: list[Pair]) -> dict:
        return {sites: [[list(a), list(b)] for a, b in loop]}

    return to_json


def picture_text(lines: list[str]) -> str:
    """A picture's lines as a file's text, trailing blanks cut; a line is never cut to nothing:
    a blank line would end the picture where solutions are listed one after another."""
    return "".join((line.rstrip() or " ") + "\n" for line in lines)


def read_picture(
    text: str,
    source: str,
    size: tuple[int, int],
    places: tuple[Callable[[str, int, int], None], Callable[[str, int, int], None]],
) -> dict[Pair, Value]:
    """The pairs of an answer picture of `size` (lines, columns): ``-`` or ``|`` a pair on,
    ``x`` off, a blank or ``?`` undecided, where one of the line and the column is even and
    the other odd; the places where both are even, and where both are odd, are checked by the
    two `places` (``(char, y, x)``, raising ValueError). A pair joins the places of the grid
    either side of its mark: ``(y // 2, x // 2)`` and ``((y + 1) // 2, (x + 1) // 2)``.

    Raises:
        InputError: another shape, or a character that does not belong where it stands.
    """
    marks: dict[Pair, Value] = {}
    for y, (number, line) in enumerate(picture_lines(text, source, *size)):
        for x, char in enumerate(line):
            if y % 2 == x % 2:
                located(source, number, x + 1, partial(places[y % 2], char, y, x))
                continue
            along = "-" if y % 2 == 0 else "|"
            value = located(source, number, x + 1, partial(pair_mark, char, along))
            if value is not None:
                marks[((y // 2, x // 2), ((y + 1) // 2, (x + 1) // 2))] = str(value)
    return marks

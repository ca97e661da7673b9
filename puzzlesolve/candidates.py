"""Pencil marks: the numbers a cell may still hold, as a person notes them in its corner.

An answer file writes a cell's pencil marks in braces, in numeric order, without spaces:
``{3,5}`` (the cell holds 3 or 5, not yet known which). The web page sends them as a list,
``[r, c, [3, 5]]``. Check judges them as marks like any other (no solution keeps a number
outside them there: invalid), and hint strikes every number outside them, so that a step
that rules numbers out ("r1c1 cannot hold 23 or 25") can be written down and is never
given again.
"""

from __future__ import annotations

from collections.abc import Iterable


class Candidates(frozenset[int]):
    """The numbers a cell may hold: one of them, not yet which."""

    def __str__(self) -> str:
        return "{" + ",".join(map(str, sorted(self))) + "}"

    def __repr__(self) -> str:
        return f"Candidates({self!s})"


def read_candidates(text: str) -> Candidates | None:
    """``{3,5}`` as `Candidates`; None when `text` is not written in braces.

    Raises:
        ValueError: braces holding anything but positive whole numbers, or nothing.
    """
    if not (text.startswith("{") and text.endswith("}")):
        return None
    inside = [part.strip() for part in text[1:-1].split(",")]
    if not all(part.isascii() and part.isdigit() and int(part) > 0 for part in inside):
        raise ValueError(
            f"pencil marks are positive numbers in braces, comma separated, such as {{3,5}}; "
            f"found {text!r}"
        )
    return Candidates(int(part) for part in inside)


def candidates_of(numbers: Iterable[int]) -> Candidates:
    """`numbers` as `Candidates` (the page's list form).

    Raises:
        ValueError: no numbers, or one that is not a positive whole number.
    """
    found = list(numbers)
    if not found or not all(
        isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in found
    ):
        raise ValueError(f"pencil marks are a list of positive numbers, not {found!r}")
    return Candidates(found)


def split(answer: dict) -> tuple[dict, dict]:
    """An answer's marks apart: ``(values, pencil marks)``."""
    values = {site: v for site, v in answer.items() if not isinstance(v, Candidates)}
    pencil = {site: v for site, v in answer.items() if isinstance(v, Candidates)}
    return values, pencil

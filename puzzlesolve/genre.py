"""What a genre module provides: how to read, encode, decode and show one kind of puzzle."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import clingo


def fact(name: str, *args: int) -> str:
    """One ASP fact of integer arguments, e.g. ``fact("number", 0, 1, 5) == "number(0,1,5)."``."""
    return f"{name}({','.join(map(str, args))})."


@dataclass(frozen=True)
class Genre:
    """A puzzle genre: its rules file and the Python glue around it.

    Every puzzle object a genre's `parse` returns has `rows` and `cols` attributes.

    Attributes:
        name: the genre's command-line name.
        encoding: file name of the rules under ``encodings/``.
        parse: ``(text, source) -> puzzle``; raises InputError on bad input.
        facts: ``puzzle -> [fact, ...]``, the instance as ASP facts.
        decode: ``(shown symbols, puzzle) -> solution``.
        render: ``(puzzle, solution) -> text``, the solution file's contents.
        to_json: ``(puzzle, solution) -> dict``, one solution as the contract's JSON.
        constants: ``#const`` values this genre sets in the rules file (e.g. king=0).
        switches: boolean ``#const`` names a user may set to 1 (command-line flags).
        draw: optional ``(puzzle, solution) -> text``, a picture for a terminal.
        options: clingo command-line options the genre's search runs best with
            (e.g. ``--configuration=trendy``); a speed matter only, never the answer.
        hint_switches: switches under which a first solution turns up quickly; when the
            plain search is slow, a search steered toward one runs beside it
            (see solver._SteeredSearch).
        hint_output: ``(name, arity)`` of the shown atoms that make up such a solution.
        hint_heuristic: ``#heuristic`` directives that lead the search for that solution.
    """

    name: str
    encoding: str
    parse: Callable[[str, str], Any]
    facts: Callable[[Any], list[str]]
    decode: Callable[[Sequence[clingo.Symbol], Any], Any]
    render: Callable[[Any, Any], str]
    to_json: Callable[[Any, Any], dict]
    constants: dict[str, int] = field(default_factory=dict)
    switches: tuple[str, ...] = ()
    draw: Callable[[Any, Any], str] | None = None
    options: tuple[str, ...] = ()
    hint_switches: tuple[str, ...] = ()
    hint_output: tuple[str, int] | None = None
    hint_heuristic: str = ""

"""What a genre module provides: how to read, encode, decode and show one kind of puzzle."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from types import ModuleType
from typing import TYPE_CHECKING, Any, Self

if TYPE_CHECKING:  # clingo is imported by what solves, not by what only names a genre
    import clingo


@dataclass(frozen=True)
class Finder:
    """A search stage that runs a program of the genre's own instead of its rules file: a
    program for speed only, which finds solutions sooner than the rules can. Nothing it finds
    is reported as it is: the rules file then finds it too (steered toward it), which settles
    it, so every solution, count and proof still comes from the rules (see solver.solve).

    Attributes:
        program: the program's path (a file of the genre's package, shipped in the wheel).
        constants: its ``#const`` values, as (name, value) pairs.
    """

    program: str
    constants: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Example:
    """One of a genre's example instances and what it is known to be. The generic tests solve
    every genre's examples and compare them with what is declared here (and with the solution
    file beside each); the web page offers them by name.

    Attributes:
        path: the instance file, relative to the repository root
            (``instances/<genre>/NAME.txt``; the wheel ships ``instances/`` as
            ``puzzlesolve/instances``).
        status: what solving it with `switches` finds: "unique", "multiple" or "unsolvable"
            (the file's ``% expect:`` header says the same when it is not "unique").
        switches: the genre switches it is meant for, as its ``% options:`` header sets them.
        note: what it shows, in a few words.
    """

    path: str
    status: str = "unique"
    switches: tuple[str, ...] = ()
    note: str = ""

    @property
    def name(self) -> str:
        """The file name without ``.txt``, e.g. ``ai-course-5x5``: the web page's name for it."""
        return PurePosixPath(self.path).stem

    @property
    def solution(self) -> str | None:
        """The solution file beside it (every solution, sorted, separated by blank lines), or
        None for an unsolvable example, which has none."""
        if self.status == "unsolvable":
            return None
        return str(PurePosixPath(self.path).with_suffix(".sol"))


class Switch(str):
    """A boolean ``#const`` of a genre's rules that a user may set to 1, with its command-line
    flags. It is its name (a `str`: ``"fill" in genre.switches`` and ``", ".join(...)`` keep
    working), carrying what the command line needs to offer it.

    Attributes:
        on: the flag that sets it, e.g. ``--fill``.
        off: the flag that keeps it unset whatever the instance asks, e.g. ``--no-fill``.
        help: what it means, for ``--help`` (the command line names the genres that have it).
    """

    __slots__ = ("help", "off", "on")

    def __new__(cls, name: str, on: str, off: str, help: str) -> Self:
        switch = super().__new__(cls, name)
        for attribute, value in (("on", on), ("off", off), ("help", help)):
            object.__setattr__(switch, attribute, value)
        return switch

    def __setattr__(self, attribute: str, value: object) -> None:
        raise AttributeError(f"switch {self}: {attribute} cannot change")

    def __reduce__(self):  # worker processes receive genres' switches too
        return Switch, (str(self), self.on, self.off, self.help)


def fact(name: str, *args: int) -> str:
    """One ASP fact of integer arguments, e.g. ``fact("number", 0, 1, 5) == "number(0,1,5)."``."""
    return f"{name}({','.join(map(str, args))})."


@dataclass(frozen=True)
class Genre:
    """A puzzle genre: its rules file and the Python glue around it.

    Every puzzle object a genre's `parse` returns has `rows` and `cols` attributes.

    A genre's Python lives in one package, ``puzzlesolve/genres/<package>/``: its
    ``__init__`` defines this record; each further feature (``generate``, ``draw``, ``link``)
    is a module of that package, imported only when used (see `module`).

    Attributes:
        name: the genre's command-line name.
        encoding: file name of the rules under ``encodings/``.
        package: the genre's package, e.g. ``puzzlesolve.genres.hidato`` (Numbrix shares it).
        parse: ``(text, source) -> puzzle``; raises InputError on bad input.
        facts: ``puzzle -> [fact, ...]``, the instance as ASP facts.
        decode: ``(shown symbols, puzzle) -> solution``.
        render: ``(puzzle, solution) -> text``, the solution file's contents.
        to_json: ``(puzzle, solution) -> dict``, one solution as the contract's JSON.
        values: ``(puzzle, solution) -> {cell: value}``, every cell's value as the contract's
            JSON writes it (hitori "shaded"/"unshaded", numberlink the label or "-",
            hidato/numbrix the number); voids have none.
        read_answer: ``(puzzle, text, source) -> {cell: value}``, the decided cells of an
            answer file (CONTRACT.md, "Answer files"); raises InputError where it
            disagrees with the puzzle.
        constants: ``#const`` values this genre sets in the rules file (e.g. king=0).
        switches: boolean ``#const`` names a user may set to 1, each a `Switch` (a name
            with its command-line flags and help) or a plain name.
        draw: optional ``(puzzle, solution) -> text``, a picture for a terminal.
        options: clingo command-line options the genre's search runs best with
            (e.g. ``--configuration=trendy``); a speed matter only, never the answer.
        stages: ``switches -> (stage, ...)``, stricter searches tried in turn beside the
            user's rules, each an external atom of the rules file (clingo syntax) that
            narrows them to solutions found far sooner, or a `Finder`, a program of the
            genre's own whose solutions the rules then settle; every solution of a stage is
            one of the user's rules (see solver.solve).
        steer: ``(name, arity)`` of the shown atoms that make up a solution: once a stage
            found one, a search of the user's rules tries these atoms as it has them.
        generate_options: keyword options the genre's generator accepts (e.g. ``fill``).
        explain_constants: ``#const`` values check, hint and explain set on top of
            `constants`: they switch off deductions made outside the numbered rules (such
            as domain pruning from the clues at grounding time), which a step could not cite.
        aliases: other names the puzzle world uses for the genre (lower case), each with
            the switches it asks for, e.g. ``{"flow": ("fill",)}``; see
            ``puzzlesolve.instance.resolve_genre``.
        examples: the genre's example instances (`Example`), at least one; the first is
            its typical one (small, unique, no switches), which a generic test takes when it
            needs one puzzle of every genre.
    """

    name: str
    encoding: str
    package: str
    parse: Callable[[str, str], Any]
    facts: Callable[[Any], list[str]]
    decode: Callable[[Sequence[clingo.Symbol], Any], Any]
    render: Callable[[Any, Any], str]
    to_json: Callable[[Any, Any], dict]
    values: Callable[[Any, Any], dict]
    read_answer: Callable[[Any, str, str], dict]
    constants: dict[str, int] = field(default_factory=dict)
    switches: tuple[Switch | str, ...] = ()
    draw: Callable[[Any, Any], str] | None = None
    options: tuple[str, ...] = ()
    stages: Callable[[frozenset[str]], tuple[str | Finder, ...]] = lambda _switches: ()
    steer: tuple[str, int] | None = None
    generate_options: tuple[str, ...] = ()
    explain_constants: dict[str, int] = field(default_factory=dict)
    aliases: dict[str, tuple[str, ...]] = field(default_factory=dict)
    examples: tuple[Example, ...] = ()

    def module(self, feature: str) -> ModuleType:
        """The genre's module for `feature` (e.g. "generate"), imported on first use.

        Raises:
            ModuleNotFoundError: the genre has no such module.
        """
        return importlib.import_module(f"{self.package}.{feature}")

"""The small records a genre's declaration is made of (`puzzlesolve.genre.Genre`): its
search stages (`Finder`, `Limited`), its examples, its switches, the ASP facts of an
instance, and an instance as loaded. ``puzzlesolve.genre`` offers each of them too."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any, Self


@dataclass(frozen=True)
class Finder:
    """A search stage that runs a program of the genre's own instead of its rules file: a
    program for speed only, which finds solutions sooner than the rules can. Nothing it finds
    is reported as it is: the rules file then finds it too (steered toward it), which settles
    it, so every solution, count and proof still comes from the rules (see solver.solve).

    Attributes:
        program: the program's path (a file of the genre's package, shipped in the wheel).
        constants: its ``#const`` values, as (name, value) pairs.
        check: a predicate of the rules file that takes a candidate's atoms (the genre's
            ``steer`` signature) as facts and only narrows the rules' answer sets, so that
            they ground around the candidate alone: its models are solutions of the rules,
            found without grounding them in full when one solution is asked for (None: the
            full rules settle every candidate).
        facts: ``(instance's facts, constants) -> facts``: what the program needs beside
            the instance, computed in Python (e.g. distances), ground with it (None: none).
        conflicts: the stage gives up after this many conflicts, and the next stage runs
            (None: it runs until it finds a solution or shows there is none).
        options: clingo options the program's search runs best with (speed only).
    """

    program: str
    constants: tuple[tuple[str, int], ...] = ()
    check: str | None = None
    facts: Callable[[str, dict[str, int]], str] | None = None
    conflicts: int | None = None
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class Limited:
    """A search stage of the rules file (an external atom, e.g. ``stage(untouched)``) that
    gives up after `conflicts`, so that the next stage runs."""

    stage: str
    conflicts: int


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
    on: str
    off: str
    help: str

    def __new__(cls, name: str, on: str, off: str, help: str) -> Self:
        switch = super().__new__(cls, name)
        for attribute, value in (("on", on), ("off", off), ("help", help)):
            object.__setattr__(switch, attribute, value)
        return switch

    @classmethod
    def named(cls, name: str) -> Switch:
        """A switch declared by its bare name: ``--NAME`` sets it, ``--no-NAME`` keeps it
        unset (a name ``no_X``: ``--no-X`` and ``--X``)."""
        words = name.replace("_", "-")
        off = f"--{words.removeprefix('no-')}" if words.startswith("no-") else f"--no-{words}"
        return cls(name, on=f"--{words}", off=off, help="")

    def __setattr__(self, attribute: str, value: object) -> None:
        raise AttributeError(f"switch {self}: {attribute} cannot change")

    def __reduce__(self):  # worker processes receive genres' switches too
        return Switch, (str(self), self.on, self.off, self.help)


def fact(name: str, *args: int) -> str:
    """One ASP fact of integer arguments, e.g. ``fact("number", 0, 1, 5) == "number(0,1,5)."``."""
    return f"{name}({','.join(map(str, args))})."


@dataclass(frozen=True)
class Loaded:
    """An instance as read, and the rules its source asks for beyond the genre's default.

    Attributes:
        puzzle: the parsed puzzle, as the genre's `parse` returns it.
        switches: genre switches the source's rules call for: an arukone link without the
            ``e`` flag asks for ``("fill",)``, a file with a comment line ``% options: fill``
            for fill (see ``instance.options_line``).
        note: one line saying why, for the user; None when there are no switches.
    """

    puzzle: Any
    switches: tuple[str, ...] = ()
    note: str | None = None

"""One ground program: a genre's rules file with an instance, built in one place.

Solving (`solver`), settling, explanations (`explain`), the generator's clue programs
(`generate.ClueProgram`) and the tests all ground their programs here, so that the rules
file is looked up, its constants and switches are checked and clingo's errors are turned
into `EncodingError` the same way for each of them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import clingo

from puzzlesolve import interrupt

if TYPE_CHECKING:  # the rulebook is read only for explanations
    from puzzlesolve.genre import Genre
    from puzzlesolve.instrument import GuardSite
    from puzzlesolve.rulebook import Rulebook

_PACKAGE = Path(__file__).resolve().parent
_BYTE_ORDER_MARK = b"\xef\xbb\xbf"


class EncodingError(Exception):
    """A rules file that clingo cannot parse or ground; the message is clingo's own."""


def encoding_path(name: str) -> Path:
    """Where the built-in rules file `name` lives.

    An installed wheel carries the rules inside the package; in a source checkout the
    top-level ``encodings/`` file is used directly, so an edit there takes effect at once.
    (A plain path, not importlib.resources: pip installs packages as folders, and importing
    importlib.resources would cost every solve a few milliseconds of start-up.)
    """
    packaged = _PACKAGE / "encodings" / name
    return packaged if packaged.is_file() else _PACKAGE.parent / "encodings" / name


def rules_path(genre: Genre, encoding: str | Path | None = None) -> Path:
    """The rules file to use: `encoding` if given, else the genre's built-in one."""
    return Path(encoding) if encoding is not None else encoding_path(genre.encoding)


def check_encoding(path: str | Path) -> None:
    """Parse a rules file without grounding it, to refuse a broken one before a long run.

    Raises:
        EncodingError: clingo cannot parse the file (the message is clingo's own), or the
            file starts with a byte-order mark.
    """
    _refuse_byte_order_mark(Path(path))
    messages: list[str] = []
    ctl = clingo.Control(logger=lambda _code, text: messages.append(text.strip()))
    try:
        with interrupt.deferred():  # the logger is Python code that clingo calls
            ctl.load(str(path))
    except RuntimeError as failure:
        raise EncodingError(messages[0] if messages else f"{path}: {failure}") from None


def _refuse_byte_order_mark(path: Path) -> None:
    """clingo cannot read a file that starts with one (older Windows Notepad writes it),
    and its message about it crashes its Python logger. A file that cannot be read at all is
    refused here too, in one line that names it."""
    try:
        with open(path, "rb") as rules:
            marked = rules.read(3) == _BYTE_ORDER_MARK
    except OSError as failure:  # clingo's own message would not name the file on its line
        raise EncodingError(f"{path}: cannot read: {failure.strerror or failure}") from None
    if marked:
        raise EncodingError(
            f"{path}:1:1: the file starts with a byte-order mark, which clingo cannot read: "
            "save it as UTF-8 without one"
        )


def constants_for(
    genre: Genre | None, switches: Iterable[str] = (), extra: Mapping[str, int] | None = None
) -> dict[str, int]:
    """The ``#const`` values a program of `genre` runs with: the genre's own, then `extra`,
    then each of `switches` set to 1.

    Raises:
        ValueError: a switch the genre does not have.
    """
    constants = dict(genre.constants) if genre is not None else {}
    constants |= dict(extra or {})
    for switch in switches:
        if genre is not None and switch not in genre.switches:
            raise ValueError(f"{genre.name} has no option {switch!r}")
        constants[switch] = 1
    return constants


def _refuse_undeclared(path: Path, names: Iterable[str]) -> None:
    """A switch the rules file never declares would change nothing: say so rather than
    solve as if it were off."""
    names = list(names)
    if not names:
        return
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as failure:  # clingo's own message would not name the file on its line
        raise EncodingError(f"{path}: cannot read: {failure.strerror or failure}") from None
    for name in names:
        if not re.search(rf"^\s*#const\s+{re.escape(name)}\s*=", text, re.MULTILINE):
            raise EncodingError(
                f"{path}:1:1: the rules file declares no '#const {name} = ...', so the "
                f"option {name!r} would change nothing"
            )


@dataclass
class Ground:
    """A ground program and what building it learnt.

    Attributes:
        ctl: the control, ground, ready to solve.
        path: the rules file.
        messages: clingo's warnings (e.g. about atoms no rule defines).
        rulebook: the rules file's numbered rules and techniques (instrumented programs).
        sites: the guarded statements, by number (instrumented programs, see
            `instrument.instrument`).
    """

    ctl: clingo.Control
    path: Path
    messages: list[str] = field(default_factory=list)
    rulebook: Rulebook | None = None
    sites: list[GuardSite] = field(default_factory=list)


def ground(
    genre: Genre | None,
    facts: str,
    *,
    encoding: str | Path | None = None,
    switches: Iterable[str] = (),
    constants: Mapping[str, int] | None = None,
    options: Sequence[str] | None = None,
    arguments: Sequence[str] = (),
    instrument: bool | str | None = None,
    select: Callable[[object], bool] | None = None,
    messages: list[str] | None = None,
    techniques: bool | None = None,
    deadline: float | None = None,
) -> Ground:
    """Ground a rules file with an instance's facts.

    Args:
        genre: the genre (its rules file, constants, switches and clingo options); None for
            a rules file given by `encoding` alone (the tests' inline programs).
        facts: the instance as ASP text (and any further rules to ground with it).
        encoding: a rules file to use instead of the genre's built-in one.
        switches: names of the genre's boolean constants to set to 1 (e.g. "fill").
        constants: further ``#const`` values, set after the genre's own.
        options: clingo options for speed (None: the genre's own, e.g.
            ``--configuration=trendy``).
        arguments: further clingo arguments, e.g. ``--models=0`` or ``--heuristic=Domain``.
        instrument: read the rules file as a rulebook and guard its rules and techniques
            (`instrument.instrument`; the value is its `refine`); None: load it as it is.
        select: load only the statements (clingo AST) it accepts.
        messages: where clingo's warnings go (a fresh list when None).
        techniques: ground the rules file's ``#program techniques.`` part too (None: when
            it is instrumented or selected from, as check, hint and explain and the tests
            do; plain solving never grounds it). False when instrumented: the techniques'
            statements are left out wherever they stand (check's program).
        deadline: when to give up grounding (``time.perf_counter()``; None: never).

    Returns:
        The ground program.

    Raises:
        EncodingError: clingo rejected the rules file, it starts with a byte-order mark, or
            it declares no ``#const`` for a switch asked for.
        interrupt.GroundingTimeout: the deadline passed while grounding.
        RulesError: an instrumented rules file breaks the convention.
        ValueError: a switch the genre does not have.
    """
    if genre is not None:
        path = rules_path(genre, encoding)
    elif encoding is not None:
        path = Path(encoding)
    else:
        raise ValueError("a rules file is needed when no genre is given")
    switches = list(switches)
    values = constants_for(genre, switches, constants)
    _refuse_byte_order_mark(path)
    _refuse_undeclared(path, switches)
    if options is None:
        options = genre.options if genre is not None else ()
    messages = [] if messages is None else messages
    ctl = clingo.Control(
        [*arguments, *options, *(f"--const={k}={v}" for k, v in values.items())],
        logger=lambda _code, text: messages.append(text.strip()),
    )
    built = Ground(ctl, path, messages)
    try:
        with interrupt.deferred():  # the logger is Python code that clingo calls
            if instrument is not None or select is not None:
                from clingo import ast  # only these parse the file themselves
            if instrument is not None:
                from puzzlesolve.instrument import guard_declarations
                from puzzlesolve.instrument import instrument as guard
                from puzzlesolve.rulebook import read_rulebook

                built.rulebook = read_rulebook(path)
                with ast.ProgramBuilder(ctl) as builder:
                    built.sites = guard(
                        built.rulebook, builder.add, messages, instrument, techniques is not False
                    )
                facts += guard_declarations(built.rulebook, techniques is not False)
            elif select is not None:
                with ast.ProgramBuilder(ctl) as builder:

                    def add(statement: ast.AST) -> None:
                        if select(statement):
                            builder.add(statement)

                    ast.parse_files([str(path)], add)
            else:
                ctl.load(str(path))
            ctl.add("base", [], facts)
            if techniques is None:
                techniques = instrument is not None or select is not None
            parts: list[tuple[str, list]] = [("base", [])]
            parts += [("techniques", [])] if techniques else []
            interrupt.ground(ctl, parts, deadline)  # Ctrl-C ends a grounding of many seconds
    except RuntimeError as failure:
        raise EncodingError(messages[0] if messages else f"{path}: {failure}") from None
    return built

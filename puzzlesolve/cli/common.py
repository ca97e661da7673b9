"""What every command shares: one-line bad input (exit 2), the GENRE-or-link command class,
loading instances, checking features and paths, writing files whole."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import click

from puzzlesolve.cli.errors import BadInput
from puzzlesolve.cli.types import GenreType

if TYPE_CHECKING:
    from puzzlesolve.cli.switches import Applies
    from puzzlesolve.genre import Genre, Loaded

EXIT_FOR_STATUS = {"unique": 0, "multiple": 0, "solved": 0, "unsolvable": 1, "timeout": 4}

STATUS_TEXT = {
    "unique": "unique: the solver proved there is no other solution",
    "multiple": "multiple: the puzzle has more than one solution",
    "solved": "solved: whether another solution exists was not settled",
    "unsolvable": "unsolvable: the solver proved there is no solution",
    "timeout": "timeout: no solution found in the time allowed",
}


class GenreCommand(click.Command):
    """A command on a GENRE: the genre may be left out before a link that names it, and the
    genre flags (``--fill/--no-fill``, ...) are the switches the genres declare.

    ``puzzlesolve check https://puzz.link/p?hitori/... answer.txt`` reads as ``check hitori
    https://...``. A GENRE given beside a link must be one that reads it: the genre's link
    reader refuses another genre's link in one line.

    Args:
        switches: which of a genre's switches the command applies (see
            `puzzlesolve.cli.switches`); their flags are added on first use, so that
            ``--version`` imports no genre. None: the command takes no genre flags.
    """

    def __init__(self, *args, switches: Applies | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.applies = switches
        self._flags_added = switches is None

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        if not self._flags_added and self.applies is not None:
            from puzzlesolve.cli.switches import number_options, options

            self._flags_added = True
            self.params.extend(options(self.applies))
            self.params.extend(number_options())
        return super().get_params(ctx)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        takes_genre = any(
            isinstance(param, click.Argument) and isinstance(param.type, GenreType)
            for param in self.params
        )
        at = _first_argument(self, ctx, args) if takes_genre else None
        if at is not None and not ctx.resilient_parsing:
            from puzzlesolve.instance import is_link
            from puzzlesolve.registry import link_genre

            word = args[at]
            if is_link(word):  # no genre's name is a link: GENRE is left out before it
                try:
                    args = [*args[:at], link_genre(word), *args[at:]]
                except ValueError as unknown:
                    raise BadInput(str(unknown)) from None
            elif (named := _game_id_genre(word)) is not None:  # nor a game id
                args = [*args[:at], named, *args[at:]]
        return super().parse_args(ctx, args)


def _exists(name: str) -> bool:
    """Whether a file of that name exists (a game id is often too long to name one)."""
    try:
        return Path(name).exists()
    except OSError:
        return False


def _game_id_genre(word: str) -> str | None:
    """The genre whose puzzle a Simon Tatham game id given without a GENRE is (a Loopy id:
    Slitherlink, a Pearl id: Masyu), found by the genre that reads it; None when `word` is
    no game id (or a file of that name). Ids no genre reads, or several do, are bad input."""
    from puzzlesolve.loops import is_game_id

    if not is_game_id(word) or _exists(word):
        return None
    from puzzlesolve.genres import GENRES
    from puzzlesolve.grid import InputError
    from puzzlesolve.instance import parse_with_rules

    readers, refusals = [], []
    for genre in GENRES.values():
        try:
            parse_with_rules(genre, word.strip(), word.strip())
        except InputError as refused:
            said = str(refused)
            if any(word in said for word in ("game id", "description", "too large")):
                refusals.append(said)  # a game id reader's own words, not a token's
            continue
        readers.append(genre.name)
    if not readers and refusals:  # the words of the game the id is of (a board too large,
        # a description that does not fit) before those of the games it is not
        raise BadInput(min(refusals, key=lambda said: "not a " in said))
    if len(readers) != 1:
        which = "no genre reads it" if not readers else f"{' and '.join(readers)} all read it"
        raise BadInput(f"{word!r}: a game id, but {which}: put the genre's name before it")
    return readers[0]


def _first_argument(command: click.Command, ctx: click.Context, args: list[str]) -> int | None:
    """Where the first argument (not an option nor an option's value) is in `args`, if any."""
    valued = {
        name
        for param in command.get_params(ctx)
        if isinstance(param, click.Option) and not (param.is_flag or param.count)
        for name in param.opts
    }
    at = 0
    while at < len(args):
        arg = args[at]
        if arg == "--":
            return at + 1 if at + 1 < len(args) else None
        if arg == "-" or not arg.startswith("-"):
            return at
        at += 2 if arg in valued else 1  # "--timeout=5" and "-n5" carry their value
    return None


genre_argument = click.argument("genre", metavar="GENRE", type=GenreType())
instance_argument = click.argument("instance", metavar="INSTANCE")


def load(genre: Genre, instance: str) -> Loaded:
    """The instance (a file, '-' or a link) and the rules a link asks for; bad input exits 2."""
    from puzzlesolve.grid import InputError
    from puzzlesolve.instance import load_with_rules

    try:
        loaded = load_with_rules(genre, instance)
    except InputError as bad:
        raise BadInput(str(bad)) from None
    return with_numbers(genre, loaded)


def with_numbers(genre: Genre, loaded: Loaded) -> Loaded:
    """The puzzle with the numbers the command line gives (``--stars 2``) in place of its own.

    Raises:
        BadInput: a number the genre does not have, or one its puzzle cannot take.
    """
    import dataclasses

    from puzzlesolve.cli.types import GENRES

    given = click.get_current_context().params
    for name in sorted({name for other in GENRES.values() for name in other.numbers}):
        if given.get(name) is None:
            continue
        if name not in genre.numbers:
            raise BadInput(f"--{name.replace('_', '-')} does not apply to {genre.name}")
        try:
            puzzle = dataclasses.replace(loaded.puzzle, **{name: given[name]})
        except ValueError as bad:
            raise BadInput(f"--{name.replace('_', '-')} {given[name]}: {bad}") from None
        loaded = dataclasses.replace(loaded, puzzle=puzzle)
    return loaded


def need(genre: Genre, feature: str) -> None:
    """Refuse, in one line, a command that needs a feature the genre lacks (a genre package
    without its ``draw``, ``explain``, ``generate`` or ``link`` module).

    Raises:
        BadInput: the genre has no such module (`puzzlesolve.genre.MissingFeature` says why).
    """
    from puzzlesolve.genre import MissingFeature

    try:
        genre.feature(feature)
    except MissingFeature as missing:
        raise BadInput(str(missing)) from None


def clingo_readable(_ctx, _param, path: Path | None) -> Path | None:
    """Refuse a rules file that starts with a byte-order mark (as older Windows Notepad saves
    UTF-8): clingo cannot read one, and its message about it crashes its Python logger."""
    if path is not None:
        try:
            with open(path, "rb") as rules:
                marked = rules.read(3) == b"\xef\xbb\xbf"
        except OSError as bad:
            raise BadInput(f"{path}: cannot read: {bad.strerror or bad}") from None
        if marked:
            raise BadInput(
                f"{path}:1:1: the file starts with a byte-order mark, which clingo "
                "cannot read: save it as UTF-8 without one"
            )
    return path


def writable(path: Path, inputs: tuple[str | Path | None, ...] = ()) -> None:
    """Refuse an output path that cannot be written, or is one of the `inputs` (the instance,
    the answer), before any work is done."""
    from puzzlesolve.files import OutputError, check_writable

    try:
        check_writable(path, protect=[given for given in inputs if given is not None])
    except OutputError as bad:
        raise BadInput(str(bad)) from None


def distinct_outputs(*paths: Path | None) -> None:
    """Refuse two outputs to the same path (one would overwrite the other)."""
    named = [path for path in paths if path is not None and str(path) != "-"]
    for at, path in enumerate(named):
        for other in named[:at]:
            if os.path.abspath(path) == os.path.abspath(other):
                raise BadInput(f"{path}: cannot write two outputs to the same file")


def write(path: Path, text: str, inputs: tuple[str | Path | None, ...] = ()) -> None:
    """Write the output (see `puzzlesolve.files`: whole, through a link, or streamed to a
    device, a pipe or '-'); a failure is one line, exit 2."""
    from puzzlesolve.files import OutputError, write_whole

    try:
        write_whole(path, text, protect=[given for given in inputs if given is not None])
    except OutputError as bad:
        raise BadInput(str(bad)) from None

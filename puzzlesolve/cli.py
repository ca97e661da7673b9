"""The command line: parse options, call the library, print, exit 0, 1, 2 or 4."""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import sys
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import click

from puzzlesolve import __version__

if TYPE_CHECKING:
    from puzzlesolve.genre import Genre
    from puzzlesolve.instance import Loaded
    from puzzlesolve.solver import Result

# Start-up matters (`puzzlesolve --version`, one small solve): each command imports what it
# needs (clingo through puzzlesolve.solver, rich, generators) when it runs, not here.


class _Genres(Mapping[str, "Genre"]):
    """``puzzlesolve.genres.GENRES``, imported on first use: --version and --help need no genre."""

    def _registry(self) -> Mapping[str, Genre]:
        from puzzlesolve.genres import GENRES as registry

        return registry

    def __getitem__(self, name: str) -> Genre:
        return self._registry()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._registry())

    def __len__(self) -> int:
        return len(self._registry())


GENRES = _Genres()

EXIT_FOR_STATUS = {"unique": 0, "multiple": 0, "solved": 0, "unsolvable": 1, "timeout": 4}

STATUS_TEXT = {
    "unique": "unique: the solver proved there is no other solution",
    "multiple": "multiple: the puzzle has more than one solution",
    "solved": "solved: whether another solution exists was not settled",
    "unsolvable": "unsolvable: the solver proved there is no solution",
    "timeout": "timeout: no solution found in the time allowed",
}


class BadInput(click.ClickException):
    """Bad input or usage: one line on stderr, exit status 2."""

    exit_code = 2  # ClickException's default of 1 means "unsolvable" in our contract


class GenreWord(str):
    """A genre's registered name, resolved from the word the user typed (see GenreType).

    Attributes:
        asks: the switches the word asks for beyond the genre's rules (``flow``: fill).
    """

    asks: tuple[str, ...] = ()


class GenreType(click.ParamType):
    """A genre as people type it: any case, or an alias (``puzzlesolve.instance.resolve_genre``).

    The one place the command line turns a word into a genre; every command's GENRE is one.
    """

    name = "genre"

    def convert(self, value, param, ctx) -> GenreWord:
        if isinstance(value, GenreWord):
            return value
        from puzzlesolve.instance import resolve_genre

        try:
            genre, asks = resolve_genre(value)
        except ValueError as unknown:
            self.fail(str(unknown), param, ctx)
        word = GenreWord(genre.name)
        word.asks = asks
        return word


class GenreOrLink(click.Command):
    """A command whose GENRE may be left out before a link that names its genre.

    ``puzzlesolve check https://puzz.link/p?hitori/... answer.txt`` reads as ``check hitori
    https://...``. A GENRE given beside a link must be one that reads it: the genre's link
    reader refuses another genre's link in one line.
    """

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        takes_genre = any(
            isinstance(param, click.Argument) and isinstance(param.type, GenreType)
            for param in self.params
        )
        at = _first_argument(self, args) if takes_genre else None
        if at is not None and not ctx.resilient_parsing:
            from puzzlesolve.instance import is_link, link_genre, resolve_genre

            word = args[at]
            try:
                resolve_genre(word)
            except ValueError:
                if is_link(word):
                    try:
                        args = [*args[:at], link_genre(word), *args[at:]]
                    except ValueError as unknown:
                        raise BadInput(str(unknown)) from None
        return super().parse_args(ctx, args)


def _first_argument(command: click.Command, args: list[str]) -> int | None:
    """Where the first argument (not an option nor an option's value) is in `args`, if any."""
    valued = {
        name
        for param in command.params
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


def _genre_names() -> list[tuple[str, str]]:
    """Each genre's name and its aliases, as the help lists them."""
    rows = []
    for name in sorted(GENRES):
        groups: dict[tuple[str, ...], list[str]] = {}
        for alias, asks in GENRES[name].aliases.items():
            groups.setdefault(asks, []).append(alias)
        rows.append((name, "; ".join(
            ", ".join(aliases) + "".join(f" --{switch.replace('_', '-')}" for switch in asks)
            for asks, aliases in groups.items()
        )))
    return rows


USAGE = """\
puzzlesolve solves, checks, explains and generates pencil puzzles.

Genres (any case): {genres}

Main commands, one example each (files from the project's instances/ folder):
  solve     puzzlesolve hitori instances/hitori/ai-course-5x5.txt
            puzzlesolve 'https://puzz.link/p?hitori/4/4/1114142333214213'
  check     puzzlesolve check hitori instances/hitori/ai-course-5x5.txt \\
                instances/hitori/ai-course-5x5.sol
  hint      puzzlesolve hint hitori instances/hitori/ai-course-5x5.txt
  explain   puzzlesolve explain hitori instances/hitori/ai-course-5x5.txt
  draw      puzzlesolve draw hitori instances/hitori/ai-course-5x5.txt -o puzzle.svg
  generate  puzzlesolve generate hitori --size 6x6
  batch     puzzlesolve batch hitori instances/hitori

'puzzlesolve --help' lists every command, 'puzzlesolve COMMAND --help' its options.
"""


class WholeNumber(click.ParamType):
    """A whole number from `least` to `most`: anything else is one line of bad usage (exit 2),
    never clingo's error or a traceback."""

    name = "integer"

    def __init__(self, least: int, most: int | None = None, unit: str = ""):
        self.least, self.most, self.unit = least, most, unit

    def convert(self, value, param, ctx) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            try:
                number = int(str(value).strip(), 10)
            except ValueError:
                self.fail(f"{value!r} is not a whole number", param, ctx)
        if number < self.least:
            self.fail(f"{number} is less than {self.least}", param, ctx)
        if self.most is not None and number > self.most:
            self.fail(f"{number} is more than {self.most}{self.unit}", param, ctx)
        return number


class Seconds(click.ParamType):
    """A time limit in seconds: more than 0; ``inf`` means none (None); nan and values of 0
    or less are bad usage."""

    name = "seconds"

    def convert(self, value, param, ctx) -> float | None:
        try:
            seconds = float(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        if not seconds > 0:  # false for nan as well
            self.fail(f"{value!r}: give a number of seconds more than 0 (inf: no limit)",
                      param, ctx)
        return None if seconds == float("inf") else seconds


class Fraction(click.ParamType):
    """A fraction from 0 up to (not including) 1; nan is bad usage."""

    name = "fraction"

    def convert(self, value, param, ctx) -> float:
        try:
            fraction = float(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number", param, ctx)
        if not 0 <= fraction < 1:  # false for nan as well
            self.fail(f"{value!r} is not a fraction from 0 up to (not including) 1", param, ctx)
        return fraction


# The numeric options' types, shared by every command (clingo takes at most 2^63 - 1 models;
# solve() caps larger counts there, so a huge -n means "all, up to that many").
MODELS = WholeNumber(0)
TIMEOUT = Seconds()
MOST_JOBS = 256  # each worker holds a clingo and its ground program: more only thrash
JOBS = WholeNumber(1, MOST_JOBS, " worker processes")
SEED = WholeNumber(0, 2**63 - 1)  # what a 64-bit integer holds, as other tools' seeds do
PUZZLE_COUNT = WholeNumber(1)
VOIDS = Fraction()


class GenreFirst(click.Group):
    """Routes ``puzzlesolve GENRE ...`` to the solve command and keeps every error to one line."""

    command_class = GenreOrLink

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args and not ctx.resilient_parsing:  # a first try: a short usage, no error
            genres = ", ".join(
                name + (f" (also {words})" if words else "")
                for name, words in _genre_names()
            )
            click.echo(USAGE.format(genres=genres), nl=False)
            ctx.exit(0)
        group_options = {"-h", "--help", "--version"}
        if args and args[0] not in self.commands and args[0] not in group_options:
            # ``puzzlesolve GENRE ...`` and ``puzzlesolve -n 0 GENRE ...`` are solves; names
            # of commands win over genre names
            args = ["solve", *args]
        return super().parse_args(ctx, args)

    def main(self, args=None, prog_name=None, **extra):
        try:
            code = super().main(args, prog_name or "puzzlesolve", standalone_mode=False, **extra)
        except click.ClickException as error:
            hint = " (see --help)" if isinstance(error, click.UsageError) else ""
            click.echo(f"puzzlesolve: {error.format_message()}{hint}", err=True)
            sys.exit(error.exit_code)
        except click.Abort:
            click.echo("puzzlesolve: interrupted", err=True)
            sys.exit(130)
        sys.exit(code if isinstance(code, int) else 0)

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_help_text(ctx, formatter)
        with formatter.section("Genres (any case; aliases after the name)"):
            formatter.write_dl(_genre_names())


@click.group(cls=GenreFirst, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="puzzlesolve")
def main() -> None:
    """Solve, check and generate pencil puzzles with answer set programming.

    \b
    Examples:
        puzzlesolve hitori instances/hitori/ai-course-5x5.txt
        puzzlesolve hitori instances/hitori/several-3x3.txt -n 0 --format json
        puzzlesolve facts hitori instances/hitori/ai-course-5x5.txt > facts.lp
        puzzlesolve check hitori instances/hitori/ai-course-5x5.txt \\
            instances/hitori/ai-course-5x5-partial.ans
        puzzlesolve hint hitori instances/hitori/ai-course-5x5.txt
        puzzlesolve explain hitori instances/hitori/ai-course-5x5.txt
        puzzlesolve draw hitori instances/hitori/ai-course-5x5.txt -o puzzle.svg
        puzzlesolve url hitori instances/hitori/ai-course-5x5.txt

    INSTANCE may also be a puzz.link, pzv.jp or Kudamono link; GENRE may then be left out.
    """


genre_argument = click.argument("genre", metavar="GENRE", type=GenreType())
instance_argument = click.argument("instance", metavar="INSTANCE")


def _load(genre: str, instance: str) -> Loaded:
    """The instance (a file, '-' or a link) and the rules a link asks for; bad input exits 2."""
    from puzzlesolve.grid import InputError
    from puzzlesolve.instance import load_with_rules

    try:
        return load_with_rules(genre, instance)
    except InputError as bad:
        raise BadInput(str(bad)) from None


def _switches(genre: str, flags: dict[str, bool]) -> list[str]:
    """The switches the flags set and the genre's word asks for (``flow``: fill); each sets
    the boolean #const of that name in the rules."""
    for switch, on in flags.items():
        if on is not None and switch not in GENRES[genre].switches:
            raise BadInput(f"{_flag(switch, on)} does not apply to {genre}")
    chosen = [flag for flag, on in flags.items() if on]
    chosen += [switch for switch in getattr(genre, "asks", ())
               if switch not in chosen and flags.get(switch) is not False]
    return chosen


def _flag(switch: str, on: bool) -> str:
    """The command-line flag that sets a switch on or off: fill: --fill / --no-fill,
    no_self_touch: --no-self-touch / --self-touch."""
    name = switch.replace("_", "-")
    if on:
        return f"--{name}"
    return f"--{name.removeprefix('no-')}" if name.startswith("no-") else f"--no-{name}"


def _instance_rules(chosen: list[str], flags: dict[str, bool | None], loaded: Loaded) -> None:
    """Add to `chosen` the switches the instance asks for (an arukone link: fill; a file's
    '% options' line), unless the command line switched them off; say so on stderr."""
    added = [switch for switch in loaded.switches
             if switch not in chosen and flags.get(switch) is not False]
    chosen += added
    if added:
        click.echo(f"% {loaded.note}", err=True)
    overruled = [_flag(switch, False) for switch in loaded.switches if flags.get(switch) is False]
    if overruled:
        click.echo(f"% the command line's {' '.join(overruled)} overrules the instance", err=True)


def _clingo_readable(_ctx, _param, path: Path | None) -> Path | None:
    """Refuse a rules file that starts with a byte-order mark (as older Windows Notepad saves
    UTF-8): clingo cannot read one, and its message about it crashes its Python logger."""
    if path is not None:
        try:
            with open(path, "rb") as rules:
                marked = rules.read(3) == b"\xef\xbb\xbf"
        except OSError as bad:
            raise BadInput(f"{path}: cannot read: {bad.strerror or bad}") from None
        if marked:
            raise BadInput(f"{path}:1:1: the file starts with a byte-order mark, which clingo "
                           "cannot read: save it as UTF-8 without one")
    return path


def _writable(path: Path) -> None:
    """Refuse an output path that cannot be written before any work is done."""
    from puzzlesolve.files import OutputError, check_writable

    try:
        check_writable(path)
    except OutputError as bad:
        raise BadInput(str(bad)) from None


def _write(path: Path, text: str) -> None:
    from puzzlesolve.files import OutputError, write_whole

    try:
        write_whole(path, text)
    except OutputError as bad:
        raise BadInput(str(bad)) from None


@main.command("solve")
@genre_argument
@instance_argument
@click.option("-n", "--models", type=MODELS, default=None,
              help="Print up to N solutions; 0 lists them all. Default: the first, "
                   "with a search for a second to settle uniqueness.")
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="Output for people (text) or scripts (json).")
@click.option("--encoding", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              callback=_clingo_readable,
              help="Solve with this rules file instead of the built-in one.")
@click.option("--timeout", type=TIMEOUT, default=None,
              help="Stop searching after this many seconds (inf: no limit).")
@click.option("--stats", is_flag=True, help="Print time, choices, conflicts and ground size.")
@click.option("--count", "count_only", is_flag=True,
              help="Only count the solutions (with -n 0: all of them); print none.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write the first solution to this file as a solution grid.")
@click.option("--fill/--no-fill", default=None,
              help="Numberlink: every cell must be covered (Flow Free); --no-fill: need not, "
                   "whatever the instance's '% options' line or link asks.")
@click.option("--no-self-touch/--self-touch", default=None,
              help="Numberlink: a line never runs alongside itself (--self-touch: may).")
@click.option("--svg", type=click.Path(dir_okay=False, path_type=Path),
              help="Also draw the first solution into this SVG file; when several are "
                   "found, the first two side by side, the cells where they differ hatched.")
def solve_command(genre, instance, models, output_format, encoding, timeout, stats, count_only,
                  output, svg, **switches) -> None:
    """Solve the GENRE puzzle in INSTANCE ('-' reads standard input; a link is read too).

    \b
    Example:
        puzzlesolve hitori instances/hitori/ai-course-5x5.txt -n 0
        puzzlesolve hitori https://puzz.link/p?hitori/4/4/1114142333214213
    """
    from puzzlesolve.solver import EncodingError, solve

    chosen = _switches(genre, switches)
    if svg is not None and count_only:
        raise BadInput("--svg draws a solution, and --count keeps none")
    if output is not None and count_only:
        raise BadInput("-o writes a solution, and --count keeps none")
    loaded = _load(genre, instance)
    puzzle = loaded.puzzle
    _instance_rules(chosen, switches, loaded)
    for path in (output, svg):
        if path is not None:
            _writable(path)
    # -n 0 prints each solution as it is found rather than holding millions of them
    listing = _Listing(GENRES[genre], puzzle, output_format) if models == 0 else None
    try:
        result = solve(GENRES[genre], puzzle, models=2 if models is None else models,
                       encoding=encoding, timeout=timeout, switches=chosen,
                       keep_solutions=not count_only,
                       on_solution=None if listing is None or count_only else listing.add)
    except EncodingError as bad:
        raise BadInput(str(bad)) from None
    if listing is not None and listing.closed:  # e.g. piped into head: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(EXIT_FOR_STATUS[result.status])
    for message in result.messages:
        click.echo(message, err=True)
    first = listing.first if listing is not None else next(iter(result.solutions), None)
    if output is not None and first is not None:
        _write(output, result.genre.render(result.puzzle, first))
    if svg is not None and first is not None:
        second = listing.second if listing is not None else result.solutions[1:2]
        _write(svg, _solutions_picture(result, first, *second))
    # nothing to write: say so rather than leave the files silently missing
    unwritten = [str(path) for path in (output, svg) if path is not None and first is None]
    if unwritten:
        click.echo(f"% no solution to write ({result.status}): {' and '.join(unwritten)} "
                   "not written", err=True)
    if listing is not None:
        listing.finish(result, stats, unwritten)
    elif output_format == "json":
        document = result.to_json()
        if unwritten:
            document["not_written"] = unwritten
        click.echo(json.dumps(document))
    else:
        _print_text(result, result.solutions[:1] if models is None else result.solutions, stats)
    sys.exit(EXIT_FOR_STATUS[result.status])


def _solutions_picture(result: Result, first, second=None) -> str:
    """The first solution's picture; with a second one, both side by side, the cells where
    they differ marked in both."""
    from puzzlesolve.drawing import draw, draw_two

    if second is None:
        return draw(result.genre, result.puzzle, solution=first)
    from puzzlesolve.solver import Differences

    shown = Differences(result.genre, result.puzzle)
    shown.add(first)
    shown.add(second)
    return draw_two(result.genre, result.puzzle, first, second, differ=shown.cells())


class _Listing:
    """Prints the solutions of ``-n 0`` as the search finds them (text or one JSON object,
    written as its start, each solution, then the rest), so that none is held in memory."""

    def __init__(self, genre: Genre, puzzle, output_format: str):
        from puzzlesolve.solver import Differences

        self.genre, self.puzzle, self.json = genre, puzzle, output_format == "json"
        self.picture = genre.draw if genre.draw is not None and sys.stdout.isatty() else None
        self.first, self.count, self.closed = None, 0, False
        self.second: list = []  # the second solution, once found (for the picture)
        self.differ = Differences(genre, puzzle)

    def add(self, solution) -> bool:
        """Print one solution; False (stop the search) once the reader has gone."""
        self.count += 1
        self.differ.add(solution)
        if self.count == 1:
            self.first = solution
        elif self.count == 2:
            self.second = [solution]
        try:
            if self.json:
                start = self._start() if self.count == 1 else ", "
                solution_json = json.dumps(self.genre.to_json(self.puzzle, solution))
                click.echo(start + solution_json, nl=False)
            elif self.count > 1:  # the first is numbered only once a second one comes
                if self.count == 2:
                    self._text(1, self.first)
                self._text(self.count, solution)
        except BrokenPipeError:
            self.closed = True
        return not self.closed

    def finish(self, result: Result, stats: bool, unwritten: list[str] | None = None) -> None:
        """Print what follows the solutions: the status line, or the rest of the object
        (with ``not_written``: the files there was no solution for)."""
        differ = self.differ.cells() if self.count > 1 else None
        if self.json:
            rest = {k: v for k, v in result.to_json().items()
                    if k not in ("genre", "rows", "cols", "solutions", "stats")}
            if differ is not None:
                rest["differ"] = [list(cell) for cell in differ]
            if unwritten:
                rest["not_written"] = unwritten
            rest["stats"] = result.stats
            click.echo((self._start() if self.count == 0 else "") + "], " + json.dumps(rest)[1:])
            return
        if self.count == 1:
            self._text(None, self.first)
        _print_text(result, [], stats, differ)

    def _start(self) -> str:
        head = {"genre": self.genre.name, "rows": self.puzzle.rows, "cols": self.puzzle.cols}
        return json.dumps(head)[:-1] + ', "solutions": ['

    def _text(self, number: int | None, solution) -> None:
        if number is not None:
            click.echo(f"% solution {number}")
        click.echo(self.genre.render(self.puzzle, solution), nl=False)
        if self.picture is not None:
            click.echo(self.picture(self.puzzle, solution), nl=False)


def _print_text(result: Result, shown: list, stats: bool, differ: list | None = None) -> None:
    """The solutions shown, the cells where solutions differ (when several were found; the
    listing of -n 0 passes them, having kept no solution) and the status line."""
    genre, puzzle = result.genre, result.puzzle
    picture = genre.draw if genre.draw is not None and sys.stdout.isatty() else None
    for number, solution in enumerate(shown, start=1):
        if len(shown) > 1:
            click.echo(f"% solution {number}")
        click.echo(genre.render(puzzle, solution), nl=False)
        if picture is not None:
            click.echo(picture(puzzle, solution), nl=False)
    if differ is None and len(result.solutions) > 1:
        differ = result.differ()
    if differ is not None:
        from puzzlesolve.wording import cell_names

        click.echo("% differ: " + (cell_names(differ) if differ else
                   "no cell (the lines differ only in how they run through the same cells)"))
    found = f"{result.count} solution{'s' * (result.count != 1)} found"
    scope = "search complete" if result.exhausted else "search stopped"
    click.echo(f"% {STATUS_TEXT[result.status]} ({found}, {scope})")
    if stats:
        click.echo("% stats: " + ", ".join(f"{k} {v}" for k, v in result.stats.items()))


@main.command("facts")
@genre_argument
@instance_argument
def facts_command(genre, instance) -> None:
    """Print the GENRE puzzle in INSTANCE as ASP facts for plain clingo.

    \b
    Example:
        puzzlesolve facts hitori instances/hitori/ai-course-5x5.txt > facts.lp
        clingo encodings/hitori.lp facts.lp 0
    """
    from puzzlesolve.solver import encoding_path

    chosen = GENRES[genre]
    loaded = _load(genre, instance)
    asked = (*getattr(genre, "asks", ()), *loaded.switches)
    constants = {**chosen.constants, **{switch: 1 for switch in asked}}
    options = "".join(f" -c {name}={value}" for name, value in constants.items()) + "".join(
        f" {option}" for option in chosen.options)
    click.echo(f"% {chosen.name}: clingo {encoding_path(chosen.encoding)} THIS_FILE 0{options}")
    click.echo("\n".join(chosen.facts(loaded.puzzle)))


@main.command("draw")
@genre_argument
@instance_argument
@click.argument("answer", metavar="[ANSWER]", required=False)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the SVG here instead of printing it.")
def draw_command(genre, instance, answer, output) -> None:
    """Draw the GENRE puzzle in INSTANCE as SVG, with an ANSWER file on it if given.

    ANSWER is a solution file or a partial one ('?' for undecided cells), as check reads.

    \b
    Example:
        puzzlesolve draw hitori instances/hitori/ai-course-5x5.txt -o puzzle.svg
        puzzlesolve draw hitori instances/hitori/ai-course-5x5.txt \\
            instances/hitori/ai-course-5x5.sol -o solution.svg
    """
    from puzzlesolve.drawing import draw
    from puzzlesolve.grid import InputError
    from puzzlesolve.instance import load_answer

    if output is not None:
        _writable(output)
    puzzle = _load(genre, instance).puzzle
    try:
        values = None if answer is None else load_answer(genre, puzzle, answer)
    except InputError as bad:
        raise BadInput(str(bad)) from None
    picture = draw(genre, puzzle, values=values)
    if output is None:
        click.echo(picture, nl=False)
    else:
        _write(output, picture)


def _explain_options(command: Callable) -> Callable:
    """The options check, hint and explain share: output format, rules file, genre flags."""
    for option in reversed([
        click.option("--format", "output_format", type=click.Choice(["text", "json"]),
                     default="text", show_default=True,
                     help="Output for people (text) or scripts (json)."),
        click.option("--encoding", type=click.Path(exists=True, dir_okay=False, path_type=Path),
                     callback=_clingo_readable,
                     help="Use this rules file (numbered rules in its header, see README).")
        ,
        click.option("--fill/--no-fill", default=None,
                     help="Numberlink: every cell must be covered (Flow Free); --no-fill: "
                          "need not, whatever the instance's '% options' line or link asks."),
        click.option("--no-self-touch/--self-touch", default=None,
                     help="Numberlink: a line never runs alongside itself (--self-touch: may)."),
        click.option("--timeout", type=TIMEOUT, default=None,
                     help="Stop after this many seconds with what is found so far, marked "
                          "as cut short (default: 60 for check and hint, 300 for explain).")
    ]):
        command = option(command)
    return command


def _svg_option(command: Callable) -> Callable:
    return click.option(
        "--svg", type=click.Path(dir_okay=False, path_type=Path),
        help="Also draw the answer into this SVG file: conflicts outlined and hatched in red, "
             "a hint's cells outlined in amber, the cells a hint or conflict rests on "
             "bracketed in blue.")(command)


def _explaining(genre: str, instance: str, answer: str | None, switches: dict[str, bool],
                svg: Path | None):
    """The puzzle, the answer's decided cells (or None) and the switches for check, hint and
    explain; bad input and an unwritable --svg exit 2 before any solving."""
    from puzzlesolve.grid import InputError
    from puzzlesolve.instance import load_answer

    chosen = _switches(genre, switches)
    if svg is not None:
        _writable(svg)
    loaded = _load(genre, instance)
    _instance_rules(chosen, switches, loaded)
    try:
        values = None if answer is None else load_answer(genre, loaded.puzzle, answer)
    except InputError as bad:
        raise BadInput(str(bad)) from None
    return loaded.puzzle, values, chosen


def _asking(question: Callable, *args, **options):
    """Call check, hint or explain; a rules file that is broken or breaks the convention is
    bad input."""
    from puzzlesolve import interrupt
    from puzzlesolve.rulebook import RulesError
    from puzzlesolve.solver import EncodingError

    try:
        with interrupt.deferred():  # Ctrl-C stops clingo and is raised once it has returned
            return question(*args, **options)
    except (RulesError, EncodingError) as bad:
        raise BadInput(str(bad).splitlines()[0]) from None
    except OSError as bad:
        raise BadInput(f"{options.get('encoding')}: cannot read: {bad.strerror or bad}") from None


def _conflict_cells(conflicts) -> tuple[list, list]:
    """The answer's cells in conflict, and the other cells the conflicts cite as their
    reason (clues), for a picture to mark."""
    wrong = sorted({cell for conflict in conflicts for cell, _ in conflict.cells})
    reasons = sorted({cell for conflict in conflicts for cell in conflict.clues} - set(wrong))
    return wrong, reasons


def _print_conflicts(conflicts) -> None:
    for number, conflict in enumerate(conflicts, start=1):
        click.echo(f"  conflict {number}: {conflict.text}")


def _print_step(label: str, step) -> None:
    click.echo(f"{label}: {step.text}")


def _print_legend(result, steps) -> None:
    """Each technique and rule the steps use, quoted once (the steps name them only)."""
    names = list(dict.fromkeys(name for step in steps for name in step.techniques))
    rules = sorted({rule for step in steps for rule in step.rules})
    if names or rules:
        click.echo("where:")
    for name in names:
        click.echo(f"  {name}: {result.techniques[name]}")
    for rule in rules:
        click.echo(f"  rule {rule}: {result.rules[rule]}")


VERDICT_TEXT = {
    "solved": "solved: the answer is complete and every rule holds",
    "consistent": "consistent: correct so far, a solution extends the answer",
    "invalid": "invalid: no solution extends the answer",
    "timeout": "timeout: the answer was not judged in the time allowed",
}


def _limit(timeout: float | None) -> dict:
    """--timeout for check, hint and explain: given, or their own default."""
    return {} if timeout is None else {"timeout": timeout}


@main.command("check")
@genre_argument
@instance_argument
@click.argument("answer", metavar="ANSWER")
@_explain_options
@_svg_option
def check_command(genre, instance, answer, output_format, encoding, svg, timeout,
                  **switches) -> None:
    """Check the ANSWER file (a solution, or partial: '?' undecided) to the GENRE puzzle in
    INSTANCE: solved, consistent (correct so far) or invalid, with each conflict: a smallest
    set of the answer's cells that cannot all hold and the numbered rules they break.

    Exit status: 0 solved or consistent, 1 invalid, 2 bad input, 4 not judged in time.

    \b
    Example:
        puzzlesolve check hitori instances/hitori/ai-course-5x5.txt \\
            instances/hitori/ai-course-5x5-partial.ans
    """
    from puzzlesolve.explain import check

    puzzle, values, chosen = _explaining(genre, instance, answer, switches, svg)
    result = _asking(check, GENRES[genre], puzzle, values, encoding=encoding, switches=chosen,
                     **_limit(timeout))
    if svg is not None:
        from puzzlesolve.drawing import draw

        wrong, reasons = _conflict_cells(result.conflicts)
        _write(svg, draw(genre, puzzle, values=values, conflicts=wrong, cited=reasons))
    if output_format == "json":
        click.echo(json.dumps(result.to_json()))
    else:
        click.echo(VERDICT_TEXT[result.verdict])
        _print_conflicts(result.conflicts)
    sys.exit({"invalid": 1, "timeout": 4}.get(result.verdict, 0))


@main.command("hint")
@genre_argument
@instance_argument
@click.argument("answer", metavar="[ANSWER]", required=False)
@_explain_options
@_svg_option
def hint_command(genre, instance, answer, output_format, encoding, svg, timeout,
                 **switches) -> None:
    """The next cell(s) of the GENRE puzzle in INSTANCE one can be sure of, from the clues and
    the ANSWER file so far (if given), with the rules and the cells that show it: the
    cheapest such step (fewest cells and rules).

    Exit status: 0 a hint, or already solved; 1 the answer is invalid (its conflicts are
    listed, as check does), or the puzzle has several solutions and no further cell is
    forced; 2 bad input; 4 no step found in the time allowed.

    \b
    Example:
        puzzlesolve hint hitori instances/hitori/ai-course-5x5.txt \\
            instances/hitori/ai-course-5x5-partial.ans
    """
    from puzzlesolve.explain import hint

    puzzle, values, chosen = _explaining(genre, instance, answer, switches, svg)
    result = _asking(hint, GENRES[genre], puzzle, values, encoding=encoding, switches=chosen,
                     **_limit(timeout))
    step = result.step
    if svg is not None:
        from puzzlesolve.drawing import draw

        shown = dict(values or {}) | dict(step.cells if step else [])
        wrong, reasons = _conflict_cells(result.conflicts)
        _write(svg, draw(genre, puzzle, values=shown, conflicts=wrong,
                         highlight=[cell for cell, _ in step.cells] if step else (),
                         cited=step.because if step else reasons))
        if step is None and not wrong and not reasons:
            click.echo(f"% no hint to mark ({result.status}): {svg} shows the answer as it is",
                       err=True)
    if output_format == "json":
        click.echo(json.dumps(result.to_json()))
    elif step is not None:
        _print_step("hint", step)
        _print_legend(result, [step])
    elif result.status == "invalid":
        click.echo(VERDICT_TEXT["invalid"])
        _print_conflicts(result.conflicts)
    elif result.status == "multiple":
        from puzzlesolve.wording import cell_names

        click.echo("multiple: no further cell is forced; several solutions extend the answer; "
                   f"undecided: {cell_names(result.undecided)}")
    elif result.status == "timeout":
        click.echo("timeout: no step found in the time allowed")
    else:
        click.echo("solved: every cell is decided")
    sys.exit({"invalid": 1, "multiple": 1, "timeout": 4}.get(result.status, 0))


@main.command("explain")
@genre_argument
@instance_argument
@_explain_options
def explain_command(genre, instance, output_format, encoding, timeout, **switches) -> None:
    """Every step from the clues of the GENRE puzzle in INSTANCE to its solution, each citing
    the numbered rules and the cells it uses, and how hard that path is.

    Exit status: 0 solved step by step; 1 the puzzle has no solution (why is listed) or
    several (the steps go as far as cells are forced); 2 bad input; 4 the time ran out
    (the steps found so far are printed).

    \b
    Example:
        puzzlesolve explain hitori instances/hitori/ai-course-5x5.txt
    """
    from puzzlesolve.explain import explain
    from puzzlesolve.wording import cell_names, difficulty_text

    puzzle, _, chosen = _explaining(genre, instance, None, switches, None)
    result = _asking(explain, GENRES[genre], puzzle, encoding=encoding, switches=chosen,
                     **_limit(timeout))
    if output_format == "json":
        click.echo(json.dumps(result.to_json()))
    else:
        for number, step in enumerate(result.steps, start=1):
            _print_step(f"step {number}", step)
        _print_legend(result, result.steps)
        if result.status == "unsolvable":
            click.echo("unsolvable: the puzzle has no solution")
            _print_conflicts(result.conflicts)
        elif result.status == "multiple":
            click.echo(f"multiple: no further cell is forced; several solutions remain; "
                       f"undecided: {cell_names(result.undecided)}")
        elif result.status == "timeout":
            click.echo(f"timeout: the time ran out after {len(result.steps)} steps; "
                       f"{len(result.undecided)} cells undecided")
        click.echo(f"difficulty: {difficulty_text(result.difficulty)}")
    sys.exit({"solved": 0, "timeout": 4}.get(result.status, 1))


@main.command("url")
@genre_argument
@instance_argument
@click.option("--fill/--no-fill", default=None,
              help="Numberlink: a link that asks for every cell covered (arukone without 'e'); "
                   "--no-fill: one that does not, whatever the instance asks.")
def url_command(genre, instance, fill) -> None:
    """Print the link of the GENRE puzzle in INSTANCE: puzz.link for Hitori and Numberlink,
    Kudamono for Hidato (Numbrix has no link form).

    \b
    Example:
        puzzlesolve url hitori instances/hitori/ai-course-5x5.txt
    """
    from puzzlesolve import links

    chosen = GENRES[genre]
    if fill is not None and "fill" not in chosen.switches:
        raise BadInput(f"{_flag('fill', fill)} does not apply to {genre}")
    reason = links.no_link(chosen)
    if reason:
        raise BadInput(reason)
    loaded = _load(genre, instance)
    try:
        asked = (*getattr(genre, "asks", ()), *loaded.switches)
        click.echo(links.write(chosen, loaded.puzzle, "fill" in asked if fill is None else fill))
    except links.LinkError as bad:
        raise BadInput(f"{instance}: {bad}") from None


@main.command("generate")
@click.argument("genre", metavar="GENRE", type=GenreType())
@click.option("--size", required=True, metavar="RxC", help="Grid size, e.g. 8x8 or 10x15.")
@click.option("--seed", type=SEED, default=None,
              help="Reproduce a run; puzzle i of --count gets seed S+i. Default: random, printed.")
@click.option("--count", type=PUZZLE_COUNT, default=1, show_default=True,
              help="How many puzzles to generate.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Write NAME.txt and NAME.sol here instead of printing them.")
@click.option("--difficulty", type=click.Choice(["easy", "medium", "hard"]), default="hard",
              show_default=True,
              help="The grade measured by explaining each candidate (see README).")
@click.option("--grade/--no-grade", default=None,
              help="Measure the grade (default: on boards small enough to explain quickly) "
                   "or only set clue counts / line lengths for it.")
@click.option("--fill", is_flag=True, help="Numberlink: lines cover every cell (Flow Free).")
@click.option("--voids", type=VOIDS, default=None,
              help="Hidato: this fraction of cells become voids, e.g. 0.1.")
@click.option("--symmetric", is_flag=True,
              help="Hidato, Numbrix: givens in 180-degree rotational symmetry.")
@click.option("--url", "show_url", is_flag=True,
              help="Print each puzzle's link (to play it in a browser).")
@click.option("--svg", is_flag=True, help="Draw each puzzle into NAME.svg beside its files "
                                          "(needs --out).")
def generate_command(genre, size, seed, count, out, difficulty, grade, fill, voids, symmetric,
                     show_url, svg) -> None:
    """Generate GENRE puzzles whose single solution the solver proves.

    Without --out each puzzle and its solution go to stdout; what was measured (clues,
    solver calls, choices, conflicts, the grade and its explanation's steps) goes to stderr.

    \b
    Example:
        puzzlesolve generate hidato --size 8x8 --seed 7 --count 3 --out puzzles/
    """
    import random

    from rich.console import Console
    from rich.progress import Progress

    from puzzlesolve import interrupt
    from puzzlesolve.files import OutputError, write_whole
    from puzzlesolve.generate import GenerateError, check, generate, parse_size

    fill = fill or "fill" in genre.asks  # e.g. generate flow
    options: dict[str, object] = {"fill": True} if fill else {}
    if symmetric:
        options["symmetric"] = True
    if voids is not None:
        options["voids"] = voids
    try:
        rows, cols = parse_size(size)
        check(genre, rows, cols, difficulty, options)
    except GenerateError as bad:
        raise BadInput(str(bad)) from None
    if svg and out is None:
        raise BadInput("--svg writes NAME.svg beside each puzzle's files: give --out DIR")
    show = _shower(genre, show_url, svg, fill)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
        click.echo(f"% seed {seed}", err=True)
    progress = None
    if count > 1 and sys.stderr.isatty():
        progress = Progress(console=Console(stderr=True), transient=True)
    say = (lambda line: click.echo(line, err=True)) if progress is None else (
        lambda line: progress.console.print(line, markup=False, highlight=False))
    written = missed = 0
    try:
        with progress or contextlib.nullcontext():
            task = progress.add_task(f"{genre} {size}", total=count) if progress else None
            for number in range(count):
                with interrupt.deferred():  # Ctrl-C stops clingo, raised once it returned
                    puzzle = generate(
                        genre, rows, cols, seed + number, difficulty, grade=grade, **options
                    )
                link, picture = show(puzzle, say)
                if out is None:
                    note = "" if link is None else f"% link {link}\n"
                    click.echo(puzzle.text + note + "% solution\n" + puzzle.solution, nl=False)
                else:
                    puzzle.write(out)
                    if picture is not None:
                        write_whole(out / f"{puzzle.name}.svg", picture)
                    if link is not None:
                        click.echo(link)
                written += 1
                say(puzzle.summary())
                missed += puzzle.measures.get("grade", difficulty) != difficulty
                if progress:
                    progress.advance(task)
        if missed:
            say(f"% {missed} of {count} puzzles could not be made {difficulty}: each is named "
                "by the grade it has")
    except (GenerateError, OutputError) as bad:
        raise BadInput(str(bad)) from None
    except KeyboardInterrupt:
        click.echo(f"puzzlesolve: interrupted; {written} of {count} puzzles kept", err=True)
        sys.exit(130)


def _shower(genre: str, show_url: bool, svg: bool, fill: bool):
    """``(generated, say) -> (link or None, SVG or None)`` for each generated puzzle, as asked.

    A puzzle no link can hold (e.g. more than 52 lines under --fill) gets a note instead; so
    does the run, once, when the genre has no link form at all (the puzzles are still made).
    Pictures carry a title: genre, size and grade.
    """
    from puzzlesolve import links

    chosen = GENRES[genre]
    reason = links.no_link(chosen) if show_url else None
    if reason:
        click.echo(f"% no links: {reason}", err=True)
        show_url = False

    def show(generated, say: Callable[[str], None]) -> tuple[str | None, str | None]:
        puzzle = chosen.parse(generated.text, "<generated>")
        link = picture = None
        if show_url:
            try:
                link = links.write(chosen, puzzle, fill)
            except links.LinkError as bad:
                say(f"% {generated.name}: no link: {bad}")
        if svg:
            from puzzlesolve.drawing import draw

            graded = generated.measures.get("grade")
            title = f"{genre} {puzzle.rows}x{puzzle.cols}, " + (
                f"graded {graded}" if graded else "not graded")
            picture = draw(chosen, puzzle, title=title)
        return link, picture

    return show


# the first of these that any instance shows decides the batch's exit status (else 0): bad
# input, a timeout before any solution, a difference under --against, a proven unsolvable
BATCH_EXIT = [("error", 2), ("timeout", 4), ("differs", 3), ("unsolvable", 1)]


@main.command("batch")
@genre_argument
@click.argument("paths", metavar="PATH...", nargs=-1, required=True)
@click.option("-j", "--jobs", type=JOBS, default=None,
              help="Worker processes, each solving on one core. Default: one per core.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the JSON lines to this file instead of standard output.")
@click.option("--resume", is_flag=True,
              help="Finish an interrupted run: solve only the instances not yet in --output.")
@click.option("--timeout", type=TIMEOUT, default=None,
              help="Stop searching an instance after this many seconds (inf: no limit).")
@click.option("--scheduler", metavar="ADDRESS",
              help="Solve on the Dask cluster of this scheduler (tcp://HOST:PORT) instead.")
@click.option("-n", "--models", type=MODELS, default=2, show_default=True,
              help="Solutions to look for per instance; 0: all. 2 settles uniqueness.")
@click.option("--count", "count_only", is_flag=True,
              help="Only count the solutions; the lines list none.")
@click.option("--encoding", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              callback=_clingo_readable,
              help="Solve with this rules file instead of the built-in one.")
@click.option("--against", metavar="builtin|FILE.lp",
              help="Also solve each instance with these rules and report every instance "
                   "where status or count differ (builtin: the built-in rules).")
@click.option("--fill/--no-fill", default=None,
              help="Numberlink: every cell must be covered (Flow Free); --no-fill: need not, "
                   "whatever the instance's '% options' line or link asks.")
@click.option("--no-self-touch/--self-touch", default=None,
              help="Numberlink: a line never runs alongside itself (--self-touch: may).")
def batch_command(genre, paths, jobs, output, resume, timeout, scheduler, models, count_only,
                  encoding, against, **switches) -> None:
    """Solve every GENRE instance in PATH... (files, folders, glob patterns): one JSON line each.

    A folder stands for every *.txt under it that is not a solution file (NAME.solution.txt,
    as the shared corpus names them; puzzlesolve's own are NAME.sol).
    Lines come in the order instances finish; a summary goes to standard error. Exit
    status: 2 if an instance was bad input, else 4 if one timed out, else 3 if --against
    found a difference, else 1 if one is unsolvable, else 0; 130 when interrupted.

    \b
    Examples:
        puzzlesolve batch hitori puzzles/ -o results.jsonl
        puzzlesolve batch hitori puzzles/ -o results.jsonl --resume
        puzzlesolve batch hitori 'puzzles/**/*.txt' --against builtin \\
            --encoding instances/hitori/without-rule-3.lp
    """
    import time

    from puzzlesolve import batch
    from puzzlesolve.files import OutputError, open_lines, read_lines, write_line

    if resume and output is None:
        raise BadInput("--resume needs --output FILE, the file of the run to finish")
    if output is not None and not resume and output.is_file() and output.stat().st_size:
        raise BadInput(f"{output} exists: --resume finishes that run (or remove the file)")
    if output is not None:
        _writable(output)
    job = _batch_job(genre, models, _switches(genre, switches), timeout, count_only, encoding,
                     against, off=tuple(switch for switch, on in switches.items() if on is False))
    try:
        names = batch.find_instances(paths)
        earlier = read_lines(output) if resume and output.is_file() else []
    except (batch.BatchError, OutputError) as bad:
        raise BadInput(str(bad)) from None
    finished, foreign = batch.read_finished(earlier)
    outcomes = [finished[name] for name in names if name in finished]
    resumed = len(outcomes)
    tasks, unreadable = batch.read_instances(name for name in names if name not in finished)
    workers = max(1, min(jobs or batch.cpu_count(), len(tasks)))
    started = time.perf_counter()
    interrupted = False
    try:
        with contextlib.ExitStack() as stack:
            results = iter([unreadable])
            if tasks:  # workers first: they fork before the progress bar starts a thread
                solve_all = stack.enter_context(
                    batch.dask_workers(scheduler) if scheduler else batch.local_workers(workers))
                results = itertools.chain(results, solve_all(batch.chunked(tasks, workers), job))
            stream = sys.stdout.buffer if output is None else open_lines(output)
            if output is not None:
                stack.callback(stream.close)
            # a bar on standard error when it is a screen, and not the screen the lines go to
            shown = sys.stderr.isatty() and not (output is None and sys.stdout.isatty())
            advance = stack.enter_context(_batch_progress(shown, len(names), resumed))
            try:
                for solved in results:
                    for line, outcome in solved:
                        write_line(stream, line)
                        outcomes.append(outcome)
                    advance(len(solved))
            except KeyboardInterrupt:
                interrupted = True
    except (batch.BatchError, OutputError) as bad:
        raise BadInput(str(bad)) from None
    except BrokenPipeError:  # the reader went away (`| head`): stop quietly, as other tools do
        sys.stdout = None  # nothing left to flush at exit, which would fail again
        sys.exit(141)
    summary = batch.Summary.of(outcomes)
    where = "" if output is None else f" in {output}"
    before = f" ({resumed} from before)" if resume else ""
    _print_batch_summary(f"{genre} batch: {len(outcomes)} of {len(names)} instances{where}"
                         f"{before}, {time.perf_counter() - started:.2f} s", summary,
                         job.compare, foreign)
    if interrupted:
        how = "" if output is None else f"; add --resume to finish the run into {output}"
        click.echo(f"puzzlesolve: interrupted{how}", err=True)
        sys.exit(130)
    present = {*summary.counts, *(["differs"] if summary.differing else [])}
    sys.exit(next((code for status, code in BATCH_EXIT if status in present), 0))


def _batch_job(genre, models, switches, timeout, count_only, encoding, against, off=()):
    """The batch's Job, its rules files read and parsed: a broken one stops it before it starts."""
    from puzzlesolve import batch
    from puzzlesolve.solver import EncodingError, check_encoding

    if against == "builtin" and encoding is None:
        raise BadInput("--against builtin compares your rules with the built-in ones: "
                       "give them with --encoding FILE.lp")
    rules = []
    for path in (encoding, against):
        try:
            if path is None or path == "builtin":
                rules.append(None)
                continue
            _clingo_readable(None, None, Path(path))
            rules.append(batch.Rules.read(path))
            check_encoding(path)
        except EncodingError as bad:
            raise BadInput(str(bad).splitlines()[0]) from None
        except OSError as bad:
            raise BadInput(f"{path}: cannot read: {bad.strerror or bad}") from None
    # str(): the job travels to worker processes, which need not import the command line
    return batch.Job(str(genre), models, tuple(switches), timeout, count_only, rules[0],
                     compare=against is not None, against=rules[1], off=off)


def _batch_progress(shown: bool, total: int, done: int):
    """A context that yields `advance(n)`: a progress bar on standard error, if `shown`."""
    if not shown:
        return contextlib.nullcontext(lambda _count: None)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    @contextlib.contextmanager
    def bar():
        with Progress("solving", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                      console=Console(stderr=True), transient=True) as progress:
            task = progress.add_task("solving", total=total, completed=done)
            yield lambda count: progress.advance(task, count)

    return bar()


def _print_batch_summary(heading: str, summary, compare: bool, foreign: int) -> None:
    from rich import box
    from rich.console import Console
    from rich.table import Table

    console = Console(stderr=True, highlight=False)

    def say(text: str) -> None:  # whole lines, never cut or wrapped to the screen's width
        console.print(text, markup=False, soft_wrap=True)

    say(heading)
    counts = Table(box=box.SIMPLE_HEAD, show_edge=False, padding=(0, 1))
    counts.add_column("status")
    counts.add_column("instances", justify="right")
    for status, count in summary.counts.items():
        counts.add_row(status, str(count))
    if compare:
        counts.add_row("differ (--against)", str(len(summary.differing)))
    console.print(counts)
    if summary.slowest:
        say(f"solving time: total {summary.total_s:.3f} s, median {summary.median_s:.4f} s, "
            f"slowest {summary.slowest[0].seconds:.3f} s")
    listings = [("slowest", summary.slowest, lambda o: f"{o.status} {o.seconds:.3f} s")]
    if compare:
        listings.append(("differ (--against)", summary.differing, lambda o: o.detail))
    listings.append(("bad input", summary.errors[:10], lambda o: o.detail))
    for title, outcomes, describe in listings:
        if outcomes:
            say(f"{title}:")
            width = max(len(outcome.instance) for outcome in outcomes)
            for outcome in outcomes:
                say(f"  {outcome.instance:{width}}  {describe(outcome)}")
    if len(summary.errors) > 10:
        say(f"  ... and {len(summary.errors) - 10} more lines with status error")
    for message in summary.messages[:5]:
        say(f"clingo: {message}")
    if foreign:
        say(f"{foreign} lines of the output were not batch lines; left as they were")


@main.command("serve")
@click.argument("instance", metavar="[INSTANCE]", required=False)
@click.option("--genre", type=GenreType(), default=None,
              help="The genre of INSTANCE (a link names its own; a file under instances/GENRE/ "
                   "too).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port to listen on; 0 picks a free one.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on. Anything but this machine's own is reachable by others.")
@click.option("--no-browser", is_flag=True, help="Do not open the page in a browser.")
@click.option("--time-limit", type=click.FloatRange(min=1), default=60.0, show_default=True,
              help="Seconds any one request may take before its work is stopped.")
def serve_command(instance, genre, port, host, no_browser, time_limit) -> None:
    """Open a local web page to solve, check, hint, explain, draw and generate puzzles.

    The page is served by this process to this machine only (unless --host says otherwise);
    nothing is fetched from or sent to the internet. Ctrl-C stops the server (exit 130).

    \b
    Examples:
        puzzlesolve serve
        puzzlesolve serve 'https://puzz.link/p?hitori/4/4/1114142333214213'
        puzzlesolve serve instances/numberlink/copris-5x5.txt --port 8080 --no-browser
    """
    from puzzlesolve.serve import launch

    initial = None if instance is None else _serve_initial(instance, genre)
    try:
        listening = launch.listen(host, port)
    except OSError as failure:
        raise BadInput(f"cannot listen on {host}:{port}: {failure.strerror or failure}") from None
    if not launch.is_local(host):
        click.echo(f"puzzlesolve: warning: serving on {host}, which other machines may reach; "
                   "the page has no login, so anyone who reaches it can use it", err=True)
    address = launch.address(host, listening.getsockname()[1])
    if launch.run(listening, host, initial, time_limit, address, open_browser=not no_browser):
        click.echo("puzzlesolve: server stopped", err=True)
        sys.exit(130)


def _serve_initial(instance: str, genre: str | None) -> dict:
    """The request that names the puzzle the page shows first; bad input exits 2 here."""
    from puzzlesolve.grid import InputError
    from puzzlesolve.instance import is_link, read_text

    if is_link(instance):
        if genre is None:
            from puzzlesolve.serve.worker import genre_of_link

            try:
                genre = genre_of_link(instance)
            except InputError as bad:
                raise BadInput(str(bad)) from None
        _load(genre, instance)
        return {"genre": genre, "source": {"link": instance}}
    if genre is None:
        folder = Path(instance).resolve().parent.name
        if folder not in GENRES:
            raise BadInput(f"{instance}: which genre? give --genre (one of "
                           f"{', '.join(sorted(GENRES))})")
        genre = folder
    _load(genre, instance)
    try:
        text, _source = read_text(instance)
    except InputError as bad:
        raise BadInput(str(bad)) from None
    return {"genre": genre, "source": {"text": text, "name": Path(instance).name}}

"""The command line: parse options, call the library, print, exit 0, 1, 2 or 4."""

from __future__ import annotations

import contextlib
import json
import random
import sys
from pathlib import Path

import click
from rich.console import Console
from rich.progress import Progress

from puzzlesolve import __version__
from puzzlesolve.files import OutputError, check_writable, write_whole
from puzzlesolve.genres import GENRES
from puzzlesolve.grid import InputError
from puzzlesolve.instance import load
from puzzlesolve.solver import EncodingError, Result, encoding_path, solve

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


class GenreFirst(click.Group):
    """Routes ``puzzlesolve GENRE ...`` to the solve command and keeps every error to one line."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and not args[0].startswith("-"):
            args = ["solve", *args]  # names of commands win over genre names
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


@click.group(cls=GenreFirst, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="puzzlesolve")
def main() -> None:
    """Solve, check and generate pencil puzzles with answer set programming.

    \b
    Examples:
        puzzlesolve hitori instances/hitori/ai-course-5x5.txt
        puzzlesolve hitori instances/hitori/several-3x3.txt -n 0 --format json
        puzzlesolve facts hitori instances/hitori/ai-course-5x5.txt > facts.lp
    """


genre_argument = click.argument("genre", metavar="GENRE", type=click.Choice(sorted(GENRES)))
instance_argument = click.argument("instance", metavar="INSTANCE")


def _load(genre: str, instance: str):
    try:
        return load(genre, instance)
    except InputError as bad:
        raise BadInput(str(bad)) from None


def _writable(path: Path) -> None:
    """Refuse an output path that cannot be written before any work is done."""
    try:
        check_writable(path)
    except OutputError as bad:
        raise BadInput(str(bad)) from None


def _write(path: Path, text: str) -> None:
    try:
        write_whole(path, text)
    except OutputError as bad:
        raise BadInput(str(bad)) from None


@main.command("solve")
@genre_argument
@instance_argument
@click.option("-n", "--models", type=click.IntRange(min=0), default=None,
              help="Print up to N solutions; 0 lists them all. Default: the first, "
                   "with a search for a second to settle uniqueness.")
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="Output for people (text) or scripts (json).")
@click.option("--encoding", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Solve with this rules file instead of the built-in one.")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Stop searching after this many seconds.")
@click.option("--stats", is_flag=True, help="Print time, choices, conflicts and ground size.")
@click.option("--count", "count_only", is_flag=True,
              help="Only count the solutions (with -n 0: all of them); print none.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write the first solution to this file as a solution grid.")
@click.option("--fill", is_flag=True, help="Numberlink: every cell must be covered (Flow Free).")
@click.option("--no-self-touch", is_flag=True,
              help="Numberlink: a line never runs alongside itself.")
def solve_command(genre, instance, models, output_format, encoding, timeout, stats, count_only,
                  output, **switches) -> None:
    """Solve the GENRE puzzle in INSTANCE ('-' reads standard input).

    \b
    Example:
        puzzlesolve hitori instances/hitori/ai-course-5x5.txt -n 0
    """
    # each flag sets the boolean #const of the same name in the genre's rules file
    chosen = [flag for flag, on in switches.items() if on]
    for switch in chosen:
        if switch not in GENRES[genre].switches:
            raise BadInput(f"--{switch.replace('_', '-')} does not apply to {genre}")
    puzzle = _load(genre, instance)
    if output is not None:
        _writable(output)
    try:
        result = solve(genre, puzzle, models=2 if models is None else models,
                       encoding=encoding, timeout=timeout, switches=chosen,
                       keep_solutions=not count_only)
    except EncodingError as bad:
        raise BadInput(str(bad)) from None
    for message in result.messages:
        click.echo(message, err=True)
    shown = result.solutions[:1] if models is None else result.solutions
    if output is not None and result.solutions:
        _write(output, result.genre.render(result.puzzle, result.solutions[0]))
    if output_format == "json":
        document = result.to_json()
        click.echo(json.dumps(document))
    else:
        _print_text(result, shown, stats)
    sys.exit(EXIT_FOR_STATUS[result.status])


def _print_text(result: Result, shown: list, stats: bool) -> None:
    genre, puzzle = result.genre, result.puzzle
    picture = genre.draw if genre.draw is not None and sys.stdout.isatty() else None
    for number, solution in enumerate(shown, start=1):
        if len(shown) > 1:
            click.echo(f"% solution {number}")
        click.echo(genre.render(puzzle, solution), nl=False)
        if picture is not None:
            click.echo(picture(puzzle, solution), nl=False)
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
    chosen = GENRES[genre]
    puzzle = _load(genre, instance)
    constants = "".join(f" -c {name}={value}" for name, value in chosen.constants.items()) + "".join(
        f" {option}" for option in chosen.options)
    click.echo(f"% {chosen.name}: clingo {encoding_path(chosen.encoding)} THIS_FILE 0{constants}")
    click.echo("\n".join(chosen.facts(puzzle)))


@main.command("generate")
@click.argument("genre")
@click.option("--size", required=True, metavar="RxC", help="Grid size, e.g. 8x8 or 10x15.")
@click.option("--seed", type=int, default=None,
              help="Reproduce a run; puzzle i of --count gets seed S+i. Default: random, printed.")
@click.option("--count", type=click.IntRange(min=1), default=1, show_default=True,
              help="How many puzzles to generate.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Write NAME.txt and NAME.solution.txt here instead of printing them.")
@click.option("--difficulty", type=click.Choice(["easy", "hard"]), default="hard",
              show_default=True, help="Fewer clues / longer lines (hard) or more (easy).")
@click.option("--fill", is_flag=True, help="Numberlink: lines cover every cell (Flow Free).")
@click.option("--voids", type=click.FloatRange(0, 1, max_open=True), default=None,
              help="Hidato: this fraction of cells become voids, e.g. 0.1.")
@click.option("--symmetric", is_flag=True,
              help="Hidato, Numbrix: givens in 180-degree rotational symmetry.")
def generate_command(genre, size, seed, count, out, difficulty, fill, voids, symmetric) -> None:
    """Generate GENRE puzzles whose single solution the solver proves.

    Without --out each puzzle and its solution go to stdout; what was measured (clues,
    solver calls, choices, conflicts) goes to stderr.

    \b
    Example:
        puzzlesolve generate hidato --size 8x8 --seed 7 --count 3 --out puzzles/
    """
    from puzzlesolve.generate import GenerateError, check, generate, parse_size

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
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
        click.echo(f"% seed {seed}", err=True)
    progress = None
    if count > 1 and sys.stderr.isatty():
        progress = Progress(console=Console(stderr=True), transient=True)
    say = (lambda line: click.echo(line, err=True)) if progress is None else (
        lambda line: progress.console.print(line, markup=False, highlight=False))
    written = 0
    try:
        with progress or contextlib.nullcontext():
            task = progress.add_task(f"{genre} {size}", total=count) if progress else None
            for number in range(count):
                puzzle = generate(genre, rows, cols, seed + number, difficulty, **options)
                if out is None:
                    click.echo(puzzle.text + "% solution\n" + puzzle.solution, nl=False)
                else:
                    puzzle.write(out)
                written += 1
                say(puzzle.summary())
                if progress:
                    progress.advance(task)
    except (GenerateError, OutputError) as bad:
        raise BadInput(str(bad)) from None
    except KeyboardInterrupt:
        click.echo(f"% interrupted: {written} of {count} puzzles kept", err=True)
        sys.exit(130)

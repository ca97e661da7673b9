"""The command line: parse options, call the library, print, exit 0, 1, 2 or 4."""

from __future__ import annotations

import contextlib
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path

import click
from rich.console import Console
from rich.progress import Progress

from puzzlesolve import __version__
from puzzlesolve.files import OutputError, check_writable, write_whole
from puzzlesolve.genres import GENRES
from puzzlesolve.grid import InputError
from puzzlesolve.instance import Loaded, load_answer, load_with_rules
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
        puzzlesolve draw hitori instances/hitori/ai-course-5x5.txt -o puzzle.svg
        puzzlesolve url hitori instances/hitori/ai-course-5x5.txt

    INSTANCE may also be a puzz.link, pzv.jp or Kudamono link.
    """


genre_argument = click.argument("genre", metavar="GENRE", type=click.Choice(sorted(GENRES)))
instance_argument = click.argument("instance", metavar="INSTANCE")


def _load(genre: str, instance: str) -> Loaded:
    """The instance (a file, '-' or a link) and the rules a link asks for; bad input exits 2."""
    try:
        return load_with_rules(genre, instance)
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
@click.option("--svg", type=click.Path(dir_okay=False, path_type=Path),
              help="Also draw the first solution into this SVG file; cells where the "
                   "solutions found differ are highlighted.")
def solve_command(genre, instance, models, output_format, encoding, timeout, stats, count_only,
                  output, svg, **switches) -> None:
    """Solve the GENRE puzzle in INSTANCE ('-' reads standard input; a link is read too).

    \b
    Example:
        puzzlesolve hitori instances/hitori/ai-course-5x5.txt -n 0
        puzzlesolve hitori https://puzz.link/p?hitori/4/4/1114142333214213
    """
    # each flag sets the boolean #const of the same name in the genre's rules file
    chosen = [flag for flag, on in switches.items() if on]
    for switch in chosen:
        if switch not in GENRES[genre].switches:
            raise BadInput(f"--{switch.replace('_', '-')} does not apply to {genre}")
    if svg is not None and count_only:
        raise BadInput("--svg draws a solution, and --count keeps none")
    loaded = _load(genre, instance)
    puzzle = loaded.puzzle
    for switch in loaded.switches:  # the link's own rules, e.g. an arukone link asks for fill
        if switch not in chosen:
            chosen.append(switch)
            click.echo(f"% {loaded.note}", err=True)
    for path in (output, svg):
        if path is not None:
            _writable(path)
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
    if svg is not None and result.solutions:
        from puzzlesolve.drawing import draw

        _write(svg, draw(result.genre, result.puzzle, solution=result.solutions[0],
                         highlight=result.differ()))
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
    if len(result.solutions) > 1:
        cells = result.differ()
        click.echo("% differ: " + (" ".join(f"({r},{c})" for r, c in cells) if cells else
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
    chosen = GENRES[genre]
    loaded = _load(genre, instance)
    constants = {**chosen.constants, **{switch: 1 for switch in loaded.switches}}
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


@main.command("url")
@genre_argument
@instance_argument
@click.option("--fill", is_flag=True,
              help="Numberlink: a link that asks for every cell covered (arukone without 'e').")
def url_command(genre, instance, fill) -> None:
    """Print the link of the GENRE puzzle in INSTANCE: puzz.link for Hitori and Numberlink,
    Kudamono for Hidato (Numbrix has no link form).

    \b
    Example:
        puzzlesolve url hitori instances/hitori/ai-course-5x5.txt
    """
    from puzzlesolve import links

    chosen = GENRES[genre]
    if fill and "fill" not in chosen.switches:
        raise BadInput(f"--fill does not apply to {genre}")
    reason = links.no_link(chosen)
    if reason:
        raise BadInput(reason)
    loaded = _load(genre, instance)
    try:
        click.echo(links.write(chosen, loaded.puzzle, fill or "fill" in loaded.switches))
    except links.LinkError as bad:
        raise BadInput(f"{instance}: {bad}") from None


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
@click.option("--url", "show_url", is_flag=True,
              help="Print each puzzle's link (to play it in a browser).")
@click.option("--svg", is_flag=True, help="Draw each puzzle into NAME.svg beside its files "
                                          "(needs --out).")
def generate_command(genre, size, seed, count, out, difficulty, fill, voids, show_url,
                     svg) -> None:
    """Generate GENRE puzzles whose single solution the solver proves.

    Without --out each puzzle and its solution go to stdout; what was measured (clues,
    solver calls, choices, conflicts) goes to stderr.

    \b
    Example:
        puzzlesolve generate hidato --size 8x8 --seed 7 --count 3 --out puzzles/
    """
    from puzzlesolve.generate import GenerateError, check, generate, parse_size

    options: dict[str, object] = {"fill": True} if fill else {}
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
    written = 0
    try:
        with progress or contextlib.nullcontext():
            task = progress.add_task(f"{genre} {size}", total=count) if progress else None
            for number in range(count):
                puzzle = generate(genre, rows, cols, seed + number, difficulty, **options)
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
                if progress:
                    progress.advance(task)
    except (GenerateError, OutputError) as bad:
        raise BadInput(str(bad)) from None
    except KeyboardInterrupt:
        click.echo(f"% interrupted: {written} of {count} puzzles kept", err=True)
        sys.exit(130)


def _shower(genre: str, show_url: bool, svg: bool, fill: bool):
    """``(generated, say) -> (link or None, SVG or None)`` for each generated puzzle, as asked.

    A puzzle no link can hold (e.g. more than 52 lines under --fill) gets a note instead.

    Raises:
        BadInput: --url for a genre that has no link form (before any puzzle is made).
    """
    from puzzlesolve import links

    chosen = GENRES[genre]
    reason = links.no_link(chosen) if show_url else None
    if reason:
        raise BadInput(reason)

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

            picture = draw(chosen, puzzle)
        return link, picture

    return show

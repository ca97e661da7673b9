"""``puzzlesolve generate``: new puzzles with one solution, proven, of the grade asked for."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from puzzlesolve.cli import switches as genre_flags
from puzzlesolve.cli.common import BadInput, GenreCommand, genre_argument, need
from puzzlesolve.cli.types import PUZZLE_COUNT, SEED, VOIDS

if TYPE_CHECKING:
    from puzzlesolve.genre import Genre


@click.command("generate", cls=GenreCommand, switches=genre_flags.generated_switch)
@genre_argument
@click.option("--size", required=True, metavar="RxC", help="Grid size, e.g. 8x8 or 10x15.")
@click.option(
    "--seed",
    type=SEED,
    default=None,
    help="Reproduce a run; puzzle i of --count gets seed S+i. Default: random, printed.",
)
@click.option(
    "--count", type=PUZZLE_COUNT, default=1, show_default=True, help="How many puzzles to generate."
)
@click.option(
    "-o",
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Write NAME.txt and NAME.sol here instead of printing them ('-': print).",
)
@click.option(
    "--difficulty",
    type=click.Choice(["easy", "medium", "hard"]),
    default="hard",
    show_default=True,
    help="The grade measured by explaining each candidate (see README).",
)
@click.option(
    "--grade/--no-grade",
    default=None,
    help="Measure the grade (default: on boards small enough to explain quickly) "
    "or only set clue counts / line lengths for it.",
)
@click.option(
    "--voids",
    type=VOIDS,
    default=None,
    help="Hidato: this fraction of cells become voids, e.g. 0.1.",
)
@click.option(
    "--symmetric", is_flag=True, help="Hidato, Numbrix: givens in 180-degree rotational symmetry."
)
@click.option(
    "--url",
    "show_url",
    is_flag=True,
    help="Print each puzzle's link (to play it in a browser); with --out, each "
    "after its file's path.",
)
@click.option(
    "--svg", is_flag=True, help="Draw each puzzle into NAME.svg beside its files (needs --out)."
)
@click.option(
    "--force",
    is_flag=True,
    help="Replace files of the same names in --out (else they are refused).",
)
def generate_command(
    genre,
    size,
    seed,
    count,
    out,
    difficulty,
    grade,
    voids,
    symmetric,
    show_url,
    svg,
    force,
    **flags,
) -> None:
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
    from puzzlesolve.files import OutputError
    from puzzlesolve.generate import GenerateError, check, generate, parse_size

    if out == Path("-"):  # the usual word for standard output, not a folder named "-"
        out = None
    genre_flags.refuse_numbers(flags, "generate", "the generator picks them by the board's size")
    # the flags and what the genre word asks for (generate flow: fill)
    switches = genre_flags.chosen(genre, flags, genre_flags.generated_switch)
    need(genre, "generate")
    options: dict[str, object] = {switch: True for switch in switches}
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
    if svg:
        need(genre, "draw")
    show = _shower(genre, show_url, svg, "fill" in switches)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
        click.echo(f"% seed {seed}", err=True)
    progress = None
    if count > 1 and sys.stderr.isatty():
        progress = Progress(console=Console(stderr=True), transient=True)
    say = (
        (lambda line: click.echo(line, err=True))
        if progress is None
        else (lambda line: progress.console.print(line, markup=False, highlight=False))
    )
    written = missed = 0
    try:
        with progress or contextlib.nullcontext():
            task = progress.add_task(f"{genre.name} {size}", total=count) if progress else None
            for number in range(count):
                with interrupt.deferred():  # Ctrl-C stops clingo, raised once it returned
                    # the name: puzzlesolve.generate looks the genre up by it, for now
                    puzzle = generate(
                        genre, rows, cols, seed + number, difficulty, grade=grade, **options
                    )
                link, picture = show(puzzle, say)
                if out is None:
                    note = "" if link is None else f"% link {link}\n"
                    click.echo(puzzle.text + note + "% solution\n" + puzzle.solution, nl=False)
                else:
                    paths = puzzle.write(out, replace=force, picture=picture)
                    if link is not None:  # beside the file it belongs to
                        click.echo(f"{paths[0]} {link}")
                written += 1
                say(puzzle.summary())
                missed += puzzle.measures.get("grade", difficulty) != difficulty
                if progress and task is not None:
                    progress.advance(task)
        if missed == 1 and count == 1:
            say(f"% the puzzle could not be made {difficulty}: it is named by the grade it has")
        elif missed:
            say(
                f"% {missed} of {count} puzzles could not be made {difficulty}: each is named "
                "by the grade it has"
            )
    except (GenerateError, OutputError) as bad:
        raise BadInput(str(bad)) from None
    except KeyboardInterrupt:
        click.echo(err=True)  # the line Ctrl-C came on ("^C") ended
        interrupt.exit_interrupted(f"puzzlesolve: interrupted; {written} of {count} puzzles kept")


def _shower(genre: Genre, show_url: bool, svg: bool, fill: bool):
    """``(generated, say) -> (link or None, SVG or None)`` for each generated puzzle, as asked.

    A puzzle no link can hold (e.g. more than 52 lines under --fill) gets a note instead; so
    does the run, once, when the genre has no link form at all (the puzzles are still made).
    Pictures carry a title: genre, size and grade.
    """
    from puzzlesolve import links

    reason = links.no_link(genre) if show_url else None
    if reason:
        click.echo(f"% no links: {reason}", err=True)
        show_url = False

    def show(generated, say: Callable[[str], None]) -> tuple[str | None, str | None]:
        puzzle = genre.parse(generated.text, "<generated>")
        link = picture = None
        if show_url:
            try:
                link = links.write(genre, puzzle, fill)
            except links.LinkError as bad:
                say(f"% {generated.name}: no link: {bad}")
        if svg:
            from puzzlesolve.drawing import draw

            graded = generated.measures.get("grade")
            title = f"{genre.name} {puzzle.rows}x{puzzle.cols}, " + (
                f"graded {graded}" if graded else "not graded"
            )
            picture = draw(genre, puzzle, title=title)
        return link, picture

    return show


# the first of these that any instance shows decides the batch's exit status (else 0): bad

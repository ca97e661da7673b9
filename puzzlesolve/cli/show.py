"""The commands that show a puzzle as something else: ``facts``, ``draw`` and ``url``."""

from __future__ import annotations

from pathlib import Path

import click

from puzzlesolve.cli import switches as genre_flags
from puzzlesolve.cli.common import (
    BadInput,
    GenreCommand,
    genre_argument,
    instance_argument,
    load,
    need,
    writable,
    write,
)
from puzzlesolve.cli.types import asked


@click.command("facts", cls=GenreCommand)
@genre_argument
@instance_argument
def facts_command(genre, instance) -> None:
    """Print the GENRE puzzle in INSTANCE as ASP facts for plain clingo.

    \b
    Example:
        puzzlesolve facts hitori instances/hitori/ai-course-5x5.txt > facts.lp
        clingo encodings/hitori.lp facts.lp 0
    """
    from puzzlesolve.program import encoding_path

    loaded = load(genre, instance)
    switches = (*asked(), *loaded.switches)
    constants = {**genre.constants, **{switch: 1 for switch in switches}}
    options = "".join(f" -c {name}={value}" for name, value in constants.items()) + "".join(
        f" {option}" for option in genre.options
    )
    click.echo(f"% {genre.name}: clingo {encoding_path(genre.encoding)} THIS_FILE 0{options}")
    click.echo("\n".join(genre.facts(loaded.puzzle)))


@click.command("draw", cls=GenreCommand)
@genre_argument
@instance_argument
@click.argument("answer", metavar="[ANSWER]", required=False)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the SVG here instead of printing it.",
)
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

    need(genre, "draw")
    if output is not None:
        writable(output, (instance, answer))
    puzzle = load(genre, instance).puzzle
    try:
        values = None if answer is None else load_answer(genre, puzzle, answer)
    except InputError as bad:
        raise BadInput(str(bad)) from None
    picture = draw(genre, puzzle, values=values)
    if output is None:
        click.echo(picture, nl=False)
    else:
        write(output, picture, (instance, answer))


@click.command("url", cls=GenreCommand, switches=genre_flags.linked_switch)
@genre_argument
@instance_argument
def url_command(genre, instance, **flags) -> None:
    """Print the link that opens the GENRE puzzle in INSTANCE on the web: Kudamono's player
    for Hidato, puzz.link for every other genre that has a link form (Numbrix has none).

    \b
    Example:
        puzzlesolve url hitori instances/hitori/ai-course-5x5.txt
    """
    from puzzlesolve import links

    switches = genre_flags.chosen(genre, flags, genre_flags.linked_switch)
    reason = links.no_link(genre)
    if reason:
        raise BadInput(reason)
    loaded = load(genre, instance)
    # the flags, else what the genre word and the instance ask for (an arukone link: fill)
    fill = flags.get("fill")
    if fill is None:
        fill = "fill" in (*switches, *loaded.switches)
    try:
        click.echo(links.write(genre, loaded.puzzle, fill))
    except links.LinkError as bad:
        raise BadInput(f"{instance}: {bad}") from None

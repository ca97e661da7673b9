"""``puzzlesolve serve``: the local web page."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from puzzlesolve.cli.common import BadInput, load
from puzzlesolve.cli.types import GENRES, GenreType

if TYPE_CHECKING:
    from puzzlesolve.genre import Genre


@click.command("serve")
@click.argument("instance", metavar="[INSTANCE]", required=False)
@click.option(
    "--genre",
    type=GenreType(),
    default=None,
    help="The genre of INSTANCE (a link names its own; a file under instances/GENRE/ too).",
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8000,
    show_default=True,
    help="Port to listen on; 0 picks a free one.",
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on. Anything but this machine's own is reachable by others.",
)
@click.option("--no-browser", is_flag=True, help="Do not open the page in a browser.")
@click.option(
    "--time-limit",
    type=click.FloatRange(min=1),
    default=60.0,
    show_default=True,
    help="Seconds any one request may take: a hard limit, its work is ended then.",
)
@click.option(
    "--memory-limit",
    type=click.IntRange(min=64),
    default=2048,
    show_default=True,
    help="MiB of memory any one request may take; beyond, its work is stopped.",
)
def serve_command(instance, genre, port, host, no_browser, time_limit, memory_limit) -> None:
    """Open a local web page to solve, check, hint, explain, draw and generate puzzles.

    The page is served by this process to this machine only (unless --host says otherwise);
    nothing is fetched from or sent to the internet. Ctrl-C stops the server (exit 130).

    \b
    Examples:
        puzzlesolve serve
        puzzlesolve serve 'https://puzz.link/p?hitori/4/4/1114142333214213'
        puzzlesolve serve instances/numberlink/copris-5x5.txt --port 8080 --no-browser
    """
    import signal

    from puzzlesolve.serve import launch
    from puzzlesolve.serve.app import is_local

    initial = None if instance is None else _serve_initial(instance, genre)
    try:
        listening = launch.listen(host, port)
    except OSError as failure:
        raise BadInput(f"cannot listen on {host}:{port}: {failure.strerror or failure}") from None
    if not is_local(host):
        click.echo(
            f"puzzlesolve: warning: serving on {host}, which other machines may reach; "
            "the page has no login, so anyone who reaches it can use it",
            err=True,
        )
    address = launch.address(host, listening.getsockname()[1])
    stopped = launch.run(
        listening,
        host,
        initial,
        time_limit,
        address,
        open_browser=not no_browser,
        memory_limit=memory_limit,
    )
    if stopped is not None:
        click.echo("puzzlesolve: server stopped", err=True)
        # Ctrl-C: interrupted, as every command; SIGTERM: asked to stop, and it did
        sys.exit(130 if stopped == signal.SIGINT else 0)


def _serve_initial(instance: str, genre: Genre | None) -> dict:
    """The request that names the puzzle the page shows first; bad input exits 2 here."""
    from puzzlesolve.grid import InputError
    from puzzlesolve.instance import is_link, read_text

    if is_link(instance):
        if genre is None:
            from puzzlesolve.serve.requests import genre_of_link

            try:
                genre = GENRES[genre_of_link(instance)]
            except InputError as bad:
                raise BadInput(str(bad)) from None
        load(genre, instance)
        return {"genre": genre.name, "source": {"link": instance}}
    if genre is None:
        folder = Path(instance).resolve().parent.name
        if folder not in GENRES:
            raise BadInput(
                f"{instance}: which genre? give --genre (one of {', '.join(sorted(GENRES))})"
            )
        genre = GENRES[folder]
    load(genre, instance)
    try:
        text, _source = read_text(instance)
    except InputError as bad:
        raise BadInput(str(bad)) from None
    return {"genre": genre.name, "source": {"text": text, "name": Path(instance).name}}

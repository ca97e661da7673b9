"""``puzzlesolve [solve] GENRE INSTANCE``: solve, print the solutions and how sure they are."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from puzzlesolve.cli import switches as genre_flags
from puzzlesolve.cli.common import (
    EXIT_FOR_STATUS,
    STATUS_TEXT,
    BadInput,
    GenreCommand,
    clingo_readable,
    distinct_outputs,
    genre_argument,
    instance_argument,
    writable,
    write,
)
from puzzlesolve.cli.request import request
from puzzlesolve.cli.types import MODELS, TIMEOUT

if TYPE_CHECKING:
    from puzzlesolve.genre import Genre
    from puzzlesolve.solver import Result


@click.command("solve", cls=GenreCommand, switches=genre_flags.every_switch)
@genre_argument
@instance_argument
@click.option(
    "-n",
    "--models",
    type=MODELS,
    default=None,
    help="Print up to N solutions; 0 lists them all. Default: the first, "
    "with a search for a second to settle uniqueness.",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="Output for people (text) or scripts (json).",
)
@click.option(
    "--encoding",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    callback=clingo_readable,
    help="Solve with this rules file instead of the built-in one.",
)
@click.option(
    "--timeout",
    type=TIMEOUT,
    default=None,
    help="Stop searching after this many seconds (inf: no limit).",
)
@click.option("--stats", is_flag=True, help="Print time, choices, conflicts and ground size.")
@click.option(
    "--count",
    "count_only",
    is_flag=True,
    help="Only count the solutions (with -n 0: all of them); print none.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also write the first solution to this file as a solution grid ('-': print it).",
)
@click.option(
    "--svg",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also draw the first solution into this SVG file; when several are "
    "found, the first two side by side, the cells where they differ hatched.",
)
def solve_command(
    genre,
    instance,
    models,
    output_format,
    encoding,
    timeout,
    stats,
    count_only,
    output,
    svg,
    **flags,
) -> None:
    """Solve the GENRE puzzle in INSTANCE ('-' reads standard input; a link is read too).

    \b
    Example:
        puzzlesolve hitori instances/hitori/ai-course-5x5.txt -n 0
        puzzlesolve hitori https://puzz.link/p?hitori/4/4/1114142333214213
    """
    from puzzlesolve.program import EncodingError
    from puzzlesolve.solver import solve

    switches = genre_flags.chosen(genre, flags)
    if svg is not None and count_only:
        raise BadInput("--svg draws a solution, and --count keeps none")
    if output is not None and count_only:
        raise BadInput("-o writes a solution, and --count keeps none")
    asked = request(genre, instance, flags, ["draw"] if svg is not None else [], switches)
    puzzle = asked.puzzle
    distinct_outputs(output, svg)
    for path in (output, svg):
        if path is not None:
            writable(path, (instance, encoding))
    # -n 0 prints each solution as it is found rather than holding millions of them
    listing = _Listing(genre, puzzle, output_format) if models == 0 else None
    try:
        result = solve(
            genre,
            puzzle,
            models=2 if models is None else models,
            encoding=encoding,
            timeout=timeout,
            switches=asked.switches,
            keep_solutions=not count_only,
            on_solution=None if listing is None or count_only else listing.add,
        )
    except EncodingError as bad:
        raise BadInput(str(bad)) from None
    except KeyboardInterrupt as stopped:  # end what was printed properly, then exit 130
        _print_interrupted(genre, puzzle, output_format, count_only, listing, stopped)
        raise
    for note in asked.notes:  # said once the input proved good: bad input is one line
        click.echo(note, err=True)
    if listing is not None and listing.closed:  # e.g. piped into head: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(EXIT_FOR_STATUS[result.status])
    for message in result.messages:
        click.echo(message, err=True)
    unwritten = _write_files(result, listing, output, svg, (instance, encoding))
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


def _write_files(result, listing, output, svg, inputs) -> list[str]:
    """Write the first solution (-o) and its picture (--svg); the files left unwritten, for
    want of a solution, which stderr names rather than leave them silently missing."""
    first = listing.first if listing is not None else next(iter(result.solutions), None)
    if output is not None and first is not None:
        write(output, result.genre.render(result.puzzle, first), inputs)
    if svg is not None and first is not None:
        second = listing.second if listing is not None else result.solutions[1:2]
        write(svg, _solutions_picture(result, first, *second), inputs)
    unwritten = [str(path) for path in (output, svg) if path is not None and first is None]
    if unwritten:
        click.echo(
            f"% no solution to write ({result.status}): {' and '.join(unwritten)} not written",
            err=True,
        )
    return unwritten


def _print_interrupted(
    genre: Genre,
    puzzle,
    output_format: str,
    count_only: bool,
    listing: _Listing | None,
    stopped: KeyboardInterrupt,
) -> None:
    """What a solve stopped by Ctrl-C prints: JSON ends as one whole document (status
    "interrupted", the solutions found so far), a count says it is a lower bound, a listing
    of solutions says where it stopped."""
    from puzzlesolve.solver import Interrupted

    count = stopped.count if isinstance(stopped, Interrupted) else 0
    kept = stopped.solutions if isinstance(stopped, Interrupted) else []
    if listing is not None and not count_only:
        count = listing.count  # the solutions printed as they were found
    solutions = "solution" + "s" * (count != 1)
    if output_format == "json":
        rest = {"status": "interrupted", "count": count, "exhausted": False}
        if listing is not None and listing.count:  # its start and solutions are out
            click.echo("], " + json.dumps(rest)[1:])
            return
        head = {"genre": genre.name, "rows": puzzle.rows, "cols": puzzle.cols}
        shown = [genre.to_json(puzzle, solution) for solution in kept]
        click.echo(json.dumps({**head, **rest, "solutions": shown}))
    elif count_only:
        click.echo(
            f"% interrupted: at least {count} {solutions} (the count when Ctrl-C came; "
            "search stopped)"
        )
    elif listing is not None:
        if listing.count == 1:  # numbered only once a second one comes: it never came
            listing._text(None, listing.first)
        click.echo(f"% interrupted: {count} {solutions} found before Ctrl-C (search stopped)")


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
            rest = {
                k: v
                for k, v in result.to_json().items()
                if k not in ("genre", "rows", "cols", "solutions", "stats")
            }
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

        click.echo(
            "% differ: "
            + (
                cell_names(differ, genre.sites)
                if differ
                else "no cell (the lines differ only in how they run through the same cells)"
            )
        )
    found = f"{result.count} solution{'s' * (result.count != 1)} found"
    scope = "search complete" if result.exhausted else "search stopped"
    click.echo(f"% {STATUS_TEXT[result.status]} ({found}, {scope})")
    bound = genre.bounded(puzzle)
    if bound is not None:  # what the claim holds within
        click.echo(f"% bounded: {bound}")
    if stats:
        click.echo("% stats: " + ", ".join(f"{k} {v}" for k, v in result.stats.items()))

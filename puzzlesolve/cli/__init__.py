"""The command line: parse options, call the library, print, exit 0, 1, 2 or 4.

One module per command group (`solve`, `judge`: check/hint/explain, `show`: facts/draw/url,
`generate`, `batch`, `serve`); `types` turns words into genres and numbers, `switches` builds
the genre flags from the switches each genre declares, `common` holds what they share.
Start-up matters (`puzzlesolve --version`, one small solve): each command imports what it
needs (clingo through puzzlesolve.solver, rich, generators) when it runs, not here.
"""

from __future__ import annotations

import sys

import click

from puzzlesolve import __version__
from puzzlesolve.cli.audit import audit_command
from puzzlesolve.cli.batch import batch_command
from puzzlesolve.cli.common import BadInput
from puzzlesolve.cli.generate import generate_command
from puzzlesolve.cli.judge import check_command, explain_command, hint_command
from puzzlesolve.cli.serve import serve_command
from puzzlesolve.cli.show import draw_command, facts_command, url_command
from puzzlesolve.cli.solve import solve_command
from puzzlesolve.cli.types import genre_names

__all__ = [
    "BadInput",
    "audit_command",
    "batch_command",
    "check_command",
    "draw_command",
    "explain_command",
    "facts_command",
    "generate_command",
    "hint_command",
    "main",
    "serve_command",
    "solve_command",
    "url_command",
]


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


class GenreFirst(click.Group):
    """Routes ``puzzlesolve GENRE ...`` to the solve command and keeps every error to one line."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args and not ctx.resilient_parsing:  # a first try: a short usage, no error
            genres = ", ".join(
                name + (f" (also {words})" if words else "") for name, words in genre_names()
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
        except click.Abort:  # Ctrl-C: click has ended the line it came on ("^C")
            from puzzlesolve.interrupt import exit_interrupted

            exit_interrupted()
        sys.exit(code if isinstance(code, int) else 0)

    def invoke(self, ctx: click.Context):
        from puzzlesolve.genre import MissingFeature

        try:
            return super().invoke(ctx)
        except MissingFeature as missing:  # a feature module fetched deeper than `need` checks
            raise BadInput(str(missing)) from None

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_help_text(ctx, formatter)
        with formatter.section("Genres (any case; aliases after the name)"):
            formatter.write_dl(genre_names())


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


for command in (
    solve_command,
    facts_command,
    draw_command,
    check_command,
    hint_command,
    explain_command,
    url_command,
    generate_command,
    batch_command,
    serve_command,
    audit_command,
):
    main.add_command(command)

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
        puzzlesolve check hitori instances/hitori/ai-course-5x5.txt my-answer.txt
        puzzlesolve hint hitori instances/hitori/ai-course-5x5.txt
        puzzlesolve explain hitori instances/hitori/ai-course-5x5.txt
        puzzlesolve draw hitori instances/hitori/ai-course-5x5.txt -o puzzle.svg
        puzzlesolve url hitori instances/hitori/ai-course-5x5.txt

    INSTANCE may also be a puzz.link, pzv.jp or Kudamono link.
    """


class _GenreChoice(click.Choice):
    """A choice of the registered genres, read when an argument is checked (see _Genres)."""

    def __init__(self) -> None:  # no Choice.__init__: it would read the choices now
        self.case_sensitive = True

    @property
    def choices(self) -> tuple[str, ...]:
        return tuple(sorted(GENRES))


genre_argument = click.argument("genre", metavar="GENRE", type=_GenreChoice())
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
    """The switches the flags set (each sets the boolean #const of that name in the rules)."""
    chosen = [flag for flag, on in flags.items() if on]
    for switch in chosen:
        if switch not in GENRES[genre].switches:
            raise BadInput(f"--{switch.replace('_', '-')} does not apply to {genre}")
    return chosen


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
    from puzzlesolve.solver import EncodingError, solve

    chosen = _switches(genre, switches)
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
    # -n 0 prints each solution as it is found rather than holding millions of them
    listing = _Listing(GENRES[genre], puzzle, output_format) if models == 0 else None
    try:
        result = solve(genre, puzzle, models=2 if models is None else models,
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
        from puzzlesolve.drawing import draw

        differ = listing.differ.cells() if listing is not None else result.differ()
        _write(svg, draw(result.genre, result.puzzle, solution=first, highlight=differ))
    if listing is not None:
        listing.finish(result, stats)
    elif output_format == "json":
        click.echo(json.dumps(result.to_json()))
    else:
        _print_text(result, result.solutions[:1] if models is None else result.solutions, stats)
    sys.exit(EXIT_FOR_STATUS[result.status])


class _Listing:
    """Prints the solutions of ``-n 0`` as the search finds them (text or one JSON object,
    written as its start, each solution, then the rest), so that none is held in memory."""

    def __init__(self, genre: Genre, puzzle, output_format: str):
        from puzzlesolve.solver import Differences

        self.genre, self.puzzle, self.json = genre, puzzle, output_format == "json"
        self.picture = genre.draw if genre.draw is not None and sys.stdout.isatty() else None
        self.first, self.count, self.closed = None, 0, False
        self.differ = Differences(genre, puzzle)

    def add(self, solution) -> bool:
        """Print one solution; False (stop the search) once the reader has gone."""
        self.count += 1
        self.differ.add(solution)
        if self.count == 1:
            self.first = solution
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

    def finish(self, result: Result, stats: bool) -> None:
        """Print what follows the solutions: the status line, or the rest of the object."""
        differ = self.differ.cells() if self.count > 1 else None
        if self.json:
            rest = {k: v for k, v in result.to_json().items()
                    if k not in ("genre", "rows", "cols", "solutions", "stats")}
            if differ is not None:
                rest["differ"] = [list(cell) for cell in differ]
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
        click.echo("% differ: " + (" ".join(f"({r},{c})" for r, c in differ) if differ else
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
                     help="Use this rules file (numbered rules in its header, see README).")
        ,
        click.option("--fill", is_flag=True,
                     help="Numberlink: every cell must be covered (Flow Free)."),
        click.option("--no-self-touch", is_flag=True,
                     help="Numberlink: a line never runs alongside itself."),
        click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=None,
                     help="Stop after this many seconds with what is found so far, marked "
                          "as cut short (default: 60 for check and hint, 300 for explain)."),
    ]):
        command = option(command)
    return command


def _svg_option(command: Callable) -> Callable:
    return click.option(
        "--svg", type=click.Path(dir_okay=False, path_type=Path),
        help="Also draw the answer into this SVG file, with the conflicts outlined in red "
             "(and a hint's cells in amber, the cells it uses in blue).")(command)


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
    for switch in loaded.switches:  # the link's own rules, e.g. an arukone link asks for fill
        if switch not in chosen:
            chosen.append(switch)
            click.echo(f"% {loaded.note}", err=True)
    try:
        values = None if answer is None else load_answer(genre, loaded.puzzle, answer)
    except InputError as bad:
        raise BadInput(str(bad)) from None
    return loaded.puzzle, values, chosen


def _asking(question: Callable, *args, **options):
    """Call check, hint or explain; a rules file that is broken or breaks the convention is
    bad input."""
    from puzzlesolve.rulebook import RulesError
    from puzzlesolve.solver import EncodingError

    try:
        return question(*args, **options)
    except (RulesError, EncodingError) as bad:
        raise BadInput(str(bad).splitlines()[0]) from None
    except OSError as bad:
        raise BadInput(f"{options.get('encoding')}: cannot read: {bad.strerror or bad}") from None


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
        puzzlesolve check hitori instances/hitori/ai-course-5x5.txt my-answer.txt
    """
    from puzzlesolve.explain import check

    puzzle, values, chosen = _explaining(genre, instance, answer, switches, svg)
    result = _asking(check, genre, puzzle, values, encoding=encoding, switches=chosen,
                     **_limit(timeout))
    if svg is not None:
        from puzzlesolve.drawing import draw

        wrong = sorted({cell for conflict in result.conflicts for cell, _ in conflict.cells})
        _write(svg, draw(genre, puzzle, values=values, conflicts=wrong))
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
        puzzlesolve hint hitori instances/hitori/ai-course-5x5.txt my-answer.txt
    """
    from puzzlesolve.explain import hint

    puzzle, values, chosen = _explaining(genre, instance, answer, switches, svg)
    result = _asking(hint, genre, puzzle, values, encoding=encoding, switches=chosen,
                     **_limit(timeout))
    step = result.step
    if svg is not None:
        from puzzlesolve.drawing import draw

        shown = dict(values or {}) | dict(step.cells if step else [])
        wrong = sorted({cell for conflict in result.conflicts for cell, _ in conflict.cells})
        _write(svg, draw(genre, puzzle, values=shown, conflicts=wrong,
                         highlight=[cell for cell, _ in step.cells] if step else (),
                         cited=step.because if step else ()))
    if output_format == "json":
        click.echo(json.dumps(result.to_json()))
    elif step is not None:
        _print_step("hint", step)
        _print_legend(result, [step])
    elif result.status == "invalid":
        click.echo(VERDICT_TEXT["invalid"])
        _print_conflicts(result.conflicts)
    elif result.status == "multiple":
        click.echo("multiple: no further cell is forced; several solutions extend the answer")
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
    from puzzlesolve.grid import cell_name

    puzzle, _, chosen = _explaining(genre, instance, None, switches, None)
    result = _asking(explain, genre, puzzle, encoding=encoding, switches=chosen,
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
            undecided = " ".join(cell_name(cell) for cell in result.undecided)
            click.echo(f"multiple: no further cell is forced; several solutions remain; "
                       f"undecided: {undecided}")
        elif result.status == "timeout":
            click.echo(f"timeout: the time ran out after {len(result.steps)} steps; "
                       f"{len(result.undecided)} cells undecided")
        click.echo(f"difficulty: {result.difficulty.summary()}")
    sys.exit({"solved": 0, "timeout": 4}.get(result.status, 1))


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
@click.option("--difficulty", type=click.Choice(["easy", "medium", "hard"]), default="hard",
              show_default=True,
              help="The grade measured by explaining each candidate (see README).")
@click.option("--grade/--no-grade", default=None,
              help="Measure the grade (default: on boards small enough to explain quickly) "
                   "or only set clue counts / line lengths for it.")
@click.option("--fill", is_flag=True, help="Numberlink: lines cover every cell (Flow Free).")
@click.option("--voids", type=click.FloatRange(0, 1, max_open=True), default=None,
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

    from puzzlesolve.files import OutputError, write_whole
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


# the first of these that any instance shows decides the batch's exit status (else 0): bad
# input, a timeout before any solution, a difference under --against, a proven unsolvable
BATCH_EXIT = [("error", 2), ("timeout", 4), ("differs", 3), ("unsolvable", 1)]


@main.command("batch")
@genre_argument
@click.argument("paths", metavar="PATH...", nargs=-1, required=True)
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None,
              help="Worker processes, each solving on one core. Default: one per core.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the JSON lines to this file instead of standard output.")
@click.option("--resume", is_flag=True,
              help="Finish an interrupted run: solve only the instances not yet in --output.")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Stop searching an instance after this many seconds.")
@click.option("--scheduler", metavar="ADDRESS",
              help="Solve on the Dask cluster of this scheduler (tcp://HOST:PORT) instead.")
@click.option("-n", "--models", type=click.IntRange(min=0), default=2, show_default=True,
              help="Solutions to look for per instance; 0: all. 2 settles uniqueness.")
@click.option("--count", "count_only", is_flag=True,
              help="Only count the solutions; the lines list none.")
@click.option("--encoding", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Solve with this rules file instead of the built-in one.")
@click.option("--against", metavar="builtin|FILE.lp",
              help="Also solve each instance with these rules and report every instance "
                   "where status or count differ (builtin: the built-in rules).")
@click.option("--fill", is_flag=True, help="Numberlink: every cell must be covered (Flow Free).")
@click.option("--no-self-touch", is_flag=True,
              help="Numberlink: a line never runs alongside itself.")
def batch_command(genre, paths, jobs, output, resume, timeout, scheduler, models, count_only,
                  encoding, against, **switches) -> None:
    """Solve every GENRE instance in PATH... (files, folders, glob patterns): one JSON line each.

    A folder stands for every *.txt under it that is not a solution file (*.solution.txt).
    Lines come in the order instances finish; a summary goes to standard error. Exit
    status: 2 if an instance was bad input, else 4 if one timed out, else 3 if --against
    found a difference, else 1 if one is unsolvable, else 0; 130 when interrupted.

    \b
    Examples:
        puzzlesolve batch hitori puzzles/ -o results.jsonl
        puzzlesolve batch hitori puzzles/ -o results.jsonl --resume
        puzzlesolve batch hitori 'puzzles/**/*.txt' --encoding mine.lp --against builtin
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
                     against)
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


def _batch_job(genre, models, switches, timeout, count_only, encoding, against):
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
            rules.append(batch.Rules.read(path))
            check_encoding(path)
        except EncodingError as bad:
            raise BadInput(str(bad).splitlines()[0]) from None
        except OSError as bad:
            raise BadInput(f"{path}: cannot read: {bad.strerror or bad}") from None
    return batch.Job(genre, models, tuple(switches), timeout, count_only, rules[0],
                     compare=against is not None, against=rules[1])


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

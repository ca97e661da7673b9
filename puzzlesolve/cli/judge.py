"""The commands that judge and teach: ``check`` an answer, ``hint`` the next step, ``explain``
every step."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from puzzlesolve.cli import switches as genre_flags
from puzzlesolve.cli.common import (
    BadInput,
    GenreCommand,
    clingo_readable,
    genre_argument,
    instance_argument,
    need,
    writable,
    write,
)
from puzzlesolve.cli.request import request
from puzzlesolve.cli.types import TIMEOUT

if TYPE_CHECKING:
    from puzzlesolve.genre import Genre


def _command(name: str) -> Callable[[Callable], click.Command]:
    """A command on a GENRE that takes the genre flags of every switch."""
    return click.command(name, cls=GenreCommand, switches=genre_flags.every_switch)


def _explain_options(command: Callable) -> Callable:
    """The options check, hint and explain share (besides the genre flags): output format,
    rules file, time limit."""
    for option in reversed(
        [
            click.option(
                "--format",
                "output_format",
                type=click.Choice(["text", "json"]),
                default="text",
                show_default=True,
                help="Output for people (text) or scripts (json).",
            ),
            click.option(
                "--encoding",
                type=click.Path(exists=True, dir_okay=False, path_type=Path),
                callback=clingo_readable,
                help="Use this rules file (numbered rules in its header, see README).",
            ),
            click.option(
                "--timeout",
                type=TIMEOUT,
                default=None,
                help="Stop after this many seconds with what is found so far, marked "
                "as cut short (default: 60 for check and hint, 300 for explain).",
            ),
        ]
    ):
        command = option(command)
    return command


def _svg_option(command: Callable) -> Callable:
    return click.option(
        "--svg",
        type=click.Path(dir_okay=False, path_type=Path),
        help="Also draw the answer into this SVG file: conflicts outlined and hatched in red, "
        "a hint's cells outlined in amber, the cells a hint or conflict rests on "
        "bracketed in blue.",
    )(command)


def _explaining(
    genre: Genre, instance: str, answer: str | None, flags: dict[str, bool | None], svg: Path | None
):
    """The puzzle, the answer's decided cells (or None) and the switches for check, hint and
    explain; bad input and an unwritable --svg exit 2 before any solving."""
    from puzzlesolve.grid import InputError
    from puzzlesolve.instance import load_answer

    switches = genre_flags.chosen(genre, flags)
    need(genre, "explain")
    if svg is not None:
        need(genre, "draw")
        writable(svg, (instance, answer))
    asked = request(genre, instance, flags, switches=switches)
    try:
        values = None if answer is None else load_answer(genre, asked.puzzle, answer)
    except InputError as bad:
        raise BadInput(str(bad)) from None
    return asked.puzzle, values, asked.switches, asked.notes


def _asking(notes: list[str], question: Callable, *args, **options):
    """Call check, hint or explain; a rules file that is broken or breaks the convention is
    bad input. The `notes` on the instance's own options are printed once it is not."""
    from puzzlesolve import interrupt
    from puzzlesolve.program import EncodingError
    from puzzlesolve.rulebook import RulesError

    try:  # in a thread of its own: Ctrl-C ends the command at once, whatever clingo is doing
        answer = interrupt.in_background(question, *args, **options)
    except (RulesError, EncodingError) as bad:
        raise BadInput(str(bad).splitlines()[0]) from None
    except OSError as bad:  # the file that failed, the rules given or built-in
        where = bad.filename if bad.filename is not None else options.get("encoding")
        if where is None:
            raise BadInput(f"cannot read the rules: {bad.strerror or bad}") from None
        raise BadInput(f"{where}: cannot read: {bad.strerror or bad}") from None
    for note in notes:
        click.echo(note, err=True)
    return answer


def _conflict_cells(conflicts) -> tuple[list, list, list]:
    """The answer's cells in conflict, the other cells the conflicts cite as their reason
    (clues), and the answer's marks between two places in conflict (a loop genre's edges
    or segments, ``((a, b), drawn)``), for a picture to mark."""
    wrong = sorted({cell for conflict in conflicts for cell, _ in conflict.cells})
    reasons = sorted({cell for conflict in conflicts for cell in conflict.clues} - set(wrong))
    pairs = sorted(
        {
            (((r1, c1), (r2, c2)), drawn)
            for conflict in conflicts
            for (r1, c1, r2, c2), drawn in [*conflict.segments, *conflict.edges]
        }
    )
    return wrong, reasons, pairs


NO_SOLUTION = "the puzzle has no solution: "
"""How a conflict of the puzzle itself begins (`explain`'s wording): not said twice under a
line that says it already."""


UNSOLVABLE_ANSWER = "invalid: the puzzle has no solution, so no answer to it can be right"


def _of_the_puzzle(conflicts) -> bool:
    """Whether every conflict is one of the puzzle itself, none of the answer's marks."""
    return bool(conflicts) and all(c.text.startswith(NO_SOLUTION) for c in conflicts)


def _print_conflicts(conflicts, said: str = "") -> None:
    for number, conflict in enumerate(conflicts, start=1):
        text = conflict.text.removeprefix(said) if said else conflict.text
        click.echo(f"  conflict {number}: {text}")


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


@_command("check")
@genre_argument
@instance_argument
@click.argument("answer", metavar="ANSWER")
@_explain_options
@_svg_option
def check_command(genre, instance, answer, output_format, encoding, svg, timeout, **flags) -> None:
    """Check the ANSWER file (a solution, or partial: '?' undecided) to the GENRE puzzle in
    INSTANCE: solved, consistent (correct so far) or invalid, led by the mark to look at first
    (a rule it breaks at sight, or the technique that refutes it from the givens), then each
    conflict: a smallest set of the answer's cells that cannot all hold and the numbered
    rules they break.

    Exit status: 0 solved or consistent, 1 invalid, 2 bad input, 4 not judged in time.

    \b
    Example:
        puzzlesolve check hitori instances/hitori/ai-course-5x5.txt \\
            instances/hitori/ai-course-5x5-partial.ans
    """
    from puzzlesolve.explain import check

    puzzle, values, switches, notes = _explaining(genre, instance, answer, flags, svg)
    result = _asking(
        notes, check, genre, puzzle, values, encoding=encoding, switches=switches, **_limit(timeout)
    )
    if svg is not None:
        from puzzlesolve.drawing import draw

        wrong, reasons, pairs = _conflict_cells(result.conflicts)
        write(
            svg,
            draw(genre, puzzle, values=values, conflicts=wrong, cited=reasons, wrong_pairs=pairs),
            (instance, answer),
        )
    if output_format == "json":
        click.echo(json.dumps(result.to_json()))
    elif _of_the_puzzle(result.conflicts):  # no answer could be right: say why first
        click.echo(UNSOLVABLE_ANSWER)
        _print_conflicts(result.conflicts, NO_SOLUTION)
    else:
        click.echo(VERDICT_TEXT[result.verdict])
        if result.wrong is not None:  # the mark to look at first, before every conflict
            click.echo(f"  first: {result.wrong.text}")
        _print_conflicts(result.conflicts)
    sys.exit({"invalid": 1, "timeout": 4}.get(result.verdict, 0))


@_command("hint")
@genre_argument
@instance_argument
@click.argument("answer", metavar="[ANSWER]", required=False)
@_explain_options
@_svg_option
def hint_command(genre, instance, answer, output_format, encoding, svg, timeout, **flags) -> None:
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

    puzzle, values, switches, notes = _explaining(genre, instance, answer, flags, svg)
    result = _asking(
        notes, hint, genre, puzzle, values, encoding=encoding, switches=switches, **_limit(timeout)
    )
    step = result.step
    if svg is not None:
        from puzzlesolve.drawing import draw

        shown = dict(values or {}) | dict(step.cells if step else [])
        wrong, reasons, pairs = _conflict_cells(result.conflicts)
        write(
            svg,
            draw(
                genre,
                puzzle,
                values=shown,
                conflicts=wrong,
                wrong_pairs=pairs,
                highlight=step.about if step else (),
                cited=step.because if step else reasons,
            ),
            (instance, answer),
        )
        if step is None and not wrong and not reasons and not pairs:
            click.echo(
                f"% no hint to mark ({result.status}): {svg} shows the answer as it is", err=True
            )
    if output_format == "json":
        click.echo(json.dumps(result.to_json()))
    elif step is not None:
        _print_step("hint", step)
        _print_legend(result, [step])
    elif result.status == "invalid" and values is None:  # no answer: the puzzle itself
        click.echo("unsolvable: the puzzle has no solution")
        _print_conflicts(result.conflicts, NO_SOLUTION)
    elif result.status == "invalid" and _of_the_puzzle(result.conflicts):
        click.echo(UNSOLVABLE_ANSWER)
        _print_conflicts(result.conflicts, NO_SOLUTION)
    elif result.status == "invalid":
        click.echo(VERDICT_TEXT["invalid"])
        if result.wrong is not None:  # the mark to look at first, as check leads with it
            click.echo(f"  first: {result.wrong.text}")
        _print_conflicts(result.conflicts)
    elif result.status == "multiple":
        from puzzlesolve.wording import cell_names

        click.echo(
            "multiple: no further cell is forced; several solutions extend the answer; "
            f"undecided: {cell_names(result.undecided)}"
        )
    elif result.status == "timeout":
        click.echo("timeout: no step found in the time allowed")
    else:
        click.echo("solved: every cell is decided")
    sys.exit({"invalid": 1, "multiple": 1, "timeout": 4}.get(result.status, 0))


@_command("explain")
@genre_argument
@instance_argument
@_explain_options
def explain_command(genre, instance, output_format, encoding, timeout, **flags) -> None:
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
    from puzzlesolve.wording import cell_names, counted, difficulty_text

    puzzle, _, switches, notes = _explaining(genre, instance, None, flags, None)
    found: list = []  # the steps as they come, printed if Ctrl-C stops the rest
    try:
        result = _asking(
            notes,
            explain,
            genre,
            puzzle,
            encoding=encoding,
            switches=switches,
            on_step=found.append,
            **_limit(timeout),
        )
    except KeyboardInterrupt:
        _print_interrupted(genre, encoding, found[:], output_format)
        raise
    if output_format == "json":
        click.echo(json.dumps(result.to_json()))
    else:
        for number, step in enumerate(result.steps, start=1):
            _print_step(f"step {number}", step)
        _print_legend(result, result.steps)
        if result.status == "unsolvable":
            click.echo("unsolvable: the puzzle has no solution")
            _print_conflicts(result.conflicts, NO_SOLUTION)
        elif result.status == "multiple":
            click.echo(
                f"multiple: no further cell is forced; several solutions remain; "
                f"undecided: {cell_names(result.undecided)}"
            )
        elif result.status == "timeout":
            click.echo(
                f"timeout: the time ran out after {counted(len(result.steps), 'step')}; "
                f"{counted(len(result.undecided), 'cell')} undecided"
            )
        click.echo(f"difficulty: {difficulty_text(result.difficulty)}")
    sys.exit({"solved": 0, "timeout": 4}.get(result.status, 1))


def _print_interrupted(
    genre: Genre, encoding: Path | None, steps: list, output_format: str
) -> None:
    """The steps an explanation stopped by Ctrl-C had found, as the page's Stop keeps them
    (status "interrupted"), with the rules they cite."""
    from puzzlesolve.explain.results import Explanation
    from puzzlesolve.program import rules_path
    from puzzlesolve.rulebook import read_rulebook
    from puzzlesolve.wording import counted

    rules = read_rulebook(rules_path(genre, encoding)).rules
    if output_format == "json":
        click.echo(
            json.dumps(Explanation(genre.name, "interrupted", steps, [], [], rules).to_json())
        )
        return
    for number, step in enumerate(steps, start=1):
        _print_step(f"step {number}", step)
    cited = sorted({rule for step in steps for rule in step.rules})
    if cited:
        click.echo("where:")
    for rule in cited:
        click.echo(f"  rule {rule}: {rules[rule]}")
    click.echo(
        f"interrupted: Ctrl-C came after {counted(len(steps), 'step')}; the rest is not explained"
    )

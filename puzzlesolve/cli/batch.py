"""``puzzlesolve batch``: solve many instances on several cores, one JSON line each."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

import click

from puzzlesolve.cli import switches as genre_flags
from puzzlesolve.cli.common import (
    BadInput,
    GenreCommand,
    clingo_readable,
    genre_argument,
    writable,
)
from puzzlesolve.cli.types import JOBS, MODELS, TIMEOUT

BATCH_EXIT = [("error", 2), ("timeout", 4), ("differs", 3), ("unsolvable", 1)]


@click.command("batch", cls=GenreCommand, switches=genre_flags.every_switch)
@genre_argument
@click.argument("paths", metavar="PATH...", nargs=-1, required=True)
@click.option(
    "-j",
    "--jobs",
    type=JOBS,
    default=None,
    help="Worker processes, each solving on one core. Default: one per core.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the JSON lines to this file instead of standard output ('-': standard output).",
)
@click.option(
    "--resume",
    is_flag=True,
    help="Finish an interrupted run: solve only the instances not yet in --output.",
)
@click.option(
    "--timeout",
    type=TIMEOUT,
    default=None,
    help="Stop searching an instance after this many seconds (inf: no limit).",
)
@click.option(
    "--scheduler",
    metavar="ADDRESS",
    help="Solve on the Dask cluster of this scheduler (tcp://HOST:PORT) instead.",
)
@click.option(
    "-n",
    "--models",
    type=MODELS,
    default=2,
    show_default=True,
    help="Solutions to look for per instance; 0: all. 2 settles uniqueness.",
)
@click.option(
    "--count", "count_only", is_flag=True, help="Only count the solutions; the lines list none."
)
@click.option(
    "--encoding",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    callback=clingo_readable,
    help="Solve with this rules file instead of the built-in one.",
)
@click.option(
    "--against",
    metavar="builtin|FILE.lp",
    help="Also solve each instance with these rules and report every instance "
    "where status or count differ (builtin: the built-in rules).",
)
def batch_command(
    genre,
    paths,
    jobs,
    output,
    resume,
    timeout,
    scheduler,
    models,
    count_only,
    encoding,
    against,
    **flags,
) -> None:
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
    from puzzlesolve.batch_job import BatchError
    from puzzlesolve.files import OutputError, check_writable, read_lines
    from puzzlesolve.instance_files import find_instances

    output = _batch_output(output, resume)
    why = "each file says its own ('% options: stars=2')"
    genre_flags.refuse_numbers(flags, "batch", why)
    job = _batch_job(
        genre.name,
        models,
        genre_flags.chosen(genre, flags),
        timeout,
        count_only,
        encoding,
        against,
        off=genre_flags.switched_off(flags),
    )
    skipped: list[str] = []
    try:
        names = find_instances(paths, skipped)
        if output is not None:  # never an instance's file (--resume would cut it)
            check_writable(output, protect=names)
        earlier = read_lines(output) if resume and output.is_file() else []
        planned = batch.plan(names, earlier)
    except (BatchError, OutputError) as bad:
        raise BadInput(str(bad)) from None
    for name in skipped:  # reading a FIFO would wait for ever
        click.echo(f"% skipped {name}: not a regular file", err=True)
    started = time.perf_counter()
    outcomes, interrupted = _run_batch(planned, job, jobs, scheduler, output)
    _print_batch_summary(
        _batch_heading(genre.name, planned, outcomes, output, resume, started),
        summary := batch.Summary.of(outcomes),
        job.compare,
        planned.foreign,
    )
    if interrupted:
        from puzzlesolve.interrupt import exit_interrupted

        how = "" if output is None else f"; add --resume to finish the run into {output}"
        exit_interrupted(f"puzzlesolve: interrupted{how}")
    present = {*summary.counts, *(["differs"] if summary.differing else [])}
    sys.exit(next((code for status, code in BATCH_EXIT if status in present), 0))


def _batch_output(output: Path | None, resume: bool) -> Path | None:
    """The file the lines go to (None: standard output), refused where it cannot be."""
    if output == Path("-"):  # the usual word for standard output
        output = None
    if resume and output is None:
        raise BadInput("--resume needs --output FILE, the file of the run to finish")
    if (
        resume and output is not None and output.exists() and not output.is_file()
    ):  # a pipe, a device: no run to read
        raise BadInput(f"{output}: --resume reads the earlier run from a file, and this is not one")
    if output is not None and not resume and output.is_file() and output.stat().st_size:
        raise BadInput(f"{output} exists: --resume finishes that run (or remove the file)")
    if output is not None:
        writable(output)
    return output


def _run_batch(planned, job, jobs, scheduler, output):
    """Solve the planned instances, writing each line as it comes: the outcomes (those of an
    earlier run first) and whether Ctrl-C cut the run short."""
    from puzzlesolve import batch
    from puzzlesolve.batch_job import BatchError
    from puzzlesolve.files import OutputError, open_lines, write_line

    outcomes = [planned.done[name] for name in planned.names if name in planned.done]
    interrupted = False
    try:
        with contextlib.ExitStack() as stack:
            # workers first: they fork before the progress bar starts a thread
            results = stack.enter_context(
                batch.running(
                    planned.tasks, job, jobs=jobs, scheduler=scheduler, first=[planned.unreadable]
                )
            )
            stream = sys.stdout.buffer if output is None else open_lines(output)
            if output is not None:
                stack.callback(stream.close)
            # a bar on standard error when it is a screen, and not the screen the lines go to
            shown = sys.stderr.isatty() and not (output is None and sys.stdout.isatty())
            advance = stack.enter_context(_batch_progress(shown, len(planned.names), len(outcomes)))
            try:
                for solved in results:
                    for line, outcome in solved:
                        write_line(stream, line)
                        outcomes.append(outcome)
                    advance(len(solved))
            except KeyboardInterrupt:
                interrupted = True
                click.echo(err=True)  # the line Ctrl-C came on ("^C") ended, before the summary
    except (BatchError, OutputError) as bad:
        raise BadInput(str(bad)) from None
    except BrokenPipeError:  # the reader went away (`| head`): stop quietly, as other tools do
        # nothing left to flush at exit, which would fail again (Python allows None there;
        # older typeshed stubs, those of mypy 1.10 among them, say TextIO only)
        sys.stdout = None  # type: ignore[assignment, unused-ignore]
        sys.exit(141)
    return outcomes, interrupted


def _batch_heading(name, planned, outcomes, output, resume, started) -> str:
    import time

    from puzzlesolve.wording import counted

    where = "" if output is None else f" in {output}"
    resumed = sum(name in planned.done for name in planned.names)
    before = f" ({resumed} from before)" if resume else ""
    return (
        f"{name} batch: {len(outcomes)} of {counted(len(planned.names), 'instance')}{where}"
        f"{before}, {time.perf_counter() - started:.2f} s"
    )


def _batch_job(genre: str, models, switches, timeout, count_only, encoding, against, off=()):
    """The batch's Job, its rules files read and parsed: a broken one stops it before it starts."""
    from puzzlesolve import batch_job as batch
    from puzzlesolve.program import EncodingError, check_encoding

    if against == "builtin" and encoding is None:
        raise BadInput(
            "--against builtin compares your rules with the built-in ones: "
            "give them with --encoding FILE.lp"
        )
    rules: list[batch.Rules | None] = []
    for path in (encoding, against):
        try:
            if path is None or path == "builtin":
                rules.append(None)
                continue
            clingo_readable(None, None, Path(path))
            rules.append(batch.Rules.read(path))
            check_encoding(path)
        except EncodingError as bad:
            raise BadInput(str(bad).splitlines()[0]) from None
        except OSError as bad:
            raise BadInput(f"{path}: cannot read: {bad.strerror or bad}") from None
    # the genre's name: the job travels to worker processes, and most Genre records hold a
    # lambda, which does not pickle; each worker looks the genre up by name
    return batch.Job(
        genre,
        models,
        tuple(switches),
        timeout,
        count_only,
        rules[0],
        compare=against is not None,
        against=rules[1],
        off=off,
    )


def _batch_progress(shown: bool, total: int, done: int):
    """A context that yields `advance(n)`: a progress bar on standard error, if `shown`."""
    if not shown:
        return contextlib.nullcontext(lambda _count: None)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    @contextlib.contextmanager
    def bar():
        with Progress(
            "solving",
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=True,
        ) as progress:
            task = progress.add_task("solving", total=total, completed=done)
            yield lambda count: progress.advance(task, count)

    return bar()


def _print_batch_summary(heading: str, summary, compare: bool, foreign: int) -> None:
    from rich import box
    from rich.console import Console
    from rich.table import Table

    from puzzlesolve.wording import counted

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
        say(
            f"solving time: total {summary.total_s:.3f} s, median {summary.median_s:.4f} s, "
            f"slowest {summary.slowest[0].seconds:.3f} s"
        )
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
        say(f"  ... and {counted(len(summary.errors) - 10, 'more line')} with status error")
    for message in summary.messages[:5]:
        say(f"clingo: {message}")
    if foreign:
        what = "was not a batch line" if foreign == 1 else "were not batch lines"
        say(f"{counted(foreign, 'line')} of the output {what}; left as they were")

"""``puzzlesolve audit GENRE INSTANCE...``: what an author asks before publishing, for one
puzzle or a book of them (see `puzzlesolve.audit` and `puzzlesolve.audit_book`)."""

from __future__ import annotations

import contextlib
import json
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
    write,
)
from puzzlesolve.cli.request import request
from puzzlesolve.cli.types import JOBS, TIMEOUT, WholeNumber

FORMATS = ("text", "json", "html")
BOOK_GRADE_CELLS = 100  # a book grades puzzles up to this many cells unless told otherwise
BOOK_TIMEOUT = 10.0  # seconds per solve in a book unless told otherwise (one may never end)
EXIT = {"unique": 0, "multiple": 1, "unsolvable": 1, "timeout": 4}


@click.command("audit", cls=GenreCommand, switches=genre_flags.every_switch)
@genre_argument
@click.argument("instances", metavar="INSTANCE...", nargs=-1, required=True)
@click.option(
    "--symmetry",
    type=click.Choice(["none", "rotate", "mirror", "d4"]),
    default="none",
    show_default=True,
    help="Clues added keep this symmetry: rotate (180 degrees), mirror (left-right), "
    "d4 (all eight of a square); a clue comes with its images.",
)
@click.option(
    "--keep-grade",
    is_flag=True,
    help="Prefer repairs that keep the puzzle's grade; remove only clues whose removal keeps it.",
)
@click.option(
    "--against",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    callback=clingo_readable,
    metavar="RULES.lp",
    help="Also solve with this variant rules file: does the puzzle stay unique and "
    "keep its solution?",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(FORMATS),
    default=None,
    help="text (default), json (JSON Lines for several) or html (a page with "
    "pictures); with -o, the file's suffix chooses when not given.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="REPORT",
    help="Write the report to this file.",
)
@click.option(
    "--svg",
    type=click.Path(dir_okay=False, path_type=Path),
    help="One puzzle: draw two solutions that differ (or the one solution, the "
    "redundant clues marked) into this SVG file.",
)
@click.option(
    "-j",
    "--jobs",
    type=JOBS,
    default=None,
    help="A book: worker processes, each on one core. Default: one per core.",
)
@click.option(
    "--resume",
    is_flag=True,
    help="A book: finish an interrupted run into its JSON Lines -o REPORT.",
)
@click.option("--no-grade", is_flag=True, help="Do not grade (the costliest part).")
@click.option(
    "--grade-cells",
    type=WholeNumber(1),
    default=None,
    help="Grade only puzzles of at most this many cells. Default: one puzzle alone at any "
    "size, a book's up to 100 cells (a 20x20 Hitori's grade takes some 20 s).",
)
@click.option(
    "--timeout",
    type=TIMEOUT,
    default=None,
    help="Seconds each solve and the grade of a puzzle may take (inf: no limit). Default: "
    "no limit for one puzzle, 10 s in a book. A puzzle not settled in time has the status "
    "timeout (exit 4).",
)
@click.option(
    "--limit",
    type=WholeNumber(1),
    default=1000,
    show_default=True,
    help="Count solutions exactly up to this many.",
)
def audit_command(
    genre,
    instances,
    symmetry,
    keep_grade,
    against,
    output_format,
    output,
    svg,
    jobs,
    resume,
    no_grade,
    grade_cells,
    timeout,
    limit,
    **flags,
) -> None:
    """Audit GENRE puzzles for publishing: unique? where not, the fewest clues that repair
    it; redundant clues; grade and path; a variant's verdict.

    INSTANCE... is one puzzle (a file, '-' or a link), or a book: several files, folders,
    glob patterns or batch JSON Lines files (their instances), audited on every core into
    one report, flagged rows first. Exit status: 0 unique, 1 multiple or unsolvable (any,
    for a book), 2 bad input.

    \b
    Examples:
        puzzlesolve audit numbrix instances/numbrix/several-2x2.txt
        puzzlesolve audit numbrix instances/numbrix/several-2x2.txt --symmetry rotate \\
            --format json
        puzzlesolve audit hitori instances/hitori -o report.html
    """
    from puzzlesolve import audit_book

    output_format = output_format or _format_of(output)
    if resume and (output is None or output_format != "json"):
        raise BadInput("--resume needs -o REPORT.jsonl (JSON Lines), the report to finish")
    if output is not None and not resume and output.is_file() and output.stat().st_size:
        raise BadInput(f"{output} exists: --resume finishes that run (or remove the file)")
    for path in (output, svg):
        if path is not None:
            writable(path)
    job = audit_book.AuditJob(
        genre.name,
        symmetry,
        keep_grade,
        None,
        tuple(genre_flags.chosen(genre, flags)),
        genre_flags.switched_off(flags),
        not no_grade,
        limit,
        output_format == "html",
        grade_cells,
        timeout,
    )
    book = (
        len(instances) > 1
        or any(
            Path(name).is_dir() or name.lower().endswith(".jsonl") or any(s in name for s in "*?[")
            for name in instances
            if not Path(name).is_file()
        )
        or instances[0].lower().endswith(".jsonl")
    )
    if against is not None:
        from puzzlesolve.batch_job import Rules

        job = _with(job, against=Rules.read(against))
    if svg is not None and book:
        raise BadInput("--svg draws one puzzle; a book's pictures are in its HTML report")
    if book and grade_cells is None:
        job = _with(job, grade_cells=BOOK_GRADE_CELLS)
    given = click.get_current_context().get_parameter_source("timeout")
    if book and given is click.core.ParameterSource.DEFAULT:  # --timeout inf: no limit
        job = _with(job, timeout=BOOK_TIMEOUT)
    if book:
        _book(genre, instances, job, output_format, output, jobs, resume)
    else:
        _one(genre, instances[0], job, output_format, output, svg, flags)


def _with(job, **changes):
    from dataclasses import replace

    return replace(job, **changes)


def _format_of(output: Path | None) -> str:
    suffix = "" if output is None else output.suffix.lower()
    return {".json": "json", ".jsonl": "json", ".html": "html", ".htm": "html"}.get(suffix, "text")


def _one(genre, instance, job, output_format, output, svg, flags) -> None:
    from puzzlesolve import audit_book, interrupt
    from puzzlesolve.audit import SymmetryError, audit
    from puzzlesolve.grid import InputError
    from puzzlesolve.program import EncodingError

    asked = request(genre, instance, flags, switches=list(job.switches))
    loaded, switches, notes = asked.loaded, asked.switches, asked.notes
    cells = loaded.puzzle.rows * loaded.puzzle.cols
    try:  # in a thread of its own: Ctrl-C ends the command at once (a Ctrl-C that came in
        # clingo's callbacks on this thread could be lost, "Exception ignored")
        report = interrupt.in_background(
            audit,
            genre,
            loaded.puzzle,
            instance=instance,
            symmetry=job.symmetry,
            keep_grade=job.keep_grade,
            against=None if job.against is None else job.against.path,
            switches=switches,
            grade=job.grade and (job.grade_cells is None or cells <= job.grade_cells),
            limit=job.limit,
            timeout=job.timeout,
        )
    except SymmetryError as bad:
        raise BadInput(str(bad)) from None
    except (InputError, EncodingError) as bad:
        raise BadInput(str(bad)) from None
    for note in notes:
        click.echo(note, err=True)
    line = report.to_json()
    picture = None
    if svg is not None or output_format == "html":
        picture = audit_book.picture_of(genre, loaded.puzzle, report)
    if output_format == "json":
        text = json.dumps(line) + "\n"
    elif output_format == "html":
        text = audit_book.html_page([line], {instance: picture}, f"{genre.name} audit", genre.sites)
    else:
        text = audit_book.describe(line, genre.sites)
    if output is None:
        click.echo(text, nl=False)
    else:
        write(output, text)
    if svg is not None:
        if picture is None:
            click.echo(f"% nothing to draw ({report.status}): {svg} not written", err=True)
        else:
            write(svg, picture)
    sys.exit(EXIT[report.status])


def _book(genre, paths, job, output_format, output, jobs, resume) -> None:
    from puzzlesolve import audit_book, batch
    from puzzlesolve.batch_job import BatchError
    from puzzlesolve.files import OutputError, open_lines, read_lines, write_line
    from puzzlesolve.instance_files import read_instances

    skipped: list[str] = []
    try:
        names = audit_book.instances(paths, skipped)
        earlier = read_lines(output) if resume and output.is_file() else []
    except (BatchError, OutputError) as bad:
        raise BadInput(str(bad)) from None
    for name in skipped:  # reading a FIFO would wait for ever
        click.echo(f"% skipped {name}: not a regular file", err=True)
    done = audit_book.finished(earlier)
    lines = [done[name] for name in names if name in done]
    tasks, unreadable = read_instances(name for name in names if name not in done)
    pictures: dict[str, str | None] = {}
    unread = [
        (
            {
                "instance": json.loads(text)["instance"],
                "status": "error",
                "error": json.loads(text)["error"],
            },
            None,
        )
        for text, _ in unreadable
    ]
    stream_lines = output_format == "json"
    try:
        with contextlib.ExitStack() as stack:
            results = stack.enter_context(
                batch.running(tasks, job, jobs=jobs, audit=True, first=[unread])
            )
            stream = None
            if stream_lines:
                stream = sys.stdout.buffer if output is None else open_lines(output)
                if output is not None:
                    stack.callback(stream.close)
            for chunk in results:
                for line, picture in chunk:
                    lines.append(line)
                    pictures[line["instance"]] = picture
                    if stream is not None:
                        write_line(stream, json.dumps(line) + "\n")
    except OutputError as bad:
        raise BadInput(str(bad)) from None
    except KeyboardInterrupt:
        how = "" if output is None or not stream_lines else f"; --resume finishes {output}"
        click.echo(f"puzzlesolve: interrupted{how}", err=True)
        sys.exit(130)
    if not stream_lines:
        if output_format == "html":
            text = audit_book.html_page(
                lines, pictures, f"{genre.name} audit: {len(lines)} puzzles", genre.sites
            )
        else:
            text = audit_book.text_table(lines)
        if output is None:
            click.echo(text, nl=False)
        else:
            write(output, text)
    statuses = {str(line.get("status")) for line in lines}
    if "error" in statuses:
        sys.exit(2)
    sys.exit(max(EXIT.get(status, 2) for status in statuses) if statuses else 0)

"""A book: `puzzlesolve.audit` over many instances on every core, and its one report.

Batch's machinery (``puzzlesolve.batch``, ``running(..., audit=True)``) finds and reads the instances and hands them out
largest first in chunks; each worker process audits its chunk with solves that keep to one
core and sends back, per instance, its JSON line (`Audit.to_json` with ``"instance"``) and,
when asked, its picture. Only the parent writes, one whole line at a time, so a JSON Lines
report cut short is finished by a later run that skips the instances it holds (`finished`).

Reports: `text_table` (a table per puzzle, flagged rows first), JSON Lines, and `html_page`
(the table and each puzzle's picture as inline SVG: nothing is fetched from the internet).
"""

from __future__ import annotations

import contextlib
import html
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from puzzlesolve.audit import LIMIT, Audit, audit
from puzzlesolve.batch_job import BatchError, Rules, rules_file
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell, InputError
from puzzlesolve.instance_files import find_instances
from puzzlesolve.program import EncodingError

Audited = tuple[dict, str | None]  # (the instance's JSON line as a dict, its SVG picture)


@dataclass(frozen=True)
class AuditJob:
    """How every instance of a book is audited (see `puzzlesolve.audit.audit`).

    Attributes:
        genre: the genre's name (looked up once per chunk in a worker).
        symmetry: the symmetry added clues keep.
        keep_grade: prefer repairs, and allow removals, that keep the grade.
        against: a variant rules file (its text travels with the job), or None.
        switches: the genre's switches the command line sets.
        off: switches the command line turns off, whatever an instance asks.
        grade: whether to grade each puzzle.
        grade_cells: puzzles of more cells are not graded (an explanation of a 20x20 Hitori
            takes some 20 s; None: every puzzle).
        timeout: seconds per solve and per grade (see `audit`), or None.
        limit: solutions counted exactly up to this many.
        pictures: whether to draw each puzzle (the HTML report).
    """

    genre: str
    symmetry: str = "none"
    keep_grade: bool = False
    against: Rules | None = None
    switches: tuple[str, ...] = ()
    off: tuple[str, ...] = ()
    grade: bool = True
    limit: int = LIMIT
    pictures: bool = False
    grade_cells: int | None = None
    timeout: float | None = None


def audit_one(genre: Genre, name: str, text: str, job: AuditJob, cores: int | None = 1) -> Audited:
    """One instance's line and picture; bad input gives an error line, never an exception."""
    from puzzlesolve.instance import is_link, load_with_rules, parse_with_rules

    try:
        loaded = (
            load_with_rules(genre, name) if is_link(name) else parse_with_rules(genre, text, name)
        )
        switches = [s for s in loaded.switches if s not in job.off]
        switches += [s for s in job.switches if s not in switches]
        against = None if job.against is None else rules_file(job.against)
        cells = loaded.puzzle.rows * loaded.puzzle.cols
        grade = job.grade and (job.grade_cells is None or cells <= job.grade_cells)
        report = audit(
            genre,
            loaded.puzzle,
            instance=name,
            symmetry=job.symmetry,
            keep_grade=job.keep_grade,
            against=against,
            switches=switches,
            grade=grade,
            limit=job.limit,
            cores=cores,
            timeout=job.timeout,
        )
        if job.grade and not grade:
            report.notes["grade"] = (
                f"not graded: {cells} cells, over --grade-cells {job.grade_cells}"
            )
    except (InputError, EncodingError, RuntimeError) as bad:
        # RuntimeError: two of the audit's solves disagreed, which it never reports as found
        return {"instance": name, "status": "error", "error": " ".join(str(bad).split())}, None
    picture = picture_of(genre, loaded.puzzle, report) if job.pictures else None
    return report.to_json(), picture


def instances(paths: Iterable[str], skipped: list[str] | None = None) -> list[str]:
    """The instances PATH arguments name: files, folders, globs (as ``batch``, what is no
    regular file added to `skipped`), and batch JSON Lines files (``*.jsonl``), each
    standing for the instances its lines name.

    Raises:
        BatchError: a folder or pattern with no instance, or a JSONL file unreadable.
    """
    names: list[str] = []
    for path in paths:
        if path.lower().endswith(".jsonl"):
            try:
                with open(path, encoding="utf-8") as lines:
                    found = [_instance_of(line) for line in lines if line.strip()]
            except OSError as failure:
                raise BatchError(f"{path}: cannot read: {failure.strerror}") from None
            names += [name for name in found if name]
        else:
            names += find_instances([path], skipped)
    return list(dict.fromkeys(names))


def _instance_of(line: str) -> str | None:
    with contextlib.suppress(ValueError, AttributeError):
        name = json.loads(line).get("instance")
        return name if isinstance(name, str) else None
    return None


def finished(lines: Iterable[str]) -> dict[str, dict]:
    """The audit lines of an earlier run, by instance (other lines are left alone)."""
    done: dict[str, dict] = {}
    for text in lines:
        with contextlib.suppress(ValueError, AttributeError, TypeError):
            line = json.loads(text)
            if isinstance(line.get("instance"), str) and "status" in line:
                done[line["instance"]] = line
    return done


# ---------------------------------------------------------------- pictures and reports


def picture_of(genre: Genre, puzzle: Any, report: Audit) -> str | None:
    """Two solutions that differ, side by side (the differing sites hatched), or the one
    solution with the redundant clues marked; None without a solution or a drawing."""
    from puzzlesolve import drawing

    if not genre.has("draw"):
        return None
    if report.pair is not None:
        return drawing.draw_two(genre, puzzle, *report.pair, differ=report.differ)
    if report.solution is not None:
        return drawing.draw(genre, puzzle, solution=report.solution, cited=report.redundant)
    return None


def flagged(line: dict) -> bool:
    """Whether a line needs an author's eye: not unique, clues to spare, a variant that
    changes the puzzle, or bad input."""
    against = line.get("against")
    changed = against is not None and not against.get("keeps_solution")
    return line.get("status") != "unique" or bool(line.get("redundant")) or changed


def ordered(lines: Iterable[dict]) -> list[dict]:
    """Flagged lines first, then by instance name."""
    return sorted(lines, key=lambda line: (not flagged(line), line.get("instance", "")))


def cell_name(cell: Cell | list[int]) -> str:
    """``r1c2``: 1-based, as explanations name cells."""
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def site_text(site: Any, sites: str) -> str:
    """A differing site as text: a cell ``r1c2``; a loop genre's edge ``p1.2-p1.3`` or
    segment ``r1c2-r1c3`` (JSON lists them as lists, of lists for a pair), as the genre's
    `sites` name them."""
    from puzzlesolve.wording import site_name

    if not isinstance(site[0], list | tuple):
        return cell_name(site)
    return site_name(tuple(tuple(end) for end in site), sites)


def _repair_text(line: dict) -> str:
    repairs = line.get("repairs") or []
    if not repairs:
        return "-" if line.get("status") == "unique" else "none"
    return str(len(repairs[0]["add"]))


def _grade_text(line: dict) -> str:
    grade = line.get("grade") or {}
    if not grade.get("grade"):
        return "-"
    return grade["grade"] + ("" if grade.get("complete", True) else "+")


def row(line: dict) -> list[str]:
    """A line's row of the table: instance, status, solutions, repair size, redundant clues,
    grade (and the variant's verdict when there is one)."""
    if line.get("status") == "error":
        return [line["instance"], "error", "-", "-", "-", line.get("error", "")]
    cells = [
        line["instance"],
        line["status"],
        str(line["solutions"]),
        _repair_text(line),
        " ".join(cell_name(cell) for cell in line.get("redundant", [])) or "-",
        _grade_text(line),
    ]
    against = line.get("against")
    if against is not None:
        keeps = against.get("keeps_solution")
        cells.append(f"{against['status']}" + ("" if keeps is None else f", keeps: {keeps}"))
    return cells


HEADINGS = ["instance", "status", "solutions", "repair", "redundant", "grade"]


def text_table(lines: Iterable[dict]) -> str:
    """The book's table, flagged rows first (marked ``!``)."""
    lines = ordered(lines)
    variant = any("against" in line for line in lines)
    headings = HEADINGS + (["variant"] if variant else [])
    rows = [[("! " if flagged(line) else "  ") + row(line)[0], *row(line)[1:]] for line in lines]
    table = [["  " + headings[0], *headings[1:]], *rows]
    widths = [max(len(r[i]) if i < len(r) else 0 for r in table) for i in range(len(headings))]
    out = ["  ".join(text.ljust(widths[i]) for i, text in enumerate(r)).rstrip() for r in table]
    flagged_count = sum(flagged(line) for line in lines)
    out.append(
        f"{len(lines)} puzzles, {flagged_count} flagged (!: not unique, clues to spare, "
        "a variant that changes it, or bad input); grade+: at least"
    )
    return "\n".join(out) + "\n"


def describe(line: dict, sites: str = "cells") -> str:
    """One puzzle's audit for a person, a few lines; `sites` says what the genre's sites
    are (`Genre.sites`)."""
    name = line.get("instance") or line.get("genre", "")
    if line.get("status") == "error":
        return f"{name}: error: {line.get('error', '')}\n"
    solutions = line["solutions"]
    said = {
        "unique": "unique",
        "multiple": f"multiple ({solutions} solutions)",
        "unsolvable": "no solution",
        "timeout": f"not settled in the time allowed ({solutions} solutions)",
    }[line["status"]]
    out = [f"{name}: {said}"]
    if line["differ"]:
        out.append(f"  differ: {' '.join(site_text(site, sites) for site in line['differ'])}")
    by_status = {"multiple": _repair_lines, "unsolvable": _conflict_lines, "unique": _clue_lines}
    if line["status"] in by_status:
        out += by_status[line["status"]](line, line.get("notes", {}))
    out += _grade_lines(line)
    out += _against_lines(line)
    return "\n".join(out) + "\n"


def _repair_lines(line: dict, notes: dict) -> list[str]:
    out = []
    if line["repairs"]:
        size = len(line["repairs"][0]["add"])
        options = "; or ".join(
            ", ".join(f"{cell_name(add['cell'])} = {add['value']}" for add in repair["add"])
            + (f" (grade {repair['grade']})" if "grade" in repair else "")
            for repair in line["repairs"]
        )
        out.append(f"  repair ({size} clue{'s' * (size != 1)}, re-checked unique): {options}")
    if "repairs" in notes:
        out.append(f"  repair: {notes['repairs']}")
    return out


def _conflict_lines(line: dict, notes: dict) -> list[str]:
    out = [f"  {notes.get('repairs', '')}"]
    conflict = line.get("conflict")
    if conflict:
        clues = " ".join(cell_name(cell) for cell in conflict["clues"])
        out.append(f"  clues in conflict: {clues} ({conflict['text']})")
    return out


def _clue_lines(line: dict, notes: dict) -> list[str]:
    redundant = " ".join(cell_name(cell) for cell in line["redundant"]) or "none"
    removable = " ".join(cell_name(cell) for cell in line["removable"]) or "none"
    out = [f"  redundant clues (each alone): {redundant}", f"  removable together: {removable}"]
    if "redundant" in notes:
        out.append(f"  ({notes['redundant']})")
    return out


def _grade_lines(line: dict) -> list[str]:
    out = []
    grade = line.get("grade") or {}
    if grade.get("grade"):
        tiers = ", ".join(f"{n} {tier}" for tier, n in grade["tiers"].items() if n)
        at_least = "" if grade["complete"] else "at least "
        steps = f"{grade['steps']} step{'s' * (grade['steps'] != 1)}"
        out.append(f"  grade: {at_least}{grade['grade']} ({steps}: {tiers})")
        hardest = grade["hardest"]
        where = " ".join(cell_name(cell) for cell in hardest["cells"])
        out.append(f"  hardest step (weight {hardest['weight']}) at {where}: {hardest['text']}")
        if grade["opening"]:
            opening = " ".join(cell_name(cell) for cell in grade["opening"])
            out.append(f"  the first step rests on the clues at {opening}")
    notes = line.get("notes", {})
    if "grade" in notes:
        out.append(f"  grade: {notes['grade']}")
    return out


def _against_lines(line: dict) -> list[str]:
    against = line.get("against")
    if against is None:
        return []
    keeps = against["keeps_solution"]
    verdict = (
        ""
        if keeps is None
        else (", keeps the solution" if keeps else ", does not keep the solution")
    )
    return [f"  under {against['rules']}: {against['status']}{verdict}"]


PAGE_STYLE = """
body { font-family: sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; margin-bottom: 2em; }
th, td { border: 1px solid #bbb; padding: 0.3em 0.6em; text-align: left; }
tr.flagged td { background: #fff3d6; }
section { margin: 1.5em 0; border-top: 1px solid #ddd; padding-top: 1em; }
pre { white-space: pre-wrap; }
svg { max-width: 100%; height: auto; }
"""


def html_page(
    lines: Iterable[dict], pictures: dict[str, str | None], title: str, sites: str = "cells"
) -> str:
    """The book as one HTML page: the table (flagged rows first, shaded), then each puzzle's
    audit and its picture, inline SVG (no file or address outside the page)."""
    lines = ordered(lines)
    variant = any("against" in line for line in lines)
    headings = HEADINGS + (["variant"] if variant else [])
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{html.escape(title)}</title><style>{PAGE_STYLE}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
        "<table><thead><tr>"
        + "".join(f"<th>{html.escape(h)}</th>" for h in headings)
        + "</tr></thead><tbody>",
    ]
    for index, line in enumerate(lines):
        cells = row(line)
        link = f'<a href="#p{index}">{html.escape(cells[0])}</a>'
        shade = ' class="flagged"' if flagged(line) else ""
        out.append(
            f"<tr{shade}><td>{link}</td>"
            + "".join(f"<td>{html.escape(text)}</td>" for text in cells[1:])
            + "</tr>"
        )
    out.append("</tbody></table>")
    for index, line in enumerate(lines):
        out.append(f'<section id="p{index}"><pre>{html.escape(describe(line, sites))}</pre>')
        picture = pictures.get(line.get("instance", ""))
        if picture:
            start = picture.find("<svg")
            out.append(picture[start:] if start >= 0 else picture)
        out.append("</section>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"

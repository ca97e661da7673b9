"""One instance of a batch: how every instance is solved (`Job`), its JSON line and what
the summary needs of it (`Outcome`). Workers receive the instance's text, so a Dask worker on
another machine needs no access to the files; a user's rules file travels as its text too."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import json
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from puzzlesolve.genre import Genre
from puzzlesolve.grid import InputError
from puzzlesolve.instance import is_link, load_with_rules, parse_with_rules
from puzzlesolve.program import EncodingError
from puzzlesolve.solver import Result, solve

STATUSES = ("unique", "multiple", "solved", "unsolvable", "timeout", "error")

Task = tuple[str, str]  # (instance name, its text)
Solved = tuple[str, "Outcome"]  # (the JSON line with its newline, what the summary needs)


class BatchError(Exception):
    """A batch that cannot start: a PATH naming nothing, Dask missing or out of reach."""


@dataclass(frozen=True)
class Rules:
    """A user's rules file, carried by its text so that a worker on another machine has it.

    Attributes:
        path: the file as the user named it (messages name it).
        text: its contents.
    """

    path: str
    text: str

    @classmethod
    def read(cls, path: str | Path) -> Rules:
        """Raises: OSError: the file cannot be read."""
        return cls(str(path), Path(path).read_text(encoding="utf-8"))


@dataclass(frozen=True)
class Job:
    """How every instance of a batch is solved: the solve options, and what to compare with.

    Attributes:
        genre: the genre's name (a name travels to worker processes and Dask workers, which
            look it up once per chunk; see `puzzlesolve.workers`).
        models: solutions to look for per instance (0: all), as ``solve``'s `models`.
        switches: the genre's switches to set (e.g. "fill").
        timeout: seconds per instance, or None.
        count_only: count solutions without keeping them (``--count``).
        rules: the rules to solve with; None: the built-in ones.
        compare: differential mode: each instance is also solved with `against`.
        against: the rules to compare with; None: the built-in ones.
        off: switches the command line turned off (``--no-fill``), even where an instance
            asks for them (its ``% options`` line, an arukone link).
    """

    genre: str
    models: int = 2
    switches: tuple[str, ...] = ()
    timeout: float | None = None
    count_only: bool = False
    rules: Rules | None = None
    compare: bool = False
    against: Rules | None = None
    off: tuple[str, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """What the summary needs of one instance's line.

    Attributes:
        instance: the instance's name, as on its line.
        status: the contract's status, or "error" (bad input; `detail` says why).
        seconds: solving time from the line's statistics (both solves when comparing).
        differs: differential mode: the two rules gave another status or count.
        detail: the error message, or for a difference the two statuses and counts.
        messages: clingo's warnings about the rules (e.g. an atom no rule defines).
    """

    instance: str
    status: str
    seconds: float = 0.0
    differs: bool = False
    detail: str = ""
    messages: tuple[str, ...] = ()

    @classmethod
    def of(cls, line: dict, messages: Iterable[str] = ()) -> Outcome:
        """The outcome a batch line records (a line just solved, or read back to resume).

        Raises:
            KeyError, TypeError, ValueError: `line` is not a batch line.
        """
        if line["status"] not in STATUSES:
            raise ValueError(f"not a batch status: {line['status']!r}")
        if line["status"] == "error":
            return cls(line["instance"], "error", detail=line.get("error", ""))
        against = line.get("against", {})
        seconds = line["stats"]["time_s"] + against.get("stats", {}).get("time_s", 0.0)
        detail = ""
        if line.get("differs"):
            detail = (
                f"{line['status']} {line['count']} vs {against['rules']} "
                f"{against['status']} {against['count']}"
            )
        return cls(
            line["instance"],
            line["status"],
            seconds,
            bool(line.get("differs")),
            detail,
            tuple(messages),
        )


def solve_one(genre: Genre, name: str, text: str, job: Job) -> Solved:
    """One instance's JSON line and outcome; bad input gives an error line, never an exception.

    The line is ``{"instance": NAME, ...the solve object...}``; in differential mode it also
    has ``"against": {"rules", "status", "count", "exhausted", "stats"}`` (the other rules'
    result) and ``"differs"``: whether the statuses or the counts are not the same.
    """
    try:
        loaded = (
            load_with_rules(genre, name) if is_link(name) else parse_with_rules(genre, text, name)
        )
        puzzle, job = loaded.puzzle, _with_switches(job, loaded.switches)
        result = _solve(genre, puzzle, job, job.rules)
        line = {"instance": name, **result.to_json()}
        messages = result.messages
        if job.compare:
            other = _solve(genre, puzzle, job, job.against)
            line["against"] = {
                "rules": "builtin" if job.against is None else job.against.path,
                "status": other.status,
                "count": other.count,
                "exhausted": other.exhausted,
                "stats": other.stats,
            }
            line["differs"] = (result.status, result.count) != (other.status, other.count)
            messages = messages + other.messages
    except (InputError, EncodingError) as bad:
        return solved_line({"instance": name, "status": "error", "error": one_line(str(bad))})
    return solved_line(line, messages)


def _with_switches(job: Job, switches: Iterable[str]) -> Job:
    """The job with the switches an instance asks for (an arukone link: fill; a file's
    ``% options`` line), but for those the command line turned off."""
    extra = tuple(switch for switch in switches if switch not in job.switches + job.off)
    return dataclasses.replace(job, switches=job.switches + extra) if extra else job


def _solve(genre: Genre, puzzle: object, job: Job, rules: Rules | None) -> Result:
    return solve(
        genre,
        puzzle,
        models=job.models,
        timeout=job.timeout,
        switches=job.switches,
        keep_solutions=not job.count_only,
        cores=1,
        encoding=None if rules is None else rules_file(rules),
    )


def solved_line(line: dict, messages: Iterable[str] = ()) -> Solved:
    """The line as written, and its outcome."""
    return json.dumps(line) + "\n", Outcome.of(line, map(one_line, messages))


def one_line(message: str) -> str:
    return " ".join(message.split())


@functools.cache
def rules_file(rules: Rules) -> str:
    """The rules as a file on this machine: the user's own file where it holds the same text
    (this machine, or a shared file system), else a copy in a temporary folder."""
    with contextlib.suppress(OSError):
        if Path(rules.path).read_text(encoding="utf-8") == rules.text:
            return rules.path
    copy = Path(tempfile.mkdtemp(prefix="puzzlesolve-rules-")) / Path(rules.path).name
    copy.write_text(rules.text, encoding="utf-8")
    return str(copy)

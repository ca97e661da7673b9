"""Batch solving: many instances, each solved once, on local worker processes or a Dask cluster.

    >>> from puzzlesolve.batch import Job, find_instances, local_workers, read_instances, chunked
    >>> tasks, unreadable = read_instances(find_instances(["instances/hitori"]))
    >>> with local_workers(2) as solve_all:
    ...     for results in solve_all(chunked(tasks, 2), Job("hitori")):
    ...         for line, outcome in results:
    ...             print(outcome.instance, outcome.status)

The parent process finds the instances and reads their text; workers receive the text (so a
Dask worker on another machine needs no access to the files), solve chunks of instances, and
send back for each one its JSON line, ready to write, and its `Outcome` for the summary. Only
the parent writes. Each solve keeps to one core (``solve(..., cores=1)``), so N workers use N.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import glob
import json
import multiprocessing
import os
import signal
import statistics
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from puzzlesolve.genre import Genre
from puzzlesolve.grid import InputError
from puzzlesolve.instance import is_link, load_with_rules, parse_with_rules, read_text
from puzzlesolve.program import EncodingError
from puzzlesolve.solver import Result, solve

STATUSES = ("unique", "multiple", "solved", "unsolvable", "timeout", "error")

SOLUTION_SUFFIXES = (".sol", ".solution.txt")
"""Files a folder or a glob never yields: solution files written beside their instances.
Ours are ``NAME.sol`` (instances/, generate); ``NAME.solution.txt`` is how the shared corpus
and other collections name theirs, so a folder of those is read as its instances alone."""

# Sending a chunk to a worker and its lines back costs about 0.1 ms, solving an 8x8 Hitori
# about 4 ms: chunks of two or three such puzzles make the cost negligible, and puzzles of
# 12x12 or more, which take longer, are sent alone so that the workers share them evenly.
CHUNK_TEXT = 500  # characters of instance text per chunk, about (a larger instance goes alone)
CHUNKS_PER_WORKER = 4  # at least, where there are enough instances: keeps every worker busy
CONNECT_SECONDS = 10  # to reach a Dask scheduler

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
            look it up once per chunk; see `solve_chunk`).
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


def is_solution_file(name: str) -> bool:
    return name.lower().endswith(SOLUTION_SUFFIXES)


def find_instances(paths: Iterable[str], skipped: list[str] | None = None) -> list[str]:
    """The instance files that PATH arguments name, each once, in the order given.

    A folder gives every ``*.txt`` file under it (subfolders included, hidden ones not) that
    is not a solution file, sorted; a glob pattern (``*``, ``?``, ``[``; ``**`` for any
    depth) that is not itself a file gives the matching files that are not solution files;
    anything else is taken as a file name (a missing file then has an error line). Names
    are normalised (``./a//b.txt`` is ``a/b.txt``), so that `--resume` recognises them.
    What a folder or a pattern holds that is no regular file (a FIFO, a socket, a device:
    reading one could wait for ever) is left out, its name added to `skipped`.

    Raises:
        BatchError: a folder or pattern that gives no instance file.
    """
    found: dict[str, None] = {}
    for path in paths:
        if is_link(path):
            names = [path]  # a link is its own name (normpath would spoil its "//")
        elif os.path.isdir(path):
            names = sorted(map(os.path.normpath, _text_files(path, skipped)))
            if not names:
                raise BatchError(f"{path}: no instance files (*.txt) in this folder")
        elif not os.path.exists(path) and any(sign in path for sign in "*?["):
            names = sorted(glob.glob(path, recursive=True))
            if skipped is not None:
                skipped += [name for name in names if _special(name)]
            names = [
                os.path.normpath(name)
                for name in names
                if os.path.isfile(name) and not is_solution_file(name)
            ]
            if not names:
                raise BatchError(f"{path}: no instance file matches")
        else:
            names = [os.path.normpath(path)]
        found.update(dict.fromkeys(names))
    return list(found)


def _text_files(folder: str, skipped: list[str] | None) -> Iterator[str]:
    for root, folders, files in os.walk(folder):
        folders[:] = [name for name in folders if not name.startswith(".")]
        for name in files:
            # PUZZLE.TXT too: file names from Windows and old cameras are often upper case
            text = name.lower().endswith(".txt")
            if text and not is_solution_file(name) and not name.startswith("."):
                path = os.path.join(root, name)
                if os.path.isfile(path):
                    yield path
                elif skipped is not None:
                    skipped.append(os.path.normpath(path))


def _special(name: str) -> bool:
    """Whether a name is neither a regular file nor a folder (a FIFO, a socket, a device)."""
    return os.path.exists(name) and not os.path.isfile(name) and not os.path.isdir(name)


def read_instances(names: Iterable[str]) -> tuple[list[Task], list[Solved]]:
    """Read each instance's text; a file that cannot be read gets its error line at once."""
    tasks: list[Task] = []
    unreadable: list[Solved] = []
    for name in names:
        if is_link(name):
            tasks.append((name, name))  # read where it is solved
            continue
        try:
            text, _ = read_text(name)
        except InputError as bad:
            unreadable.append(_line({"instance": name, "status": "error", "error": str(bad)}))
            continue
        tasks.append((name, text))
    return tasks, unreadable


def read_finished(lines: Iterable[str]) -> tuple[dict[str, Outcome], int]:
    """The outcomes recorded in an earlier run's lines, by instance, and how many lines were
    not batch lines (those are left alone; their instances, if any, are solved again)."""
    finished: dict[str, Outcome] = {}
    foreign = 0
    for text in lines:
        try:
            outcome = Outcome.of(json.loads(text))
        except (ValueError, KeyError, TypeError):
            foreign += 1
            continue
        finished[outcome.instance] = outcome
    return finished, foreign


def chunked(tasks: list[Task], workers: int) -> list[list[Task]]:
    """Instances in the chunks they are sent in, the largest first.

    Largest first, so that the slowest start early rather than leave one worker busy at the
    end; small instances go in groups, so that sending them costs little next to solving
    them, yet in enough chunks (CHUNKS_PER_WORKER) that every worker keeps busy.
    """
    most = max(1, len(tasks) // (max(workers, 1) * CHUNKS_PER_WORKER))
    chunks: list[list[Task]] = []
    size = 0
    for task in sorted(tasks, key=lambda task: len(task[1]), reverse=True):
        if not chunks or len(chunks[-1]) >= most or size + len(task[1]) > CHUNK_TEXT:
            chunks.append([])
            size = 0
        chunks[-1].append(task)
        size += len(task[1])
    return chunks


def solve_chunk(chunk: list[Task], job: Job) -> list[Solved]:
    """Solve a chunk of instances in this process (a worker's task).

    A worker's entry point is an edge: the job names its genre, looked up here once.
    """
    from puzzlesolve.registry import get_genre

    genre = get_genre(job.genre)
    return [solve_one(genre, name, text, job) for name, text in chunk]


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
        return _line({"instance": name, "status": "error", "error": _one_line(str(bad))})
    return _line(line, messages)


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
        encoding=None if rules is None else _rules_file(rules),
    )


def _line(line: dict, messages: Iterable[str] = ()) -> Solved:
    return json.dumps(line) + "\n", Outcome.of(line, map(_one_line, messages))


def _one_line(message: str) -> str:
    return " ".join(message.split())


@functools.cache
def _rules_file(rules: Rules) -> str:
    """The rules as a file on this machine: the user's own file where it holds the same text
    (this machine, or a shared file system), else a copy in a temporary folder."""
    with contextlib.suppress(OSError):
        if Path(rules.path).read_text(encoding="utf-8") == rules.text:
            return rules.path
    copy = Path(tempfile.mkdtemp(prefix="puzzlesolve-rules-")) / Path(rules.path).name
    copy.write_text(rules.text, encoding="utf-8")
    return str(copy)


SolveAll = Callable[[list[list[Task]], Job], Iterator[list[Solved]]]


@contextlib.contextmanager
def local_workers(jobs: int) -> Iterator[SolveAll]:
    """`jobs` worker processes; yields ``solve_all(chunks, job)``, an iterator over each
    chunk's results in the order chunks finish. Leaving the block stops the workers at once
    (Ctrl-C does not wait for the solves under way).
    """
    # Ctrl-C is held back while the workers fork: a KeyboardInterrupt raised in one of the
    # parent's fork hooks (logging's, say) is printed and dropped by Python, and the parent
    # would then wait for the workers for ever; a worker ignores SIGINT before it lets any in
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        pool = multiprocessing.Pool(jobs, initializer=_start_worker)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)  # one that came is raised now
    with pool:  # exit: terminate()
        yield lambda chunks, job: pool.imap_unordered(
            functools.partial(solve_chunk, job=job), chunks
        )


def _start_worker() -> None:
    # Ctrl-C in a terminal reaches every process of the group: the parent alone decides
    # what happens (it stops the workers), so a worker never dies halfway through a result
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # blocked while forking


@contextlib.contextmanager
def dask_workers(address: str) -> Iterator[SolveAll]:
    """The workers of the Dask cluster whose scheduler is at `address`; like `local_workers`.

    Raises:
        BatchError: Dask's ``distributed`` is not installed, or the scheduler is out of reach.
    """
    try:
        from distributed import Client, as_completed
        from distributed.comm import connect
    except ImportError:
        raise BatchError('--scheduler needs Dask: pip install "puzzlesolve[dask]"') from None

    async def probe() -> None:
        comm = await connect(address, timeout=CONNECT_SECONDS)
        await comm.close()

    try:  # before Client: one that fails to connect takes long to give up as it is collected
        asyncio.run(probe())
    except (OSError, ValueError) as failure:
        raise BatchError(
            f"cannot reach the Dask scheduler at {address}: {_one_line(str(failure))}"
        ) from None
    client = Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
    futures: list = []

    def solve_all(chunks: list[list[Task]], job: Job) -> Iterator[list[Solved]]:
        futures.extend(client.map(solve_chunk, chunks, job=job, pure=False))
        for future in as_completed(futures, loop=client.loop):
            try:
                results = future.result()
            except Exception as failure:  # noqa: BLE001 (any error a worker raised, e.g. a
                # worker without puzzlesolve installed: the batch stops, with one line)
                raise BatchError(
                    f"a Dask worker failed: {type(failure).__name__}: {_one_line(str(failure))}"
                ) from None
            yield results

    try:
        yield solve_all
    finally:
        client.cancel(futures)
        client.close()


@dataclass
class Summary:
    """What a batch came to, for the table at its end.

    Attributes:
        counts: instances per status (in the order of STATUSES), where there are any.
        total_s: solving time summed over the instances.
        median_s: the median instance's solving time (errors left out).
        slowest: the slowest instances, slowest first.
        differing: differential mode: every instance whose rules disagreed, by name.
        errors: every instance with bad input, by name.
        messages: clingo's warnings, each once.
    """

    counts: dict[str, int]
    total_s: float
    median_s: float
    slowest: list[Outcome]
    differing: list[Outcome] = field(default_factory=list)
    errors: list[Outcome] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, outcomes: list[Outcome], slowest: int = 5) -> Summary:
        counts = dict.fromkeys(STATUSES, 0)
        for outcome in outcomes:
            counts[outcome.status] += 1
        solved = [outcome for outcome in outcomes if outcome.status != "error"]
        return cls(
            counts={status: count for status, count in counts.items() if count},
            total_s=sum(outcome.seconds for outcome in solved),
            median_s=statistics.median([o.seconds for o in solved]) if solved else 0.0,
            slowest=sorted(solved, key=lambda outcome: -outcome.seconds)[:slowest],
            # by name, not in the order instances happened to finish: easy to scan and the same
            # on every run
            differing=sorted((o for o in outcomes if o.differs), key=lambda o: o.instance),
            errors=sorted((o for o in outcomes if o.status == "error"), key=lambda o: o.instance),
            messages=list(dict.fromkeys(m for outcome in outcomes for m in outcome.messages)),
        )


def cpu_count() -> int:
    """The cores this process may use (fewer than the machine has, under an affinity mask)."""
    with contextlib.suppress(AttributeError):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1

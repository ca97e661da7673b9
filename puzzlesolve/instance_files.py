"""Instance files a batch or a book names: files, folders and glob patterns, and their text.
A file that cannot be read gets its error line at once; a link is read where it is solved."""

from __future__ import annotations

import glob
import os
from collections.abc import Iterable, Iterator

from puzzlesolve.batch_job import BatchError, Solved, Task, solved_line
from puzzlesolve.grid import InputError
from puzzlesolve.instance import is_link, read_text

SOLUTION_SUFFIXES = (".sol", ".solution.txt")
"""Files a folder or a glob never yields: solution files written beside their instances.
Ours are ``NAME.sol`` (instances/, generate); ``NAME.solution.txt`` is how the shared corpus
and other collections name theirs, so a folder of those is read as its instances alone."""


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
            unreadable.append(solved_line({"instance": name, "status": "error", "error": str(bad)}))
            continue
        tasks.append((name, text))
    return tasks, unreadable

"""Files written whole: each goes to a temporary file beside its target, then is renamed.

A rename within one directory is atomic, so a reader (or a run cut short by Ctrl-C or a
full disk) sees either the old file or the whole new one, never a part. Every file
puzzlesolve writes goes through here.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path


class OutputError(OSError):
    """A file that cannot be written: the message names the path and the reason."""


def check_writable(path: str | Path) -> Path:
    """Fail early, before any work, when `path` cannot be written.

    The folder must exist and be writable, and `path` must not be a folder.

    Raises:
        OutputError: what is wrong, in one line naming the path.
    """
    path = Path(path)
    folder = path.parent
    if path.is_dir():
        raise OutputError(f"{path}: cannot write: it is a folder")
    if not folder.is_dir():
        raise OutputError(f"{path}: cannot write: no such folder {str(folder)!r}")
    if not os.access(folder, os.W_OK):
        raise OutputError(f"{path}: cannot write: permission denied")
    return path


def write_whole(path: str | Path, text: str) -> None:
    """Write `text` to `path` whole (temporary file, then rename).

    Raises:
        OutputError: the file could not be written; nothing is left behind.
    """
    write_together([(path, text)])


def write_together(files: Iterable[tuple[str | Path, str]]) -> None:
    """Write several files whole; none is renamed into place before all are written.

    A puzzle and its solution, say, appear together or not at all (short of a failure
    between the renames themselves, which are quick and need no space).

    Raises:
        OutputError: a file could not be written; no partial file is left behind.
    """
    staged: list[tuple[str, Path]] = []
    try:
        for target, text in files:
            target = check_writable(target)
            handle, temporary = tempfile.mkstemp(
                prefix=f".{target.name}.", suffix=".partial", dir=target.parent
            )
            staged.append((temporary, target))
            os.chmod(temporary, 0o666 & ~_umask())  # mkstemp's 0600 is for secrets, not puzzles
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
        for temporary, target in staged:
            os.replace(temporary, target)
    except BaseException as failure:  # a full disk, Ctrl-C: leave nothing half-written
        for temporary, _ in staged:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        if isinstance(failure, OSError) and not isinstance(failure, OutputError):
            where = staged[-1][1] if staged else failure.filename
            raise OutputError(f"{where}: cannot write: {failure.strerror or failure}") from None
        raise


def _umask() -> int:
    """The process's file-creation mask (reading it means setting it, so set it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask

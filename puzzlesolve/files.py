"""Files written whole: each goes to a temporary file beside its target, then is renamed.

A rename within one directory is atomic, so a reader (or a run cut short by Ctrl-C or a
full disk) sees either the old file or the whole new one, never a part. Every file
puzzlesolve writes goes through here.
"""

from __future__ import annotations

import contextlib
import os
import signal
import tempfile
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path
from types import FrameType
from typing import BinaryIO


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
    between the renames themselves, which are quick and need no space; Ctrl-C waits for
    them).

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
        with _interrupt_held():  # Ctrl-C never leaves some renamed and the others not
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


# Files of lines (batch results): a line is added whole or not at all, so a run cut short
# leaves only whole lines and a later run can pick up where it stopped.


def read_lines(path: str | Path) -> list[str]:
    """The whole lines of a file of lines, after cutting off a torn last line.

    A last line without its newline is what a crash of the machine in mid-write leaves
    (a run interrupted by Ctrl-C leaves none): it is removed from the file, so that lines
    added later start on a line of their own.

    Raises:
        OutputError: the file cannot be read or cut.
    """
    try:
        with open(path, "r+b") as lines:
            data = lines.read()
            whole = data.rfind(b"\n") + 1
            if whole < len(data):
                lines.truncate(whole)
    except OSError as failure:
        raise OutputError(f"{path}: cannot read: {failure.strerror or failure}") from None
    return data[:whole].decode("utf-8", errors="replace").splitlines()


def open_lines(path: str | Path) -> BinaryIO:
    """Open a file of lines for adding lines at its end (created when missing).

    Raises:
        OutputError: the file cannot be written.
    """
    path = check_writable(path)
    try:
        return open(path, "ab")
    except OSError as failure:
        raise OutputError(f"{path}: cannot write: {failure.strerror or failure}") from None


def write_line(stream: BinaryIO, line: str) -> None:
    """Write one line (its newline included) whole and flush it.

    Ctrl-C arriving meanwhile is held back until the line is out, then raised as usual:
    the line goes out in one write, and an interrupt never leaves part of it.

    Raises:
        OutputError: the line could not be written (a full disk, say).
    """
    data = line.encode("utf-8")
    with _interrupt_held():
        try:
            stream.write(data)
            stream.flush()
        except BrokenPipeError:
            raise
        except OSError as failure:
            raise OutputError(f"cannot write: {failure.strerror or failure}") from None


@contextlib.contextmanager
def _interrupt_held() -> Iterator[None]:
    """Hold SIGINT back for the duration, then hand one that came to the usual handler."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread receives signals
        return
    arrived: list[FrameType | None] = []
    previous = signal.signal(signal.SIGINT, lambda _number, frame: arrived.append(frame))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if arrived and callable(previous):
        previous(signal.SIGINT, arrived[0])  # Python's default raises KeyboardInterrupt

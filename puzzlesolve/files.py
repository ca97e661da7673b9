"""Files written whole: each goes to a temporary file beside its target, then is renamed.

A rename within one directory is atomic, so a reader (or a run cut short by Ctrl-C or a
full disk) sees either the old file or the whole new one, never a part. Every file
puzzlesolve writes goes through here (`write_whole`, `write_together`, `open_lines`), and so
does every path given for output: what it is (a file, a link, a device, a pipe, '-') decides
how it is written, see `_where`.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import stat
import sys
import tempfile
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path
from types import FrameType
from typing import BinaryIO


class OutputError(OSError):
    """A file that cannot be written: the message names the path and the reason."""


STDOUT = "-"  # the path that means standard output, as for reading


# What a path given for output is, and so how it is written:
#   "-": standard output.
#   a new path or a regular file: written whole (temporary file beside it, then renamed).
#   a symbolic link: written through to the file it points to, which is replaced whole as
#     above (the link stays a link); a chain of links is followed to its end.
#   a character device (/dev/null, a terminal) or a FIFO: streamed to (opened and written),
#     never replaced; neither is a file that could be left half-written.
#   a file the process already has open (/dev/stdout, /dev/fd/N, /proc/self/fd/N): written
#     to through that open file, so that what it writes shares the position of the rest
#     (`cmd -o /dev/stdout > file` keeps both); other paths in /proc are opened and written.
#   anything else (a folder, a block device, a socket): refused.
_WHOLE, _STREAM = "whole", "stream"
_OPEN_FILES = ("/dev/fd/", "/proc/")
_OWN_DESCRIPTOR = re.compile(r"/(?:dev/fd|proc/(?:self|thread-self|{pid})/fd)/(\d+)")


def _where(path: Path) -> tuple[str, Path]:
    """How `path` is written and where the data goes: (_WHOLE, the file to replace) or
    (_STREAM, the path to open).

    Raises:
        OutputError: the path cannot be written to, in one line naming it.
    """
    if str(path) == STDOUT:
        return _STREAM, path
    current = os.path.abspath(path)
    for _ in range(40):  # as many links as the system itself follows
        if current.startswith(_OPEN_FILES):
            return _STREAM, path
        if not os.path.islink(current):
            break
        pointed = os.readlink(current)
        current = os.path.normpath(os.path.join(os.path.dirname(current), pointed))
    else:
        raise OutputError(f"{path}: cannot write: too many levels of symbolic links")
    real = Path(os.path.realpath(current))  # the folders on the way may be links too
    try:
        mode = real.stat().st_mode
    except FileNotFoundError:
        return _WHOLE, real
    except OSError as failure:
        raise OutputError(f"{path}: cannot write: {failure.strerror or failure}") from None
    if stat.S_ISREG(mode):
        return _WHOLE, real
    if stat.S_ISCHR(mode) or stat.S_ISFIFO(mode):
        return _STREAM, path
    if stat.S_ISDIR(mode):
        raise OutputError(f"{path}: cannot write: it is a folder")
    raise OutputError(
        f"{path}: cannot write: it is neither a regular file, a character device nor a pipe"
    )


def check_writable(
    path: str | Path, *, protect: Iterable[str | Path] = (), replace: bool = True
) -> Path:
    """Fail early, before any work, when `path` cannot be written (see `_where`).

    A file written whole needs an existing, writable folder; a stream needs nothing more.

    Args:
        protect: files that must not be overwritten: the input being read, say.
        replace: whether an existing file may be replaced (False: refuse it).

    Raises:
        OutputError: what is wrong, in one line naming the path.
    """
    path = Path(path)
    kind, real = _where(path)
    for kept in protect:
        if str(kept) != STDOUT and _same_file(real, Path(kept)):
            raise OutputError(f"{path}: cannot write: it is the input {str(kept)!r}")
    if kind == _STREAM:
        return path
    if not replace and real.exists():
        raise OutputError(f"{path}: cannot write: it exists (--force replaces it)")
    folder = real.parent
    if not folder.is_dir():
        raise OutputError(f"{path}: cannot write: no such folder {str(folder)!r}")
    if not os.access(folder, os.W_OK):
        raise OutputError(f"{path}: cannot write: permission denied")
    return path


def _same_file(first: Path, second: Path) -> bool:
    try:
        return os.path.samefile(first, second)
    except OSError:  # either missing: not the same
        return False


def write_whole(
    path: str | Path, text: str, *, protect: Iterable[str | Path] = (), replace: bool = True
) -> None:
    """Write `text` to the output `path`: whole, or streamed (see `_where`).

    Every file puzzlesolve writes goes through here or `write_together`.

    Raises:
        OutputError: the file could not be written; nothing is left behind.
    """
    write_together([(path, text)], protect=protect, replace=replace)


def write_together(
    files: Iterable[tuple[str | Path, str]],
    *,
    protect: Iterable[str | Path] = (),
    replace: bool = True,
) -> None:
    """Write several files whole; none is renamed into place before all are written.

    A puzzle and its solution, say, appear together or not at all (short of a failure
    between the renames themselves, which are quick and need no space; Ctrl-C waits for
    them). Streams (standard output, devices, pipes) are written to once the files to
    replace are staged, before the renames.

    Args:
        protect: files that must not be overwritten (the input).
        replace: whether existing files may be replaced (False: refuse them).

    Raises:
        OutputError: a file could not be written; no partial file is left behind. The
            message names the path as given, never a temporary file.
    """
    protect = list(protect)
    staged: list[tuple[str, Path]] = []
    streams: list[tuple[Path, str]] = []
    given: Path | None = None  # the path being worked on, for the message
    try:
        for path, text in files:
            given = check_writable(path, protect=protect, replace=replace)
            kind, target = _where(given)
            if kind == _STREAM:
                streams.append((given, text))
                continue
            handle, temporary = tempfile.mkstemp(
                prefix=f".{target.name}.", suffix=".partial", dir=target.parent
            )
            staged.append((temporary, target))
            os.chmod(temporary, 0o666 & ~_umask())  # mkstemp's 0600 is for secrets, not puzzles
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
        for given, text in streams:
            _stream(given, text)
        with _interrupt_held():  # Ctrl-C never leaves some renamed and the others not
            for temporary, target in staged:
                os.replace(temporary, target)
    except BaseException as failure:  # a full disk, Ctrl-C: leave nothing half-written
        for temporary, _ in staged:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        if isinstance(failure, OSError) and not isinstance(failure, OutputError):
            where = given if given is not None else failure.filename
            raise OutputError(f"{where}: cannot write: {failure.strerror or failure}") from None
        raise


def _stream(path: Path, text: str) -> None:
    """Write `text` to standard output, a device, a pipe or an open file, as it is."""
    descriptor = 1 if str(path) == STDOUT else _own_descriptor(path)
    if descriptor in (1, 2):
        shown = sys.stdout if descriptor == 1 else sys.stderr
        shown.write(text)
        shown.flush()
        return
    owned = descriptor is None
    target = os.open(path, os.O_WRONLY | os.O_APPEND) if descriptor is None else descriptor
    data = text.encode("utf-8")
    try:
        while data:  # a pipe may take part of it at a time
            data = data[os.write(target, data) :]
    finally:
        if owned:
            os.close(target)


def _own_descriptor(path: Path) -> int | None:
    """The number of the process's open file that `path` names (/dev/stdout: 1), if any."""
    pattern = re.compile(_OWN_DESCRIPTOR.pattern.format(pid=os.getpid()))
    current = os.path.abspath(path)
    for _ in range(40):
        named = pattern.fullmatch(current)
        if named:
            return int(named[1])
        if not os.path.islink(current) or current.startswith("/proc/"):
            return None  # /proc's links point to what is open, not to a path to follow
        pointed = os.readlink(current)
        current = os.path.normpath(os.path.join(os.path.dirname(current), pointed))
    return None


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


def open_lines(path: str | Path, *, protect: Iterable[str | Path] = ()) -> BinaryIO:
    """Open a file of lines for adding lines at its end (created when missing; a link is
    followed, a device or a pipe written to as it is).

    Args:
        protect: files that must not be written to (the inputs).

    Raises:
        OutputError: the file cannot be written.
    """
    path = check_writable(path, protect=protect)
    try:
        # unbuffered: a line that fails fails in write_line, not again as the file closes
        return open(path, "ab", buffering=0)
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
            while data:  # an unbuffered file (or a pipe) may take part of it at a time
                written = stream.write(data)
                data = data[len(data) if written is None else written :]
            stream.flush()
        except BrokenPipeError:
            raise
        except OSError as failure:
            where = getattr(stream, "name", "the output")
            raise OutputError(f"{where}: cannot write: {failure.strerror or failure}") from None


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

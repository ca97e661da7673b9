"""Files written whole (puzzlesolve/files.py): all or nothing, on any failure, from the CLI too."""

from __future__ import annotations

import errno
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlesolve import files
from puzzlesolve.cli import main
from puzzlesolve.files import OutputError, check_writable, write_together, write_whole

INSTANCES = Path(__file__).resolve().parent.parent / "instances"
AI_COURSE = INSTANCES / "hitori" / "ai-course-5x5.txt"


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".partial"))


def test_a_file_is_written_and_an_old_one_replaced(tmp_path):
    target = tmp_path / "out.txt"
    write_whole(target, "first\n")
    write_whole(target, "second\n")
    assert target.read_text() == "second\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_a_pair_is_written_together(tmp_path):
    write_together([(tmp_path / "a.txt", "puzzle\n"), (tmp_path / "a.solution.txt", "solution\n")])
    assert (tmp_path / "a.txt").read_text() == "puzzle\n"
    assert (tmp_path / "a.solution.txt").read_text() == "solution\n"


@pytest.mark.parametrize(
    "make, reason",
    [
        (lambda tmp: tmp / "no" / "such" / "x.txt", "no such folder"),
        (lambda tmp: tmp, "it is a folder"),
    ],
)
def test_an_impossible_path_is_refused_before_anything_is_written(tmp_path, make, reason):
    with pytest.raises(OutputError) as refused:
        check_writable(make(tmp_path))
    assert reason in str(refused.value) and "\n" not in str(refused.value)
    with pytest.raises(OutputError):
        write_whole(make(tmp_path), "text")
    assert sorted(tmp_path.iterdir()) == []


def _without_root_powers() -> None:
    """In a child: drop the capabilities that let root write anywhere (CAP_DAC_OVERRIDE and
    CAP_DAC_READ_SEARCH) from what it may ever hold, so that its exec keeps root's identity
    (and so reaches root's own files, the interpreter among them) but not those powers."""
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (1, 2):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
        if libc.prctl(24, capability, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP) failed")


def test_a_folder_without_write_permission_is_refused(tmp_path):
    # as root (where CI runs) the check runs in a child without root's powers over files:
    # permissions mean nothing to root otherwise, and the test would prove nothing
    tmp_path.chmod(0o500)
    check = (
        "import sys\n"
        "from puzzlesolve.files import OutputError, check_writable\n"
        "try:\n"
        "    check_writable(sys.argv[1])\n"
        "except OutputError as refused:\n"
        "    print(refused)\n"
    )
    try:
        done = subprocess.run(
            [sys.executable, "-c", check, str(tmp_path / "x.txt")],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
            preexec_fn=_without_root_powers if os.geteuid() == 0 else None,
        )
    finally:
        tmp_path.chmod(0o700)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == f"{tmp_path / 'x.txt'}: cannot write: permission denied\n"


@pytest.mark.parametrize(
    "failure",
    [
        OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)),  # a full disk
        KeyboardInterrupt(),  # Ctrl-C
        RuntimeError("any exception"),
    ],
    ids=["full-disk", "ctrl-c", "exception"],
)
def test_a_failure_mid_write_leaves_the_old_file_and_no_part(tmp_path, monkeypatch, failure):
    target = tmp_path / "out.txt"
    target.write_text("old\n")
    monkeypatch.setattr(files.os, "fsync", lambda _fd: (_ for _ in ()).throw(failure))
    with pytest.raises(OutputError if isinstance(failure, OSError) else type(failure)) as caught:
        write_whole(target, "new\n")
    if isinstance(failure, OSError):
        assert str(caught.value) == f"{target}: cannot write: No space left on device"
    assert target.read_text() == "old\n"
    assert leftovers(tmp_path) == []


def test_a_failure_on_the_second_file_of_a_pair_writes_neither(tmp_path, monkeypatch):
    real_fsync, calls = os.fsync, []

    def fsync_fails_the_second_time(fd: int) -> None:
        calls.append(fd)
        if len(calls) == 2:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_fsync(fd)

    monkeypatch.setattr(files.os, "fsync", fsync_fails_the_second_time)
    with pytest.raises(OutputError):
        write_together([(tmp_path / "a.txt", "puzzle\n"), (tmp_path / "a.solution.txt", "x\n")])
    assert sorted(tmp_path.iterdir()) == []


def _file_size_limit(limit: int):
    def apply() -> None:  # in the child: writes beyond `limit` bytes fail with EFBIG
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return apply


def test_a_real_write_that_fails_part_way_leaves_nothing(tmp_path):
    # a real process whose files may not grow past 10 bytes, as on a disk that fills up
    out = tmp_path / "solution.txt"
    done = subprocess.run(
        [sys.executable, "-m", "puzzlesolve", "hitori", str(AI_COURSE), "-o", str(out)],
        capture_output=True,
        text=True,
        preexec_fn=_file_size_limit(10),
        timeout=60,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr == f"puzzlesolve: {out}: cannot write: File too large\n"
    assert done.stdout == "" and sorted(tmp_path.iterdir()) == []


# --- the command line ---------------------------------------------------------------------


def test_output_into_a_missing_folder_is_bad_usage_before_solving(tmp_path):
    # the crash of issue 12: a traceback and exit status 1
    out = tmp_path / "no" / "such" / "dir" / "x.txt"
    r = CliRunner().invoke(main, ["hitori", str(AI_COURSE), "-o", str(out)])
    assert r.exit_code == 2, r.output
    assert r.stderr == (f"puzzlesolve: {out}: cannot write: no such folder {str(out.parent)!r}\n")
    assert r.stdout == "" and not out.parent.exists()


def test_output_no_such_dir_from_a_real_process():
    done = subprocess.run(
        [sys.executable, "-m", "puzzlesolve", "hitori", str(AI_COURSE), "-o", "/no/such/dir/x.txt"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr == (
        "puzzlesolve: /no/such/dir/x.txt: cannot write: no such folder '/no/such/dir'\n"
    )
    assert done.stdout == "" and not Path("/no/such/dir").exists()


def test_output_onto_a_folder_is_bad_usage(tmp_path):
    r = CliRunner().invoke(main, ["hitori", str(AI_COURSE), "-o", str(tmp_path)])
    assert r.exit_code == 2, r.output
    assert r.stderr == (
        f"puzzlesolve: Invalid value for '-o' / '--output': File '{tmp_path}' "
        "is a directory. (see --help)\n"
    )
    assert sorted(tmp_path.iterdir()) == []


def test_generate_into_a_path_that_is_a_file_is_bad_usage(tmp_path):
    blocker = tmp_path / "puzzles"
    blocker.write_text("a file where the folder should be\n")
    r = CliRunner().invoke(
        main, ["generate", "hitori", "--size", "4x4", "--seed", "1", "--out", str(blocker)]
    )
    assert r.exit_code == 2, r.output
    assert r.stderr == (
        f"puzzlesolve: Invalid value for '-o' / '--out': Directory '{blocker}' is a file. (see --help)\n"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["puzzles"]


def test_generate_writes_each_pair_whole(tmp_path):
    r = CliRunner().invoke(
        main,
        [
            "generate",
            "hitori",
            "--size",
            "4x4",
            "--seed",
            "1",
            "--count",
            "2",
            "--out",
            str(tmp_path),
        ],
        catch_exceptions=False,
    )
    assert r.exit_code == 0, r.output
    names = sorted(p.name for p in tmp_path.iterdir())
    assert len(names) == 4 and leftovers(tmp_path) == []
    assert sorted(name.rsplit(".", 1)[1] for name in names) == ["sol", "sol", "txt", "txt"]
    for name in names:
        if name.endswith(".txt"):
            assert name.removesuffix(".txt") + ".sol" in names

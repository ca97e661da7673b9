"""What an output path is decides how it is written (puzzlesolve/files.py, issue 36 item 1):
a regular file or a new path whole, a link through to its target, a device or a pipe streamed
to and never replaced, '-' to standard output; the input is never overwritten, and an error
names the path given. Real processes, as root where CI runs: no test rests on permissions."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

INSTANCES = Path(__file__).resolve().parent.parent / "instances"
AI_COURSE = INSTANCES / "hitori" / "ai-course-5x5.txt"
SOLUTION = (INSTANCES / "hitori" / "ai-course-5x5.sol").read_text()
STATUS = (
    "% unique: the solver proved there is no other solution (1 solution found, search complete)\n"
)


def puzzlesolve(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "puzzlesolve", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=cwd,
    )


@pytest.fixture
def puzzle(tmp_path: Path) -> Path:
    copy = tmp_path / "puzzle.txt"
    shutil.copy(AI_COURSE, copy)
    return copy


def test_a_regular_file_is_replaced_whole(tmp_path, puzzle):
    out = tmp_path / "out.sol"
    out.write_text("old\n")
    done = puzzlesolve("hitori", puzzle, "-o", out)
    assert (done.returncode, done.stderr) == (0, "")
    assert out.read_text() == SOLUTION
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.sol", "puzzle.txt"]


def test_dev_full_is_one_line_exit_2_and_stays_a_device():
    done = puzzlesolve("hitori", AI_COURSE, "-o", "/dev/full")
    assert done.returncode == 2, done.stderr
    assert done.stderr == "puzzlesolve: /dev/full: cannot write: No space left on device\n"
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_dev_null_and_dev_stdout_are_written_to(tmp_path):
    done = puzzlesolve("hitori", AI_COURSE, "-o", "/dev/null")
    assert (done.returncode, done.stderr) == (0, "")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    done = puzzlesolve("hitori", AI_COURSE, "-o", "/dev/stdout")
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == SOLUTION + SOLUTION + STATUS  # the file, then the usual output


def test_dev_stdout_redirected_to_a_file_adds_to_it_and_keeps_it(tmp_path):
    out = tmp_path / "all.txt"
    with out.open("w") as redirected:
        done = subprocess.run(
            [sys.executable, "-m", "puzzlesolve", "hitori", str(AI_COURSE), "-o", "/dev/stdout"],
            stdout=redirected,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            check=False,
        )
    assert (done.returncode, done.stderr) == (0, "")
    assert out.read_text() == SOLUTION + SOLUTION + STATUS


def test_dash_is_standard_output_not_a_file_named_dash(tmp_path):
    done = puzzlesolve("hitori", AI_COURSE, "-o", "-", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == SOLUTION + SOLUTION + STATUS
    assert list(tmp_path.iterdir()) == []


def test_a_fifo_is_streamed_to_and_stays_a_fifo(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    read: list[str] = []
    reader = threading.Thread(target=lambda: read.append(fifo.read_text()), daemon=True)
    reader.start()
    done = puzzlesolve("hitori", AI_COURSE, "-o", fifo)
    reader.join(timeout=60)
    assert (done.returncode, done.stderr) == (0, "")
    assert read == [SOLUTION]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_symlink_is_written_through_to_its_target_and_stays_a_link(tmp_path, puzzle):
    target = tmp_path / "kept" / "solution.sol"
    target.parent.mkdir()
    target.write_text("old\n")
    link = tmp_path / "link.sol"
    link.symlink_to(Path("kept") / "solution.sol")  # relative, as links often are
    done = puzzlesolve("hitori", puzzle, "-o", link)
    assert (done.returncode, done.stderr) == (0, "")
    assert link.is_symlink() and os.readlink(link) == "kept/solution.sol"
    assert target.read_text() == SOLUTION
    assert sorted(p.name for p in target.parent.iterdir()) == ["solution.sol"]


def test_a_dangling_symlink_creates_its_target(tmp_path, puzzle):
    link = tmp_path / "link.svg"
    link.symlink_to(tmp_path / "picture.svg")
    done = puzzlesolve("draw", "hitori", puzzle, "-o", link)
    assert (done.returncode, done.stderr) == (0, "")
    assert link.is_symlink() and "<svg" in (tmp_path / "picture.svg").read_text()


@pytest.mark.parametrize(
    "args",
    [
        ["hitori", "{puzzle}", "-o", "{out}"],
        ["hitori", "{puzzle}", "--svg", "{out}"],
        ["draw", "hitori", "{puzzle}", "-o", "{out}"],
        ["hint", "hitori", "{puzzle}", "--svg", "{out}"],
    ],
    ids=["solve -o", "solve --svg", "draw -o", "hint --svg"],
)
@pytest.mark.parametrize("through_link", [False, True], ids=["itself", "a link to it"])
def test_the_input_is_never_overwritten(tmp_path, puzzle, args, through_link):
    out = puzzle
    if through_link:
        out = tmp_path / "link.txt"
        out.symlink_to(puzzle)
    before = puzzle.read_text()
    done = puzzlesolve(*(arg.format(puzzle=puzzle, out=out) for arg in args))
    assert done.returncode == 2, done.stderr
    assert done.stderr == f"puzzlesolve: {out}: cannot write: it is the input {str(puzzle)!r}\n"
    assert done.stdout == "" and puzzle.read_text() == before


def test_the_answer_is_never_overwritten(tmp_path, puzzle):
    answer = tmp_path / "answer.ans"
    shutil.copy(INSTANCES / "hitori" / "ai-course-5x5-partial.ans", answer)
    before = answer.read_text()
    done = puzzlesolve("check", "hitori", puzzle, answer, "--svg", answer)
    assert done.returncode == 2, done.stderr
    assert done.stderr == f"puzzlesolve: {answer}: cannot write: it is the input {str(answer)!r}\n"
    assert answer.read_text() == before


def test_two_outputs_to_one_file_are_refused(tmp_path, puzzle):
    out = tmp_path / "both"
    done = puzzlesolve("hitori", puzzle, "-o", out, "--svg", out)
    assert done.returncode == 2, done.stderr
    assert done.stderr == f"puzzlesolve: {out}: cannot write two outputs to the same file\n"
    assert not out.exists()


def test_an_error_names_the_path_given_not_a_temporary_file(tmp_path, puzzle):
    # a link into a folder that does not exist: the error names the link
    link = tmp_path / "out.sol"
    link.symlink_to(tmp_path / "missing" / "out.sol")
    done = puzzlesolve("hitori", puzzle, "-o", link)
    assert done.returncode == 2, done.stderr
    assert done.stderr == (
        f"puzzlesolve: {link}: cannot write: no such folder {str(tmp_path / 'missing')!r}\n"
    )
    assert ".partial" not in done.stderr


def test_a_socket_or_block_device_is_refused(tmp_path):
    import socket

    path = tmp_path / "s"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    try:
        done = puzzlesolve("hitori", AI_COURSE, "-o", path)
    finally:
        server.close()
    assert done.returncode == 2, done.stderr
    assert done.stderr == (
        f"puzzlesolve: {path}: cannot write: it is neither a regular file, a character device "
        "nor a pipe\n"
    )
    assert stat.S_ISSOCK(os.lstat(path).st_mode)


def test_generate_refuses_existing_files_unless_forced(tmp_path):
    args = ["generate", "hitori", "--size", "4x4", "--seed", "1", "--out", tmp_path]
    first = puzzlesolve(*args)
    assert first.returncode == 0, first.stderr
    (puzzle,) = tmp_path.glob("*.txt")
    puzzle.write_text("% edited by hand\n" + puzzle.read_text())
    edited = puzzle.read_text()
    again = puzzlesolve(*args)
    assert again.returncode == 2, again.stderr
    assert again.stderr.splitlines()[-1] == (
        f"puzzlesolve: {puzzle}: cannot write: it exists (--force replaces it)"
    )
    assert puzzle.read_text() == edited
    forced = puzzlesolve(*args, "--force")
    assert forced.returncode == 0, forced.stderr
    assert puzzle.read_text() != edited and not puzzle.read_text().startswith("% edited")


def test_batch_writes_to_dev_full_in_one_line_naming_it(tmp_path, puzzle):
    done = puzzlesolve("batch", "hitori", puzzle, "-o", "/dev/full", "--jobs", "1")
    assert done.returncode == 2, done.stderr
    assert done.stderr == "puzzlesolve: /dev/full: cannot write: No space left on device\n"


def test_batch_dash_is_standard_output(tmp_path, puzzle):
    done = puzzlesolve("batch", "hitori", puzzle, "-o", "-", "--jobs", "1", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert '"status": "unique"' in done.stdout and done.stdout.count("\n") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["puzzle.txt"]


def test_batch_never_resumes_into_an_instance(tmp_path, puzzle):
    before = puzzle.read_bytes()
    done = puzzlesolve("batch", "hitori", puzzle, "-o", puzzle, "--resume", "--jobs", "1")
    assert done.returncode == 2, done.stderr
    assert done.stderr == f"puzzlesolve: {puzzle}: cannot write: it is the input {str(puzzle)!r}\n"
    assert puzzle.read_bytes() == before


def test_batch_resume_from_a_fifo_is_refused_not_read(tmp_path, puzzle):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    done = puzzlesolve("batch", "hitori", puzzle, "-o", fifo, "--resume", "--jobs", "1")
    assert done.returncode == 2, done.stderr
    assert done.stderr == (
        f"puzzlesolve: {fifo}: --resume reads the earlier run from a file, and this is not one\n"
    )

"""Output that Ctrl-C cuts short stays valid (issue 36 item 2): ``-n 0 --format json`` ends
its document (status "interrupted", the solutions printed so far), ``--count`` prints the
count so far as a lower bound, a text listing says where it stopped.

Each run is interrupted once it has shown that it is under way: the first solutions printed,
or (a count prints nothing as it goes) its rules ground, which the child reports on standard
error. Only the outcome is asserted, never how fast it came.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import OPEN_BOARD, ctrl_c_as_in_a_terminal

GROUND = "puzzlesolve-test: ground"
# the child reports on stderr each time the rules have been ground, then runs the command
LAUNCHER = (
    "import sys\n"
    "from puzzlesolve import program\n"
    "ground = program.ground\n"
    "def reporting(*args, **kwargs):\n"
    "    done = ground(*args, **kwargs)\n"
    f"    print({GROUND!r}, file=sys.stderr, flush=True)\n"
    "    return done\n"
    "program.ground = reporting\n"
    "from puzzlesolve.cli import main\n"
    "main(sys.argv[1:], prog_name='puzzlesolve')\n"
)


def start(args: list[str], cwd: Path) -> subprocess.Popen:
    with ctrl_c_as_in_a_terminal():
        return subprocess.Popen(
            [sys.executable, "-c", LAUNCHER, *args],
            cwd=cwd,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )


def read_until(stream, done) -> bytes:
    """Read `stream` until `done(what was read)`; fail if it ends first."""
    read = b""
    while not done(read):
        chunk = os.read(stream.fileno(), 65536)
        assert chunk, f"the output ended before it was under way: {read[-500:]!r}"
        read += chunk
    return read


def interrupt(child: subprocess.Popen, out: bytes, err: bytes) -> tuple[int, str, str]:
    os.killpg(child.pid, signal.SIGINT)
    try:
        more_out, more_err = child.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
        raise AssertionError("Ctrl-C did not stop the run") from None
    return child.returncode, (out + more_out).decode(), (err + more_err).decode()


@pytest.fixture
def board(tmp_path: Path) -> Path:
    (tmp_path / "open.txt").write_text(OPEN_BOARD)  # astronomically many solutions
    return tmp_path / "open.txt"


def assert_interrupted(code: int, err: str) -> None:
    assert code == 130, err
    assert err.endswith("\npuzzlesolve: interrupted\n"), err
    assert "Traceback" not in err


def test_json_listing_ends_its_document(board):
    child = start(["numberlink", str(board), "-n", "0", "--format", "json"], board.parent)
    # a second solution begun: the document's start and a first solution are out
    out = read_until(child.stdout, lambda read: b'"solutions": [{' in read and b"}, {" in read)
    code, out, err = interrupt(child, out, b"")
    assert_interrupted(code, err)
    document = json.loads(out)  # one whole document
    assert document["status"] == "interrupted" and document["exhausted"] is False
    assert document["count"] == len(document["solutions"]) >= 2
    assert (document["genre"], document["rows"], document["cols"]) == ("numberlink", 10, 10)
    assert out.endswith("}\n") and out.count("\n") == 1


def test_count_prints_the_count_so_far_as_a_lower_bound(board):
    child = start(["numberlink", str(board), "-n", "0", "--count"], board.parent)
    err = read_until(child.stderr, lambda read: GROUND.encode() in read)
    code, out, err = interrupt(child, b"", err)
    assert_interrupted(code, err)
    assert re.fullmatch(
        r"% interrupted: at least \d+ solutions? \(the count when Ctrl-C came; search stopped\)\n",
        out,
    ), out


def test_count_in_json_is_one_document_marked_interrupted(board):
    args = ["numberlink", str(board), "-n", "0", "--count", "--format", "json"]
    child = start(args, board.parent)
    err = read_until(child.stderr, lambda read: GROUND.encode() in read)
    code, out, err = interrupt(child, b"", err)
    assert_interrupted(code, err)
    document = json.loads(out)
    assert document["status"] == "interrupted" and document["solutions"] == []
    assert isinstance(document["count"], int) and document["count"] >= 0


def test_text_listing_says_where_it_stopped(board):
    child = start(["numberlink", str(board), "-n", "0"], board.parent)
    out = read_until(child.stdout, lambda read: b"% solution 3\n" in read)
    code, out, err = interrupt(child, out, b"")
    assert_interrupted(code, err)
    printed = out.count("% solution ")
    assert out.endswith(
        f"% interrupted: {printed} solutions found before Ctrl-C (search stopped)\n"
    ), out[-300:]

"""Ctrl-C at every moment of a command, from the first line of puzzlesolve's code on (issue 36
item 7): an empty line, then ``puzzlesolve: interrupted`` on stderr, exit 130, never a
traceback; within moments even while clingo grounds a large board (one call of many
seconds, which the main thread could not leave: see puzzlesolve/interrupt.py).

The moments count from when the console script's module (puzzlesolve.__main__) has been
imported, just before it runs: what comes before is the interpreter's own start-up. Only
outcomes are asserted: the exit status, the message, and for grounding, that the run ended
without the grounding having finished (it reports both ends), never how fast.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from conftest import REPO, ctrl_c_as_in_a_terminal

READY = "puzzlesolve-test: ready"
GROUNDING, GROUNDED = "puzzlesolve-test: grounding", "puzzlesolve-test: grounded"
# the child reports the start and the end of each grounding, and when the command starts
# (from within __main__.run, whose handling covers it: a Ctrl-C between a report made before
# run() and the call would land in this launcher), then runs it as the console script does
LAUNCHER = (
    "import sys\n"
    "from puzzlesolve import cli, interrupt\n"
    "ground = interrupt.ground\n"
    "def reporting(ctl, parts, deadline=None):\n"
    f"    print({GROUNDING!r}, file=sys.stderr, flush=True)\n"
    "    ground(ctl, parts, deadline)\n"
    f"    print({GROUNDED!r}, file=sys.stderr, flush=True)\n"
    "interrupt.ground = reporting\n"
    "command = cli.main\n"
    "def ready():\n"
    f"    print({READY!r}, file=sys.stderr, flush=True)\n"
    "    command()\n"
    "cli.main = ready\n"
    "from puzzlesolve.__main__ import run\n"
    "sys.argv[0] = 'puzzlesolve'\n"
    "run()\n"
)
BIG = str(REPO / "instances" / "hidato" / "generated-16x16.txt")


@pytest.fixture
def wrong(tmp_path) -> str:
    """An answer to BIG with two free cells' numbers swapped: checking it grounds the
    explanation program, every number on every cell, one grounding of many seconds."""
    rows = (REPO / "instances" / "hidato" / "generated-16x16.sol").read_text().splitlines()
    given = (REPO / "instances" / "hidato" / "generated-16x16.txt").read_text().splitlines()
    grid = [row.split() for row in rows if row and not row.startswith("%")]
    clues = [row.split() for row in given if row and not row.startswith("%")]
    free = [(r, c) for r, row in enumerate(clues) for c, token in enumerate(row) if token == "-"]
    (r1, c1), (r2, c2) = free[0], free[-1]
    grid[r1][c1], grid[r2][c2] = grid[r2][c2], grid[r1][c1]
    path = tmp_path / "wrong.txt"
    path.write_text("\n".join(" ".join(row) for row in grid) + "\n")
    return str(path)


def start(args: list[str]) -> subprocess.Popen:
    with ctrl_c_as_in_a_terminal():
        return subprocess.Popen(
            [sys.executable, "-c", LAUNCHER, *args],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )


def wait_for(child: subprocess.Popen, line: str, times: int = 1) -> bytes:
    """Read the child's stderr up to the `times`-th `line`; what was read."""
    read = b""
    while read.count(line.encode() + b"\n") < times:
        chunk = os.read(child.stderr.fileno(), 4096)
        assert chunk, f"the child ended before {line!r}: {read.decode()}"
        read += chunk
    return read


def interrupted(child: subprocess.Popen, err: bytes) -> tuple[int, str, str]:
    """Send Ctrl-C to the child's process group (as a terminal does); its status, out, err.
    It must end within 10 s: a grounding ignored would take longer (that is what went
    wrong), a run that ends is far quicker."""
    os.killpg(child.pid, signal.SIGINT)
    try:
        out, more = child.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
        raise AssertionError("Ctrl-C did not end the run within 10 s") from None
    return child.returncode, out.decode(), (err + more).decode()


def assert_interrupted(code: int, err: str, message: str = "puzzlesolve: interrupted") -> None:
    assert code == 130, err
    assert "Traceback" not in err and "Exception ignored" not in err, err
    assert "FATAL" not in err and "terminate called" not in err, err
    assert err.endswith(f"\n\n{message}\n"), err


@pytest.mark.parametrize("seconds", [0, 0.05, 0.1, 0.3, 1.0])
def test_check_of_a_big_board_at_any_moment(seconds, wrong):
    child = start(["check", "hidato", BIG, wrong])
    err = wait_for(child, READY)
    time.sleep(seconds)
    code, out, err = interrupted(child, err)
    assert_interrupted(code, err)
    assert out == ""


def test_ctrl_c_while_grounding_a_big_board_ends_the_run_at_once(wrong):
    child = start(["check", "hidato", BIG, wrong])
    # the solver's own program first (quick: the answer is not right), then the puzzle's
    # first solution (quick), then the explanation program's grounding of many seconds
    err = wait_for(child, GROUNDING, times=3)
    code, out, err = interrupted(child, err)
    assert_interrupted(code, err)
    assert err.count(GROUNDED) == 2  # the run ended while clingo was still grounding
    assert out == ""


# Ctrl-C while the command line's module loads: tests/test_interrupt.py
# (test_ctrl_c_while_the_command_loads_is_interrupted_too)


def test_ctrl_c_as_the_interpreter_shuts_down_after_a_command_is_quiet():
    # Ctrl-C after the command is over, while the interpreter ends (a thread still to join)
    code = (
        "import os, signal, sys, threading\n"
        "from puzzlesolve.__main__ import run\n"
        "def late():\n"
        "    threading.Event().wait(0.5)\n"
        "    os.kill(os.getpid(), signal.SIGINT)\n"
        "    threading.Event().wait(30)\n"
        "threading.Thread(target=late).start()\n"  # not a daemon: the interpreter waits for it
        "run()\n"
    )
    with ctrl_c_as_in_a_terminal():
        done = subprocess.run(
            [sys.executable, "-c", code, "--version"],
            capture_output=True,
            text=True,
            check=False,
            timeout=60,
        )
    assert done.returncode == 130, done.stderr
    assert done.stdout.startswith("puzzlesolve, version")
    assert done.stderr == "\npuzzlesolve: interrupted\n"


@pytest.mark.parametrize("seconds", [0, 0.3, 1.0, 1.5, 2.0, 3.0])
def test_serve_interrupted_in_its_first_seconds(seconds):
    child = start(["serve", "--port", "0", "--no-browser"])
    err = wait_for(child, READY)
    time.sleep(seconds)
    os.killpg(child.pid, signal.SIGINT)
    try:
        _, more = child.communicate(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
        raise AssertionError("Ctrl-C did not stop the server") from None
    err = (err + more).decode()
    assert child.returncode == 130, err
    assert "Traceback" not in err and "Exception ignored" not in err, err
    assert err.endswith(("puzzlesolve: server stopped\n", "\npuzzlesolve: interrupted\n")), err

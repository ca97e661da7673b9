"""Ctrl-C in the middle of an explanation (issue 44 item 1): the command ends at once, not when
the explanation would have ended, and prints the steps found so far (as the page's Stop keeps
them), then ``puzzlesolve: interrupted``, exit 130.

The child reports each step on standard error as the explanation finds it, and once the
explanation has returned; Ctrl-C comes after the third step. Only outcomes are asserted: the
run ended without the explanation having returned, and what it printed.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from conftest import REPO, ctrl_c_as_in_a_terminal

STEP, RETURNED = "puzzlesolve-test: step", "puzzlesolve-test: explained"
LAUNCHER = (
    "import sys\n"
    "from puzzlesolve import explain as library\n"
    "explain = library.explain\n"
    "def reporting(*args, on_step, **options):\n"
    "    def found(step):\n"
    "        on_step(step)\n"
    f"        print({STEP!r}, file=sys.stderr, flush=True)\n"
    "    done = explain(*args, on_step=found, **options)\n"
    f"    print({RETURNED!r}, file=sys.stderr, flush=True)\n"
    "    return done\n"
    "library.explain = reporting\n"
    "from puzzlesolve.__main__ import run\n"
    "sys.argv[0] = 'puzzlesolve'\n"
    "run()\n"
)
BIG = str(REPO / "instances" / "hidato" / "generated-16x16.txt")  # 211 steps, many seconds


def explain_interrupted(args: list[str], steps: int = 3) -> tuple[int, str, str, int]:
    """Run ``puzzlesolve explain ARGS``, Ctrl-C once `steps` steps are found; its status,
    stdout, stderr, and the steps the explanation had reported by then."""
    with ctrl_c_as_in_a_terminal():
        child = subprocess.Popen(
            [sys.executable, "-c", LAUNCHER, "explain", *args],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
    read = b""
    while read.count(STEP.encode()) < steps:
        chunk = os.read(child.stderr.fileno(), 4096)
        assert chunk, f"the child ended first: {read.decode()}"
        read += chunk
    os.killpg(child.pid, signal.SIGINT)
    try:
        out, more = child.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
        raise AssertionError("Ctrl-C did not end the explanation") from None
    err = (read + more).decode()
    reported = read.decode().count(STEP)
    return child.returncode, out.decode(), err, reported


def assert_interrupted(code: int, err: str) -> None:
    assert code == 130, err
    assert "Traceback" not in err and "FATAL" not in err, err
    assert err.endswith("\npuzzlesolve: interrupted\n"), err
    assert RETURNED not in err  # ended at Ctrl-C, not once the explanation was done


def test_ctrl_c_ends_an_explanation_at_once_with_its_steps_so_far():
    code, out, err, reported = explain_interrupted(["hidato", BIG])
    assert_interrupted(code, err)
    lines = out.splitlines()
    shown = [line for line in lines if line.startswith("step ")]
    assert len(shown) >= reported  # every step found before Ctrl-C, maybe a few after
    assert [line.split(":")[0] for line in shown] == [f"step {n}" for n in range(1, len(shown) + 1)]
    assert (
        lines[-1] == f"interrupted: Ctrl-C came after {len(shown)} steps; the rest is not explained"
    )
    assert not any(line.startswith("difficulty:") for line in lines)


def test_ctrl_c_ends_an_explanation_in_json_with_one_document_of_its_steps():
    code, out, err, reported = explain_interrupted(["hidato", BIG, "--format", "json"])
    assert_interrupted(code, err)
    document = json.loads(out)
    assert document["genre"] == "hidato"
    assert document["status"] == "interrupted"
    assert len(document["steps"]) >= reported
    assert all(step["text"] for step in document["steps"])


@pytest.mark.parametrize("command", ["check", "hint"])
def test_check_and_hint_are_not_changed_by_running_in_the_background(command):
    # the work runs in a thread of its own now: what it prints and its status stay the same
    args = [command, "hitori", "instances/hitori/ai-course-5x5.txt"]
    if command == "check":
        args.append("instances/hitori/ai-course-5x5-wrong.ans")
    done = subprocess.run(
        [sys.executable, "-m", "puzzlesolve", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.stderr == ""
    assert done.returncode == (1 if command == "check" else 0)
    assert done.stdout.startswith("invalid: " if command == "check" else "hint: ")


GRADING, GRADED = "puzzlesolve-test: grading", "puzzlesolve-test: graded"
AUDIT_LAUNCHER = (
    "import sys\n"
    "from puzzlesolve import audit\n"
    "grade_of = audit.grade_of\n"
    "def reporting(*args, **options):\n"
    f"    print({GRADING!r}, file=sys.stderr, flush=True)\n"
    "    done = grade_of(*args, **options)\n"
    f"    print({GRADED!r}, file=sys.stderr, flush=True)\n"
    "    return done\n"
    "audit.grade_of = reporting\n"
    "from puzzlesolve.__main__ import run\n"
    "sys.argv[0] = 'puzzlesolve'\n"
    "run()\n"
)


@pytest.mark.parametrize("seconds", [0.2, 0.5, 0.8, 1.2, 1.6])
def test_ctrl_c_while_an_audit_grades_is_never_lost(seconds):
    # grading explains the board, hundreds of technique rounds on the main thread: a Ctrl-C
    # that came in a clingo object's finaliser there was "ignored" and the audit ran on
    with ctrl_c_as_in_a_terminal():
        child = subprocess.Popen(
            [sys.executable, "-c", AUDIT_LAUNCHER, "audit", "hidato", BIG],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
    read = b""
    while GRADING.encode() not in read:
        chunk = os.read(child.stderr.fileno(), 4096)
        assert chunk, f"the child ended first: {read.decode()}"
        read += chunk
    time.sleep(seconds)
    os.killpg(child.pid, signal.SIGINT)
    try:
        out, more = child.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
        raise AssertionError(f"Ctrl-C at {seconds} s did not end the audit") from None
    err = (read + more).decode()
    assert child.returncode == 130, err
    assert "Exception ignored" not in err and "Traceback" not in err, err
    assert err.endswith("\npuzzlesolve: interrupted\n"), err
    assert GRADED not in err and out == b""

"""Ctrl-C at any moment of any command: "puzzlesolve: interrupted", exit 130, no traceback and
no file half-written (see puzzlesolve/interrupt.py).

Not a race that passes by luck: every command is interrupted at several moments spread over its
first seconds (grounding, the first search, the staged search beside it, explaining,
generating), in runs that last far longer than that, and every run must end the same way. The
moments count from when the command's code is loaded (the child says so on standard error), so
that the interpreter's own start-up, which is not puzzlesolve's, is left out.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import (
    NO_CORPUS,
    OPEN_BOARD,
    PARITY_BOARD,
    REPO,
    corpus_file,
    ctrl_c_as_in_a_terminal,
)

from puzzlesolve import interrupt

# seconds after the command's start, spread from the first instants to well into the search;
# each command takes its share in turn (every fourth), so that together they cover all
MOMENTS = [0.05, 0.1, 0.2, 0.35, 0.5, 0.7, 0.9, 1.2, 1.5, 1.9, 2.4, 3.0]

READY = "puzzlesolve-test: ready"
LAUNCHER = (
    "import sys\n"
    "from puzzlesolve.cli import main\n"
    f"print({READY!r}, file=sys.stderr, flush=True)\n"
    "main(sys.argv[1:], prog_name='puzzlesolve')\n"
)


def interrupted_at(seconds: float, args: list[str], cwd: Path) -> tuple[int, str, str]:
    """Run ``puzzlesolve ARGS``, send it Ctrl-C `seconds` after its code is loaded (to its whole
    process group, as a terminal does), and return its exit status, stdout and stderr."""
    with ctrl_c_as_in_a_terminal():
        child = subprocess.Popen(
            [sys.executable, "-c", LAUNCHER, *args],
            cwd=cwd,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
    first = child.stderr.readline()
    assert first.strip() == READY, first + child.stderr.read()
    time.sleep(seconds)
    os.killpg(child.pid, signal.SIGINT)
    try:
        out, err = child.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
        raise AssertionError(f"Ctrl-C at {seconds} s did not stop {args}") from None
    return child.returncode, out, err


def assert_interrupted(seconds: float, code: int, err: str) -> None:
    assert code == 130, f"at {seconds} s: exit {code}\n{err}"
    assert "puzzlesolve: interrupted" in err, f"at {seconds} s\n{err}"
    assert "Traceback" not in err and "FATAL" not in err and "terminate" not in err, err


def nothing_partial(folder: Path) -> None:
    assert not [path.name for path in folder.rglob("*.partial")]


@pytest.fixture
def boards(tmp_path: Path) -> Path:
    (tmp_path / "parity.txt").write_text(PARITY_BOARD)  # no end under --fill
    # an answer that decides nothing but the endpoints: whether a solution extends it is the
    # whole search again (an answer with its blanks as "no line" is refuted at once)
    undecided = [
        " ".join("?" if token == "-" else token for token in line.split())
        for line in PARITY_BOARD.splitlines()
    ]
    (tmp_path / "parity.ans").write_text("\n".join(undecided) + "\n")
    (tmp_path / "open.txt").write_text(OPEN_BOARD)  # solutions without end
    return tmp_path


COMMANDS = {
    # the plain search, then the staged search beside it, each in clingo's threads
    "solve": ["numberlink", "parity.txt", "--fill", "-o", "out.txt", "--svg", "out.svg"],
    # -n 0 prints each solution from clingo's thread as it is found
    "solve -n 0": ["numberlink", "open.txt", "-n", "0", "-o", "out.txt"],
    "solve -n 0 json": ["numberlink", "open.txt", "-n", "0", "--format", "json", "-o", "out.txt"],
    "check": ["check", "numberlink", "parity.txt", "parity.ans", "--fill", "--svg", "out.svg"],
    "hint": ["hint", "numberlink", "parity.txt", "--fill", "--svg", "out.svg"],
    "explain": ["explain", "numberlink", "parity.txt", "--fill"],
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_ctrl_c_at_any_moment_of_a_command_ends_in_interrupted(boards, command):
    share = sorted(COMMANDS).index(command)
    for seconds in MOMENTS[share::4] if command != "solve" else MOMENTS:
        code, _, err = interrupted_at(seconds, COMMANDS[command], boards)
        assert_interrupted(seconds, code, err)
        assert not (boards / "out.txt").exists() and not (boards / "out.svg").exists()
        nothing_partial(boards)


def test_ctrl_c_while_generating_keeps_whole_puzzles_only(tmp_path):
    out = tmp_path / "puzzles"
    # --force: each interrupted run writes into the same folder as the one before
    args = ["generate", "hidato", "--size", "9x9", "--seed", "1", "--count", "1000", "--force"]
    for seconds in MOMENTS[1::4]:
        code, _, err = interrupted_at(seconds, [*args, "--out", str(out)], tmp_path)
        assert_interrupted(seconds, code, err)
        nothing_partial(tmp_path)
        for puzzle in out.glob("*[0-9].txt"):  # each with its solution, both whole
            assert puzzle.with_name(puzzle.stem + ".sol").read_text().endswith("\n")


def test_ctrl_c_in_a_batch_leaves_whole_lines(boards):
    folder = boards / "batch"
    folder.mkdir()
    for number in range(6):
        shutil.copy(REPO / "instances" / "numberlink" / "fill-5x5.txt", folder / f"a{number}.txt")
    for number in range(2):
        shutil.copy(boards / "parity.txt", folder / f"z{number}.txt")
    results = boards / "results.jsonl"
    for seconds in MOMENTS[2::4]:
        results.unlink(missing_ok=True)
        args = ["batch", "numberlink", str(folder), "--fill", "--jobs", "2", "-o", str(results)]
        code, _, err = interrupted_at(seconds, args, boards)
        assert_interrupted(seconds, code, err)
        text = results.read_text() if results.exists() else ""
        assert text == "" or text.endswith("\n")
        assert "z0.txt" not in text and "z1.txt" not in text  # no end: neither was finished


def test_ctrl_c_while_grounding_a_big_board(tmp_path):
    # a 36x36 board takes seconds to ground, and grounding cannot be cut short: the interrupt
    # comes as soon as it is done, before any search
    if NO_CORPUS:
        pytest.skip(
            "PUZZLESOLVE_NO_CORPUS=1 (tests/test_ctrl_c_moments.py grounds a big board too)"
        )
    board = corpus_file("numberlink/adc/adc2015_Q04.txt")
    for seconds in (0.5, 2.0):
        code, out, err = interrupted_at(
            seconds, ["numberlink", str(board), "-o", "out.txt"], tmp_path
        )
        assert_interrupted(seconds, code, err)
        assert out == "" and not (tmp_path / "out.txt").exists()


def test_outside_the_main_thread_or_with_sigint_ignored_nothing_changes():
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with interrupt.deferred():
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN  # a batch worker's
    finally:
        signal.signal(signal.SIGINT, previous)


@pytest.fixture
def usual_ctrl_c():
    """SIGINT as Python sets it up, whatever the test run started with (`deferred` stands
    aside where it is ignored)."""
    with ctrl_c_as_in_a_terminal():
        yield


@pytest.mark.usefixtures("usual_ctrl_c")
def test_an_interrupt_in_a_deferred_block_is_raised_at_its_end_and_only_there():
    reached = []
    with pytest.raises(KeyboardInterrupt), interrupt.deferred():
        with interrupt.deferred():
            signal.raise_signal(signal.SIGINT)
            reached.append("inner")  # recorded, not raised here
            assert interrupt.arrived()
        reached.append("outer")  # the inner block's end raised
    assert reached == ["inner"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert not interrupt.arrived()


@pytest.mark.usefixtures("usual_ctrl_c")
def test_ctrl_c_between_the_renames_of_files_written_together_waits_for_both(tmp_path, monkeypatch):
    from puzzlesolve import files

    renamed = []

    def replace(source, target):
        if not renamed:
            signal.raise_signal(signal.SIGINT)  # Ctrl-C just as the first file is renamed
        renamed.append(target)
        os.rename(source, target)

    monkeypatch.setattr(files.os, "replace", replace)
    puzzle, solution = tmp_path / "p.txt", tmp_path / "p.sol"
    with pytest.raises(KeyboardInterrupt):
        files.write_together([(puzzle, "1 2\n"), (solution, "# 2\n")])
    assert (puzzle.read_text(), solution.read_text()) == ("1 2\n", "# 2\n")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["p.sol", "p.txt"]


def test_ctrl_c_while_the_command_loads_is_interrupted_too():
    # the console script and `python -m puzzlesolve` both go through __main__.run; here Ctrl-C
    # comes, deterministically, as the command line's module is being imported
    code = (
        "import sys\n"
        "class CtrlC:\n"
        "    def find_spec(self, name, path, target=None):\n"
        "        if name == 'puzzlesolve.cli':\n"
        "            raise KeyboardInterrupt\n"
        "sys.meta_path.insert(0, CtrlC())\n"
        "from puzzlesolve.__main__ import run\n"
        "run()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, "--version"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "\npuzzlesolve: interrupted\n")

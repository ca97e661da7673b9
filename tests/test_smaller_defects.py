"""Smaller defects of the command line (issue 44 item 9): a batch or an audit book over a
folder with a FIFO in it skips the FIFO with a note (reading it would wait for ever); the
server stopped by SIGTERM while a request is at work answers that request, prints no
traceback and exits 0."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from conftest import REPO

HITORI = REPO / "instances" / "hitori" / "ai-course-5x5.txt"


@pytest.fixture
def folder_with_a_fifo(tmp_path: Path) -> Path:
    folder = tmp_path / "boards"
    folder.mkdir()
    shutil.copy(HITORI, folder / "a.txt")
    os.mkfifo(folder / "d.txt")  # nothing ever writes to it
    return folder


def puzzlesolve(*args: str | Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "puzzlesolve", *map(str, args)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,  # a FIFO read would hang: fail instead
    )


def test_batch_skips_a_fifo_in_a_folder_with_a_note(folder_with_a_fifo):
    done = puzzlesolve("batch", "hitori", folder_with_a_fifo)
    fifo = folder_with_a_fifo / "d.txt"
    assert done.returncode == 0, done.stderr
    # the note first, then the summary of the one instance solved
    assert done.stderr.startswith(f"% skipped {fifo}: not a regular file\nhitori batch: 1 of 1 ")
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [(line["instance"], line["status"]) for line in lines] == [
        (str(folder_with_a_fifo / "a.txt"), "unique")
    ]


def test_batch_skips_a_fifo_a_pattern_matches(folder_with_a_fifo):
    done = puzzlesolve("batch", "hitori", f"{folder_with_a_fifo}/*.txt")
    assert done.returncode == 0, done.stderr
    assert done.stderr.startswith(
        f"% skipped {folder_with_a_fifo / 'd.txt'}: not a regular file\nhitori batch: 1 of 1 "
    )
    assert len(done.stdout.splitlines()) == 1


def test_an_audit_book_skips_a_fifo_with_a_note(folder_with_a_fifo):
    done = puzzlesolve("audit", "hitori", folder_with_a_fifo, "--no-grade")
    assert done.returncode == 0, done.stderr
    assert done.stderr == f"% skipped {folder_with_a_fifo / 'd.txt'}: not a regular file\n"
    assert "a.txt" in done.stdout and "d.txt" not in done.stdout


def test_serve_stopped_by_sigterm_while_working_answers_and_exits_0():
    server = subprocess.Popen(
        [sys.executable, "-m", "puzzlesolve", "serve", "--no-browser", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=REPO,
    )
    address = server.stdout.readline().split()[-1]
    answered: list[int] = []

    def explain() -> None:  # explaining this board takes minutes
        body = {"genre": "hidato", "source": {"example": "generated-16x16"}, "job": "long"}
        request = urllib.request.Request(
            address + "api/explain",
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json", "Origin": address.rstrip("/")},
        )
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                answered.append(response.status)
        except urllib.error.HTTPError as refused:
            answered.append(refused.code)

    asking = threading.Thread(target=explain)
    asking.start()
    time.sleep(1.5)  # the work has started in its own process
    server.send_signal(signal.SIGTERM)
    _out, err = server.communicate(timeout=30)
    asking.join(30)
    assert (server.returncode, err) == (0, "puzzlesolve: server stopped\n")
    assert answered == [409]  # "stopped", as the page's Stop is answered

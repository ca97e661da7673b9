"""Boards whose grounding would take minutes and gigabytes are refused before it starts (issue
44 item 3): a Nurikabe number that may reach thousands of cells (its area's count costs the
grounder about the square of them: 100x100 with one number 9999 took 192 s and 8.5 GB), and
Slitherlink and Masyu boards beyond 75,000 cells (a blank 300x300 took 52 s and 1 GB). One
line of bad input, exit 2, as for the other genres' estimates."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO


def puzzlesolve(*args: str | Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "puzzlesolve", *map(str, args)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
        timeout=90,  # grounding such a board took minutes: fail rather than wait
    )


def one_number(tmp_path: Path, size: int, number: int) -> Path:
    rows = [["."] * size for _ in range(size)]
    rows[0][0] = str(number)
    path = tmp_path / f"nurikabe-{size}.txt"
    path.write_text("\n".join(" ".join(row) for row in rows) + "\n")
    return path


@pytest.mark.parametrize(
    ("size", "number", "estimate"),
    [(100, 9999, "50,210,000"), (50, 2499, "3,177,500")],
)
def test_a_nurikabe_number_that_reaches_thousands_of_cells_is_refused(
    tmp_path, size, number, estimate
):
    board = one_number(tmp_path, size, number)
    done = puzzlesolve("nurikabe", board)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        f"puzzlesolve: {board}: too large to solve: {size}x{size} cells with 1 number would "
        f"ground about {estimate} rules (limit 3,000,000)\n"
    )


def test_a_nurikabe_number_that_reaches_a_few_hundred_cells_is_solved(tmp_path):
    done = puzzlesolve("nurikabe", one_number(tmp_path, 20, 399))
    assert done.returncode == 0, done.stderr
    assert "% multiple: the puzzle has more than one solution" in done.stdout


def test_a_slitherlink_board_beyond_the_limit_is_refused(tmp_path):
    board = tmp_path / "blank.txt"
    board.write_text(("." * 280 + "\n") * 280)
    done = puzzlesolve("slitherlink", board)
    assert done.returncode == 2
    assert done.stderr == (
        f"puzzlesolve: {board}: too large to solve: 280x280 cells (at most 75,000 for this genre)\n"
    )


@pytest.mark.parametrize(
    ("genre", "game_id"),
    [("slitherlink", "300x300t0:" + "z" * 3461 + "n"), ("masyu", "300x300:" + "z" * 3461 + "n")],
)
def test_a_game_id_beyond_the_limit_is_refused(genre, game_id):
    done = puzzlesolve(genre, game_id)
    assert done.returncode == 2
    assert done.stderr == (
        f"puzzlesolve: {game_id}: too large to solve: 300x300 cells would ground about "
        "3,600,000 rules (limit 3,000,000)\n"
    )


def test_a_game_id_too_long_for_a_file_name_is_read_without_a_genre():
    # 3,472 characters: no file can have that name (asking raises), and no traceback comes
    game_id = "300x300t0:" + "z" * 3461 + "n"
    done = puzzlesolve(game_id)
    assert done.returncode == 2
    assert done.stderr == (
        f"puzzlesolve: {game_id}: too large to solve: 300x300 cells would ground about "
        "3,600,000 rules (limit 3,000,000)\n"
    )


def test_a_board_still_grounding_when_the_time_runs_out_is_a_timeout_within_it(tmp_path):
    # a blank 150x150 Slitherlink grounds for 10-15 s: with 2 s given, the run says
    # "timeout" without waiting for the grounding to finish (its rules never counted)
    board = tmp_path / "blank.txt"
    board.write_text(("." * 150 + "\n") * 150)
    done = puzzlesolve("slitherlink", board, "--timeout", "2", "--format", "json")
    assert done.returncode == 4, done.stderr
    document = json.loads(done.stdout)
    assert (document["status"], document["count"], document["exhausted"]) == ("timeout", 0, False)
    assert document["stats"]["full_rules"] == "not ground within the time limit (2 s)"
    assert document["stats"]["rules"] == 0
    assert done.stderr == ""

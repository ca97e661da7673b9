"""generate on the command line (issue 36 item 13): no trivial board, names that say only
what was measured, and links printed beside the files they belong to."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from puzzlesolve.cli import main


def run(*args):
    return CliRunner().invoke(main, [str(arg) for arg in args], catch_exceptions=False)


@pytest.mark.parametrize(
    ("size", "voids", "left", "cells"),
    [("2x2", "0.99", 2, 4), ("3x3", "0.9", 2, 9), ("2x2", "0.5", 2, 4)],
)
def test_voids_that_leave_a_trivial_board_are_refused(tmp_path, size, voids, left, cells):
    r = run(
        "generate", "hidato", "--size", size, "--voids", voids, "--seed", "1", "--out", tmp_path
    )
    assert r.exit_code == 2, r.output
    assert r.stderr == (
        f"puzzlesolve: --voids {voids} leaves {left} of the {cells} cells of a {size} board: a "
        "puzzle needs at least 4 (fewer voids or a larger board)\n"
    )
    assert r.stdout == "" and list(tmp_path.iterdir()) == []


def test_a_puzzle_never_graded_has_no_grade_in_its_name(tmp_path):
    r = run("generate", "hitori", "--size", "4x4", "--seed", "1", "--no-grade", "--out", tmp_path)
    assert r.exit_code == 0, r.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hitori-4x4-1.sol", "hitori-4x4-1.txt"]
    assert r.stderr.splitlines()[-1].startswith("hitori-4x4-1: unique, ")


def test_a_graded_puzzle_is_named_by_its_grade(tmp_path):
    r = run("generate", "hitori", "--size", "5x5", "--seed", "1", "--difficulty", "easy",
            "--out", tmp_path)  # fmt: skip
    assert r.exit_code == 0, r.output
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "hitori-5x5-easy-1.sol",
        "hitori-5x5-easy-1.txt",
    ]


def test_links_with_out_are_printed_beside_their_files(tmp_path):
    r = run("generate", "hitori", "--size", "4x4", "--seed", "1", "--count", "2", "--no-grade",
            "--url", "--out", tmp_path)  # fmt: skip
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert [line.split(" ")[0] for line in lines] == [
        str(tmp_path / "hitori-4x4-1.txt"),
        str(tmp_path / "hitori-4x4-2.txt"),
    ]
    for line in lines:
        path, link = line.split(" ")
        assert run("url", "hitori", path).stdout == link + "\n"

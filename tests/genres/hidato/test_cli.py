"""Hidato and Numbrix from the command line: reading both input forms, output, bad input."""

from __future__ import annotations

import json

import clingo
import pytest
from click.testing import CliRunner
from conftest import REPO

from puzzlesolve.cli import main
from puzzlesolve.program import encoding_path

INSTANCES = REPO / "instances"
VOIDS = INSTANCES / "hidato" / "voids-6x7.txt"


def run(*args: object, input: str | None = None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def test_hidato_prints_numbers_right_aligned_with_voids():
    r = run("hidato", VOIDS)
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[:2] == [" #  9  8  7  1  2  #", "10 12 13 14  6  5  3"]
    assert r.stdout.splitlines()[-1].startswith("% unique:")


def test_json_grid_has_null_for_voids():
    r = run("hidato", VOIDS, "--format", "json")
    assert r.exit_code == 0, r.output
    document = json.loads(r.stdout)
    assert (document["genre"], document["rows"], document["cols"], document["status"]) == (
        "hidato",
        6,
        7,
        "unique",
    )
    grid = document["solutions"][0]["grid"]
    assert grid[0] == [None, 9, 8, 7, 1, 2, None]
    assert sorted(n for row in grid for n in row if n is not None) == list(range(1, 37))


def test_matrix_form_reads_like_the_contract_form():
    matrix = run("hidato", INSTANCES / "hidato" / "matrix-form-6x7.txt", "--format", "json")
    contract = run("hidato", VOIDS, "--format", "json")
    assert matrix.exit_code == 0, matrix.output
    assert json.loads(matrix.stdout)["solutions"] == json.loads(contract.stdout)["solutions"]


def test_every_blank_token_means_the_same():
    for blank in ("-", ".", "_", "0", "-2"):
        r = run("numbrix", "-", "-n", "0", "--count", input=f"1 {blank}\n{blank} {blank}\n")
        assert r.exit_code == 0, r.output
        assert "(2 solutions found, search complete)" in r.stdout


def test_numbrix_counts_all_solutions_and_hidato_more_on_the_same_board():
    numbrix = run("numbrix", "-", "-n", "0", "--format", "json", input="1.\n..\n")
    hidato = run("hidato", "-", "-n", "0", "--format", "json", input="1.\n..\n")
    assert (json.loads(numbrix.stdout)["count"], json.loads(hidato.stdout)["count"]) == (2, 6)


def test_givens_too_far_apart_are_unsolvable_exit_1():
    r = run("numbrix", "-", "--format", "json", input="1 - 2\n- - -\n")
    assert r.exit_code == 1, r.output
    assert json.loads(r.stdout)["status"] == "unsolvable"
    r = run("hidato", INSTANCES / "hidato" / "too-far-3x3.txt")
    assert r.exit_code == 1, r.output


EXPECTED = "expected a number, '-', '.', '_' or '0' (blank), or '#' (void)"
BAD_INPUTS = {
    "ragged": ("1 - -\n- -\n", "bad.txt:2:4: ragged row: 2 cells where the first row has 3"),
    "letter": ("1 -\n- x\n", f"bad.txt:2:3: {EXPECTED}, found 'x'"),
    "minus three": ("1 -3\n-2 -2\n", f"bad.txt:1:3: {EXPECTED}, found '-3'"),
    "empty": ("% nothing here\n", "bad.txt: no grid: the file has no rows"),
    "only voids": ("# #\n# #\n", "bad.txt: no cell to fill: every cell is a void ('#')"),
    "above N": ("1 - #\n- 5 #\n", "bad.txt:2:3: given 5 is above 4, the number of cells to fill"),
    "twice": ("1 - -\n- - 1\n", "bad.txt:2:5: 1 is given twice (also at line 1, column 1)"),
}


@pytest.mark.parametrize("genre", ["hidato", "numbrix"])
@pytest.mark.parametrize("text, message", BAD_INPUTS.values(), ids=BAD_INPUTS.keys())
def test_bad_input_is_one_line_with_file_line_and_column(tmp_path, genre, text, message):
    bad = tmp_path / "bad.txt"
    bad.write_text(text)
    r = run(genre, bad)
    assert r.exit_code == 2, r.output
    assert r.stderr == f"puzzlesolve: {tmp_path / message}\n"
    assert r.stdout == ""


def test_numbrix_facts_name_the_constant_and_solve_under_plain_clingo():
    r = run("facts", "numbrix", INSTANCES / "numbrix" / "several-2x2.txt")
    assert r.exit_code == 0, r.output
    first, *facts = r.stdout.splitlines()
    assert first.endswith("hidato.lp THIS_FILE 0 -c king=0")
    assert facts == ["cell(0,0).", "cell(0,1).", "cell(1,0).", "cell(1,1).", "given(0,0,1)."]
    ctl = clingo.Control(["0", "-c", "king=0"])
    ctl.load(str(encoding_path("hidato.lp")))
    ctl.add("base", [], r.stdout)
    ctl.ground([("base", [])])
    with ctl.solve(yield_=True) as handle:
        assert sum(1 for _ in handle) == 2

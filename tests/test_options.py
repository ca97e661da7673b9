"""Numeric options: a value out of range is one line of bad usage (exit 2); a large one does what
it says (a huge -n: all solutions, up to that many; a huge or infinite --timeout: no limit)."""

from __future__ import annotations

import json
import math

import pytest
from click.testing import CliRunner
from conftest import OPEN_BOARD, REPO

from puzzlesolve import parse, solve
from puzzlesolve.cli import main

SEVERAL = REPO / "instances" / "hitori" / "several-3x3.txt"  # 7 solutions
HUGE = str(2**64 - 1)  # more than clingo takes as a number of models


def one_line_of_bad_usage(r, option: str) -> None:
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith(f"puzzlesolve: Invalid value for '{option}'"), r.stderr
    assert r.stderr.count("\n") == 1 and r.stdout == "" and "Traceback" not in r.output


@pytest.mark.parametrize("models", [HUGE, str(2**63), str(10**30)])
def test_a_huge_model_count_means_all_solutions(models):
    r = CliRunner().invoke(
        main, ["hitori", str(SEVERAL), "-n", models, "--format", "json"], catch_exceptions=False
    )
    assert r.exit_code == 0, r.output
    document = json.loads(r.stdout)
    assert (document["status"], document["count"], document["exhausted"]) == ("multiple", 7, True)


def test_a_huge_model_count_in_a_batch_means_all_solutions():
    r = CliRunner().invoke(
        main, ["batch", "hitori", str(SEVERAL), "-n", HUGE, "--jobs", "1"], catch_exceptions=False
    )
    assert r.exit_code == 0, r.output
    line = json.loads(r.stdout)
    assert (line["status"], line["count"], line["exhausted"]) == ("multiple", 7, True)


@pytest.mark.parametrize("timeout", [1e10, math.inf])
def test_a_timeout_longer_than_any_run_is_no_limit(timeout):
    # listing all solutions of a board that takes about a second to prove it has none: clingo's
    # wait(1e10) and wait(inf) used to return at once, and the run ended as a timeout
    board = parse("numberlink", OPEN_BOARD)
    result = solve("numberlink", board, switches=["fill"], models=0, timeout=timeout)
    assert (result.status, result.count, result.exhausted) == ("unsolvable", 0, True)


@pytest.mark.parametrize(
    "arguments",
    [["hitori", str(SEVERAL), "--format", "json"], ["batch", "hitori", str(SEVERAL), "-j", "1"]],
    ids=["solve", "batch"],
)
def test_an_infinite_timeout_on_the_command_line_is_no_limit(arguments):
    r = CliRunner().invoke(
        main, [*arguments, "--timeout", "inf", "-n", "0"], catch_exceptions=False
    )
    assert r.exit_code == 0, r.output
    document = json.loads(r.stdout.splitlines()[0])
    assert (document["status"], document["count"], document["exhausted"]) == ("multiple", 7, True)


@pytest.mark.parametrize(
    "arguments, option, message",
    [
        (["--timeout", "nan"], "--timeout", "'nan': give a number of seconds more than 0"),
        (["--timeout", "0"], "--timeout", "'0': give a number of seconds more than 0"),
        (["--timeout", "-inf"], "--timeout", "'-inf': give a number of seconds more than 0"),
        (["--timeout", "soon"], "--timeout", "'soon' is not a number of seconds"),
        (["-n", "-1"], "-n' / '--models", "-1 is less than 0"),
        (["-n", "1e3"], "-n' / '--models", "'1e3' is not a whole number"),
    ],
)
def test_out_of_range_values_are_one_line(arguments, option, message):
    r = CliRunner().invoke(main, ["hitori", str(SEVERAL), *arguments])
    one_line_of_bad_usage(r, option)
    assert f"'{option}': {message}" in r.stderr


@pytest.mark.parametrize(
    "arguments, option, message",
    [
        (
            ["batch", "hitori", str(SEVERAL), "-j", "100000"],
            "-j' / '--jobs",
            "100000 is more than 256 worker processes",
        ),
        (["batch", "hitori", str(SEVERAL), "-j", "0"], "-j' / '--jobs", "0 is less than 1"),
        (
            ["batch", "hitori", str(SEVERAL), "--timeout", "nan"],
            "--timeout",
            "'nan': give a number of seconds more than 0",
        ),
        (
            ["generate", "hidato", "--size", "4x4", "--voids", "nan"],
            "--voids",
            "'nan' is not a fraction from 0 up to (not including) 1",
        ),
        (["generate", "hidato", "--size", "4x4", "--seed", "-1"], "--seed", "-1 is less than 0"),
        (
            ["generate", "hidato", "--size", "4x4", "--seed", str(2**64)],
            "--seed",
            f"{2**64} is more than {2**63 - 1}",
        ),
        (["generate", "hidato", "--size", "4x4", "--count", "0"], "--count", "0 is less than 1"),
    ],
)
def test_out_of_range_values_of_other_commands_are_one_line(arguments, option, message):
    r = CliRunner().invoke(main, arguments)
    one_line_of_bad_usage(r, option)
    assert f"'{option}': {message}" in r.stderr


def test_a_huge_size_is_refused_before_any_work():
    r = CliRunner().invoke(main, ["generate", "hitori", "--size", "100000x100000"])
    assert r.exit_code == 2, r.output
    assert r.stderr == "puzzlesolve: size '100000x100000': at most 100 rows and columns\n"


@pytest.mark.parametrize(
    "options, message",
    [
        ({"models": -1}, "models must be 0 (all) or more, not -1"),
        ({"timeout": math.nan}, "timeout must be more than 0 seconds, not nan"),
        ({"timeout": 0}, "timeout must be more than 0 seconds, not 0"),
    ],
)
def test_the_library_refuses_what_makes_no_sense(options, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        solve("hitori", parse("hitori", SEVERAL.read_text()), **options)

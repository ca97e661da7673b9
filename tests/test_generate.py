"""Generators: every puzzle re-solved from its text by a fresh solver call is unique.

Real clingo throughout. Sizes stay small so the whole file runs in well under a minute.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import by_name, ctrl_c_as_in_a_terminal

from puzzlesolve import parse, solve
from puzzlesolve.cli import main
from puzzlesolve.generate import ClueProgram, Undecided
from puzzlesolve.generate import generate as generating
from puzzlesolve.genres import GENRES

generate = by_name(generating)  # as the command line generates


SIZES = [(2, 2), (3, 4), (5, 5), (6, 4)]
SEEDS = range(4)


def _min_sizes(genre: str) -> list[tuple[int, int]]:
    generator = GENRES[genre].feature("generate")
    if generator.SIZES is not None:  # a genre of fixed sizes (Sudoku): its smallest two
        return sorted(generator.SIZES)[:2]
    side = generator.MIN_SIDE
    sizes = [(max(r, side), max(c, side)) for r, c in SIZES]
    return sorted({(r, r) for r, _ in sizes}) if generator.SQUARE else sizes


def _fresh_solve(genre: str, text: str, switches: tuple[str, ...] = ()):
    return solve(genre, parse(genre, text), models=2, switches=switches)


@pytest.mark.parametrize("genre", sorted(GENRES))
@pytest.mark.parametrize("difficulty", ["easy", "hard"])
def test_sweep_is_unique_when_solved_again(genre: str, difficulty: str) -> None:
    for rows, cols in _min_sizes(genre):
        for seed in SEEDS:
            puzzle = generate(genre, rows, cols, seed, difficulty)
            result = _fresh_solve(genre, puzzle.text)
            assert result.status == "unique", puzzle.text
            assert result.genre.render(result.puzzle, result.solutions[0]) == puzzle.solution
            assert (result.puzzle.rows, result.puzzle.cols) == (rows, cols)
            assert puzzle.calls >= 1


@pytest.mark.parametrize("genre", sorted(GENRES))
def test_same_seed_same_puzzle(genre: str) -> None:
    first, again = generate(genre, 6, 6, 11), generate(genre, 6, 6, 11)
    assert (first.text, first.solution) == (again.text, again.solution)
    assert first.text != generate(genre, 6, 6, 12).text


def test_a_search_past_its_conflict_limit_is_undecided() -> None:
    program = "cell(0..5,0..5). given(0,0,1). :- number(0,1,2)."
    assert ClueProgram(GENRES["hidato"], program, []).other_solution([]) is not None
    with pytest.raises(Undecided):
        ClueProgram(GENRES["hidato"], program, [], conflicts=0).other_solution([])


# --- command line -------------------------------------------------------------------------


def test_cli_writes_count_pairs_that_solve_uniquely(tmp_path: Path) -> None:
    for genre in sorted(GENRES):
        r = CliRunner().invoke(
            main,
            [
                "generate",
                genre,
                "--size",
                "8x8",
                "--seed",
                "4",
                "--count",
                "2",
                "--no-grade",  # the files are the point here; grading is tests/test_grade.py's
                "--out",
                str(tmp_path),
            ],
            catch_exceptions=False,
        )
        assert r.exit_code == 0, r.output
        puzzles = sorted(tmp_path.glob(f"{genre}-8x8-*[0-9].txt"))
        assert len(puzzles) == 2
        for path in puzzles:
            result = _fresh_solve(genre, path.read_text())
            assert result.status == "unique"
            expected = path.with_suffix(".sol").read_text()
            assert result.genre.render(result.puzzle, result.solutions[0]) == expected


def test_cli_same_seed_gives_byte_identical_files(tmp_path: Path) -> None:
    for run in ("a", "b"):
        r = CliRunner().invoke(
            main,
            [
                "generate",
                "hitori",
                "--size",
                "5x6",
                "--seed",
                "9",
                "--count",
                "2",
                "--no-grade",  # byte-identical names and files; graded runs: tests/test_grade.py
                "--out",
                str(tmp_path / run),
            ],
        )
        assert r.exit_code == 0, r.output
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert names == sorted(p.name for p in (tmp_path / "b").iterdir()) and len(names) == 4
    for name in names:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_cli_prints_puzzle_and_solution_and_reports_measures() -> None:
    r = CliRunner().invoke(
        main,
        ["generate", "hitori", "--size", "4x4", "--seed", "2", "--difficulty", "easy"],
        catch_exceptions=False,
    )
    assert r.exit_code == 0, r.output
    assert "% solution" in r.stdout and "#" in r.stdout.split("% solution")[1]
    assert "solver calls" in r.stderr and "choices" in r.stderr and "clashes" in r.stderr


def test_cli_out_dash_prints_like_no_out_and_makes_no_folder(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    arguments = ["generate", "hitori", "--size", "4x4", "--seed", "2", "--difficulty", "easy"]
    printed = CliRunner().invoke(main, arguments, catch_exceptions=False)
    dashed = CliRunner().invoke(main, [*arguments, "--out", "-"], catch_exceptions=False)
    assert dashed.exit_code == printed.exit_code == 0, dashed.output
    assert dashed.stdout == printed.stdout
    assert list(tmp_path.iterdir()) == []


def test_cli_without_seed_prints_the_seed_it_chose() -> None:
    r = CliRunner().invoke(main, ["generate", "hitori", "--size", "3x3"])
    assert r.exit_code == 0, r.output
    assert r.stderr.startswith("% seed ")


@pytest.mark.parametrize(
    "arguments",
    [
        ["hitori", "--size", "0x4"],
        ["hitori", "--size", "-3x3"],
        ["hitori", "--size", "4"],
        ["hitori", "--size", "1x6"],
        ["sudoku", "--size", "5x5"],
        ["hitori", "--size", "5x5", "--fill"],
        ["hitori", "--size", "5x5", "--voids", "0.2"],
        ["numbrix", "--size", "5x5", "--voids", "0.2"],
        ["hidato", "--size", "5x5", "--voids", "0.2", "--symmetric"],
        ["hitori", "--size", "5x5", "--symmetric"],
        ["numberlink", "--size", "2x5"],
        ["hidato", "--size", "0x0"],
    ],
)
def test_cli_bad_arguments_get_one_line_and_exit_2(arguments: list[str]) -> None:
    r = CliRunner().invoke(main, ["generate", *arguments])
    assert r.exit_code == 2, r.output
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.output


def test_ctrl_c_keeps_the_puzzles_already_written(tmp_path: Path) -> None:
    command = [
        sys.executable,
        "-m",
        "puzzlesolve",
        "generate",
        "hidato",
        "--size",
        "9x9",
        "--seed",
        "1",
        "--count",
        "100000",  # about a second each: the run is never over before Ctrl-C comes
        "--out",
        str(tmp_path),
    ]
    with ctrl_c_as_in_a_terminal():
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 600  # only a machine that is stuck takes this long
    while not list(tmp_path.glob("*.sol")) and time.monotonic() < deadline:
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    assert list(tmp_path.glob("*.sol")), "no puzzle was made in 10 minutes"
    _out, err = process.communicate(timeout=30)
    assert process.returncode == 130, err
    assert b"interrupted" in err and b"Traceback" not in err
    puzzles = sorted(tmp_path.glob("*[0-9].txt"))
    assert puzzles and not list(tmp_path.glob("*.partial"))
    for path in puzzles:
        assert path.with_suffix(".sol").is_file()
        assert _fresh_solve("hidato", path.read_text()).status == "unique"

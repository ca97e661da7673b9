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
from conftest import ctrl_c_as_in_a_terminal

from puzzlesolve import parse, solve
from puzzlesolve.cli import main
from puzzlesolve.generate import ClueProgram, Undecided
from puzzlesolve.generate import generate as generating
from puzzlesolve.genres import GENRES
from puzzlesolve.genres.hidato.generate import removal_groups
from puzzlesolve.genres.hitori.generate import shape as shading_shape
from puzzlesolve.genres.numberlink.generate import shape


def generate(genre, *args, **options):
    """As the command line generates: the genre's name resolved, then the machinery."""
    return generating(GENRES[genre], *args, **options)


SIZES = [(2, 2), (3, 4), (5, 5), (6, 4)]
SEEDS = range(4)


def _min_sizes(genre: str) -> list[tuple[int, int]]:
    side = GENRES[genre].module("generate").MIN_SIDE
    return [(max(r, side), max(c, side)) for r, c in SIZES]


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


def test_hitori_numbers_stay_within_the_larger_side() -> None:
    puzzle = generate("hitori", 4, 7, 3)
    numbers = parse("hitori", puzzle.text).cells.values()
    assert set(numbers) <= set(range(1, 8))


def test_hitori_hard_has_fewer_clashes_than_easy() -> None:
    easy, hard = generate("hitori", 8, 8, 5, "easy"), generate("hitori", 8, 8, 5, "hard")
    assert hard.measures["clashes"] < easy.measures["clashes"]
    assert easy.measures["shaded"] == hard.measures["shaded"]  # same shading, other numbers


# Tatham's Singles solutions of 8x8 and larger (../shared/corpus/hitori/tatham; figures from
# bench/shapes.py): shaded share 0.266-0.312, diagonal pairs per shaded cell 0.389-0.815,
# 2x2 blocks with two shaded cells 0.143-0.262 of all 2x2 blocks.
@pytest.mark.parametrize("side", [10, 12])
def test_hitori_shading_looks_like_tathams(side: int) -> None:
    for seed in range(5):
        puzzle = generate("hitori", side, side, seed)
        shaded = {
            (r, c)
            for r, line in enumerate(puzzle.solution.splitlines())
            for c, token in enumerate(line.split())
            if token == "#"
        }
        looks = shading_shape(side, side, shaded)
        assert 0.25 <= looks["share"] <= 1 / 3, puzzle.solution
        assert 0.389 <= looks["diagonal"] <= 0.815, puzzle.solution
        assert 0.143 <= looks["blocks"] <= 0.262, puzzle.solution


PATH_GENRES = ["hidato", "numbrix"]


def _givens(text: str) -> list[tuple[int, int, str]]:
    """Every given of a hidato/numbrix text as (line index, token index, token)."""
    rows = [line.split() for line in text.splitlines() if not line.startswith("%")]
    return [(r, c, t) for r, row in enumerate(rows) for c, t in enumerate(row) if t.isdigit()]


@pytest.mark.parametrize("genre", PATH_GENRES)
@pytest.mark.parametrize("seed", range(3))
def test_givens_are_minimal(genre: str, seed: int) -> None:
    puzzle = generate(genre, 5, 5, seed)
    rows = [line.split() for line in puzzle.text.splitlines() if not line.startswith("%")]
    total = sum(t != "#" for row in rows for t in row)
    for r, c, token in _givens(puzzle.text):
        if genre == "hidato" and int(token) in (1, total):
            continue  # Hidato always shows 1 and N
        fewer = [row[:] for row in rows]
        fewer[r][c] = "-"
        result = _fresh_solve(genre, "\n".join(" ".join(row) for row in fewer) + "\n")
        assert result.status == "multiple", f"given {token} is not needed:\n{puzzle.text}"


@pytest.mark.parametrize("genre", PATH_GENRES)
@pytest.mark.parametrize("side", [5, 6])
def test_symmetric_givens_are_symmetric_unique_and_minimal_by_pairs(genre: str, side: int) -> None:
    puzzle = generate(genre, side, side, 2, symmetric=True)
    assert "-symmetric-" in puzzle.name and "--symmetric" in puzzle.text.splitlines()[0]
    rows = [line.split() for line in puzzle.text.splitlines() if not line.startswith("%")]
    given = {(r, c) for r, c, _ in _givens(puzzle.text)}
    assert given == {(side - 1 - r, side - 1 - c) for r, c in given}
    assert _fresh_solve(genre, puzzle.text).status == "unique"
    for r, c in given:
        pair = {rows[r][c], rows[side - 1 - r][side - 1 - c]}
        if genre == "hidato" and pair & {"1", str(side * side)}:
            continue  # Hidato always shows 1 and N, and so their partners
        fewer = [row[:] for row in rows]
        fewer[r][c] = fewer[side - 1 - r][side - 1 - c] = "-"
        result = _fresh_solve(genre, "\n".join(" ".join(row) for row in fewer) + "\n")
        assert result.status == "multiple", f"pair of {rows[r][c]} is not needed:\n{puzzle.text}"


def test_removal_groups_pair_each_cell_with_its_half_turn_image() -> None:
    number = {(r, c): 3 * r + c + 1 for r in range(3) for c in range(3)}
    assert sorted(map(sorted, removal_groups(number, 3, 3, symmetric=True))) == [
        [1, 9],
        [2, 8],
        [3, 7],
        [4, 6],
        [5],
    ]
    assert len(removal_groups(number, 3, 3, symmetric=False)) == 9


def test_a_search_past_its_conflict_limit_is_undecided() -> None:
    program = "cell(0..5,0..5). given(0,0,1). :- number(0,1,2)."
    assert ClueProgram(GENRES["hidato"], program, []).other_solution([]) is not None
    with pytest.raises(Undecided):
        ClueProgram(GENRES["hidato"], program, [], conflicts=0).other_solution([])


def test_hidato_voids_and_ends_are_shown() -> None:
    puzzle = generate("hidato", 6, 6, 3, voids=0.25)
    tokens = [
        t for line in puzzle.text.splitlines() if not line.startswith("%") for t in line.split()
    ]
    assert tokens.count("#") == 9
    assert "1" in tokens and str(36 - 9) in tokens
    assert _fresh_solve("hidato", puzzle.text).status == "unique"


def test_easy_keeps_more_givens_with_short_gaps() -> None:
    for genre in PATH_GENRES:
        easy, hard = generate(genre, 6, 6, 1, "easy"), generate(genre, 6, 6, 1, "hard")
        assert easy.measures["longest_gap"] <= 3 < hard.measures["longest_gap"]
        assert easy.measures["givens"] > hard.measures["givens"]


def _endpoints(text: str) -> dict[str, list[tuple[int, int]]]:
    rows = [line.split() for line in text.splitlines() if not line.startswith("%")]
    ends: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(rows):
        for c, token in enumerate(row):
            if token not in "-.":
                ends.setdefault(token, []).append((r, c))
    return ends


def _paths(text: str, switches: tuple[str, ...]) -> list[list[tuple[int, int]]]:
    """The lines of the one solution of `text` under the rules `switches` ask for."""
    result = _fresh_solve("numberlink", text, switches)
    assert result.status == "unique", text
    paths = result.genre.to_json(result.puzzle, result.solutions[0])["paths"]
    return [[tuple(cell) for cell in path] for path in paths.values()]


@pytest.mark.parametrize("fill", [False, True])
@pytest.mark.parametrize("seed", range(3))
def test_numberlink_hard_has_few_long_lines_that_never_touch_themselves(
    seed: int, fill: bool
) -> None:
    # 8x8 is the smallest board where "hard" means lines of 12 cells or more on average
    puzzle = generate("numberlink", 8, 8, seed, **({"fill": True} if fill else {}))
    asked, other = (("fill",), ()) if fill else ((), ("fill",))
    looks = shape(8, 8, _paths(puzzle.text, asked))
    # as in published puzzles: no line runs alongside itself, no cell is left empty
    assert looks["lines"] <= 5 and looks["mean_length"] >= 12
    assert looks["self_touches"] == 0 and looks["empty_share"] == 0
    for (r1, c1), (r2, c2) in _endpoints(puzzle.text).values():
        assert abs(r1 - r2) + abs(c1 - c2) > 1
    # Nikoli-unique implies unique under --fill; a --fill puzzle says what holds for Nikoli
    said = puzzle.measures["nikoli" if fill else "fill"]
    assert _fresh_solve("numberlink", puzzle.text, other).status == said


@pytest.mark.parametrize("seed", range(2))
def test_numberlink_fill_10x10_hard_has_at_most_8_lines_of_mean_length_12(seed: int) -> None:
    puzzle = generate("numberlink", 10, 10, seed, fill=True)
    looks = shape(10, 10, _paths(puzzle.text, ("fill",)))
    assert looks["lines"] <= 8 and looks["mean_length"] >= 12
    assert puzzle.measures["choices"] > 0  # the proof needs a search


def test_numberlink_hard_has_fewer_lines_than_easy() -> None:
    easy = [generate("numberlink", 8, 8, seed, "easy").measures["lines"] for seed in range(2)]
    hard = [generate("numberlink", 8, 8, seed, "hard").measures["lines"] for seed in range(2)]
    assert sum(hard) < sum(easy)


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

"""Fuzzing every reader: any input is a puzzle or one line of bad input, never a traceback.

Instance grids of each genre (tokens of the genre's declared examples and edge cases, shapes,
headers, comments, one character per cell), answer files, and raw text and bytes, through the library and
through the command line (click's CliRunner, and a few real processes). About 15 s in all.

Numeric option values are fuzzed too (section "Numeric options").

Link readers (puzz.link, Kudamono) are being written; their fuzzers go in the section
"Links" at the end, one test per reader, as for the grids here.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner
from conftest import REPO
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from puzzlesolve import InputError, parse
from puzzlesolve.cli import main
from puzzlesolve.genre import Genre
from puzzlesolve.genres import GENRES
from puzzlesolve.registry import get_genre

# the same examples on every run and no example database: CI sees what a developer sees
FUZZ = settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def grid_lines(text: str) -> list[list[str]]:
    """The rows of an instance or solution file as tokens (comment and blank lines left out)."""
    return [line.split() for line in text.splitlines() if line.strip() and line[0] != "%"]


def example_tokens(genre: Genre) -> list[str]:
    """The tokens of a genre's examples of up to 49 cells (one character per cell as well),
    and tokens at the edges of what readers take: voids, zeros, negatives, leading zeros."""
    tokens = {"#", "0", "_", "-1", "-2", "99", "007", "ab"}
    for example in genre.examples:
        rows = grid_lines((REPO / example.path).read_text())
        if sum(len(row) if len(row) > 1 else len(row[0]) for row in rows) <= 49:
            tokens.update(token for row in rows for token in (row if len(row) > 1 else row[0]))
    return sorted(tokens)


def answer_example(genre: Genre) -> tuple[list[list[str]], list[list[str]]]:
    """The smallest of a genre's solvable examples written as a plain grid (tokens apart, no
    size header): its grid and the grid of the first solution in its solution file."""
    found = []
    for example in genre.examples:
        if example.solution is None:
            continue
        grid = grid_lines((REPO / example.path).read_text())
        solution = grid_lines((REPO / example.solution).read_text().split("\n\n")[0])
        if [len(row) for row in grid] == [len(row) for row in solution] and len(grid[0]) > 1:
            found.append((sum(map(len, grid)), example.path, grid, solution))
    if not found:  # loop genres: a solution is a picture of lines between the cells
        example = next(e for e in genre.examples if e.solution is not None)
        grid = grid_lines((REPO / example.path).read_text())
        return grid, grid
    _size, _path, grid, solution = min(found)
    return grid, solution


GRID_TOKENS = {name: example_tokens(genre) for name, genre in GENRES.items()}
NOISE = ["?", "x", "-3", "1.5", "é", "\x00", "\x0b", "١", "²", "🧩", "%", "//", "#1", "1e3"]
ANSWERED = {name: answer_example(genre) for name, genre in GENRES.items()}
# the grids alone: a header such as "% options: fill" adds a note on stderr of good input
PUZZLES = {
    name: "".join(" ".join(row) + "\n" for row in grid) for name, (grid, _) in ANSWERED.items()
}


def cell_marks(genre: str, r: int, c: int) -> list[str]:
    """What an answer to PUZZLES[genre] may hold in cell (r, c): mostly marks that keep the
    puzzle's givens (so that the answer is judged), some that break a rule. A cell the first
    solution shows as the puzzle does (a given) takes "?", itself or a mark such as "#" (a
    solution's token that is no number or letter); any other cell "?", itself, or any value
    of the solution that the puzzle does not show."""
    grid, solution = ANSWERED[genre]
    shown = {token for row in grid for token in row}
    extra = sorted({token for row in solution for token in row} - shown)
    if grid[r][c] == solution[r][c]:
        return ["?", grid[r][c], *(mark for mark in extra if not mark.isalnum())]
    return list(dict.fromkeys(["?", grid[r][c], solution[r][c], *extra]))


ANSWER_TOKENS = ["?", "#", "-", ".", "_", "0", "A", "B", "C", "1", "2", "3", "4", "5", "6", "9"]


@st.composite
def grids(draw, tokens: list[str]) -> str:
    """Grid-like text: rows of tokens, sometimes ragged, with headers, comments and blanks."""
    token = st.sampled_from(tokens + NOISE)
    rows, cols = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    cells = [[draw(token) for _ in range(cols)] for _ in range(rows)]
    if draw(st.booleans()):  # ragged: a row one cell short or long
        row = cells[draw(st.integers(0, rows - 1))]
        row.append(draw(token)) if draw(st.booleans()) or len(row) == 1 else row.pop()
    separator = draw(st.sampled_from([" ", "  ", "\t", ""]))  # "": one character per cell
    lines = [separator.join(row) for row in cells]
    if draw(st.booleans()):  # a Copris header, right or wrong
        lines = [str(rows + draw(st.integers(-1, 1))), str(cols + draw(st.integers(-1, 1)))] + lines
    for _ in range(draw(st.integers(0, 2))):
        lines.insert(draw(st.integers(0, len(lines))), draw(st.sampled_from(["", "% c", "//x"])))
    # line ends and a byte-order mark as editors write them (Windows Notepad, old Macs)
    newline = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    mark = draw(st.sampled_from(["", "\ufeff"]))
    return mark + newline.join(lines) + draw(st.sampled_from(["\n", "", "\r\n", "\n\n"]))


def either_text(tokens: list[str]):
    return st.one_of(grids(tokens), st.text(max_size=60))


def assert_one_line_about(bad: InputError, source: str) -> None:
    assert str(bad).startswith(f"{source}:") and "\n" not in str(bad), str(bad)


@pytest.mark.parametrize("genre", sorted(GENRES))
@FUZZ
@given(data=st.data())
def test_any_text_is_a_puzzle_or_bad_input(genre, data):
    text = data.draw(either_text(GRID_TOKENS[genre]))
    try:
        puzzle = parse(genre, text, "fuzz.txt")
    except InputError as bad:
        assert_one_line_about(bad, "fuzz.txt")
    else:
        assert puzzle.rows > 0 and puzzle.cols > 0
        assert all(fact.endswith(").") for fact in get_genre(genre).facts(puzzle))


@pytest.mark.parametrize("genre", sorted(GENRES))
@FUZZ
@given(data=st.data())
def test_any_answer_is_read_or_bad_input(genre, data):
    chosen = get_genre(genre)
    puzzle = chosen.parse(PUZZLES[genre], "puzzle.txt")
    text = data.draw(either_text(ANSWER_TOKENS))
    try:
        answer = chosen.read_answer(puzzle, text, "answer.txt")
    except InputError as bad:
        assert_one_line_about(bad, "answer.txt")
    else:
        # a site is a cell, or (loop genres) a pair of grid points or of cells
        places = [p for site in answer for p in (site if isinstance(site[0], tuple) else [site])]
        assert all(0 <= r <= puzzle.rows and 0 <= c <= puzzle.cols for r, c in places)
        assert all(
            r < puzzle.rows and c < puzzle.cols
            for r, c in answer
            if answer and not isinstance(r, tuple)
        )


def one_line_exit_2(result, source: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(f"puzzlesolve: {source}") and result.stderr.count("\n") == 1
    assert result.stdout == ""


@pytest.mark.parametrize("genre", sorted(GENRES))
@FUZZ
@given(data=st.data())
def test_any_text_on_the_command_line_is_facts_or_one_line(genre, data):
    text = data.draw(either_text(GRID_TOKENS[genre]))
    r = CliRunner().invoke(main, ["facts", genre, "-"], input=text)
    if r.exit_code != 0:
        one_line_exit_2(r, "<stdin>")


@pytest.mark.parametrize("genre", sorted(GENRES))
@settings(FUZZ, max_examples=25)
@given(data=st.data())
def test_any_text_is_solved_or_refused(genre, data):
    text = data.draw(grids(GRID_TOKENS[genre]))
    r = CliRunner().invoke(main, [genre, "-", "--format", "json", "--timeout", "5"], input=text)
    if r.exit_code == 2:
        one_line_exit_2(r, "<stdin>")
    else:
        assert r.exit_code in (0, 1, 4) and r.stdout.startswith("{"), r.output


@pytest.mark.parametrize("genre", sorted(GENRES))
@FUZZ
@given(content=st.binary(max_size=60))
def test_any_bytes_in_a_file_are_facts_or_one_line(tmp_path_factory, genre, content):
    path = tmp_path_factory.mktemp("bytes") / "in.txt"
    path.write_bytes(content)
    r = CliRunner().invoke(main, ["facts", genre, str(path)])
    if r.exit_code != 0:
        one_line_exit_2(r, str(path))


# --- files no fuzzer would write -------------------------------------------------------------


def big_grid(side: int, token) -> str:
    return "".join(" ".join(token(r, c) for c in range(side)) + "\n" for r in range(side))


CORNERS = {(0, 0), (1999, 1999)}
SPECIAL = {  # name -> (contents, expected message after the file name)
    "not utf-8": (b"1 2\n\xff\xfe 3\n", "cannot read: not UTF-8 text"),
    "empty": (b"", "no grid: the file has no rows"),
    "10 MB on one line": (b"1 " * 5_000_000, "too large to solve: 1x5000000 cells"),
    "10 MB of comments": (b"% comment\n" * 1_000_000, "no grid: the file has no rows"),
    "2000x2000": (
        big_grid(2000, lambda r, c: "1" if (r, c) in CORNERS else "2").encode(),
        "too large to solve: 2000x2000 cells",
    ),
}


@pytest.mark.parametrize("genre", sorted(GENRES))
@pytest.mark.parametrize("name", SPECIAL)
def test_special_files_are_one_line_of_bad_input(tmp_path, genre, name):
    content, message = SPECIAL[name]
    path = tmp_path / "in.txt"
    path.write_bytes(content)
    r = CliRunner().invoke(main, [genre, str(path)])
    one_line_exit_2(r, str(path))
    assert r.stderr.startswith(f"puzzlesolve: {path}: {message}"), r.stderr


@pytest.mark.parametrize("genre", sorted(GENRES))
def test_a_folder_as_instance_is_bad_input(tmp_path, genre):
    r = CliRunner().invoke(main, [genre, str(tmp_path)])
    one_line_exit_2(r, str(tmp_path))
    assert r.stderr == f"puzzlesolve: {tmp_path}: cannot read: Is a directory\n"


@pytest.mark.parametrize(
    "arguments, stdin, message",
    [
        (["hitori", "-"], b"1 2\n\xff 1\n", "puzzlesolve: <stdin>: cannot read: not UTF-8 text\n"),
        (["numbrix", "/"], b"", "puzzlesolve: /: cannot read: Is a directory\n"),
        (
            ["numberlink", "-"],
            SPECIAL["2000x2000"][0],
            "puzzlesolve: <stdin>: too large to solve: 2000x2000 cells (at most 333,333 for this genre)\n",
        ),
    ],
    ids=["not-utf-8", "folder", "2000x2000"],
)
def test_a_real_process_refuses_in_one_line(arguments, stdin, message):
    done = subprocess.run(
        [sys.executable, "-m", "puzzlesolve", *arguments],
        input=stdin,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.decode() == message and done.stdout == b""


# --- Links ------------------------------------------------------------------------------------
# (the link readers' fuzzers go here: any link text is a puzzle or one line of bad input)


@pytest.mark.parametrize("command", ["check", "hint"])
@pytest.mark.parametrize("genre", sorted(g for g in GENRES if GENRES[g].has("explain")))
@settings(FUZZ, max_examples=25)
@given(data=st.data())
def test_any_answer_file_is_judged_or_refused(tmp_path_factory, genre, command, data):
    folder = tmp_path_factory.mktemp("answers")
    (folder / "puzzle.txt").write_text(PUZZLES[genre])
    grid = ANSWERED[genre][0]
    shaped = st.tuples(
        *(
            st.tuples(*(st.sampled_from(cell_marks(genre, r, c)) for c in range(len(row))))
            for r, row in enumerate(grid)
        )
    )
    written = shaped.map(lambda cells: "".join(" ".join(row) + "\n" for row in cells))
    # mostly answers that keep the givens, some of any text
    answer = data.draw(st.one_of(written, written, either_text(ANSWER_TOKENS)))
    (folder / "answer.txt").write_text(answer)
    arguments = [command, genre, str(folder / "puzzle.txt"), str(folder / "answer.txt")]
    r = CliRunner().invoke(main, [*arguments, "--format", "json"])
    event(f"exit {r.exit_code}")  # --hypothesis-show-statistics: how often each outcome came
    if r.exit_code == 2:
        one_line_exit_2(r, str(folder / "answer.txt"))
    else:
        assert r.exit_code in (0, 1), r.output
        assert r.exception is None or isinstance(r.exception, SystemExit)  # no traceback
        document = json.loads(r.stdout)
        assert document.get("verdict", document.get("status")) in {
            "solved",
            "consistent",
            "invalid",
            "hint",
            "multiple",
        }


# --- Numeric options --------------------------------------------------------------------------
# any value given to a numeric option: the command runs (exit 0, 1 or 4) or refuses it in one
# line (exit 2), never a traceback, whatever clingo would make of it

OPTION_VALUES = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
    st.sampled_from([2**64 - 1, 2**64, 2**63, 2**63 - 1, 2**32, 2**31, 0, -1]).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.sampled_from(
        [
            "nan",
            "-nan",
            "inf",
            "-inf",
            "Infinity",
            "1e10",
            "1e400",
            "1e-400",
            "0x10",
            "1_000",
            " 3",
            "",
            "٣",
            "1.5",
            "-0",
            "-0.0",
            "1e3",
        ]
    ),
    st.text(max_size=6),
)


def judged_or_one_line(r) -> None:
    event(f"exit {r.exit_code}")
    assert r.exception is None or isinstance(r.exception, SystemExit), r.output
    assert r.exit_code in (0, 1, 2, 4), r.output
    if r.exit_code == 2:
        assert r.stderr.startswith("puzzlesolve: ") and r.stderr.count("\n") == 1, r.stderr
        assert r.stdout == ""


@pytest.mark.parametrize("option", ["--models", "--timeout"])
@settings(FUZZ, max_examples=60)
@given(value=OPTION_VALUES)
def test_any_value_of_a_solve_option_runs_or_is_one_line(tmp_path_factory, option, value):
    path = tmp_path_factory.mktemp("options") / "puzzle.txt"
    path.write_text(PUZZLES["hitori"])
    judged_or_one_line(CliRunner().invoke(main, ["hitori", str(path), f"{option}={value}"]))


@pytest.mark.parametrize("option", ["--models", "--timeout", "--jobs"])
@settings(FUZZ, max_examples=12)
@given(value=OPTION_VALUES)
def test_any_value_of_a_batch_option_runs_or_is_one_line(tmp_path_factory, option, value):
    path = tmp_path_factory.mktemp("options") / "puzzle.txt"
    path.write_text(PUZZLES["hitori"])
    judged_or_one_line(
        CliRunner().invoke(main, ["batch", "hitori", str(path), f"{option}={value}"])
    )


@pytest.mark.parametrize("option", ["--count", "--seed", "--size", "--voids"])
@settings(FUZZ, max_examples=40)
@given(value=OPTION_VALUES)
def test_any_value_of_a_generate_option_is_taken_or_one_line(option, value):
    # --svg without --out stops every run that gets past its options, before any puzzle is made
    arguments = ["generate", "hidato", "--size", "4x4", "--svg", f"{option}={value}"]
    r = CliRunner().invoke(main, arguments)
    judged_or_one_line(r)
    assert r.exit_code == 2

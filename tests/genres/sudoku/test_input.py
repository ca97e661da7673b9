"""Sudoku instances, answers and links: the forms read, and bad input as one located line."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from puzzlesolve import get_genre, links, load, parse
from puzzlesolve.cli import main
from puzzlesolve.grid import InputError

SOLO_9X9 = "3x3:b9a8a5c5_8b3a1c2b7b3_1d5a6_4d6d5_6a4d8_9b7b6c3a2b1_4c5a1a3b"
GIVENS_4X4 = {(0, 1): 2, (1, 2): 1, (2, 1): 1, (3, 2): 3}


def test_the_one_line_form_is_the_grid_form():
    one_line = "48.....52..65.4.......8......8.95.2.3.......9.6.42.8......3.......2.75..71.....48"
    rows = "\n".join(" ".join(one_line[r * 9 : r * 9 + 9]) for r in range(9))
    assert parse("sudoku", one_line) == parse("sudoku", rows)
    assert parse("sudoku", one_line).givens[0, 1] == 8


def test_a_solo_game_id_is_an_instance():
    board = parse("sudoku", SOLO_9X9)
    assert board.rows == 9 and board.box((4, 4)) == 4
    assert board.givens[0, 2] == 9 and board.givens[1, 2] == 8  # "5_8": two digits side by side
    assert board == load("sudoku", "instances/sudoku/tatham-9x9-basic.txt")


def test_a_puzz_link_round_trip_and_its_published_form():
    url = "https://puzz.link/p?sudoku/4/4/g2j1h1j3g"
    board = load("sudoku", url)
    assert board.givens == GIVENS_4X4
    assert links.write(get_genre("sudoku"), board) == url
    big = load("sudoku", "instances/sudoku/tatham-16x16.txt")
    assert load("sudoku", links.write(get_genre("sudoku"), big)) == big


@pytest.mark.parametrize(
    "text, reason",
    [
        (". . . . .\n" * 5, "a 5x5 grid has no box shape (sizes: 4, 6, 8, 9, 12, 16)"),
        (". . .\n. . .\n", "a Sudoku is square: this grid is 2x3"),
        ("1 . . .\n. 5 . .\n. . . .\n. . . .\n", "2:3: digit 5 is outside 1..4"),
        ("1 . . .\n. x . .\n. . . .\n. . . .\n", "2:3: expected a digit 1..4 or"),
        ("3x2:abc", "Solo boxes 3x2 (rows by columns) are none of 2x2, 2x3"),
        ("3x3:abc", "the Solo description holds 6 of 81 cells"),
    ],
)
def test_bad_instances_say_where_in_one_line(text, reason):
    with pytest.raises(InputError) as caught:
        parse("sudoku", text, "bad.txt")
    assert reason in str(caught.value) and str(caught.value).startswith(("bad.txt", "3x"))


@pytest.mark.parametrize(
    "answer, reason",
    [
        ("? 3 ? ?\n1 ? ? ?\n? ? ? 1\n? ? 3 ?\n", "answer.txt:1:3: the puzzle gives 2 here"),
        ("? 2 ? ?\n1 ? ? ?\n? ? ? 1\n? ? 3 9\n", "answer.txt:4:7: digit 9 is outside 1..4"),
    ],
)
def test_an_answer_that_changes_a_given_or_leaves_the_range_is_bad_input(tmp_path, answer, reason):
    puzzle = tmp_path / "puzzle.txt"
    puzzle.write_text(". 2 . .\n1 . . .\n. . . 1\n. . 3 .\n")
    path = tmp_path / "answer.txt"
    path.write_text(answer)
    result = CliRunner().invoke(main, ["check", "sudoku", str(puzzle), str(path)])
    assert result.exit_code == 2, result.output
    assert reason in result.stderr and "Traceback" not in result.output
    assert len(result.stderr.strip().splitlines()) == 1


def test_the_command_line_reads_a_solo_id_and_writes_a_link():
    result = CliRunner().invoke(main, ["url", "sudoku", SOLO_9X9], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert result.output.startswith("https://puzz.link/p?sudoku/9/9/h9g8g5i58h3g")

"""Star Battle's package: reading boards and answers, bad input, solving through the CLI."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from puzzlesolve import load, solve
from puzzlesolve.cli import main
from puzzlesolve.genres.starbattle import most_stars, parse, read_answer_file
from puzzlesolve.grid import InputError

SIX = "instances/starbattle/generated-6x6.txt"


def refused(text: str) -> str:
    with pytest.raises(InputError) as caught:
        parse(text, "x.txt")
    return str(caught.value)


def test_regions_are_numbered_in_reading_order_and_keep_their_names():
    puzzle = parse("b b A\nb A A\nc c c\n", "x.txt")
    assert puzzle.stars == 1
    assert puzzle.regions.cells[0, 0] == 1 and puzzle.regions.cells[0, 2] == 2
    assert puzzle.regions.names == {1: "b", 2: "A", 3: "c"}


def test_the_options_line_sets_the_star_count():
    assert parse("% options: stars=2\n" + "a b c d e f g h\n" * 8, "x.txt").stars == 2


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "a b a\na b b\n",
            (
                "x.txt:1:5: region 'a' is not connected: this cell is cut off from "
                "its cell at row 1, column 1"
            ),
        ),
        ("a b2\na b\n", "x.txt:1:4: a number in region 'b': this genre's regions show none"),
        (
            "a .\na b\n",
            "x.txt:1:3: expected a region name (letters) with an optional number, found '.'",
        ),
        ("% options: stars=0\na\n", "x.txt:1:18: stars must be a whole number of at least 1"),
        (
            "% options: stars=2\n" + "a b c d e f\n" * 6,
            (
                "x.txt: 2 stars in every row, column and "
                "region cannot fit a 6x6 board (at most 1: two stars never touch)"
            ),
        ),
        (
            "% options: stars=1\na b\nc d\n",
            (
                "x.txt: 1 star in every row, column and region "
                "cannot fit a 2x2 board (at most 0: two stars never touch)"
            ),
        ),
    ],
)
def test_bad_input_is_one_line_naming_the_place(text, message):
    assert refused(text) == message


def test_the_most_stars_a_board_holds():
    assert [most_stars(n, n) for n in (1, 3, 4, 6, 7, 10, 14, 15)] == [1, 1, 1, 1, 2, 2, 3, 4]
    assert most_stars(1, 5) == 0  # five columns of one cell side by side


def test_answers_read_stars_and_every_way_to_say_no_star():
    puzzle = parse("a b c d\n" * 4, "x.txt")
    assert read_answer_file(puzzle, "* x ? ?\n. b ? ?\n? ? ? ?\n? ? ? ?\n", "y.txt") == {
        (0, 0): "star",
        (0, 1): "empty",
        (1, 0): "empty",
        (1, 1): "empty",
    }
    assert read_answer_file(puzzle, "? ? ? ?\n" * 3 + "? * ? ?\n", "y.txt") == {(3, 1): "star"}
    with pytest.raises(
        InputError,
        match="y.txt:1:3: expected '\\*', '.', 'x', '\\?' or the cell's region 'b', found 'a'",
    ):
        read_answer_file(puzzle, "* a ? ?\n" * 4, "y.txt")


def test_solving_gives_the_stars_and_the_solution_file():
    result = solve("starbattle", load("starbattle", SIX))
    assert result.status == "unique"
    assert result.genre.to_json(result.puzzle, result.solutions[0]) == {
        "stars": [[0, 5], [1, 0], [2, 2], [3, 4], [4, 1], [5, 3]]
    }


def test_the_cli_prints_json_and_refuses_bad_input_in_one_line(tmp_path):
    done = CliRunner().invoke(main, ["starbattle", SIX, "--format", "json"], catch_exceptions=False)
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["solutions"] == [
        {"stars": [[0, 5], [1, 0], [2, 2], [3, 4], [4, 1], [5, 3]]}
    ]
    bad = tmp_path / "bad.txt"
    bad.write_text("a b a\na b b\n")
    done = CliRunner().invoke(main, ["starbattle", str(bad)])
    assert done.exit_code == 2, done.output
    assert (
        done.stderr.count("\n") == 1 and "bad.txt:1:5: region 'a' is not connected" in done.stderr
    )


ROWS_8X8 = "".join(f"{letter * 8}\n" for letter in "abcdefgh")  # each row a region


def test_the_command_line_sets_the_star_count(tmp_path):
    board = tmp_path / "rows.txt"
    board.write_text(ROWS_8X8)
    done = CliRunner().invoke(
        main, ["starbattle", str(board), "--stars", "2", "-n", "0", "--format", "json"]
    )
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["count"] == 2


def test_a_star_count_on_the_command_line_is_checked_like_the_file_s(tmp_path):
    board = tmp_path / "rows.txt"
    board.write_text(ROWS_8X8)
    done = CliRunner().invoke(main, ["starbattle", str(board), "--stars", "3"])
    assert done.exit_code == 2, done.output
    assert done.stderr == (
        "puzzlesolve: --stars 3: 3 stars in every row, column and region cannot fit a 8x8 "
        "board (at most 2: two stars never touch)\n"
    )
    done = CliRunner().invoke(
        main, ["hitori", "instances/hitori/ai-course-5x5.txt", "--stars", "2"]
    )
    assert done.exit_code == 2, done.output
    assert done.stderr == "puzzlesolve: --stars does not apply to hitori\n"


def test_batch_and_generate_refuse_a_star_count_they_do_not_apply(tmp_path):
    done = CliRunner().invoke(main, ["batch", "starbattle", str(tmp_path), "--stars", "2"])
    assert done.exit_code == 2, done.output
    assert done.stderr == (
        "puzzlesolve: --stars does not apply to batch: each file says its own "
        "('% options: stars=2')\n"
    )
    done = CliRunner().invoke(main, ["generate", "starbattle", "--size", "8x8", "--stars", "2"])
    assert done.exit_code == 2, done.output
    assert done.stderr == (
        "puzzlesolve: --stars does not apply to generate: the generator picks them by the "
        "board's size\n"
    )

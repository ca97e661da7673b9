"""janko.at data blocks (``begin ... end``, also with bracketed markers) read as instances."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesolve import parse
from puzzlesolve.cli import main
from puzzlesolve.grid import InputError

HITORI = """\
begin
puzzle hitori
author Otto Janko
size 4
problem
1 1 1 4
1 4 2 3
3 3 2 1
4 2 1 3
solution
# - # -
- - - -
# - # -
- - - #
end
"""

# the bracketed form, with a solution printed twice, as some pages have it
HIDOKU = """\
[begin]
puzzle hidoku
size 3
[problem]
1 - -
- - 9
- 5 -
[solution]
1 2 3
8 4 9
7 5 6
[solution]
1 2 3
8 4 9
7 5 6
[end]
"""

ARUKONE = """\
begin
puzzle arukone
rows 2
cols 3
problem
1 - 2
1 - 2
end
"""


def test_hitori_block_reads_its_problem_grid():
    assert parse("hitori", HITORI) == parse("hitori", "1 1 1 4\n1 4 2 3\n3 3 2 1\n4 2 1 3\n")


def test_bracketed_hidoku_block_reads_its_problem_grid():
    assert parse("hidato", HIDOKU) == parse("hidato", "1 - -\n- - 9\n- 5 -\n")


def test_arukone_block_with_rows_and_cols():
    assert parse("numberlink", ARUKONE) == parse("numberlink", "1 - 2\n1 - 2\n")


def test_block_solves_from_the_command_line(tmp_path):
    page = tmp_path / "hitori-001.txt"
    page.write_text(HITORI)
    r = CliRunner().invoke(main, ["hitori", str(page)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[:4] == ["# 1 # 4", "1 4 2 3", "# 3 # 1", "4 2 1 #"]


@pytest.mark.parametrize(
    "genre, text, message",
    [
        (
            "hitori",
            HITORI.replace("puzzle hitori", "puzzle sudoku"),
            "<string>:2:1: this janko.at block is a sudoku puzzle; hitori reads hitori",
        ),
        (
            "hitori",
            HITORI.replace("size 4", "size 5"),
            "<string>:4:1: size 5, but the problem grid has 4 rows",
        ),
        (
            "numberlink",
            ARUKONE.replace("cols 3", "cols 4"),
            "<string>:6:1: cols 4, but the problem grid has 3 columns",
        ),
        ("hitori", HITORI.replace("end\n", ""), "no 'end' line"),
        ("hitori", HITORI.replace("problem\n", "note\n"), "a grid row outside any section"),
        (
            "hitori",
            HITORI.replace("1 4 2 3\n3 3", "1 4 x 3\n3 3", 1),
            "<string>:7:5: expected a positive integer, found 'x'",
        ),
        ("hidato", HIDOKU.replace("- - 9", "- - 10"), "<string>:6:5: given 10 is above 9"),
    ],
)
def test_bad_blocks_name_the_line(genre, text, message):
    with pytest.raises(InputError) as caught:
        parse(genre, text)
    assert message in str(caught.value)


@settings(max_examples=150, deadline=None)
@given(
    lines=st.lists(
        st.one_of(
            st.sampled_from(
                [
                    "problem",
                    "solution",
                    "size 2",
                    "rows 2",
                    "cols 2",
                    "end",
                    "[problem]",
                    "puzzle hitori",
                    "puzzle sudoku",
                    "1 2",
                    "2 1",
                    "- -",
                ]
            ),
            st.text(max_size=8),
        ),
        max_size=10,
    ),
    genre=st.sampled_from(["hitori", "numberlink", "hidato"]),
)
def test_any_block_is_a_puzzle_or_bad_input(lines, genre):
    try:
        parse(genre, "begin\n" + "\n".join(lines) + "\n")
    except InputError as bad:
        assert "\n" not in str(bad)


def test_a_block_saved_by_windows_notepad_with_tabs_reads():
    # issue 19's siblings: a byte-order mark, CRLF, and a tab after a setting's name
    text = "\ufeff" + HITORI.replace("size 4", "size\t4").replace("\n", "\r\n")
    puzzle = parse("hitori", text, "page.txt")
    assert (puzzle.rows, puzzle.cols, puzzle.cells[3, 0]) == (4, 4, 4)

"""Numberlink from the command line and the genre module: options, output forms, bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner
from conftest import REPO

from puzzlesolve import InputError, load, solve
from puzzlesolve.cli import main
from puzzlesolve.genres import numberlink

INSTANCES = REPO / "instances" / "numberlink"
COPRIS = INSTANCES / "copris-5x5.txt"
TWO_WAYS = INSTANCES / "two-ways-3x3.txt"
FILL = INSTANCES / "fill-5x5.txt"
SELF_TOUCH = INSTANCES / "self-touch-4x5.txt"
CROSSING_30X30 = "\n".join(
    " ".join("1" if (r, c) in ((0, 14), (29, 15)) else "2" if (r, c) in ((14, 0), (15, 29)) else "."
             for c in range(30))
    for r in range(30)
) + "\n"  # fmt: skip


def run(*args: object, input: str | None = None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def test_default_prints_the_labelled_grid_and_proves_it_unique():
    r = run("numberlink", COPRIS)
    assert r.exit_code == 0, r.output
    assert r.stdout == (
        "1 1 1 1 2\n3 4 2 1 2\n3 4 2 1 2\n3 4 2 2 2\n3 4 4 4 4\n"
        "% unique: the solver proved there is no other solution (1 solution found, search complete)\n"
    )


def test_json_paths_run_from_one_endpoint_to_the_other_with_letter_labels():
    r = run("numberlink", TWO_WAYS, "-n", "0", "--format", "json")
    assert r.exit_code == 0, r.output
    document = json.loads(r.stdout)
    assert (document["status"], document["count"], document["exhausted"]) == ("multiple", 2, True)
    assert document["solutions"] == [
        {"paths": {"A": [[0, 0], [1, 0], [2, 0], [2, 1], [2, 2]], "B": [[0, 1], [1, 1]]}},
        {
            "paths": {
                "A": [[0, 0], [1, 0], [2, 0], [2, 1], [2, 2]],
                "B": [[0, 1], [0, 2], [1, 2], [1, 1]],
            }
        },
    ] or document["solutions"] == [
        {
            "paths": {
                "A": [[0, 0], [1, 0], [2, 0], [2, 1], [2, 2]],
                "B": [[0, 1], [0, 2], [1, 2], [1, 1]],
            }
        },
        {"paths": {"A": [[0, 0], [1, 0], [2, 0], [2, 1], [2, 2]], "B": [[0, 1], [1, 1]]}},
    ]


def test_fill_covers_every_cell_and_settles_the_puzzle():
    # the file asks for fill ('% options: fill'); --no-fill overrules it
    assert run("numberlink", FILL, "--no-fill", "-n", "0", "--count").stdout == (
        "% multiple: the puzzle has more than one solution (43 solutions found, search complete)\n"
    )
    r = run("numberlink", FILL, "--fill")
    assert r.exit_code == 0, r.output
    assert r.stdout == (
        "3 3 3 3 1\n3 4 4 3 1\n4 4 4 3 3\n4 4 4 3 3\n2 2 2 2 2\n"
        "% unique: the solver proved there is no other solution (1 solution found, search complete)\n"
    )


def test_no_self_touch_removes_the_zig_zag_solutions():
    counts = {}
    # the file asks for both ('% options: fill no_self_touch'); --self-touch overrules one
    for flags in (("--self-touch",), ("--no-self-touch",)):
        r = run("numberlink", SELF_TOUCH, "--fill", *flags, "-n", "0", "--format", "json")
        assert r.exit_code == 0, r.output
        counts[flags] = json.loads(r.stdout)["count"]
    assert counts == {("--self-touch",): 8, ("--no-self-touch",): 1}


def test_no_self_touch_alone_keeps_nikoli_rules():
    # 2x2 with 1 on the left column: straight down, or around through the right column;
    # the detour runs beside itself, so --no-self-touch keeps only the straight line
    r = run("numberlink", "-", "--no-self-touch", "-n", "0", "--count", input="1 -\n1 -\n")
    assert r.stdout.endswith("(1 solution found, search complete)\n"), r.output
    r = run("numberlink", "-", "-n", "0", "--count", input="1 -\n1 -\n")
    assert r.stdout.endswith("(2 solutions found, search complete)\n"), r.output


def test_unsolvable_exits_1():
    r = run("numberlink", INSTANCES / "crossing-2x2.txt")
    assert r.exit_code == 1, r.output


@pytest.mark.parametrize("fill", [[], ["--fill"]])
def test_lines_that_must_cross_on_a_big_board_are_refuted(fill):
    # 1 in the middle of the top and bottom rows, 2 of the left and right columns (the
    # search for a way round took over 5 minutes at 10x10; tests/genres/numberlink/
    # test_rules.py shows technique T6 refutes it with no choice)
    r = run("numberlink", "-", "--format", "json", *fill, input=CROSSING_30X30)
    assert r.exit_code == 1, r.output
    assert json.loads(r.stdout)["status"] == "unsolvable"


def test_drawing_shows_every_line_with_box_characters():
    puzzle = load("numberlink", COPRIS)
    result = solve("numberlink", puzzle)
    assert numberlink.draw_text(puzzle, result.solutions[0]) == (
        "1─────┐ 2\n3 4 2 │ │\n│ │ │ 1 │\n│ │ └───┘\n3 └─────4\n"
    )


def test_drawing_keeps_columns_for_wide_labels_and_marks_unused_cells():
    puzzle = numberlink.parse("10 . 7\n. . .\n10 7 .\n", "x.txt")
    paths = {1: [(0, 0), (1, 0), (2, 0)], 2: [(0, 2), (1, 2), (1, 1), (2, 1)]}
    assert numberlink.draw_text(puzzle, paths) == ("10  ·  7\n │  ┌──┘\n10  7  ·\n")


def test_solution_file_round_trip_keeps_letters(tmp_path):
    out = tmp_path / "solution.txt"
    r = run("numberlink", COPRIS, "--output", out)
    assert r.exit_code == 0, r.output
    assert out.read_text() == "1 1 1 1 2\n3 4 2 1 2\n3 4 2 1 2\n3 4 2 2 2\n3 4 4 4 4\n"


BAD_INPUTS = {
    "label once": (
        "1 - 2\n- - -\n- - 2\n",
        "bad.txt:1:1: label '1' occurs once, it must occur exactly twice",
    ),
    "label three times": (
        "A - A\n- A -\n",
        "bad.txt:2:3: label 'A' occurs 3 times, it must occur exactly twice",
    ),
    "ragged row": ("1 - 1\n- -\n", "bad.txt:2:4: ragged row: 2 cells where the first row has 3"),
    "empty grid": ("% nothing here\n\n", "bad.txt: no grid: the file has no rows"),
    "no labels": ("- - -\n. . .\n", "bad.txt: no endpoint labels: every cell is blank"),
}


@pytest.mark.parametrize("text, message", BAD_INPUTS.values(), ids=BAD_INPUTS.keys())
def test_bad_input_is_one_line_with_file_line_and_column(tmp_path, text, message):
    bad = tmp_path / "bad.txt"
    bad.write_text(text)
    r = run("numberlink", bad)
    assert r.exit_code == 2, r.output
    assert r.stderr == f"puzzlesolve: {tmp_path / message}\n"
    assert r.stdout == ""


def test_copris_header_must_agree_with_the_grid(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("3\n2\n1 1\n")
    r = run("numberlink", bad)
    assert r.exit_code == 2, r.output
    assert r.stderr == f"puzzlesolve: {bad}:1:1: header says 3 rows, the grid has 1\n"


def test_four_million_cells_are_refused_before_grounding(tmp_path):
    # refused at once instead of grounding for minutes (issue 5), before each cell is read
    huge = tmp_path / "huge.txt"
    huge.write_text(
        "".join(
            "1" + " -" * 1998 + " 1\n" if r == 0 else "-" + " -" * 1999 + "\n" for r in range(2000)
        )
    )
    done = subprocess.run(
        [sys.executable, "-m", "puzzlesolve", "numberlink", str(huge), "--timeout", "5"],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr == (
        f"puzzlesolve: {huge}: too large to solve: 2000x2000 cells (at most 333,333 for this genre)\n"
    )


def test_too_many_labels_for_the_cells_are_refused():
    # 500x500 cells pass the first check; 5 labels make about 250,000 * (5 + 8) rules
    text = "".join(
        " ".join(str(c + 1) if r in (0, 499) and c < 5 else "-" for c in range(500)) + "\n"
        for r in range(500)
    )
    with pytest.raises(InputError) as refused:
        numberlink.parse(text, "many.txt")
    assert refused.value.reason == (
        "too large to solve: 500x500 cells with 5 labels would ground about 3,250,000 rules "
        "(limit 3,000,000)"
    )


# --- the rules an instance asks for: '% options: ...' (issue 19) ------------------------------


@pytest.mark.parametrize("command", ["check", "hint"])
def test_bad_input_beside_an_options_line_is_one_line_without_the_note(command, tmp_path):
    answer = tmp_path / "answer.txt"
    answer.write_text("1\n")
    r = run(command, "numberlink", FILL, answer)
    assert (r.exit_code, r.stdout) == (2, "")
    assert r.stderr == f"puzzlesolve: {answer}:1:1: the answer is 1x1, the puzzle 5x5\n"


def test_a_broken_rules_file_beside_an_options_line_is_one_line_without_the_note(tmp_path):
    rules = tmp_path / "rules.lp"
    rules.write_text("a :- b(.\n")
    r = run("numberlink", FILL, "--encoding", rules)
    assert (r.exit_code, r.stdout, len(r.stderr.splitlines())) == (2, "", 1), r.stderr
    assert "% options" not in r.stderr


def test_an_options_line_is_honoured_and_the_command_line_wins():
    r = run("numberlink", FILL)
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[-1].startswith("% unique")
    assert r.stderr == f"% {FILL} has '% options: fill': solving with --fill\n"
    r = run("numberlink", FILL, "--no-fill", "--format", "json")
    assert (json.loads(r.stdout)["status"], r.stderr) == (
        "multiple",
        "% the command line's --no-fill overrules the instance\n",
    )
    r = run("numberlink", SELF_TOUCH, "-n", "0", "--count", "--self-touch")
    assert r.stdout == (
        "% multiple: the puzzle has more than one solution (8 solutions found, search complete)\n"
    )
    assert run("numberlink", SELF_TOUCH, "-n", "0", "--count").stdout.startswith(
        "% unique: the solver proved there is no other solution (1 solution found"
    )


def test_every_command_honours_an_options_line():
    solution = FILL.with_suffix(".sol")
    explained = run("explain", "numberlink", FILL)  # solved step by step under --fill
    assert explained.exit_code == 0 and "multiple" not in explained.stdout, explained.output
    assert run("explain", "numberlink", FILL, "--no-fill").exit_code == 1  # several solutions
    assert run("hint", "numberlink", FILL, solution).stdout == "solved: every cell is decided\n"
    assert run("url", "numberlink", FILL).stdout == (
        "https://puzz.link/p?arukone/n/5/5/j13g4g14m3g2i2\n"
    )
    assert run("url", "numberlink", FILL, "--no-fill").stdout == (
        "https://puzz.link/p?numlin/5/5/j13g4g14m3g2i2\n"
    )
    assert "-c fill=1" in run("facts", "numberlink", FILL).stdout.splitlines()[0]
    for flags, status in (((), "unique"), (("--no-fill",), "multiple")):
        batch = run("batch", "numberlink", FILL, *flags)
        assert json.loads(batch.stdout)["status"] == status, batch.output


OPTIONS = "(numberlink's options: fill, no_self_touch)"


@pytest.mark.parametrize(
    "line, message",
    [
        ("% options: fil", f"bad.txt:1:12: unknown option 'fil' {OPTIONS}"),
        ("%options: fill, self-touch", f"bad.txt:1:17: unknown option 'self-touch' {OPTIONS}"),
    ],
)
def test_an_unknown_option_is_bad_input(tmp_path, line, message):
    bad = tmp_path / "bad.txt"
    bad.write_text(line + "\n" + COPRIS.read_text())
    r = run("numberlink", bad)
    assert (r.exit_code, r.stdout) == (2, ""), r.output
    assert r.stderr == f"puzzlesolve: {tmp_path / message}\n"


def test_an_option_of_another_genre_is_bad_input(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("% options: fill\n1 2\n2 1\n")
    r = run("hitori", bad)
    assert (r.exit_code, r.stdout) == (2, ""), r.output
    assert r.stderr == f"puzzlesolve: {bad}:1:12: unknown option 'fill' (hitori's options: none)\n"


def test_options_are_written_with_blanks_commas_dashes_in_any_case(tmp_path):
    board = tmp_path / "board.txt"
    board.write_text("% Options: FILL, no-self-touch\n" + COPRIS.read_text())
    from puzzlesolve import get_genre
    from puzzlesolve.instance import load_with_rules

    numberlink = get_genre("numberlink")
    assert load_with_rules(numberlink, board).switches == ("fill", "no_self_touch")
    assert load_with_rules(numberlink, COPRIS).switches == ()


def test_a_generated_flow_free_puzzle_asks_for_fill_in_its_file(tmp_path):
    from puzzlesolve import get_genre
    from puzzlesolve.generate import generate

    made = generate(get_genre("numberlink"), 5, 5, 2, grade=False, fill=True)
    assert made.text.splitlines()[1] == "% options: fill"
    board = tmp_path / "flow.txt"
    board.write_text(made.text)
    r = run("numberlink", board, "--format", "json")
    assert (r.exit_code, json.loads(r.stdout)["status"]) == (0, "unique"), r.output


def test_explain_names_the_crossing_that_leaves_no_solution():
    r = run("explain", "numberlink", "-", input=CROSSING_30X30)
    assert r.exit_code == 1, r.output
    assert r.stdout == (
        "unsolvable: the puzzle has no solution\n"
        "  conflict 1: r1c15 and r30c16 are ends of line 1 and r15c1 and r16c30 are ends of"
        " line 2; by crossing: two labels whose endpoints lie on the board's"
        " rim, in turn going round, cannot both be joined, as their lines would cross"
        " (rule 2)\n"
        "difficulty: 0 steps: no cell was deduced\n"
    )

"""The command line, end to end with real solving: every option and every class of bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import REPO, by_name, rules_copy

from puzzlesolve import instance as instances
from puzzlesolve import load
from puzzlesolve.cli import main
from puzzlesolve.genres import GENRES

INSTANCES = Path(__file__).resolve().parent.parent / "instances" / "hitori"
AI_COURSE = INSTANCES / "ai-course-5x5.txt"
SEVERAL = INSTANCES / "several-3x3.txt"
NONE = INSTANCES / "none-2x2.txt"
ENCODING = Path(__file__).resolve().parent.parent / "encodings" / "hitori.lp"
LARGE = INSTANCES / "numbers-above-9-12x12.txt"


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def test_default_prints_the_solution_and_proves_it_unique():
    r = run("hitori", AI_COURSE)
    assert r.exit_code == 0, r.output
    assert r.stdout == (
        (INSTANCES / "ai-course-5x5.sol").read_text()
        + "% unique: the solver proved there is no other solution (1 solution found, search complete)\n"
    )


def test_default_reports_a_second_solution_without_printing_it():
    r = run("hitori", SEVERAL)
    assert r.exit_code == 0, r.output
    assert r.stdout.count("% solution") == 0
    assert r.stdout.splitlines()[-1] == (
        "% multiple: the puzzle has more than one solution (2 solutions found, search stopped)"
    )


def test_models_n_prints_up_to_n_solutions():
    r = run("hitori", SEVERAL, "-n", "3")
    assert r.exit_code == 0, r.output
    assert r.stdout.count("% solution") == 3
    assert "(3 solutions found, search stopped)" in r.stdout


def test_models_zero_enumerates_all_and_counts_them():
    r = run("hitori", SEVERAL, "--models", "0", "--format", "json")
    assert r.exit_code == 0, r.output
    document = json.loads(r.stdout)
    assert (document["status"], document["count"], document["exhausted"]) == ("multiple", 7, True)
    assert len(document["solutions"]) == 7
    assert {"shaded": [[0, 1], [2, 2]]} in document["solutions"]


def test_json_has_every_field_of_the_contract():
    r = run("hitori", AI_COURSE, "--format", "json")
    assert r.exit_code == 0, r.output
    document = json.loads(r.stdout)
    assert {k: document[k] for k in ("genre", "rows", "cols", "status", "count", "exhausted")} == {
        "genre": "hitori",
        "rows": 5,
        "cols": 5,
        "status": "unique",
        "count": 1,
        "exhausted": True,
    }
    assert document["solutions"] == [{"shaded": [[0, 4], [1, 1], [2, 0], [2, 3], [3, 1], [3, 4]]}]
    assert set(document["stats"]) >= {"time_s", "choices", "conflicts", "rules", "atoms"}


def test_unsolvable_exits_1():
    r = run("hitori", NONE)
    assert r.exit_code == 1, r.output
    assert (
        r.stdout
        == "% unsolvable: the solver proved there is no solution (0 solutions found, search complete)\n"
    )


def test_timeout_before_any_solution_exits_4():
    # a microsecond is over before the grounding is, so nothing is found
    r = run("hitori", LARGE, "--timeout", "0.000001", "--format", "json")
    assert r.exit_code == 4, r.output
    document = json.loads(r.stdout)
    assert (document["status"], document["count"], document["exhausted"]) == ("timeout", 0, False)


def test_stats_prints_time_choices_conflicts_and_ground_size():
    r = run("hitori", AI_COURSE, "--stats")
    assert r.exit_code == 0, r.output
    line = r.stdout.splitlines()[-1]
    assert line.startswith("% stats: time_s ")
    for key in ("choices", "conflicts", "rules", "atoms"):
        assert f" {key} " in line


def test_encoding_option_solves_with_the_users_rules(tmp_path):
    # the user's copy drops rule 3, so the split diagonals of "1 1 / 1 1" become solutions
    rules = ENCODING.read_text().replace(":- white(R,C), not connected(R,C).", "")
    # with the techniques, which follow from the rules (single escape from rule 3)
    rules = rules[: rules.index("%## Techniques")] + rules[rules.index("%## Display") :]
    mine = rules_copy(tmp_path, rules)
    r = run("hitori", NONE, "--encoding", mine, "-n", "0", "--format", "json")
    assert r.exit_code == 0, r.output
    assert sorted(s["shaded"] for s in json.loads(r.stdout)["solutions"]) == [
        [[0, 0], [1, 1]],
        [[0, 1], [1, 0]],
    ]


def test_an_encoding_with_a_syntax_error_is_bad_input(tmp_path):
    broken = tmp_path / "broken.lp"
    broken.write_text("shaded(R,C) :- \n")
    r = run("hitori", AI_COURSE, "--encoding", broken)
    assert r.exit_code == 2, r.output
    assert "broken.lp:" in r.stderr and "Traceback" not in r.output


def test_output_writes_the_solution_file(tmp_path):
    out = tmp_path / "solution.txt"
    r = run("hitori", AI_COURSE, "--output", out)
    assert r.exit_code == 0, r.output
    assert out.read_text() == (INSTANCES / "ai-course-5x5.sol").read_text()


def test_instance_dash_reads_standard_input():
    r = run("hitori", "-", "--format", "json", input="1 1\n2 3\n")
    assert r.exit_code == 0, r.output
    assert sorted(s["shaded"] for s in json.loads(r.stdout)["solutions"]) == [[[0, 0]], [[0, 1]]]


def test_facts_prints_the_instance_for_plain_clingo():
    r = run("facts", "hitori", "-", input="1 1\n2 3\n")
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0].startswith("% hitori: clingo ") and lines[0].endswith("hitori.lp THIS_FILE 0")
    assert lines[1:] == ["number(0,0,1).", "number(0,1,1).", "number(1,0,2).", "number(1,1,3)."]


def test_help_shows_an_example_and_version_works():
    assert "puzzlesolve hitori instances/hitori/ai-course-5x5.txt" in run("--help").stdout
    assert "Example:" in run("solve", "--help").stdout
    r = run("--version")
    assert r.exit_code == 0 and "puzzlesolve, version" in r.stdout


def test_python_dash_m_runs_the_same_command():
    done = subprocess.run(
        [sys.executable, "-m", "puzzlesolve", "hitori", str(AI_COURSE)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith((INSTANCES / "ai-course-5x5.sol").read_text())


def test_fill_does_not_apply_to_hitori():
    r = run("hitori", AI_COURSE, "--fill")
    assert r.exit_code == 2, r.output
    assert r.stderr == "puzzlesolve: --fill does not apply to hitori\n"


BAD_INPUTS = {
    "ragged": ("1 2 3\n4 5\n", "bad.txt:2:4: ragged row: 2 cells where the first row has 3"),
    "zero": ("1 2\n0 1\n", "bad.txt:2:1: expected a positive integer, found '0'"),
    "negative": ("1 -2\n2 1\n", "bad.txt:1:3: expected a positive integer, found '-2'"),
    "letter": ("1 2\n2 x\n", "bad.txt:2:3: expected a positive integer, found 'x'"),
    "empty": ("% only a comment\n\n", "bad.txt: no grid: the file has no rows"),
    "header rows": ("3\n2\n1 2\n2 1\n", "bad.txt:1:1: header says 3 rows, the grid has 2"),
    "header cols": ("2\n3\n1 2\n2 1\n", "bad.txt:2:1: header says 3 columns, the grid has 2"),
}


@pytest.mark.parametrize("text, message", BAD_INPUTS.values(), ids=BAD_INPUTS.keys())
def test_bad_input_is_one_line_with_file_line_and_column(tmp_path, text, message):
    bad = tmp_path / "bad.txt"
    bad.write_text(text)
    out = tmp_path / "solution.txt"
    r = run("hitori", bad, "--output", out)
    assert r.exit_code == 2, r.output
    assert r.stderr == f"puzzlesolve: {tmp_path / message}\n"
    assert r.stdout == "" and not out.exists()


def test_missing_file_is_bad_input(tmp_path):
    r = run("hitori", tmp_path / "nowhere.txt")
    assert r.exit_code == 2, r.output
    assert r.stderr == f"puzzlesolve: {tmp_path / 'nowhere.txt'}: no such file\n"


def test_an_empty_file_name_is_bad_input_not_the_current_folder():
    # a shell variable left empty: Path("") would be the current folder
    for args in (("hitori", ""), ("check", "hitori", AI_COURSE, "")):
        r = run(*args)
        assert r.exit_code == 2, r.output
        assert r.stderr == "puzzlesolve: '': the file name is empty\n"


def test_unknown_genre_and_unknown_option_are_usage_errors():
    for args, message in (
        (("kakuro", AI_COURSE), "Invalid value for 'GENRE': 'kakuro' is not"),
        (("hitori", AI_COURSE, "--colour"), "No such option '--colour'"),
        (("hitori", AI_COURSE, "-n", "-1"), "Invalid value for '-n' / '--models'"),
    ):
        r = run(*args)
        assert r.exit_code == 2, r.output
        assert r.stderr.startswith(f"puzzlesolve: {message}") and r.stderr.count("\n") == 1


def test_count_counts_every_solution_without_printing_any():
    r = run("hitori", SEVERAL, "-n", "0", "--count")
    assert r.exit_code == 0, r.output
    assert (
        r.stdout
        == "% multiple: the puzzle has more than one solution (7 solutions found, search complete)\n"
    )


def test_facts_run_with_plain_clingo_give_the_same_solutions():
    import clingo

    r = run("facts", "hitori", SEVERAL)
    assert r.exit_code == 0, r.output
    ctl = clingo.Control(["0"])
    ctl.load(str(ENCODING))
    ctl.add("base", [], r.stdout)
    ctl.ground([("base", [])])
    with ctl.solve(yield_=True) as handle:
        assert sum(1 for _ in handle) == 7


def cells(puzzle) -> int:
    return puzzle.rows * puzzle.cols


# Files as editors write them (issue 19): Windows Notepad puts a byte-order mark first and
# ends lines in CRLF; old Mac editors end them in a lone CR; people leave tabs and blanks.
FILE_FORMS = {
    "windows": lambda text: "\ufeff" + text.replace("\n", " \t\r\n"),
    "old-mac": lambda text: text.replace("\n", "\r"),
}
# every genre's unique examples of fewer than 64 cells (with headers, one character per cell,
# switches set in the file)
SMALL_EXAMPLES = [
    (name, example)
    for name, genre in GENRES.items()
    for example in genre.examples
    if example.status == "unique" and cells(load(name, REPO / example.path)) < 64
]


@pytest.mark.parametrize("form", FILE_FORMS)
@pytest.mark.parametrize(
    ("genre", "example"), SMALL_EXAMPLES, ids=[f"{g}/{e.name}" for g, e in SMALL_EXAMPLES]
)
def test_files_as_editors_write_them_read_as_instances_and_answers(tmp_path, genre, example, form):
    base = REPO / example.path
    written = FILE_FORMS[form]
    instance, answer = tmp_path / "puzzle.txt", tmp_path / "answer.txt"
    instance.write_bytes(written(base.with_suffix(".txt").read_text()).encode())
    answer.write_bytes(written(base.with_suffix(".sol").read_text()).encode())
    expected = base.with_suffix(".sol").read_text()
    solved = run(genre, instance)
    assert solved.exit_code == 0, solved.output
    assert solved.stdout.startswith(expected) and "% unique" in solved.stdout
    piped = CliRunner().invoke(main, [genre, "-"], input=instance.read_bytes())
    assert (piped.exit_code, piped.stdout) == (0, solved.stdout), piped.output
    if not GENRES[genre].has("explain"):  # the loop genres: read as answers all the same
        load_answer, puzzle = by_name(instances.load_answer), load(genre, instance)
        written_answer = load_answer(genre, puzzle, answer)
        assert written_answer == load_answer(genre, puzzle, base.with_suffix(".sol"))
        assert written_answer  # the loop's pairs, each on
        return
    checked = run("check", genre, instance, answer)
    assert checked.exit_code == 0, checked.output
    assert checked.stdout == "solved: the answer is complete and every rule holds\n"


def test_a_compact_hitori_of_digits_solves(tmp_path):
    # issue 19: one character per cell, as the README allows, was read as a header
    compact = tmp_path / "compact.txt"
    compact.write_text(
        "".join(line.replace(" ", "") + "\n" for line in AI_COURSE.read_text().splitlines()[1:])
    )
    r = run("hitori", compact)
    assert r.exit_code == 0, r.output
    assert r.stdout == (
        (INSTANCES / "ai-course-5x5.sol").read_text()
        + "% unique: the solver proved there is no other solution (1 solution found, search complete)\n"
    )


def test_a_rules_file_with_a_byte_order_mark_is_refused_in_one_line(tmp_path):
    # issue 19's sibling: clingo cannot read one, and its message crashed (PANIC, exit 1)
    rules = tmp_path / "mine.lp"
    rules.write_bytes(b"\xef\xbb\xbf" + ENCODING.read_bytes())
    refusal = (
        f"puzzlesolve: {rules}:1:1: the file starts with a byte-order mark, which "
        "clingo cannot read: save it as UTF-8 without one\n"
    )
    for args in (
        ["hitori", AI_COURSE, "--encoding", rules],
        ["check", "hitori", AI_COURSE, AI_COURSE.with_suffix(".sol"), "--encoding", rules],
        ["batch", "hitori", AI_COURSE, "--encoding", ENCODING, "--against", rules],
    ):
        r = run(*args)
        assert (r.exit_code, r.stdout, r.stderr) == (2, "", refusal), args

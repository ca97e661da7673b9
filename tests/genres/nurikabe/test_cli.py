"""Nurikabe from the command line: solve, facts, check, hint, explain, draw, url, generate,
batch; generated puzzles checked by an independent reading of the rules (nurikabe_check)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import clingo
import pytest
from click.testing import CliRunner
from conftest import REPO
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzlesolve import InputError, links, load, solve
from puzzlesolve.cli import main
from puzzlesolve.generate import generate
from puzzlesolve.program import encoding_path
from puzzlesolve.registry import get_genre

from .nurikabe_check import broken_rules, solutions

INSTANCES = REPO / "instances" / "nurikabe"
PZPRJS = INSTANCES / "pzprjs-5x5.txt"
# pzprjs's test script: https://puzz.link/p?nurikabe/5/5/g5k2o1k3g, decoded by hand: 'g' skips
# one cell, '5', 'k' skips five, '2', 'o' skips nine, '1', 'k' five, '3', 'g' one: 25 cells
PZPRJS_LINK = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"
PZPRJS_SOLUTION = [
    ". 5 # # #",
    ". # 2 . #",
    ". # # # #",
    ". # 1 # .",
    "# # # 3 .",
]
RULES = {
    "1": "numbered cells stay unshaded",
    "2": "each unshaded area (unshaded cells joined by their edges) contains exactly one number",
    "3": "the number in an unshaded area equals its count of cells",
    "4": "the shaded cells form one edge-connected area",
    "5": "no 2x2 block of cells is all shaded",
}


def load_text(text: str):
    return get_genre("nurikabe").parse(text, "<generated>")


def run(*args: object, input: str | None = None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def shaded_of(text: str) -> set[tuple[int, int]]:
    return {
        (r, c)
        for r, line in enumerate(text.splitlines())
        for c, token in enumerate(line.split())
        if token == "#"
    }


def test_solve_prints_the_shading_and_proves_it_unique():
    r = run("nurikabe", PZPRJS)
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines() == PZPRJS_SOLUTION + [
        "% unique: the solver proved there is no other solution (1 solution found, search complete)"
    ]


def test_json_lists_the_shaded_cells_sorted():
    r = run("nurikabe", PZPRJS, "--format", "json")
    assert r.exit_code == 0, r.output
    document = json.loads(r.stdout)
    assert (document["genre"], document["status"], document["count"]) == ("nurikabe", "unique", 1)
    dark = shaded_of("\n".join(PZPRJS_SOLUTION))
    assert document["solutions"] == [{"shaded": sorted(map(list, dark))}]


def test_every_solution_counted_and_the_cells_that_differ():
    r = run("nurikabe", INSTANCES / "two-ways-2x2.txt", "-n", "0", "--format", "json")
    assert r.exit_code == 0, r.output
    document = json.loads(r.stdout)
    assert (document["status"], document["count"]) == ("multiple", 2)
    assert sorted(document["solutions"], key=str) == [
        {"shaded": [[0, 1], [1, 1]]},
        {"shaded": [[1, 0], [1, 1]]},
    ]  # in the order found
    assert document["differ"] == [[0, 1], [1, 0]]


def test_an_unsolvable_board_exits_1():
    r = run("nurikabe", INSTANCES / "apart-2x2.txt")
    assert (r.exit_code, r.stdout.splitlines()[0].split(":")[0]) == (1, "% unsolvable"), r.output


@pytest.mark.parametrize(
    "text, where, reason",
    [
        ("2 . x\n", "bad.txt:1:5", "expected a positive number, or '-' or '.' (blank), found 'x'"),
        ("2 . 0\n", "bad.txt:1:5", "expected a positive number, or '-' or '.' (blank), found '0'"),
        ("2 .\n. . .\n", "bad.txt:2:5", "ragged row: 3 cells where the first row has 2"),
    ],
)
def test_bad_input_is_one_line_naming_file_line_and_column(tmp_path, text, where, reason):
    r = run("nurikabe", write(tmp_path, "bad.txt", text))
    assert r.exit_code == 2, r.output
    assert r.stderr == f"puzzlesolve: {tmp_path / where}: {reason}\n"
    assert r.stdout == ""


def test_facts_solve_under_plain_clingo():
    r = run("facts", "nurikabe", PZPRJS)
    assert r.exit_code == 0, r.output
    assert "number(0,1,5)." in r.stdout.split() and "cell(4,4)." in r.stdout.split()
    ctl = clingo.Control(["0"])
    ctl.load(str(encoding_path("nurikabe.lp")))
    ctl.add("base", [], r.stdout)
    ctl.ground([("base", [])])
    found = []
    ctl.solve(on_model=lambda m: found.append({str(s) for s in m.symbols(shown=True)}))
    assert found == [{f"shaded({r},{c})" for r, c in shaded_of("\n".join(PZPRJS_SOLUTION))}]


def test_check_a_solution_a_partial_answer_and_a_wrong_one(tmp_path):
    solved = run("check", "nurikabe", PZPRJS, INSTANCES / "pzprjs-5x5.sol", "--format", "json")
    assert (solved.exit_code, json.loads(solved.stdout)["verdict"]) == (0, "solved"), solved.output
    partial = write(
        tmp_path, "partial.ans", "? 5 ? ? ?\n? ? 2 ? ?\n? ? ? ? ?\n? ? 1 ? ?\n# ? ? 3 ?\n"
    )
    consistent = run("check", "nurikabe", PZPRJS, partial, "--format", "json")
    assert (consistent.exit_code, json.loads(consistent.stdout)["verdict"]) == (0, "consistent")
    wrong = write(tmp_path, "wrong.ans", ". 5 # # #\n. # 2 # #\n? ? ? ? ?\n? ? 1 ? ?\n? ? ? 3 ?\n")
    invalid = run("check", "nurikabe", PZPRJS, wrong, "--format", "json")
    assert invalid.exit_code == 1, invalid.output
    document = json.loads(invalid.stdout)
    assert document["verdict"] == "invalid" and document["rules"] == RULES
    # the 2 at r2c3 is walled in by r1c3, r2c2 and r2c4, and r4c3 (a 1) may not join it;
    # the numbers are cited as clues, not as the marks the answer repeats them with
    assert [(c["rules"], c["cells"], c["values"], c["because"]) for c in document["conflicts"]] == [
        ([1, 3], [[0, 2], [1, 1], [1, 3]], ["shaded"] * 3, [[1, 2], [3, 2]])]  # fmt: skip


def test_check_a_shaded_top_row_leaves_no_area_for_the_numbers(tmp_path):
    answer = write(tmp_path, "a.ans", "# #\n? ?\n")
    r = run("check", "nurikabe", INSTANCES / "two-ways-2x2.txt", answer, "--format", "json")
    assert r.exit_code == 1, r.output
    conflicts = json.loads(r.stdout)["conflicts"]
    # the shaded 2 alone breaks rule 1: never the dead end rules 2, 3 and 5 reach without it
    assert [(c["rules"], c["cells"], c["because"]) for c in conflicts] == [
        ([1], [[0, 0]], [[0, 0]])
    ]


def test_hint_names_a_forced_cell_and_its_reason():
    r = run("hint", "nurikabe", PZPRJS, "--format", "json")
    assert r.exit_code == 0, r.output
    step = json.loads(r.stdout)["step"]
    # the easiest technique, deciding one cell (a numbered cell is known unshaded from the start)
    assert (step["cells"], step["rules"], step["because"], step["techniques"]) == (
        [{"cell": [0, 2], "value": "shaded"}],
        [],
        [[0, 1], [1, 2]],
        ["between two islands"],
    )


def test_explain_reaches_the_solution():
    r = run("explain", "nurikabe", PZPRJS, "--format", "json")
    assert r.exit_code == 0, r.output
    document = json.loads(r.stdout)
    assert document["status"] == "solved"
    decided = {tuple(c["cell"]): c["value"] for step in document["steps"] for c in step["cells"]}
    numbered = {(0, 1), (1, 2), (3, 2), (4, 3)}  # known unshaded from the start (rule 1)
    assert not numbered & set(decided)
    decided |= dict.fromkeys(numbered, "unshaded")
    dark = shaded_of("\n".join(PZPRJS_SOLUTION))
    assert decided == {
        (r, c): "shaded" if (r, c) in dark else "unshaded" for r in range(5) for c in range(5)
    }


def test_draw_writes_a_picture_with_the_numbers(tmp_path):
    out = tmp_path / "solution.svg"
    r = run("draw", "nurikabe", PZPRJS, INSTANCES / "pzprjs-5x5.sol", "-o", out)
    assert r.exit_code == 0, r.output
    svg = out.read_text()
    assert svg.startswith("<?xml") and svg.count("#2e2e2e") == 14  # the 14 shaded cells
    assert all(f">{n}</text>" in svg for n in (5, 2, 1, 3))


def test_url_writes_the_pzprjs_link_and_reads_it_back():
    r = run("url", "nurikabe", PZPRJS)
    assert (r.exit_code, r.stdout) == (0, PZPRJS_LINK + "\n"), r.output
    assert load("nurikabe", PZPRJS_LINK) == load("nurikabe", PZPRJS)
    solved = run(PZPRJS_LINK)
    assert solved.exit_code == 0, solved.output
    assert solved.stdout.splitlines()[:5] == PZPRJS_SOLUTION


def test_a_link_with_large_numbers_round_trips(tmp_path):
    # 17 . 3: '-11' is 17 in two hexadecimal digits, 'g' one blank, '3'
    board = write(tmp_path, "large.txt", "17 . 3\n")
    r = run("url", "nurikabe", board)
    assert (r.exit_code, r.stdout) == (0, "https://puzz.link/p?nurikabe/3/1/-11g3\n"), r.output
    assert load("nurikabe", r.stdout.strip()) == load("nurikabe", board)


@pytest.mark.parametrize(
    "link, reason",
    [
        ("https://puzz.link/p?nurikabe/2/1/.g", "row 1, column 1: the link marks this number"),
        ("https://puzz.link/p?nurikabe/2/1/0g", "row 1, column 1: 0 is no island size"),
        ("https://puzz.link/p?nurikabe/2/1/g", "the body ends after 1 of the 2 cells"),
    ],
)
def test_bad_links_are_one_line(link, reason):
    r = run("nurikabe", link)
    assert r.exit_code == 2, r.output
    assert reason in r.stderr and len(r.stderr.splitlines()) == 1 and r.stdout == ""


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_generated_puzzles_are_unique_and_obey_the_rules(tmp_path, seed):
    r = run(
        "generate", "nurikabe", "--size", "6x6", "--seed", seed, "--no-grade", "--out", tmp_path
    )
    assert r.exit_code == 0, r.output
    name = f"nurikabe-6x6-{seed}"  # not graded: no grade in its name
    assert r.stderr.startswith(f"{name}: unique, ")
    puzzle = load("nurikabe", tmp_path / f"{name}.txt")
    shaded = shaded_of((tmp_path / f"{name}.sol").read_text())
    assert broken_rules(6, 6, puzzle.numbers, shaded) == set()
    assert solve("nurikabe", puzzle).status == "unique"


def test_generate_grades_by_default_on_small_boards(tmp_path):
    r = run(
        "generate",
        "nurikabe",
        "--size",
        "5x5",
        "--seed",
        4,
        "--difficulty",
        "easy",
        "--out",
        tmp_path,
    )
    assert r.exit_code == 0, r.output
    assert ", grade " in r.stderr and "explain_s" in r.stderr
    (puzzle,) = tmp_path.glob("*.txt")
    assert puzzle.read_text().splitlines()[1].startswith("% graded ")


@pytest.mark.parametrize("seed", range(4))
def test_small_generated_boards_have_one_solution_by_brute_force(seed):
    puzzle = generate(get_genre("nurikabe"), 3, 4, seed, grade=False)
    board = load_text(puzzle.text)
    (only,) = solutions(3, 4, board.numbers)  # every shading of the 12 cells tried
    assert only == shaded_of(puzzle.solution)


def test_batch_solves_the_instances():
    r = run("batch", "nurikabe", INSTANCES)
    assert r.exit_code == 1, r.output  # the unsolvable one
    statuses = {
        Path(line["instance"]).name: line["status"]
        for line in map(json.loads, r.stdout.splitlines())
    }
    assert statuses == {
        "apart-2x2.txt": "unsolvable",
        "generated-10x10.txt": "unique",
        "generated-20x20.txt": "unique",
        "generated-30x30.txt": "unique",
        "one-row-1x5.txt": "unique",
        "pzprjs-5x5.txt": "unique",
        "two-ways-2x2.txt": "multiple",
    }


def test_the_instances_come_back_from_their_links():
    for path in sorted(INSTANCES.glob("*.txt")):
        puzzle = load("nurikabe", path)
        assert load("nurikabe", links.write(get_genre("nurikabe"), puzzle)) == puzzle, path


@settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(rows=st.integers(1, 4), cols=st.integers(1, 4), data=st.data())
def test_any_link_body_is_a_puzzle_or_one_line_of_bad_input(rows, cols, data):
    body = data.draw(st.text(alphabet="0123456789abcdefghijklmnopqrstuvwxyz-+=%*$.?/", max_size=20))
    try:
        puzzle = load("nurikabe", links.pzpr_link("nurikabe", rows, cols, body))
    except InputError as bad:
        assert re.match(r"https://puzz\.link/p\?nurikabe/\d+/\d+/\S*: ", str(bad)), str(bad)
        assert "\n" not in str(bad)
        return
    assert (puzzle.rows, puzzle.cols) == (rows, cols)
    assert all(n >= 1 for n in puzzle.numbers.values())

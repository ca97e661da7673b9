"""The picture and link commands end to end: draw, url, solve --svg and the differ line, links
read by solve and facts, generate --url / --svg."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner
from conftest import REPO

from puzzlesolve.cli import main
from puzzlesolve.genres import GENRES

INSTANCES = REPO / "instances"
PICTURES = REPO / "docs" / "pictures"
AI_COURSE = INSTANCES / "hitori" / "ai-course-5x5.txt"
SEVERAL = INSTANCES / "hitori" / "several-3x3.txt"
ARUKONE = "https://puzz.link/p?arukone/5/5/1m2h3g3h1m2"


def run(*args, input: str | None = None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def is_svg(text: str) -> bool:
    return ET.fromstring(text).tag == "{http://www.w3.org/2000/svg}svg"


# --- draw -----------------------------------------------------------------------------------


# each genre's typical example (the first it declares), for every genre that draws
TYPICAL = {
    name: genre.examples[0]
    for name, genre in GENRES.items()
    if importlib.util.find_spec(f"{genre.package}.draw")
}


@pytest.mark.parametrize("genre", sorted(TYPICAL))
def test_draw_writes_the_puzzle_and_with_an_answer_the_answer(tmp_path, genre):
    instance = REPO / TYPICAL[genre].path
    r = run("draw", genre, instance)
    assert r.exit_code == 0, r.output
    assert is_svg(r.stdout)
    picture = tmp_path / "solution.svg"
    r = run("draw", genre, instance, instance.with_suffix(".sol"), "-o", picture)
    assert r.exit_code == 0 and r.stdout == "", r.output
    assert (
        is_svg(picture.read_text()) and picture.read_text() != run("draw", genre, instance).stdout
    )


def test_draw_refuses_an_answer_that_disagrees_with_the_puzzle(tmp_path):
    answer = tmp_path / "answer.txt"
    answer.write_text("3 2 5 4 #\n2 # 4 3 5\n# 3 2 # 4\n1 # 3 5 #\n5 4 1 2 9\n")
    picture = tmp_path / "out.svg"
    r = run("draw", "hitori", AI_COURSE, answer, "-o", picture)
    assert r.exit_code == 2, r.output
    assert "answer.txt:5:9: expected '#', '?' or the puzzle's number 3 here, found '9'" in r.stderr
    assert not picture.exists()


def test_draw_to_a_missing_folder_is_bad_usage_before_any_work(tmp_path):
    r = run("draw", "hitori", tmp_path / "missing.txt", "-o", tmp_path / "no" / "x.svg")
    assert r.exit_code == 2 and "no such folder" in r.stderr, r.output


def test_draw_reads_links():
    r = run("draw", "hitori", "https://puzz.link/p?hitori/4/4/1114142333214213")
    assert r.exit_code == 0 and is_svg(r.stdout), r.output


# --- solve --svg and the cells that differ ----------------------------------------------------


def test_solve_svg_draws_the_first_solution(tmp_path):
    picture = tmp_path / "solution.svg"
    r = run("hitori", AI_COURSE, "--svg", picture)
    assert r.exit_code == 0, r.output
    assert "% differ" not in r.stdout
    expected = run("draw", "hitori", AI_COURSE, INSTANCES / "hitori" / "ai-course-5x5.sol").stdout
    assert picture.read_text() == expected  # a unique puzzle: nothing highlighted


def test_solve_svg_to_a_missing_folder_is_bad_usage_before_solving(tmp_path):
    r = run("hitori", AI_COURSE, "--svg", tmp_path / "no" / "x.svg")
    assert r.exit_code == 2 and "no such folder" in r.stderr and r.stdout == "", r.output


def test_svg_with_count_only_is_bad_usage():
    r = run("hitori", SEVERAL, "-n", "0", "--count", "--svg", "x.svg")
    assert r.exit_code == 2 and "--count keeps none" in r.stderr, r.output


def test_several_solutions_list_the_cells_that_differ():
    r = run("hitori", SEVERAL, "-n", "0")
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[-2] == "% differ: r1c1 r1c2 r1c3 r3c1 r3c2 r3c3"
    document = json.loads(run("hitori", SEVERAL, "-n", "0", "--format", "json").stdout)
    assert document["differ"] == [[0, 0], [0, 1], [0, 2], [2, 0], [2, 1], [2, 2]]
    assert "differ" not in json.loads(run("hitori", AI_COURSE, "--format", "json").stdout)


def test_lines_through_the_same_cells_differ_in_no_cell(tmp_path):
    grid = tmp_path / "corners.txt"
    grid.write_text("A - -\n- - -\n- - A\n")
    r = run("numberlink", grid, "--fill", "-n", "2")
    assert r.exit_code == 0, r.output
    assert "% differ: no cell (the lines differ only in how they run through the same cells)" in (
        r.stdout
    )


# --- links on the command line ----------------------------------------------------------------


@pytest.mark.parametrize(
    "genre, instance, link",
    [
        ("hitori", AI_COURSE, "https://puzz.link/p?hitori/5/5/3254523435432441335554123"),
        (
            "numberlink",
            INSTANCES / "numberlink" / "copris-5x5.txt",
            "https://puzz.link/p?numlin/5/5/1i2342k1l3i4",
        ),
        ("hidato", INSTANCES / "hidato" / "small-5x5.txt", None),
        (
            "hitori",
            "http://pzv.jp/p.html?hitori/4/4/1114142333214213",
            "https://puzz.link/p?hitori/4/4/1114142333214213",
        ),
    ],
)
def test_url_prints_the_link_that_reads_back_the_same_puzzle(genre, instance, link):
    r = run("url", genre, instance)
    assert r.exit_code == 0, r.output
    if link is not None:
        assert r.stdout == link + "\n"
    assert run("facts", genre, r.stdout.strip()).stdout == run("facts", genre, instance).stdout


def test_url_of_numberlink_with_fill_is_an_arukone_link_without_e():
    r = run("url", "numberlink", INSTANCES / "numberlink" / "copris-5x5.txt", "--fill")
    # n: the labels are numbers, to be read back as numbers rather than letters (issue 19)
    assert r.stdout == "https://puzz.link/p?arukone/n/5/5/1i2342k1l3i4\n", r.output
    assert run("url", "numberlink", ARUKONE).stdout == (
        "https://puzz.link/p?arukone/5/5/1m2h3g3h1m2\n"
    )  # the link's own rules are kept


@pytest.mark.parametrize(
    "args, message",
    [
        (("url", "numbrix", INSTANCES / "numbrix" / "holes-6x6.txt"), "numbrix has no link form"),
        (("url", "hitori", AI_COURSE, "--fill"), "--fill does not apply to hitori"),
    ],
)
def test_url_refusals_are_bad_usage(args, message):
    r = run(*args)
    assert r.exit_code == 2 and message in r.stderr and r.stderr.count("\n") == 1, r.output


def test_arukone_link_without_e_is_solved_under_flow_free_rules():
    r = run("numberlink", ARUKONE, "-n", "0", "--count")
    assert r.exit_code == 0, r.output
    assert "solving with --fill" in r.stderr
    assert run("numberlink", ARUKONE, "--fill", "-n", "0", "--count").stdout == r.stdout
    facts = run("facts", "numberlink", ARUKONE).stdout.splitlines()[0]
    assert facts.endswith(" -c fill=1")


def test_hidoku_link_is_solved():
    r = run(
        "hidato", "https://pedros.works/paper-puzzle-player?W=4x3&L=(4)2(6)1x3(1)3(11)2&G=hidoku"
    )
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[:3] == [" 4  3  9 11", " 5  8  2 10", " 7  6  #  1"]


# --- generate ---------------------------------------------------------------------------------


def test_generate_prints_links_and_draws_beside_the_files(tmp_path):
    r = run(
        "generate",
        "hitori",
        "--size",
        "5x5",
        "--seed",
        "1",
        "--count",
        "2",
        "--no-grade",  # grading is tests/test_grade.py's
        "--url",
        "--svg",
        "--out",
        tmp_path,
    )
    assert r.exit_code == 0, r.output
    lines = [line.split(" ") for line in r.stdout.splitlines()]  # each file, then its link
    urls = [url for _, url in lines]
    assert len(urls) == 2 and all(u.startswith("https://puzz.link/p?hitori/5/5/") for u in urls)
    for seed, (path, url) in zip((1, 2), lines):
        # one puzzle of each seed (not graded: no grade in its name)
        [puzzle] = tmp_path.glob(f"hitori-5x5-{seed}.txt")
        assert path == str(puzzle)
        name = puzzle.with_suffix("")
        assert is_svg((tmp_path / f"{name.name}.svg").read_text())
        assert run("facts", "hitori", url).stdout == run("facts", "hitori", f"{name}.txt").stdout


def test_generate_without_out_prints_the_link_as_a_comment():
    r = run(
        "generate", "numberlink", "--size", "5x5", "--seed", "2", "--fill", "--url", "--no-grade"
    )  # grading is tests/test_grade.py's
    assert r.exit_code == 0, r.output
    link = next(line for line in r.stdout.splitlines() if line.startswith("% link "))
    # fill: no 'e' flag; n: the generated labels are numbers (read back as numbers)
    assert link.startswith("% link https://puzz.link/p?arukone/n/5/5/")


@pytest.mark.parametrize(
    "args, message",
    [
        (("generate", "hitori", "--size", "5x5", "--svg"), "give --out DIR"),
    ],
)
def test_generate_refuses_before_any_puzzle_is_made(args, message):
    r = run(*args)
    assert r.exit_code == 2 and message in r.stderr and r.stdout == "", r.output


def test_generate_url_for_a_genre_without_links_makes_the_puzzles_and_says_why_no_link(tmp_path):
    """Numbrix has no link form: before, --url aborted the whole run (exit 2, no puzzle)."""
    r = run("generate", "numbrix", "--size", "4x4", "--seed", "5", "--count", "2", "--url",
            "--no-grade", "--out", tmp_path)  # fmt: skip
    assert r.exit_code == 0, r.output
    assert r.stdout == ""  # no link lines
    notes = [line for line in r.stderr.splitlines() if "link" in line]
    assert notes == [
        (
            "% no links: numbrix has no link form: neither puzz.link nor Kudamono has this genre, "
            "and a hidoku link would allow diagonal steps"
        )
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        f"numbrix-4x4-{seed}{ending}" for seed in (5, 6)
        for ending in (".sol", ".txt")
    ]  # fmt: skip


def test_generated_pictures_carry_genre_size_and_grade(tmp_path):
    r = run("generate", "hitori", "--size", "5x5", "--seed", "1", "--difficulty", "easy",
            "--svg", "--out", tmp_path)  # fmt: skip
    assert r.exit_code == 0, r.output
    assert ">hitori 5x5, graded easy</text>" in (tmp_path / "hitori-5x5-easy-1.svg").read_text()
    r = run("generate", "hitori", "--size", "5x5", "--seed", "1", "--no-grade",
            "--svg", "--out", tmp_path)  # fmt: skip
    assert ">hitori 5x5, not graded</text>" in (tmp_path / "hitori-5x5-1.svg").read_text()


def test_difficulty_not_met_names_the_file_by_the_grade_it_got(tmp_path):
    """No 4x4 Numbrix of seed 1 measures easy: the closest is medium, and is called so."""
    r = run("generate", "numbrix", "--size", "4x4", "--seed", "1", "--difficulty", "easy",
            "--out", tmp_path)  # fmt: skip
    assert r.exit_code == 0, r.output
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "numbrix-4x4-medium-1.sol", "numbrix-4x4-medium-1.txt"
    ]  # fmt: skip
    summary, tally = r.stderr.splitlines()[-2:]
    assert summary.startswith("numbrix-4x4-medium-1: unique, ")
    # what the candidates measured says why none was easy
    assert summary.endswith("; graded medium, not easy as asked: none of 8 candidates was "
                            "easy (medium 5, hard 3; 2 needed a trial), this one is the "
                            "closest")  # fmt: skip
    assert tally == "% the puzzle could not be made easy: it is named by the grade it has"
    text = (tmp_path / "numbrix-4x4-medium-1.txt").read_text()
    assert "--seed 1 --difficulty easy --grade" in text.splitlines()[0]  # still reproduces it


# --- solve -o / --svg when there is nothing to write -------------------------------------------


def test_solve_with_no_solution_says_which_files_it_did_not_write(tmp_path):
    crossing = tmp_path / "crossing.txt"
    crossing.write_text("1 2\n2 1\n")  # the two lines would have to cross
    solution, picture = tmp_path / "out.sol", tmp_path / "out.svg"
    r = run("numberlink", crossing, "-o", solution, "--svg", picture)
    assert r.exit_code == 1, r.output
    assert (
        r.stderr == f"% no solution to write (unsolvable): {solution} and {picture} not written\n"
    )
    assert r.stdout.startswith("% unsolvable") and r.stdout.count("\n") == 1
    for listing in ([], ["-n", "0"]):  # -n 0 prints its JSON as it goes
        r = run("numberlink", crossing, "-o", solution, "--format", "json", *listing)
        assert r.exit_code == 1, r.output
        document = json.loads(r.stdout)
        assert document["status"] == "unsolvable" and document["not_written"] == [str(solution)]
        assert r.stderr == f"% no solution to write (unsolvable): {solution} not written\n"
    assert sorted(tmp_path.iterdir()) == [crossing]


def test_solve_output_with_count_only_is_bad_usage(tmp_path):
    """--count keeps no solution, so -o had nothing to write and said nothing."""
    r = run("hitori", SEVERAL, "-n", "0", "--count", "-o", tmp_path / "x.sol")
    assert r.exit_code == 2 and "-o writes a solution, and --count keeps none" in r.stderr
    assert list(tmp_path.iterdir()) == []


# --- start-up ---------------------------------------------------------------------------------


def test_plain_solve_imports_neither_drawing_nor_links():
    script = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from puzzlesolve.cli import main\n"
        f"r = CliRunner().invoke(main, ['hitori', {str(AI_COURSE)!r}])\n"
        "assert r.exit_code == 0, r.output\n"
        "print(sorted(m for m in sys.modules if m.startswith(('drawsvg', 'puzzlesolve.links',"
        " 'puzzlesolve.drawing', 'puzzlesolve.janko'))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert done.stdout == "[]\n", done.stderr


def test_generated_puzzle_no_link_can_hold_gets_a_note_instead():
    from puzzlesolve.cli.generate import _shower
    from puzzlesolve.generate import Generated
    from puzzlesolve.genres import GENRES

    # 53 lines, each a pair side by side: more than arukone's 52 letters under --fill
    labels = [str(k) for k in range(1, 54)]
    text = "\n".join(f"{label} {label}" for label in labels) + "\n"
    notes: list[str] = []
    show = _shower(GENRES["numberlink"], show_url=True, svg=True, fill=True)
    link, picture = show(Generated("numberlink", "many", 0, text, "", 0), notes.append)
    assert link is None and is_svg(picture)
    assert notes == ["% many: no link: 53 labels: arukone links show at most 52"]


def test_hint_picture_with_nothing_to_mark_says_so(tmp_path):
    """A solved answer has no hint: the picture shows the answer alone, and says why."""
    picture = tmp_path / "hint.svg"
    solution = INSTANCES / "hitori" / "ai-course-5x5.sol"
    r = run("hint", "hitori", AI_COURSE, solution, "--svg", picture)
    assert r.exit_code == 0, r.output
    assert r.stderr == f"% no hint to mark (solved): {picture} shows the answer as it is\n"
    assert is_svg(picture.read_text()) and "stroke-dasharray" not in picture.read_text()
    r = run("hint", "hitori", AI_COURSE, "--svg", picture)
    assert r.exit_code == 0 and r.stderr == "", r.output

"""What a new user still tripped on in words and pictures (issue 44 item 8, the command line):
a technique is named, not numbered; an answer to a puzzle with no solution is told so first;
the README and `url --help` name every genre they speak for; ``generate -o DIR``; a Loopy or
Pearl game id given alone is that genre's; ``check --svg`` draws a loop genre's conflict."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlesolve.cli import main
from puzzlesolve.drawing import CONFLICT
from puzzlesolve.genres import GENRES

REPO = Path(__file__).resolve().parent.parent
NONE_2X2 = REPO / "instances" / "hitori" / "none-2x2.txt"
HITORI_CONFLICT = (
    "  conflict 1: rules 1 (no number appears unshaded twice in a row or in a column), 2 "
    "(shaded cells never share an edge) and 3 (the unshaded cells form one edge-connected area) "
    "cannot all hold where r1c1, r1c2, r2c1 and r2c2 show 1\n"
)
LOOPY_ID = "5x5t0:a1c3a103a2a23e2b3a"  # instances/slitherlink/tatham-5x5.txt
PEARL_ID = "6x6:eBaWfBaWWiBbBe"  # sgt-pearl --generate 1 6x6de


def run(*args):
    return CliRunner().invoke(main, [str(arg) for arg in args], catch_exceptions=False)


def test_a_technique_that_refutes_the_puzzle_is_named_not_numbered(tmp_path):
    # two labels crossing on the rim of a board too large for the rules' shrink: the crossing
    # technique says why; its number in the rules file (T6) means nothing to a reader
    grid = [["."] * 12 for _ in range(12)]
    grid[0][0], grid[11][11], grid[0][11], grid[11][0] = "1", "1", "2", "2"
    grid[3][4], grid[7][8], grid[5][2], grid[2][9] = "3", "3", "4", "4"
    board = tmp_path / "crossing.txt"
    board.write_text("\n".join(" ".join(row) for row in grid) + "\n")
    r = run("explain", "numberlink", board)
    assert r.exit_code == 1
    assert r.stdout.splitlines()[1] == (
        "  conflict 1: r1c1 and r12c12 are ends of line 1 and r1c12 and r12c1 are ends of line "
        "2; by crossing: two labels whose endpoints lie on the board's rim, in turn going round, "
        "cannot both be joined, as their lines would cross (rule 2)"
    )


@pytest.mark.parametrize("command", ["check", "hint"])
def test_an_answer_to_a_puzzle_with_no_solution_is_told_so_first(tmp_path, command):
    answer = tmp_path / "all-undecided.ans"
    answer.write_text("? ?\n? ?\n")
    r = run(command, "hitori", NONE_2X2, answer)
    assert (r.exit_code, r.stdout) == (
        1,
        "invalid: the puzzle has no solution, so no answer to it can be right\n" + HITORI_CONFLICT,
    )


def test_a_wrong_answer_to_a_puzzle_with_a_solution_keeps_its_verdict():
    r = run(
        "check",
        "hitori",
        REPO / "instances/hitori/ai-course-5x5.txt",
        REPO / "instances/hitori/ai-course-5x5-wrong.ans",
    )
    assert r.exit_code == 1
    assert r.stdout.startswith("invalid: no solution extends the answer\n  first: r4c4 ")


def test_the_readme_introduction_names_every_genre():
    text = (REPO / "README.md").read_text()
    intro = text[text.index("puzzlesolve solves, checks") :].split("\n\n")[0]
    named = {name for name in GENRES if re.search(rf"\b{name}\b", intro, re.IGNORECASE)}
    assert named == set(GENRES)


def test_url_help_speaks_for_every_genre():
    from puzzlesolve import links

    help_text = " ".join(run("url", "--help").stdout.split())
    assert "puzz.link for every other genre that has a link form" in help_text
    for name, genre in GENRES.items():
        if links.no_link(genre) is not None:  # named as having none
            assert f"{name.capitalize()} has none" in help_text, name
        elif genre.feature("link").SITE != "pzpr":  # named beside its site
            assert f"player for {name.capitalize()}" in help_text, name


def test_generate_takes_minus_o_for_its_folder(tmp_path):
    r = run("generate", "hitori", "--size", "5x5", "--seed", "1", "-o", tmp_path / "out")
    assert r.exit_code == 0, r.output
    written = sorted((tmp_path / "out").iterdir())
    assert [path.suffix for path in written] == [".sol", ".txt"]
    assert written[0].stem == written[1].stem


@pytest.mark.parametrize(("game_id", "genre"), [(LOOPY_ID, "slitherlink"), (PEARL_ID, "masyu")])
def test_a_game_id_without_a_genre_is_the_genre_that_reads_it(game_id, genre):
    alone, named = run(game_id), run(genre, game_id)
    assert (alone.exit_code, alone.stdout) == (named.exit_code, named.stdout)
    assert alone.exit_code == 0 and "\n% unique: " in alone.stdout


@pytest.mark.parametrize(
    ("game_id", "message"),
    [
        ("5x5t3:aaa", "5x5t3:aaa: not a Loopy game id on the square grid: grid type t3 (only t0, "
         + "squares)"),
        ("2x2:B", "2x2:B: the Pearl description holds 1 cell, the size 2x2 needs 4"),
    ],
)  # fmt: skip
def test_a_game_id_no_genre_reads_is_one_line_of_bad_input(game_id, message):
    r = CliRunner().invoke(main, [game_id])
    assert (r.exit_code, r.stderr if hasattr(r, "stderr") else r.output) == (
        2,
        f"puzzlesolve: {message}\n",
    )


def _red_strokes(svg: str) -> list[tuple[float, ...]]:
    """The red strokes of a picture, as (x1, y1, x2, y2)."""
    return [
        tuple(float(number) for number in re.findall(r"[\d.]+", path))
        for path in re.findall(
            rf'<path d="(M[\d.]+,[\d.]+ L[\d.]+,[\d.]+)" stroke="{CONFLICT}"', svg
        )
    ]


def test_check_svg_draws_a_slitherlink_conflict_in_red(tmp_path):
    # a line beside the 0 at r2c4: three lines meet at point p2.5 (rule 1)
    picture = (REPO / "instances/slitherlink/tatham-5x5.sol").read_text().splitlines()
    picture[2] = picture[2][:7] + "-" + picture[2][8:]
    answer = tmp_path / "wrong.ans"
    answer.write_text("\n".join(picture) + "\n")
    svg = tmp_path / "wrong.svg"
    r = run("check", "slitherlink", REPO / "instances/slitherlink/tatham-5x5.txt", answer,
            "--svg", svg)  # fmt: skip
    assert r.exit_code == 1
    assert r.stdout.splitlines()[-1] == (
        "  conflict 1: rule 1 (the lines form a loop that never branches or crosses: every "
        "point has two lines or none): p1.5-p2.5, p2.4-p2.5 and p2.5-p2.6 are lines"
    )
    cell = 40  # drawing.CELL: a grid point (y, x) is drawn at (x * 40, y * 40)
    assert sorted(_red_strokes(svg.read_text())) == sorted(
        (x1 * cell, y1 * cell, x2 * cell, y2 * cell)
        for (y1, x1), (y2, x2) in [((0, 4), (1, 4)), ((1, 3), (1, 4)), ((1, 4), (1, 5))]
    )


def test_check_svg_draws_a_masyu_conflict_in_red(tmp_path):
    picture = (REPO / "instances/masyu/tatham-6x6.sol").read_text().splitlines()
    picture[6] = picture[6][:7] + "-" + picture[6][8:]  # r4c4 and r4c5 joined: a branch
    answer = tmp_path / "wrong.ans"
    answer.write_text("\n".join(picture) + "\n")
    svg = tmp_path / "wrong.svg"
    r = run("check", "masyu", REPO / "instances/masyu/tatham-6x6.txt", answer, "--svg", svg)
    assert r.exit_code == 1
    segments = re.findall(r"r(\d+)c(\d+)-r(\d+)c(\d+)", r.stdout.split("conflict 1: ")[1])
    assert ("4", "4", "4", "5") in segments  # the mark added
    centre = 40  # drawing.CELL: cell rNcM's centre is at ((M - 0.5) * 40, (N - 0.5) * 40)
    assert sorted(_red_strokes(svg.read_text())) == sorted(
        ((int(c1) - 0.5) * centre, (int(r1) - 0.5) * centre,
         (int(c2) - 0.5) * centre, (int(r2) - 0.5) * centre)
        for r1, c1, r2, c2 in segments
    )  # fmt: skip


@pytest.mark.skipif(shutil.which("sgt-loopy") is None and not Path("/usr/games/sgt-loopy").exists(),
                    reason="sgt-puzzles not installed")  # fmt: skip
def test_a_fresh_loopy_id_alone_is_solved_as_slitherlink():
    loopy = shutil.which("sgt-loopy") or "/usr/games/sgt-loopy"
    game_id = subprocess.run(
        [loopy, "--generate", "1", "7x7t0dn"], capture_output=True, text=True, check=True
    ).stdout.strip()
    r = run(game_id)
    assert r.exit_code == 0 and "\n% unique: " in r.stdout

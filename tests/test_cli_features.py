"""A genre without an optional feature (pictures, generator, link form, explanations): the
command that needs it is refused in one line naming the genre and the feature, exit 2."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest
from click.testing import CliRunner
from conftest import REPO

from puzzlesolve.cli import main
from puzzlesolve.genres import GENRES

INSTANCE = REPO / "instances" / "hitori" / "ai-course-5x5.txt"
SOLUTION = INSTANCE.with_suffix(".sol")


@pytest.fixture
def plain(tmp_path, monkeypatch):
    """Hitori's rules and glue as a genre "plain" whose package has no feature module."""
    (tmp_path / "plain_genre").mkdir()
    (tmp_path / "plain_genre" / "__init__.py").write_text('"""A genre package, no features."""\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "plain_genre", raising=False)
    genre = dataclasses.replace(GENRES["hitori"], name="plain", package="plain_genre", aliases={})
    monkeypatch.setitem(GENRES, "plain", genre)
    return tmp_path


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ["draw", "plain", INSTANCE],
            "plain puzzles cannot be drawn (its package has no draw module)",
        ),
        (
            ["plain", INSTANCE, "--svg", "out.svg"],
            "plain puzzles cannot be drawn (its package has no draw module)",
        ),
        (
            ["generate", "plain", "--size", "5x5"],
            "plain puzzles cannot be generated (its package has no generate module)",
        ),
        (
            ["check", "plain", INSTANCE, SOLUTION],
            "plain puzzles cannot be checked, hinted or explained (its package has no explain module)",
        ),
        (
            ["hint", "plain", INSTANCE],
            "plain puzzles cannot be checked, hinted or explained (its package has no explain module)",
        ),
        (
            ["explain", "plain", INSTANCE],
            "plain puzzles cannot be checked, hinted or explained (its package has no explain module)",
        ),
        (["url", "plain", INSTANCE], "plain puzzles have no link form"),
    ],
)
def test_a_missing_feature_is_one_line_naming_it(plain, monkeypatch, args, message):
    monkeypatch.chdir(plain)
    r = CliRunner().invoke(main, [str(arg) for arg in args])
    assert (r.exit_code, r.stdout, r.stderr) == (2, "", f"puzzlesolve: {message}\n")
    assert not (plain / "out.svg").exists()


def test_the_genre_solves_without_its_features(plain):
    r = CliRunner().invoke(main, ["plain", str(INSTANCE)])
    assert r.exit_code == 0, r.output
    assert r.stdout == SOLUTION.read_text() + (
        "% unique: the solver proved there is no other solution (1 solution found, "
        "search complete)\n"
    )


# --- genre flags from declared switches --------------------------------------------------------

DECLARES_A_SWITCH = """
import dataclasses, sys
from click.testing import CliRunner
from puzzlesolve.cli import main
from puzzlesolve.genre import Switch
from puzzlesolve.genres import GENRES

# a genre declaring a switch of its own, registered before the command line is first used
tight = Switch("tight", on="--tight", off="--loose", help="no two shaded cells in a row.")
GENRES["tighter"] = dataclasses.replace(GENRES["hitori"], name="tighter", aliases={},
                                        switches=(tight,))
for args in (["solve", "--help"], ["hitori", sys.argv[1], "--loose"], ["url", "--help"]):
    r = CliRunner().invoke(main, args, terminal_width=200)
    print(r.exit_code, r.stderr.strip())
    print("\\n".join(line.strip() for line in r.stdout.splitlines() if line.strip()
                    .startswith(("--tight", "--fill", "--no-self"))))
"""


FILL = (
    "Numberlink: every cell must be covered (Flow Free); --no-fill: need not, whatever the "
    "instance's '% options' line or link asks."
)
TOUCH = "Numberlink: a line never runs alongside itself (--self-touch: may)."


def test_a_declared_switch_becomes_a_flag_of_every_command_that_applies_it():
    done = subprocess.run(
        [sys.executable, "-c", DECLARES_A_SWITCH, str(INSTANCE)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.splitlines() == [
        "0 ",  # solve --help: every genre's switches, each naming the genres that have it
        f"--fill / --no-fill              {FILL}",
        f"--no-self-touch / --self-touch  {TOUCH}",
        "--tight / --loose               Tighter: no two shaded cells in a row.",
        "2 puzzlesolve: --loose does not apply to hitori",
        "",
        "0 ",  # url --help: only the switch a link can carry
        f"--fill / --no-fill  {FILL}",
    ]

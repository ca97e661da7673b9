"""A genre without an optional feature (pictures, generator, link form, explanations): the
command that needs it is refused in one line naming the genre and the feature, exit 2."""

from __future__ import annotations

import dataclasses
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
    genre = dataclasses.replace(GENRES["hitori"], name="plain", package="plain_genre",
                                aliases={})
    monkeypatch.setitem(GENRES, "plain", genre)
    return tmp_path


@pytest.mark.parametrize(
    "args, message",
    [
        (["draw", "plain", INSTANCE], "plain has no pictures: plain_genre has no draw module"),
        (["plain", INSTANCE, "--svg", "out.svg"],
         "plain has no pictures: plain_genre has no draw module"),
        (["generate", "plain", "--size", "5x5"],
         "plain has no generator: plain_genre has no generate module"),
        (["check", "plain", INSTANCE, SOLUTION],
         "plain has no explanations (check, hint, explain): plain_genre has no explain module"),
        (["hint", "plain", INSTANCE],
         "plain has no explanations (check, hint, explain): plain_genre has no explain module"),
        (["explain", "plain", INSTANCE],
         "plain has no explanations (check, hint, explain): plain_genre has no explain module"),
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

"""The genre contract (puzzlesolve/genre.py): every registered genre provides what the
machinery calls, and a genre without an optional feature is told so in one line."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import itertools

import pytest
from click.testing import CliRunner
from conftest import REPO

from puzzlesolve import links
from puzzlesolve.cli import main
from puzzlesolve.generate import GenerateError, check
from puzzlesolve.genre import (
    DEFAULTS,
    FEATURES,
    AuditFeature,
    DrawFeature,
    ExplainFeature,
    GenerateFeature,
    Genre,
    GenreRecord,
    LinkFeature,
    MissingFeature,
)
from puzzlesolve.genres import GENRES

PROTOCOLS = {
    "explain": ExplainFeature,
    "draw": DrawFeature,
    "link": LinkFeature,
    "generate": GenerateFeature,
    "audit": AuditFeature,
}
HITORI = REPO / "instances" / "hitori" / "ai-course-5x5.txt"
PACKAGES = itertools.count()  # a fresh package name per test: imported packages stay imported


def test_every_feature_has_a_protocol():
    assert set(PROTOCOLS) == set(FEATURES)


@pytest.mark.parametrize("name", sorted(GENRES))
def test_every_registered_genre_satisfies_the_contract(name):
    genre = GENRES[name]
    assert isinstance(genre, GenreRecord)
    assert genre.name == name
    for feature, protocol in PROTOCOLS.items():
        if genre.has(feature):
            assert isinstance(genre.feature(feature), protocol), (name, feature)


# features a built-in genre lacks for now; a genre that gains one must leave this table
NOT_YET: dict[str, tuple[str, ...]] = {}


@pytest.mark.parametrize("name", sorted(GENRES))
def test_the_built_in_genres_have_every_feature(name):
    missing = NOT_YET.get(name, ())
    assert [feature for feature in FEATURES if GENRES[name].has(feature)] == [
        feature for feature in FEATURES if feature not in missing
    ]


@pytest.mark.parametrize("name", sorted(GENRES))
def test_grade_tables_name_the_genre(name):
    """The generator's grade tables are shared by a package's genres (Hidato, Numbrix)."""
    generator = GENRES[name].feature("generate")
    assert set(generator.GRADE_LIMITS[name]) == {"easy", "medium"}
    assert generator.GRADE_MAX_CELLS[name] > 0


@pytest.fixture
def plain(tmp_path, monkeypatch) -> Genre:
    """Hitori's record in a package of its own that has no feature module at all, registered
    under the name "plain" for the test."""
    name = f"plainpackage{next(PACKAGES)}"
    package = tmp_path / name
    package.mkdir()
    (package / "__init__.py").write_text('"""A genre package with its record only."""\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    genre = dataclasses.replace(GENRES["hitori"], name="plain", package=name)
    monkeypatch.setitem(GENRES, "plain", genre)
    return genre


@pytest.mark.parametrize(
    ("feature", "reason"),
    [
        ("explain", "cannot be checked, hinted or explained"),
        ("draw", "cannot be drawn"),
        ("link", "have no link form"),
        ("generate", "cannot be generated"),
        ("audit", "have no clues an audit can add or take away"),
    ],
)
def test_a_missing_feature_is_one_clear_error(plain, feature, reason):
    assert not plain.has(feature)
    with pytest.raises(MissingFeature) as missing:
        plain.feature(feature)
    assert str(missing.value) == f"plain puzzles {reason} (its package has no {feature} module)"
    assert (missing.value.genre, missing.value.feature) == ("plain", feature)


def test_an_unknown_feature_is_a_programming_error(plain):
    with pytest.raises(ValueError, match="'drawing' is not a feature"):
        plain.feature("drawing")


def test_a_feature_module_that_fails_to_import_is_not_taken_for_a_missing_one(plain, tmp_path):
    (tmp_path / plain.package / "draw.py").write_text("import no_such_module_anywhere\n")
    importlib.invalidate_caches()
    assert plain.has("draw")
    with pytest.raises(ModuleNotFoundError) as failed:
        plain.feature("draw")
    assert failed.value.name == "no_such_module_anywhere"


def test_the_machinery_says_what_a_genre_lacks(plain):
    assert links.no_link(plain) == "plain puzzles have no link form"
    with pytest.raises(GenerateError) as refused:
        check(plain, 5, 5)
    assert str(refused.value) == (
        "plain puzzles cannot be generated (its package has no generate module)"
    )


@pytest.mark.parametrize(
    ("arguments", "feature"),
    [
        (["draw", "plain", str(HITORI)], "draw"),
        (["check", "plain", str(HITORI), str(HITORI.with_suffix(".sol"))], "explain"),
        (["generate", "plain", "--size", "5x5"], "generate"),
    ],
)
def test_the_command_line_says_what_a_genre_lacks_in_one_line(plain, arguments, feature):
    r = CliRunner().invoke(main, arguments)
    assert r.exit_code == 2, r.output
    assert r.stdout == ""
    reason = f"plain puzzles {FEATURES[feature]} (its package has no {feature} module)"
    assert r.stderr == f"puzzlesolve: {reason}\n"


def test_the_command_line_says_a_genre_has_no_link_form(plain):
    r = CliRunner().invoke(main, ["url", "plain", str(HITORI)])
    assert r.exit_code == 2, r.output
    assert (r.stdout, r.stderr) == ("", "puzzlesolve: plain puzzles have no link form\n")


def test_a_genre_without_features_still_solves(plain):
    r = CliRunner().invoke(main, ["plain", str(HITORI)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    assert r.stdout == CliRunner().invoke(main, ["hitori", str(HITORI)]).stdout


@pytest.mark.parametrize("feature", sorted(FEATURES))
def test_every_optional_name_of_a_feature_is_declared_with_its_default(feature):
    """A Protocol's name is required unless the feature's defaults declare it; every default
    is a name of the Protocol (so that the machinery reads each name plainly)."""
    declared = PROTOCOLS[feature].__annotations__  # names as written: no import needed
    names = set(declared) | {
        name
        for name, value in vars(PROTOCOLS[feature]).items()
        if callable(value) and not name.startswith("_")
    }
    defaults = {name for name in vars(DEFAULTS[feature]) if not name.startswith("_")}
    assert defaults <= names, defaults - names
    for name in defaults:
        assert hasattr(DEFAULTS[feature], name)


def test_a_genre_without_a_feature_module_reads_the_defaults(plain):
    audit = plain.feature_or_defaults("audit")
    assert (audit.ADDS, audit.without, audit.CLUES) == (None, None, ())
    assert audit.cut(None, None, []) == []


def test_a_genre_record_states_only_what_differs():
    """The rules file and the package follow from the name and from where `parse` lives."""
    hitori = GENRES["hitori"]
    assert (hitori.encoding, hitori.package) == ("hitori.lp", "puzzlesolve.genres.hitori")
    assert (GENRES["numbrix"].encoding, GENRES["numbrix"].package) == (
        "hidato.lp",
        "puzzlesolve.genres.hidato",
    )


# The machinery reads a genre's record and its feature modules plainly (their names are
# declared with defaults in genre.py): no getattr/hasattr on them. These are the uses of
# getattr that read something else, each by (module, first argument as written).
NOT_A_GENRE = {
    ("puzzlesolve/__init__.py", "module"),  # the package's public names, imported on first use
    ("puzzlesolve/instance.py", "sys.stdin"),  # a replaced stdin may have no binary buffer
    ("puzzlesolve/lanes.py", "ctl.configuration"),  # clingo's configuration, by section name
    ("puzzlesolve/files.py", "stream"),  # an output stream may have no name
    ("puzzlesolve/instrument.py", "item"),  # clingo's AST nodes, by field name
}


def test_the_machinery_never_probes_a_genre():
    """Machinery is puzzlesolve/ outside genres/ and genre.py (which declares the defaults
    and reads a feature module through them)."""
    package = REPO / "puzzlesolve"
    found = set()
    for path in sorted(package.rglob("*.py")):
        relative = path.relative_to(REPO).as_posix()
        if relative.startswith("puzzlesolve/genres/") or relative == "puzzlesolve/genre.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(), relative)):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("getattr", "hasattr")
            ):
                found.add((relative, ast.unparse(node.args[0])))
    assert found == NOT_A_GENRE


def test_the_recipe_lists_every_contract_name():
    """docs/adding-a-genre.md names every field of the record and every name of every
    feature (with its default where it has one)."""
    recipe = (REPO / "docs" / "adding-a-genre.md").read_text()
    names = {field.name for field in dataclasses.fields(Genre)}
    for protocol in PROTOCOLS.values():
        names |= set(protocol.__annotations__)
        names |= {name for name, value in vars(protocol).items() if callable(value)}
    names = {name for name in names if not name.startswith("_")}
    assert sorted(name for name in names if f"`{name}`" not in recipe) == []


def test_a_record_without_a_core_function_says_which(plain, tmp_path):
    """The record takes the core functions its package defines; one it lacks is named."""
    importlib.import_module(plain.package)
    with pytest.raises(TypeError, match=f"genre plain2: {plain.package} defines no parse"):
        Genre(name="plain2", package=plain.package)

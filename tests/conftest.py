"""Shared helpers: run a rules file on inline facts, find the shared corpus, update goldens."""

from __future__ import annotations

import contextlib
import json
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import clingo
import clingo.ast
import pytest

from puzzlesolve.program import encoding_path, ground

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
CORPUS = SHARED / "corpus"

# The shared corpus beside the repo (../shared) is where the corpus tests find their
# instances. Missing, they fail loudly (a skip would pass unseen where CI runs), unless
# PUZZLESOLVE_NO_CORPUS=1 says to skip them knowingly (a fresh clone without ../shared).
NO_CORPUS = os.environ.get("PUZZLESOLVE_NO_CORPUS") == "1"
without_corpus = pytest.mark.skipif(
    NO_CORPUS, reason="PUZZLESOLVE_NO_CORPUS=1: the shared corpus's tests are skipped on request"
)


def corpus_file(relative: str) -> Path:
    """A file or folder of the shared corpus; missing, a loud failure (see NO_CORPUS)."""
    path = CORPUS / relative
    if not path.exists():
        pytest.fail(
            f"{path} is missing: put the shared corpus at {SHARED}, or set "
            "PUZZLESOLVE_NO_CORPUS=1 to skip the tests that need it"
        )
    return path


# a Numberlink pair in opposite corners of an open 10x10 board: astronomically many solutions
# (every simple path between the corners), so no search of them all ever ends
OPEN_BOARD = "1" + " -" * 9 + "\n" + ("-" + " -" * 9 + "\n") * 8 + "-" + " -" * 8 + " 1\n"

# the same pair on an open 16x16 board has no solution under --fill (a line through every
# cell joins cells of different colours of the chessboard; these corners have the same one),
# which the solver takes far longer than a test may to prove (10x10: about a second)
PARITY_BOARD = "1" + " -" * 15 + "\n" + ("-" + " -" * 15 + "\n") * 14 + "-" + " -" * 14 + " 1\n"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite instances/*/*.sol from the solver's answers",
    )
    parser.addoption(
        "--update-docs",
        action="store_true",
        help="write the actual outputs of README's console examples into it (tests/test_docs.py)",
    )


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return request.config.getoption("--update-golden")


# Mutation testing (tests/mutation.py) runs the encoding tests against a changed copy of one
# rules file: PUZZLESOLVE_MUTANT=NAME.lp=PATH. With PUZZLESOLVE_MUTANT_SAME_MODELS=1 (a rule
# marked redundant removed) every model set must also equal the unchanged file's.
MUTANT = "PUZZLESOLVE_MUTANT"
SAME_MODELS = "PUZZLESOLVE_MUTANT_SAME_MODELS"


def _mutated(encoding: str) -> Path | None:
    name, _, path = os.environ.get(MUTANT, "").partition("=")
    return Path(path) if name == encoding else None


def _control(
    encoding: str,
    facts: str,
    extra: str,
    constants: dict[str, int],
    messages: list,
    rules: Path | None = None,
    techniques: bool = True,
):
    path = rules or _mutated(encoding) or encoding_path(encoding)
    select = None if techniques else _statements(path, lambda _tags, technique: technique is None)
    return ground(
        None,
        facts + "\n" + extra,
        encoding=path,
        constants=constants,
        arguments=["--models=0"],
        select=select,
        messages=messages,
    ).ctl


def _statements(path: Path, keep):
    """Which statements of a rules file `keep(rule_tags, technique)` accepts: the rules a
    statement is tagged with (None: untagged, (): redundant) and its technique's number
    (None: none)."""
    from puzzlesolve.rulebook import read_rulebook

    rulebook = read_rulebook(path)

    def select(statement: clingo.ast.AST) -> bool:
        line = rulebook.line(statement.location)
        return keep(rulebook.tags.get(line), rulebook.technique_tags.get(line))

    return select


def all_models(encoding: str, facts: str, extra: str = "", **constants: int) -> set[frozenset[str]]:
    """Every answer set of a built-in rules file on inline facts, as sets of shown atoms.

    `extra` adds rules, typically constraints that pin a violation; keyword arguments set
    ``#const`` values (e.g. ``fill=1``). The technique statements are left out: implied by
    the rules (tests/test_techniques.py), they would only hide a rule's loss from these
    tests; `technique_models` tests them.
    """
    models = _models(_control(encoding, facts, extra, constants, [], techniques=False))
    if _mutated(encoding) and os.environ.get(SAME_MODELS):
        unchanged = _control(
            encoding, facts, extra, constants, [], encoding_path(encoding), techniques=False
        )
        assert models == _models(unchanged), "a rule marked redundant changes the models"
    return models


def library_models(encoding: str, facts: str, extra: str = "") -> set[frozenset[str]]:
    """Every answer set of a shared library (sight.lp) on inline facts: a library numbers no
    rule and has no technique to leave out, so it is solved whole (the mutant, if any)."""
    return _models(_control(encoding, facts, extra, {}, []))


def _models(ctl: clingo.Control) -> set[frozenset[str]]:
    models: set[frozenset[str]] = set()
    count = 0
    with ctl.solve(yield_=True) as handle:
        for model in handle:
            models.add(frozenset(str(s) for s in model.symbols(shown=True)))
            count += 1
    assert count == len(models), "two answer sets show the same atoms: counts would be wrong"
    return models


def technique_models(
    encoding: str, facts: str, technique: int, extra: str = "", **constants: int
) -> set[frozenset[str]]:
    """Every answer set of a built-in rules file's definitions and one technique's statements
    alone (no numbered rule, no redundant statement, no other technique): what the technique
    forces by itself, as sets of shown atoms."""
    path = _mutated(encoding) or encoding_path(encoding)
    select = _statements(path, lambda tags, k: tags is None and k in (None, technique))
    ctl = ground(
        None,
        facts + "\n" + extra,
        encoding=path,
        constants=constants,
        arguments=["--models=0"],
        select=select,
    ).ctl
    return _models(ctl)


def ground_atoms(encoding: str, facts: str, predicates: list[str], **constants: int) -> set[str]:
    """The ground atoms of `predicates` ("name/arity") that a built-in rules file derives from
    inline facts: for the Domain section, whose atoms are the same in every model."""
    ctl = _control(encoding, facts, "", constants, [])
    return {
        str(atom.symbol)
        for predicate in predicates
        for atom in ctl.symbolic_atoms.by_signature(
            predicate.split("/")[0], int(predicate.split("/")[1])
        )
    }


def grounder_messages(encoding: str, facts: str, **constants: int) -> list[str]:
    """clingo's warnings while grounding a built-in rules file on inline facts."""
    messages: list[str] = []
    _control(encoding, facts, "", constants, messages)
    return messages


def grounder_atoms(encoding: str, facts: str, **constants: int) -> set[str]:
    """The atoms a built-in rules file grounds on inline facts (before any solving)."""
    ctl = _control(encoding, facts, "", constants, [])
    return {str(atom.symbol) for atom in ctl.symbolic_atoms}


def by_name(function):
    """`function` of the machinery (which takes a `Genre`) called with a genre's name instead,
    resolved here as the edges resolve it (the command line, the library's top level)."""
    from puzzlesolve.registry import get_genre

    return lambda genre, *args, **options: function(get_genre(genre), *args, **options)


LIBRARIES = ("loop.lp", "connected.lp", "sight.lp")
"""The shared rules libraries a built-in rules file may include."""
DEFINITIONS_ONLY = {"connected.lp", "sight.lp"}
"""Shared libraries that define what a rule needs and hold no numbered rule of their own."""


def rules_copy(folder: Path, text: str, name: str = "mine.lp") -> Path:
    """A rules file of one's own, written into `folder` with the shared libraries it includes
    beside it (as a user who copies a built-in rules file copies them)."""
    for library in LIBRARIES:
        if f'#include "{library}".' in text:
            (folder / library).write_text(encoding_path(library).read_text())
    path = folder / name
    path.write_text(text)
    return path


def answer_file(folder: Path, text: str) -> Path:
    """`text` written as ``answer.txt`` in `folder` (an instance or answer a test reads)."""
    path = folder / "answer.txt"
    path.write_text(text)
    return path


def corpus_entries(genre: str, max_cells: int, manifest_name: str = "manifest.json") -> list[dict]:
    """Manifest entries of one genre up to `max_cells` cells (none under PUZZLESOLVE_NO_CORPUS=1;
    ../shared missing otherwise: FileNotFoundError, at collection); the later genres' boards
    are in manifest-wave5.json and manifest-regions5.json."""
    manifest = CORPUS / manifest_name
    if NO_CORPUS:
        return []
    if not manifest.is_file():  # a collection error: loud, where a skip would pass unseen
        raise FileNotFoundError(
            f"{manifest} is missing: put the shared corpus at {SHARED}, or set "
            "PUZZLESOLVE_NO_CORPUS=1 to skip the tests that need it"
        )
    return [
        e
        for e in json.loads(manifest.read_text())
        if e["genre"] == genre and e["rows"] * e["cols"] <= max_cells
    ]


@contextlib.contextmanager
def ctrl_c_as_in_a_terminal() -> Iterator[None]:
    """Start children within this block with Ctrl-C's usual meaning: a test run started in the
    background (`cmd &` without job control) ignores SIGINT, and children inherit that (a
    handler, unlike an ignored signal, does not outlive exec)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


# --- the page's server, through Starlette's test client (tests/test_serve_*api.py) ---------

SERVE_BASE = "http://127.0.0.1:8765"
"""The address the test client gives its requests (the server checks origins against it)."""


@pytest.fixture(scope="module")
def app():
    """A server (`puzzlesolve serve`'s app), one per test module; workers start on demand."""
    from puzzlesolve.serve.app import create_app

    return create_app("127.0.0.1", 8765, warm=False)


@pytest.fixture(scope="module")
def client(app):
    from starlette.testclient import TestClient

    with TestClient(app, base_url=SERVE_BASE) as client:
        yield client


def post(client, task: str, body: dict, status: int = 200) -> dict:
    """POST /api/TASK with a JSON body; its JSON answer, after checking the HTTP status."""
    response = client.post(f"/api/{task}", json=body)
    assert response.status_code == status, response.text
    return response.json()

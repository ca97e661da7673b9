"""Shared helpers: run a rules file on inline facts, find the shared corpus, update goldens."""

from __future__ import annotations

import json
from pathlib import Path

import clingo
import pytest

from puzzlesolve.solver import encoding_path

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
CORPUS = SHARED / "corpus"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true",
                     help="rewrite instances/*/*.sol from the solver's answers")


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return request.config.getoption("--update-golden")


def _control(encoding: str, facts: str, extra: str, constants: dict[str, int], messages: list):
    arguments = ["--models=0"] + [f"--const={k}={v}" for k, v in constants.items()]
    ctl = clingo.Control(arguments, logger=lambda _code, text: messages.append(text))
    ctl.load(str(encoding_path(encoding)))
    ctl.add("base", [], facts + "\n" + extra)
    ctl.ground([("base", [])])
    return ctl


def all_models(encoding: str, facts: str, extra: str = "", **constants: int) -> set[frozenset[str]]:
    """Every answer set of a built-in rules file on inline facts, as sets of shown atoms.

    `extra` adds rules, typically constraints that pin a violation; keyword arguments set
    ``#const`` values (e.g. ``fill=1``).
    """
    ctl = _control(encoding, facts, extra, constants, [])
    models: set[frozenset[str]] = set()
    count = 0
    with ctl.solve(yield_=True) as handle:
        for model in handle:
            models.add(frozenset(str(s) for s in model.symbols(shown=True)))
            count += 1
    assert count == len(models), "two answer sets show the same atoms: counts would be wrong"
    return models


def grounder_messages(encoding: str, facts: str, **constants: int) -> list[str]:
    """clingo's warnings while grounding a built-in rules file on inline facts."""
    messages: list[str] = []
    _control(encoding, facts, "", constants, messages)
    return messages


def grounder_atoms(encoding: str, facts: str, **constants: int) -> set[str]:
    """The atoms a built-in rules file grounds on inline facts (before any solving)."""
    ctl = _control(encoding, facts, "", constants, [])
    return {str(atom.symbol) for atom in ctl.symbolic_atoms}


def corpus_entries(genre: str, max_cells: int) -> list[dict]:
    """Manifest entries of one genre up to `max_cells` cells (empty when ../shared is missing)."""
    manifest = CORPUS / "manifest.json"
    if not manifest.is_file():
        return []
    return [e for e in json.loads(manifest.read_text())
            if e["genre"] == genre and e["rows"] * e["cols"] <= max_cells]

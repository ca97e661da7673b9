"""The shared corpus: every answer checked by the independent verifier, every flag compared.

Fails when ../shared is missing (PUZZLESOLVE_NO_CORPUS=1 skips it knowingly). Instances up to 400 cells, as in the issues' checks.
"""

from __future__ import annotations

import importlib.util
import json

import pytest
from conftest import CORPUS, NO_CORPUS, SHARED, corpus_entries, without_corpus

from puzzlesolve import load, solve
from puzzlesolve.genres import GENRES

pytestmark = pytest.mark.slow  # many corpus instances: run in CI, skipped with -m 'not slow'

MAX_CELLS = 400
TIMEOUT_S = 600  # a margin for loaded machines: the slowest here (numberlink janko_256)
# takes 10 s of CPU, 75 s of wall clock on a machine loaded by other work


def _verifier():
    if NO_CORPUS:
        return None
    if not (SHARED / "tools" / "verify.py").is_file():  # loud, as a missing corpus is
        raise FileNotFoundError(f"{SHARED / 'tools' / 'verify.py'} is missing (see conftest)")
    spec = importlib.util.spec_from_file_location("verify", SHARED / "tools" / "verify.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


VERIFY = _verifier()
ENTRIES = [e for genre in sorted(GENRES) for e in corpus_entries(genre, MAX_CELLS)]


@without_corpus
@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e["path"])
def test_corpus_instance(entry: dict) -> None:
    genre, path = entry["genre"], CORPUS / entry["path"]
    fill = entry.get("variant") == "fill"
    # where nobody knows whether the puzzle is unique, only the answer can be checked
    models = 1 if entry.get("unique") is None and entry.get("solvable") is not False else 2
    result = solve(
        genre,
        load(genre, path),
        models=models,
        timeout=TIMEOUT_S,
        switches=["fill"] if fill else [],
    )
    document = json.loads(json.dumps(result.to_json()))
    assert VERIFY.check(genre, VERIFY.read_grid(str(path)), document, fill) == []
    if entry.get("solvable") is False:
        assert result.status == "unsolvable"
    elif entry.get("unique") is True:
        assert result.status == "unique"
    elif entry.get("unique") is False:
        assert result.status == "multiple"
    else:
        assert result.status in ("unique", "multiple", "solved")
    published = entry.get("solution")
    if published and result.status == "unique":
        ours = tokens(result.genre.render(result.puzzle, result.solutions[0]))
        theirs = tokens((CORPUS / published).read_text())
        if genre == "numberlink":  # labels may be renamed: compare the cells of each line
            ours, theirs = partition(ours), partition(theirs)
        assert ours == theirs


def tokens(grid_text: str) -> list[list[str]]:
    return [line.split() for line in grid_text.splitlines() if line.strip()]


def partition(grid: list[list[str]]) -> list[list[tuple[int, int]]]:
    cells: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(grid):
        for c, label in enumerate(row):
            if label != "-":
                cells.setdefault(label, []).append((r, c))
    return sorted(cells.values())

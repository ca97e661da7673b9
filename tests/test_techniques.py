"""Every technique of every rules file is implied by the numbered rules: with and without the
technique statements a puzzle has exactly the same solutions, on every corpus puzzle up to 100
cells (Numberlink 81) and on every genre's declared examples up to 100 cells, under the
genre's switches and explanation constants. Each genre's random small boards (many of them with several solutions
or none), and a technique that does not follow from the rules failing the comparison, are in
tests/genres/<genre>/test_techniques.py.

What each technique forces by itself is tested with the encoding tests
(tests/genres/<genre>/test_rules.py, `technique_models`).
"""

from __future__ import annotations

import pytest
from conftest import CORPUS, REPO, corpus_entries, without_corpus
from techniques import assert_implied

from puzzlesolve import load
from puzzlesolve.genre import Example, Genre
from puzzlesolve.genres import GENRES
from puzzlesolve.program import encoding_path

MAX_CELLS = 100
# Nikoli-rules Numberlink boards of 10x10 have more than techniques.CAP solutions under every
# setting (lines may wander): their comparison is of counts only, at 2-5 s CPU each (63
# boards: a third of the suite's time), while tests/genres/numberlink/test_techniques.py
# compares every solution of random small boards
MAX_CELLS_OF = {"numberlink": 81}


def facts_of(genre: Genre, puzzle) -> str:
    return "\n".join(genre.facts(puzzle))


def constants_of(genre: Genre, switches: tuple[str, ...]) -> list[dict[str, int]]:
    """The #const settings a genre is solved with under `switches`, then with each other
    switch set as well, and with the constants explanations use."""
    base = dict(genre.constants) | dict.fromkeys(switches, 1)
    settings = [base] + [base | {s: 1} for s in genre.switches if s not in switches]
    return settings + ([base | genre.explain_constants] if genre.explain_constants else [])


# --- the corpus ------------------------------------------------------------------------------

ENTRIES = [
    e for genre in sorted(GENRES) for e in corpus_entries(genre, MAX_CELLS_OF.get(genre, MAX_CELLS))
]


@pytest.mark.slow
@without_corpus
@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e["path"])
def test_techniques_keep_the_solutions_of_every_small_corpus_puzzle(entry):
    genre = GENRES[entry["genre"]]
    facts = facts_of(genre, load(genre.name, CORPUS / entry["path"]))
    switches = tuple(s for s in genre.switches if s == entry.get("variant"))
    for constants in constants_of(genre, switches):
        assert_implied(
            encoding_path(genre.encoding), facts, constants, f"{entry['path']} {constants}"
        )


# --- the examples ----------------------------------------------------------------------------


def cells(genre: Genre, example: Example) -> int:
    puzzle = load(genre.name, REPO / example.path)
    return puzzle.rows * puzzle.cols


EXAMPLES = [
    (genre, example)
    for genre in GENRES.values()
    for example in genre.examples
    if cells(genre, example) <= MAX_CELLS
]


@pytest.mark.parametrize(
    ("genre", "example"), EXAMPLES, ids=[f"{g.name}/{e.name}" for g, e in EXAMPLES]
)
def test_techniques_keep_the_solutions_of_every_small_example(genre, example):
    facts = facts_of(genre, load(genre.name, REPO / example.path))
    for constants in constants_of(genre, example.switches):
        assert_implied(
            encoding_path(genre.encoding), facts, constants, f"{example.path} {constants}"
        )

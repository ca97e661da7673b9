"""Every example a genre declares (`Genre.examples`) solves to its declared status and to its
solution file, and every bundled instance is some genre's example.

An instance's header agrees with its declaration: ``% expect: multiple`` or
``% expect: unsolvable`` when the status is not `unique`, ``% options: fill`` for its genre
switches. The `.sol` file beside it holds the solution grid; for `multiple`, every
solution, sorted, separated by blank lines; an unsolvable instance has none.
Run ``pytest --update-golden`` to rewrite the `.sol` files, then review the diff.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import REPO

from puzzlesolve import load, solve
from puzzlesolve.genre import Example
from puzzlesolve.genres import GENRES

CASES = [(name, example) for name, genre in GENRES.items() for example in genre.examples]


def header(path: Path, key: str, default: str) -> str:
    found = re.search(rf"^%\s*{key}:\s*(.+)$", path.read_text(), re.MULTILINE)
    return found.group(1).strip() if found else default


@pytest.mark.parametrize(("genre", "example"), CASES, ids=[f"{g}/{e.name}" for g, e in CASES])
def test_example_matches_its_declaration_and_solution_file(
    genre: str, example: Example, update_golden: bool
) -> None:
    path = REPO / example.path
    assert header(path, "expect", "unique") == example.status
    switches = [word for word in header(path, "options", "").split() if "=" not in word]
    assert tuple(switches) == example.switches  # NAME=N: a number the genre's parse reads
    result = solve(
        genre,
        load(genre, path),
        models=0 if example.status == "multiple" else 2,
        switches=example.switches,
    )
    assert result.status == example.status
    rendered = "\n".join(sorted(result.genre.render(result.puzzle, s) for s in result.solutions))
    if update_golden:
        if rendered:
            path.with_suffix(".sol").write_text(rendered)
        return
    if example.solution is None:
        assert not path.with_suffix(".sol").exists()
    else:
        assert rendered == (REPO / example.solution).read_text()


@pytest.mark.parametrize("genre", sorted(GENRES))
def test_every_genre_has_a_typical_example(genre: str) -> None:
    typical = GENRES[genre].examples[0]
    assert (typical.status, typical.switches) == ("unique", ())
    assert typical.path.startswith(f"instances/{genre}/")


def test_every_bundled_instance_is_an_example() -> None:
    declared = {example.path for _genre, example in CASES}
    bundled = {str(path.relative_to(REPO)) for path in REPO.glob("instances/*/*.txt")}
    assert bundled == declared

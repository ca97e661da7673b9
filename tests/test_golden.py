"""Every bundled instance solves to its expected status and solution file.

An instance's status must be `unique` unless a header line says otherwise
(``% expect: multiple`` or ``% expect: unsolvable``); ``% options: fill`` sets genre
switches. The `.sol` file beside it holds the solution grid; for `multiple`, every
solution, sorted, separated by blank lines; an unsolvable instance has none.
Run ``pytest --update-golden`` to rewrite the `.sol` files, then review the diff.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from puzzlesolve import load, solve
from puzzlesolve.genres import GENRES

INSTANCES = Path(__file__).resolve().parent.parent / "instances"
CASES = sorted(INSTANCES.glob("*/*.txt"))


def header(path: Path, key: str, default: str) -> str:
    found = re.search(rf"^%\s*{key}:\s*(.+)$", path.read_text(), re.MULTILINE)
    return found.group(1).strip() if found else default


@pytest.mark.parametrize("path", CASES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_instance_matches_its_solution_file(path: Path, update_golden: bool) -> None:
    genre = path.parent.name
    expect = header(path, "expect", "unique")
    switches = header(path, "options", "").split()
    result = solve(genre, load(genre, path), models=0 if expect == "multiple" else 2,
                   switches=switches)
    assert result.status == expect
    solution_file = path.with_suffix(".sol")
    rendered = "\n".join(sorted(result.genre.render(result.puzzle, s) for s in result.solutions))
    if update_golden:
        if rendered:
            solution_file.write_text(rendered)
        return
    if expect == "unsolvable":
        assert not solution_file.exists()
    else:
        assert rendered == solution_file.read_text()


@pytest.mark.parametrize("genre", sorted(GENRES))
def test_every_genre_has_instances(genre: str) -> None:
    assert list((INSTANCES / genre).glob("*.txt"))

"""A conflict flagged minimal is minimal as it reads (issue 44 item 5): no mark of it can be
left out while the rules it names (every instance of them) and the clues it cites still
forbid the rest. It was minimal over the rules' ground instances only, where another instance
of the same rule could take a dropped mark's part: on nurikabe generated-10x10 with r1c2 and
r2c3 shaded and r1c3 unshaded, {r1c2, r1c3, r2c2, r3c1} was flagged minimal while {r1c3, r2c2,
r3c1} cannot hold either under the same rules and clue."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from puzzlesolve.explain import check
from puzzlesolve.explain.session import Session
from puzzlesolve.instance import load, load_answer
from puzzlesolve.registry import get_genre

REPO = Path(__file__).resolve().parent.parent
NURIKABE = REPO / "instances" / "nurikabe" / "generated-10x10.txt"


def answer_text(marks: dict[tuple[int, int], str]) -> str:
    """An answer to NURIKABE: its numbers, the `marks` given, '?' elsewhere."""
    rows = [
        line.split()
        for line in NURIKABE.read_text().splitlines()
        if line.strip() and not line.startswith("%")
    ]
    return "\n".join(
        " ".join(
            marks.get((r, c), token if token not in ".-" else "?") for c, token in enumerate(row)
        )
        for r, row in enumerate(rows)
    ) + "\n"  # fmt: skip


def conflicts_and_session(tmp_path: Path, marks: dict[tuple[int, int], str]):
    genre = get_genre("nurikabe")
    puzzle = load(genre, NURIKABE)
    path = tmp_path / "answer.txt"
    path.write_text(answer_text(marks))
    answer = load_answer(genre, puzzle, path)
    result = check(genre, puzzle, answer)
    return result, Session(genre, puzzle, answer, None, [], None, False)


def no_mark_can_go(session: Session, conflict) -> bool:
    """Whether every mark of `conflict` is needed: without it, the rest of its marks, every
    instance of its rules and its clues have a solution."""
    marks = [item for item in session.marks if (item.cells[0], item.value) in conflict.cells]
    assert len(marks) == len(conflict.cells)
    clues = [item for item in session.clues if set(item.cells) & set(conflict.clues)]
    guards = [item for item in session.guards if item.rule in conflict.rules]
    for mark in marks:
        rest = [item.literal for item in (*marks, *clues, *guards) if item is not mark]
        found, _ = session.program.solve(rest, None)
        if found is False:
            return False
    return True


def test_the_reported_conflict_keeps_no_mark_it_does_not_need(tmp_path):
    marks = {(0, 1): "#", (1, 2): "#", (0, 2): "."}
    result, session = conflicts_and_session(tmp_path, marks)
    assert result.verdict == "invalid"
    first = result.conflicts[0]
    assert first.cells == [((0, 2), "unshaded"), ((1, 1), "unshaded"), ((2, 0), "unshaded")]
    assert first.minimal
    assert no_mark_can_go(session, first)
    session.close()


@pytest.mark.parametrize("seed", range(6))
def test_conflicts_flagged_minimal_on_random_wrong_answers_are(tmp_path, seed):
    solution = [
        line.split()
        for line in (REPO / "instances/nurikabe/generated-10x10.sol").read_text().splitlines()
        if line.strip() and not line.startswith("%")
    ]
    chance = random.Random(seed)
    cells = [(r, c) for r in range(10) for c in range(10) if not solution[r][c].isdigit()]
    shown = chance.sample(cells, 12)  # a few marks, some of them wrong
    flipped = set(chance.sample(shown, 3))
    marks = {
        (r, c): ("." if solution[r][c] == "#" else "#")
        if (r, c) in flipped
        else ("#" if solution[r][c] == "#" else ".")
        for r, c in shown
    }
    result, session = conflicts_and_session(tmp_path, marks)
    assert result.verdict == "invalid"
    for conflict in result.conflicts:
        if conflict.minimal:
            assert no_mark_can_go(session, conflict), conflict.text
    session.close()

"""encodings/sudoku.techniques.lp: every conclusion its rounds draw on the way through
corpus boards of every Solo level follows from the numbered rules of sudoku.lp (with the
digits placed and the marks erased so far), and every technique fires on the way."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from conftest import CORPUS

from puzzlesolve import get_genre, load, parse
from puzzlesolve.explain import forward
from puzzlesolve.explain.rounds import State
from puzzlesolve.explain.truth import solve_truth
from puzzlesolve.program import encoding_path, ground

# one board of each level (the second of each and a 12x12 Advanced board took three times as
# long and fired no technique these do not)
BOARDS = [f"sudoku/tatham/sgt_3x3_d{level}_1.txt" for level in "tbiaeu"]
BOARDS += ["sudoku/tatham/sgt_2x3_de_1.txt"]
# Solo Extreme boards (sgt-solo --generate 1 '3x3de#fish-1', '#fish-10') where an x-wing and
# a swordfish are the easiest steps somewhere on the way
BOARDS += [
    "3x3:d5c3_8d7_5e6c1_4a2c1a9c8c7c1a3c8a7_4c5e1_4d8_9c1d",
    "3x3:d7a4b6_3c1a8b2e3_7_2b9a8_6_1k8_1_3a6b9_1_6e7b9a1c6_4b8a6d",
]
PROOFS_PER_TECHNIQUE = 4  # a board: each proof is a solver call


def proven(genre, puzzle, state: State, engine, conclusion) -> bool:
    """The rules, the digits known, the marks erased and the conclusion negated: no answer."""
    lines = list(genre.facts(puzzle))
    for site, value in state.known.items():
        lines.append(f":- not digit({site.cells[0][0]},{site.cells[0][1]},{value}).")
    for site, value in state.struck:
        lines.append(f":- digit({site.cells[0][0]},{site.cells[0][1]},{value}).")
    (r, c), value = conclusion.site.cells[0], conclusion.value
    lines.append(f":- {'' if conclusion.decided else 'not '}digit({r},{c},{value}).")
    return ground(genre, "\n".join(lines)).ctl.solve().unsatisfiable


def walk(path: str):
    """Every round of a forward run that applies all of each round's conclusions, with the
    state it saw."""
    genre = get_genre("sudoku")
    puzzle = parse(genre, path) if ":" in path else load(genre, CORPUS / path)
    truth = solve_truth(genre, puzzle, (), None)
    engine = forward.Engine.start(genre, puzzle, (), truth)
    while True:
        state = engine.state()
        outcome = engine.file.run(state)
        assert not outcome.contradictions, outcome.contradictions
        fresh = engine.fresh(outcome)
        assert not engine.bugs, engine.bugs
        yield genre, puzzle, state, engine, fresh
        if not fresh:
            return
        engine.apply(fresh)


FIRED: Counter[str] = Counter()


@pytest.mark.parametrize("path", BOARDS)
def test_every_conclusion_on_the_way_is_implied_by_the_rules(path):
    proofs: Counter[str] = Counter()
    for genre, puzzle, state, engine, fresh in walk(path):
        for conclusion in fresh:
            FIRED[conclusion.technique] += 1
            if proofs[conclusion.technique] < PROOFS_PER_TECHNIQUE:
                proofs[conclusion.technique] += 1
                assert proven(genre, puzzle, state, engine, conclusion), (path, conclusion)


def test_every_technique_fires_on_the_way():
    if len(FIRED) < 13:  # run alone: walk the boards here
        for path in BOARDS:
            for *_, fresh in walk(path):
                FIRED.update(c.technique for c in fresh)
    assert set(FIRED) == set(forward_file_techniques())


def forward_file_techniques() -> list[str]:
    text = encoding_path("sudoku.techniques.lp").read_text()
    return re.findall(r"^technique\((\w+),", text, re.MULTILINE)

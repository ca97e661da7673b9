"""Every technique of every rules file is implied by the numbered rules: with and without the
technique statements a puzzle has exactly the same solutions, on every corpus puzzle up to 100
cells and on random small boards (many of them with several solutions or none); a technique
that does not follow from the rules fails the same comparison.

What each technique forces by itself is tested with the encoding tests
(tests/genres/<genre>/test_rules.py, `technique_models`).
"""

from __future__ import annotations

import random
from pathlib import Path

import clingo
import clingo.ast
import pytest
from conftest import CORPUS, corpus_entries

from puzzlesolve import load
from puzzlesolve.instance import get_genre
from puzzlesolve.rulebook import read_rulebook
from puzzlesolve.solver import encoding_path

MAX_CELLS = 100
CAP = 500  # solutions counted at most, per puzzle (some Nikoli Numberlinks have millions)


def solution_sets(
    rules: Path, facts: str, constants: dict[str, int], techniques: bool
) -> tuple[frozenset[str], ...]:
    """The solutions (shown atoms) of a rules file on facts, at most CAP of them, sorted; with
    or without its technique statements."""
    rulebook = read_rulebook(rules)
    arguments = [f"--models={CAP}"] + [f"--const={k}={v}" for k, v in constants.items()]
    ctl = clingo.Control(arguments, logger=lambda _code, _text: None)

    def keep(statement: clingo.ast.AST) -> None:
        if techniques or statement.location.begin.line not in rulebook.technique_tags:
            builder.add(statement)

    with clingo.ast.ProgramBuilder(ctl) as builder:
        clingo.ast.parse_files([str(rules)], keep)
    ctl.add("base", [], facts)
    ctl.ground([("base", [])])
    found: list[frozenset[str]] = []
    ctl.solve(on_model=lambda m: found.append(frozenset(map(str, m.symbols(shown=True)))))
    return tuple(sorted(found, key=sorted))


def assert_implied(rules: Path, facts: str, constants: dict[str, int], where: str) -> None:
    without = solution_sets(rules, facts, constants, techniques=False)
    if len(without) == CAP:  # the first CAP solutions depend on the search: compare counts
        assert len(solution_sets(rules, facts, constants, techniques=True)) == CAP, where
    else:
        assert solution_sets(rules, facts, constants, techniques=True) == without, where


def facts_of(genre: str, puzzle) -> str:
    return "\n".join(get_genre(genre).facts(puzzle))


# --- the corpus ------------------------------------------------------------------------------

GENRE_RULES = {
    "hitori": "hitori.lp",
    "hidato": "hidato.lp",
    "numbrix": "hidato.lp",
    "numberlink": "numberlink.lp",
}
ENTRIES = [e for genre in sorted(GENRE_RULES) for e in corpus_entries(genre, MAX_CELLS)]


def constants_of(genre: str, variant: str | None) -> list[dict[str, int]]:
    """The #const settings a genre is solved with, and those explanations use."""
    base = dict(get_genre(genre).constants)
    if genre == "numberlink":
        fill = {"fill": 1} if variant == "fill" else {}
        return [base | fill, base | fill | {"prune": 0}, base | fill | {"no_self_touch": 1}]
    if genre in ("hidato", "numbrix"):
        return [base, base | {"prune": 0}]
    return [base]


@pytest.mark.slow
@pytest.mark.skipif(not ENTRIES, reason="../shared/corpus is not beside the repo")
@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e["path"])
def test_techniques_keep_the_solutions_of_every_small_corpus_puzzle(entry):
    genre = entry["genre"]
    facts = facts_of(genre, load(genre, CORPUS / entry["path"]))
    for constants in constants_of(genre, entry.get("variant")):
        assert_implied(
            encoding_path(GENRE_RULES[genre]), facts, constants, f"{entry['path']} {constants}"
        )


# --- random boards ---------------------------------------------------------------------------


def random_hitori(rng: random.Random) -> str:
    """Half of the boards random numbers (mostly no solution), half made from a shading that
    keeps the rules, so that they have solutions: white cells numbered by a Latin square,
    each shaded cell given the number of a white cell in its row or column."""
    rows, cols = rng.randint(1, 6), rng.randint(1, 6)
    if rng.random() < 0.5:
        top = rng.randint(1, max(rows, cols))
        return "\n".join(
            f"number({r},{c},{rng.randint(1, top)})." for r in range(rows) for c in range(cols)
        )
    shaded: set[tuple[int, int]] = set()
    for _ in range(rows * cols // 3):
        cell = (rng.randrange(rows), rng.randrange(cols))
        touching = {(cell[0] + dr, cell[1] + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))}
        if not touching & shaded and _connected(rows, cols, shaded | {cell}):
            shaded.add(cell)
    size = max(rows, cols)
    shift = rng.randrange(size)
    numbers = {(r, c): 1 + (r + c + shift) % size for r in range(rows) for c in range(cols)}
    for r, c in shaded:
        whites = [(r, x) for x in range(cols) if (r, x) not in shaded] + [
            (y, c) for y in range(rows) if (y, c) not in shaded
        ]
        numbers[r, c] = numbers[rng.choice(whites)]
    return "\n".join(f"number({r},{c},{n})." for (r, c), n in sorted(numbers.items()))


def _connected(rows: int, cols: int, shaded: set[tuple[int, int]]) -> bool:
    whites = {(r, c) for r in range(rows) for c in range(cols)} - shaded
    todo, seen = [min(whites)], {min(whites)}
    while todo:
        r, c = todo.pop()
        for near in ((r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c)):
            if near in whites and near not in seen:
                seen.add(near)
                todo.append(near)
    return seen == whites


def random_hidato(rng: random.Random) -> str:
    """A board with voids; its givens are mostly taken from a random Numbrix path over it
    (found by clingo with a random seed), so many boards have solutions, often several."""
    rows, cols = rng.randint(1, 4), rng.randint(1, 5)
    cells = [(r, c) for r in range(rows) for c in range(cols) if rng.random() > 0.15]
    board = "".join(f"cell({r},{c})." for r, c in cells)
    path: dict[tuple[int, int], int] = {}
    ctl = clingo.Control(
        ["--const=king=0", "--rand-freq=1", f"--seed={rng.randrange(1 << 16)}"],
        logger=lambda _code, _text: None,
    )
    ctl.load(str(encoding_path("hidato.lp")))
    ctl.add("base", [], board)
    ctl.ground([("base", [])])
    ctl.solve(
        on_model=lambda m: path.update(
            {
                (s.arguments[0].number, s.arguments[1].number): s.arguments[2].number
                for s in m.symbols(shown=True)
            }
        )
    )
    if not path:  # no path over this board: numbers at random
        numbers = list(range(1, len(cells) + 1))
        rng.shuffle(numbers)
        path = dict(zip(cells, numbers))
    share = rng.choice((0.2, 0.4))
    return board + "".join(
        f"given({r},{c},{n})." for (r, c), n in path.items() if rng.random() < share
    )


def random_numberlink(rng: random.Random) -> str:
    rows, cols = rng.randint(2, 4), rng.randint(2, 4)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    ends = rng.sample(cells, 2 * rng.randint(1, min(3, len(cells) // 2)))
    facts = [f"cell({r},{c})." for r, c in cells]
    facts += [f"endpoint({r},{c},{1 + i // 2})." for i, (r, c) in enumerate(ends)]
    return "\n".join(facts)


RANDOM = [
    ("hitori.lp", random_hitori, [{}]),
    ("hidato.lp", random_hidato, [{"king": k, "prune": p} for k in (0, 1) for p in (0, 1)]),
    (
        "numberlink.lp",
        random_numberlink,
        [
            {"fill": f, "no_self_touch": t, "prune": p}
            for f in (0, 1)
            for t in (0, 1)
            for p in (0, 1)
        ],
    ),
]


@pytest.mark.parametrize(("rules", "board", "settings"), RANDOM, ids=[r[0] for r in RANDOM])
def test_techniques_keep_the_solutions_of_random_small_boards(rules, board, settings):
    rng = random.Random(20)
    for trial in range(60):
        facts = board(rng)
        for constants in settings:
            assert_implied(encoding_path(rules), facts, constants, f"{facts}\n{constants}")


# --- a wrong technique is caught -------------------------------------------------------------

WRONG = """\
%   T9. never in a corner: a corner cell stays unshaded.
"""


def test_a_technique_that_does_not_follow_from_the_rules_fails_the_comparison(tmp_path):
    text = encoding_path("hitori.lp").read_text()
    header_end = text.index("% Input:")
    wrong = (
        text[:header_end]
        + WRONG
        + text[header_end:].replace(
            "%## Display",
            "% technique T9\n:- shaded(0,0).\n\n%## Display",
        )
    )
    rules = tmp_path / "wrong.lp"
    rules.write_text(wrong)
    assert read_rulebook(rules).techniques[9].name == "never in a corner"
    facts = "number(0,0,1). number(0,1,1). number(1,0,2). number(1,1,3)."  # (0,0) or (0,1)
    assert len(solution_sets(rules, facts, {}, techniques=False)) == 2
    with pytest.raises(AssertionError):
        assert_implied(rules, facts, {}, "wrong")
    rng = random.Random(20)
    caught = 0
    for _ in range(60):
        try:
            assert_implied(rules, random_hitori(rng), {}, "random")
        except AssertionError:
            caught += 1
    assert caught > 0

"""A definition never depends on a numbered rule (docs/rules-files.md): with one rule switched
off, exactly the answers that keep every other rule remain, so no other rule is blamed for
(needed to exclude) the breaks of the one switched off.

For every rules file and every numbered rule N, on small boards: the program without rule N's
statements (what explanations get with rule N's guard off; redundant and technique statements
left out, definitions kept, explanations' #const values) is solved for every answer, and the
answers are compared with those an independent reading of the rules' sentences in Python
accepts: every candidate answer that breaks no rule other than N.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import clingo
import clingo.ast
import pytest

from puzzlesolve.rulebook import read_rulebook
from puzzlesolve.solver import encoding_path

Cell = tuple[int, int]
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def answers_without(rules: Path, off: int, facts: str, constants: dict, shown: str):
    """Every answer (the atoms of predicate `shown`) of the rules file with rule `off`'s
    statements left out."""
    rulebook = read_rulebook(rules)
    arguments = ["--models=0"] + [f"--const={k}={v}" for k, v in constants.items()]
    ctl = clingo.Control(arguments, logger=lambda _code, _text: None)

    def keep(statement: clingo.ast.AST) -> None:
        line = statement.location.begin.line
        cited = rulebook.tags.get(line)
        if line in rulebook.technique_tags or cited == () or (cited and off in cited):
            return
        builder.add(statement)

    with clingo.ast.ProgramBuilder(ctl) as builder:
        clingo.ast.parse_files([str(rules)], keep)
    ctl.add("base", [], facts)
    ctl.ground([("base", [])])
    found = set()
    ctl.solve(
        on_model=lambda m: found.add(
            frozenset(
                tuple(a.number for a in s.arguments)
                for s in m.symbols(atoms=True)
                if s.match(shown, len(s.arguments)) and s.name == shown
            )
        )
    )
    return found


def neighbours(cell: Cell, cells, king: bool = False) -> set[Cell]:
    r, c = cell
    steps = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
    return {(r + dr, c + dc) for dr, dc in (steps if king else STEPS)} & set(cells)


def connected(cells: set[Cell], edges) -> list[set[Cell]]:
    """The parts of `cells` joined by `edges` (pairs of cells)."""
    parts: list[set[Cell]] = []
    for cell in cells:
        touching = [
            p
            for p in parts
            if cell in p or any((cell, o) in edges or (o, cell) in edges for o in p)
        ]
        merged = {cell}.union(*touching)
        parts = [p for p in parts if p not in touching] + [merged]
    changed = True
    while changed:  # parts joined through cells added later
        changed = False
        for a, b in itertools.combinations(parts, 2):
            if any((x, y) in edges or (y, x) in edges for x in a for y in b):
                parts.remove(a)
                parts.remove(b)
                parts.append(a | b)
                changed = True
                break
    return parts


# --- Hitori ----------------------------------------------------------------------------------


def hitori_breaks(numbers: dict[Cell, int], shaded: set[Cell]) -> set[int]:
    white = set(numbers) - shaded
    broken = set()
    for a, b in itertools.combinations(sorted(white), 2):
        if numbers[a] == numbers[b] and (a[0] == b[0] or a[1] == b[1]):
            broken.add(1)
    if any(n in shaded for s in shaded for n in neighbours(s, numbers)):
        broken.add(2)
    edges = {(a, b) for a in white for b in neighbours(a, white)}
    if white and len(connected(white, edges)) > 1:
        broken.add(3)
    return broken


def hitori_boards():
    rng = random.Random(6)
    boards = []
    for rows, cols in [(1, 3), (2, 2), (2, 3), (3, 2), (3, 3), (3, 3), (3, 3), (2, 4), (3, 4)]:
        boards.append({(r, c): rng.randint(1, 2) for r in range(rows) for c in range(cols)})
    return boards


@pytest.mark.parametrize("off", [1, 2, 3])
def test_hitori_with_one_rule_off_keeps_exactly_the_answers_that_break_no_other(off):
    for numbers in hitori_boards():
        facts = "".join(f"number({r},{c},{n})." for (r, c), n in numbers.items())
        found = answers_without(encoding_path("hitori.lp"), off, facts, {}, "shaded")
        expected = set()
        for size in range(len(numbers) + 1):
            for shaded in itertools.combinations(sorted(numbers), size):
                if hitori_breaks(numbers, set(shaded)) <= {off}:
                    expected.add(frozenset(shaded))
        assert found == expected, (numbers, off)


# --- Hidato and Numbrix ----------------------------------------------------------------------


def hidato_breaks(cells, givens, placed: set[tuple[int, int, int]], king: bool) -> set[int]:
    size = len(cells)
    broken = set()
    if any(sum(1 for (r, c, _) in placed if (r, c) == cell) != 1 for cell in cells):
        broken.add(1)
    if any(sum(1 for (_, _, n) in placed if n == v) != 1 for v in range(1, size + 1)):
        broken.add(2)
    written = {n for (_, _, n) in placed}
    for r, c, n in placed:  # N+1, where it is written, is written next to N
        if n + 1 in written and not any(
            (r2, c2, n + 1) in placed for r2, c2 in neighbours((r, c), cells, king)
        ):
            broken.add(3)
    if any((r, c, n) not in placed for (r, c), n in givens.items()):
        broken.add(4)
    return broken


def hidato_candidates(cells):
    """Answers with one number a cell, and answers with one cell a number (1..size)."""
    size = len(cells)
    for values in itertools.product(range(1, size + 1), repeat=size):
        yield {(r, c, n) for (r, c), n in zip(cells, values)}
    for where in itertools.product(cells, repeat=size):
        yield {(r, c, n) for n, (r, c) in enumerate(where, start=1)}


HIDATO_BOARDS = [
    ([(0, 0), (0, 1), (0, 2)], {}),
    ([(0, 0), (0, 1), (0, 2)], {(0, 1): 1}),
    ([(0, 0), (0, 1), (1, 0), (1, 1)], {(0, 0): 1}),
    ([(0, 0), (0, 1), (1, 1), (1, 2)], {(1, 2): 4}),
    ([(0, 0), (0, 1), (0, 2), (1, 0), (1, 2)], {(0, 1): 3}),
]


@pytest.mark.parametrize("king", [0, 1])
@pytest.mark.parametrize("off", [1, 2, 3, 4])
def test_hidato_with_one_rule_off_keeps_exactly_the_answers_that_break_no_other(off, king):
    for cells, givens in HIDATO_BOARDS:
        facts = "".join(f"cell({r},{c})." for r, c in cells) + "".join(
            f"given({r},{c},{n})." for (r, c), n in givens.items()
        )
        constants = {"king": king, "prune": 0}  # as explanations solve (prune: speed only)
        found = answers_without(encoding_path("hidato.lp"), off, facts, constants, "number")
        expected = {
            frozenset(placed)
            for placed in hidato_candidates(cells)
            if hidato_breaks(cells, givens, placed, bool(king)) <= {off}
        }
        assert found == expected, (cells, givens, off, king)


# --- Numberlink ------------------------------------------------------------------------------


def numberlink_breaks(cells, ends: dict[Cell, int], links, fill: bool, untouched: bool):
    degree = {cell: sum(1 for link in links if cell in link) for cell in cells}
    broken = set()
    used = {cell for cell in cells if degree[cell]}
    parts = connected(used, links)
    part_of = {cell: i for i, part in enumerate(parts) for cell in part}
    for label in set(ends.values()):
        pair = [cell for cell, other in ends.items() if other == label]
        if any(cell not in part_of for cell in pair) or part_of[pair[0]] != part_of[pair[1]]:
            broken.add(1)
    if any(degree[cell] != (1 if cell in ends else degree[cell] and 2) for cell in cells):
        broken.add(2)
    for part in parts:
        inside = [link for link in links if link[0] in part]
        if len(inside) >= len(part) or len({ends[c] for c in part if c in ends}) > 1:
            broken.add(3)
    if fill and len(used) < len(cells):
        broken.add(4)
    if untouched and any(
        part_of[a] == part_of[b] and (a, b) not in links and (b, a) not in links
        for a in used
        for b in neighbours(a, used)
    ):
        broken.add(5)
    return broken


NUMBERLINK_BOARDS = [
    (2, 2, {(0, 0): 1, (1, 1): 1}),
    (2, 3, {(0, 0): 1, (0, 2): 1}),
    (2, 3, {(0, 0): 1, (1, 2): 1, (0, 2): 2, (1, 0): 2}),
    (3, 3, {(0, 0): 1, (2, 2): 1}),
    (3, 3, {(0, 0): 1, (0, 2): 1, (2, 0): 2, (2, 2): 2}),
]

# Known faults, pinned so that a fix shows (strict xfail). Rule 3's statement `:- used(R,C),
# not reached(R,C)` forbids any piece of line that reaches no endpoint, which is a closed loop
# only while rule 2 keeps the degrees: with rule 2 off, rule 3 is blamed for a piece of line
# that ends in the open. Rule 5 compares labels (line/3), and a stray loop must carry one:
# with rule 3 off, rule 5 is blamed for a loop beside a line of the label it took.
BLAMED = {
    2: "rule 3 is blamed for pieces of line that join no endpoint",
    3: "rule 5 is blamed for a stray loop beside a line of the label it took",
}
CASES = [
    pytest.param(
        off,
        (fill, untouched),
        marks=[pytest.mark.xfail(strict=True, reason=BLAMED[off])]
        if off == 2 or (off == 3 and untouched)
        else [],
        id=f"rule{off}-off-fill{fill}-untouched{untouched}",
    )
    for off in [1, 2, 3, 4, 5]
    for fill in (0, 1)
    for untouched in (0, 1)
]


@pytest.mark.parametrize(("off", "switches"), CASES)
def test_numberlink_with_one_rule_off_blames_no_other_for_its_breaks(off, switches):
    """Every answer that breaks no rule but `off` remains. (The converse does not hold: a
    statement tagged with rules 1 and 3 is off with either, and rule 5 compares labels that
    only rules 1 and 3 keep consistent, so with rule 1 or 3 off some breaks of rules 1, 3
    and 5 go unnoticed; that weakens the other rules but blames none.)"""
    fill, untouched = switches
    for rows, cols, ends in NUMBERLINK_BOARDS:
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        pairs = [(a, b) for a in cells for b in neighbours(a, cells) if a < b]
        facts = "".join(f"cell({r},{c})." for r, c in cells) + "".join(
            f"endpoint({r},{c},{n})." for (r, c), n in ends.items()
        )
        constants = {"fill": fill, "no_self_touch": untouched, "prune": 0}
        found = {
            frozenset(((r1, c1), (r2, c2)) for r1, c1, r2, c2 in answer)
            for answer in answers_without(
                encoding_path("numberlink.lp"), off, facts, constants, "link"
            )
        }
        for size in range(len(pairs) + 1):
            for links in itertools.combinations(pairs, size):
                if numberlink_breaks(cells, ends, set(links), fill, untouched) <= {off}:
                    assert frozenset(links) in found, (ends, off, switches, links)

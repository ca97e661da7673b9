"""Repair: the fewest clues an author may add that make a puzzle unique (see
`puzzlesolve.audit`). One program holds the rules, the puzzle, a choice of clues (each the
value its cell takes in the solution S* the same model picks) and a minimize statement; a
second program checks the clues chosen: a solution T other than S* that agrees with them
becomes a constraint of the first (at least one chosen clue must differ from T, unless S* is
T), until the clues chosen leave S* alone (counterexample-guided, as CEGAR). Every repair is
then solved again from scratch, the clues written into the puzzle."""

from __future__ import annotations

from typing import Any

from puzzlesolve import program
from puzzlesolve.audit_grade import grade_of
from puzzlesolve.audit_search import (
    MOST_ROUNDS,
    ClueView,
    Solutions,
    board_cells,
    extend,
    optimum,
    solve,
)
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell

ALTERNATIVES = 3
"""Minimal repairs offered at most."""


def images(cell: Cell, rows: int, cols: int, symmetry: str) -> set[Cell]:
    """`cell` and its images under `symmetry` (see `audit`)."""
    r, c = cell
    if symmetry == "rotate":
        return {(r, c), (rows - 1 - r, cols - 1 - c)}
    if symmetry == "mirror":
        return {(r, c), (r, cols - 1 - c)}
    if symmetry == "d4":
        last = rows - 1
        return {
            (r, c),
            (c, last - r),
            (last - r, last - c),
            (last - c, r),
            (r, last - c),
            (last - r, c),
            (c, r),
            (last - c, last - r),
        }
    return {(r, c)}


def repair(
    genre: Genre,
    puzzle: Any,
    hooks: Any,
    switches: tuple[str, ...] = (),
    symmetry: str = "none",
    alternatives: int = ALTERNATIVES,
    aimed: str | None = None,
    keep_grade: bool = False,
) -> tuple[list[dict], str | None]:
    """The fewest clues to add that make the puzzle unique, up to `alternatives` different
    minimal sets, each solved again with its clues written in (see the module's doc).

    Returns:
        The repairs (fewest first) and a note when there are none or none keeps the grade.
    """
    if hooks.ADDS is None:
        return [], hooks.NO_ADDS
    blanks = set(hooks.blanks(puzzle))
    view = ClueView(genre, puzzle, hooks)
    board = set(board_cells(genre, hooks, puzzle))
    orbits: list[list[Cell]] = []
    seen: set[frozenset] = set()
    for cell in sorted(blanks):
        orbit = images(cell, puzzle.rows, puzzle.cols, symmetry)
        if not orbit <= board or frozenset(orbit) in seen:
            continue  # an image off the board (a void): no symmetric clue here
        seen.add(frozenset(orbit))
        orbits.append(sorted(orbit & blanks))
    if not orbits:
        return [], "none available: no blank cell to write a clue in"
    facts = "\n".join(genre.facts(puzzle))
    choice = [f"{{ pick({i}) }}." for i in range(len(orbits))]
    choice += [f"add({r},{c}) :- pick({i})." for i, orbit in enumerate(orbits) for r, c in orbit]
    choice += ["#minimize { 1,R,C : add(R,C) }.", "#show add/2."]
    choice.append(view.rules(master=True))
    master = program.ground(
        genre, facts + "\n" + "\n".join(choice), switches=switches, arguments=["--opt-mode=opt"]
    ).ctl
    checker = Solutions(genre, facts + "\n" + view.rules(), switches)
    candidates = sorted(cell for orbit in orbits for cell in orbit)
    cuts = 0

    def cut(other: Any) -> None:
        nonlocal cuts
        values = view.values(other)
        rules = []
        for r, c in candidates:
            differs = view.literal((r, c), values[r, c], agree=False)
            rules.append(f"hit{cuts} :- add({r},{c}), {differs}.")
            if not view.own:
                rules.append(f"diff{cuts} :- {differs}.")
        rules += [f"diff{cuts} :- {apart}." for apart in view.apart(other)]
        rules.append(f":- diff{cuts}, not hit{cuts}.")
        extend(master, f"cut{cuts}", rules)
        cuts += 1

    # solutions of the puzzle are counterexamples from the start: a few, for free
    for other in solve(genre, puzzle, models=20, switches=switches).solutions:
        cut(other)
    wanted = alternatives * (3 if keep_grade else 1)
    found: list[dict] = []
    fewest = None
    for _ in range(MOST_ROUNDS):
        best = optimum(master)
        if best is None:
            break
        symbols, adds = best
        if fewest is not None and len(adds) > fewest:
            break
        chosen = genre.decode(symbols, puzzle)
        values = genre.values(puzzle, chosen)
        given = view.values(chosen)
        clues = {cell: given[cell] for cell in adds}
        assumptions = [view.atom(cell, value) for cell, value in clues.items()]
        others = [genre.decode(s, puzzle) for s in checker.two(assumptions)[0]]
        other = next((o for o in others if genre.values(puzzle, o) != values), None)
        if other is not None:
            cut(other)
            continue
        repaired = hooks.with_clues(puzzle, clues)
        again = solve(genre, repaired, models=2, switches=switches)
        if again.status != "unique":  # the two programs disagree: never give such a repair
            raise RuntimeError(f"repair {clues} is {again.status} when solved again")
        entry: dict[str, Any] = {
            "add": [{"cell": list(cell), "value": value} for cell, value in sorted(clues.items())],
            "unique": True,
        }
        if keep_grade:
            entry["grade"] = grade_of(genre, repaired, switches).get("grade", "")
        found.append(entry)
        fewest = len(adds)
        if len(found) >= wanted:
            break
        same = ", ".join(
            f"add({r},{c}), {view.literal((r, c), v, True)}" for (r, c), v in sorted(clues.items())
        )
        extend(master, f"found{len(found)}", [f":- {same}."])
    else:
        if not found:
            return [], f"not found within {MOST_ROUNDS} counterexamples"
    if not found:
        return [], "none available: no set of clues makes the puzzle unique"
    # equally small repairs in the order of their cells and values, whichever came first
    found.sort(key=lambda entry: [(tuple(a["cell"]), a["value"]) for a in entry["add"]])
    note = None
    if keep_grade:
        keeping = [entry for entry in found if entry["grade"] == aimed]
        if not keeping:
            note = f"no minimal repair keeps grade {aimed or 'unknown'}"
        found = keeping + [entry for entry in found if entry["grade"] != aimed]
    return found[:alternatives], note

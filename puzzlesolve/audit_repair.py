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
    orbits = _orbits(genre, puzzle, hooks, symmetry)
    if not orbits:
        return [], "none available: no blank cell to write a clue in"
    search = _RepairSearch(genre, puzzle, hooks, switches, orbits)
    # solutions of the puzzle are counterexamples from the start: a few, for free
    for other in solve(genre, puzzle, models=20, switches=switches).solutions:
        search.cut(other)
    found = search.repairs(alternatives * (3 if keep_grade else 1), keep_grade)
    if found is None:
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


def _orbits(genre: Genre, puzzle: Any, hooks: Any, symmetry: str) -> list[list[Cell]]:
    """The blank cells in groups a clue is added to together: each with its images under
    `symmetry` (none where an image is off the board, a void)."""
    blanks = set(hooks.blanks(puzzle))
    board = set(board_cells(genre, hooks, puzzle))
    orbits: list[list[Cell]] = []
    seen: set[frozenset] = set()
    for cell in sorted(blanks):
        orbit = images(cell, puzzle.rows, puzzle.cols, symmetry)
        if not orbit <= board or frozenset(orbit) in seen:
            continue  # an image off the board (a void): no symmetric clue here
        seen.add(frozenset(orbit))
        orbits.append(sorted(orbit & blanks))
    return orbits


class _RepairSearch:
    """The two programs of a repair: the master chooses fewest clues (an orbit at a time),
    the checker looks for another solution that keeps them; each found is cut off."""

    def __init__(
        self, genre: Genre, puzzle: Any, hooks: Any, switches: tuple[str, ...], orbits: list
    ):
        self.genre, self.puzzle, self.hooks, self.switches = genre, puzzle, hooks, switches
        self.view = ClueView(genre, puzzle, hooks)
        facts = "\n".join(genre.facts(puzzle))
        choice = [f"{{ pick({i}) }}." for i in range(len(orbits))]
        choice += [
            f"add({r},{c}) :- pick({i})." for i, orbit in enumerate(orbits) for r, c in orbit
        ]
        choice += ["#minimize { 1,R,C : add(R,C) }.", "#show add/2."]
        choice.append(self.view.rules(master=True))
        self.master = program.ground(
            genre, facts + "\n" + "\n".join(choice), switches=switches, arguments=["--opt-mode=opt"]
        ).ctl
        self.checker = Solutions(genre, facts + "\n" + self.view.rules(), switches)
        self.candidates = sorted(cell for orbit in orbits for cell in orbit)
        self.cuts = 0

    def cut(self, other: Any) -> None:
        """Forbid clue sets that `other`, a solution, keeps (at least one must differ)."""
        view, cuts = self.view, self.cuts
        values = view.values(other)
        rules = []
        for r, c in self.candidates:
            differs = view.literal((r, c), values[r, c], agree=False)
            rules.append(f"hit{cuts} :- add({r},{c}), {differs}.")
            if not view.own:
                rules.append(f"diff{cuts} :- {differs}.")
        rules += [f"diff{cuts} :- {apart}." for apart in view.apart(other)]
        rules.append(f":- diff{cuts}, not hit{cuts}.")
        extend(self.master, f"cut{cuts}", rules)
        self.cuts += 1

    def repairs(self, wanted: int, keep_grade: bool) -> list[dict] | None:
        """Up to `wanted` repairs of the fewest clues, each solved again; None: the rounds
        ran out before any was found."""
        found: list[dict] = []
        fewest = None
        for _ in range(MOST_ROUNDS):
            best = optimum(self.master)
            if best is None or (fewest is not None and len(best[1]) > fewest):
                return found
            clues = self._clues(*best)
            if clues is None:
                continue
            found.append(self._entry(clues, keep_grade))
            fewest = len(clues)
            if len(found) >= wanted:
                return found
            same = ", ".join(
                f"add({r},{c}), {self.view.literal((r, c), v, True)}"
                for (r, c), v in sorted(clues.items())
            )
            extend(self.master, f"found{len(found)}", [f":- {same}."])
        return found or None

    def _clues(self, symbols: list, adds: list[Cell]) -> dict[Cell, Any] | None:
        """The clues the master chose, or None when another solution keeps them (cut off)."""
        genre, puzzle = self.genre, self.puzzle
        chosen = genre.decode(symbols, puzzle)
        values = genre.values(puzzle, chosen)
        given = self.view.values(chosen)
        clues = {cell: given[cell] for cell in adds}
        assumptions = [self.view.atom(cell, value) for cell, value in clues.items()]
        others = [genre.decode(s, puzzle) for s in self.checker.two(assumptions)[0]]
        other = next((o for o in others if genre.values(puzzle, o) != values), None)
        if other is not None:
            self.cut(other)
            return None
        return clues

    def _entry(self, clues: dict[Cell, Any], keep_grade: bool) -> dict[str, Any]:
        """The repair as the report lists it, proved again from scratch (and graded)."""
        repaired = self.hooks.with_clues(self.puzzle, clues)
        again = solve(self.genre, repaired, models=2, switches=self.switches)
        if again.status != "unique":  # the two programs disagree: never give such a repair
            raise RuntimeError(f"repair {clues} is {again.status} when solved again")
        entry: dict[str, Any] = {
            "add": [{"cell": list(cell), "value": value} for cell, value in sorted(clues.items())],
            "unique": True,
        }
        if keep_grade:
            entry["grade"] = grade_of(self.genre, repaired, self.switches).get("grade", "")
        return entry

"""Redundant clues: one ground program whose clues are externals; each clue is switched off
in turn (one solve each), and a largest set that can go together is found the way a repair
is (`puzzlesolve.audit_repair`), over which clues to keep (the genre's ``cut`` says when a
counterexample holds). Each is proved again by a solve of the puzzle without them."""

from __future__ import annotations

from typing import Any

import clingo

from puzzlesolve.audit_grade import grade_of
from puzzlesolve.audit_search import MOST_ROUNDS, Solutions, extend, hooks_of, solve
from puzzlesolve.genre import Genre
from puzzlesolve.grid import Cell

REMOVAL_CONFLICTS = 5_000
"""Conflicts a removal's question may take (a Flow Free level without one of its pairs can
take minutes to prove unsolvable): one not settled by then is not counted redundant."""


def clue_groups(genre: Genre, puzzle: Any) -> tuple[list[str], list[list[Cell]], list[list[str]]]:
    """The puzzle's facts that are not clues, and its clues by group (a Numberlink label's
    two endpoints are one clue): the cells of each group and its facts."""
    glue = genre.feature("explain")
    kinds = hooks_of(genre).CLUES or (glue.CLUE,)
    board: list[str] = []
    groups: dict[Any, tuple[list[Cell], list[str]]] = {}
    for text in genre.facts(puzzle):
        symbol = clingo.parse_term(text.strip().rstrip("."))
        if any(symbol.match(name, arity) for name, arity in kinds):
            cell = (symbol.arguments[0].number, symbol.arguments[1].number)
            cells, facts = groups.setdefault(glue.clue_group(puzzle, cell), ([], []))
            cells.append(cell)
            facts.append(text)
        else:
            board.append(text)
    ordered = sorted(groups.values(), key=lambda group: min(group[0]))
    return board, [sorted(cells) for cells, _ in ordered], [facts for _, facts in ordered]


def removals(
    genre: Genre,
    puzzle: Any,
    hooks: Any,
    switches: tuple[str, ...] = (),
    aimed: str | None = None,
    keep_grade: bool = False,
) -> tuple[list[Cell], list[Cell], str | None]:
    """The clues each of which alone can go (the puzzle staying unique), and a largest set
    that can go together; with `keep_grade`, only removals that keep the grade `aimed`.

    Returns:
        The redundant clue cells, the removable ones, and a note when clues cannot go.
    """
    if hooks.without is None:
        return [], [], hooks.NO_REMOVALS
    board, groups, facts = clue_groups(genre, puzzle)
    if not groups:
        return [], [], "none: the puzzle has no clues"
    externals = [f"#external {text.strip().rstrip('.')}." for group in facts for text in group]
    switchable = Solutions(genre, "\n".join(board + externals), switches)
    symbols = [[clingo.parse_term(text.strip().rstrip(".")) for text in group] for group in facts]
    everyone = set(range(len(groups)))

    unsettled = 0

    def solutions(kept: set[int]) -> list | None:
        """Up to two solutions with the clues `kept`; None: not settled within the budget."""
        nonlocal unsettled
        for index, group in enumerate(symbols):
            for symbol in group:
                switchable.ctl.assign_external(symbol, index in kept)
        found, settled = switchable.two(conflicts=REMOVAL_CONFLICTS)
        if not settled:
            unsettled += 1
            return None
        return [genre.decode(s, puzzle) for s in found]

    def stays(removed: set[int]) -> bool:
        """Proved again from scratch: the puzzle written without them, solved (and graded)."""
        cells = [cell for index in sorted(removed) for cell in groups[index]]
        smaller = hooks.without(puzzle, cells)
        if solve(genre, smaller, models=2, switches=switches).status != "unique":
            raise RuntimeError(f"removing {cells} was unique, then not when solved again")
        return not keep_grade or grade_of(genre, smaller, switches).get("grade") == aimed

    cuts: list[list[str]] = []

    def cut_of(two: list) -> list[str]:
        return [condition for other in two for condition in _cut(hooks, puzzle, other, groups)]

    redundant: list[int] = []
    for index in range(len(groups)):
        found = solutions(everyone - {index})
        if found is None:
            continue
        if len(found) == 1:
            if stays({index}):
                redundant.append(index)
        elif len(found) == 2:
            cuts.append(cut_of(found))
    # a set that can go together is one of redundant clues: in a monotone genre (a clue
    # gone only adds solutions) every member of such a set is redundant alone; elsewhere
    # (Nurikabe) this keeps the search to what an author would try first
    if len(redundant) < 2:
        removable = [cell for index in redundant for cell in groups[index]]
    else:
        removable = _largest_removal(groups, redundant, cuts, solutions, stays, cut_of)
    note = None
    if unsettled:
        note = (
            f"{unsettled} removal{'s' * (unsettled != 1)} not settled within "
            f"{REMOVAL_CONFLICTS:,} conflicts, not counted redundant"
        )
    return sorted(cell for index in redundant for cell in groups[index]), removable, note


def _cut(hooks: Any, puzzle: Any, solution: Any, groups: list[list[Cell]]) -> list[str]:
    return hooks.cut(puzzle, solution, groups)  # none: the caller cuts this very set off


def _largest_removal(groups, candidates, cuts, solutions, stays, cut_of) -> list[Cell]:
    """A largest set of the `candidates` clue groups that can go together: fewest kept, by
    optimisation, each set found checked and, if another solution remains, cut off (see
    the module's doc); the other groups stay."""
    master = clingo.Control(["--opt-mode=opt"])
    everyone = range(len(groups))
    base = [f"keep({i})." for i in everyone if i not in candidates]
    base += [f"{{ keep({i}) }}." for i in candidates]
    # a puzzle with no clue left is no puzzle (an empty Numberlink is unique, and says nothing)
    base += [":- not keep(_).", "#minimize { 1,I : keep(I) }.", "#show keep/1."]
    extend(master, "keeping", base)
    count = 0

    def forbid(conditions: list[str], kept: set[int]) -> None:
        nonlocal count
        if not conditions:  # no genre cut: exactly this set of clues kept is wrong
            conditions = [f"{'not ' if i in kept else ''}keep({i})" for i in candidates]
        rules = [f"bad{count} :- {condition}." for condition in conditions]
        extend(master, f"cut{count}", [*rules, f":- not bad{count}."])
        count += 1

    for conditions in cuts:
        if conditions:
            forbid(conditions, set())
    for _ in range(MOST_ROUNDS):
        last: list[clingo.Symbol] | None = None

        def keep(model: clingo.Model) -> None:
            nonlocal last
            last = list(model.symbols(shown=True))

        master.solve(on_model=keep)
        if last is None:
            return []
        kept = {s.arguments[0].number for s in last}
        removed = set(everyone) - kept
        if not removed:
            return []
        found = solutions(kept)
        if found is not None and len(found) == 2:
            forbid(cut_of(found), kept)
        elif found is not None and len(found) == 1:
            if stays(removed):
                return sorted(cell for i in removed for cell in groups[i])
            # unique, but of another grade: with fewer clues still it is taken to stay so
            # (not proven: a grade may fall as clues go), so no set holding these is tried
            extend(
                master, f"graded{count}", [f":- {', '.join(f'not keep({i})' for i in removed)}."]
            )
            count += 1
        else:
            forbid([], kept)
    return []

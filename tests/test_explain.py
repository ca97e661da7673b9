"""check, hint and explain through the Python API, with real clingo: exact steps and conflicts,
every step replayed alone forces what it claims and no less a reason would, conflicts
subset-minimal by brute force, hints agree with the solution, every numbered rule cited."""

from __future__ import annotations

import functools
import itertools

import clingo
import pytest
from conftest import CORPUS, DEFINITIONS_ONLY, REPO, by_name, without_corpus

from puzzlesolve import explain as explaining
from puzzlesolve import get_genre, load, parse, solve
from puzzlesolve.explain import Difficulty, choice, difficulty, forward
from puzzlesolve.explain.extends import extends
from puzzlesolve.explain.program import Program
from puzzlesolve.program import ground
from puzzlesolve.rulebook import RulesError, read_rulebook

check, consequences = map(by_name, (explaining.check, explaining.consequences))
# the rules engine's own tests: Hidato, Numbrix and Numberlink explain by the forward engine
# by default (tests/test_forward.py), and by this one with a rules file of one's own
explain, hint = (
    by_name(functools.partial(asked, engine="rules"))
    for asked in (explaining.explain, explaining.hint)
)

INSTANCES = REPO / "instances"

HITORI = load("hitori", INSTANCES / "hitori" / "ai-course-5x5.txt")
# 3 2 5 4 #        the solution of ai-course-5x5
# 2 # 4 3 5
# # 3 2 # 4
# 1 # 3 5 #
# 5 4 1 2 3

# instances small enough to replay every step, with the switches they are meant for
SMALL = [
    ("hitori", "ai-course-5x5.txt", ()),
    ("hitori", "header-6x6.txt", ()),
    ("hidato", "small-5x5.txt", ()),
    ("numbrix", "one-character-3x3.txt", ()),
    ("numbrix", "holes-6x6.txt", ()),
    ("numberlink", "copris-5x5.txt", ()),
    ("numberlink", "fill-5x5.txt", ("fill",)),
    ("numberlink", "two-ways-3x3.txt", ("no_self_touch",)),
]


def solution_values(genre: str, puzzle, switches=()) -> dict:
    result = solve(genre, puzzle, models=2, switches=list(switches))
    assert result.status == "unique"
    return get_genre(genre).values(puzzle, result.solutions[0])


def solution_segments(puzzle, switches=()) -> dict:
    """Whether each segment (r1, c1, r2, c2) of a unique Numberlink's solution is drawn."""
    result = solve("numberlink", puzzle, models=2, switches=list(switches))
    assert result.status == "unique"
    drawn = {
        (*min(a, b), *max(a, b))
        for path in result.solutions[0].values()
        for a, b in itertools.pairwise(path)
    }
    segments = get_genre("numberlink").feature("explain").segments(puzzle)
    return {segment: segment in drawn for segment in segments}


# --- explain: exact steps ---------------------------------------------------------------------


def test_hitori_explanation_by_the_numbered_rules_alone():
    # hitori.lp holds its numbered rules only (its techniques are hitori.techniques.lp's)
    explanation = explain(get_genre("hitori"), HITORI)
    assert explanation.status == "solved"
    first = explanation.steps[0]
    assert (first.cells, first.rules, first.techniques, first.clues, first.known) == (
        [((0, 3), "unshaded")],
        [1, 2],
        [],
        [(0, 2), (0, 4)],
        [],
    )
    assert first.text == (
        "r1c4 is unshaded by rule 1 (r1c3, r1c5) and rule 2 (r1c3, r1c4), since r1c3 and r1c5 "
        "show 5."
    )
    assert first.guards == [("rule", 1, (0, 2, 4)), ("rule", 2, (0, 2)), ("rule", 2, (0, 3))]
    assert [step.text for step in explanation.steps[10:12]] == [
        ("r4c2 is shaded by rule 1 (r3c2, r4c2), since r3c2 and r4c2 show 3 and r3c2 is unshaded."),
        "r4c1 is unshaded by rule 2 (r4c1), since r4c2 is shaded.",
    ]
    assert [(s.cells, s.rules, s.because) for s in explanation.steps[-6:-3]] == [
        ([((0, 0), "unshaded")], [2, 3], [(1, 1), (2, 0)]),
        ([((4, 0), "unshaded")], [2, 3], [(2, 0), (3, 1)]),
        ([((0, 2), "unshaded")], [2, 3], [(1, 1), (2, 0)]),
    ]
    assert explanation.steps[-5].text == (
        "r5c1 is unshaded by rule 2 (r3c1, r4c1) and rule 3 (r4c1), since r3c1 and r4c2 are shaded."
    )
    decided = {cell: value for step in explanation.steps for cell, value in step.cells}
    assert decided == solution_values("hitori", HITORI)


def test_hidato_steps_decide_the_cells_one_reason_forces_together():
    puzzle = parse("hidato", "1 - -\n- - 6\n- - 9\n")
    steps = explain(get_genre("hidato"), puzzle).steps
    assert [(step.cells, step.rules, step.techniques, step.clues) for step in steps] == [
        ([((1, 1), 8)], [1, 2, 3, 4], ["only cell", "reach"], [(0, 0), (1, 2), (2, 2)]),
        (
            [((0, 1), 2), ((1, 0), 3), ((2, 0), 4), ((2, 1), 5)],
            [1, 2, 3, 4],
            ["between", "reach"],
            [(0, 0), (1, 2), (2, 2)],
        ),
        ([((0, 2), 7)], [1, 4], ["between", "reach"], [(1, 2), (2, 2)]),
    ]
    assert steps[2].text == (
        "r1c3 holds 7 by between for 5 and 6, reach for 5 and 7, rule 1 (r1c2, r2c2, r2c3, r3c2, "
        "r3c3) and rule 4 (r3c3), since r2c3 is given 6 and r3c3 is given 9 and r1c2 holds 2 and "
        "r2c2 holds 8."
    )


def test_numbrix_explanation_exact():
    puzzle = load("numbrix", INSTANCES / "numbrix" / "one-character-3x3.txt")  # --- / -16 / 3--
    explanation = explain(get_genre("numbrix"), puzzle)
    assert [(s.cells, s.rules, s.techniques, s.clues) for s in explanation.steps] == [
        ([((2, 2), 5)], [1, 4], ["between", "reach"], [(1, 1), (1, 2), (2, 0)]),
        ([((2, 1), 4)], [2], ["between", "reach"], [(2, 0)]),
        ([((1, 0), 2)], [1], ["between", "reach"], [(1, 1), (2, 0)]),
        ([((0, 2), 7)], [1, 4], ["between", "reach", "parity"], [(1, 1), (1, 2)]),
        ([((0, 1), 8)], [1, 3, 4], ["between"], [(1, 2)]),
        ([((0, 0), 9)], [1, 2, 4], ["between"], [(1, 1)]),
    ]
    # each rule and technique cited where it is used: a cell, a number, a pair of numbers
    assert [step.text for step in explanation.steps[:2]] == [
        (
            "r3c3 holds 5 by between for 5, reach for 5, rule 1 (r2c2) and rule 4 (r2c2), "
            "since r2c2 is given 1, r2c3 is given 6 and r3c1 is given 3."
        ),
        (
            "r3c2 holds 4 by between for 4, reach for 4 and rule 2 for 5, since r3c1 is given 3 "
            "and r3c3 holds 5."
        ),
    ]
    assert explanation.steps[4].guards == [
        ("rule", 1, (1, 2)),
        ("rule", 3, (7, 8)),
        ("rule", 4, (1, 2)),
        ("technique", 1, (8,)),
    ]
    assert explanation.steps[4].text == (
        "r1c2 holds 8 by between for 8, rule 1 (r2c3), rule 3 for 7-8 and rule 4 (r2c3), since "
        "r2c3 is given 6 and r1c3 holds 7."
    )
    assert explanation.difficulty.to_json() == {
        "steps": 6,
        "largest": 11,
        "most_cells": 3,
        "most_rules": 3,
        "multi_rule": 4,
        "mean": 8.67,  # each technique counted once (Step.weight)
        "one_way": 1.0,
        "tier": 1,
        "grade": "easy",
        "complete": True,
        "technique_tier": 0,  # the forward engine's measures (tests/test_forward.py)
        "at_hardest": 0,
        "trials": 0,
    }


def test_numberlink_without_self_touch_cites_rule_5():
    puzzle = load("numberlink", INSTANCES / "numberlink" / "two-ways-3x3.txt")  # AB. / .B. / ..A
    explanation = explain(get_genre("numberlink"), puzzle, switches=["no_self_touch"])
    # steps decide segments (r1, c1, r2, c2) drawn or not, and cells' lines
    assert [(s.cells, s.segments, s.rules, s.techniques, s.clues) for s in explanation.steps] == [
        ([], [((0, 1, 1, 1), True)], [5], [], [(0, 1), (1, 1)]),
        (
            [],
            [((0, 0, 0, 1), False), ((0, 0, 1, 0), True)],
            [1],
            ["only exit"],
            [(0, 0), (0, 1), (1, 1), (2, 2)],
        ),
        ([((1, 0), "A")], [], [1], [], [(0, 0), (2, 2)]),
        (
            [],
            [((1, 0, 1, 1), False), ((1, 0, 2, 0), True), ((2, 0, 2, 1), True)],
            [1],
            ["dead end"],
            [(0, 1), (1, 1)],
        ),
        (
            [((0, 2), "-")],
            [((0, 1, 0, 2), False), ((0, 2, 1, 2), False)],
            [2, 5],
            ["dead end"],
            [(0, 1), (1, 1)],
        ),
        (
            [((1, 2), "-")],
            [((1, 1, 1, 2), False), ((1, 1, 2, 1), False), ((1, 2, 2, 2), False)],
            [2],
            ["dead end"],
            [(0, 1), (1, 1)],
        ),
        ([], [((2, 1, 2, 2), True)], [2], [], []),
        ([((2, 1), "A")], [], [1, 2, 3, 5], [], []),
        ([((2, 0), "A")], [], [1, 2, 3, 5], [], []),
    ]
    assert explanation.steps[0].text == (
        "segment r1c2-r2c2 is drawn by rule 5 (r1c2, r2c2), since r1c2 and r2c2 are ends of line B."
    )
    assert explanation.steps[0].to_json()["segments"] == [
        {"segment": [[0, 1], [1, 1]], "on": True, "cells": [[0, 1], [1, 1]], "drawn": True}
    ]


def test_numberlink_with_fill_cites_rule_4_and_without_it_stops_where_lines_may_leave_cells():
    puzzle = load("numberlink", INSTANCES / "numberlink" / "fill-5x5.txt")
    filled = explain(get_genre("numberlink"), puzzle, switches=["fill"])
    assert filled.status == "solved" and any(4 in step.rules for step in filled.steps)
    plain = explain(get_genre("numberlink"), puzzle)
    assert plain.status == "multiple" and plain.undecided


@pytest.mark.parametrize(
    ("genre", "name", "rules"),
    [("hitori", "none-2x2.txt", [1, 2, 3]), ("numbrix", "parity-2x2.txt", [2, 3, 4])],
)
def test_an_unsolvable_puzzle_is_explained_by_a_conflict_of_clues_and_rules(genre, name, rules):
    explanation = explain(get_genre(genre), load(genre, INSTANCES / genre / name))
    assert explanation.status == "unsolvable" and explanation.steps == []
    [conflict] = explanation.conflicts
    assert (conflict.cells, conflict.rules) == ([], rules)


def test_every_numbered_rule_of_every_rules_file_is_cited_by_some_step():
    # but Numberlink's rule 3 (no closed loop): with fill the stranded region technique says
    # it at fewer cells, and without, a puzzle with a unique solution leaves no room for a
    # loop that no line could take instead; `check` cites it for a stray loop (below)
    cited: dict[str, set[int]] = {"numberlink.lp": {3}}
    for genre, name, switches in SMALL:
        explanation = explain(
            get_genre(genre), load(genre, INSTANCES / genre / name), switches=switches
        )
        rulebook = get_genre(genre).encoding
        cited.setdefault(rulebook, set()).update(r for s in explanation.steps for r in s.rules)
    for encoding, rules in cited.items():
        assert rules == set(read_rulebook(REPO / "encodings" / encoding).rules), encoding


def test_check_of_a_numberlink_answer_with_a_stray_loop_cites_rule_3(tmp_path):
    board = tmp_path / "loop.txt"
    board.write_text("A..A\n....\n....\n....\n")
    puzzle = load("numberlink", board)
    line = dict.fromkeys([(0, 0), (0, 1), (0, 2), (0, 3)], "A")
    loop = dict.fromkeys([(2, 1), (2, 2), (3, 1), (3, 2)], "A")  # a 2x2 loop of line A
    empty = [(1, 0), (1, 1), (1, 2), (1, 3), (2, 0), (2, 3), (3, 0), (3, 3)]
    answer = line | loop | dict.fromkeys(empty, "-")
    result = check(get_genre("numberlink"), puzzle, answer)
    assert result.verdict == "invalid"
    assert [(c.cells, c.rules, c.clues, c.minimal) for c in result.conflicts] == [
        ([((1, 0), "-"), ((1, 1), "-"), ((1, 2), "-"), ((1, 3), "-"), ((2, 1), "A")], [3], [], True)
    ]


# --- steps replayed alone --------------------------------------------------------------------


# genres with a technique file are replayed by tests/test_forward.py (each conclusion proven
# implied on one ground program, far cheaper)
REPLAYED = [case for case in SMALL if not forward.available(get_genre(case[0]))]


@pytest.mark.parametrize(("genre", "name", "switches"), REPLAYED)
def test_each_step_replayed_alone_forces_what_it_claims_and_no_part_of_its_reason_does(
    genre, name, switches
):
    puzzle = load(genre, INSTANCES / genre / name)
    shown = get_genre(genre).feature("explain").shown(puzzle)
    known: dict = {}
    for step in explain(get_genre(genre), puzzle, switches=switches).steps:
        claimed = dict(step.cells) | dict(step.segments)

        def alone(guards=step.guards, clues=step.clues, marks=step.known):
            return consequences(
                genre, puzzle, [], clues, dict(marks), switches=switches, guards=guards
            )

        forced = alone()
        new = {
            cell: value
            for cell, value in forced.items()
            if cell not in known and cell not in shown and cell not in dict(step.known)
        }
        assert claimed.items() <= new.items(), step.text
        assert {rule for kind, rule, _ in step.guards if kind == "rule"} == set(step.rules)
        # minimal: without any one rule instance, clue or known cell, not all claimed is forced
        smaller = [
            ([g for g in step.guards if g != guard], step.clues, step.known)
            for guard in step.guards
        ]
        smaller += [
            (step.guards, [c for c in step.clues if c != clue], step.known) for clue in step.clues
        ]
        smaller += [
            (step.guards, step.clues, [k for k in step.known if k != mark]) for mark in step.known
        ]
        for guards, clues, marks in smaller:
            left = alone(guards, clues, marks)
            assert not claimed.items() <= left.items(), (step.text, guards, clues, marks)
        known.update(claimed)


# --- hint ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("genre", "name", "switches"), SMALL)
def test_a_hint_decides_cells_as_the_solution_has_them_from_nothing_and_from_half(
    genre, name, switches
):
    puzzle = load(genre, INSTANCES / genre / name)
    solution = solution_values(genre, puzzle, switches)
    half = dict(sorted(solution.items())[::2])
    for answer in (None, half):
        given = hint(get_genre(genre), puzzle, answer, switches=switches)
        assert given.status == "hint"
        assert given.step.cells or given.step.segments
        assert all(solution[c] == v for c, v in given.step.cells)
        if given.step.segments:  # Numberlink: segments drawn or not as in the solution
            drawn = solution_segments(puzzle, switches)
            assert all(drawn[segment] == value for segment, value in given.step.segments)
        assert not {cell for cell, _ in given.step.cells} & set(answer or {})


def test_hint_on_a_solved_answer_says_solved_and_on_a_wrong_one_lists_the_conflict():
    solution = solution_values("hitori", HITORI)
    assert hint(get_genre("hitori"), HITORI, solution).status == "solved"
    wrong = hint(get_genre("hitori"), HITORI, {(0, 3): "shaded"})
    assert (wrong.status, wrong.step) == ("invalid", None)
    assert [c.cells for c in wrong.conflicts] == [[((0, 3), "shaded")]]


def test_hint_on_a_puzzle_with_several_solutions_says_nothing_more_is_forced():
    puzzle = load("hidato", INSTANCES / "hidato" / "several-2x2.txt")
    given = hint(get_genre("hidato"), puzzle)
    assert (given.status, given.step) == ("multiple", None)
    assert given.undecided


# --- check: conflicts ------------------------------------------------------------------------


def test_check_verdicts():
    solution = solution_values("hitori", HITORI)
    assert check(get_genre("hitori"), HITORI, solution).verdict == "solved"
    assert check(get_genre("hitori"), HITORI, {(0, 4): "shaded"}).verdict == "consistent"
    assert check(get_genre("hitori"), HITORI, {}).verdict == "consistent"


def test_a_right_answer_is_judged_by_the_solvers_own_program(monkeypatch):
    # the explanation program grounds every number on every cell (a 15x15 Numbrix: 4 s);
    # the solver's own keeps what the givens allow and tells a right answer in milliseconds
    built = []
    explanation_program = Program.__init__

    def counted(self, *args, **kwargs):
        built.append(args[1])
        explanation_program(self, *args, **kwargs)

    monkeypatch.setattr(Program, "__init__", counted)
    numbrix = get_genre("numbrix")
    puzzle = load(numbrix, INSTANCES / "numbrix" / "holes-6x6.txt")
    solution = {c: v for c, v in solution_values("numbrix", puzzle).items() if v is not None}
    assert check(get_genre("numbrix"), puzzle, solution).verdict == "solved"
    assert check(get_genre("numbrix"), puzzle, {(2, 4): 26}).verdict == "consistent"
    assert built == []
    # 20 on r3c5 lies 4 steps from the 22 at r6c6: the solver's program has no atom for it,
    # so nothing extends the answer there, and the explanation program says why
    assert numbrix_atom(puzzle, "number(2,4,20)") is None
    assert extends(numbrix, puzzle, {(2, 4): 20}, ()) is None
    result = check(get_genre("numbrix"), puzzle, {(2, 4): 20})
    assert (result.verdict, built) == ("invalid", [puzzle])
    [conflict] = result.conflicts
    assert (conflict.cells, conflict.rules, conflict.clues, conflict.minimal) == (
        [((2, 4), 20)],
        [2, 3, 4],
        [(5, 5)],
        True,
    )
    # a value's negation (Hitori's unshaded): r1c5 is shaded in the solution
    assert extends(get_genre("hitori"), HITORI, {(0, 4): "shaded"}, ()) is True
    assert extends(get_genre("hitori"), HITORI, {(0, 4): "unshaded"}, ()) is None


def numbrix_atom(puzzle, text: str):
    """The atom `text` in the solver's ground program of a Numbrix, or None."""
    numbrix = get_genre("numbrix")
    ctl = ground(numbrix, "\n".join(numbrix.facts(puzzle))).ctl
    return ctl.symbolic_atoms[clingo.parse_term(text)]


def test_two_shaded_neighbours_break_rule_2_alone():
    result = check(
        get_genre("hitori"), HITORI, {(2, 3): "shaded", (3, 3): "shaded", (0, 0): "unshaded"}
    )
    assert result.verdict == "invalid"
    [conflict] = result.conflicts
    assert (conflict.cells, conflict.rules, conflict.clues) == (
        [((2, 3), "shaded"), ((3, 3), "shaded")],
        [2],
        [],
    )
    assert conflict.text == "rule 2 (shaded cells never share an edge): r3c4 and r4c4 are shaded"


def test_a_dead_end_names_the_marks_and_the_rules_and_clues_that_leave_no_solution():
    # no rule is broken by shading (0,3) alone, but then 5 and 5 beside it must both stay
    # unshaded (rule 2) and share a row (rule 1)
    [conflict] = check(get_genre("hitori"), HITORI, {(0, 3): "shaded"}).conflicts
    assert (conflict.cells, conflict.rules, conflict.clues) == (
        [((0, 3), "shaded")],
        [1, 2],
        [(0, 2), (0, 4)],
    )
    assert conflict.text == (
        "rules 1 (no number appears unshaded twice in a row or in a column) and 2 (shaded "
        "cells never share an edge): r1c4 is shaded, where r1c3 and r1c5 show 5"
    )


def test_hitori_walling_in_an_unshaded_cell_breaks_rule_3():
    # no two numbers alike: any shading that keeps rules 2 and 3 solves it, but shading (0,1)
    # and (1,0) walls in (0,0), which rule 2 keeps unshaded
    puzzle = parse("hitori", "1 2 3\n2 3 1\n3 1 2\n")
    [conflict] = check(get_genre("hitori"), puzzle, {(0, 1): "shaded", (1, 0): "shaded"}).conflicts
    assert (conflict.cells, conflict.rules, conflict.clues) == (
        [((0, 1), "shaded"), ((1, 0), "shaded")],
        [2, 3],
        [],
    )


def test_hidato_a_number_written_twice_breaks_rule_2_and_a_far_successor_rule_3():
    puzzle = load("hidato", INSTANCES / "hidato" / "small-5x5.txt")
    twice = check(get_genre("hidato"), puzzle, {(0, 1): 14, (1, 0): 14})
    assert [(c.cells, c.rules) for c in twice.conflicts] == [([((0, 1), 14), ((1, 0), 14)], [2])]
    far = check(get_genre("hidato"), puzzle, {(4, 0): 24, (0, 1): 25})
    assert [(c.cells, c.rules) for c in far.conflicts] == [([((0, 1), 25), ((4, 0), 24)], [2, 3])]


def check_minimal(genre: str, puzzle, answer: dict, switches=()) -> list:
    """check's conflicts, each shown by brute force to be subset-minimal: under its rule
    instances and clues its marks have no solution, and without any one mark, rule instance
    or clue they have."""
    result = check(get_genre(genre), puzzle, answer, switches=switches)
    assert result.verdict == "invalid"
    for conflict in result.conflicts:
        guards, clues, marks = conflict.guards, conflict.clues, dict(conflict.cells)

        def allowed(guards=guards, clues=clues, marks=marks) -> bool:
            left = consequences(
                get_genre(genre), puzzle, [], clues, marks, switches=switches, guards=guards
            )
            return left is not None

        assert conflict.minimal and not allowed(), conflict.text
        for cell in marks:
            assert allowed(marks={c: v for c, v in marks.items() if c != cell}), (conflict, cell)
        for guard in guards:
            assert allowed(guards=[g for g in guards if g != guard]), (conflict, guard)
        for clue in clues:
            assert allowed(clues=[c for c in clues if c != clue]), (conflict, clue)
    return result.conflicts


@pytest.mark.parametrize(("genre", "name", "switches"), SMALL[::2] + [SMALL[3]])
def test_one_changed_cell_of_the_solution_is_invalid_and_in_a_minimal_conflict(
    genre, name, switches
):
    puzzle = load(genre, INSTANCES / genre / name)
    solution = solution_values(genre, puzzle, switches)
    shown = get_genre(genre).feature("explain").shown(puzzle)
    values = sorted({value for value in solution.values() if value is not None}, key=str)
    changed_cells = [cell for cell in sorted(solution) if cell not in shown][::7][:3]
    for cell in changed_cells:
        other = next(v for v in values if v != solution[cell])
        if genre in ("hidato", "numbrix"):  # swap with the cell that holds the other number
            twin = next(c for c, v in solution.items() if v == other)
            if twin in shown:
                continue
            answer = solution | {cell: other, twin: solution[cell]}
        else:
            answer = solution | {cell: other}
        conflicts = check_minimal(genre, puzzle, answer, switches)
        assert any(
            c in {cell for cell, _ in conflict.cells} for conflict in conflicts for c in [cell]
        ) or genre in ("hidato", "numbrix")


def test_numberlink_a_cell_on_the_wrong_line_is_a_minimal_conflict():
    puzzle = load("numberlink", INSTANCES / "numberlink" / "copris-5x5.txt")
    solution = solution_values("numberlink", puzzle)
    cell = next(
        c
        for c, v in sorted(solution.items())
        if v != "-" and c not in get_genre("numberlink").feature("explain").shown(puzzle)
    )
    other = next(v for v in sorted(set(solution.values())) if v not in ("-", solution[cell]))
    conflicts = check_minimal("numberlink", puzzle, solution | {cell: other})
    assert any(cell in [c for c, _ in conflict.cells] for conflict in conflicts)


# --- time limit ------------------------------------------------------------------------------


def test_out_of_time_check_hint_and_explain_say_timeout_and_give_what_they_have():
    # timeout 0: the time is up before the first question, whatever the machine's speed
    solution = solution_values("hitori", HITORI)
    judged = check(get_genre("hitori"), HITORI, solution, timeout=0)
    assert (judged.verdict, judged.conflicts, judged.timed_out) == ("timeout", [], True)
    given = hint(get_genre("hitori"), HITORI, timeout=0)
    assert (given.status, given.step, given.timed_out) == ("timeout", None, True)
    assert len(given.undecided) == 25
    explanation = explain(get_genre("hitori"), HITORI, timeout=0)
    assert (explanation.status, explanation.steps, explanation.timed_out) == (
        "timeout",
        [],
        True,
    )
    assert explanation.to_json()["timed_out"] is True


def test_a_generous_time_limit_changes_nothing():
    assert [s.text for s in explain(get_genre("hitori"), HITORI, timeout=600).steps] == [
        s.text for s in explain(get_genre("hitori"), HITORI, timeout=None).steps
    ]


ADC_Q01 = CORPUS / "numberlink" / "adc" / "adc_sample_NL_Q01.txt"  # missing: they fail


@without_corpus
def test_check_of_a_10x10_numberlink_answer_with_one_cell_blanked_finds_the_local_conflict():
    puzzle = load("numberlink", ADC_Q01)
    answer = solution_values("numberlink", puzzle) | {(3, 2): "-"}  # on line 2 in the solution
    result = check(get_genre("numberlink"), puzzle, answer, timeout=600)
    assert result.verdict == "invalid" and not result.timed_out
    [conflict] = result.conflicts
    assert (conflict.cells, conflict.rules, conflict.clues, conflict.minimal) == (
        [((2, 3), "3"), ((3, 2), "-"), ((3, 3), "2"), ((4, 3), "5")],
        [1, 2],
        [],
        True,
    )


JANKO = CORPUS / "numberlink" / "thomasahle"


@without_corpus
def test_the_first_solution_is_found_by_the_genres_search_stages_not_the_bare_rules():
    # the explanation program is the rules file bare: alone, it searched 102,446 conflicts
    # (5.8 s) for janko_08's first solution; steered toward the one the stages find, none
    puzzle = load("numberlink", JANKO / "janko_08.txt")
    program = Program(get_genre("numberlink"), puzzle, None, (), None)
    values = program.values([*program.clues, *program.guards])
    assert program.ctl.statistics["solving"]["solvers"]["conflicts"] == 0
    assert {site: value for site, value in values.items() if len(site) == 2} == (
        solution_values("numberlink", puzzle)
    )
    assert {site: value for site, value in values.items() if len(site) == 4} == (
        solution_segments(puzzle)
    )


@without_corpus
def test_a_hint_whose_reason_takes_the_whole_board_gives_up_shrinking_it_sooner(monkeypatch):
    # janko_62 has no step near any cell: its cheapest reason cites most of the board
    puzzle = load("numberlink", JANKO / "janko_62.txt")
    allowed = []
    original = Program.allow
    monkeypatch.setattr(
        Program, "allow", lambda self, calls: (allowed.append(calls), original(self, calls))
    )
    given = hint(get_genre("numberlink"), puzzle)
    assert max(calls for calls in allowed if calls is not None) == choice.HINT_SHRINK_CALLS
    assert given.status == "hint" and not given.step.minimal
    assert given.step.text.endswith(
        "(Not proven the smallest reason: the search for a smaller one was given up, as this"
        " step's reasons are large.)"
    )
    step = given.step
    forced = consequences(
        get_genre("numberlink"),
        puzzle,
        step.rules,
        step.clues,
        dict(step.known),
        guards=step.guards,
    )
    solution = solution_values("numberlink", puzzle) | solution_segments(puzzle)
    assert all(forced[site] == solution[site] for site, _ in [*step.cells, *step.segments])


SNAKE = CORPUS / "hidato" / "rosetta" / "snake_in_the_grass_50x3.txt"


@without_corpus
def test_a_glance_tries_a_bounded_number_of_sites_once_it_has_found_a_local_step(monkeypatch):
    # a long thin Hidato: its local steps lie near the top rows, and the other sites are many
    refuted = []  # each try's core (None: not refuted nearby), in turn
    original = Program.propagated_core

    def recorded(self, items, background):
        refuted.append(original(self, items, background))
        return refuted[-1]

    monkeypatch.setattr(Program, "propagated_core", recorded)
    given = hint(get_genre("hidato"), load("hidato", SNAKE))
    assert given.status == "hint" and given.step.minimal
    first = next(i for i, core in enumerate(refuted) if core is not None)
    assert len(refuted) - 1 - first == choice.GLANCE_TRIES
    assert sum(core is not None for core in refuted) < choice.CANDIDATES_SHRUNK


# --- difficulty ------------------------------------------------------------------------------


def test_difficulty_of_no_steps_is_zero():
    assert difficulty([]) == Difficulty(0, 0, 0, 0, 0, 0.0)


# --- rules files -----------------------------------------------------------------------------

MY_HITORI = """\
%# My Hitori
% Rules:
%   1. shaded cells do not touch by their sides,
%   2. a number is never left unshaded twice in one row or column,
%   3. all unshaded cells hang together.
cell(R,C) :- number(R,C,_).
{ shaded(R,C) } :- cell(R,C).
white(R,C) :- cell(R,C), not shaded(R,C).
root(0,0) :- white(0,0).
root(0,1) :- shaded(0,0), cell(0,1).
reached(R,C) :- root(R,C).
reached(R2,C2) :- reached(R,C), white(R2,C2), |R-R2| + |C-C2| = 1.

% rule 1
:- shaded(R,C), shaded(R,C+1).
:- shaded(R,C), shaded(R+1,C).
% rule 2: in a row, in a column
:- number(R,C1,N), number(R,C2,N), C1 < C2, white(R,C1), white(R,C2).
:- number(R1,C,N), number(R2,C,N), R1 < R2, white(R1,C), white(R2,C).
% rule 3
:- white(R,C), not reached(R,C).

#show shaded/2.
"""


def test_a_rules_file_of_ones_own_is_quoted_with_its_own_numbers(tmp_path):
    mine = tmp_path / "mine.lp"
    mine.write_text(MY_HITORI)
    [conflict] = check(
        get_genre("hitori"), HITORI, {(2, 3): "shaded", (3, 3): "shaded"}, encoding=mine
    ).conflicts
    assert conflict.text == (
        "rule 1 (shaded cells do not touch by their sides): r3c4 and r4c4 are shaded"
    )
    first = explain(get_genre("hitori"), HITORI, encoding=mine).steps[0]
    assert (first.cells, first.rules) == ([((0, 3), "unshaded")], [1, 2])  # no techniques


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            ("% rule 3\n", "% rule 4\n"),
            "mine.lp:20:1: the tag cites rule 4, which the header does not number (its rules: "
            + "1, 2, 3)",
        ),
        (("%   3.", "%   2."), "mine.lp:5:1: the header numbers rule 2 twice"),
        (
            ("%   1.", "%    "),
            "mine.lp:14:1: the tag cites rule 1, which the header does not number (its rules: "
            + "2, 3)",
        ),
        (
            ("% rule 2: in a row", "% rules 2 or 3"),
            "mine.lp:17:1: cannot read the tag 'rules 2 or 3, in a column': write 'rule N:', "
            + "'rules N and M:' or 'rules N, M and K:'",
        ),
        (
            ("% rule 3\n:- white(R,C), not reached(R,C).\n", "% rule 3\n"),
            "mine.lp:20:1: this tag stands above no statement (a blank line or the end of the "
            + "file follows the comment)",
        ),
        (
            ("% rule 3\n:- white(R,C), not reached(R,C).\n\n#show", "% rule 3\n#show"),
            "mine.lp:21:1: a rule tag must stand above rules, not directives",
        ),
    ],
)
def test_a_rules_file_that_breaks_the_convention_is_refused_with_file_and_line(
    tmp_path, change, message
):
    mine = tmp_path / "mine.lp"
    mine.write_text(MY_HITORI.replace(*change))
    with pytest.raises(RulesError) as refused:
        check(get_genre("hitori"), HITORI, {}, encoding=mine)
    assert str(refused.value) == f"{mine.parent}/{message}"


def test_a_header_without_numbered_rules_is_refused(tmp_path):
    mine = tmp_path / "mine.lp"
    mine.write_text("% no rules here\n{ shaded(R,C) } :- number(R,C,_).\n")
    with pytest.raises(RulesError, match="numbers no rules"):
        hint(get_genre("hitori"), HITORI, encoding=mine)


def test_the_built_in_rules_files_follow_the_convention():
    for encoding in sorted((REPO / "encodings").glob("*.lp")):
        if encoding.name.endswith(".techniques.lp"):  # companion files: no numbered rules
            continue
        if encoding.name in DEFINITIONS_ONLY:  # the including file numbers the rule they serve
            continue
        rulebook = read_rulebook(encoding)
        assert list(rulebook.rules) == list(range(1, len(rulebook.rules) + 1)), encoding
        header = encoding.read_text().split("\n\n")[0]
        assert "README" in header or "docs/rules-files.md" in header, encoding


def test_check_hint_explain_and_consequences_take_a_genre_on_either_engine():
    # a genre's name becomes its Genre at the edge (command line, library top level, server,
    # workers); below it, explanations take the Genre
    hitori = get_genre("hitori")
    wrong = {(0, 0): "shaded"}  # r1c1 shows 3, which no other cell of its lines repeats
    assert explaining.check(hitori, HITORI, wrong).verdict == "invalid"
    for engine in ("rules", "forward"):
        assert explaining.hint(hitori, HITORI, wrong, engine=engine).status == "invalid"
        assert explaining.explain(hitori, HITORI, engine=engine).status == "solved"
    # rule 2 alone: the neighbours of shaded r1c5 are unshaded
    forced = explaining.consequences(hitori, HITORI, [2], [], {(0, 4): "shaded"})
    assert forced == {(0, 3): "unshaded", (0, 4): "shaded", (1, 4): "unshaded"}

"""The forward engine (puzzlesolve/explain/forward.py) and every genre's technique file
(encodings/<stem>.techniques.lp), with real clingo.

Generic over the genres that have a technique file, so a new one is tested as soon as it
lands: each conclusion a round draws on partial solutions of small boards is proven implied
by the rules file (the rules, the instance, the known sites and the conclusion negated have
no answer set); explanations of corpus puzzles agree with the unique solution step by step.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import clingo
import pytest
from conftest import CORPUS, REPO, by_name, rules_copy

from puzzlesolve import explain as explaining
from puzzlesolve import get_genre, load, parse
from puzzlesolve.explain import forward
from puzzlesolve.explain.rounds import State
from puzzlesolve.explain.sites import Cell, Segment
from puzzlesolve.explain.truth import solve_truth
from puzzlesolve.genres import GENRES
from puzzlesolve.program import ground

explain, hint = map(by_name, (explaining.explain, explaining.hint))

INSTANCES = REPO / "instances"
FORWARD = sorted(name for name in GENRES if forward.available(get_genre(name)))

# small boards of each genre (with their switches) whose partial solutions the rounds see
BOARDS = {
    "hidato": [("small-5x5.txt", ()), ("voids-6x7.txt", ())],
    "numbrix": [("one-character-3x3.txt", ()), ("holes-6x6.txt", ()), ("small-5x5.txt", ())],
    "numberlink": [
        ("copris-5x5.txt", ()),
        ("fill-5x5.txt", ("fill",)),
        ("two-ways-3x3.txt", ("no_self_touch",)),
        ("self-touch-4x5.txt", ("fill", "no_self_touch")),
        ("self-touch-4x5.txt", ()),
    ],
}
"""Boards per genre; a genre not listed takes the unique instances of instances/<genre>/ up
to 49 cells."""

SHARES = (0.0, 0.3, 0.6, 0.85)
"""The share of the solution's undecided sites known in each state tried."""


def boards(genre: str) -> list[tuple[str, tuple[str, ...]]]:
    if genre in BOARDS:
        return BOARDS[genre]
    found = []
    for path in sorted((INSTANCES / genre).glob("*.txt")):
        puzzle = load(genre, path)
        if puzzle.rows * puzzle.cols <= 49 and path.with_suffix(".sol").exists():
            found.append((path.name, ()))
    return found


def literal_text(genre, puzzle, site, value) -> tuple[str, bool]:
    """The rules file's atom for "site holds value", and whether it holds then."""
    glue = get_genre(genre).feature("explain")
    if isinstance(site, Segment):
        pair = (site.row1, site.col1, site.row2, site.col2)
        return glue.segments(puzzle)[pair], bool(value)
    return glue.literal(puzzle, site.cells[0], value)


def holds(genre, puzzle, site, value, truly: bool) -> str:
    """A constraint that makes "site holds value" come out `truly`."""
    atom, positive = literal_text(genre, puzzle, site, value)
    return f":- {'not ' if positive == truly else ''}{atom}."


def proven(genre, puzzle, switches, state: State, engine, conclusion) -> bool:
    """The rules file, the instance, the state and the conclusion negated: no answer set."""
    lines = list(get_genre(genre).facts(puzzle))
    for site, value in state.known.items():
        lines.append(holds(genre, puzzle, site, engine.value(site, value), True))
    for site, value in state.struck:
        lines.append(holds(genre, puzzle, site, engine.value(site, value), False))
    value = engine.value(conclusion.site, conclusion.value)
    lines.append(holds(genre, puzzle, conclusion.site, value, not conclusion.decided))
    ctl = ground(get_genre(genre), "\n".join(lines), switches=list(switches)).ctl
    return ctl.solve().unsatisfiable


def states(engine, truth, seed: int) -> list[State]:
    """The givens, then random shares of the solution's other sites known; and (genres with
    segments) every segment known, no further cell."""
    rng = random.Random(seed)
    others = [site for site in engine.sites if site not in engine.known and truth.forced(site)]
    found = []
    for share in SHARES:
        chosen = rng.sample(others, int(share * len(others)))
        known = dict(engine.known)
        for site in chosen:
            value = truth.drawn[site] if isinstance(site, Segment) else truth.values[site.cells[0]]
            known[site] = engine.symbol(site, value)
        found.append(State(known))
    segments = {site: truth.drawn[site] for site in others if isinstance(site, Segment)}
    if segments:  # every segment drawn or not, and no cell's line known
        found.append(State(engine.known | {s: engine.symbol(s, v) for s, v in segments.items()}))
    return found


def fired(genre: str, name: str, switches) -> list[tuple]:
    """Every conclusion the technique file draws on the board's states, with its state."""
    genre_record = get_genre(genre)
    puzzle = load(genre_record, INSTANCES / genre / name)
    truth = solve_truth(genre_record, puzzle, switches, None)
    engine = forward.Engine.start(genre_record, puzzle, switches, truth)
    found = []
    for seed, state in enumerate(states(engine, truth, 7)):
        outcome = engine.file.run(state)
        for conclusion in outcome.conclusions:
            if conclusion.site not in state.known:
                found.append((puzzle, state, engine, conclusion, seed))
    return found


@pytest.mark.parametrize("genre", FORWARD)
def test_every_conclusion_of_a_round_is_implied_by_the_rules(genre):
    for name, switches in boards(genre):
        by_technique: dict[str, int] = {}
        for puzzle, state, engine, conclusion, _ in fired(genre, name, switches):
            # at most 6 proofs per technique and board: each is a solver call
            if by_technique.get(conclusion.technique, 0) >= 6:
                continue
            by_technique[conclusion.technique] = by_technique.get(conclusion.technique, 0) + 1
            assert proven(genre, puzzle, switches, state, engine, conclusion), (
                name,
                switches,
                conclusion,
            )


@pytest.mark.parametrize(
    ("genre", "techniques"),
    [
        (
            "hidato",
            {
                "between",
                "cornered",
                "only_cell",
                "last_number",
                "walk_only_cell",
                "walk_last_number",
                "two_neighbours",
                "gap_count",
            },
        ),
        (
            "numberlink",
            {
                "follow",
                "full",
                "two_colours",
                "only_exit",
                "dead_end",
                "follow_border",
                "touch",
                "loop",
                "reach",
                "stranded",
                "block",
                "corner",
            },
        ),
    ],
)
def test_every_technique_fires_on_the_small_boards_and_so_is_proven(genre, techniques):
    seen = set()
    for name, switches in boards(genre) + boards("numbrix") * (genre == "hidato"):
        board_genre = (
            "numbrix" if (genre == "hidato" and (name, switches) in BOARDS["numbrix"]) else genre
        )
        seen |= {found[3].technique for found in fired(board_genre, name, switches)}
    assert seen == techniques


def test_a_technique_file_conclusion_that_the_rules_do_not_imply_is_refuted():
    # the proof can fail: r1c1 of one-character-3x3 holds 9 (its solution), not 8
    puzzle = load("numbrix", INSTANCES / "numbrix" / "one-character-3x3.txt")
    genre = get_genre("numbrix")
    truth = solve_truth(genre, puzzle, (), None)
    engine = forward.Engine.start(genre, puzzle, (), truth)
    wrong = forward.Conclusion("between", Cell(0, 0), clingo.Number(8), True)
    right = forward.Conclusion("between", Cell(0, 0), clingo.Number(9), True)
    state = State(dict(engine.known))
    assert not proven("numbrix", puzzle, (), state, engine, wrong)
    assert proven("numbrix", puzzle, (), state, engine, right)


# --- explanations agree with the solution ---------------------------------------------------


def corpus(
    limit: int, smaller: dict[str, int] | None = None
) -> list[tuple[str, str, tuple[str, ...]]]:
    """Unique corpus puzzles of the forward genres up to `limit` cells (a genre of `smaller`
    up to its own limit)."""
    manifest = json.loads((CORPUS / "manifest.json").read_text())
    most = smaller or {}
    return [
        (entry["genre"], entry["path"], ("fill",) if entry["variant"] == "fill" else ())
        for entry in manifest
        if entry["genre"] in FORWARD
        and entry["unique"]
        and entry["rows"] * entry["cols"] <= most.get(entry["genre"], limit)
    ]


def agrees_step_by_step(genre: str, path, switches) -> None:
    genre_record = get_genre(genre)
    puzzle = load(genre_record, path)
    truth = solve_truth(genre_record, puzzle, switches, None)
    explanation = explain(genre_record, puzzle, switches=switches, engine="forward")
    assert explanation.status == "solved"
    assert explanation.bugs == []
    for step in explanation.steps:
        for cell, value in step.cells:
            assert truth.values[cell] == value, (path, step.text)
        for pair, drawn in step.segments:
            assert truth.drawn[Segment(*pair)] == drawn, (path, step.text)
        for site, values in step.narrowed:
            assert truth.values[site.cells[0]] not in values, (path, step.text)
    decided = {cell for step in explanation.steps for cell, _ in step.cells}
    shown = get_genre(genre).feature("explain").shown(puzzle)
    assert decided | set(shown) >= set(truth.values)


@pytest.mark.parametrize(("genre", "path", "switches"), corpus(36))
def test_corpus_explanations_up_to_36_cells_agree_with_the_solution(genre, path, switches):
    agrees_step_by_step(genre, CORPUS / path, switches)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("genre", "path", "switches"),
    # Numberlink's 19 boards of 10x10 take 5-25 s each to explain: those up to 9x9 stand for them
    [case for case in corpus(100, {"numberlink": 81}) if case not in corpus(36)],
)
def test_corpus_explanations_up_to_100_cells_agree_with_the_solution(genre, path, switches):
    agrees_step_by_step(genre, CORPUS / path, switches)


# --- the engine's policy and text -------------------------------------------------------------


def test_numbrix_explanation_exact():
    puzzle = parse("numbrix", "---\n-16\n3--\n")
    explanation = explain(get_genre("numbrix"), puzzle)
    assert [step.text for step in explanation.steps] == [
        "r1c1 holds 9 and r1c2 holds 8 by last number, since r2c3 holds 6.",
        # the round's conclusions of tier 2 are used before a new round finds between
        "r3c3 holds 5 by only cell, since r2c3 holds 6 and r3c1 holds 3.",
        "r1c3 holds 7 by between, since r1c2 holds 8 and r2c3 holds 6.",
        "r3c2 holds 4 by between, since r3c1 holds 3 and r3c3 holds 5.",
        "r2c1 holds 2 by between, since r2c2 holds 1 and r3c1 holds 3.",
    ]
    assert explanation.status == "solved"
    assert explanation.difficulty.technique_tier == 2
    assert explanation.difficulty.grade == "medium"


def test_numberlink_bookkeeping_is_folded_into_the_step_that_causes_it():
    puzzle = load("numberlink", INSTANCES / "numberlink" / "two-ways-3x3.txt")
    explanation = explain(get_genre("numberlink"), puzzle, switches=["no_self_touch"])
    texts = [step.text for step in explanation.steps]
    assert texts[1] == (
        "r1c1-r2c1 is drawn by only exit, since r1c1 lies on line A; so r2c1 lies on line A."
    )
    assert explanation.status == "solved" and explanation.difficulty.trials == 0


def test_a_step_no_technique_makes_is_a_trial_and_says_so():
    puzzle = load("numberlink", INSTANCES / "numberlink" / "fill-5x5.txt")
    explanation = explain(get_genre("numberlink"), puzzle, switches=["fill"])
    trials = [step for step in explanation.steps if step.technique == "trial"]
    assert explanation.difficulty.trials == len(trials) >= 1
    assert all(" by trial: " in step.text or " by a case" in step.text for step in trials)
    assert explanation.difficulty.grade in ("hard", "expert")


def test_a_hint_is_the_easiest_step_and_decides_one_site():
    puzzle = load("numbrix", INSTANCES / "numbrix" / "one-character-3x3.txt")
    given = hint(get_genre("numbrix"), puzzle)
    assert given.status == "hint"
    assert given.step.text == "r1c1 holds 9 by last number, since r2c3 holds 6."
    # with r1c2 and r1c1 marked, the easiest is between
    given = hint(get_genre("numbrix"), puzzle, {(0, 1): 8, (0, 0): 9})
    assert given.step.text == "r1c3 holds 7 by between, since r1c2 holds 8 and r2c3 holds 6."


def test_a_hint_on_wrong_marks_names_the_conflict_as_before():
    puzzle = load("numbrix", INSTANCES / "numbrix" / "one-character-3x3.txt")
    given = hint(get_genre("numbrix"), puzzle, {(0, 1): 7})
    assert given.status == "invalid" and given.conflicts


def test_a_puzzle_with_several_solutions_stops_where_nothing_is_forced():
    puzzle = load("numberlink", INSTANCES / "numberlink" / "two-ways-3x3.txt")
    explanation = explain(get_genre("numberlink"), puzzle)
    assert explanation.status == "multiple"
    assert explanation.bugs == []
    assert explanation.difficulty.complete is False


def test_the_rules_engine_is_kept_for_genres_and_rules_files_without_techniques():
    assert "hidato" in FORWARD and "numberlink" in FORWARD
    puzzle = load("numbrix", INSTANCES / "numbrix" / "one-character-3x3.txt")
    by_rules = explain(get_genre("numbrix"), puzzle, engine="rules")
    assert by_rules.steps[0].rules  # the rules engine cites numbered rules
    assert not forward.available(get_genre("numbrix"), REPO / "instances" / "hitori" / "x.lp")


EXTREME_8X8 = CORPUS / "numberlink" / "flowfree" / "extreme_8x8_01.txt"


@pytest.mark.skipif(not EXTREME_8X8.is_file(), reason="shared corpus missing")
def test_a_rule_the_only_solution_keeps_is_assumed_before_a_trial_and_said():
    puzzle = load("numberlink", EXTREME_8X8)
    explanation = explain(get_genre("numberlink"), puzzle, switches=["fill"])
    assumed = [step for step in explanation.steps if step.assumed]
    assert explanation.status == "solved" and explanation.bugs == []
    assert explanation.difficulty.trials == 0 and len(assumed) == 19
    assert assumed[0].text == (
        "r1c2-r2c2 and r2c1-r2c2 are not drawn by no bend in a block, since r1c1-r1c2 and "
        "r1c1-r2c1 are drawn (assuming --no-self-touch, whose rule the puzzle's only solution "
        "keeps)."
    )
    assert assumed[0].to_json()["assumed"] == "no_self_touch"


SANDWICH = """\
%# Hitori techniques (a test's): sandwich, and a shaded cell's neighbours (bookkeeping)
technique(sandwich, 1, "sandwich", "a cell between two equal numbers stays unshaded").
technique(beside, 0, "beside", "a shaded cell's neighbours are unshaded").
decide(sandwich,c(R,C),unshaded) :- number(R,C-1,N), number(R,C+1,N), not known(c(R,C),_).
rests(sandwich,c(R,C),unshaded,c(R,C-1)) :- decide(sandwich,c(R,C),unshaded).
rests(sandwich,c(R,C),unshaded,c(R,C+1)) :- decide(sandwich,c(R,C),unshaded).
decide(beside,c(R2,C2),unshaded) :- known(c(R,C),shaded), number(R2,C2,_),
                                    |R-R2| + |C-C2| = 1, not known(c(R2,C2),_).
rests(beside,c(R2,C2),unshaded,c(R,C)) :- decide(beside,c(R2,C2),unshaded),
                                          known(c(R,C),shaded), |R-R2| + |C-C2| = 1.
#show decide/3.
#show rests/4.
"""


def test_any_genre_with_a_technique_file_beside_its_rules_is_explained_by_it(tmp_path):
    # Hitori, with a rules file of one's own and a companion of two techniques
    mine = rules_copy(tmp_path, (REPO / "encodings" / "hitori.lp").read_text())
    (tmp_path / "mine.techniques.lp").write_text(SANDWICH)
    puzzle = load("hitori", INSTANCES / "hitori" / "ai-course-5x5.txt")
    explanation = explain(get_genre("hitori"), puzzle, encoding=mine)
    texts = [step.text for step in explanation.steps]
    assert texts[:2] == [
        "r1c4 is unshaded by sandwich, since r1c3 and r1c5 show 5.",
        "r2c3 is unshaded by sandwich, since r2c2 and r2c4 show 3.",
    ]
    assert explanation.status == "solved" and explanation.bugs == []
    assert explanation.difficulty.trials == len(explanation.steps) - 2 - sum(
        step.tier == 0 for step in explanation.steps
    )
    # bookkeeping is folded into the trial that shaded a cell
    assert any("; so " in text for text in texts)


def test_what_several_solutions_share_is_read_whatever_the_order_of_values():
    """Hitori's two values are one atom (shaded(R,C) and its negation): both must be read,
    whatever order a set gives them (string hashing differs from process to process)."""
    script = (
        "from puzzlesolve.registry import get_genre\n"
        "from puzzlesolve.explain.truth import solve_truth\n"
        "genre = get_genre('hitori')\n"
        "path = 'instances/hitori/several-3x3.txt'\n"
        "puzzle = genre.parse(open(path).read(), path)\n"
        "print(sorted(solve_truth(genre, puzzle, [], None).values.items()))\n"
    )
    for seed in ("0", "1", "2", "3"):
        done = subprocess.run(
            [sys.executable, "-c", script],
            cwd=REPO,
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        )
        assert done.stdout.strip() == (
            "[((1, 0), 'unshaded'), ((1, 1), 'unshaded'), ((1, 2), 'unshaded')]"
        ), seed


def test_flow_free_extreme_levels_grade_harder_than_the_regular_level_of_their_size():
    # both need tier 4 (no-self-touch blocks): the extreme level in 27 of its 95 steps, the
    # regular one in 8 of 73, under Numberlink's OFTEN_HARDER share of an eighth
    grades = {}
    for level in ("extreme", "regular"):
        puzzle = load("numberlink", CORPUS / "numberlink" / "flowfree" / f"{level}_9x9_01.txt")
        graded = explain(get_genre("numberlink"), puzzle, switches=["fill"]).difficulty
        grades[level] = (graded.technique_tier, graded.at_hardest, graded.steps, graded.grade)
    assert grades == {"extreme": (4, 27, 95, "expert"), "regular": (4, 8, 73, "hard")}

"""The rules engine's parts: the step choice (`choice.StepChoice`) works on the session's state
(`state.State`) given to it, records its decisions there and returns them as `Decision`s,
which the wording (`text.Wording.step`) tells."""

import pytest
from conftest import REPO

from puzzlesolve import get_genre, load
from puzzlesolve.explain import consequences, explain
from puzzlesolve.explain.choice import Decision, StepChoice
from puzzlesolve.explain.session import Session
from puzzlesolve.explain.state import State

AI_COURSE = REPO / "instances" / "hitori" / "ai-course-5x5.txt"


def hitori_session(answer=None):
    return Session(get_genre("hitori"), load("hitori", AI_COURSE), answer, None, ())


def told(decisions: list[Decision]) -> list[tuple]:
    return [
        ([(item.site, item.value) for item in decision.decided], sorted(decision.because))
        for decision in decisions
    ]


def test_the_first_round_decides_three_cells_between_pairs_and_records_them_in_the_state():
    session = hitori_session()
    todo = session.todo(session.forced())
    decisions = session.choice.steps(todo)
    assert told(decisions) == [
        ([((0, 3), "unshaded")], [(0, 2), (0, 4)]),
        ([((1, 2), "unshaded")], [(1, 1), (1, 3)]),
        ([((2, 4), "unshaded")], [(1, 4), (3, 4)]),
    ]
    # four steps were as cheap (the fourth decides a cell the second cites): the first says so
    assert [(d.choices, d.minimal, d.out_of_time) for d in decisions] == [
        (4, True, False),
        (0, True, False),
        (0, True, False),
    ]
    assert session.state.learnt == [item for d in decisions for item in d.decided]
    assert session.state.known == {
        (0, 3): "unshaded",
        (1, 2): "unshaded",
        (2, 4): "unshaded",
    }


def test_a_decision_is_told_by_the_wording_alone():
    session = hitori_session()
    [decision] = session.choice.steps(session.todo(session.forced()), batch=False)
    step = session.wording.step(decision)
    assert step.text == (
        "r1c4 is unshaded by rule 1 (r1c3, r1c5) and rule 2 (r1c3, r1c4), since r1c3 and r1c5 "
        "show 5."
    )
    assert (step.cells, step.clues, step.rules, step.cost, step.choices) == (
        [((0, 3), "unshaded")],
        [(0, 2), (0, 4)],
        [1, 2],
        8,
        4,
    )


def test_a_step_choice_needs_only_a_state_and_sees_the_answers_marks_there():
    session = hitori_session()
    # the marks of an answer: r1c4 and r2c3 unshaded, as the first round decides them
    state = State.of(session.program, {(0, 3): "unshaded", (1, 2): "unshaded"})
    assert [(mark.site, mark.value) for mark in state.marks] == [
        ((0, 3), "unshaded"),
        ((1, 2), "unshaded"),
    ]
    choice = StepChoice(state)
    forced = session.todo(session.forced())
    todo = {site: value for site, value in forced.items() if site not in state.known}
    first = choice.step(todo)
    # the cell between a pair the first round left for later (another step of it cites r2c4),
    # and what the same reason forces beside it: r3c4, the pair's other 4, shaded
    assert told([first]) == [([((1, 3), "unshaded"), ((2, 3), "shaded")], [(0, 3), (2, 3)])]
    assert state.known[(1, 3)] == "unshaded" and state.learnt == first.decided


@pytest.mark.parametrize(
    ("name", "file"), [("hitori", "ai-course-5x5.txt"), ("numberlink", "copris-5x5.txt")]
)
def test_each_step_of_the_rules_engine_replayed_alone_forces_what_it_claims(name, file):
    genre = get_genre(name)
    # every built-in genre is explained by the forward engine now (test_explain's replay
    # test has no case left): the rules engine's steps, asked for by name, replayed here
    puzzle = load(genre, REPO / "instances" / name / file)
    shown = get_genre(genre).feature("explain").shown(puzzle)
    explained = explain(get_genre(genre), puzzle, engine="rules")
    assert explained.status == "solved"
    known: dict = {}
    for step in explained.steps:
        claimed = dict(step.cells) | dict(step.segments)
        forced = consequences(
            get_genre(genre), puzzle, [], step.clues, dict(step.known), guards=step.guards
        )
        new = {
            site: value
            for site, value in forced.items()
            if site not in known and site not in shown and site not in dict(step.known)
        }
        assert claimed.items() <= new.items(), step.text
        known.update(claimed)

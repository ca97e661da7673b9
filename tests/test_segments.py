"""Numberlink answers given as segments (drawn or not), judged by check and hint with real
clingo: every breach of the rules by the drawn lines is found (a stray loop, a branch, a
crossing, a line joining two numbers) and named by its segments; a right partial line is
consistent; every segment decided is a complete answer."""

from __future__ import annotations

from itertools import pairwise

from conftest import REPO

from puzzlesolve import explain, parse
from puzzlesolve.registry import get_genre

NUMBERLINK = get_genre("numberlink")
INSTANCES = REPO / "instances" / "numberlink"


def segment(a, b):
    return (*min(a, b), *max(a, b))


def drawn(*cells):
    """The segments along `cells`, each drawn."""
    return {segment(a, b): True for a, b in pairwise(cells)}


def conflicts(board: str, answer: dict) -> tuple[str, list]:
    puzzle = parse(NUMBERLINK, board, "board.txt")
    result = explain.check(NUMBERLINK, puzzle, answer)
    return result.verdict, [
        (c.segments, c.cells, c.rules, c.clues, c.minimal) for c in result.conflicts
    ]


WIDE = "A..A\n....\n....\n....\n"  # A's line may go anywhere


def test_a_stray_loop_is_invalid_and_named_by_its_segments():
    loop = drawn((2, 1), (2, 2), (3, 2), (3, 1), (2, 1))
    # as one label per cell the loop said nothing (no label reaches it): "consistent"
    assert conflicts(WIDE, loop) == (
        "invalid",
        [([(s, True) for s in sorted(loop)], [], [2, 3], [], True)],
    )
    conflict = explain.check(NUMBERLINK, parse(NUMBERLINK, WIDE, "b"), loop).conflicts[0]
    assert conflict.to_json()["segments"] == [
        {"segment": [[2, 1], [2, 2]], "on": True},
        {"segment": [[2, 1], [3, 1]], "on": True},
        {"segment": [[2, 2], [3, 2]], "on": True},
        {"segment": [[3, 1], [3, 2]], "on": True},
    ]
    assert conflict.text.endswith(
        ": segments r3c2-r3c3, r3c2-r4c2, r3c3-r4c3 and r4c2-r4c3 are drawn"
    )


def test_a_branch_out_of_an_endpoint_is_invalid():
    branch = drawn((0, 1), (0, 0), (1, 0))
    assert conflicts(WIDE, branch) == (
        "invalid",
        [([((0, 0, 0, 1), True), ((0, 0, 1, 0), True)], [], [2], [(0, 0), (0, 3)], True)],
    )


def test_a_crossing_is_invalid():
    board = "..A..\nB...B\n..A..\n.....\n"  # solvable: B goes round by the bottom row
    cross = drawn((0, 2), (1, 2), (2, 2)) | drawn((1, 1), (1, 2), (1, 3))
    verdict, found = conflicts(board, cross)
    assert verdict == "invalid"
    assert found[0] == (
        [((0, 2, 1, 2), True), ((1, 1, 1, 2), True), ((1, 2, 1, 3), True)],
        [],
        [2],
        [],
        True,
    )


def test_a_line_joining_two_numbers_is_invalid():
    board = "A.B\n...\nA.B\n"
    assert conflicts(board, drawn((0, 0), (0, 1), (0, 2))) == (
        "invalid",
        [
            (
                [((0, 0, 0, 1), True), ((0, 1, 0, 2), True)],
                [],
                [1],
                [(0, 0), (0, 2), (2, 0), (2, 2)],
                True,
            )
        ],
    )


def test_a_right_partial_line_is_consistent_and_every_segment_decided_is_complete():
    board = "A.B\n...\nA.B\n"
    assert conflicts(board, drawn((0, 0), (1, 0))) == ("consistent", [])
    puzzle = parse(NUMBERLINK, board, "board.txt")
    lines = drawn((0, 0), (1, 0), (2, 0)) | drawn((0, 2), (1, 2), (2, 2))
    every = {s: s in lines for s in NUMBERLINK.feature("explain").segments(puzzle)}
    assert explain.check(NUMBERLINK, puzzle, every).verdict == "solved"
    # both of an endpoint's segments said not drawn
    assert explain.check(
        NUMBERLINK, puzzle, {(0, 0, 0, 1): False, (0, 0, 1, 0): False}
    ).verdict == ("invalid")


def test_hint_builds_on_segments_and_refuses_a_loop():
    puzzle = parse(NUMBERLINK, WIDE, "board.txt")
    loop = drawn((2, 1), (2, 2), (3, 2), (3, 1), (2, 1))
    assert explain.hint(NUMBERLINK, puzzle, loop).status == "invalid"
    copris = parse(NUMBERLINK, (INSTANCES / "copris-5x5.txt").read_text(), "copris-5x5.txt")
    # line 3 drawn whole (r2c1 to r5c1): the next step is elsewhere
    line_3 = drawn((1, 0), (2, 0), (3, 0), (4, 0))
    result = explain.hint(NUMBERLINK, copris, line_3)
    assert result.status == "hint"
    assert result.step.to_json()["text"] == (
        "r1c1-r1c2 is drawn by only exit, since r1c1 lies on line 1."
    )


def test_a_conflict_is_about_the_wrong_segments_not_a_right_line_beside_them():
    copris = parse(NUMBERLINK, (INSTANCES / "copris-5x5.txt").read_text(), "copris-5x5.txt")
    line_1 = drawn((0, 0), (0, 1), (0, 2), (0, 3), (1, 3), (2, 3))  # as the solution draws it
    loop = drawn((2, 1), (2, 2), (3, 2), (3, 1), (2, 1))
    [conflict] = explain.check(NUMBERLINK, copris, line_1 | loop).conflicts
    # the loop alone: line 1, drawn as the solution draws it, is not part of it
    assert (conflict.segments, conflict.rules, conflict.minimal) == (
        [(s, True) for s in sorted(loop)],
        [2, 3],
        True,
    )

"""Fillomino on the web page, through the server's API: the numbers board (sizes typed into
cells, region borders drawn as they close), its marks read as an answer, check and hint."""

from __future__ import annotations

import pytest
from conftest import post

from puzzlesolve import get_genre, load
from puzzlesolve.genres.fillomino import draw
from puzzlesolve.genres.fillomino.draw import page_board, page_marks

FIVE = "instances/fillomino/tatham-5x5.txt"


def test_the_board_is_the_numbers_kind_with_regions():
    genre = get_genre("fillomino")
    board = page_board(genre, load(genre, FIVE))
    assert draw.PAGE == "numbers" and board["regions"] is True and board["total"] == 25
    assert board["cells"][0] == [3, 5, None, None, None]


def test_marks_are_an_answer_with_the_givens():
    board = load("fillomino", FIVE)
    answer = page_marks(board, {(1, 0): 3})
    assert answer[1, 0] == 3 and answer[0, 0] == 3 and len(answer) == 10
    with pytest.raises(ValueError, match="the puzzle gives 3 here, found 4"):
        page_marks(board, {(0, 0): 4})
    with pytest.raises(ValueError, match="a size outside 1..25"):
        page_marks(board, {(0, 2): 26})


BODY = {"genre": "fillomino", "source": {"example": "tatham-5x5"}}


def test_the_server_loads_checks_and_hints(client):
    loaded = post(client, "load", BODY)
    assert loaded["board"]["regions"] is True and loaded["board"]["cells"][1][3] == 3
    wrong = post(client, "check", {**BODY, "answer": [[1, 0, 3], [2, 0, 3], [3, 0, 3]]})
    assert wrong["verdict"] == "invalid" and [3, 0] in wrong["conflicts"][0]["cells"]
    hint = post(client, "hint", {**BODY, "answer": [[1, 0, 3]]})
    assert hint["status"] == "hint" and hint["step"]["techniques"] == ["no room"]
    assert hint["step"]["narrows"][0] == {
        "cell": [0, 2],
        "not": [6, 7, 8, 9],
        "left": [1, 2, 3, 4, 5],
    }

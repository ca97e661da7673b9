"""Yajilin on the web page's server (Starlette's test client, real clingo in the workers): the
shadeloop board, its marks (cells shaded or not beside the loop's segments), check, hint,
solve, settled and the solved verdict of a finished board."""

from __future__ import annotations

from pathlib import Path

from conftest import post

from puzzlesolve.registry import get_genre

INSTANCES = Path(__file__).resolve().parents[3] / "instances"
YAJILIN = {"genre": "yajilin", "source": {"example": "pzprjs-5x5"}}
GENRE = get_genre("yajilin")
PUZZLE = GENRE.parse((INSTANCES / "yajilin" / "pzprjs-5x5.txt").read_text(), "x")
SOLVED = GENRE.read_answer(PUZZLE, (INSTANCES / "yajilin" / "pzprjs-5x5.sol").read_text(), "s")
LOOP = sorted([list(a), list(b)] for a, b in (s for s in SOLVED if isinstance(s[0], tuple)))


def test_load_draws_the_clues_on_the_shadeloop_board(client):
    board = post(client, "load", YAJILIN)["board"]
    assert (board["kind"], board["rows"], board["cols"]) == ("shadeloop", 5, 5)
    assert board["cells"][2] == [None, None, None, "2←", None]
    assert board["cells"][4][4] == "0↑"


def test_solve_gives_the_shading_and_the_loop(client):
    result = post(client, "solve", YAJILIN)
    assert result["status"] == "unique"
    assert result["solutions"] == [{"shaded": [[2, 0], [2, 2], [4, 3]], "segments": LOOP}]


def test_the_loop_drawn_whole_is_solved_without_a_shaded_mark(client):
    # on paper the cells the loop leaves are shaded: a finished loop solves the puzzle
    segments = [{"segment": pair, "on": True} for pair in LOOP]
    assert post(client, "solved", {**YAJILIN, "segments": segments}) == {"solved": True}
    assert post(client, "solved", {**YAJILIN, "segments": segments[1:]}) == {"solved": False}


def test_check_names_two_shaded_neighbours(client):
    result = post(client, "check", {**YAJILIN, "answer": [[2, 0, "shaded"], [2, 1, "shaded"]]})
    assert result["verdict"] == "invalid"
    assert result["conflicts"][0]["rules"] == [3]
    assert result["conflicts"][0]["cells"] == [[2, 0], [2, 1]]


def test_a_mark_on_a_clue_is_refused(client):
    response = client.post("/api/check", json={**YAJILIN, "answer": [[2, 3, "shaded"]]})
    assert response.status_code == 400
    assert "r3c4 holds a clue" in response.json()["error"]


def test_hint_and_settled(client):
    hint = post(client, "hint", YAJILIN)
    assert hint["status"] == "hint"
    assert hint["step"]["text"] == "r1c5 is unshaded by count met, since r5c5 shows 0^."
    settled = post(client, "settled", YAJILIN)
    assert settled["status"] == "settled"
    assert len(settled["cells"]) == 23 and len(settled["segments"]) == 34

"""Kurodoko on the web page, through the server's API (the shade board kind, as Nurikabe's):
the board loads from an example, a link or a Range game id, check names the rule a mark
breaks, hint gives the easiest step, and the solution shaded alone is solved."""

from __future__ import annotations

from pathlib import Path

from conftest import post

SEVEN = {"genre": "kurodoko", "source": {"example": "tatham-7x7"}}
SOLUTION = Path(__file__).resolve().parents[3] / "instances" / "kurodoko" / "tatham-7x7.sol"


def test_the_board_is_the_shade_kind_with_numbers_fixed(client):
    loaded = post(client, "load", SEVEN)
    board = loaded["board"]
    assert (board["kind"], board["rows"], board["cols"]) == ("shade", 7, 7)
    assert board["cells"][1] == [None, None, None, None, 10, None, None]
    assert board["unshaded"] == "dot" and board["clues_fixed"] is True


def test_a_link_names_its_genre(client):
    link = "https://puzz.link/p?kurodoko/7/7/qam2g8g77bg4g5m6q"
    loaded = post(client, "load", {"source": {"link": link}})
    assert loaded["genre"] == "kurodoko" and loaded["board"]["cells"][3][0] == 8


def test_check_names_touching_shaded_cells_and_hint_gives_a_step(client):
    answer = [[0, 0, "shaded"], [0, 1, "shaded"]]
    result = post(client, "check", {**SEVEN, "answer": answer})
    assert result["verdict"] == "invalid"
    assert (result["conflicts"][0]["rules"], result["conflicts"][0]["cells"]) == (
        [1],
        [[0, 0], [0, 1]],
    )
    hint = post(client, "hint", {**SEVEN, "answer": []})
    assert hint["step"]["cells"] == [{"cell": [1, 3], "value": "unshaded"}]
    assert hint["step"]["techniques"] == ["must see at least this far"]


def test_shading_the_solution_alone_is_solved(client):
    rows = SOLUTION.read_text().splitlines()
    shaded = [
        [r, c, "shaded"]
        for r, row in enumerate(rows)
        for c, t in enumerate(row.split())
        if t == "#"
    ]
    assert post(client, "check", {**SEVEN, "answer": shaded})["verdict"] == "solved"
    assert post(client, "check", {**SEVEN, "answer": shaded[:-1]})["verdict"] == "consistent"


def test_a_number_takes_no_mark(client):
    result = post(client, "check", {**SEVEN, "answer": [[1, 4, "shaded"]]})
    assert result["verdict"] == "invalid" and result["conflicts"][0]["rules"] == [3]

"""/api/edit, the Audit panel's change to the puzzle on screen: clues added (a repair) or
taken away (a redundant clue), written back as instance text in the genre's format and
loaded as /api/load loads it; then audited again through /api/audit (real clingo)."""

from __future__ import annotations

import pytest
from conftest import post

from puzzlesolve.instance import parse_with_rules
from puzzlesolve.registry import get_genre
from puzzlesolve.serve.edit import instance_text
from puzzlesolve.serve.requests import board, example_path, examples

TWO_SOLUTIONS = {"genre": "numbrix", "source": {"text": "1 - -\n- - -\n- - 9\n", "name": "x.txt"}}


def test_a_repair_added_is_the_puzzle_text_and_the_audit_then_says_unique(client):
    before = post(client, "audit", TWO_SOLUTIONS)
    assert before["status"] == "multiple" and before["solutions"] == 2
    first = before["repairs"][0]["add"]
    assert first == [{"cell": [0, 1], "value": 2}]
    edited = post(client, "edit", {**TWO_SOLUTIONS, "add": first})
    assert edited["source"] == {"text": "1 2 -\n- - -\n- - 9\n", "name": "x.txt (edited)"}
    assert edited["board"]["cells"] == [[1, 2, None], [None, None, None], [None, None, 9]]
    after = post(client, "audit", {"genre": "numbrix", "source": edited["source"]})
    assert after["status"] == "unique" and after["repairs"] == []
    # the text is the puzzle from now on: solve agrees
    solved = post(client, "solve", {"genre": "numbrix", "source": edited["source"]})
    assert solved["status"] == "unique"


def test_a_symmetric_repair_adds_its_clues_together(client):
    body = {
        "genre": "numbrix",
        "source": {"text": "9 - - - -\n- - - - -\n- 22 - 18 -\n- - - - -\n- - - - -\n"},
        "symmetry": "rotate",
        "grade": False,
    }
    repair = post(client, "audit", body)["repairs"][0]["add"]
    assert repair == [
        {"cell": [0, 2], "value": 11},
        {"cell": [2, 2], "value": 19},
        {"cell": [4, 2], "value": 3},
    ]
    edited = post(client, "edit", {**body, "add": repair})
    assert edited["source"]["text"] == (
        " 9  - 11  -  -\n -  -  -  -  -\n - 22 19 18  -\n -  -  -  -  -\n -  -  3  -  -\n"
    )
    assert post(client, "audit", {**body, "source": edited["source"]})["status"] == "unique"


def test_a_numberlink_clue_removed_takes_its_pair_and_keeps_the_options_line(client):
    body = {"genre": "numberlink", "source": {"example": "fill-5x5"}, "switches": ["fill"]}
    edited = post(client, "edit", {**body, "remove": [[0, 4]]})
    assert edited["source"] == {
        "text": "% options: fill\n- - - - -\n3 - 4 - -\n4 - - - -\n- - - 3 -\n2 - - - 2\n",
        "name": "fill-5x5 (edited)",
    }
    assert edited["switches"] == ["fill"]
    assert sorted(edited["board"]["colours"]) == ["2", "3", "4"]


def test_a_redundant_clue_removed_leaves_the_puzzle_unique(client):
    unique = "9 - - - 13\n- - 20 - -\n7 - 25 - -\n- - - 17 -\n- - - - 1\n"
    body = {"genre": "numbrix", "source": {"text": unique}, "grade": False}
    assert post(client, "audit", body)["redundant"] == [[0, 0], [0, 4], [2, 0], [3, 3], [4, 4]]
    edited = post(client, "edit", {**body, "remove": [[0, 0], [2, 0]]})
    assert edited["source"]["text"] == (
        " -  -  -  - 13\n -  - 20  -  -\n -  - 25  -  -\n -  -  - 17  -\n -  -  -  -  1\n"
    )
    after = post(client, "audit", {**body, "source": edited["source"]})
    assert after["status"] == "unique"


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"add": [{"cell": [0, 0], "value": 2}]}, "r1c1 already has a clue"),
        ({"add": [{"cell": [3, 0], "value": 2}]}, "no cell [3, 0] on a 3x3 board"),
        (
            {"add": [{"cell": [0, 1], "value": "x y"}]},
            "'x y' is no numbrix clue: a clue is one word",
        ),
        ({"add": [{"cell": [0, 1], "value": True}]}, "True is no numbrix clue"),
        (
            {"add": [{"cell": [0, 1], "value": 99}]},
            "x.txt (edited):1:4: given 99 is above 9, the number of cells to fill",
        ),
        (
            {"add": [{"cell": [0, 1], "value": 9}]},
            "x.txt (edited):3:5: 9 is given twice (also at line 1, column 3)",
        ),
        ({"remove": [[0, 1]]}, "r1c2 has no clue to remove"),
        ({"remove": "r1c1"}, "clues to remove are a list of [row, column]"),
        ({"add": [[0, 1, 2]]}, 'clues to add are a list of {"cell": [r, c], "value": V}'),
    ],
)
def test_bad_edits_are_one_line_and_change_nothing(client, change, error):
    assert post(client, "edit", {**TWO_SOLUTIONS, **change}, status=400) == {"error": error}


def test_a_genre_whose_clues_cannot_change_says_why(client):
    hitori = {"genre": "hitori", "source": {"text": "1 1\n1 2\n"}}
    assert post(client, "edit", {**hitori, "remove": [[0, 0]]}, status=400) == {
        "error": "hitori: no clue can be removed (none: every cell of a Hitori keeps its number)"
    }
    nurikabe = {"genre": "nurikabe", "source": {"text": "2 - -\n- - -\n- - 3\n"}}
    assert post(client, "edit", {**nurikabe, "add": [{"cell": [1, 1], "value": 1}]}, status=400)[
        "error"
    ].startswith("nurikabe: no clue can be added (none available: each area")


@pytest.mark.parametrize(
    ("genre", "name"),
    [
        (genre, name)
        for genre, names in sorted(examples().items())
        if get_genre(genre).feature_or_defaults("audit").ADDS is not None
        or get_genre(genre).feature_or_defaults("audit").without is not None
        for name in names
    ],
)
def test_every_example_written_as_text_reads_back_the_same(genre, name):
    """Of the genres whose clues an edit can change (those with an audit module)."""
    kind = get_genre(genre)
    loaded = parse_with_rules(kind, example_path(kind, name).read_text(encoding="utf-8"), name)
    text = instance_text(kind, loaded.puzzle, list(loaded.switches))
    again = parse_with_rules(kind, text, "written")
    assert board(kind, again.puzzle)["cells"] == board(kind, loaded.puzzle)["cells"]
    assert again.switches == loaded.switches


def test_the_audit_module_is_served_and_fetches_only_from_this_server(client):
    response = client.get("/static/audit.js")
    assert response.status_code == 200
    assert "https://" not in response.text and "http://" not in response.text


def test_an_edited_puzzle_has_a_link_that_opens_it_again(client):
    body = {"genre": "hidato", "source": {"example": "several-2x2"}, "grade": False}
    repair = post(client, "audit", body)["repairs"][0]["add"]
    assert repair == [{"cell": [0, 1], "value": 3}, {"cell": [1, 1], "value": 2}]
    edited = post(client, "edit", {**body, "add": repair})
    assert edited["source"] == {"text": "1 3\n- 2\n", "name": "several-2x2 (edited)"}
    link = post(client, "link", {"genre": "hidato", "source": edited["source"]})["link"]
    assert post(client, "load", {"source": {"link": link}})["board"]["cells"] == [[1, 3], [None, 2]]

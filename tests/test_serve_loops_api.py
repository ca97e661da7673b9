"""The web page's server for the loop genres (Slitherlink, Masyu) through Starlette's test
client: the marks are edges or segments, each drawn or "no line", and check, hint, explain,
settled name the edges and segments they are about. Real clingo in the server's workers."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import post

from puzzlesolve.registry import get_genre

INSTANCES = Path(__file__).resolve().parent.parent / "instances"
SLITHERLINK = {"genre": "slitherlink", "source": {"example": "tatham-5x5"}}
MASYU = {"genre": "masyu", "source": {"example": "tatham-6x6"}}


def solution(genre: str, name: str) -> list[list[list[int]]]:
    """The pairs the example's solution file draws, as JSON writes them."""
    path = INSTANCES / genre / f"{name}.txt"
    puzzle = get_genre(genre).parse(path.read_text(encoding="utf-8"), path.name)
    drawn = get_genre(genre).read_answer(
        puzzle, path.with_suffix(".sol").read_text(encoding="utf-8"), "sol"
    )
    return sorted([list(a), list(b)] for (a, b), value in drawn.items() if value == "on")


def marks(name: str, pairs: list, on: bool = True) -> list[dict]:
    return [{name: pair, "on": on} for pair in pairs]


SLITHERLINK_LOOP = solution("slitherlink", "tatham-5x5")
MASYU_LOOP = solution("masyu", "tatham-6x6")


def test_info_offers_both_genres_with_their_examples(client):
    info = client.get("/api/info").json()
    assert info["genres"]["slitherlink"] == {"options": [], "link": True}
    assert info["genres"]["masyu"] == {"options": [], "link": True}
    assert info["examples"]["slitherlink"][:2] == ["tatham-5x5", "tatham-10x10"]
    assert info["examples"]["masyu"][:2] == ["tatham-6x6", "tatham-10x10"]


def test_load_carries_the_clues_and_the_pearls(client):
    board = post(client, "load", SLITHERLINK)["board"]
    assert (board["kind"], board["rows"], board["cols"]) == ("edges", 5, 5)
    assert board["cells"][1] == [3, None, 1, 0, 3]
    board = post(client, "load", MASYU)["board"]
    assert (board["kind"], board["rows"], board["cols"]) == ("segments", 6, 6)
    assert board["cells"][2] == ["W", None, None, None, None, "B"]


def test_solve_gives_the_one_loop(client):
    result = post(client, "solve", SLITHERLINK)
    assert (result["status"], result["solutions"]) == ("unique", [{"edges": SLITHERLINK_LOOP}])
    result = post(client, "solve", MASYU)
    assert (result["status"], result["solutions"]) == ("unique", [{"segments": MASYU_LOOP}])


def test_check_of_a_wrong_edge_names_it_and_the_clue(client):
    body = {**SLITHERLINK, "edges": marks("edge", [[[1, 3], [1, 4]]])}  # a side of the 0
    (conflict,) = post(client, "check", body)["conflicts"]
    assert conflict["edges"] == [{"edge": [[1, 3], [1, 4]], "on": True}]
    assert (conflict["rules"], conflict["because"]) == ([3], [[1, 3]])
    assert conflict["text"].endswith("p2.4-p2.5 is a line, where r2c4 shows 0")


def test_check_of_a_wrong_masyu_segment_names_it(client):
    body = {**MASYU, "segments": marks("segment", [[[0, 0], [0, 1]]], on=False)}
    result = post(client, "check", body)
    assert result["verdict"] == "invalid"
    (conflict,) = result["conflicts"]
    assert conflict["segments"] == [{"segment": [[0, 0], [0, 1]], "on": False}]
    assert conflict["because"] == [[1, 0]]  # the white pearl at the edge below it


def test_the_loop_drawn_alone_is_solved_and_part_of_it_is_not(client):
    for body, name, loop in (
        (SLITHERLINK, "edge", SLITHERLINK_LOOP),
        (MASYU, "segment", MASYU_LOOP),
    ):
        sites = f"{name}s"
        assert post(client, "solved", {**body, sites: marks(name, loop)}) == {"solved": True}
        assert post(client, "solved", {**body, sites: marks(name, loop[1:])}) == {"solved": False}
        assert post(client, "check", {**body, sites: marks(name, loop)})["verdict"] == "solved"
        result = post(client, "check", {**body, sites: marks(name, loop[1:])})
        assert result["verdict"] == "consistent"
        hint = post(client, "hint", {**body, sites: marks(name, loop)})
        assert (hint["status"], hint.get("step")) == ("solved", None)


def test_hint_decides_an_edge_the_solution_agrees_with(client):
    step = post(client, "hint", {**SLITHERLINK, "edges": []})["step"]
    assert step["edges"] == [{"edge": [[1, 3], [1, 4]], "on": False}]
    assert (step["techniques"], step["because"]) == (["count"], [[1, 3]])
    # given that, the next hint is about another edge
    body = {**SLITHERLINK, "edges": step["edges"]}
    assert post(client, "hint", body)["step"]["edges"] != step["edges"]


def test_explain_draws_the_whole_loop(client):
    for body, sites, loop in (
        (SLITHERLINK, "edges", SLITHERLINK_LOOP),
        (MASYU, "segments", MASYU_LOOP),
    ):
        result = post(client, "explain", body)
        assert result["status"] == "solved" and result["grade"] in (
            "easy",
            "medium",
            "hard",
            "expert",
        )
        drawn = set()
        for step in result["steps"]:
            for item in step[sites]:  # Masyu's steps write a segment as its cells, drawn or not
                ends = item.get("edge") or item.get("segment") or item.get("cells")
                if item.get("on", item.get("drawn")):
                    drawn.add(tuple(map(tuple, ends)))
        assert sorted(map(list, (list(map(list, pair)) for pair in drawn))) == loop


def test_settled_edges_of_a_unique_puzzle_are_the_loop(client):
    result = post(client, "settled", SLITHERLINK)
    assert result["status"] == "settled" and result["cells"] == []
    assert [item["edge"] for item in result["edges"] if item["on"]] == SLITHERLINK_LOOP
    assert len(result["edges"]) == 2 * 5 * 6  # every edge of the 5x5 board, on or off


def test_settled_of_a_puzzle_with_two_loops_keeps_what_they_share(client):
    body = {"genre": "masyu", "source": {"example": "two-ways-3x3"}}
    assert post(client, "settled", body)["segments"] == []


def test_svg_draws_the_edges_and_crosses(client):
    body = {
        **SLITHERLINK,
        "edges": [
            *marks("edge", SLITHERLINK_LOOP[:1]),
            *marks("edge", [[[1, 3], [1, 4]]], on=False),
        ],
    }
    picture = post(client, "svg", body)["svg"]
    # the one edge drawn (r1c1's top side), and a cross of two strokes on r2c4's top side
    assert '<path d="M0,0 L40,0" stroke="#1565c0"' in picture
    assert picture.count('stroke="#1565c0"') == 1
    assert picture.count('stroke="#9e9e9e" stroke-width="2"') == 2


@pytest.mark.parametrize(
    ("body", "error"),
    [
        (
            {**SLITHERLINK, "edges": [{"edge": [[1, 3], [1, 5]], "on": True}]},
            "no edge [[1, 3], [1, 5]]: its ends are not side by side",
        ),
        (
            {**SLITHERLINK, "edges": [{"edge": [[5, 5], [6, 5]], "on": True}]},
            "no edge [[5, 5], [6, 5]] on a 5x5 board",
        ),
        (
            {**MASYU, "segments": [{"segment": [[5, 5], [5, 6]], "on": True}]},
            "no segment [[5, 5], [5, 6]] on a 6x6 board",
        ),
        (
            {**SLITHERLINK, "edges": [{"edge": [[0, 0], [0, 1]], "on": "yes"}]},
            'edges are a list of {"edge": [[r, c], [r2, c2]], "on": true | false}',
        ),
        (
            {
                **SLITHERLINK,
                "edges": [
                    {"edge": [[0, 0], [0, 1]], "on": True},
                    {"edge": [[0, 1], [0, 0]], "on": False},
                ],
            },
            "the edge [[0, 0], [0, 1]] is given both drawn and not drawn",
        ),
        (
            {**SLITHERLINK, "segments": [{"segment": [[0, 0], [0, 1]], "on": True}]},
            "slitherlink marks have no segments",
        ),
        ({**MASYU, "edges": [{"edge": [[0, 0], [0, 1]], "on": True}]}, "masyu marks have no edges"),
        ({**MASYU, "answer": [[0, 0, "on"]]}, "masyu marks are segments, not cell values"),
    ],
)
def test_marks_the_board_has_not_are_refused_in_one_line(client, body, error):
    assert post(client, "check", body, status=400) == {"error": error}


def test_a_link_loads_without_its_genre_and_the_link_is_written_back(client):
    link = post(client, "link", SLITHERLINK)["link"]
    assert link == "https://puzz.link/p?slither/5/5/gbg810872dic8"
    loaded = post(client, "load", {"source": {"link": link}})
    assert loaded["genre"] == "slitherlink" and loaded["board"]["cells"][1] == [3, None, 1, 0, 3]
    link = post(client, "link", MASYU)["link"]
    assert post(client, "load", {"source": {"link": link}})["board"]["cells"][2] == [
        "W",
        None,
        None,
        None,
        None,
        "B",
    ]


def test_a_tatham_game_id_pasted_is_read(client):
    body = {"genre": "slitherlink", "source": {"text": "5x5t0:a1c3a103a2a23e2b3a"}}
    assert post(client, "solve", body)["solutions"] == [{"edges": SLITHERLINK_LOOP}]


@pytest.mark.parametrize("genre", ["slitherlink", "masyu"])
def test_generate_makes_a_unique_puzzle_the_page_loads(client, genre):
    made = post(client, "generate", {"genre": genre, "rows": 5, "cols": 5, "seed": 7})
    assert made["genre"] == genre and made["board"]["kind"] in ("edges", "segments")
    assert post(client, "solve", {"genre": genre, "source": made["source"]})["status"] == "unique"


def test_the_loop_module_is_served_and_fetches_only_from_this_server(client):
    response = client.get("/static/kinds/loops.js")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith(
        ("text/javascript", "application/javascript")
    )
    text = response.text.replace("http://www.w3.org/2000/svg", "")  # a name, not an address
    assert "https://" not in text and "http://" not in text

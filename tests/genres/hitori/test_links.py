"""Hitori links (the codecs, the public examples, bad links and every example's round trip
are in tests/test_links.py)."""

from __future__ import annotations

from puzzlesolve import get_genre, links, load, parse


def grid_text(rows: list[str]) -> str:
    return "\n".join(rows) + "\n"


def test_hitori_numbers_above_35_survive_a_round_trip():
    text = grid_text(["36 1 2", "2 36 1", "100 2 36"])
    puzzle = parse("hitori", text)
    url = links.write(get_genre("hitori"), puzzle)
    assert url == "https://puzz.link/p?hitori/3/3/-1012" + "2-101" + "-2s2-10"
    assert load("hitori", url) == puzzle

"""Numberlink (numlin, arukone) links (the codecs, the public examples, bad links and every example's round trip
are in tests/test_links.py)."""

from __future__ import annotations

from puzzlesolve import get_genre, links, load, parse
from puzzlesolve.instance import load_with_rules

ARUKONE = "https://puzz.link/p?arukone/5/5/1m2h3g3h1m2"
NUMBERLINK = get_genre("numberlink")  # the machinery takes a Genre; names at the edge


def grid_text(rows: list[str]) -> str:
    return "\n".join(rows) + "\n"


def test_arukone_without_e_asks_for_every_cell_covered():
    plain = load_with_rules(NUMBERLINK, ARUKONE)
    assert plain.switches == ("fill",) and "every cell" in plain.note
    flagged = load_with_rules(NUMBERLINK, ARUKONE.replace("arukone/", "arukone/e/"))
    assert flagged.switches == () and flagged.puzzle == plain.puzzle


def test_numberlink_link_form_follows_labels_and_rules():
    genre = get_genre("numberlink")
    letters = parse("numberlink", grid_text(["A - B", "- - -", "B - A"]))
    numbers = parse("numberlink", grid_text(["7 - 3", "- - -", "3 - 7"]))
    words = parse("numberlink", grid_text(["x1 - y2", "- - -", "y2 - x1"]))
    assert links.write(genre, letters) == "https://puzz.link/p?arukone/e/3/3/1g2i2g1"
    assert links.write(genre, numbers) == "https://puzz.link/p?numlin/3/3/7g3i3g7"
    assert links.write(genre, words) == "https://puzz.link/p?numlin/3/3/1g2i2g1"
    # fill: arukone, integer labels flagged n (numbers) so that they come back as numbers
    assert links.write(genre, numbers, fill=True) == "https://puzz.link/p?arukone/n/3/3/7g3i3g7"
    assert links.write(genre, letters, fill=True) == "https://puzz.link/p?arukone/3/3/1g2i2g1"
    assert load("numberlink", links.write(genre, letters)) == letters
    assert load("numberlink", links.write(genre, numbers)) == numbers
    # several letters, a zero, a digit that is no decimal number
    for labels, body in (
        (("AB", "C"), "1g2i2g1"),
        (("0", "5"), "0g5i5g0"),
        (("²", "3"), "1g2i2g1"),
    ):
        odd = parse(
            "numberlink",
            grid_text([f"{labels[0]} - {labels[1]}", "- - -", f"{labels[1]} - {labels[0]}"]),
        )
        assert links.write(genre, odd) == f"https://puzz.link/p?numlin/3/3/{body}", labels


def test_an_arukone_link_keeps_the_labels_it_had_numbers_or_letters():
    # issue 19: numbers written to an arukone link (--fill) came back as the letters A..G
    genre = get_genre("numberlink")
    for rows in (
        ["7 - 3", "- - -", "3 - 7"],
        ["1 2 3", "- - -", "3 2 1"],
        ["A - B", "- - -", "B - A"],
    ):
        puzzle = parse("numberlink", grid_text(rows))
        back = load_with_rules(NUMBERLINK, links.write(genre, puzzle, fill=True))
        assert (back.puzzle, back.switches) == (puzzle, ("fill",)), rows
    zero = parse("numberlink", grid_text(["0 - 5", "- - -", "5 - 0"]))  # beyond 1..52: renumbered
    back = load("numberlink", links.write(genre, zero, fill=True))
    assert back.names == ("", "1", "2") and back.endpoints == zero.endpoints

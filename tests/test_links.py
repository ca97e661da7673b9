"""Links: puzz.link / pzv.jp (Hitori, Numberlink) and Kudamono (Hidato) read and written.

The example links come from the formats' public sources, each with the board they show
there: pzprjs's test scripts (test/script/hitori.js, numlin.js, arukone.js: the ``url`` and
the board of their ``pzprv3`` files) and cspuz_rs (its Hidato serializer test and the
Kudamono grid test that gives one board in both forms of the size parameter).
"""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from conftest import CORPUS, REPO, corpus_file, without_corpus
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzlesolve import codecs, get_genre, instance, links, load, parse
from puzzlesolve.cli import main
from puzzlesolve.genres import GENRES
from puzzlesolve.grid import InputError
from puzzlesolve.registry import link_genre


def load_with_rules(genre, path):
    """As the command line reads an INSTANCE: the genre's name resolved, then the machinery."""
    return instance.load_with_rules(get_genre(genre), path)


HITORI = "http://pzv.jp/p.html?hitori/4/4/1114142333214213"
NUMLIN = "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"
ARUKONE = "https://puzz.link/p?arukone/5/5/1m2h3g3h1m2"
HIDOKU = "https://pedros.works/paper-puzzle-player?W=4x3&L=(4)2(6)1x3(1)3(11)2&G=hidoku"


def grid_text(rows: list[str]) -> str:
    return "\n".join(rows) + "\n"


def run(*args: str):
    return CliRunner().invoke(main, [str(a) for a in args])


# --- public examples -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "genre, url, board",
    [
        # pzprjs test/script/hitori.js: "1 1 1 4 /1 4 2 3 /3 3 2 1 /4 2 1 3 /"
        ("hitori", HITORI, ["1 1 1 4", "1 4 2 3", "3 3 2 1", "4 2 1 3"]),
        # pzprjs test/script/numlin.js: "1 . . . . /2 . . 3 . /. . . . . /. 1 . . 2 /. . . . 3 /"
        ("numberlink", NUMLIN, ["1 - - - -", "2 - - 3 -", "- - - - -", "- 1 - - 2", "- - - - 3"]),
        # pzprjs test/script/arukone.js: "A . . . . /. . . B . /. C . C . /. A . . . /. . . . B /"
        ("numberlink", ARUKONE, ["A - - - -", "- - - B -", "- C - C -", "- A - - -", "- - - - B"]),
        # cspuz_rs hidato.rs: [[4, _, _, 11], [_, _, _, _], [_, 6, void, 1]]
        ("hidato", HIDOKU, ["4 - - 11", "- - - -", "- 6 # 1"]),
    ],
)
def test_public_example_links_decode_to_their_boards(genre, url, board):
    assert load(genre, url) == parse(genre, grid_text(board))


def test_both_kudamono_size_forms_place_items_alike():
    # cspuz_rs serializer.rs: one 13-row, 14-column board, W=13&H=12 (older form, rows and
    # columns numbered in the order their names sort) and W=14x13 (current form)
    older = links.parse_kudamono(
        "https://pedros.works/paper-puzzle-player?W=13&H=12&L=x3x37x19x18x12&G=tricklayer"
    )
    current = links.parse_kudamono(
        "https://pedros.works/paper-puzzle-player?W=14x13&L=x11x23x110x16x18&G=tricklayer"
    )
    expected = {(1, 0), (3, 13), (4, 2), (8, 12), (11, 11)}
    assert (older.rows, older.cols, older.sorted_names) == (13, 14, True)
    assert (current.rows, current.cols, current.sorted_names) == (13, 14, False)
    assert set(codecs.decode_kudamono(older, "x")) == expected
    assert set(codecs.decode_kudamono(current, "x")) == expected
    assert codecs.encode_kudamono(dict.fromkeys(expected, "x"), 13, 14) == "x11x23x110x16x18"


def test_older_kudamono_form_reads_a_hidato():
    older = "https://pedros.works/paper-puzzle-player?W=3&H=2&L=(4)2(6)1x3(1)3(11)2&G=hidoku"
    assert load("hidato", older) == load("hidato", HIDOKU)


def test_links_are_written_as_the_players_write_them():
    assert links.write(get_genre("hitori"), load("hitori", HITORI)) == (
        "https://puzz.link/p?hitori/4/4/1114142333214213"
    )
    assert links.write(get_genre("numberlink"), load("numberlink", NUMLIN)) == (
        "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"
    )
    assert links.write(get_genre("hidato"), load("hidato", HIDOKU)) == HIDOKU


# --- codecs ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "number, text",
    [
        (0, "0"),
        (15, "f"),
        (16, "-10"),
        (255, "-ff"),
        (256, "+100"),
        (4095, "+fff"),
        (4096, "=000"),
        (8191, "=fff"),
        (8192, "%000"),
        (12239, "%fcf"),
        (12240, "*0000"),
        (77775, "*ffff"),
        (77776, "$00000"),
    ],
)
def test_number16_long_forms(number, text):
    assert codecs.encode_number16([number]) == text
    assert codecs.decode_number16(text, 1) == [number]


def test_number16_skips_blank_cells_twenty_at_most_per_letter():
    values = [None] * 25 + [7] + [None]
    assert codecs.encode_number16(values) == "zk7g"
    assert codecs.decode_number16("zk7g", 27) == values


def test_base36_numbers_above_35_take_a_dash_and_two_digits():
    assert codecs.encode_number36([1, 10, 35, 36, 1295, None]) == "1az-10-zz."
    assert codecs.decode_number36("1az-10-zz.", 6) == [1, 10, 35, 36, 1295, None]
    with pytest.raises(links.LinkError, match="1296"):
        codecs.encode_number36([1296])


PASTED = [
    "puzz.link/p?hitori/4/4/1114142333214213",  # no scheme
    "www.puzz.link/p?hitori/4/4/1114142333214213",
    "https://www.puzz.link/p?hitori/4/4/1114142333214213",
    "https://puzz.link/edit?hitori/4/4/1114142333214213",  # the editor's address
    "https://puzz.link/p?hitori_edit/4/4/1114142333214213",  # pzprjs's editor kind
    "pzv.jp/p.html?hitori/4/4/1114142333214213",
    "http://pzv.jp/p?hitori/4/4/1114142333214213",
    "HTTPS://Puzz.Link/p?hitori/4/4/1114142333214213",
    "  https://puzz.link/p?hitori/4/4/1114142333214213 \n",  # blanks and a newline around it
]


@pytest.mark.parametrize("pasted", PASTED)
def test_links_read_as_people_paste_them(pasted):
    assert links.is_link(pasted)
    assert load("hitori", pasted) == load("hitori", HITORI)


@pytest.mark.parametrize("text", ["puzzle.txt", "instances/hitori/a.txt", "-", "puzz.link.txt"])
def test_file_names_are_not_links(text):
    assert not links.is_link(text)


@pytest.mark.parametrize(
    "url, genre",
    [
        (HITORI, "hitori"),
        (NUMLIN, "numberlink"),
        (ARUKONE, "numberlink"),
        ("puzz.link/p?numberlink/1/2/11", "numberlink"),
        (HIDOKU, "hidato"),  # Numbrix reads the board too, but the link is Hidato's
    ],
)
def test_a_link_names_its_genre(url, genre):
    assert link_genre(url) == genre


@pytest.mark.parametrize(
    "url, reason",
    [
        ("https://puzz.link/p?kakuro/4/4/1", "cannot tell the genre of a kakuro link"),
        ("https://example.com/p?hitori/4/4/1", "cannot tell the genre of this link"),
        ("https://puzz.link/p", "cannot tell the genre of this link"),
    ],
)
def test_a_link_of_no_known_genre_says_which_links_are_read(url, reason):
    with pytest.raises(ValueError) as caught:
        link_genre(url)
    assert str(caught.value) == (
        f"{url}: {reason} (puzzlesolve reads puzz.link / pzv.jp hitori, numlin, numberlink, "
        "arukone, nurikabe, slither, mashu, masyu, lightup, akari, kurodoko, starbattle, heyawake, sudoku, fillomino, yajilin, yajirin; Kudamono hidoku links)"
    )


# --- bad links ------------------------------------------------------------------------------

BAD_LINKS = {
    "unknown kind": (
        "hitori",
        "https://puzz.link/p?sudoku/4/4/1114142333214213",
        "a sudoku link; this genre reads hitori links",
    ),
    "other site": ("hitori", "https://example.com/p?hitori/4/4/1", "not a puzz.link or pzv.jp"),
    "no size": ("hitori", "https://puzz.link/p?hitori/1114142333214213", "COLS/ROWS/BODY"),
    "zero size": ("hitori", "https://puzz.link/p?hitori/0/4/1", "at least 1"),
    "truncated": (
        "hitori",
        "https://puzz.link/p?hitori/4/4/111414233321421",
        "the body ends after 15 of the 16 cells",
    ),
    "overlong": (
        "hitori",
        "https://puzz.link/p?hitori/4/4/11141423332142131",
        "goes on after the last of the 16 cells",
    ),
    "size too small": (
        "hitori",
        "https://puzz.link/p?hitori/4/3/1114142333214213",
        "goes on after the last of the 12 cells",
    ),
    "foreign character": (
        "hitori",
        "https://puzz.link/p?hitori/4/4/111414233321421!",
        "character '!' is not used",
    ),
    "cut long number": ("hitori", "https://puzz.link/p?hitori/2/1/1-1", "needs 2 base-36 digits"),
    "unknown number": (
        "hitori",
        "https://puzz.link/p?hitori/2/2/12@1",
        "row 2, column 1: the link marks this number unknown",
    ),
    "blank hitori cell": (
        "hitori",
        "https://puzz.link/p?hitori/2/2/12.1",
        "row 2, column 1: a blank cell",
    ),
    "zero": (
        "hitori",
        "https://puzz.link/p?hitori/2/2/1201",
        "row 2, column 1: expected a positive integer, found '0'",
    ),
    "unknown endpoint": (
        "numberlink",
        "https://puzz.link/p?numlin/5/5/1j2h3m1h2j.",
        "row 5, column 5: the link marks this endpoint unknown",
    ),
    "label once": (
        "numberlink",
        "https://puzz.link/p?numlin/5/5/1j2h3m1h2j4",
        "label '3' occurs once",
    ),
    "skip past the end": (
        "numberlink",
        "https://puzz.link/p?numlin/2/2/1j",
        "skips 4 cells, past the last of the 4",
    ),
    "arukone above 52": (
        "numberlink",
        "https://puzz.link/p?arukone/2/1/-35-35",
        "arukone shows 1..52 as letters, found 53",
    ),
    "kudamono genre": ("hidato", HIDOKU.replace("hidoku", "nurikabe"), "a G=nurikabe link"),
    "kudamono no genre": (
        "hidato",
        "https://pedros.works/paper-puzzle-player?W=4x3&L=x0",
        "names its genre with G=",
    ),
    "kudamono bad size": ("hidato", HIDOKU.replace("W=4x3", "W=4y3"), "size W='4y3'"),
    "kudamono past the end": (
        "hidato",
        HIDOKU.replace("(11)2", "(11)9"),
        "position 18 is past the last of the 12 cells",
    ),
    "kudamono twice": ("hidato", HIDOKU.replace("(6)1", "(6)0"), "two items on row 1, column 1"),
    "kudamono item": ("hidato", HIDOKU.replace("(6)1", "(6a)1"), "expected an item and its gap"),
    "kudamono given above N": (
        "hidato",
        HIDOKU.replace("(11)", "(12)"),
        "row 1, column 4: given 12 is above 11",
    ),
    "no query": ("hitori", "https://puzz.link/p", "after '?'"),
}


@pytest.mark.parametrize("genre, url, message", BAD_LINKS.values(), ids=BAD_LINKS.keys())
def test_bad_links_are_one_line_of_bad_input(genre, url, message):
    r = run(genre, url)
    assert r.exit_code == 2, r.output
    assert message in r.stderr, r.stderr
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.output


def test_long_links_are_shortened_in_messages():
    url = "https://puzz.link/p?hitori/4/4/" + "1" * 500
    r = run("hitori", url)
    assert r.exit_code == 2 and len(r.stderr) < 200, r.stderr


# --- round trips ----------------------------------------------------------------------------


def corpus_instances() -> list[dict]:
    manifest = corpus_file("manifest.json")
    return [e for e in json.loads(manifest.read_text()) if e["rows"] * e["cols"] <= 40_000]


@without_corpus
def test_every_corpus_instance_comes_back_from_its_link():
    """Hitori, Numberlink (numlin, and arukone for fill) and Hidato: export, import, compare."""
    trips = 0
    for entry in corpus_instances():
        genre = get_genre(entry["genre"])
        if links.no_link(genre):  # numbrix
            continue
        puzzle = load(genre, CORPUS / entry["path"])
        back = load_with_rules(genre, links.write(genre, puzzle))
        assert back.puzzle == puzzle and back.switches == (), entry["path"]
        trips += 1
        if entry["genre"] == "numberlink" and len(puzzle.names) <= 53:
            filled = load_with_rules(genre, links.write(genre, puzzle, fill=True))
            assert filled.puzzle.endpoints == puzzle.endpoints, entry["path"]
            assert filled.switches == ("fill",), entry["path"]
    assert trips > 500


# every declared example of every genre that has a link form
LINKED = [
    (name, example)
    for name, genre in GENRES.items()
    if links.no_link(genre) is None
    for example in genre.examples
]


@pytest.mark.parametrize(("genre", "example"), LINKED, ids=[f"{g}/{e.name}" for g, e in LINKED])
def test_every_example_comes_back_from_its_link(genre, example):
    puzzle = load(genre, REPO / example.path)
    assert load(genre, links.write(get_genre(genre), puzzle)) == puzzle


# --- fuzzing: any text is a puzzle or bad input ---------------------------------------------

PREFIXES = [
    "https://puzz.link/p?hitori/",
    "https://puzz.link/p?numlin/",
    "http://pzv.jp/p.html?arukone/",
    "https://puzz.link/p?arukone/e/",
    "https://pedros.works/paper-puzzle-player?",
    "https://pedros.works/paper-puzzle-player?W=",
    "https://",
    "https://pedros.works/paper-puzzle-player?G=hidoku&W=3x2&L=",
]
LINK_TEXT = st.text(
    alphabet="0123456789abcdefghijklmnopqrstuvwxyz-+=%*$.@/()x&=WHLG!?", max_size=40
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    prefix=st.sampled_from(PREFIXES),
    rest=LINK_TEXT,
    genre=st.sampled_from(sorted(GENRES)),
)
def test_any_link_text_is_a_puzzle_or_bad_input(prefix, rest, genre):
    url = prefix + rest
    try:
        loaded = load_with_rules(genre, url)
    except InputError as bad:
        assert "\n" not in str(bad)
        return
    assert loaded.puzzle.rows * loaded.puzzle.cols >= 1


@settings(max_examples=200, deadline=None)
@given(prefix=st.sampled_from(PREFIXES), rest=st.text(max_size=30))
def test_any_unicode_after_a_link_prefix_is_a_puzzle_or_bad_input(prefix, rest):
    for genre in sorted(GENRES):
        try:
            load_with_rules(genre, prefix + rest)
        except InputError as bad:
            assert "\n" not in str(bad)


@settings(max_examples=200, deadline=None)
@given(rows=st.integers(1, 4), cols=st.integers(1, 4), data=st.data())
def test_any_pzpr_body_of_the_right_alphabet_is_a_puzzle_or_bad_input(rows, cols, data):
    body = data.draw(
        st.text(alphabet="0123456789abcdefghijklmnopqrstuvwxyz-+.", max_size=3 * rows * cols)
    )
    for url in (
        links.pzpr_link("hitori", rows, cols, body),
        links.pzpr_link("numlin", rows, cols, body),
    ):
        try:
            load_with_rules("numberlink" if "numlin" in url else "hitori", url)
        except InputError as bad:
            assert re.match(r"https://puzz\.link/p\?\w+/\d+/\d+/\S*: ", str(bad)), str(bad)

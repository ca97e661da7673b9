"""Hidato (Kudamono hidoku) and Numbrix links (the codecs, the public examples, bad links and every example's round trip
are in tests/test_links.py)."""

from __future__ import annotations

import pytest

from puzzlesolve import get_genre, links, load

HIDOKU = "https://pedros.works/paper-puzzle-player?W=4x3&L=(4)2(6)1x3(1)3(11)2&G=hidoku"


def test_numbrix_reads_a_hidoku_board_but_has_no_link_of_its_own():
    assert load("numbrix", HIDOKU) == load("hidato", HIDOKU)
    with pytest.raises(links.LinkError, match="numbrix has no link form"):
        links.write(get_genre("numbrix"), load("numbrix", HIDOKU))

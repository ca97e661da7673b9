"""encodings/fillomino.techniques.lp ground alone on small boards: each technique fires where
it should, with the exact conclusion and its reasons."""

from __future__ import annotations

import clingo

from puzzlesolve.program import encoding_path
from puzzlesolve.registry import get_genre


def conclusions(text: str, known: dict | None = None, struck: dict | None = None) -> set[str]:
    """The technique file's decide/strike/contradiction atoms on a board with known cells."""
    genre = get_genre("fillomino")
    facts = genre.facts(genre.parse(text, "board"))
    facts += [f"known(c({r},{c}),{n})." for (r, c), n in (known or {}).items()]
    facts += [f"struck(c({r},{c}),{n})." for (r, c), ns in (struck or {}).items() for n in ns]
    ctl = clingo.Control(["--models=1"], logger=lambda *_: None)
    ctl.load(str(encoding_path("fillomino.techniques.lp")))
    ctl.add("base", [], "\n".join(facts))
    ctl.ground([("base", [])])
    found: set[str] = set()
    ctl.solve(on_model=lambda m: found.update(str(s) for s in m.symbols(shown=True)))
    return {s for s in found if s.startswith(("decide", "strike", "contradiction"))}


def test_region_complete_strikes_its_size_beside_it():
    assert conclusions("1 .\n. .\n") >= {"strike(complete,c(0,1),1)", "strike(complete,c(1,0),1)"}


def test_only_way_to_grow_takes_the_one_free_neighbour():
    found = conclusions("3 2 .\n. . .\n", struck={(1, 1): [3]})
    assert "decide(one_way,c(1,0),3)" in found


def test_kept_apart_two_regions_that_would_be_too_large():
    found = conclusions("2 . 2\n. . .\n")
    assert "strike(complete,c(0,1),2)" not in found  # neither 2 is complete
    # tier 1 finds its steps first; where it finds none, the gate opens for tier 2
    struck = {(0, 1): [1]}
    assert "strike(apart,c(0,1),2)" in conclusions("2 . 2\n. . .\n", struck=struck)


def test_no_room_strikes_sizes_that_cannot_fit():
    found = conclusions("1 . 1\n")  # 1x3: the middle cell has two neighbours, both 1s
    assert "strike(no_room,c(0,1),2)" not in found  # tier 1 finds the complete 1s first
    assert "strike(complete,c(0,1),1)" in found
    struck = conclusions("1 . 1\n", struck={(0, 1): [1]})
    assert {"strike(no_room,c(0,1),2)", "strike(no_room,c(0,1),3)"} <= struck


def test_only_size_left_and_a_cell_left_with_none():
    assert "decide(last_size,c(0,1),2)" in conclusions(". .\n", struck={(0, 1): [1, 3, 4]})
    assert "contradiction(last_size,c(0,1))" in conclusions(". .\n", struck={(0, 1): [1, 2, 3, 4]})


def test_a_region_too_large_is_a_contradiction():
    assert "contradiction(complete,c(0,0))" in conclusions("2 . 2\n", known={(0, 1): 2})


def test_must_grow_through_the_one_cell_that_leaves_room():
    # the 4 at r2c1 may grow up (r1c1) or down (r3c1); down is a dead end beside the given 2,
    # so it grows through r1c1 (the easier tiers' strikes made first)
    struck = {(r, c): [5, 6, 7, 8, 9] for r in range(3) for c in range(3)}
    struck[0, 1] = struck[1, 2] = [1, 5, 6, 7, 8, 9]
    struck[2, 0] = [3, 5, 6, 7, 8, 9]
    assert conclusions(". . .\n4 1 .\n. 2 .\n", struck=struck) == {"decide(through,c(0,0),4)"}

"""puzzlesolve.loops.decode_pairs: a model's pairs, with clingo's own symbols (those of a
solve, and terms clingo parses)."""

from __future__ import annotations

import clingo

from puzzlesolve.loops import decode_pairs


def shown(program: str) -> list[clingo.Symbol]:
    """The shown symbols of `program`'s one model."""
    ctl = clingo.Control(["--models=1"])
    ctl.add("base", [], program)
    ctl.ground([("base", [])])
    found: list[clingo.Symbol] = []
    ctl.solve(on_model=lambda model: found.extend(model.symbols(shown=True)))
    return found


def test_the_pairs_of_one_atom_are_read_sorted_and_the_rest_left_out() -> None:
    symbols = shown("edge(1,0,1,1). edge(0,0,0,1). edge(0,0,1,0). number(0,0,3). edges(9,9,9,9).")
    assert decode_pairs(symbols, "edge") == [((0, 0), (0, 1)), ((0, 0), (1, 0)), ((1, 0), (1, 1))]


def test_negative_numbers_are_read() -> None:
    assert decode_pairs(shown("segment(-1,0,0,0)."), "segment") == [((-1, 0), (0, 0))]


def test_an_atom_of_another_shape_is_left_out() -> None:
    symbols = [clingo.parse_term(text) for text in ("edge(1,2,3)", "edge((0,0),(0,1))", "edge")]
    assert decode_pairs(symbols, "edge") == []

"""encodings/yajilin.lp on its own: tiny inline boards, every model, each rule broken alone."""

from __future__ import annotations

from conftest import all_models, grounder_messages

ARROWS = {"^": (-1, 0), "v": (1, 0), "<": (0, -1), ">": (0, 1)}


def board(rows: int, cols: int, clues: dict[tuple[int, int], str] | None = None) -> str:
    cells = " ".join(f"cell({r},{c})." for r in range(rows) for c in range(cols))
    return (
        cells
        + " "
        + " ".join(
            f"clue({r},{c},{ARROWS[t[-1]][0]},{ARROWS[t[-1]][1]},{t[:-1]})."
            for (r, c), t in (clues or {}).items()
        )
    )


def ring(top: int, left: int, bottom: int, right: int) -> frozenset[str]:
    """The loop around the rectangle of cells (top, left) to (bottom, right)."""
    segments = [f"segment({top},{c},{top},{c + 1})" for c in range(left, right)]
    segments += [f"segment({bottom},{c},{bottom},{c + 1})" for c in range(left, right)]
    segments += [f"segment({r},{left},{r + 1},{left})" for r in range(top, bottom)]
    segments += [f"segment({r},{right},{r + 1},{right})" for r in range(top, bottom)]
    return frozenset(segments)


def pinned(atoms) -> str:
    return " ".join(f":- not {atom}." for atom in sorted(atoms))


def test_an_empty_2x2_has_its_one_loop_and_nothing_shaded():
    assert all_models("yajilin.lp", board(2, 2)) == {ring(0, 0, 1, 1)}


def test_rule_1_no_dead_end():
    # three sides of a 2x2 ring: every cell unshaded and used, but two ends
    path = ring(0, 0, 1, 1) - {"segment(1,0,1,1)"}
    assert all_models("yajilin.lp", board(2, 2), pinned(path) + " :- segment(1,0,1,1).") == set()


def test_rule_2_one_loop_not_two():
    # a 2x4 board as two rings of 2x2
    two = ring(0, 0, 1, 1) | ring(0, 2, 1, 3)
    assert all_models("yajilin.lp", board(2, 4), pinned(two)) == set()


def test_rule_3_shaded_cells_never_share_a_side():
    # 3x4: r1c1 and r1c2 shaded leave a loop through the ten other cells
    pins = pinned(["shaded(0,0)", "shaded(0,1)"])
    assert all_models("yajilin.lp", board(3, 4), pins) == set()


def test_rule_4_no_shaded_cell_on_the_loop():
    assert all_models("yajilin.lp", board(2, 2), pinned(["shaded(0,0)"])) == set()


def test_rule_4_every_unshaded_empty_cell_on_the_loop():
    # 2x3: the ring of the left 2x2 leaves r1c3 and r2c3 off the loop and unshaded
    pins = pinned(ring(0, 0, 1, 1)) + " :- shaded(0,2). :- shaded(1,2)."
    assert all_models("yajilin.lp", board(2, 3), pins) == set()


def test_rule_4_a_clue_cell_is_neither_shaded_nor_on_the_loop():
    # 3x3 with a clue in the middle: the ring round it only
    assert all_models("yajilin.lp", board(3, 3, {(1, 1): "0^"})) == {ring(0, 0, 2, 2)}


def test_rule_5_the_count_in_the_arrows_direction():
    # the clue in the middle of a 3x3 asks r1c2 shaded: r1c1 then has one way out only
    assert all_models("yajilin.lp", board(3, 3, {(1, 1): "1^"})) == set()
    # 3x4, a clue at r3c1 pointing right: one shaded cell among r3c2-r3c4
    models = all_models("yajilin.lp", board(3, 4, {(2, 0): "1>"}))
    assert models and all(sum(a.startswith("shaded(2,") for a in m) == 1 for m in models)


def test_rule_5_two_arrows_of_one_cell_count_apart():
    # a generator grounds several arrows on one cell: each counts its own direction only
    facts = board(3, 3, {(1, 1): "0^"}) + " clue(1,1,1,0,0). clue(1,1,0,1,0). clue(1,1,0,-1,0)."
    assert all_models("yajilin.lp", facts) == {ring(0, 0, 2, 2)}


def test_a_board_grounds_without_warnings():
    assert grounder_messages("yajilin.lp", board(4, 4, {(0, 0): "1v", (3, 3): "0<"})) == []


def test_rule_3_no_shaded_cells_one_above_the_other():
    # 4x3: r1c1 and r2c1 shaded leave a loop through the ten other cells
    assert all_models("yajilin.lp", board(4, 3), pinned(["shaded(0,0)", "shaded(1,0)"])) == set()


def test_rule_2_one_loop_not_two_one_above_the_other():
    two = ring(0, 0, 1, 1) | ring(2, 0, 3, 1)
    assert all_models("yajilin.lp", board(4, 2), pinned(two)) == set()


def test_rule_4_the_loop_never_passes_a_clue():
    # 3x3 with a clue in the middle: a loop through it and r1c1 shaded would fit otherwise
    pins = pinned(["shaded(0,0)"])
    assert all_models("yajilin.lp", board(3, 3, {(1, 1): "0^"}), pins) == set()


def test_rule_5_counts_up_to_the_edge():
    models = all_models("yajilin.lp", board(3, 5, {(2, 0): "2>"}))
    assert models and all(
        sorted(a for a in m if a.startswith("shaded(2,"))
        in (
            ["shaded(2,1)", "shaded(2,3)"],
            ["shaded(2,1)", "shaded(2,4)"],
            ["shaded(2,2)", "shaded(2,4)"],
        )
        for m in models
    )


def test_a_board_without_clues_grounds_without_warnings():
    assert grounder_messages("yajilin.lp", board(2, 2)) == []

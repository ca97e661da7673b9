"""encodings/numberlink.lp on its own: tiny inline grids, every model, each rule broken alone."""

from __future__ import annotations

import itertools

import pytest
from conftest import all_models, grounder_atoms, grounder_messages, technique_models

from puzzlesolve.program import encoding_path, ground

RULES = "numberlink.lp"


def board(rows: int, cols: int, endpoints: dict[tuple[int, int], int]) -> str:
    """Facts of a rows x cols board with the given endpoint labels."""
    cells = " ".join(f"cell({r},{c})." for r in range(rows) for c in range(cols))
    return cells + " " + " ".join(f"endpoint({r},{c},{k})." for (r, c), k in endpoints.items())


def answer(links: list[tuple[int, int, int, int]], lines: dict[tuple[int, int], int]) -> frozenset:
    """One expected answer set: its links and each covered cell's label."""
    return frozenset(
        [f"link({a},{b},{c},{d})" for a, b, c, d in links]
        + [f"line({r},{c},{k})" for (r, c), k in lines.items()]
    )


# 2x2, label 1 at both cells of the top row
TOP_PAIR = board(2, 2, {(0, 0): 1, (0, 1): 1})
STRAIGHT = answer([(0, 0, 0, 1)], {(0, 0): 1, (0, 1): 1})
AROUND = answer(
    [(0, 0, 1, 0), (1, 0, 1, 1), (0, 1, 1, 1)], {(0, 0): 1, (0, 1): 1, (1, 0): 1, (1, 1): 1}
)


def test_rule1_a_pair_in_a_row_is_joined_straight_or_around():
    assert all_models(RULES, TOP_PAIR) == {STRAIGHT, AROUND}


def test_rule1_a_straight_line_is_the_only_way_in_a_single_row():
    assert all_models(RULES, board(1, 3, {(0, 0): 1, (0, 2): 1})) == {
        answer([(0, 0, 0, 1), (0, 1, 0, 2)], {(0, 0): 1, (0, 1): 1, (0, 2): 1})
    }


def test_rule1_every_pair_must_be_joined():
    # two labels side by side in one row: 1 at both ends cannot pass label 2
    assert all_models(RULES, board(1, 4, {(0, 0): 1, (0, 1): 2, (0, 2): 2, (0, 3): 1})) == set()


def test_rule2_forbids_a_branch():
    # a T: the middle cell of the top row gets a third segment downwards
    facts = board(2, 3, {(0, 0): 1, (0, 2): 1})
    pins = ":- not link(0,0,0,1). :- not link(0,1,0,2). :- not link(0,1,1,1)."
    assert all_models(RULES, facts, extra=pins) == set()


def test_rule2_forbids_a_crossing():
    # 1 left and right of the centre, 2 above and below: both would need the centre
    facts = board(3, 3, {(1, 0): 1, (1, 2): 1, (0, 1): 2, (2, 1): 2})
    assert all_models(RULES, facts) == set()


def test_rule2_an_endpoint_has_exactly_one_segment():
    # the line may not continue past an endpoint to the cell behind it
    facts = board(1, 3, {(0, 0): 1, (0, 1): 1})
    assert all_models(RULES, facts) == {answer([(0, 0, 0, 1)], {(0, 0): 1, (0, 1): 1})}


def test_rule3_forbids_a_loop_away_from_the_endpoints():
    # a ring of six cells in rows 1-2, nowhere near the pair in row 0: every cell has
    # two segments, so only reachability from an endpoint rules it out
    facts = board(3, 3, {(0, 0): 1, (0, 1): 1})
    pins = " ".join(
        f":- not link({a},{b},{c},{d})."
        for a, b, c, d in [
            (1, 0, 1, 1),
            (1, 1, 1, 2),
            (1, 2, 2, 2),
            (2, 1, 2, 2),
            (2, 0, 2, 1),
            (1, 0, 2, 0),
        ]
    )
    assert all_models(RULES, facts, extra=pins) == set()


def test_rule3_forbids_a_loop_of_four():
    facts = board(3, 2, {(0, 0): 1, (0, 1): 1})
    pins = ":- not link(1,0,1,1). :- not link(1,0,2,0). :- not link(1,1,2,1). :- not link(2,0,2,1)."
    assert all_models(RULES, facts, extra=pins) == set()


def test_rule3_forbids_a_line_between_different_labels():
    # 1 1 on top, 2 2 below: joining each 1 to the 2 beneath it breaks no other rule
    facts = board(2, 3, {(0, 0): 1, (0, 2): 1, (1, 0): 2, (1, 2): 2})
    assert all_models(RULES, facts) == {
        answer(
            [(0, 0, 0, 1), (0, 1, 0, 2), (1, 0, 1, 1), (1, 1, 1, 2)],
            {(0, 0): 1, (0, 1): 1, (0, 2): 1, (1, 0): 2, (1, 1): 2, (1, 2): 2},
        )
    }
    pins = ":- not link(0,0,1,0). :- not link(0,2,1,2)."
    assert all_models(RULES, facts, extra=pins) == set()


def test_rule4_fill_forbids_an_uncovered_cell():
    facts = board(1, 3, {(0, 0): 1, (0, 1): 1})
    assert all_models(RULES, facts, fill=1) == set()


def test_rule4_fill_keeps_only_the_covering_route():
    assert all_models(RULES, TOP_PAIR, fill=1) == {AROUND}


def test_rule5_no_self_touch_forbids_a_line_beside_itself():
    # AROUND puts (0,0) and (0,1) on one line, adjacent but not consecutive
    assert all_models(RULES, TOP_PAIR, no_self_touch=1) == {STRAIGHT}
    assert all_models(RULES, TOP_PAIR, fill=1, no_self_touch=1) == set()


def test_rule5_forbids_a_line_around_a_hole_that_ends_beside_its_start():
    # 1 at (0,0) and (1,0) of a 3x3 grid: the line around the centre touches itself where it
    # ends, and no 2x2 block has three of its segments (the redundant rule does not apply)
    facts = board(3, 3, {(0, 0): 1, (1, 0): 1})
    ring = answer(
        [
            (0, 0, 0, 1),
            (0, 1, 0, 2),
            (0, 2, 1, 2),
            (1, 2, 2, 2),
            (2, 1, 2, 2),
            (2, 0, 2, 1),
            (1, 0, 2, 0),
        ],
        {(r, c): 1 for r in range(3) for c in range(3) if (r, c) != (1, 1)},
    )
    assert ring in all_models(RULES, facts)
    assert all_models(RULES, facts, no_self_touch=1) == {
        answer([(0, 0, 1, 0)], {(0, 0): 1, (1, 0): 1})
    }


def test_the_switches_are_off_unless_set():
    # the header's defaults: Nikoli rules, lines may touch themselves
    assert all_models(RULES, TOP_PAIR, extra=":- fill != 0. :- no_self_touch != 0.") == {
        STRAIGHT,
        AROUND,
    }


def test_a_board_without_endpoints_has_one_empty_solution_and_no_warning():
    assert all_models(RULES, board(2, 2, {})) == {frozenset()}
    assert grounder_messages(RULES, board(2, 2, {})) == []


def test_default_rules_let_a_line_zig_zag_beside_itself():
    # a 3x2 block: 1 at the top corners; the line may fill the block in a U
    facts = board(3, 2, {(0, 0): 1, (0, 1): 1})
    models = all_models(RULES, facts)
    assert len(models) == 3
    assert (
        answer(
            [(0, 0, 1, 0), (1, 0, 2, 0), (2, 0, 2, 1), (1, 1, 2, 1), (0, 1, 1, 1)],
            {(r, c): 1 for r in range(3) for c in range(2)},
        )
        in models
    )


@pytest.mark.parametrize("prune, labels", [(0, {1, 2}), (1, {2})])
def test_rule1_prune_grounds_no_label_where_its_line_cannot_reach(prune, labels):
    # 1 2 -      label 1's line cannot pass label 2's endpoints into the right column
    # 1 2 -
    facts = board(2, 3, {(0, 0): 1, (1, 0): 1, (0, 1): 2, (1, 1): 2})
    ground = grounder_atoms(RULES, facts, prune=prune)
    assert {f"line({r},2,{k})" for r in (0, 1) for k in labels} == {
        a for a in ground if a.startswith(("line(0,2,", "line(1,2,"))
    }
    # the same mirrored (- 2 1): the labels spread to the left as they do to the right
    facts = board(2, 3, {(0, 2): 1, (1, 2): 1, (0, 1): 2, (1, 1): 2})
    ground = grounder_atoms(RULES, facts, prune=prune)
    assert {f"line({r},0,{k})" for r in (0, 1) for k in labels} == {
        a for a in ground if a.startswith(("line(0,0,", "line(1,0,"))
    }


# 1 - 1 / 2 - 2: with fill one solution, each label along its row
ROWS = [(0, 0, 0, 1), (0, 1, 0, 2), (1, 0, 1, 1), (1, 1, 1, 2)]
TWO_ROWS = board(2, 3, {(0, 0): 1, (0, 2): 1, (1, 0): 2, (1, 2): 2})


def candidate(links: list[tuple[int, int, int, int]]) -> str:
    return " ".join(f"candidate({a},{b},{c},{d})." for a, b, c, d in links)


def test_a_candidate_gives_each_cell_the_label_reaching_it_along_its_links():
    # the candidate's own labels: the solution is found, and only one label is ground per
    # cell (without candidate/4 both labels reach the middle column)
    solution = answer(ROWS, {(r, c): r + 1 for r in (0, 1) for c in range(3)})
    assert all_models(RULES, TWO_ROWS, fill=1) == {solution}
    assert all_models(RULES, TWO_ROWS + candidate(ROWS), fill=1) == {solution}
    middle = {a for a in grounder_atoms(RULES, TWO_ROWS + candidate(ROWS)) if "line(" in a}
    assert {a for a in middle if a.startswith(("line(0,1,", "line(1,1,"))} == {
        "line(0,1,1)",
        "line(1,1,2)",
    }


def test_a_candidate_s_check_chooses_among_its_own_links_alone():
    # the candidate's links are the only segments ground; without it every pair's are
    links = {a for a in grounder_atoms(RULES, TWO_ROWS + candidate(ROWS)) if "link(" in a}
    assert links == {f"link({a},{b},{c},{d})" for a, b, c, d in ROWS}
    assert len({a for a in grounder_atoms(RULES, TWO_ROWS) if a.startswith("link(")}) == 7
    # a "link" between cells that are not adjacent is no segment, whatever the candidate says
    diagonal = board(2, 2, {(0, 0): 1, (1, 1): 1}) + candidate([(0, 0, 1, 1)])
    assert all_models(RULES, diagonal) == set()


def test_a_candidate_whose_links_bring_no_label_to_a_cell_leaves_it_empty():
    # links down the sides bring no label to the middle column, which fill must cover
    sides = candidate([(0, 0, 1, 0), (0, 2, 1, 2)])
    assert all_models(RULES, TWO_ROWS + sides, fill=1) == set()


# --- the search stages: externals the solver sets; each narrows to the stricter rules ----


def test_stage_cover_keeps_the_covering_solutions_without_self_touching():
    facts = board(3, 4, {(0, 0): 1, (2, 3): 1, (1, 0): 2, (2, 2): 2, (2, 0): 3, (2, 1): 3})
    covering = all_models(RULES, facts, fill=1, no_self_touch=1)
    assert len(covering) == 1
    assert all_models(RULES, facts, extra="stage(cover).") == covering
    # the pair side by side: the straight line covers too little, the one around the block
    # touches itself
    assert all_models(RULES, TOP_PAIR, extra="stage(cover).") == set()


def test_stage_untouched_keeps_the_solutions_without_self_touching():
    assert all_models(RULES, TOP_PAIR, extra="stage(untouched).") == {STRAIGHT}
    assert all_models(RULES, TOP_PAIR, extra="stage(untouched).", fill=1) == set()


def test_sample_grounds_without_warnings():
    assert grounder_messages(RULES, board(3, 3, {(0, 0): 1, (2, 2): 1, (0, 2): 2, (2, 0): 2})) == []


# --- exact counts against brute force over every set of segments -------------------


_COUNTED: dict[tuple, int] = {}


def brute_force_count(
    rows: int, cols: int, endpoints: dict, fill: bool, no_self_touch: bool
) -> int:
    """Count segment sets meeting the rules, straight from their statement (slow, tiny grids)."""
    key = (rows, cols, tuple(sorted(endpoints.items())), bool(fill), bool(no_self_touch))
    if key not in _COUNTED:  # each case is needed twice: by the comparison and the guard
        _COUNTED[key] = _count(rows, cols, endpoints, bool(fill), bool(no_self_touch))
    return _COUNTED[key]


def _count(rows: int, cols: int, endpoints: dict, fill: bool, no_self_touch: bool) -> int:
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    pairs = [
        ((r, c), (r + dr, c + dc))
        for r, c in cells
        for dr, dc in ((0, 1), (1, 0))
        if r + dr < rows and c + dc < cols
    ]
    count = 0
    for chosen in itertools.product((False, True), repeat=len(pairs)):
        segments = [p for p, on in zip(pairs, chosen) if on]
        near = {cell: [] for cell in cells}
        for a, b in segments:
            near[a].append(b)
            near[b].append(a)
        if any(
            len(near[cell]) != (1 if cell in endpoints else len(near[cell]) and 2) for cell in cells
        ):
            continue  # an endpoint needs one segment, any other cell none or two
        if fill and any(not near[cell] for cell in cells):
            continue
        pieces, ok = {}, True
        for start in cells:
            if start in pieces or not near[start]:
                continue
            todo, piece = [start], {start}
            while todo:
                for n in near[todo.pop()]:
                    if n not in piece:
                        piece.add(n)
                        todo.append(n)
            labels = [endpoints[cell] for cell in piece if cell in endpoints]
            # a piece without endpoints is a loop; one with two different labels joins them
            ok &= len(labels) == 2 and labels[0] == labels[1]
            if no_self_touch:
                ok &= all(
                    frozenset(p) in map(frozenset, segments)
                    for p in pairs
                    if p[0] in piece and p[1] in piece
                )
            pieces.update(dict.fromkeys(piece, start))
        count += ok
    return count


CASES = [
    (2, 3, {(0, 0): 1, (1, 2): 1}),
    (3, 3, {(0, 0): 1, (2, 2): 1}),
    (3, 3, {(0, 0): 1, (0, 2): 1, (2, 0): 2, (2, 2): 2}),
    (3, 3, {(0, 0): 1, (1, 1): 1, (0, 1): 2, (1, 2): 2}),
    (3, 4, {(0, 0): 1, (0, 3): 1, (1, 0): 2, (2, 3): 2}),
    (3, 4, {(0, 0): 1, (2, 0): 1, (0, 1): 2, (2, 3): 2, (1, 3): 3, (0, 3): 3}),
    # covering without self-touching: line 1 turns at (0,2) around the endpoint (1,1)
    (3, 3, {(0, 0): 1, (2, 2): 1, (1, 0): 2, (1, 1): 2, (2, 0): 3, (2, 1): 3}),
    # ... and at (0,3) around (1,2), a turn of line 2 around the endpoint (2,1)
    (3, 4, {(0, 0): 1, (2, 3): 1, (1, 0): 2, (2, 2): 2, (2, 0): 3, (2, 1): 3}),
]


@pytest.mark.parametrize("rows, cols, endpoints", CASES)
@pytest.mark.parametrize("fill, no_self_touch", [(0, 0), (1, 0), (0, 1), (1, 1)])
@pytest.mark.parametrize("prune", [0, 1])
def test_model_count_equals_brute_force(rows, cols, endpoints, fill, no_self_touch, prune):
    # the redundant rules (and the labels left out with prune = 1) lose no solution
    expected = brute_force_count(rows, cols, endpoints, bool(fill), bool(no_self_touch))
    models = all_models(
        RULES, board(rows, cols, endpoints), fill=fill, no_self_touch=no_self_touch, prune=prune
    )
    assert len(models) == expected


def test_brute_force_counts_are_as_worked_out():
    # guard the comparison above against a brute force that agrees by counting nothing
    counts = {
        (fill, touch): [brute_force_count(r, c, e, fill, touch) for r, c, e in CASES]
        for fill in (False, True)
        for touch in (False, True)
    }
    assert counts == {
        (False, False): [4, 12, 7, 2, 12, 6, 1, 1],
        (True, False): [1, 2, 0, 0, 0, 3, 1, 1],
        (False, True): [3, 6, 3, 1, 5, 3, 1, 1],
        (True, True): [0, 0, 0, 0, 0, 0, 1, 1],
    }


# --- techniques, each alone (no numbered rule): what it forces by itself ---------------------
# `covered` and `untouched` are rule 4's and rule 5's statements: a technique that needs
# them says so ("with rule 4") and gets them here as facts

ROW_OF_3 = "cell(0,0). cell(0,1). cell(0,2). endpoint(0,0,1). endpoint(0,2,1)."
LEFT, RIGHT = "link(0,0,0,1)", "link(0,1,0,2)"


def lines(*links: str, middle: bool) -> frozenset[str]:
    """A model of ROW_OF_3: its links, the endpoints' lines, and the middle cell's when used."""
    return frozenset({*links, "line(0,0,1)", "line(0,2,1)", *(["line(0,1,1)"] if middle else [])})


def test_technique_only_exit_gives_every_endpoint_a_segment():
    assert technique_models("numberlink.lp", ROW_OF_3, 1) == {lines(LEFT, RIGHT, middle=True)}


def test_technique_dead_end_never_stops_a_line_in_a_cell_without_an_endpoint():
    assert technique_models("numberlink.lp", ROW_OF_3, 2) == {
        lines(middle=False),
        lines(LEFT, RIGHT, middle=True),
    }


def test_technique_stranded_region_with_fill_joins_every_cell_to_an_endpoint():
    assert technique_models("numberlink.lp", ROW_OF_3, 5, extra="covered.") == {
        lines(LEFT, middle=True),
        lines(RIGHT, middle=True),
        lines(LEFT, RIGHT, middle=True),
    }
    assert len(technique_models("numberlink.lp", ROW_OF_3, 5)) == 4  # without rule 4: no say


SQUARE = "cell(0,0). cell(0,1). cell(1,0). cell(1,1). endpoint(0,0,1). endpoint(1,0,1)."
SIDES = ["link(0,0,0,1)", "link(0,0,1,0)", "link(0,1,1,1)", "link(1,0,1,1)"]


@pytest.mark.parametrize("no_self_touch", [0, 1])
def test_technique_no_bend_in_a_block_allows_at_most_two_sides_of_a_2x2_block(no_self_touch):
    rule5 = "untouched." if no_self_touch else ""
    found = technique_models("numberlink.lp", SQUARE, 3, extra=rule5)
    links = {frozenset(a for a in model if a.startswith("link")) for model in found}
    most = 2 if no_self_touch else 4
    assert links == {
        frozenset(chosen)
        for size in range(most + 1)
        for chosen in itertools.combinations(SIDES, size)
    }


@pytest.mark.parametrize(("inner", "allowed"), [("endpoint(2,2,2).", True), ("", False)])
def test_technique_corner_looks_along_the_whole_diagonal_inside_a_turn(inner, allowed):
    # a turn at (0,0), from (0,1) down to (1,0): its inner diagonal holds (1,1), then (2,2)
    facts = " ".join(f"cell({r},{c})." for r in range(3) for c in range(3))
    facts += " endpoint(0,1,1). endpoint(1,0,1). "
    pins = ":- not link(0,0,0,1). :- not link(0,0,1,0)."
    found = technique_models("numberlink.lp", facts + inner, 4, extra=pins + "covered. untouched.")
    assert bool(found) == allowed


@pytest.mark.parametrize(("inner", "allowed"), [("endpoint(1,0,2).", True), ("", False)])
def test_technique_corner_needs_an_endpoint_inside_a_turn(inner, allowed):
    # a turn at (0,1), from (0,0) down to (1,1): its inner diagonal holds (1,0)
    facts = "cell(0,0). cell(0,1). cell(1,0). cell(1,1). endpoint(0,0,1). endpoint(1,1,1). "
    pins = ":- not link(0,0,0,1). :- not link(0,1,1,1). :- link(0,0,1,0). :- link(1,0,1,1)."
    found = technique_models("numberlink.lp", facts + inner, 4, extra=pins + "covered. untouched.")
    assert {frozenset(a for a in m if a.startswith("link")) for m in found} == (
        {frozenset({"link(0,0,0,1)", "link(0,1,1,1)"})} if allowed else set()
    )


def rim_board(size: int, endpoints: dict[tuple[int, int], int]) -> str:
    """A size x size board, some rows and columns inside it void (the rim is the bounding
    rectangle's, whatever lies inside)."""
    cells = " ".join(
        f"cell({r},{c})." for r in range(size) for c in range(size) if r in (0, size - 1) or c % 2
    )
    return cells + " " + " ".join(f"endpoint({r},{c},{k})." for (r, c), k in endpoints.items())


@pytest.mark.parametrize(
    "endpoints",
    [
        # 1 on the top and bottom rows, 2 on the left and right columns
        {(0, 1): 1, (3, 2): 1, (1, 0): 2, (2, 3): 2},
        # at the corners: going round, top left, top right, bottom right, bottom left
        {(0, 0): 1, (3, 3): 1, (0, 3): 2, (3, 0): 2},
        # both on the top row and the right column, then the bottom row
        {(0, 1): 1, (3, 3): 1, (0, 3): 2, (3, 1): 2},
    ],
)
def test_technique_crossing_refutes_labels_alternating_around_the_rim(endpoints):
    assert technique_models("numberlink.lp", rim_board(4, endpoints), 6) == set()


@pytest.mark.parametrize(
    "endpoints",
    [
        {(0, 0): 1, (0, 3): 1, (0, 1): 2, (0, 2): 2},  # nested: 1 around 2
        {(0, 0): 1, (0, 1): 1, (3, 0): 2, (3, 3): 2},  # side by side
        {(0, 1): 1, (3, 2): 1, (1, 1): 2, (2, 3): 2},  # alternating, but (1,1) is inside
        {(0, 1): 1, (3, 2): 1, (2, 1): 2, (3, 0): 2},  # and so is (2,1)
    ],
)
def test_technique_crossing_allows_labels_that_do_not_alternate_on_the_rim(endpoints):
    nothing_drawn = ":- link(R1,C1,R2,C2)."  # one model, not one for every set of links
    assert technique_models("numberlink.lp", rim_board(4, endpoints), 6, extra=nothing_drawn)


@pytest.mark.parametrize(
    "facts",
    [
        board(1, 4, {(0, 0): 1, (0, 2): 1, (0, 1): 2, (0, 3): 2}),
        board(4, 1, {(0, 0): 1, (2, 0): 1, (1, 0): 2, (3, 0): 2}),
    ],
)
def test_technique_crossing_takes_no_say_on_a_board_one_cell_wide(facts):
    # (one row or column has no inside: the technique needs two rows and two columns)
    assert technique_models("numberlink.lp", facts, 6, extra=":- link(R1,C1,R2,C2).")


@pytest.mark.parametrize("fill", [0, 1])
def test_technique_crossing_refutes_a_big_board_before_any_choice(fill):
    # on 30x30 the search for a way round would take hours; the rules with the technique
    # fail before the first choice (the search is stopped at its tenth conflict)
    facts = board(30, 30, {(0, 14): 1, (29, 15): 1, (14, 0): 2, (15, 29): 2})
    control = ground(None, facts, encoding=encoding_path(RULES), constants={"fill": fill}).ctl
    control.configuration.solve.solve_limit = "10"
    assert control.solve().unsatisfiable
    assert control.statistics["solving"]["solvers"]["choices"] == 0

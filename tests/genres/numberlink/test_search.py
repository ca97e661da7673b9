"""Numberlink's search program (puzzlesolve/genres/numberlink/search.lp) and the staged search
built on it: the program finds only solutions of the rules, and every count and proof of a
solve stays that of the rules file alone.

The program is speed only, so its own models are pinned exactly: on every small board they
are the solutions of encodings/numberlink.lp that satisfy its extra conditions (b: no 2x2
block with three segments around it; c, with cover: the corner rule), written out here in
Python from the links.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from pathlib import Path

import clingo
import pytest
from conftest import REPO
from test_solver import stalled_plain_steps

from puzzlesolve import load, solve
from puzzlesolve.genre import Finder
from puzzlesolve.genres.numberlink import Numberlink, facts
from puzzlesolve.genres.numberlink import search as numberlink_search
from puzzlesolve.lanes import Lane, Search, Step
from puzzlesolve.program import encoding_path
from puzzlesolve.registry import get_genre

INSTANCES = REPO / "instances" / "numberlink"

Link = tuple[int, int, int, int]


def models(program: str | Path, text: str, **constants: int) -> set[frozenset[str]]:
    """Every model of a program on inline facts, as sets of shown atoms (link/4 only)."""
    arguments = ["--models=0"] + [f"--const={k}={v}" for k, v in constants.items()]
    ctl = clingo.Control(arguments)
    ctl.load(str(program))
    ctl.add("base", [], text)
    ctl.ground([("base", [])])
    found: list[frozenset[str]] = []
    with ctl.solve(yield_=True) as handle:
        for model in handle:
            found.append(frozenset(str(s) for s in model.symbols(shown=True) if s.name == "link"))
    return set(found)


def search_models(text: str) -> set[frozenset[str]]:
    return models(numberlink_search.PROGRAM, text)


def puzzle_of(rows: int, cols: int, endpoints: dict[tuple[int, int], int]) -> Numberlink:
    names = ("",) + tuple(map(str, sorted(set(endpoints.values()))))
    return Numberlink(rows, cols, endpoints, names)


def board_facts(rows: int, cols: int, endpoints: dict[tuple[int, int], int]) -> str:
    return "\n".join(facts(puzzle_of(rows, cols, endpoints)))


def links_of(model: frozenset[str]) -> set[Link]:
    return {tuple(int(x) for x in atom[5:-1].split(",")) for atom in model}


def corner_rule_holds(links: set[Link], endpoints: dict) -> bool:
    """Condition c: where a line turns, the cell diagonally inside the turn is an endpoint
    or turns the same way."""
    neighbours: dict[tuple[int, int], set[tuple[int, int]]] = {}
    for r1, c1, r2, c2 in links:
        neighbours.setdefault((r1, c1), set()).add((r2, c2))
        neighbours.setdefault((r2, c2), set()).add((r1, c1))

    def turns(cell, dr, dc) -> bool:
        r, c = cell
        return {(r + dr, c), (r, c + dc)} == neighbours.get(cell, set())

    for cell in neighbours:
        for dr, dc in itertools.product((-1, 1), repeat=2):
            inside = (cell[0] + dr, cell[1] + dc)
            if turns(cell, dr, dc) and inside not in endpoints and not turns(inside, dr, dc):
                return False
    return True


def expected(rows: int, cols: int, endpoints: dict) -> set[frozenset[str]]:
    """The rules file's covering solutions that keep the corner rule."""
    solutions = models(encoding_path("numberlink.lp"), board_facts(rows, cols, endpoints), fill=1)
    return {s for s in solutions if corner_rule_holds(links_of(s), endpoints)}


def random_board(rng: random.Random) -> tuple[int, int, dict[tuple[int, int], int]]:
    rows, cols = rng.randint(1, 4), rng.randint(2, 4)
    cells = list(itertools.product(range(rows), range(cols)))
    labels = rng.randint(1, min(3, len(cells) // 2))
    chosen = rng.sample(cells, 2 * labels)
    return rows, cols, {cell: 1 + i // 2 for i, cell in enumerate(chosen)}


# --- the program's models, pinned ---------------------------------------------------------


@pytest.mark.parametrize("seed", range(150))
def test_the_program_finds_exactly_the_covering_solutions_that_keep_the_corner_rule(seed):
    rows, cols, endpoints = random_board(random.Random(seed))
    assert search_models(board_facts(rows, cols, endpoints)) == expected(rows, cols, endpoints)


@pytest.mark.parametrize("name", ["copris-5x5", "fill-5x5", "self-touch-4x5", "two-ways-3x3"])
def test_the_program_on_the_bundled_instances(name):
    puzzle = load("numberlink", INSTANCES / f"{name}.txt")
    found = search_models("\n".join(facts(puzzle)))
    assert found == expected(puzzle.rows, puzzle.cols, puzzle.endpoints)
    # fill-5x5's one covering solution turns against the corner rule (it runs beside
    # itself): the rules search alone finds it
    assert bool(found) == (name != "fill-5x5")


def test_a_segment_joins_cells_of_one_label():
    # 1 2 / 1 2: no line may join two labels
    text = board_facts(2, 2, {(0, 0): 1, (0, 1): 2, (1, 0): 1, (1, 1): 2})
    assert search_models(text) == {frozenset({"link(0,0,1,0)", "link(0,1,1,1)"})}


def test_labels_of_many_bits_are_told_apart():
    # labels 1..5 in columns (three bits): 3 and 5 share bits 0 and 2 and are not joined
    ends = {(0, 0): 3, (0, 1): 5, (1, 0): 3, (1, 1): 5, (2, 0): 1, (2, 1): 1}
    ends |= {(3, 0): 2, (3, 1): 2, (4, 0): 4, (4, 1): 4}
    assert search_models(board_facts(5, 2, ends)) == {
        frozenset(
            {"link(0,0,1,0)", "link(0,1,1,1)", "link(2,0,2,1)", "link(3,0,3,1)", "link(4,0,4,1)"}
        )
    }


def test_every_cell_is_covered():
    # 1 - 1 / - - -: the straight line leaves the bottom row empty; the U leaves (0,1)
    assert search_models(board_facts(2, 3, {(0, 0): 1, (0, 2): 1})) == set()


def test_a_line_runs_one_way_out_of_each_endpoint_and_on_through_each_cell():
    # a single row: one way only
    assert search_models(board_facts(1, 3, {(0, 0): 1, (0, 2): 1})) == {
        frozenset({"link(0,0,0,1)", "link(0,1,0,2)"})
    }


def test_no_stray_loop():
    # 4x4 with 1 1 and 2 2 in the middle: straight lines and a loop round the edge would
    # cover the board and keep the corner rule (each corner has an endpoint inside); the
    # rules' own covering solutions all turn against it, so nothing is left
    ends = {(1, 1): 1, (1, 2): 1, (2, 1): 2, (2, 2): 2}
    assert (
        len(expected(4, 4, ends))
        == 0
        < len(models(encoding_path("numberlink.lp"), board_facts(4, 4, ends), fill=1))
    )
    assert search_models(board_facts(4, 4, ends)) == set()


def test_the_corner_rule():
    # 3x3, 1 at the ends of the top row: both covering solutions turn at a corner of the
    # board around the centre, which turns the other way
    ends = {(0, 0): 1, (0, 2): 1}
    assert len(models(encoding_path("numberlink.lp"), board_facts(3, 3, ends), fill=1)) == 2
    assert search_models(board_facts(3, 3, ends)) == set()


# --- the staged search keeps counts and proofs those of the rules -------------------------


def rules_alone(puzzle, switches, models_wanted):
    return solve(
        "numberlink",
        puzzle,
        models=models_wanted,
        switches=switches,
        encoding=encoding_path("numberlink.lp"),
    )


@pytest.mark.parametrize("switches", [(), ("fill",)])
@pytest.mark.parametrize("seed", range(25))
def test_the_staged_search_counts_as_the_rules_do_on_random_boards(seed, switches, monkeypatch):
    monkeypatch.setattr("puzzlesolve.staged.FIRST_SLICE_SECONDS", 1e-4)
    rows, cols, endpoints = random_board(random.Random(1000 + seed))
    puzzle = puzzle_of(rows, cols, endpoints)
    for wanted, cores in ((2, 1), (2, 2), (50, 1), (50, 2)):
        staged = solve("numberlink", puzzle, models=wanted, switches=switches, cores=cores)
        reference = rules_alone(puzzle, switches, wanted)
        assert (staged.status, staged.count, staged.exhausted) == (
            reference.status,
            reference.count,
            reference.exhausted,
        ) or (staged.status, staged.count) == ("multiple", wanted)
        everything = {str(s) for s in rules_alone(puzzle, switches, 0).solutions}
        assert {str(s) for s in staged.solutions} <= everything


@pytest.mark.parametrize("switches", [(), ("fill",)])
@pytest.mark.parametrize("seed", range(25))
def test_one_solution_asked_for_is_one_of_the_rules(seed, switches, monkeypatch):
    # the first solution alone (a candidate of the search program may be checked without
    # the full rules): a solution of the rules, or none exactly when they have none
    monkeypatch.setattr("puzzlesolve.staged.FIRST_SLICE_SECONDS", 1e-4)
    rows, cols, endpoints = random_board(random.Random(3000 + seed))
    puzzle = puzzle_of(rows, cols, endpoints)
    everything = {str(s) for s in rules_alone(puzzle, switches, 0).solutions}
    for cores in (1, 2):
        result = solve("numberlink", puzzle, models=1, switches=switches, cores=cores)
        assert result.count == len(result.solutions) == min(1, len(everything))
        assert result.status == ("solved" if everything else "unsolvable")
        assert {str(s) for s in result.solutions} <= everything


@pytest.mark.parametrize("cores", [1, 2])
@pytest.mark.parametrize(("name", "switches"), [("copris-5x5", ()), ("self-touch-4x5", ("fill",))])
def test_one_solution_asked_for_comes_from_the_candidate_s_check_alone(name, switches, cores):
    # models=1, on two cores or one: the search program's candidate, checked in the rules
    # ground around it alone, is the solution reported, so the full rules are never ground
    # (rules 0, and the stats say so in words); it is one of the rules' own solutions
    # (self-touch-4x5 under fill has 8 to choose from)
    puzzle = load("numberlink", INSTANCES / f"{name}.txt")
    everything = rules_alone(puzzle, switches, 0).solutions
    assert len(everything) == (1 if name == "copris-5x5" else 8)
    result = solve("numberlink", puzzle, models=1, switches=switches, cores=cores)
    assert (result.status, result.count, result.exhausted) == ("solved", 1, False)
    assert result.solutions[0] in everything
    assert (result.stats["rules"], result.stats["atoms"]) == (0, 0)
    assert result.stats["full_rules"] == "never ground (a candidate's check found the solution)"
    assert "ground_s" not in result.stats
    assert result.stats["finder_rules"] > 0 and result.stats["check_rules"] > 0


def test_a_solution_the_finder_gets_wrong_is_never_reported(tmp_path, monkeypatch):
    # a search program that claims a line from (0,0) straight down, joining labels 1 and 2;
    # with the plain search stalled, the steered search of the rules decides: it finds
    # only their own solution, and proves it unique
    bogus = tmp_path / "bogus.lp"
    bogus.write_text("#show. #show link(0,0,1,0) : cell(0,0).\n")
    genre = get_genre("numberlink")
    lying = dataclasses.replace(genre, stages=lambda _switches: (Finder(str(bogus)),))
    puzzle = load("numberlink", INSTANCES / "copris-5x5.txt")
    reference = rules_alone(puzzle, (), 2)
    assert "link(0,0,1,0)" not in {str(s) for s in reference.solutions}
    monkeypatch.setattr("puzzlesolve.staged.FIRST_SLICE_SECONDS", 1e-4)
    monkeypatch.setattr("puzzlesolve.staged.plain_steps", stalled_plain_steps)
    for cores in (1, 2):
        result = solve(lying, puzzle, cores=cores)
        assert (result.status, result.count, result.exhausted) == ("unique", 1, True)
        assert result.solutions == reference.solutions


def test_a_candidate_s_check_that_finds_nothing_leaves_the_rules_to_settle_it(
    tmp_path, monkeypatch
):
    # the same wrong candidate, checked on its own (models=1): its check has no model, so
    # the rules, steered toward it, find their own solution as before
    bogus = tmp_path / "bogus.lp"
    bogus.write_text("#show. #show link(0,0,1,0) : cell(0,0).\n")
    genre = get_genre("numberlink")
    finder = Finder(str(bogus), check="candidate")
    lying = dataclasses.replace(genre, stages=lambda _switches: (finder,))
    puzzle = load("numberlink", INSTANCES / "copris-5x5.txt")
    reference = rules_alone(puzzle, (), 2)
    monkeypatch.setattr("puzzlesolve.staged.FIRST_SLICE_SECONDS", 1e-4)
    monkeypatch.setattr("puzzlesolve.staged.plain_steps", stalled_plain_steps)
    for cores in (1, 2):
        result = solve(lying, puzzle, models=1, cores=cores)
        assert (result.status, result.count, result.exhausted) == ("solved", 1, False)
        assert result.solutions == reference.solutions
        assert result.stats["check_rules"] > 0 and result.stats["rules"] > 0


# --- a candidate checked by the rules file on its own labels (candidate/4) -----------------


def candidate_facts(links: set[Link]) -> str:
    return "\n".join(f"candidate({r1},{c1},{r2},{c2})." for r1, c1, r2, c2 in sorted(links))


@pytest.mark.parametrize("fill", [0, 1])
@pytest.mark.parametrize("seed", range(40))
def test_a_candidate_s_check_finds_only_solutions_of_the_rules_and_finds_a_true_one(seed, fill):
    # every solution of the rules, given as the candidate, is found again; a random set of
    # links (mostly no solution) yields nothing the rules without candidate/4 do not allow
    rng = random.Random(2000 + seed)
    rows, cols, endpoints = random_board(rng)
    text = board_facts(rows, cols, endpoints)
    rules = encoding_path("numberlink.lp")
    solutions = models(rules, text, fill=fill)
    for solution in solutions:
        checked = models(rules, text + "\n" + candidate_facts(links_of(solution)), fill=fill)
        assert solution in checked and checked <= solutions
    pairs = [
        (r, c, r + dr, c + dc)
        for r, c in itertools.product(range(rows), range(cols))
        for dr, dc in ((0, 1), (1, 0))
        if r + dr < rows and c + dc < cols
    ]
    for _ in range(5):
        guess = {pair for pair in pairs if rng.random() < 0.5}
        assert models(rules, text + "\n" + candidate_facts(guess), fill=fill) <= solutions


def test_a_candidate_s_check_finds_only_what_its_labels_allow():
    # 1 - 1 / 2 - 2 under fill: one solution, the two rows. A candidate joining the labels
    # down the sides brings no label to the middle cells, which must be covered: nothing
    text = board_facts(2, 3, {(0, 0): 1, (0, 2): 1, (1, 0): 2, (1, 2): 2})
    rules = encoding_path("numberlink.lp")
    rows = {(0, 0, 0, 1), (0, 1, 0, 2), (1, 0, 1, 1), (1, 1, 1, 2)}
    solution = frozenset(f"link({r1},{c1},{r2},{c2})" for r1, c1, r2, c2 in rows)
    assert models(rules, text, fill=1) == {solution}
    sides = candidate_facts({(0, 0, 1, 0), (0, 2, 1, 2)})
    assert models(rules, text + "\n" + sides, fill=1) == set()


def test_a_candidate_s_check_grounds_one_label_per_cell():
    # 6x6 covered by six straight rows, labels 1..6: without a candidate every cell may take
    # every label (an open board), with it only its row's
    ends = {(r, c): r + 1 for r in range(6) for c in (0, 5)}
    text = board_facts(6, 6, ends)
    rows = {(r, c, r, c + 1) for r in range(6) for c in range(5)}

    def label_choices(extra: str) -> int:
        ctl = clingo.Control(["--const=fill=1"])
        ctl.load(str(encoding_path("numberlink.lp")))
        ctl.add("base", [], text + "\n" + extra)
        ctl.ground([("base", [])])
        return sum(1 for atom in ctl.symbolic_atoms.by_signature("line", 3) if not atom.is_fact)

    # the inner cells (4 per row) of a board where each row's label could wander anywhere
    assert label_choices("") == 6 * 4 * 6
    assert label_choices(candidate_facts(rows)) == 6 * 4


# --- a step's limit of conflicts (the steered search for a second solution has one) ---------

PIGEONS = (
    "pigeon(1..7). hole(1..6). { in(P,H) : hole(H) } = 1 :- pigeon(P).\n:- hole(H), 2 { in(P,H) }."
)


@pytest.mark.parametrize(("limit", "limited"), [(5, True), (None, False)])
def test_a_call_stopped_at_its_limit_of_conflicts_decides_nothing(limit, limited):
    # seven pigeons in six holes: no model, proven only after many conflicts; within 5 the
    # call stops undecided, without a limit it exhausts the space
    ctl = clingo.Control()
    ctl.add("base", [], PIGEONS)
    ctl.ground([("base", [])])
    outcomes = []

    def steps():
        outcomes.append((yield Step(conflicts=limit)))
        return None if outcomes[0].limited else outcomes[0].exhausted

    search = Search(models=1, keep_solutions=True, deadline=None)
    Lane(search, ctl, steps()).wait(None)
    assert [(o.models, o.exhausted, o.limited) for o in outcomes] == [([], not limited, limited)]
    assert (search.decided, search.exhausted) == (not limited, not limited)
    assert ctl.statistics["solving"]["solvers"]["conflicts"] >= 5

"""The search of solver.solve keeps counts and proofs exact, on one core and on two.

The plain search of the user's rules and a staged search (stricter stages first, then the
user's rules steered toward the first solution) run side by side in two ground programs
(two cores) or take turns in one (one core). Whichever decides, counts and uniqueness proofs
must be those of the plain search alone. These boards are settled in the plain search's first
slice of time, so most tests make the slices tiny to let the staged search run at all.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import OPEN_BOARD, PARITY_BOARD

from puzzlesolve import lanes, load, parse, program, solve, solver, staged
from puzzlesolve.cli import main
from puzzlesolve.program import encoding_path
from puzzlesolve.registry import get_genre

INSTANCES = Path(__file__).resolve().parent.parent / "instances" / "numberlink"
BOARD = INSTANCES / "self-touch-4x5.txt"
COUNTS = {(): 72, ("fill",): 8, ("no_self_touch",): 7}  # of BOARD, worked out below
CORES = [1, 2]


def plain(path: Path, models: int = 0, switches: tuple[str, ...] = ()) -> solver.Result:
    # an explicit rules file turns the stages off: the reference, the user's rules alone
    return solve(
        "numberlink",
        load("numberlink", path),
        models=models,
        switches=switches,
        encoding=encoding_path("numberlink.lp"),
    )


def paths(result: solver.Result) -> list[str]:
    return sorted(map(str, result.solutions))


@pytest.fixture
def tiny_slices(monkeypatch):
    monkeypatch.setattr(staged, "FIRST_SLICE_SECONDS", 1e-4)


class Calls(list):
    """Every solve call as (ground program, in order of grounding; externals set, or
    ("finder",) for a call of a stage's own program)."""

    controls: list


@pytest.fixture
def calls(monkeypatch) -> Calls:
    seen = Calls()
    seen.controls = []
    ground, start = program.ground, lanes.Lane._start

    def recording_ground(*args, **kwargs):
        built = ground(*args, **kwargs)
        seen.controls.append(built.ctl)
        return built

    def recording_start(self):
        step = self.step
        start(self)
        externals = ("finder",) if step.finder else step.externals
        seen.append((seen.controls.index(self.open), externals))

    monkeypatch.setattr(program, "ground", recording_ground)
    monkeypatch.setattr(lanes.Lane, "_start", recording_start)
    return seen


@pytest.mark.parametrize("switches", list(COUNTS))
def test_the_reference_counts(switches):
    result = plain(BOARD, switches=switches)
    assert (result.count, result.exhausted) == (COUNTS[switches], True)


@pytest.mark.parametrize("cores", CORES)
@pytest.mark.parametrize("switches", list(COUNTS))
def test_asked_for_more_than_there_are_the_count_is_exact(tiny_slices, cores, switches):
    result = solve(
        "numberlink", load("numberlink", BOARD), models=100, switches=switches, cores=cores
    )
    assert (result.status, result.count, result.exhausted) == ("multiple", COUNTS[switches], True)
    assert paths(result) == paths(plain(BOARD, switches=switches))


@pytest.mark.parametrize("cores", CORES)
def test_two_solutions_make_it_multiple(tiny_slices, cores):
    result = solve("numberlink", load("numberlink", BOARD), cores=cores)
    assert (result.status, result.count, result.exhausted) == ("multiple", 2, False)
    assert len(set(paths(result))) == 2
    assert set(paths(result)) <= set(paths(plain(BOARD)))


@pytest.mark.parametrize("cores", CORES)
def test_a_unique_puzzle_is_proven_unique(tiny_slices, cores):
    result = solve("numberlink", load("numberlink", INSTANCES / "copris-5x5.txt"), cores=cores)
    assert (result.status, result.count, result.exhausted) == ("unique", 1, True)
    assert paths(result) == paths(plain(INSTANCES / "copris-5x5.txt"))


@pytest.mark.parametrize("cores", CORES)
@pytest.mark.parametrize("switches", [(), ("fill",)])
def test_an_unsolvable_puzzle_is_proven_unsolvable(tiny_slices, cores, switches):
    board = load("numberlink", INSTANCES / "crossing-2x2.txt")
    result = solve("numberlink", board, switches=switches, cores=cores)
    assert (result.status, result.count, result.exhausted) == ("unsolvable", 0, True)


@pytest.mark.parametrize("cores", CORES)
def test_a_board_with_no_solution_in_any_stage_is_still_solved(tiny_slices, cores):
    # 1 1 / - - under --fill: the only solution runs around the block, beside itself, so no
    # stricter stage has one to steer by: the plain search decides
    board = parse("numberlink", "1 1\n- -\n")
    result = solve("numberlink", board, models=100, switches=["fill"], cores=cores)
    assert (result.status, result.count, result.exhausted) == ("unique", 1, True)
    assert result.solutions == [{1: [(0, 0), (1, 0), (1, 1), (0, 1)]}]


# --- each search alone decides exactly: the plain one is the reference above ----------------


def staged_alone(path: Path, models: int, switches: tuple[str, ...] = ()) -> lanes.Search:
    """The staged search of `path` run to its end, with no plain search beside it."""
    genre = get_genre("numberlink")
    facts = "\n".join(genre.facts(load("numberlink", path)))
    ctl = program.ground(genre, facts, switches=switches, arguments=[f"--models={models}"]).ctl
    search = lanes.Search(models, True, None)
    steps = staged.staged_steps(genre, genre.stages(frozenset(switches)))
    lanes.Lane(search, ctl, steps, staged.finder_grounder(facts, search)).wait(None)
    return search


@pytest.mark.parametrize("switches", list(COUNTS))
def test_the_staged_search_alone_counts_exactly(switches):
    search = staged_alone(BOARD, 100, switches)
    assert (search.decided, search.count(), search.exhausted) == (True, COUNTS[switches], True)
    genre, board = get_genre("numberlink"), load("numberlink", BOARD)
    found = sorted(str(genre.decode(symbols, board)) for symbols in search.solutions())
    assert found == paths(plain(BOARD, switches=switches))


def test_the_staged_search_alone_proves_a_unique_puzzle():
    search = staged_alone(INSTANCES / "copris-5x5.txt", 2)
    assert (search.decided, search.count(), search.exhausted) == (True, 1, True)


def test_the_staged_search_alone_cannot_decide_when_no_stage_has_a_solution(calls):
    # that no stricter stage has a solution proves nothing: the plain search decides
    search = staged_alone(INSTANCES / "crossing-2x2.txt", 2)
    assert (search.decided, search.count()) == (False, 0)
    # each stage in turn (numberlink's search.stages): cover, route, untouched (limited),
    # three wider routes, untouched
    finder, untouched = ("finder",), ("stage(untouched)",)
    assert [externals for _, externals in calls] == [
        finder,
        finder,
        untouched,
        finder,
        finder,
        finder,
        untouched,
    ]


# --- how the two searches share the time and the cores ----------------------------------


def test_two_cores_the_plain_search_runs_once_from_the_start(tiny_slices, calls):
    result = solve("numberlink", load("numberlink", BOARD), models=100, cores=2)
    assert (result.count, result.exhausted) == (72, True)
    # the search program (control 0) starts first, while the user's rules (1) are ground;
    # their program is searched plainly in that one program (resumed there after a call lent
    # to the staged search, never made anew elsewhere), and the steered search may take it over
    assert calls[0] == (0, ("finder",))
    assert [externals for control, externals in calls if control == 1][:1] == [()]
    assert {control for control, externals in calls if externals == ()} == {1}
    for ctl in calls.controls:
        assert ctl.configuration.solve.parallel_mode.split(",")[0] == "1"


def test_one_core_the_searches_take_turns_in_one_program_and_thread(tiny_slices, calls):
    # batch runs one solve per core: a solve with cores=1 must keep one core busy
    result = solve("numberlink", load("numberlink", BOARD), models=100, cores=1)
    assert (result.count, result.exhausted) == (72, True)
    # the user's rules are ground once (control 0); the search program (1) on its own
    assert {control for control, externals in calls if externals != ("finder",)} == {0}
    assert {control for control, externals in calls if externals == ("finder",)} == {1}
    assert calls.controls[0].configuration.solve.parallel_mode.split(",")[0] == "1"
    turns = [externals for _, externals in calls]
    assert turns[0] == ("finder",)  # the search program first: small, and quick to decide
    # a stage that ended by itself is not searched again
    if ("steering",) in turns:
        assert ("finder",) not in turns[turns.index(("steering",)) :]


def stalled_plain_steps() -> lanes.Steps:
    """A plain search that cannot end while the staged search runs (12 pigeons in 11 holes,
    guarded by an external that is set only during its call)."""
    pigeons = (
        "#external stall. { hole(P,H) : H = 1..11 } = 1 :- P = 1..12, stall. "
        ":- hole(P,H), hole(Q,H), P < Q."
    )

    def add(ctl):
        ctl.add("stall", [], pigeons)
        ctl.ground([("stall", [])])

    yield lanes.Step(("stall",), prepare=add)
    return None


def test_two_cores_a_candidate_is_confirmed_in_the_plain_program_lent_for_one_call(
    tiny_slices, calls, monkeypatch
):
    # the search program's candidate is confirmed by the user's rules in the plain search's
    # program (no second grounding before the first solution); then the plain search
    # resumes, and the steered search goes on in a second program, as for any stage
    reference = paths(plain(BOARD, switches=("fill",)))
    calls.clear()
    calls.controls.clear()
    monkeypatch.setattr(staged, "plain_steps", stalled_plain_steps)
    board = load("numberlink", BOARD)
    result = solve("numberlink", board, models=100, switches=["fill"], cores=2)
    assert (result.count, result.exhausted) == (COUNTS[("fill",)], True)
    assert paths(result) == reference
    assert calls == [
        (0, ("finder",)),
        (1, ("stall",)),
        (1, ("steering",)),
        (1, ("stall",)),
        (2, ("steering",)),
    ]


@pytest.mark.parametrize("cores", CORES)
def test_an_easy_puzzle_starts_with_the_search_program(cores, calls):
    result = solve("numberlink", load("numberlink", INSTANCES / "copris-5x5.txt"), cores=cores)
    assert (result.status, result.count, result.exhausted) == ("unique", 1, True)
    # the search program first (it finds the covering solution), then the rules steered
    # toward it settle it (or the plain search does first); one core grounds them once
    assert calls[0] == (0 if cores == 2 else 1, ("finder",))
    assert {externals for _, externals in calls[1:]} <= {(), ("steering",)}
    assert len(calls.controls) == 2 if cores == 1 else len(calls.controls) in (2, 3)


@pytest.mark.parametrize("keep_solutions", [True, False])
def test_listing_or_counting_all_is_left_to_the_plain_search(tiny_slices, calls, keep_solutions):
    result = solve("numberlink", load("numberlink", BOARD), models=0, keep_solutions=keep_solutions)
    assert (result.count, result.exhausted) == (72, True)
    assert len(result.solutions) == (72 if keep_solutions else 0)
    assert calls == [(0, ())]


def test_a_rules_file_of_ones_own_is_searched_plainly(tiny_slices, calls):
    assert plain(BOARD, models=2).status == "multiple"
    assert calls == [(0, ())]


# --- time limits: a search that needs far longer stops at --timeout -----------------------


def within(seconds: float, limit: float) -> bool:
    """Whether a run given a time limit stopped in time: not far beyond the limit.

    The searches here never end by themselves (minutes at least), so a limit not honoured
    shows at once; the margin is wide, so that a loaded machine cannot make it flake (an idle
    one stops within a tenth of a second of the limit).
    """
    return seconds <= limit + 30


@pytest.mark.parametrize("cores", CORES)
def test_a_timeout_while_both_searches_run_ends_them_in_time(tiny_slices, calls, cores):
    started = time.perf_counter()
    result = solve(
        "numberlink", parse("numberlink", PARITY_BOARD), switches=["fill"], timeout=1.5, cores=cores
    )
    assert within(time.perf_counter() - started, 1.5)
    assert (result.status, result.count, result.exhausted) == ("timeout", 0, False)
    assert ("finder",) in [externals for _, externals in calls]  # the staged one ran


def test_a_timeout_before_any_solution_exits_4():
    r = CliRunner().invoke(
        main,
        ["numberlink", "-", "--fill", "--timeout", "0.5", "--format", "json"],
        input=PARITY_BOARD,
    )
    assert r.exit_code == 4, r.output
    document = json.loads(r.stdout)
    assert (document["status"], document["count"], document["exhausted"]) == ("timeout", 0, False)
    assert within(document["stats"]["time_s"], 0.5)


def test_first_solution_only_is_solved_not_unique():
    r = CliRunner().invoke(
        main, ["numberlink", "-", "-n", "1", "--format", "json"], input=OPEN_BOARD
    )
    assert r.exit_code == 0, r.output
    document = json.loads(r.stdout)
    assert (document["status"], document["count"], document["exhausted"]) == ("solved", 1, False)


@pytest.mark.parametrize(
    "arguments", [["-n", "0", "--count"], ["-n", "0"], []], ids=["count-all", "list-all", "default"]
)
def test_timeout_is_honoured_on_a_search_that_needs_far_longer(tmp_path, arguments):
    board = tmp_path / "open-10x10.txt"
    board.write_text(OPEN_BOARD)
    command = [sys.executable, "-m", "puzzlesolve", "numberlink", str(board), *arguments]
    command += ["--timeout", "2", "--format", "json"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    document = json.loads(done.stdout)
    assert done.returncode == 0, done.stderr
    assert document["exhausted"] is False and document["count"] >= 1
    assert within(document["stats"]["time_s"], 2), document["stats"]

"""puzzlesolve audit of the loop genres: Slitherlink's numbers and Masyu's pearls added as
repairs (each re-solved unique, the smallest as brute force finds it), redundant clues
proved again one by one, the sites that differ named as edges and segments, exact text and
JSON, a bad symmetry."""

from __future__ import annotations

import importlib
import itertools
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlesolve import parse, solve
from puzzlesolve.cli import main
from puzzlesolve.registry import get_genre

AUDIT = importlib.import_module("puzzlesolve.audit")
REPAIR = importlib.import_module("puzzlesolve.audit_repair")
REMOVAL = importlib.import_module("puzzlesolve.audit_removal")
REPO = Path(__file__).resolve().parent.parent

# Tatham's Loopy 5x5 (instances/slitherlink/tatham-5x5.txt) with two numbers of its
# solution written in too, r1c1 (3) and r1c2 (1): a unique board with clues to spare
SLITHER_EXTRA = "3 1 . . .\n3 . 1 0 3\n. 2 . 2 3\n. . . . .\n2 . . 3 .\n"
# Tatham's Pearl 6x6 (instances/masyu/tatham-6x6.txt) with a white pearl its loop allows
# at r1c5: unique, with clues to spare
MASYU_EXTRA = ". . . W W .\nW . . . W .\nW . . . . B\n. . . . . .\n. . B . . B\n. W . . . .\n"
# boards of several solutions: 61 (a repair needs two numbers), 4 (one pearl), 56 (two)
SLITHER_SIXTY = "0 . . .\n. . . .\n. . . 2\n"
MASYU_FOUR = ". . . .\n. W . .\n. . W .\n"
MASYU_FIFTY = ". . . .\n. W . .\n. . . .\n. . . .\n"
# Tatham's Loopy 5x5 without its numbers at r2c1 and r3c2 (23 solutions), and Pearl 6x6
# without r1c4, r2c5 and r6c2 (22): two clues repair each, no set of up to three does less
SLITHER_FIVE = ". 1 . . .\n. . 1 0 3\n. . . 2 3\n. . . . .\n2 . . 3 .\n"
MASYU_SIX = ". . . . . .\nW . . . . .\nW . . . . B\n. . . . . .\n. . B . . B\n. . . . . .\n"


def hooks(name: str):
    return importlib.import_module(f"puzzlesolve.genres.{name}.audit")


def audit_cli(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["audit", *args])
    return result.exit_code, result.output


def brute_minimum(name: str, text: str, symmetry: str = "none", most: int = 3) -> int | None:
    """The fewest clues (each the number or pearl one solution gives its blank cell; with a
    symmetry, a cell's images with it) that leave exactly one solution, over every set of
    up to `most` orbits (None: none of them does)."""
    genre, audit_hooks = get_genre(name), hooks(name)
    puzzle = parse(genre, text)
    every = [audit_hooks.clue_values(puzzle, s) for s in solve(genre, puzzle, models=0).solutions]
    blanks = set(audit_hooks.blanks(puzzle))
    orbits = {
        tuple(sorted(REPAIR.images(cell, puzzle.rows, puzzle.cols, symmetry) & blanks))
        for cell in blanks
    }
    best = None
    for size in range(1, most + 1):
        for chosen in itertools.combinations(sorted(orbits), size):
            cells = [cell for orbit in chosen for cell in orbit]
            for values in every:
                if any(values[cell] is None for cell in cells):
                    continue  # no pearl fits there
                agree = [other for other in every if all(other[c] == values[c] for c in cells)]
                if len(agree) == 1:
                    best = len(cells) if best is None else min(best, len(cells))
    return best


def assert_repairs_are_unique(name: str, text: str, report, fewest: int) -> None:
    genre = get_genre(name)
    puzzle = parse(genre, text)
    assert report.status == "multiple"
    assert report.repairs, report.notes
    for repair in report.repairs:
        clues = {tuple(add["cell"]): add["value"] for add in repair["add"]}
        assert len(clues) == fewest
        again = solve(genre, hooks(name).with_clues(puzzle, clues), models=2)
        assert again.status == "unique"
        # each clue is what the one solution left gives its cell
        given = hooks(name).clue_values(puzzle, again.solutions[0])
        assert {cell: given[cell] for cell in clues} == clues


@pytest.mark.parametrize(
    ("name", "text", "symmetry", "fewest"),
    [
        ("slitherlink", SLITHER_SIXTY, "none", 2),
        ("slitherlink", SLITHER_SIXTY, "rotate", 2),
        ("masyu", MASYU_FOUR, "none", 1),
        ("masyu", MASYU_FIFTY, "rotate", 2),
        ("slitherlink", SLITHER_FIVE, "none", 2),
        ("masyu", MASYU_SIX, "none", 2),
    ],
)
def test_repair_is_as_small_as_brute_force_finds(name, text, symmetry, fewest):
    assert brute_minimum(name, text, symmetry, most=3) == fewest
    report = AUDIT(name, parse(name, text), symmetry=symmetry, grade=False)
    assert_repairs_are_unique(name, text, report, fewest)


def test_slitherlink_repair_text_exactly():
    code, output = audit_cli("slitherlink", "instances/slitherlink/two-ways-2x2.txt")
    assert code == 1, output
    assert output == (
        "instances/slitherlink/two-ways-2x2.txt: multiple (4 solutions)\n"
        "  differ: p1.2-p1.3 p1.2-p2.2 p1.3-p2.3 p2.1-p2.2 p2.1-p3.1 p2.2-p2.3 p2.2-p3.2"
        " p2.3-p3.3 p3.1-p3.2 p3.2-p3.3\n"
        # the clues of the solution the search finds first (with clingo's frumpy
        # configuration, Slitherlink's own: r1c2 shows 3 in it)
        "  repair (1 clue, re-checked unique): r1c2 = 3; or r2c1 = 1; or r2c1 = 3\n"
        "  grade: not graded: several solutions (--keep-grade grades the steps that are"
        " forced)\n"
    )
    text = (REPO / "instances/slitherlink/two-ways-2x2.txt").read_text()
    report = AUDIT("slitherlink", parse("slitherlink", text), grade=False)
    assert_repairs_are_unique("slitherlink", text, report, 1)


def test_masyu_repair_text_exactly():
    code, output = audit_cli("masyu", "instances/masyu/two-ways-3x3.txt", "--no-grade")
    assert code == 1, output
    assert output == (
        "instances/masyu/two-ways-3x3.txt: multiple (4 solutions)\n"
        "  differ: r1c1-r1c2 r1c1-r2c1 r1c2-r1c3 r1c2-r2c2 r1c3-r2c3 r2c1-r2c2 r2c1-r3c1"
        " r2c2-r2c3 r2c2-r3c2 r2c3-r3c3 r3c1-r3c2 r3c2-r3c3\n"
        "  repair (1 clue, re-checked unique): r2c1 = W; or r2c3 = W; or r3c2 = W\n"
    )
    text = (REPO / "instances/masyu/two-ways-3x3.txt").read_text()
    report = AUDIT("masyu", parse("masyu", text), grade=False)
    assert_repairs_are_unique("masyu", text, report, 1)


def test_differ_names_every_site_that_is_not_the_same_in_all_solutions():
    for name, path in (
        ("slitherlink", "instances/slitherlink/two-ways-2x2.txt"),
        ("masyu", "instances/masyu/two-ways-3x3.txt"),
    ):
        genre = get_genre(name)
        puzzle = parse(genre, (REPO / path).read_text())
        every = [set(s) for s in solve(genre, puzzle, models=0).solutions]
        # on in some solution and off in another, whichever the first solve found
        expected = sorted(set.union(*every) - set.intersection(*every))
        assert AUDIT(genre, puzzle, grade=False).differ == expected


def test_symmetric_repair_of_a_masyu_that_symmetry_cannot_repair_says_so():
    report = AUDIT(
        "masyu",
        parse("masyu", (REPO / "instances/masyu/two-ways-3x3.txt").read_text()),
        symmetry="rotate",
        grade=False,
    )
    # each loop's half-turn is another of its solutions, and pearls added in pairs keep both
    assert report.repairs == []
    assert report.notes["repairs"] == "none available: no set of clues makes the puzzle unique"


@pytest.mark.parametrize(
    ("name", "text", "redundant", "removable"),
    [
        ("slitherlink", SLITHER_EXTRA, [(0, 0), (0, 1), (1, 2), (2, 3)], [(0, 1), (2, 3)]),
        ("masyu", MASYU_EXTRA, [(0, 4), (1, 4)], [(0, 4)]),
    ],
)
def test_redundant_clues_are_proved_one_by_one(name, text, redundant, removable):
    genre, audit_hooks = get_genre(name), hooks(name)
    puzzle = parse(genre, text)
    report = AUDIT(genre, puzzle, grade=False)
    assert report.status == "unique"
    assert report.redundant == redundant
    assert report.removable == removable
    clues = [cell for group in REMOVAL.clue_groups(genre, puzzle)[1] for cell in group]
    for cell in clues:  # every clue, by a solve of its own: redundant exactly when unique
        alone = solve(genre, audit_hooks.without(puzzle, [cell]), models=2).status
        assert (alone == "unique") == (cell in redundant), cell
    together = solve(genre, audit_hooks.without(puzzle, removable), models=2)
    assert together.status == "unique"
    # largest: no set of one more redundant clue can go together (any other clue cannot
    # go even alone)
    for more in itertools.combinations(redundant, len(removable) + 1):
        assert solve(genre, audit_hooks.without(puzzle, list(more)), models=2).count == 2


def test_unique_puzzle_text_exactly(tmp_path):
    path = tmp_path / "extra.txt"
    path.write_text(MASYU_EXTRA)
    code, output = audit_cli("masyu", str(path), "--no-grade")
    assert code == 0, output
    assert output == (
        f"{path}: unique\n  redundant clues (each alone): r1c5 r2c5\n  removable together: r1c5\n"
    )


def test_json_shape_exactly():
    code, output = audit_cli(
        "slitherlink",
        "instances/slitherlink/two-ways-2x2.txt",
        "--symmetry",
        "mirror",
        "--format",
        "json",
    )
    assert code == 1, output
    assert json.loads(output) == {
        "genre": "slitherlink",
        "instance": "instances/slitherlink/two-ways-2x2.txt",
        "status": "multiple",
        "solutions": 4,
        "differ": [
            [[0, 1], [0, 2]],
            [[0, 1], [1, 1]],
            [[0, 2], [1, 2]],
            [[1, 0], [1, 1]],
            [[1, 0], [2, 0]],
            [[1, 1], [1, 2]],
            [[1, 1], [2, 1]],
            [[1, 2], [2, 2]],
            [[2, 0], [2, 1]],
            [[2, 1], [2, 2]],
        ],
        # r1c2's mirror image r1c1 holds the 3 already: r1c2 alone keeps the layout
        "repairs": [
            {"add": [{"cell": [0, 1], "value": 1}], "unique": True},
            {"add": [{"cell": [0, 1], "value": 3}], "unique": True},
        ],
        "redundant": [],
        "removable": [],
        "grade": {},
        "notes": {
            "grade": "not graded: several solutions (--keep-grade grades the steps that are forced)"
        },
    }


def test_json_of_a_unique_masyu_exactly(tmp_path):
    path = tmp_path / "extra.txt"
    path.write_text(MASYU_EXTRA)
    code, output = audit_cli("masyu", str(path), "--format", "json", "--no-grade")
    assert code == 0, output
    assert json.loads(output) == {
        "genre": "masyu",
        "instance": str(path),
        "status": "unique",
        "solutions": 1,
        "differ": [],
        "repairs": [],
        "redundant": [[0, 4], [1, 4]],
        "removable": [[0, 4]],
        "grade": {},
    }


@pytest.mark.parametrize("name", ["slitherlink", "masyu"])
def test_d4_on_a_board_not_square_is_one_line_exit_2(tmp_path, name):
    path = tmp_path / "wide.txt"
    path.write_text(". . . .\n. . . .\n. . . .\n")
    report = tmp_path / "report.json"
    result = CliRunner().invoke(
        main, ["audit", name, str(path), "--symmetry", "d4", "-o", str(report)]
    )
    assert result.exit_code == 2, result.output
    assert result.output == (
        f"puzzlesolve: {path}: d4 symmetry needs a square board, this one is 3x4 "
        "(rotate and mirror fit any rectangle)\n"
    )
    assert not report.exists()
    with pytest.raises(AUDIT.SymmetryError):
        AUDIT(name, parse(name, path.read_text()), symmetry="d4")


def test_a_tatham_game_id_is_audited():
    code, output = audit_cli("masyu", "6x6:cWbWcWaWdBhBbBaWd", "--no-grade")
    assert code == 0, output
    assert output == (
        "6x6:cWbWcWaWdBhBbBaWd: unique\n"
        "  redundant clues (each alone): none\n"
        "  removable together: none\n"
    )


def test_the_page_s_server_audits_and_adds_a_loop_repair():
    from puzzlesolve.serve import edit, tasks

    path = "instances/masyu/two-ways-3x3.txt"
    request = {"genre": "masyu", "source": {"text": (REPO / path).read_text(), "name": path}}
    report = tasks.audit({**request, "grade": False})
    assert report["status"] == "multiple"
    assert json.loads(json.dumps(report["differ"]))[0] == [[0, 0], [0, 1]]
    assert report["repairs"][0] == {"add": [{"cell": [1, 0], "value": "W"}], "unique": True}
    edited = edit.edit({**request, "add": report["repairs"][0]["add"]})
    assert edited["source"] == {"text": "- - -\nW W -\n- - -\n", "name": f"{path} (edited)"}
    again = tasks.audit({"genre": "masyu", "source": edited["source"], "grade": False})
    assert (again["status"], again["redundant"]) == ("unique", [])


@pytest.mark.parametrize(("name", "text"), [("slitherlink", SLITHER_SIXTY), ("masyu", MASYU_FIFTY)])
def test_the_clue_a_solution_gives_a_cell_is_one_the_rules_accept(name, text):
    """The hooks read numbers and pearls as the rules file does: with every clue a loop
    gives (`clue_values`) written in, the loop is still a solution, and every solution
    left gives those clues too."""
    genre, audit_hooks = get_genre(name), hooks(name)
    puzzle = parse(genre, text)
    every = solve(genre, puzzle, models=0).solutions
    assert len(every) == (61 if name == "slitherlink" else 56)
    for loop in every:
        given = {c: v for c, v in audit_hooks.clue_values(puzzle, loop).items() if v is not None}
        clued = audit_hooks.with_clues(puzzle, given)
        left = solve(genre, clued, models=0).solutions
        assert loop in left
        for other in left:
            gives = audit_hooks.clue_values(puzzle, other)
            assert {cell: gives[cell] for cell in given} == given

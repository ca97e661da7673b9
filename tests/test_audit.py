"""puzzlesolve audit: the optimisation's minimum against brute force, every redundant clue
proved again, exact JSON of small puzzles, the command's exit codes and bad input."""

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

# the solution of instances/numbrix/small-5x5.txt, from which the boards below keep givens
NUMBRIX_SOLUTION = [
    [9, 10, 11, 12, 13],
    [8, 21, 20, 19, 14],
    [7, 22, 25, 18, 15],
    [6, 23, 24, 17, 16],
    [5, 4, 3, 2, 1],
]


# the solution of instances/hidato/small-5x5.txt
HIDATO_SOLUTION = [
    [15, 14, 12, 2, 1],
    [16, 17, 13, 11, 3],
    [18, 19, 20, 10, 4],
    [23, 22, 21, 9, 5],
    [24, 25, 8, 7, 6],
]


def board(kept: set[tuple[int, int]], solution: list[list[int]] = NUMBRIX_SOLUTION) -> str:
    """A 5x5 text with the solution's numbers at `kept` only."""
    return "".join(
        " ".join(str(n) if (r, c) in kept else "-" for c, n in enumerate(row)) + "\n"
        for r, row in enumerate(solution)
    )


def brute_minimum(genre_name: str, text: str, symmetry: str = "none", most: int = 3):
    """The fewest clues (given numbers on blank cells, each the value of its cell in some
    solution; with a symmetry, a cell's images with it) that leave one solution, trying every
    set of up to `most` such clue groups; None when none of them does."""
    genre = get_genre(genre_name)
    puzzle = parse(genre, text)
    every = solve(genre, puzzle, models=0).solutions
    values = [genre.values(puzzle, s) for s in every]
    blanks = [cell for cell in puzzle.cells if cell not in puzzle.givens]
    orbits = {
        tuple(sorted(REPAIR.images(cell, puzzle.rows, puzzle.cols, symmetry) & set(blanks)))
        for cell in blanks
        if REPAIR.images(cell, puzzle.rows, puzzle.cols, symmetry) <= set(puzzle.cells)
    }
    # a candidate group: an orbit with the values one solution gives it; its mask: the
    # solutions that agree with it
    masks: dict[tuple, int] = {}
    for orbit in orbits:
        for value in values:
            key = (orbit, tuple(value[cell] for cell in orbit))
            masks.setdefault(key, 0)
    for key in masks:
        orbit, numbers = key
        masks[key] = sum(
            1 << i
            for i, value in enumerate(values)
            if all(value[cell] == n for cell, n in zip(orbit, numbers))
        )
    best = None
    keys = list(masks)
    for size in range(1, most + 1):
        for chosen in itertools.combinations(keys, size):
            orbits_used = [orbit for orbit, _ in chosen]
            if len(set(orbits_used)) < size:
                continue
            mask = (1 << len(values)) - 1
            for key in chosen:
                mask &= masks[key]
            if mask and mask & (mask - 1) == 0:
                clues = sum(len(orbit) for orbit in orbits_used)
                best = clues if best is None else min(best, clues)
    return best


# boards kept small (4 to 34 solutions) so that brute force takes a moment
HIDATO_SEVEN = {(0, 4), (1, 2), (2, 1), (3, 2), (3, 3), (3, 4), (4, 1)}  # 32 solutions
REPAIRS = [
    ("numbrix", {(0, 0), (2, 1), (2, 3)}, "none", 2),
    ("numbrix", {(0, 0), (2, 1), (2, 3)}, "rotate", 3),
    ("numbrix", {(0, 3), (1, 1), (3, 0)}, "rotate", 2),
    ("numbrix", {(3, 3), (3, 4), (4, 2)}, "rotate", 2),
    ("numbrix", {(0, 2), (2, 4), (4, 1)}, "rotate", 2),
    ("numbrix", {(0, 3), (1, 1), (3, 0)}, "none", 1),
    ("hidato", HIDATO_SEVEN, "none", 3),
    ("hidato", {(0, 3), (0, 4), (1, 0), (1, 1), (1, 2), (3, 2), (4, 1), (4, 2)}, "none", 2),
]


@pytest.mark.parametrize(("name", "kept", "symmetry", "fewest"), REPAIRS)
def test_repair_is_as_small_as_brute_force_finds(name, kept, symmetry, fewest):
    text = board(kept, NUMBRIX_SOLUTION if name == "numbrix" else HIDATO_SOLUTION)
    assert brute_minimum(name, text, symmetry) == fewest
    genre = get_genre(name)
    puzzle = parse(genre, text)
    report = AUDIT(genre, puzzle, symmetry=symmetry, grade=False)
    assert report.status == "multiple"
    assert report.repairs, report.notes
    hooks = importlib.import_module("puzzlesolve.genres.hidato.audit")
    for repair in report.repairs:
        clues = {tuple(add["cell"]): add["value"] for add in repair["add"]}
        assert len(clues) == fewest
        # each clue is its cell's number in the one solution left, which a new solve finds
        again = solve(genre, hooks.with_clues(puzzle, clues))
        assert again.status == "unique"
        assert all(again.solutions[0][r][c] == n for (r, c), n in clues.items())
        # the clues come with their images (those that are blank)
        for cell in clues:
            images = REPAIR.images(cell, 5, 5, symmetry) - set(puzzle.givens)
            assert images <= set(clues)
    assert len({json.dumps(repair) for repair in report.repairs}) == len(report.repairs)


def test_repairs_of_a_2x2_numbrix_are_the_cells_that_differ():
    genre = get_genre("numbrix")
    puzzle = parse(genre, "1 -\n- -\n")
    report = AUDIT(genre, puzzle, grade=False)
    assert report.to_json() == {
        "genre": "numbrix",
        "instance": "",
        "status": "multiple",
        "solutions": 2,
        "differ": [[0, 1], [1, 0]],
        "repairs": [
            {"add": [{"cell": [0, 1], "value": 2}], "unique": True},
            {"add": [{"cell": [0, 1], "value": 4}], "unique": True},
            {"add": [{"cell": [1, 0], "value": 2}], "unique": True},
        ],
        "redundant": [],
        "removable": [],
        "grade": {},
    }


EXTRA = "9 - - - 13\n- - 20 - -\n7 - 25 - -\n- - - 17 -\n- - - - 1\n"  # unique, 7 givens


def test_every_redundant_clue_is_proved_again_and_no_other_is_redundant():
    genre = get_genre("numbrix")
    puzzle = parse(genre, EXTRA)
    report = AUDIT(genre, puzzle, grade=False)
    hooks = importlib.import_module("puzzlesolve.genres.hidato.audit")
    for cell in puzzle.givens:
        alone = solve(genre, hooks.without(puzzle, [cell])).status
        assert alone == ("unique" if cell in report.redundant else "multiple"), cell
    assert report.redundant == [(0, 0), (0, 4), (2, 0), (3, 3), (4, 4)]
    # the set removed together leaves one solution, and no larger set of givens does
    assert solve(genre, hooks.without(puzzle, report.removable)).status == "unique"
    larger = [
        chosen
        for chosen in itertools.combinations(report.redundant, len(report.removable) + 1)
        if solve(genre, hooks.without(puzzle, list(chosen))).status == "unique"
    ]
    assert larger == []
    assert len(report.removable) == 3


def test_unique_puzzle_json_exactly():
    result = CliRunner().invoke(
        main,
        ["audit", "numbrix", "-", "--no-grade", "--format", "json"],
        input=EXTRA,
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == {
        "genre": "numbrix",
        "instance": "-",
        "status": "unique",
        "solutions": 1,
        "differ": [],
        "repairs": [],
        "redundant": [[0, 0], [0, 4], [2, 0], [3, 3], [4, 4]],
        "removable": [[0, 0], [2, 0], [3, 3]],
        "grade": {},
    }


def test_ambiguous_puzzle_json_exactly():
    path = "instances/numbrix/several-2x2.txt"
    result = CliRunner().invoke(
        main,
        ["audit", "numbrix", path, "--no-grade", "--format", "json"],
        catch_exceptions=False,
    )
    assert result.exit_code == 1, result.output
    document = json.loads(result.output)
    assert document["instance"] == path
    assert document["repairs"][0] == {"add": [{"cell": [0, 1], "value": 2}], "unique": True}
    assert (document["status"], document["solutions"], document["differ"]) == (
        "multiple",
        2,
        [[0, 1], [1, 0]],
    )


def test_grade_is_the_explanation_s():
    from puzzlesolve.explain import explain

    genre = get_genre("numbrix")
    puzzle = parse(genre, EXTRA)
    grade = AUDIT(genre, puzzle).grade
    explanation = explain(get_genre(genre), puzzle)
    assert grade["grade"] == explanation.difficulty.grade
    assert grade["difficulty"] == explanation.difficulty.to_json()
    assert sum(grade["tiers"].values()) == grade["steps"] == len(explanation.steps)
    assert grade["hardest"]["weight"] == explanation.difficulty.largest
    assert grade["opening"] == [list(cell) for cell in explanation.steps[0].clues]


def test_genres_that_cannot_add_or_remove_say_why():
    hitori = AUDIT("hitori", parse("hitori", "1 1\n1 2\n"), grade=False)
    assert hitori.status == "unique"
    assert hitori.notes == {"redundant": "none: every cell of a Hitori keeps its number"}
    several = AUDIT(
        "hitori",
        parse("hitori", (REPO / "instances/hitori/several-3x3.txt").read_text()),
        grade=False,
    )
    assert several.status == "multiple"
    assert several.notes["repairs"].startswith("none available: a Hitori's clues are its numbers")
    nurikabe = AUDIT("nurikabe", parse("nurikabe", "2 .\n. .\n"), grade=False)
    assert nurikabe.status == "multiple"
    assert nurikabe.repairs == []
    assert nurikabe.notes["repairs"].startswith("none available: each area")


def test_no_solution_gives_the_clues_in_conflict():
    result = CliRunner().invoke(
        main,
        ["audit", "nurikabe", "instances/nurikabe/apart-2x2.txt", "--format", "json"],
        catch_exceptions=False,
    )
    assert result.exit_code == 1, result.output
    document = json.loads(result.output)
    assert document["status"] == "unsolvable"
    assert document["notes"] == {"repairs": "no solution: nothing to repair"}
    assert document["conflict"]["clues"] == [[0, 0], [1, 1]]
    text = CliRunner().invoke(main, ["audit", "nurikabe", "instances/nurikabe/apart-2x2.txt"])
    assert "no solution: nothing to repair" in text.output
    assert "clues in conflict: r1c1 r2c2" in text.output


def test_a_variant_that_loses_uniqueness():
    result = CliRunner().invoke(
        main,
        [
            "audit",
            "hitori",
            "instances/hitori/ai-course-5x5.txt",
            "--no-grade",
            "--format",
            "json",
            "--against",
            "instances/hitori/without-rule-3.lp",
        ],
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["against"] == {
        "rules": "instances/hitori/without-rule-3.lp",
        "status": "multiple",
        "keeps_solution": False,
    }


def test_d4_on_a_board_not_square_is_one_line_and_writes_nothing(tmp_path):
    report = tmp_path / "report.json"
    result = CliRunner().invoke(
        main,
        [
            "audit",
            "hitori",
            "instances/hitori/non-square-8x12.txt",
            "--symmetry",
            "d4",
            "-o",
            str(report),
        ],
    )
    assert result.exit_code == 2, result.output
    assert result.stderr == (
        "puzzlesolve: instances/hitori/non-square-8x12.txt: d4 symmetry needs a square board,"
        " this one is 8x12 (rotate and mirror fit any rectangle)\n"
    )
    assert not report.exists()


def test_bad_input_is_one_line_with_line_and_column(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("1 x\n- -\n")
    result = CliRunner().invoke(main, ["audit", "numbrix", str(bad)])
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(f"puzzlesolve: {bad}:1:3: ")
    assert "Traceback" not in result.output
    unknown = CliRunner().invoke(main, ["audit", "numbrix", str(bad), "--symmetry", "spin"])
    assert unknown.exit_code == 2
    assert "'spin' is not one of" in unknown.stderr


def test_a_book_resumes_and_reports_flagged_rows_first(tmp_path):
    folder = tmp_path / "book"
    folder.mkdir()
    (folder / "a-unique.txt").write_text(EXTRA)
    (folder / "b-several.txt").write_text("1 -\n- -\n")
    (folder / "c-bad.txt").write_text("1 x\n- -\n")
    lines = tmp_path / "report.jsonl"
    first = CliRunner().invoke(
        main,
        ["audit", "numbrix", str(folder), "-j", "1", "--no-grade", "-o", str(lines)],
        catch_exceptions=False,
    )
    assert first.exit_code == 2, first.output  # one instance is bad input
    found = [json.loads(line) for line in lines.read_text().splitlines()]
    assert sorted(line["status"] for line in found) == ["error", "multiple", "unique"]
    # a run cut short: the last line lost, then finished
    kept = lines.read_text().splitlines()[:-1]
    lines.write_text("".join(line + "\n" for line in kept))
    again = CliRunner().invoke(
        main,
        ["audit", "numbrix", str(folder), "-j", "1", "--no-grade", "-o", str(lines), "--resume"],
        catch_exceptions=False,
    )
    assert again.exit_code == 2, again.output
    assert sorted(json.loads(line)["instance"] for line in lines.read_text().splitlines()) == [
        str(folder / name) for name in ("a-unique.txt", "b-several.txt", "c-bad.txt")
    ]
    minimal = "instances/numbrix/small-5x5.txt"  # unique, no given to spare: not flagged
    table = CliRunner().invoke(
        main,
        [
            "audit",
            "numbrix",
            minimal,
            str(folder / "b-several.txt"),
            str(folder / "a-unique.txt"),
            "-j",
            "1",
            "--no-grade",
        ],
        catch_exceptions=False,
    )
    assert table.exit_code == 1, table.output
    rows = table.output.splitlines()
    assert rows[1].startswith(f"! {folder / 'a-unique.txt'}  ")
    assert "r1c1 r1c5 r3c1 r4c4 r5c5" in rows[1]
    assert rows[2].startswith(f"! {folder / 'b-several.txt'}  ")
    assert rows[3].startswith(f"  {minimal}  ")
    assert (
        rows[4] == "3 puzzles, 2 flagged (!: not unique, clues to spare, a variant that "
        "changes it, or bad input); grade+: at least"
    )


def test_html_book_has_pictures_inline(tmp_path):
    page = tmp_path / "book.html"
    result = CliRunner().invoke(
        main,
        [
            "audit",
            "numbrix",
            "instances/numbrix/several-2x2.txt",
            "instances/numbrix/small-5x5.txt",
            "-j",
            "1",
            "--no-grade",
            "-o",
            str(page),
        ],
        catch_exceptions=False,
    )
    assert result.exit_code == 1, result.output
    text = page.read_text()
    assert text.count("<svg") == 2
    assert 'src="http' not in text and 'href="http' not in text and "<link" not in text
    assert text.index("several-2x2") < text.index("small-5x5")


def test_keep_grade_grades_repairs_and_keeps_removals_that_keep_the_grade():
    from puzzlesolve.explain import explain

    genre = get_genre("numbrix")
    hooks = importlib.import_module("puzzlesolve.genres.hidato.audit")
    ambiguous = parse(genre, "1 -\n- -\n")
    report = AUDIT(genre, ambiguous, keep_grade=True)
    aimed = report.grade["grade"]
    graded = [
        explain(
            genre,
            hooks.with_clues(
                ambiguous, {tuple(add["cell"]): add["value"] for add in repair["add"]}
            ),
        ).difficulty.grade
        for repair in report.repairs
    ]
    assert [repair["grade"] for repair in report.repairs] == graded
    keeping = [grade == aimed for grade in graded]
    assert keeping == sorted(keeping, reverse=True)  # those that keep the grade come first
    assert ("repairs" in report.notes) == (not any(keeping))
    unique = parse(genre, "1 2 3\n- - -\n- - 9\n")  # small: every removal is explained
    kept = AUDIT(genre, unique, keep_grade=True)
    plain = AUDIT(genre, unique, grade=False)
    assert set(kept.redundant) <= set(plain.redundant)
    assert plain.redundant
    for cell in plain.redundant:
        same = (
            explain(get_genre(genre), hooks.without(unique, [cell])).difficulty.grade
            == kept.grade["grade"]
        )
        assert (cell in kept.redundant) == same


def test_svg_draws_two_solutions_that_differ(tmp_path):
    picture = tmp_path / "two.svg"
    result = CliRunner().invoke(
        main,
        [
            "audit",
            "numbrix",
            "instances/numbrix/several-2x2.txt",
            "--no-grade",
            "--svg",
            str(picture),
        ],
        catch_exceptions=False,
    )
    assert result.exit_code == 1, result.output
    assert picture.read_text().count("solution ") == 2


def test_nurikabe_cut_tells_exactly_which_numbers_a_shading_breaks():
    import clingo

    genre = get_genre("nurikabe")
    puzzle = parse(genre, ". 3 . .\n. . . .\n. . 4 .\n. . . .\n")  # 11 shadings in all
    hooks = importlib.import_module("puzzlesolve.genres.nurikabe.audit")
    _, groups, _ = REMOVAL.clue_groups(genre, puzzle)
    subsets = [
        set(chosen)
        for size in range(len(groups) + 1)
        for chosen in itertools.combinations(range(len(groups)), size)
    ]

    def solutions(kept: set[int]) -> list:
        gone = [groups[i][0] for i in range(len(groups)) if i not in kept]
        return [sorted(s) for s in solve(genre, hooks.without(puzzle, gone), models=0).solutions]

    every = {frozenset(kept): solutions(kept) for kept in subsets}
    shadings = {tuple(s) for found in every.values() for s in found}
    assert len(shadings) == 11
    for shading in shadings:
        conditions = hooks.cut(puzzle, list(shading), groups)
        for kept in subsets:
            ctl = clingo.Control()
            facts = "".join(f"keep({i})." for i in kept)
            ctl.add("base", [], facts + "".join(f"bad :- {c}." for c in conditions))
            ctl.ground([("base", [])])
            with ctl.solve(yield_=True) as models:
                broken = next(iter(models)).contains(clingo.Function("bad"))
            assert broken == (list(shading) not in every[frozenset(kept)]), (shading, kept)


def test_the_page_s_server_audits_the_board_on_screen():
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    from starlette.testclient import TestClient

    from puzzlesolve.serve.app import create_app

    app = create_app("127.0.0.1", 8765, warm=False)
    with TestClient(app, base_url="http://127.0.0.1:8765") as client:
        body = {
            "genre": "numbrix",
            "source": {"text": "1 -\n- -\n", "name": "two.txt"},
            "grade": False,
        }
        response = client.post("/api/audit", json=body)
        assert response.status_code == 200, response.text
        found = response.json()
        assert (found["status"], found["solutions"], found["differ"]) == (
            "multiple",
            2,
            [[0, 1], [1, 0]],
        )
        assert found["repairs"][0] == {"add": [{"cell": [0, 1], "value": 2}], "unique": True}
        refused = client.post("/api/audit", json={**body, "symmetry": "spin"})
        assert refused.status_code == 400
        assert refused.json() == {
            "error": "symmetry must be one of none, rotate, mirror, d4, not 'spin'"
        }

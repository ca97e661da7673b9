"""Puzzle generation, genre-free: clue sets tested by asking clingo for a different solution.

    >>> from puzzlesolve import get_genre
    >>> from puzzlesolve.generate import generate
    >>> puzzle = generate(get_genre("hitori"), 5, 5, seed=1)
    >>> puzzle.name, puzzle.measures["shaded"] > 0
    ('hitori-5x5-hard-1', True)

Each genre's generator is the ``generate`` function of its package's ``generate`` module
(``puzzlesolve/genres/<genre>/generate.py``), called as ``generate(genre, rows, cols, seed,
difficulty, **options)``; that module also says ``MIN_SIDE``, ``GRADE_LIMITS`` and
``GRADE_MAX_CELLS`` (per genre name, see `grade` and `grades_quickly`) and has a
``check_options(options)`` that refuses combinations of options (raising GenerateError);
see ``puzzlesolve.genre.GenerateFeature``.
This module checks the request, imports the generator only when it is used, and holds what
generators share.

A generator builds a candidate solution in Python, then asks the genre's own rules file
whether its clues pin that solution down: a model is asked for that *differs from the
intended solution*; when that search comes back exhausted without one, the clue set is
proven unique. A `ClueProgram` holds one grounding. Where the clues decide what grounds
(the endpoints of Numberlink, the givens of Hidato, which the rules file uses to prune),
a generator grounds one per candidate with the clues as facts; where they do not (the
numbers of Hitori), one per puzzle with every possible clue an ``#external`` atom, a clue
set being one list of assumptions (true for shown clues, false for the rest).

Difficulty is measured, not assumed (`grade`): with ``grade`` on, candidates are made with
the genre's knob (``KNOB``: clue counts or line lengths) and each is explained
(`puzzlesolve.explain`); the size of its largest step (cells used + rules used) against the
genre's ``GRADE_LIMITS`` says easy, medium or hard, and the first candidate of the asked
grade is kept (or, when none of the CANDIDATES is, the closest, named by the grade it has and
flagged in `Generated.note`).

Puzzles depend only on the arguments (``random.Random(seed)``, never time or hash order;
searches are bounded by conflicts, not seconds) and on clingo's version.

This module talks to clingo directly (the style guide keeps that in ``solver.py``) because
``solver.solve`` grounds afresh on every call and searches in two threads, neither of which
suits a solution held fixed over many checks; it grounds with `program.ground`, as the solver
does, so both see the same rules file, constants and clingo options.
"""

from __future__ import annotations

import re
import time
from dataclasses import replace
from typing import TYPE_CHECKING

from puzzlesolve.generator_kit import (
    KING,
    ROOK,
    ClueProgram,
    Generated,
    GenerateError,
    Timer,
    Undecided,
    check_unique,
    differs_rules,
    external,
    random_path,
    stem,
)
from puzzlesolve.genre import Genre, MissingFeature

__all__ = [  # what genres' generators build with (`puzzlesolve.generator_kit`), offered here too
    "DIFFICULTIES",
    "KING",
    "ROOK",
    "ClueProgram",
    "GenerateError",
    "Generated",
    "Timer",
    "Undecided",
    "check",
    "check_unique",
    "differs_rules",
    "external",
    "generate",
    "grade",
    "grades_quickly",
    "parse_size",
    "random_path",
    "stem",
]

if TYPE_CHECKING:
    from puzzlesolve.explain import Difficulty


DIFFICULTIES = ("easy", "medium", "hard")

MIN_CELLS = 4
"""The fewest cells a generated board keeps (voids aside): fewer make a puzzle with nothing to
find, every cell given."""
"""The measured grades, easiest first (`grade`)."""

KNOB = {"easy": "easy", "medium": "hard", "hard": "hard"}
"""The genre generator's own setting (fewer/more clues, longer/shorter lines) per grade; while
grading, every other candidate is made with the other setting, as the setting only leans a
puzzle one way (the grades of both overlap; Numberlink's many short lines even measure
harder than its few long ones)."""

CANDIDATES = 8
"""Candidates explained per puzzle, at most, while looking for the grade asked for."""

SEED_STRIDE = 1_000_003
"""Candidate k of seed S has seed S + k * SEED_STRIDE (candidate 0 is S itself): the
candidates of S and of S + 1 (the next puzzle of ``--count``) never coincide."""


MAX_SIDE = 100  # a side beyond which generating one puzzle would take hours (grounding alone)


def parse_size(text: str) -> tuple[int, int]:
    """Rows and columns from ``RxC`` (e.g. ``8x10``).

    Raises:
        GenerateError: not of that form, or a side that is not positive or above MAX_SIDE.
    """
    found = re.fullmatch(r"\s*(-?\d+)\s*[xX]\s*(-?\d+)\s*", text)
    if not found:
        raise GenerateError(f"size {text!r} is not ROWSxCOLS, e.g. 8x8")
    rows, cols = int(found.group(1)), int(found.group(2))
    if rows <= 0 or cols <= 0:
        raise GenerateError(f"size {text!r}: rows and columns must be positive")
    if max(rows, cols) > MAX_SIDE:
        raise GenerateError(f"size {text!r}: at most {MAX_SIDE} rows and columns")
    return rows, cols


def check(
    genre: Genre,
    rows: int,
    cols: int,
    difficulty: str = "hard",
    options: dict[str, object] | None = None,
) -> None:
    """Refuse a request before any work: a genre without a generator, an unknown
    difficulty, a bad size or option.

    Raises:
        GenerateError: what is wrong, in one line.
    """
    try:
        generator = genre.feature("generate")
    except MissingFeature as missing:
        raise GenerateError(str(missing)) from None
    if difficulty not in DIFFICULTIES:
        raise GenerateError(f"difficulty {difficulty!r}: choose from {', '.join(DIFFICULTIES)}")
    if min(rows, cols) < generator.MIN_SIDE:
        side = generator.MIN_SIDE
        raise GenerateError(
            f"size {rows}x{cols} is too small for {genre.name}: at least {side}x{side}"
        )
    if generator.SQUARE and rows != cols:
        raise GenerateError(
            f"size {rows}x{cols}: {genre.name} boards are square (as many rows as columns)"
        )
    if generator.SIZES is not None and (rows, cols) not in generator.SIZES:
        sizes = ", ".join(f"{r}x{c}" for r, c in generator.SIZES)
        raise GenerateError(f"size {rows}x{cols}: {genre.name} puzzles are {sizes}")
    for option in options or {}:
        if option not in genre.generate_options:
            raise GenerateError(f"--{option} does not apply to {genre.name}")
    generator.check_options(options or {})
    voids = float(str(options.get("voids") or 0)) if options else 0.0
    if voids:  # as the generator cuts them: at most all cells but two
        cells = rows * cols
        left = cells - min(round(voids * cells), cells - 2)
        if left < MIN_CELLS:
            raise GenerateError(
                f"--voids {voids:g} leaves {left} of the {cells} cells of a {rows}x{cols} "
                f"board: a puzzle needs at least {MIN_CELLS} (fewer voids or a larger board)"
            )


def grade(genre: Genre, measured: Difficulty) -> str:
    """The grade, "easy", "medium" or "hard", of a puzzle whose explanation measured so.

    The measure is the largest step (cells used + rules used, `Difficulty.largest`): easy
    up to the genre's ``GRADE_LIMITS["easy"]``, medium up to ``GRADE_LIMITS["medium"]``,
    hard beyond: a step that needs many cells and rules at once (a long chain). The number
    of rules alone does not tell puzzles apart: every Hidato and Numbrix step cites all four
    rules, and almost every Hitori has a step citing all three.
    """
    if measured.grade:  # graded from the explanation's tiers (`explain.difficulty`)
        return "hard" if measured.grade == "expert" else measured.grade
    limits = genre.feature("generate").GRADE_LIMITS[genre.name]
    for level in DIFFICULTIES[:-1]:
        if measured.largest <= limits[level]:
            return level
    return DIFFICULTIES[-1]


def grades_quickly(genre: Genre, rows: int, cols: int) -> bool:
    """Whether boards this size are graded by default: explaining each candidate takes a
    few seconds at most up to the genre's ``GRADE_MAX_CELLS`` (bench/generate.py)."""
    if not genre.has("explain"):  # nothing to grade with (the loop genres, for now)
        return False
    return rows * cols <= genre.feature("generate").GRADE_MAX_CELLS[genre.name]


def generate(
    genre: Genre,
    rows: int,
    cols: int,
    seed: int,
    difficulty: str = "hard",
    *,
    grade: bool | None = False,
    **options: object,
) -> Generated:
    """Generate one puzzle of `genre` with exactly one solution.

    Args:
        genre: the genre.
        rows: rows of the grid.
        cols: columns of the grid.
        seed: the seed; the same arguments give the same puzzle.
        difficulty: "easy", "medium" or "hard": the grade asked for.
        grade: measure each candidate's grade by explaining it and keep one of the grade
            asked for (see `grade`); False: make one puzzle with the genre's setting for
            that grade (`KNOB`), unmeasured; None: grade if the board is small enough to
            explain quickly (`grades_quickly`).
        **options: genre options, e.g. ``fill`` (numberlink), ``voids`` (hidato); pass
            only those that are set.

    Returns:
        The puzzle text, its solution text and measured difficulty.

    Raises:
        GenerateError: a genre without a generator, an unknown difficulty, a size too
            small, an option it lacks.
    """
    check(genre, rows, cols, difficulty, options)
    generator = genre.feature("generate")
    if grade or (grade is None and grades_quickly(genre, rows, cols)):
        return _graded(genre, rows, cols, seed, difficulty, options)
    puzzle = generator.generate(genre, rows, cols, seed, KNOB[difficulty], **options)
    most = generator.GRADE_MAX_CELLS[genre.name]
    puzzle.note = (
        "not graded"
        if grade is False
        else f"not graded: {genre.name} puzzles cannot be explained yet"
        if not genre.has("explain")
        else f"not graded: a {genre.name} over {most} cells "
        "takes long to explain (--grade grades anyway)"
    )
    # named without a grade: none was measured (the setting for one is no grade)
    return _relabel(puzzle, seed, KNOB[difficulty], seed, f"{difficulty} --no-grade", [], "")


def _graded(
    genre: Genre, rows: int, cols: int, seed: int, difficulty: str, options: dict[str, object]
) -> Generated:
    """The first of CANDIDATES puzzles whose measured grade is `difficulty`, or the closest."""
    from puzzlesolve.explain import explain  # only grading needs it
    from puzzlesolve.wording import difficulty_text

    timer = Timer()
    make = genre.feature("generate").generate
    switches = [name for name, value in options.items() if name in genre.switches and value]
    knobs = (KNOB[difficulty], "hard" if KNOB[difficulty] == "easy" else "easy")
    wanted = DIFFICULTIES.index(difficulty)
    best: tuple[int, int, str, Generated, Difficulty, str] | None = None
    calls, explaining = 0, 0.0
    measured_grades: list[str] = []  # each candidate's, "expert" kept apart: why none fits
    trials = 0
    for k in range(CANDIDATES):
        knob = knobs[k % 2]
        puzzle = make(genre, rows, cols, seed + k * SEED_STRIDE, knob, **options)
        calls += puzzle.calls
        started = time.perf_counter()
        explanation = explain(genre, genre.parse(puzzle.text, "<generated>"), switches=switches)
        explaining += time.perf_counter() - started
        if explanation.status != "solved":  # pragma: no cover - a unique puzzle is solved
            raise RuntimeError(
                f"generated puzzle explained as {explanation.status}:\n{puzzle.text}"
            )
        graded = grade(genre, explanation.difficulty)
        measured_grades.append(explanation.difficulty.grade or graded)
        trials += explanation.difficulty.trials > 0
        distance = abs(DIFFICULTIES.index(graded) - wanted)
        if best is None or distance < best[0]:
            best = (distance, k, knob, puzzle, explanation.difficulty, graded)
        if distance == 0:
            break
    assert best is not None  # CANDIDATES > 0
    distance, k, knob, puzzle, measured, graded = best
    order = [*DIFFICULTIES, "expert"]
    tally = ", ".join(
        f"{name} {measured_grades.count(name)}" for name in order if name in measured_grades
    )
    tally += f"; {trials} needed a trial" if trials else ""
    note = (
        ""
        if distance == 0
        else f"graded {graded}, not {difficulty} as asked: none of {CANDIDATES} candidates "
        f"was {difficulty} ({tally}), this one is the closest"
    )
    label = graded if measured.grade in ("", graded) else f"{graded} (explained: {measured.grade})"
    header = [f"% graded {label}: {difficulty_text(replace(measured, grade=''))}"]
    header += [f"% {note}"] if note else []
    # named by the grade it has, so that a folder of "hard" files holds only hard puzzles
    relabelled = _relabel(
        puzzle, seed + k * SEED_STRIDE, knob, seed, f"{difficulty} --grade", header, graded
    )
    relabelled.measures.update(
        grade=graded,
        **{
            key: value
            for key, value in measured.to_json().items()
            if key not in ("mean", "grade", "complete")  # a generated puzzle is explained whole
        },
        candidate=k + 1,
        explain_s=round(explaining, 2),
    )
    relabelled.calls, relabelled.seconds, relabelled.note = calls, timer(), note
    return relabelled


def _relabel(
    puzzle: Generated,
    made_seed: int,
    knob: str,
    seed: int,
    asked: str,
    header: list[str],
    named: str | None = None,
) -> Generated:
    """The puzzle named and headed for what was asked: the seed and difficulty (plus flags)
    that reproduce it, rather than the candidate's own, and `header` lines below the first.
    The name says the difficulty `named` (the grade measured); "": no grade at all.
    """
    first, rest = puzzle.text.split("\n", 1)
    made = f"--seed {made_seed} --difficulty {knob}"
    if made not in first:  # pragma: no cover - every generator writes this header
        raise RuntimeError(f"generated puzzle lacks the header {made!r}:\n{puzzle.text}")
    first = first.replace(made, f"--seed {seed} --difficulty {asked}")
    parts = puzzle.name.split("-")  # genre, size, difficulty, extras..., seed
    parts[2], parts[-1] = named if named is not None else asked.split()[0], str(seed)
    parts = [part for part in parts if part]
    puzzle.text = "\n".join([first, *header, rest])
    puzzle.name, puzzle.seed = "-".join(parts), seed
    return puzzle


def technique_tier(genre: Genre, puzzle: object, each_tier: bool = False) -> int:
    """The hardest tier of the genre's technique file (``<rules>.techniques.lp``) needed to
    decide every cell of `puzzle`, each round taking all it finds (quick: tiers a file looks
    for together, as Sudoku's 1 and 2, count as the higher), or with `each_tier` only what
    its easiest tier finds, as the forward engine orders its steps (exact, more rounds); 9
    when the techniques get stuck. A quick grade for a generator's
    candidates, before the one it keeps is explained."""
    from puzzlesolve.explain.rounds import State, TechniqueFile, techniques_path
    from puzzlesolve.explain.sites import Cell as Site
    from puzzlesolve.program import rules_path

    glue = genre.feature("explain")
    file = TechniqueFile(techniques_path(rules_path(genre)), genre.facts(puzzle), {})
    givens = glue.forward_givens(puzzle).items()
    known: dict = {Site(*cell): glue.forward_symbol(puzzle, value) for cell, value in givens}
    struck: set = set()
    hardest, cells = 0, len(glue.cells(puzzle))
    while len(known) < cells:
        found = file.run(State(known, frozenset(struck))).conclusions
        if not found:
            return 9
        tiers = {c: file.techniques[c.technique].tier for c in found}
        lowest = min(tiers.values())
        easiest = [c for c in found if tiers[c] == lowest or not each_tier]
        hardest = max(hardest, *(tiers[c] for c in easiest))
        known.update({c.site: c.value for c in easiest if c.decided})
        struck.update((c.site, c.value) for c in easiest if not c.decided)
    return hardest

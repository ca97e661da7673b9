"""An audit's grade and path (as ``puzzlesolve explain`` measures them), the conflict of a
puzzle without solution, and what a variant rules file makes of a puzzle."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from puzzlesolve.audit_search import solve
from puzzlesolve.genre import Genre

GRADE_TIMEOUT = 60.0
"""Seconds the explanation behind a grade takes at most."""


def grade_of(
    genre: Genre, puzzle: Any, switches: Iterable[str] = (), timeout: float = GRADE_TIMEOUT
) -> dict:
    """Grade and path, as ``puzzlesolve explain`` measures them (`Explanation.difficulty`):
    the grade, the hardest step and where it is, the steps of each tier (easy to expert, by
    the genre's ``GRADE_SIZES``), the clues the first step rests on (what opens the puzzle)
    and, for each step, its tier and the clues it rests on."""
    from puzzlesolve.explain import GRADES, explain
    from puzzlesolve.explain.grading import TIER_GRADES
    from puzzlesolve.explain.steps import ForwardStep

    explanation = explain(genre, puzzle, switches=switches, timeout=timeout)
    difficulty = explanation.difficulty.to_json()
    sizes = explanation.grade_sizes or ()

    def tier(step: Any) -> str:
        if isinstance(step, ForwardStep):  # by its technique's tier, as the grade is
            grades = genre.feature("explain").TIER_GRADES or TIER_GRADES
            return GRADES[grades.get(step.tier, len(GRADES) - 1)]
        return GRADES[min(sum(step.weight > size for size in sizes), len(GRADES) - 1)]

    steps = explanation.steps

    def hardness(step: Any) -> tuple[int, int]:  # a forward step: its tier first
        return (step.tier if isinstance(step, ForwardStep) else 0, step.weight)

    hardest = max(steps, key=hardness, default=None)
    tiers = {name: 0 for name in GRADES}
    for step in steps:
        tiers[tier(step)] += 1
    return {
        "grade": difficulty["grade"],
        "complete": difficulty["complete"],
        "steps": len(steps),
        "hardest": None
        if hardest is None
        else {
            "weight": hardest.weight,
            "cells": [list(cell) for cell in hardest.about],
            "rules": hardest.rules,
            "techniques": hardest.techniques,
            "text": hardest.text,
        },
        "tiers": tiers,
        "opening": [list(cell) for cell in steps[0].clues] if steps else [],
        "path": [
            {
                "tier": tier(step),
                "cells": [list(cell) for cell in step.about],
                "clues": [list(cell) for cell in step.clues],
            }
            for step in steps
        ],
        "difficulty": difficulty,
    }


def conflict(genre: Genre, puzzle: Any, switches: Iterable[str]) -> dict | None:
    """The smallest set of clues in conflict, as ``check`` finds it (an explanation of a
    puzzle without solution gives its minimal conflicts)."""
    from puzzlesolve.explain import explain

    conflicts = explain(genre, puzzle, switches=switches, timeout=GRADE_TIMEOUT).conflicts
    if not conflicts:
        return None
    smallest = min(conflicts, key=lambda conflict: (len(conflict.clues), len(conflict.rules)))
    return {
        "clues": [list(cell) for cell in smallest.clues],
        "rules": smallest.rules,
        "text": smallest.text,
        "minimal": smallest.minimal,
    }


def against_rules(
    genre: Genre, puzzle: Any, rules: str | Path, switches: Iterable[str], unique: Any
) -> dict:
    """What a variant rules file makes of the puzzle: its status, and whether it keeps the
    one solution (None when the puzzle had none to keep)."""
    variant = solve(genre, puzzle, models=2, encoding=rules, switches=switches)
    keeps = None
    if unique is not None:
        same = [
            s for s in variant.solutions if genre.values(puzzle, s) == genre.values(puzzle, unique)
        ]
        keeps = variant.status == "unique" and bool(same)
    return {"rules": str(rules), "status": variant.status, "keeps_solution": keeps}

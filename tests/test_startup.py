"""Start-up: commands import only what they use (the speed itself is measured by bench/startup.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

INSTANCE = Path(__file__).resolve().parent.parent / "instances" / "hitori" / "ai-course-5x5.txt"


def imported(*args: str) -> set[str]:
    """The modules a whole `puzzlesolve ARGS` process imports (from python -X importtime)."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "puzzlesolve", *args],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    return {
        line.rsplit("|", 1)[1].strip()
        for line in done.stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    }


def test_version_imports_neither_clingo_nor_rich_nor_a_genre():
    modules = imported("--version")
    assert "click" in modules  # the measurement sees what it should
    assert not {"clingo", "rich", "puzzlesolve.genres", "puzzlesolve.solver"} & modules


@pytest.mark.parametrize(
    "args",
    [
        ["hitori", str(INSTANCE)],
        ["hitori", str(INSTANCE), "--format", "json"],
    ],
)
def test_solving_imports_clingo_but_not_rich_nor_generators(args):
    modules = imported(*args)
    assert "clingo" in modules
    assert not {"rich", "puzzlesolve.generate", "puzzlesolve.batch", "distributed"} & modules


def test_solving_imports_no_explanation_machinery_and_check_imports_it():
    assert not {"puzzlesolve.explain", "puzzlesolve.rulebook", "musclingo"} & imported(
        "hitori", str(INSTANCE)
    )
    check = imported("check", "hitori", str(INSTANCE), str(INSTANCE.with_suffix(".sol")))
    assert {"puzzlesolve.explain", "puzzlesolve.explain.shrink"} <= check
    assert not {"rich", "puzzlesolve.drawing", "puzzlesolve.generate"} & check


def test_importing_the_library_does_not_import_clingo_until_it_solves():
    code = (
        "import sys, puzzlesolve; before = 'clingo' in sys.modules; "
        "from puzzlesolve import load, solve, InputError; named = 'clingo' in sys.modules; "
        f"solve('hitori', load('hitori', {str(INSTANCE)!r})); "
        "print(before, named, 'clingo' in sys.modules, InputError.__name__)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == "False False True InputError\n"


def test_only_serve_imports_the_web_server():
    web = {"starlette", "uvicorn", "puzzlesolve.serve"}
    assert not web & imported("--version")
    assert not web & imported("hitori", str(INSTANCE))

"""The built wheel carries the rules: install it in a fresh environment, solve from elsewhere.

Tests that import the source tree cannot catch rule files missing from the wheel.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_wheel_installs_and_solves_outside_the_checkout(tmp_path):
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "-q",
            "-w",
            str(tmp_path / "dist"),
            str(REPO),
        ],
        check=True,
    )
    wheel = next((tmp_path / "dist").glob("puzzlesolve-*.whl"))
    subprocess.run([sys.executable, "-m", "venv", str(tmp_path / "venv")], check=True)
    bin_dir = tmp_path / "venv" / ("Scripts" if sys.platform == "win32" else "bin")
    subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "-q", str(wheel)], check=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    instance = shutil.copy(REPO / "instances" / "hitori" / "ai-course-5x5.txt", elsewhere)
    done = subprocess.run(
        [str(bin_dir / "puzzlesolve"), "hitori", Path(instance).name],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith((REPO / "instances" / "hitori" / "ai-course-5x5.sol").read_text())
    located = subprocess.run(
        [
            str(bin_dir / "python"),
            "-c",
            "from puzzlesolve.program import encoding_path; print(encoding_path('hitori.lp'))",
        ],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "site-packages" in located.stdout
    # the web page's files and its bundled examples travel in the wheel too
    import zipfile

    names = set(zipfile.ZipFile(wheel).namelist())
    for page_file in ("index.html", "app.js", "board.js", "kinds/loops.js", "api.js", "style.css"):
        assert f"puzzlesolve/serve/static/{page_file}" in names
    assert "puzzlesolve/instances/hitori/ai-course-5x5.txt" in names
    served = subprocess.run(
        [
            str(bin_dir / "python"),
            "-c",
            (
                "from puzzlesolve.serve.requests import examples, examples_folder; "
                "print(examples_folder(), 'ai-course-5x5' in examples()['hitori'])"
            ),
        ],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "site-packages" in served.stdout and served.stdout.endswith("True\n")
    # Numberlink's search program (a package file, not a rules file) travels in the wheel too
    program = subprocess.run(
        [
            str(bin_dir / "python"),
            "-c",
            (
                "from pathlib import Path; from puzzlesolve.genres.numberlink.search import PROGRAM; "
                "print(Path(PROGRAM).is_file(), PROGRAM)"
            ),
        ],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        check=True,
    )
    assert program.stdout.startswith("True") and "site-packages" in program.stdout
    # the loop library that the loop genres' rules files include travels beside them
    assert "puzzlesolve/encodings/loop.lp" in names
    loop = subprocess.run(
        [str(bin_dir / "puzzlesolve"), "slitherlink", "1x1t0:4"],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        check=False,
    )
    unique = (
        "% unique: the solver proved there is no other solution (1 solution found, "
        "search complete)\n"
    )
    assert (loop.returncode, loop.stdout) == (0, "+-+\n|4|\n+-+\n" + unique), loop.stderr

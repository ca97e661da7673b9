"""Every statement of every rules file is guarded by a test (tests/mutation.py, run whole)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # about 80 s: run in CI, skipped with -m 'not slow'

TESTS = Path(__file__).resolve().parent


def test_every_mutant_of_the_rules_files_is_killed_or_keeps_the_models():
    done = subprocess.run(
        [sys.executable, str(TESTS / "mutation.py")],
        capture_output=True,
        text=True,
        check=False,
        timeout=1800,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "mutation score" in done.stdout

"""Every numbered rule of every rules file is guarded by a test: each statement of a rule
removed is killed by the file's encoding tests (tests/mutation.py --rules; the whole run,
every statement and body element, is `python tests/mutation.py`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # about 30 s: run in CI, skipped with -m 'not slow'

TESTS = Path(__file__).resolve().parent


def test_every_numbered_rule_removed_is_killed():
    done = subprocess.run(
        [sys.executable, str(TESTS / "mutation.py"), "--rules"],
        capture_output=True,
        text=True,
        check=False,
        timeout=1800,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "mutation score" in done.stdout

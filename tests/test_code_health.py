"""Loose ends of a review (issue 36 item 15, the command line's and the server's side): a file
that cannot be read is named, a broken rules file is bad input on the page too (400, one
line), and serving stays off uvicorn's internals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlesolve import program
from puzzlesolve.cli import main

REPO = Path(__file__).resolve().parent.parent
AI_COURSE = REPO / "instances" / "hitori" / "ai-course-5x5.txt"


@pytest.fixture
def rules_folder(tmp_path, monkeypatch) -> Path:
    """The built-in rules looked up in `tmp_path` instead: as a broken install or an edit of
    encodings/ (which a source checkout uses at once) would leave them."""
    monkeypatch.setattr(program, "encoding_path", lambda name: tmp_path / name)
    return tmp_path


@pytest.mark.parametrize("command", ["check", "hint", "explain"])
def test_unreadable_built_in_rules_are_named_not_none(rules_folder, command):
    answer = (
        [str(REPO / "instances" / "hitori" / "ai-course-5x5.sol")] if command == "check" else []
    )
    r = CliRunner().invoke(main, [command, "hitori", str(AI_COURSE), *answer])
    assert r.exit_code == 2, r.output
    missing = rules_folder / "hitori.lp"
    assert r.stderr == f"puzzlesolve: {missing}: cannot read: No such file or directory\n"


def test_a_broken_rules_file_is_bad_input_on_the_page(rules_folder):
    from puzzlesolve.serve.jobs import respond
    from puzzlesolve.serve.worker import outcome

    (rules_folder / "hitori.lp").write_text("this is not ASP (\n")
    kind, answer = outcome("solve", {"genre": "hitori", "source": {"example": "ai-course-5x5"}})
    line = f"{rules_folder / 'hitori.lp'}:1:6-8: error: syntax error, unexpected <IDENTIFIER>"
    assert (kind, answer) == ("bad", line)
    response = respond(kind, answer)
    assert response.status_code == 400
    assert json.loads(response.body) == {"error": line}


def test_serving_overrides_no_internal_of_uvicorn():
    # uvicorn runs in a thread of its own, where it installs no signal handler: nothing of
    # its Server is overridden (capture_signals, handle_exit changed between its versions)
    import uvicorn

    from puzzlesolve.serve import launch

    assert not [
        value
        for value in vars(launch).values()
        if isinstance(value, type) and issubclass(value, uvicorn.Server)
    ]

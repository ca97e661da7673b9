"""`puzzlesolve batch`: instances found, lines written whole, resume, Ctrl-C, --against, Dask."""

from __future__ import annotations

import contextlib
import json
import os
import pty
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ctrl_c_as_in_a_terminal, rules_copy

from puzzlesolve import load, solve
from puzzlesolve.batch_job import BatchError
from puzzlesolve.cli import main
from puzzlesolve.genres import GENRES
from puzzlesolve.instance_files import find_instances

REPO = Path(__file__).resolve().parent.parent
HITORI = REPO / "instances" / "hitori"
RULES = REPO / "encodings" / "hitori.lp"
RULE_3 = ":- white(R,C), not connected(R,C)."  # the unshaded cells are connected


def run(*args: object):
    return CliRunner().invoke(main, ["batch", *map(str, args)])


def lines(text: str) -> dict[str, dict]:
    """The batch lines by instance, each instance once."""
    parsed = [json.loads(line) for line in text.splitlines()]
    by_instance = {line["instance"]: line for line in parsed}
    assert len(by_instance) == len(parsed), "an instance has two lines"
    return by_instance


def without_stats(line: dict) -> dict:
    return {key: value for key, value in line.items() if key != "stats"}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Three Hitori instances (unique, multiple, unsolvable) and a solution file named as the
    shared corpus names them (NAME.solution.txt), which a folder does not yield."""
    for name in ("ai-course-5x5", "several-3x3", "none-2x2"):
        shutil.copy(HITORI / f"{name}.txt", tmp_path / f"{name}.txt")
    (tmp_path / "ai-course-5x5.solution.txt").write_text((HITORI / "ai-course-5x5.sol").read_text())
    return tmp_path


def test_each_line_is_the_instance_and_its_solve_object(folder):
    r = run("hitori", folder, "--jobs", "2")
    assert r.exit_code == 1, r.output  # none-2x2 is proven unsolvable
    found = lines(r.stdout)
    assert sorted(found) == sorted(
        str(folder / f"{name}.txt") for name in ("ai-course-5x5", "several-3x3", "none-2x2")
    )
    for name, line in found.items():
        expected = solve("hitori", load("hitori", name), cores=1).to_json()
        assert without_stats(line) == {"instance": name, **without_stats(expected)}
    assert found[str(folder / "ai-course-5x5.txt")]["solutions"] == [
        {"shaded": [[0, 4], [1, 1], [2, 0], [2, 3], [3, 1], [3, 4]]}
    ]
    assert [
        found[str(folder / f"{name}.txt")]["status"]
        for name in ("ai-course-5x5", "several-3x3", "none-2x2")
    ] == ["unique", "multiple", "unsolvable"]


def test_the_summary_counts_statuses_and_names_the_slowest(folder):
    r = run("hitori", folder)
    summary = r.stderr
    assert summary.startswith("hitori batch: 3 of 3 instances, ")  # no progress bar before it
    for status in ("unique", "multiple", "unsolvable"):
        assert any(row.split() == [status, "1"] for row in summary.splitlines()), summary
    assert "solving time: total " in summary and "median" in summary
    assert summary.index("slowest:") < summary.index("several-3x3.txt")


def test_a_bad_instance_gets_an_error_line_and_the_batch_goes_on(folder):
    (folder / "ragged.txt").write_text("1 2\n3\n")
    r = run("hitori", folder / "ai-course-5x5.txt", folder / "ragged.txt", folder / "missing.txt")
    assert r.exit_code == 2, r.output
    found = lines(r.stdout)
    assert found[str(folder / "ragged.txt")] == {
        "instance": str(folder / "ragged.txt"),
        "status": "error",
        "error": f"{folder / 'ragged.txt'}:2:2: ragged row: 1 cell where the first row has 2",
    }
    assert found[str(folder / "missing.txt")]["error"] == f"{folder / 'missing.txt'}: no such file"
    assert found[str(folder / "ai-course-5x5.txt")]["status"] == "unique"
    assert "Traceback" not in r.output
    listed = r.stderr.split("bad input:\n")[1].splitlines()
    assert [row.split()[0] for row in listed] == [  # by name
        str(folder / "missing.txt"),
        str(folder / "ragged.txt"),
    ]


def test_all_solved_exits_0_and_a_timeout_exits_4(folder):
    assert run("hitori", folder / "ai-course-5x5.txt", folder / "several-3x3.txt").exit_code == 0
    r = run("hitori", folder / "ai-course-5x5.txt", "--timeout", "0.000001")
    assert r.exit_code == 4, r.output
    line = lines(r.stdout)[str(folder / "ai-course-5x5.txt")]
    assert (line["status"], line["count"], line["exhausted"]) == ("timeout", 0, False)


def test_solve_options_apply_to_every_instance(folder):
    r = run("hitori", folder / "several-3x3.txt", "-n", "0", "--count")
    line = lines(r.stdout)[str(folder / "several-3x3.txt")]
    assert (line["status"], line["count"], line["solutions"]) == ("multiple", 7, [])
    r = run(  # the file asks for both rules ('% options'); --self-touch overrules one
        "numberlink",
        REPO / "instances" / "numberlink" / "self-touch-4x5.txt",
        "--fill",
        "--self-touch",
        "-n",
        "0",
    )
    assert json.loads(r.stdout)["count"] == 8
    r = run(
        "numberlink",
        REPO / "instances" / "numberlink" / "self-touch-4x5.txt",
        "--fill",
        "--no-self-touch",
        "-n",
        "0",
    )
    assert json.loads(r.stdout)["count"] == 1
    r = run("hitori", folder, "--fill")
    assert r.exit_code == 2 and "--fill does not apply to hitori" in r.stderr


def test_folders_globs_and_files_name_each_instance_once(folder):
    (folder / "sub").mkdir()
    (folder / ".hidden").mkdir()
    shutil.copy(HITORI / "tatham-8x8.txt", folder / "sub" / "tatham-8x8.txt")
    shutil.copy(HITORI / "tatham-8x8.txt", folder / ".hidden" / "tatham-8x8.txt")
    (folder / "sub" / "tatham-8x8.sol").write_text("")
    (folder / "notes.md").write_text("")
    names = ["ai-course-5x5.txt", "none-2x2.txt", "several-3x3.txt", "sub/tatham-8x8.txt"]
    assert find_instances([str(folder)]) == [str(folder / name) for name in names]
    assert find_instances([f"{folder}/*.txt", f"{folder}/./none-2x2.txt"]) == [
        str(folder / name) for name in names[:3]
    ]
    assert find_instances([f"{folder}/**/tatham*"]) == [str(folder / "sub" / "tatham-8x8.txt")]
    with pytest.raises(BatchError, match="no instance file matches"):
        find_instances([f"{folder}/*.png"])
    (folder / "empty").mkdir()
    with pytest.raises(BatchError, match="no instance files"):
        find_instances([str(folder / "empty")])


def test_output_file_lines_and_resume_finish_a_run_with_every_instance_once(folder):
    output = folder / "results.jsonl"
    r = run("hitori", folder, "-o", output)
    assert r.exit_code == 1 and r.stdout == "", r.output
    complete = output.read_text().splitlines()
    # a run cut short: two whole lines and a torn third one
    output.write_text(complete[0] + "\n" + complete[1] + "\n" + complete[2][:15])
    r = run("hitori", folder, "-o", output, "--resume")
    assert r.exit_code == 1, r.output
    assert "3 of 3 instances" in r.stderr and "(2 from before)" in r.stderr
    resumed = output.read_text().splitlines()
    assert resumed[:2] == complete[:2]
    assert {k: without_stats(v) for k, v in lines("\n".join(resumed)).items()} == {
        k: without_stats(v) for k, v in lines("\n".join(complete)).items()
    }
    # a line that is not a batch line is left alone, and its instance solved again
    foreign = '{"instance": "' + str(folder / "none-2x2.txt") + '", "status": "x"}\n'
    kept = [line for line in resumed if "none-2x2" not in line]
    output.write_text("\n".join(kept) + "\n" + foreign)
    r = run("hitori", folder, "-o", output, "--resume")
    assert "1 line of the output was not a batch line; left as they were" in r.stderr
    assert output.read_text().startswith("\n".join(kept) + "\n" + foreign)
    added = lines("\n".join(output.read_text().splitlines()[3:]))
    assert added[str(folder / "none-2x2.txt")]["status"] == "unsolvable"
    output.write_text("\n".join(resumed) + "\n")
    # a finished run resumed solves nothing more
    assert run("hitori", folder, "-o", output, "--resume").exit_code == 1
    assert output.read_text().splitlines() == resumed


def test_a_progress_bar_shows_when_standard_error_is_a_terminal(folder):
    main_end, terminal_end = pty.openpty()
    command = [sys.executable, "-m", "puzzlesolve", "batch", "hitori", str(folder)]
    with subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=terminal_end) as batch:
        os.close(terminal_end)
        screen = b""
        with contextlib.suppress(OSError):  # the end of the terminal's output
            while chunk := os.read(main_end, 4096):
                screen += chunk
    os.close(main_end)
    assert batch.returncode == 1
    assert b"solving" in screen and b"3/3" in screen
    assert b"hitori batch: 3 of 3 instances" in screen


def test_clingo_warnings_about_the_rules_are_in_the_summary_once(folder):
    mine = rules_copy(folder, RULES.read_text() + "\n:- shaded(R,C), typo(R).\n")
    r = run("hitori", folder, "--encoding", mine)
    assert r.exit_code == 1, r.output
    warnings = [line for line in r.stderr.splitlines() if line.startswith("clingo: ")]
    assert len(warnings) == 1 and "typo(R)" in warnings[0], r.stderr


def test_an_output_that_cannot_be_written_is_bad_usage(folder):
    r = run("hitori", folder, "-o", folder / "no" / "such" / "results.jsonl")
    assert r.exit_code == 2 and r.stdout == ""
    assert "cannot write: no such folder" in r.stderr


def test_an_existing_output_needs_resume_and_resume_needs_an_output(folder):
    output = folder / "results.jsonl"
    output.write_text('{"instance": "x"}\n')
    r = run("hitori", folder, "-o", output)
    assert r.exit_code == 2 and "results.jsonl exists: --resume" in r.stderr
    assert output.read_text() == '{"instance": "x"}\n'
    r = run("hitori", folder, "--resume")
    assert r.exit_code == 2 and "--resume needs --output" in r.stderr


def test_ctrl_c_leaves_whole_lines_and_resume_finishes_the_run(tmp_path):
    # 78 instances of a few ms, then two whose count of solutions never ends: however slow the
    # machine, the run still goes on when the first line is there (no race with its end), and
    # the run that finishes it gives those two a time limit (status multiple)
    for number in range(78):
        shutil.copy(HITORI / "numbers-above-9-12x12.txt", tmp_path / f"p{number:03}.txt")
    for number in (78, 79):  # distinct numbers: every valid shading is a solution
        side = 10
        rows = (" ".join(str(r * side + c + 1) for c in range(side)) for r in range(side))
        (tmp_path / f"p{number:03}.txt").write_text("\n".join(rows) + "\n")
    output = tmp_path / "results.jsonl"
    command = [sys.executable, "-m", "puzzlesolve", "batch", "hitori", str(tmp_path)]
    command += ["-o", str(output), "--jobs", "2", "-n", "0", "--count"]
    # a process group of its own, like a command started in a terminal
    with ctrl_c_as_in_a_terminal():
        batch = subprocess.Popen(command, stderr=subprocess.PIPE, text=True, start_new_session=True)
    deadline = time.monotonic() + 600  # only a machine that is stuck takes this long
    while (not output.is_file() or output.stat().st_size == 0) and time.monotonic() < deadline:
        time.sleep(0.01)
    os.killpg(batch.pid, signal.SIGINT)  # what Ctrl-C does: every process of the group
    assert output.is_file() and output.stat().st_size > 0, "nothing was solved in 10 minutes"
    _, stderr = batch.communicate(timeout=60)
    assert batch.returncode == 130, stderr
    assert "puzzlesolve: interrupted; add --resume to finish the run" in stderr
    assert "Traceback" not in stderr
    text = output.read_text()
    assert text.endswith("\n")
    done = lines(text)
    assert 0 < len(done) < 80
    finished = subprocess.run(
        [*command, "--resume", "--timeout", "5"], capture_output=True, text=True, check=False
    )
    assert finished.returncode == 0, finished.stderr
    everything = lines(output.read_text())
    assert sorted(everything) == sorted(str(tmp_path / f"p{n:03}.txt") for n in range(80))
    statuses = {name: line["status"] for name, line in everything.items()}
    assert statuses == {
        str(tmp_path / f"p{n:03}.txt"): "unique" if n < 78 else "multiple" for n in range(80)
    }


def test_against_builtin_reports_every_instance_where_the_rules_disagree(folder):
    mine = rules_copy(folder, RULES.read_text().replace(RULE_3, ""))  # forgets rule 3
    (folder / "pair-1x2.txt").write_text("1 2\n")  # rule 3 changes nothing here
    r = run("hitori", folder, "--encoding", mine, "--against", "builtin", "-n", "0")
    assert r.exit_code == 3, r.output
    found = lines(r.stdout)
    compared = {
        Path(name).name: (
            line["status"],
            line["count"],
            line["against"]["status"],
            line["against"]["count"],
            line["differs"],
        )
        for name, line in found.items()
    }
    assert compared == {
        "ai-course-5x5.txt": ("multiple", 36, "unique", 1, True),
        "several-3x3.txt": ("multiple", 12, "multiple", 7, True),
        "none-2x2.txt": ("multiple", 2, "unsolvable", 0, True),
        "pair-1x2.txt": ("multiple", 3, "multiple", 3, False),
    }
    against = found[str(folder / "none-2x2.txt")]["against"]
    assert (against["rules"], against["exhausted"]) == ("builtin", True)
    assert set(against["stats"]) >= {"time_s", "choices", "conflicts"}
    listed = r.stderr.split("differ (--against):\n")[1].splitlines()
    assert [row.split() for row in listed] == [  # by name, whatever the order they finished
        [str(folder / "ai-course-5x5.txt"), "multiple", "36", "vs", "builtin", "unique", "1"],
        [str(folder / "none-2x2.txt"), "multiple", "2", "vs", "builtin", "unsolvable", "0"],
        [str(folder / "several-3x3.txt"), "multiple", "12", "vs", "builtin", "multiple", "7"],
    ]


def test_against_the_same_rules_finds_no_difference(folder):
    mine = rules_copy(folder, RULES.read_text())
    r = run(
        "hitori",
        folder / "ai-course-5x5.txt",
        folder / "several-3x3.txt",
        "--encoding",
        mine,
        "--against",
        "builtin",
    )
    assert r.exit_code == 0, r.output
    assert not any(line["differs"] for line in lines(r.stdout).values())
    r = run("hitori", folder / "ai-course-5x5.txt", "--against", mine)  # built-in vs a file
    line = lines(r.stdout)[str(folder / "ai-course-5x5.txt")]
    assert (line["against"]["rules"], line["differs"]) == (str(mine), False)
    assert run("hitori", folder, "--against", "builtin").exit_code == 2  # no --encoding
    broken = folder / "broken.lp"
    broken.write_text("shaded(R,C) :- \n")
    r = run("hitori", folder, "--encoding", broken)
    assert r.exit_code == 2 and "broken.lp:" in r.stderr and r.stdout == ""


def test_a_dask_cluster_gives_the_same_lines_as_local_workers(folder):
    import distributed  # a test dependency (pyproject.toml): missing, a failure, not a skip

    local = lines(run("hitori", folder).stdout)
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        r = run("hitori", folder, "--scheduler", cluster.scheduler_address)
    assert r.exit_code == 1, r.output
    remote = lines(r.stdout)
    assert {k: without_stats(v) for k, v in remote.items()} == {
        k: without_stats(v) for k, v in local.items()
    }


def test_scheduler_without_dask_or_out_of_reach_is_one_line(folder, monkeypatch):
    monkeypatch.setattr("puzzlesolve.workers.CONNECT_SECONDS", 0.2)
    r = run("hitori", folder, "--scheduler", "tcp://127.0.0.1:9")
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr.startswith("puzzlesolve: cannot reach the Dask scheduler at tcp://127.0.0.1:9")
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if it were not installed
    r = run("hitori", folder, "--scheduler", "tcp://127.0.0.1:8786")
    assert r.exit_code == 2, r.output
    assert r.stderr == 'puzzlesolve: --scheduler needs Dask: pip install "puzzlesolve[dask]"\n'


def test_links_are_instances_too_and_keep_their_own_rules():
    # instances/numberlink/fill-5x5.txt, unique only when every cell is covered, as an arukone
    # link without the 'e' flag (which asks for that) and as a numlin link (which does not)
    arukone = "https://puzz.link/p?arukone/5/5/j12g3g13m2g4i4"
    numlin = "https://puzz.link/p?numlin/5/5/j13g4g14m3g2i2"
    r = run("numberlink", arukone, numlin, "--jobs", "1")
    assert r.exit_code == 0, r.output
    found = lines(r.stdout)
    assert set(found) == {arukone, numlin}
    direct = solve("numberlink", load("numberlink", arukone), switches=["fill"])
    assert (found[arukone]["status"], found[arukone]["solutions"]) == (
        "unique",
        direct.to_json()["solutions"],
    )
    assert found[numlin]["status"] == "multiple"


def test_a_folder_gives_its_instances_whatever_the_case_of_their_names(tmp_path):
    # issue 19's sibling: files from Windows are often PUZZLE.TXT
    for name in ("A.TXT", "b.Txt", "c.txt", "A.SOLUTION.TXT", "d.SOL", "notes.md"):
        (tmp_path / name).write_text("1 2\n2 1\n")
    found = [Path(name).name for name in find_instances([str(tmp_path)])]
    assert found == ["A.TXT", "b.Txt", "c.txt"]


# --- every genre ------------------------------------------------------------------------------


@pytest.mark.parametrize("genre", sorted(GENRES))
def test_every_declared_example_gets_its_status(genre):
    examples = GENRES[genre].examples
    r = run(genre, *(REPO / example.path for example in examples))
    assert r.exit_code == (1 if any(e.status == "unsolvable" for e in examples) else 0), r.output
    statuses = {Path(name).name: line["status"] for name, line in lines(r.stdout).items()}
    assert statuses == {Path(e.path).name: e.status for e in examples}

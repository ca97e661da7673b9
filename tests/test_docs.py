"""The documentation is true: every genre is documented, and every README console example runs.

A ```console block in README.md (or docs/*.md) is a shell session: each ``$ COMMAND`` line is
run with bash, in a fresh folder where ``instances/``, ``encodings/`` and ``docs/`` of this
checkout are at hand (the commands of one block share the folder, so a file one writes the
next can read), with the ``puzzlesolve`` of this environment first on PATH, standard output
and standard error together in the order written. The lines up to the next ``$`` are what it
prints. A line ``...`` in the README stands for any number of lines.

Only what varies from run to run is normalised, the same way on both sides (`normalise`):

- seconds: the value of any key ending in ``_s`` (``time_s``, ``ground_s``, ``solve_s``,
  ``first_s``, ``explain_s``), and any number followed by `` s`` (``0.29 s``);
- the search counters ``choices`` and ``conflicts`` (with two threads they vary);
- the list under a batch summary's ``slowest:`` line (which instances are slowest varies);
- spaces at the end of a line (invisible, and editors remove them).

Everything else (solutions, statuses, counts, rules and atoms, messages) must be as printed.
A block preceded by ``<!-- not run: REASON -->`` is not run (a Dask cluster, a thousand files
that are not shipped, a Ctrl-C); the reason says why.

After a change to the program's output, ``pytest tests/test_docs.py --update-docs`` writes
the actual outputs into the README (keeping its text where only the normalised parts differ);
review the diff before committing.
"""

from __future__ import annotations

import difflib
import os
import re
import shutil
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import LIBRARIES

from puzzlesolve.genres import GENRES
from puzzlesolve.program import encoding_path

REPO = Path(__file__).resolve().parent.parent
DOCUMENTS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
AT_HAND = ("instances", "encodings", "docs")  # linked into each example's folder
NOT_RUN = re.compile(r"<!-- not run: (.+?) -->")
EXAMPLE_SECONDS = 120  # the slowest example takes a few seconds; generous for a loaded machine


@pytest.mark.parametrize("name", sorted(GENRES))
def test_genre_is_documented(name: str) -> None:
    genre = GENRES[name]
    rules = encoding_path(genre.encoding).read_text()
    assert "% Input:" in rules and "% Output:" in rules
    # self-contained, but for the shared libraries (docs/adding-a-genre.md)
    included = [line for line in rules.splitlines() if "#include" in line]
    assert all(line in {f'#include "{library}".' for library in LIBRARIES} for line in included)
    assert list((REPO / "instances" / name).glob("*.txt"))
    readme = (REPO / "README.md").read_text()
    assert f"\n| {name} |" in readme


@pytest.mark.parametrize("name", sorted(GENRES))
def test_genre_has_encoding_tests_and_a_generator(name: str) -> None:
    genre = GENRES[name]
    # in its own test folder or in that of a genre with the same rules file (Numbrix: Hidato's)
    sharing = [other.name for other in GENRES.values() if other.encoding == genre.encoding]
    assert any((REPO / "tests" / "genres" / g / "test_rules.py").is_file() for g in sharing)
    generator = genre.feature("generate")  # MissingFeature: the genre has none
    assert callable(generator.generate) and generator.MIN_SIDE >= 1


# --- the README's set-up commands --------------------------------------------------------------


def first_code_block(text: str) -> list[str]:
    """The lines of the first fenced block, as .ci/run reads them."""
    return text.split("```", 2)[1].split("\n")[1:-1]


def test_the_first_block_installs_and_solves_then_runs_the_tests() -> None:
    install, tests = first_code_block((REPO / "README.md").read_text())
    assert install == "pip install -e . && puzzlesolve hitori instances/hitori/ai-course-5x5.txt"
    assert tests.endswith("python -m pytest -q -n 2")  # what .ci/run executes
    assert "sed -n 2p" in (REPO / ".ci" / "run").read_text()


# --- the console examples ----------------------------------------------------------------------


@dataclass
class Command:
    line: str
    expected: list[str]


@dataclass
class Block:
    document: Path
    first_line: int  # 1-based, the line after the opening fence
    commands: list[Command]
    not_run: str | None

    @property
    def name(self) -> str:
        return f"{self.document.name}:{self.first_line}"


def console_blocks(document: Path) -> list[Block]:
    """The document's ```console blocks, with the commands and outputs they show."""
    lines = document.read_text().split("\n")
    blocks, number = [], 0
    while number < len(lines):
        if lines[number].strip() != "```console":
            number += 1
            continue
        before = next((line for line in reversed(lines[:number]) if line.strip()), "")
        reason = NOT_RUN.search(before)
        end = lines.index("```", number + 1)
        commands: list[Command] = []
        for line in lines[number + 1 : end]:
            if line.startswith("$ "):
                commands.append(Command(line[2:], []))
            else:
                assert commands, f"{document.name}:{number + 2}: output before any command"
                commands[-1].expected.append(line)
        blocks.append(Block(document, number + 2, commands, reason and reason.group(1)))
        number = end + 1
    return blocks


BLOCKS = [block for document in DOCUMENTS for block in console_blocks(document)]

SECONDS = re.compile(r"\b(\w+_s)(\"?:? )[0-9.e-]+")
COUNTERS = re.compile(r"\b(choices|conflicts)(\"?:? )\d+")
DURATION = re.compile(r"\b\d+(?:\.\d+)? s\b")


def normalise(lines: list[str]) -> list[str]:
    """The lines with what varies between runs replaced by ``#`` (see the module's doc)."""
    kept, in_slowest = [], False
    for line in lines:
        if in_slowest and line.startswith("  "):
            continue
        in_slowest = line == "slowest:"
        line = SECONDS.sub(r"\1\2#", line)
        line = COUNTERS.sub(r"\1\2#", line)
        kept.append(DURATION.sub("# s", line).rstrip())
    return kept


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether the lines agree, a line ``...`` in `expected` standing for any lines."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(matches(expected[1:], actual[skip:]) for skip in range(len(actual) + 1))
    return bool(actual) and expected[0] == actual[0] and matches(expected[1:], actual[1:])


def run_example(command: str, folder: Path) -> list[str]:
    environment = dict(os.environ, PYTHONUNBUFFERED="1", NO_COLOR="1")
    environment["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), environment["PATH"]])
    for varying in ("COLUMNS", "LINES", "FORCE_COLOR"):
        environment.pop(varying, None)
    # an example may show a failure (exit 1 or 2): its output is compared, not its status
    with subprocess.Popen(
        ["bash", "-c", command],
        cwd=folder,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        text=True,
        start_new_session=True,  # its own process group, all of which a timeout ends
    ) as process:
        try:
            output, _ = process.communicate(timeout=EXAMPLE_SECONDS)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            pytest.fail(
                f"$ {command}\ndid not end within {EXAMPLE_SECONDS} s; a command that runs "
                "until stopped needs <!-- not run: REASON --> before its block"
            )
    lines = output.split("\n")
    return lines[:-1] if lines[-1] == "" else lines  # "" is no line; "a\n" is one


def example_folder(tmp_path: Path) -> Path:
    for name in AT_HAND:
        (tmp_path / name).symlink_to(REPO / name)
    return tmp_path


@pytest.mark.parametrize("block", BLOCKS, ids=lambda block: block.name)
def test_console_example_prints_what_the_readme_shows(
    block: Block, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    if block.not_run:
        pytest.skip(block.not_run)
    folder = example_folder(tmp_path)
    failures = []
    for command in block.commands:
        actual = run_example(command.line, folder)
        if matches(normalise(command.expected), normalise(actual)):
            continue
        if request.config.getoption("--update-docs"):
            _update(block, command, actual)
            continue
        # normalised on both sides, so that only the lines that really differ show
        diff = difflib.unified_diff(
            normalise(command.expected), normalise(actual), "README", "actual", lineterm=""
        )
        failures.append(f"$ {command.line}\n" + "\n".join(diff))
    assert not failures, (
        f"{block.name}: the output is not what it shows (times and counters as #; "
        "pytest tests/test_docs.py --update-docs writes the actual output in)\n"
        + "\n".join(failures)
    )


def _update(block: Block, command: Command, actual: list[str]) -> None:
    """Write `actual` in place of the command's output shown in the document; an output shown
    as head, ``...``, tail keeps that shape."""
    shown = "\n".join([f"$ {command.line}", *command.expected])
    if command.expected.count("...") == 1:
        cut = command.expected.index("...")
        tail = len(command.expected) - cut - 1
        if cut + tail < len(actual):
            actual = actual[:cut] + ["..."] + actual[len(actual) - tail :]
    text = block.document.read_text()
    start = sum(len(row) + 1 for row in text.split("\n")[: block.first_line - 1])
    at = text.index(shown, start)
    written = "\n".join([f"$ {command.line}", *actual])
    block.document.write_text(text[:at] + written + text[at + len(shown) :])
    command.expected = actual


def test_normalise_touches_only_what_varies() -> None:
    assert normalise(
        [
            (
                "% stats: time_s 0.0107, ground_s 0.0098, solve_s 0.0009, choices 8, "
                "conflicts 8, rules 397, atoms 221"
            ),
            'x: {"time_s": 0.021, "choices": 5, "conflicts": 0, "rules": 88}',
            "hitori batch: 7 of 7 instances in results.jsonl, 0.15 s",
            "slowest:",
            "  instances/hitori/tatham-8x8.txt  unique 0.026 s",
            "7 steps; 3 solver calls, 2.43 s; 12 conflicts",
        ]
    ) == [
        "% stats: time_s #, ground_s #, solve_s #, choices #, conflicts #, rules 397, atoms 221",
        'x: {"time_s": #, "choices": #, "conflicts": #, "rules": 88}',
        "hitori batch: 7 of 7 instances in results.jsonl, # s",
        "slowest:",
        "7 steps; 3 solver calls, # s; 12 conflicts",
    ]


def test_an_ellipsis_stands_for_any_lines() -> None:
    assert matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert matches(["a", "...", "d"], ["a", "d"])
    assert not matches(["a", "...", "d"], ["a", "b"])
    assert not matches(["a", "b"], ["a", "b", "c"])


def test_every_example_not_run_says_why() -> None:
    skipped = [block for block in BLOCKS if block.not_run is not None]
    assert all(len(block.not_run) > 10 for block in skipped)
    assert len(skipped) < len(BLOCKS) / 3, "most examples must run"


def test_examples_name_only_files_that_are_shipped() -> None:
    """A path under instances/, encodings/ or docs/ that an example names exists."""
    named = re.compile(r"\b((?:instances|encodings|docs)/[\w./-]+\w)")
    missing = sorted(
        {
            f"{block.name}: {path}"
            for block in BLOCKS
            for command in block.commands
            for path in named.findall(command.line)
            if "*" not in path and not (REPO / path).exists()
        }
    )
    assert missing == []


def test_solution_files_have_one_name() -> None:
    """Solution files are NAME.sol (see README, Files): none is named another way."""
    others = sorted(str(p.relative_to(REPO)) for p in REPO.glob("instances/**/*.solution.txt"))
    assert others == [], "rename them NAME.sol"
    assert shutil.which("bash"), "the examples run in bash"


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.name)
def test_links_lead_somewhere(document: Path) -> None:
    """Every relative link of README.md and docs/*.md names a file and heading that exist."""
    text = document.read_text()
    anchors = {
        path: {anchor(h) for h in re.findall(r"^#+ (.+)$", path.read_text(), re.MULTILINE)}
        for path in DOCUMENTS
    }
    broken = []
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"\w+://", target):
            continue
        path, _, heading = target.partition("#")
        where = (document.parent / path).resolve() if path else document
        if not where.exists() or (heading and heading not in anchors.get(where, set())):
            broken.append(target)
    assert broken == []


def help_examples() -> list[str]:
    """The command lines of the Example blocks of `puzzlesolve --help` and each command's."""
    from puzzlesolve.cli import main

    found = []
    for command in [main, *main.commands.values()]:
        _, _, examples = (command.help or "").partition("Example")
        joined = re.sub(r"\\\n\s*", "", examples.split("\n\n")[0] if examples else "")
        found += [
            line.strip()
            for line in joined.split("\n")
            if line.strip().startswith(("puzzlesolve ", "clingo "))
        ]
    return list(dict.fromkeys(found))


def test_help_examples_run_with_shipped_files(tmp_path: Path) -> None:
    """Each --help example that needs no files of the user's own (puzzles/) runs as shown:
    exit 0 or 1 (an answer's verdict), no file missing."""
    runnable = [
        line
        for line in help_examples()
        if "puzzles/" not in line and not line.startswith(("clingo ", "puzzlesolve serve"))
    ]  # serve runs until stopped: tests/test_serve_*.py start and stop it
    assert len(runnable) >= 8
    folder = example_folder(tmp_path)
    failed = []
    for line in runnable:
        output = "\n".join(run_example(f"{line}; echo exit $?", folder))
        if not output.endswith(("exit 0", "exit 1")) or "no such file" in output:
            failed.append(f"$ {line}\n{output[-300:]}")
    assert failed == []


def test_python_examples_run(tmp_path: Path) -> None:
    """The README's ```python blocks, run in order as one script (later ones use the names
    earlier ones make), with the shipped files at hand."""
    text = (REPO / "README.md").read_text()
    script = "\n".join(re.findall(r"^```python\n(.*?)^```", text, re.MULTILINE | re.DOTALL))
    assert "solve(" in script and "draw(" in script
    (tmp_path / "examples.py").write_text(script)
    folder = example_folder(tmp_path)
    output = run_example(f"{sys.executable} examples.py", folder)
    assert output[0] == "unique 1 [(0, 4), (1, 1), (2, 0), (2, 3), (3, 1), (3, 4)]", output

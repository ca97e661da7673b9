"""Mutation testing of the rules files: every statement guarded by a test that fails without it.

    python tests/mutation.py                  # every encodings/*.lp
    python tests/mutation.py numberlink.lp    # one rules file
    python tests/mutation.py --list           # print the mutants, run nothing
    python tests/mutation.py --rules          # numbered rules' statements only (the suite's)

For every statement of a rules file (found with clingo.ast, so line numbers are the
parser's) a mutant is made with that statement removed, and for every statement with a
body, one mutant per body element (literal, comparison, aggregate) with that element
dropped: a constraint that fires more often, a rule that derives more. Each mutant runs
against the file's encoding tests, ``tests/genres/<genre>/test_rules.py`` of each genre that
solves with it (tests/conftest.py points them at the mutant through the environment), until
the first test that fails.

Statements marked ``% redundant`` (in the comment block heading their group, or on their
own lines) are speed only, so they are out of the way in every other mutant: a rule must
be guarded by a test even where a redundant rule would hide its loss. Technique statements
(a block headed ``% technique T<k>``) are implied by the numbered rules; the encoding tests
leave them out (`all_models`) except those of one technique alone (`technique_models`).
Removing redundant statements, one at a time and all together, must keep every model set
of every test, and the run says so; a technique's statement removed, or any of these with a
body element dropped, must be killed or keep every model set.

A mutant is *killed* when a test fails (or it runs past the time limit, as a mutant whose
grounding never ends does), *invalid* when clingo rejects it (an unsafe variable: no test
is needed to notice), and *survives* otherwise. Mutants that cannot be told apart from the
file by construction are listed in ALLOWED with the reason. Exit status 1 when a mutant
survives or a redundant statement changes a model set.

Speed: two worker processes, each collecting the tests once and then taking mutants one
by one; a worker tries first the tests that killed earlier mutants, and a worker whose
test runs past TEST_LIMIT_S is replaced.
"""

from __future__ import annotations

import argparse
import multiprocessing
import multiprocessing.connection
import os
import re
import resource
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import clingo
import clingo.ast
import pytest
from _pytest.runner import runtestprotocol  # what pytest's own loop runs for each test

REPO = Path(__file__).resolve().parent.parent
ENCODINGS = REPO / "encodings"
LIBRARIES = ("loop.lp", "connected.lp", "sight.lp")  # rules files include these
GENRE_TESTS = REPO / "tests" / "genres"
PROCESSES = 2
MEMORY_LIMIT = 2 << 30  # bytes of address space per worker
TEST_LIMIT_S = 20  # no encoding test takes a second on the file; a runaway mutant grounds forever

# Mutants that give the same answer sets as the file on every input it is meant for, by
# construction: mutation -> why. Keep this short; a test that kills a mutant is better.
ALLOWED: dict[str, str] = {
    "drop `used((R,C))` from `:- white(R,C), used((R,C)), not straight(R,C).`": "masyu: rule 3 "
    "puts every pearl on the loop already; rule 4 says only what a pearl the loop passes does, "
    "so that explanations can switch the rules one at a time",
    "drop `cell(R,C)` from `link((R,C),(R,C+1)) :- cell(R,C), cell(R,C+1).`": "masyu: a link to a cell off the board has that cell as its only neighbour, so the loop never passes it",
    "drop `cell(R,(C+1))` from `link((R,C),(R,C+1)) :- cell(R,C), cell(R,C+1).`": "masyu: a link to a cell off the board has that cell as its only neighbour, so the loop never passes it",
    "drop `cell(R,C)` from `link((R,C),(R+1,C)) :- cell(R,C), cell(R+1,C).`": "masyu: a link to a cell off the board has that cell as its only neighbour, so the loop never passes it",
    "drop `cell((R+1),C)` from `link((R,C),(R+1,C)) :- cell(R,C), cell(R+1,C).`": "masyu: a link to a cell off the board has that cell as its only neighbour, so the loop never passes it",
    "drop `cell(R,C)` from `next((R,C),(R,C+1)) :- cell(R,C), cell(R,C+1).`": "a next/2 fact from or to a place off the board (or a second one into a row's first place) names no node or repeats what the chain of used nodes says already",
    "drop `cell(R,(C+1))` from `next((R,C),(R,C+1)) :- cell(R,C), cell(R,C+1).`": "a next/2 fact from or to a place off the board (or a second one into a row's first place) names no node or repeats what the chain of used nodes says already",
    "drop `not cell(R,(C+1))` from `next((R,C),(R+1,0)) :- cell(R,C), not cell(R,C+1), cell(R+1,0).`": "a next/2 fact from or to a place off the board (or a second one into a row's first place) names no node or repeats what the chain of used nodes says already",
    "drop `cell((R+1),0)` from `next((R,C),(R+1,0)) :- cell(R,C), not cell(R,C+1), cell(R+1,0).`": "a next/2 fact from or to a place off the board (or a second one into a row's first place) names no node or repeats what the chain of used nodes says already",
    "drop `point(Y,X)` from `next((Y,X),(Y,X+1)) :- point(Y,X), point(Y,X+1).`": "a next/2 fact from or to a place off the board (or a second one into a row's first place) names no node or repeats what the chain of used nodes says already",
    "drop `point(Y,(X+1))` from `next((Y,X),(Y,X+1)) :- point(Y,X), point(Y,X+1).`": "a next/2 fact from or to a place off the board (or a second one into a row's first place) names no node or repeats what the chain of used nodes says already",
    "drop `not point(Y,(X+1))` from `next((Y,X),(Y+1,0)) :- point(Y,X), not point(Y,X+1), point(Y+1,0).`": "a next/2 fact from or to a place off the board (or a second one into a row's first place) names no node or repeats what the chain of used nodes says already",
    "drop `point((Y+1),0)` from `next((Y,X),(Y+1,0)) :- point(Y,X), not point(Y,X+1), point(Y+1,0).`": "a next/2 fact from or to a place off the board (or a second one into a row's first place) names no node or repeats what the chain of used nodes says already",
    "remove `#show.`": "with a `#show p/n.` beside it, clingo shows only those atoms anyway",
    "drop `not tree(R,C)` from `empty(R,C) :- cell(R,C), not tree(R,C).`": "tents: a tent on a "
    "tree would be another tree's, and the tree under it has its own tent beside it, which "
    "touches it (rule 3)",
    "drop `not chain_end(R,C)` from `leading(R,C+1) :- leading(R,C), outside(R,C), "
    "not chain_end(R,C).`": "connected.lp: chain_end only stops the search for the area's "
    "first cell where the including file knows it lies no later (speed only)",
    "drop `not chain_end(R,C)` from `leading(R+1,0) :- leading(R,C), outside(R,C), "
    "not cell(R,C+1), not chain_end(R,C).`": "connected.lp: chain_end only stops the search "
    "for the area's first cell where the including file knows it lies no later (speed only)",
    "drop `not wall(I,J,D)` from `beyond(R,C,D,I+DR,J+DC) :- beyond(R,C,D,I,J), "
    "not wall(I,J,D), step(D,DR,DC), cell(I+DR,J+DC).`": "heyawake: a run walked past its "
    "second border only adds runs that hold a shorter one, which needs a shaded cell already",
    "remove `#const prune = 1.`": "numberlink: an undefined prune is a symbol, never equal to "
    "0, so the labels are pruned as with prune = 1",
    "drop `not endpoint(R,C,_)` from `{ line(R,C,L) : may(R,C,L) } = 1 :- used(R,C), "
    "not endpoint(R,C,_).`": "numberlink: an endpoint's own line/3 atom is a fact, and with it the choice's "
    "bound of 1 leaves no other label free to choose",
    "drop `not placed(N)` from `downward(R,C,N) :- upward(R,C,N), size(N), not placed(N).`": "hidato: when N is given, upward/3 holds N only at its given cell, which the rule "
    "for givens puts in downward/3 already",
    "drop `free(R2,C2)` from `downward(R2,C2,N-1) :- downward(R,C,N), adjacent(R,C,R2,C2), "
    "upward(R2,C2,N-1), free(R2,C2).`": "hidato: upward/3 holds a cell that is not free only with its given, which the rule "
    "for givens puts in downward/3 already",
}

# speed-only statements and techniques (implied by the numbered rules) alike
REDUNDANT = re.compile(r"%.*\bredundant\b|%\s*technique\s+T\d", re.IGNORECASE)
TECHNIQUE = re.compile(r"%\s*technique\s+T\d")

KILL, SAME, KILL_OR_SAME = "killed", "same models", "killed or same models"

# what a removed statement leaves: a rule that never fires, so that the tag above it still
# stands above a statement (tests that read the tags, such as `technique_models`, would
# otherwise refuse the mutant for a convention error rather than judge it)
REMOVED = "__removed :- __removed."


@dataclass(frozen=True)
class Mutant:
    """One changed copy of a rules file.

    Attributes:
        encoding: the rules file's name, e.g. "hidato.lp".
        line: the line of the changed statement (0: several statements).
        mutation: what was changed, e.g. "remove `...`" or "drop `X` from `...`".
        text: the whole changed file.
        expect: KILL (a test must fail), SAME (every model set must stay) or KILL_OR_SAME.
    """

    encoding: str
    line: int
    mutation: str
    text: str
    expect: str = KILL

    def where(self) -> str:
        return f"encodings/{self.encoding}:{self.line}"


@dataclass(frozen=True)
class _Statement:
    begin: int  # byte offsets in the file
    end: int
    line: int
    shown: str  # the statement's text on one line
    ast: clingo.ast.AST
    redundant: bool
    technique: bool  # redundant too; its own encoding tests may kill its removal


def _statements(source: bytes) -> list[_Statement]:
    lines = source.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(position: clingo.ast.Position) -> int:  # clingo counts lines and bytes from 1
        return starts[position.line - 1] + position.column - 1

    parsed: list[clingo.ast.AST] = []
    # an included library (loop.lp) is mutated as a file of its own: blanked, same offsets
    text = re.sub(r'#include\s*"[^"]*"\s*\.', lambda m: " " * len(m[0]), source.decode())
    clingo.ast.parse_string(text, parsed.append)
    found = []
    for ast in parsed:
        if ast.ast_type in (clingo.ast.ASTType.Comment, clingo.ast.ASTType.Program):
            continue
        begin, end = offset(ast.location.begin), offset(ast.location.end)
        found.append(
            _Statement(
                begin,
                end,
                ast.location.begin.line,
                " ".join(source[begin:end].decode().split()),
                ast,
                _marked(lines, ast.location, REDUNDANT),
                _marked(lines, ast.location, TECHNIQUE),
            )
        )
    return found


def _marked(lines: list[bytes], location: clingo.ast.Location, mark: re.Pattern) -> bool:
    """Whether the statement's own lines, or the comment block heading its group, bear `mark`
    (REDUNDANT: say redundant or tag it with a technique; TECHNIQUE: the latter).

    A group is a comment block and the statements below it up to a blank line or the
    next comment.
    """
    text = [line.decode() for line in lines]
    if any(mark.search(line) for line in text[location.begin.line - 1 : location.end.line]):
        return True
    row = location.begin.line - 2
    while row >= 0 and text[row].strip() and not text[row].lstrip().startswith("%"):
        row -= 1  # statements above in the same group
    while row >= 0 and text[row].lstrip().startswith("%"):
        if mark.search(text[row]):
            return True
        row -= 1
    return False


def _edit(source: bytes, changes: dict[tuple[int, int], str]) -> str:
    """`source` with each (begin, end) byte span replaced."""
    out, at = [], 0
    for (begin, end), replacement in sorted(changes.items()):
        out += [source[at:begin], replacement.encode()]
        at = end
    return b"".join(out + [source[at:]]).decode()


def mutants(path: Path) -> list[Mutant]:
    """Every mutant of one rules file, in file order."""
    source = path.read_bytes()
    statements = _statements(source)
    # out of the way in every other mutant: the speed-only statements (the encoding tests
    # leave the techniques out by themselves, see tests/conftest.py)
    speed_only = {(s.begin, s.end): REMOVED for s in statements if s.redundant and not s.technique}
    techniques = {(s.begin, s.end): REMOVED for s in statements if s.technique}
    found = []
    for together, what, expect in (
        (speed_only, "redundant", SAME),
        (techniques, "technique", KILL_OR_SAME),
    ):
        if len(together) > 1:
            found.append(
                Mutant(
                    path.name, 0, f"remove every {what} statement", _edit(source, together), expect
                )
            )
    for s in statements:
        span = (s.begin, s.end)
        others = {k: v for k, v in speed_only.items() if k != span}
        found.append(
            Mutant(
                path.name,
                s.line,
                f"remove `{s.shown}`",
                _edit(source, others | {span: REMOVED}),
                KILL_OR_SAME if s.technique else SAME if s.redundant else KILL,
            )
        )
        body = list(getattr(s.ast, "body", ()))
        for index, element in enumerate(body):
            weaker = str(s.ast.update(body=body[:index] + body[index + 1 :]))
            found.append(
                Mutant(
                    path.name,
                    s.line,
                    f"drop `{element}` from `{s.shown}`",
                    _edit(source, others | {span: weaker}),
                    KILL_OR_SAME if s.redundant else KILL,
                )
            )
    return found


def numbered_rule_removals(path: Path) -> list[Mutant]:
    """One mutant per statement of a numbered rule (a ``% rule N`` tag), removed: the
    statements the house rule says a test must guard (a library numbers no rules)."""
    from puzzlesolve.rulebook import RulesError, read_rulebook

    try:
        tagged = read_rulebook(path).tags
    except RulesError:  # a library (sight.lp, connected.lp): its header numbers no rules
        return []
    return [
        m
        for m in mutants(path)
        if m.line in tagged and m.expect == KILL and m.mutation.startswith("remove ")
    ]


def rules_tests(encoding: str) -> list[Path]:
    """The encoding tests of a rules file (e.g. "hidato.lp"): ``test_rules.py`` in the test
    folder of each genre that solves with it (Numbrix shares Hidato's file and its tests)."""
    from puzzlesolve.genres import GENRES

    folders = {GENRE_TESTS / genre.name for genre in GENRES.values() if genre.encoding == encoding}
    folders.add(GENRE_TESTS / Path(encoding).stem)  # a shared library's own (loop.lp: loop/)
    return sorted(
        folder / "test_rules.py" for folder in folders if (folder / "test_rules.py").is_file()
    )


def _work(tasks: multiprocessing.connection.Connection, folder: str, clock) -> None:
    """A worker process: collect the encoding tests once, then judge the mutants sent;
    `clock` holds the time.monotonic() at which the current test started (0: none runs)."""
    # a runaway grounding fails at this much memory (a failed test) rather than fill the machine
    resource.setrlimit(
        resource.RLIMIT_AS, (MEMORY_LIMIT, resource.getrlimit(resource.RLIMIT_AS)[1])
    )
    silent = os.open(os.devnull, os.O_WRONLY)
    os.dup2(silent, 1)
    os.dup2(silent, 2)
    pytest.main(
        [
            *map(str, sorted(GENRE_TESTS.glob("*/test_rules.py"))),
            "-q",
            "-p",
            "no:cacheprovider",
            "--rootdir",
            str(REPO),
        ],
        plugins=[_Judge(tasks, Path(folder), clock)],
    )
    os._exit(0)


class _Judge:
    """A pytest plugin that replaces the test loop: for each mutant received, run its tests
    until one fails, and send back (outcome, detail)."""

    def __init__(self, tasks: multiprocessing.connection.Connection, folder: Path, clock):
        self.tasks, self.folder, self.clock = tasks, folder, clock
        self.killers: list[str] = []  # tests that killed mutants, most recent first

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session: pytest.Session) -> bool:
        for task in iter(self.tasks.recv, None):
            self.tasks.send(self._judge(session.items, *task))
        return True

    def _judge(self, items: list[pytest.Item], mutant: Mutant, same_models: bool):
        rules = self.folder / f"{os.getpid()}-{mutant.encoding}"
        rules.write_text(mutant.text)
        try:
            check = clingo.Control(logger=lambda _code, _text: None)
            check.load(str(rules))  # from its file: an #include is found beside it
            check.ground([("base", [])])
        except RuntimeError:
            return "invalid", "clingo rejects it"
        os.environ["PUZZLESOLVE_MUTANT"] = f"{mutant.encoding}={rules}"
        os.environ["PUZZLESOLVE_MUTANT_SAME_MODELS"] = "1" if same_models else ""
        own = set(rules_tests(mutant.encoding))
        mine = [item for item in items if item.path in own]
        mine.sort(
            key=lambda item: (
                self.killers.index(item.nodeid)
                if item.nodeid in self.killers
                else len(self.killers)
            )
        )
        for item in mine:
            self.clock.value = time.monotonic()
            failed = any(r.failed for r in runtestprotocol(item, log=False, nextitem=None))
            self.clock.value = 0
            if failed:
                if item.nodeid in self.killers:
                    self.killers.remove(item.nodeid)
                self.killers.insert(0, item.nodeid)
                return "killed", item.name
        return "survived", None


def run_all(
    todo: list[Mutant], processes: int = PROCESSES, time_limit: float = TEST_LIMIT_S
) -> list[tuple[Mutant, str, str | None]]:
    """Judge every mutant and return (mutant, outcome, detail) in the order of `todo`.

    Outcomes: "killed", "invalid", "survived", "same models" (a mutant run with every
    model set compared survived), "changes models" (it did not).
    """
    context = multiprocessing.get_context("fork")
    pending = [(mutant, mutant.expect == SAME) for mutant in reversed(todo)]
    busy: dict = {}  # worker connection -> (process, clock, mutant, same_models)
    idle: list = []
    verdicts: dict[int, tuple[Mutant, str, str | None]] = {}

    def start() -> None:
        ours, theirs = context.Pipe()
        clock = context.Value("d", 0.0)
        process = context.Process(target=_work, args=(theirs, folder, clock), daemon=True)
        process.start()
        theirs.close()
        idle.append((ours, process, clock))

    with tempfile.TemporaryDirectory(prefix="mutants-") as folder:
        # a mutant includes its libraries from beside it, as the rules file does
        for library in LIBRARIES:
            shutil.copy(ENCODINGS / library, folder)
        for _ in range(min(processes, len(todo))):
            start()
        while pending or busy:
            while pending and idle:
                connection, process, clock = idle.pop()
                mutant, same_models = pending.pop()
                connection.send((mutant, same_models))
                busy[connection] = (process, clock, mutant, same_models)
            for connection in multiprocessing.connection.wait(list(busy), timeout=1):
                process, clock, mutant, same_models = busy.pop(connection)
                try:
                    outcome, detail = connection.recv()
                except EOFError:
                    # a mutant that grounds without end runs into the memory limit, which
                    # clingo cannot always survive: the test it ran would have failed
                    process.join()
                    outcome, detail = "killed", f"a test ended its worker ({process.exitcode})"
                    start()
                else:
                    idle.append((connection, process, clock))
                if same_models:
                    outcome = SAME if outcome == "survived" else "changes models"
                elif outcome == "survived" and mutant.expect == KILL_OR_SAME:
                    pending.append((mutant, True))  # survived: then it must keep the models
                    continue
                verdicts[id(mutant)] = (mutant, outcome, detail)
            for connection, (process, clock, mutant, _) in list(busy.items()):
                if 0 < clock.value < time.monotonic() - time_limit:
                    process.kill()
                    process.join()
                    del busy[connection]
                    verdicts[id(mutant)] = (mutant, "killed", f"a test ran over {time_limit:.0f} s")
                    start()
        for connection, process, _ in idle:
            connection.send(None)  # EOF would not come: each worker holds the others' ends
            process.join()
    return [verdicts[id(mutant)] for mutant in todo]


def report(verdicts: list[tuple[Mutant, str, str | None]]) -> bool:
    """Print every finding and the score; True when every mutant is accounted for."""
    good = True
    counts = dict.fromkeys(["killed", "survived", "invalid", "redundant", "equivalent"], 0)
    for mutant, outcome, detail in verdicts:
        allowed = ALLOWED.get(mutant.mutation)
        if outcome == SAME:
            counts["redundant"] += 1
            print(f"{mutant.where()}: redundant, every model set the same: {mutant.mutation}")
        elif outcome in ("killed", "invalid") and mutant.expect != SAME:
            counts[outcome] += 1
        elif outcome == "survived" and allowed:
            counts["equivalent"] += 1
            print(f"{mutant.where()}: equivalent ({allowed}): {mutant.mutation}")
        else:
            good = False
            counts["survived"] += 1
            problem = {"survived": "SURVIVED", "changes models": "CHANGES MODELS"}.get(
                outcome, outcome.upper()
            )
            print(
                f"{mutant.where()}: {problem}{f' ({detail})' if detail else ''}: {mutant.mutation}"
            )
    judged = counts["killed"] + counts["survived"]
    print(
        f"{len(verdicts)} mutants: {counts['killed']} killed, {counts['survived']} not, "
        f"{counts['invalid']} invalid (rejected by clingo), {counts['redundant']} redundant "
        f"with the same models, {counts['equivalent']} equivalent (ALLOWED); "
        f"mutation score {counts['killed']}/{judged} = {counts['killed'] / max(1, judged):.1%}"
    )
    return good


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "encodings",
        nargs="*",
        metavar="NAME.lp",
        help="rules files under encodings/ (default: all)",
    )
    parser.add_argument("--list", action="store_true", help="print the mutants, run nothing")
    parser.add_argument(
        "--rules",
        action="store_true",
        help="only each numbered rule's statements removed (the suite's run, a minute; the "
        "whole run, every statement and body element, takes several)",
    )
    parser.add_argument("-j", "--processes", type=int, default=PROCESSES)
    arguments = parser.parse_args(argv)
    # companion files of forward techniques (*.techniques.lp) are no rules files: their
    # conclusions are proven implied by tests of their own
    names = arguments.encodings or sorted(
        p.name for p in ENCODINGS.glob("*.lp") if not p.name.endswith(".techniques.lp")
    )
    make = numbered_rule_removals if arguments.rules else mutants
    todo = [mutant for name in names for mutant in make(ENCODINGS / name)]
    if arguments.list:
        for mutant in todo:
            print(f"{mutant.where()}: {mutant.mutation} (expect: {mutant.expect})")
        return 0
    missing = [n for n in names if not rules_tests(n)]
    if missing:
        print(f"no encoding tests for {', '.join(missing)} (tests/genres/GENRE/test_rules.py)")
        return 1
    started = time.monotonic()
    good = report(run_all(todo, arguments.processes))
    print(f"{time.monotonic() - started:.0f} s")
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())

"""Genres as people name them (any case, aliases), a link's own genre, and the bare command.

Issue 19: ``Hitori`` and the names the puzzle world uses (hidoku, numlin, arukone, flow,
flowfree) are genres on every command; a link names its genre, so no GENRE is needed
before it; ``puzzlesolve`` alone prints a short usage.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlesolve.cli import main
from puzzlesolve.genre import Genre
from puzzlesolve.genres import GENRES

INSTANCES = Path(__file__).resolve().parent.parent / "instances"
HITORI = INSTANCES / "hitori" / "ai-course-5x5.txt"
FILL = INSTANCES / "numberlink" / "fill-5x5.txt"
HITORI_LINK = "https://puzz.link/p?hitori/4/4/1114142333214213"
HITORI_LINK_BOARD = "# 1 # 4\n1 4 2 3\n# 3 # 1\n4 2 1 #\n"
UNIQUE = (
    "% unique: the solver proved there is no other solution (1 solution found, search complete)\n"
)
HIDOKU_LINK = "https://pedros.works/paper-puzzle-player?W=4x3&L=(4)2(6)1x3(1)3(11)2&G=hidoku"


def run(*args, input: str | None = None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def fill_board() -> str:
    """The Flow Free board of fill-5x5.txt without its header comments (which ask for fill)."""
    return "".join(
        line + "\n" for line in FILL.read_text().splitlines() if not line.startswith("%")
    )


def also(genre: Genre) -> str:
    """A genre's aliases as the usage lists them: plain ones first, then those that set
    switches, followed by the flags they set (``numlin, arukone; flow, flowfree --fill``)."""
    plain = [alias for alias, switches in genre.aliases.items() if not switches]
    switched = {alias: switches for alias, switches in genre.aliases.items() if switches}
    flags = dict.fromkeys(f"--{s.replace('_', '-')}" for ss in switched.values() for s in ss)
    groups = [", ".join(plain)] if plain else []
    if switched:
        groups.append(f"{', '.join(switched)} {' '.join(flags)}")
    return "; ".join(groups)


# --- genre names --------------------------------------------------------------------------


@pytest.mark.parametrize("word", ["Hitori", "HITORI", "hiTori"])
def test_a_genre_name_is_read_in_any_case(word):
    r = run(word, HITORI, "--format", "json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["genre"] == "hitori"


@pytest.mark.parametrize(
    "word, genre, instance",
    [
        ("hidoku", "hidato", INSTANCES / "hidato" / "small-5x5.txt"),
        ("Hidoku", "hidato", INSTANCES / "hidato" / "small-5x5.txt"),
        ("numlin", "numberlink", INSTANCES / "numberlink" / "copris-5x5.txt"),
        ("ARUKONE", "numberlink", INSTANCES / "numberlink" / "copris-5x5.txt"),
    ],
)
def test_the_names_the_puzzle_world_uses_are_genres(word, genre, instance):
    r = run(word, instance, "--format", "json")
    assert r.exit_code == 0, r.output
    assert (json.loads(r.stdout)["genre"], json.loads(r.stdout)["status"]) == (genre, "unique")


@pytest.mark.parametrize("word", ["flow", "FlowFree"])
def test_flow_is_numberlink_with_every_cell_covered(word):
    nikoli = run("numberlink", "-", "--format", "json", input=fill_board())
    flow = run(word, "-", "--format", "json", input=fill_board())
    assert json.loads(nikoli.stdout)["status"] == "multiple", nikoli.output
    assert flow.exit_code == 0, flow.output
    assert (json.loads(flow.stdout)["genre"], json.loads(flow.stdout)["status"]) == (
        "numberlink",
        "unique",
    )


def test_every_command_that_takes_a_genre_takes_its_aliases(tmp_path):
    board = tmp_path / "flow.txt"
    board.write_text(fill_board())
    solution = FILL.with_suffix(".sol")
    assert run("check", "Flow", board, solution).stdout == (
        "solved: the answer is complete and every rule holds\n"
    )
    assert run("hint", "FLOWFREE", board, solution).stdout == "solved: every cell is decided\n"
    explained = run("explain", "flow", board)
    assert explained.exit_code == 0 and "multiple" not in explained.stdout, explained.output
    facts = run("facts", "Flow", board)
    assert facts.exit_code == 0 and "-c fill=1" in facts.stdout.splitlines()[0], facts.output
    assert run("url", "flow", board).stdout == "https://puzz.link/p?arukone/n/5/5/j13g4g14m3g2i2\n"
    drawn = run("draw", "Hidoku", INSTANCES / "hidato" / "small-5x5.txt")
    assert drawn.exit_code == 0 and drawn.stdout.startswith("<?xml"), drawn.output
    batch = run("batch", "flow", board)
    assert batch.exit_code == 0, batch.output
    assert json.loads(batch.stdout)["status"] == "unique"
    generate = run("generate", "FLOW", "--size", "2x5")  # resolved, then refused for its size
    assert generate.exit_code == 2
    assert generate.stderr == "puzzlesolve: size 2x5 is too small for numberlink: at least 3x3\n"


def test_an_unknown_genre_lists_the_names_there_are():
    r = run("kakuro", HITORI)
    assert r.exit_code == 2, r.output
    aliases = [alias for genre in GENRES.values() for alias in genre.aliases]
    assert r.stderr == (
        f"puzzlesolve: Invalid value for 'GENRE': 'kakuro' is not a genre; choose from "
        f"{', '.join(sorted(GENRES))} (or {', '.join(aliases)}) (see --help)\n"
    )


def test_help_lists_the_genres_and_their_aliases():
    r = run("--help")
    assert r.exit_code == 0, r.output
    listing = r.stdout[r.stdout.index("Genres") :].split("\n\n")[0].splitlines()
    assert [line.split() for line in listing] == [
        ["Genres", "(any", "case;", "aliases", "after", "the", "name):"],
        *([name, *also(GENRES[name]).split()] for name in sorted(GENRES)),
    ]
    assert ["numberlink", "numlin,", "arukone;", "flow,", "flowfree", "--fill"] in [
        line.split() for line in listing
    ]


# --- a link names its genre ---------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        [HITORI_LINK],
        ["solve", HITORI_LINK],
        ["puzz.link/p?hitori/4/4/1114142333214213"],
        ["solve", "--format", "text", "-n", "2", HITORI_LINK],  # options before the link
        ["solve", "--", HITORI_LINK],
    ],
)
def test_a_link_needs_no_genre_word(args):
    r = run(*args)
    assert r.exit_code == 0, r.output
    assert r.stdout == HITORI_LINK_BOARD + UNIQUE


def test_every_command_takes_a_link_without_its_genre(tmp_path):
    answer = tmp_path / "answer.txt"
    answer.write_text(HITORI_LINK_BOARD)

    def shown(command: str, r) -> str:  # a batch line carries its solving time: left out
        return json.loads(r.stdout)["solutions"] if command == "batch" else r.stdout

    for command, extra in (
        ("check", [answer]),
        ("hint", []),
        ("explain", []),
        ("draw", []),
        ("url", []),
        ("facts", []),
        ("batch", []),
    ):
        named = run(command, "hitori", HITORI_LINK, *extra)
        bare = run(command, HITORI_LINK, *extra)
        assert named.exit_code == 0, (command, named.output)
        assert (bare.exit_code, shown(command, bare)) == (0, shown(command, named)), command
    assert run("url", HIDOKU_LINK).stdout == HIDOKU_LINK + "\n"


def test_a_genre_word_must_agree_with_the_link():
    r = run("numberlink", HITORI_LINK)
    assert r.exit_code == 2, r.output
    assert r.stderr == (
        f"puzzlesolve: {HITORI_LINK}: a hitori link; this genre reads numlin, numberlink, "
        "arukone links\n"
    )
    assert run("hidato", HIDOKU_LINK).exit_code == 0  # a genre word that agrees is fine
    numbrix = run("numbrix", HIDOKU_LINK)  # Numbrix reads a hidoku board too (no solution here)
    assert (numbrix.exit_code, numbrix.stderr) == (1, ""), numbrix.output
    assert numbrix.stdout.startswith("% unsolvable")


def test_a_link_of_no_known_genre_is_one_line_exit_2():
    r = run("check", "https://puzz.link/p?kakuro/4/4/1", "answer.txt")
    assert r.exit_code == 2, r.output
    assert r.stderr == (
        "puzzlesolve: https://puzz.link/p?kakuro/4/4/1: cannot tell the genre of a kakuro link "
        "(puzzlesolve reads puzz.link / pzv.jp hitori, numlin, numberlink, arukone, "
        "nurikabe, slither, mashu, masyu, lightup, akari, kurodoko, starbattle, heyawake, sudoku, fillomino, yajilin, yajirin; Kudamono hidoku links)\n"
    )


# --- the bare command ---------------------------------------------------------------------


def test_the_bare_command_prints_a_short_usage_and_exits_0():
    r = run()
    assert r.exit_code == 0, r.output
    assert r.stderr == ""
    lines = r.stdout.splitlines()
    assert len(lines) < 25
    assert lines[2] == "Genres (any case): " + ", ".join(
        f"{name} (also {also(GENRES[name])})" if GENRES[name].aliases else name
        for name in sorted(GENRES)
    )
    assert "numberlink (also numlin, arukone; flow, flowfree --fill)" in lines[2]
    commands = [line.split()[0] for line in lines if line.startswith("  ") and line[2] != " "]
    assert commands == ["solve", "check", "hint", "explain", "draw", "generate", "batch"]


def test_the_library_reads_genre_names_as_the_command_line_does():
    from puzzlesolve import get_genre, load, solve

    assert get_genre("Hitori").name == "hitori" and get_genre("hidoku").name == "hidato"
    result = solve("HIDOKU", load("Hidoku", INSTANCES / "hidato" / "small-5x5.txt"))
    assert (result.genre.name, result.status) == ("hidato", "unique")
    with pytest.raises(ValueError) as caught:  # its rules would be lost: say how to ask
        get_genre("flow")
    assert str(caught.value) == (
        "'flow' is numberlink with switches=('fill',): pass 'numberlink' and those switches"
    )


@pytest.mark.parametrize(("args", "status"), [
    (["-n", "0", "--count", "hitori", INSTANCES / "hitori" / "several-3x3.txt"],
     "% multiple: the puzzle has more than one solution (7 solutions found, search complete)\n"),
    (["--count", "-n", "0", HITORI_LINK], UNIQUE),
])  # fmt: skip
def test_options_before_the_genre_word_or_link_are_a_solve(args, status):
    r = run(*args)
    assert r.exit_code == 0, r.output
    assert r.stdout == status

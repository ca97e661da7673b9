"""read_rulebook on techniques: the header's `%   T<k>. name: sentence` lines, the
`% technique T<k>:` tags, and a RulesError naming file, line and column for each break of the
convention (docs/rules-files.md)."""

from __future__ import annotations

import pytest
from conftest import DEFINITIONS_ONLY, REPO

from puzzlesolve.rulebook import RulesError, Technique, read_rulebook

MINE = """\
%# Hitori with techniques
% Rules:
%   1. no number is unshaded twice in a row or a column,
%   2. shaded cells never share an edge.
%   T1. sandwich: a cell between two equal numbers in its row
%       stays unshaded.
%   T2. pair in a line: of two equal numbers side by side one is shaded.
% Input: number(R,C,N)

%## Generate
cell(R,C) :- number(R,C,_).
{ shaded(R,C) } :- cell(R,C).

%## Test
% rule 1
:- number(R,C1,N), number(R,C2,N), C1 < C2, not shaded(R,C1), not shaded(R,C2).
% rule 2
:- shaded(R,C), shaded(R,C+1).

%## Techniques
% technique T1: the cell between the two
:- number(R,C-1,N), number(R,C+1,N), shaded(R,C).
% technique T2
:- number(R,C,N), number(R,C+1,N), not shaded(R,C), not shaded(R,C+1).
% a plain comment
pair(R,C) :- number(R,C,N), number(R,C+1,N).

#show shaded/2.
"""


def write(tmp_path, text: str):
    mine = tmp_path / "mine.lp"
    mine.write_text(text)
    return mine


def test_techniques_and_their_tags_are_read(tmp_path):
    rulebook = read_rulebook(write(tmp_path, MINE))
    assert rulebook.rules == {
        1: "no number is unshaded twice in a row or a column",
        2: "shaded cells never share an edge",
    }
    assert rulebook.techniques == {
        1: Technique(1, "sandwich", "a cell between two equal numbers in its row stays unshaded"),
        2: Technique(2, "pair in a line", "of two equal numbers side by side one is shaded"),
    }
    assert rulebook.technique_tags == {22: 1, 24: 2}
    assert rulebook.tags == {16: (1,), 18: (2,)}  # technique statements are not rule statements


def test_a_file_without_techniques_has_none(tmp_path):
    plain = MINE.split("\n%## Techniques")[0].replace(
        "%   T1. sandwich: a cell between two equal numbers in its row\n"
        "%       stays unshaded.\n%   T2. pair in a line: of two equal numbers side by side "
        "one is shaded.\n",
        "",
    )
    rulebook = read_rulebook(write(tmp_path, plain))
    assert (rulebook.techniques, rulebook.technique_tags) == ({}, {})
    assert rulebook.tags == {13: (1,), 15: (2,)}


def test_a_technique_line_ends_the_sentence_of_the_rule_above_it(tmp_path):
    deeper = MINE.replace("%   T1. sandwich", "%       T1. sandwich")
    rulebook = read_rulebook(write(tmp_path, deeper))
    assert rulebook.rules[2] == "shaded cells never share an edge"
    assert rulebook.techniques[1].name == "sandwich"


def test_the_built_in_rules_files_name_their_techniques_uniquely():
    for encoding in sorted((REPO / "encodings").glob("*.lp")):
        if encoding.name.endswith(".techniques.lp"):  # companion files: no numbered rules
            continue
        if encoding.name in DEFINITIONS_ONLY:  # the including file numbers the rule they serve
            continue
        rulebook = read_rulebook(encoding)
        names = [t.name for t in rulebook.techniques.values()]
        assert len(set(names)) == len(names), encoding
        assert set(rulebook.technique_tags.values()) == set(rulebook.techniques), encoding
        assert not set(rulebook.technique_tags) & set(rulebook.tags), encoding


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            ("%   T2. pair in a line", "%   T1. pair in a line"),
            "7:5: the header numbers technique T1 twice",
        ),
        (
            ("%   T2. pair in a line", "%   T2. sandwich"),
            "7:5: the header names two techniques 'sandwich' (T1 and T2)",
        ),
        (
            ("%   T2. pair in a line:", "%   T2. Pair in a line:"),
            (
                "7:5: cannot read the technique 'T2. Pair in a line: of two equal numbers side by "
                "side one is shaded.': write 'T<k>. name: sentence', the name in lower-case words"
            ),
        ),
        (
            ("%   T2. pair in a line:", "%   T2. pair in a line"),
            (
                "7:5: cannot read the technique 'T2. pair in a line of two equal numbers side by "
                "side one is shaded.': write 'T<k>. name: sentence', the name in lower-case words"
            ),
        ),
        (
            ("%   T2. pair", "%   T2 pair"),
            (
                "7:5: cannot read the technique 'T2 pair in a line: of two equal numbers side by "
                "side one is shaded.': write 'T<k>. name: sentence', the name in lower-case words"
            ),
        ),
        (
            ("% technique T2\n", "% technique T3\n"),
            (
                "23:3: the tag cites technique T3, which the header does not number (its "
                "techniques: T1, T2)"
            ),
        ),
        (
            ("% technique T2\n", "% technique 2\n"),
            (
                "23:3: cannot read the tag 'technique 2': write 'technique T<k>:' (one technique "
                "a statement)"
            ),
        ),
        (
            ("% technique T2\n", "% techniques T1 and T2:\n"),
            (
                "23:3: cannot read the tag 'techniques T1 and T2:': write 'technique T<k>:' (one "
                "technique a statement)"
            ),
        ),
        (
            (
                (
                    "% technique T2\n:- number(R,C,N), number(R,C+1,N), not shaded(R,C), "
                    "not shaded(R,C+1).\n"
                ),
                "% technique T2\n\n",
            ),
            (
                "23:1: this tag stands above no statement (a blank line or the end of the file "
                "follows the comment)"
            ),
        ),
        (
            (
                (
                    "% technique T2\n:- number(R,C,N), number(R,C+1,N), not shaded(R,C), "
                    "not shaded(R,C+1).\n"
                ),
                "",
            ),
            (
                "7:1: technique T2 (pair in a line) tags no statement: write '% technique T2: "
                "...' above its statements in the '%## Techniques' section"
            ),
        ),
        (
            ("% rule 2\n", "% technique T2\n"),
            "17:3: a technique tag belongs in the '%## Techniques' section, after the rules",
        ),
    ],
)
def test_a_break_of_the_technique_convention_is_refused_with_file_line_and_column(
    tmp_path, change, message
):
    mine = write(tmp_path, MINE.replace(*change))
    with pytest.raises(RulesError) as refused:
        read_rulebook(mine)
    assert str(refused.value) == f"{mine}:{message}"


# --- 'for': what indexes a statement's switch --------------------------------------------------

PATH = """\
%# A path of numbers, with switches per number
% Rules: write 1..N into the N cells so that
%   1. every cell holds one number,
%   2. consecutive numbers touch.
%   T1. between: a number touches the numbers before and after it.
% Input: cell(R,C)

size(N) :- N = #count { R,C : cell(R,C) }.
value(1..N) :- size(N).
{ number(R,C,N) : value(N) } = 1 :- cell(R,C).
near(R,C,N) :- number(R2,C2,N), cell(R,C), |R-R2| + |C-C2| = 1.

%## Test
% rule 1 for R, C: (the choice gives one; this says it is written once, too)
:- value(N), #count { R,C : number(R,C,N) } > 1, cell(R,C), number(R,C,N).
% rule 2 for N, N+1
:- number(R,C,N), number(R2,C2,N+1), not near(R,C,N+1).

%## Techniques
% technique T1 for N: between(N) is its helper, switched with it
between(N) :- number(R,C,N), near(R,C,N-1), near(R,C,N+1).
:- value(N-1), value(N), value(N+1), not between(N).

#show number/3.
"""


def test_a_tag_says_what_indexes_its_switch(tmp_path):
    rulebook = read_rulebook(write(tmp_path, PATH))
    assert rulebook.switched_for == {15: ("R", "C"), 17: ("N", "N+1"), 21: ("N",), 22: ("N",)}
    assert rulebook.tags == {15: (1,), 17: (2,)}
    assert rulebook.technique_tags == {21: 1, 22: 1}


def test_the_terms_after_for_split_at_commas_outside_brackets(tmp_path):
    mine = write(tmp_path, PATH.replace("% rule 2 for N, N+1", "% rule 2 for (N, N+1), f(R,C)"))
    assert read_rulebook(mine).switched_for[17] == ("(N, N+1)", "f(R,C)")


def test_statements_of_one_rule_for_the_same_terms_share_their_switches(tmp_path):
    from puzzlesolve.program import ground

    mine = write(tmp_path, PATH)
    built = ground(None, "cell(0,0). cell(0,1). cell(0,2).\n", encoding=mine, instrument=True)
    guards = sorted(
        str(atom.symbol)
        for atom in built.ctl.symbolic_atoms
        if atom.symbol.name in ("__rule", "__technique")
    )
    # S numbers the switch families: rule 1 for R,C (0), rule 2 for N,N+1 (1), T1 for N (2),
    # one for the helper between/1 and the constraint it serves
    assert guards == [
        "__rule(1)",
        "__rule(1,0,(0,0))",
        "__rule(1,0,(0,1))",
        "__rule(1,0,(0,2))",
        "__rule(2)",
        "__rule(2,1,(1,2))",
        "__rule(2,1,(2,3))",
        "__technique(1)",
        "__technique(1,2,(2,))",  # 2 alone lies between two numbers
    ]
    assert [(site.rules, site.technique, site.variables) for site in built.sites] == [
        ((1,), None, ("R", "C")),
        ((2,), None, ("N", "N+1")),
        ((), 1, ("N",)),
    ]
    assert built.sites[0].cells((0, 2)) == ((0, 2),)
    assert built.sites[1].cells((1, 2)) == ()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            ("% rule 2 for N, N+1", "% rule 2 for N, "),
            (
                "16:3: cannot read the terms after 'for' in 'rule 2 for N,': write 'for T1, T2' "
                "with terms over the statement's variables, e.g. 'for N, N+1'"
            ),
        ),
        (
            ("% rule 2 for N, N+1", "% rule 2 for N, (N+1"),
            (
                "16:3: cannot read the terms after 'for' in 'rule 2 for N, (N+1': write 'for "
                "T1, T2' with terms over the statement's variables, e.g. 'for N, N+1'"
            ),
        ),
        (
            ("% rule 2 for N, N+1", "% rule 2 for N, M"),
            (
                "17:1: the tag's 'for N, M' names M, which the statement's positive body does "
                "not bind"
            ),
        ),
    ],
)
def test_a_for_that_cannot_index_a_switch_is_refused_with_file_line_and_column(
    tmp_path, change, message
):
    from puzzlesolve.program import ground

    mine = write(tmp_path, PATH.replace(*change))
    with pytest.raises(RulesError) as refused:
        ground(None, "cell(0,0).\n", encoding=mine, instrument=True)
    assert str(refused.value) == f"{mine}:{message}"


def test_a_redundant_statement_is_switched_with_the_rule_instances_its_tag_names(tmp_path):
    from puzzlesolve.program import ground

    redundant = (
        "% redundant (rule 2 for N, N+1; rule 1 for R, C; rule 1 for R2, C2): why\n"
        ":- number(R,C,N), number(R2,C2,N+1), |R-R2| + |C-C2| > 1.\n"
    )
    mine = write(tmp_path, PATH.replace("\n#show", "\n" + redundant + "\n#show"))
    rulebook = read_rulebook(mine)
    assert rulebook.redundant_for == {25: ((2, ("N", "N+1")), (1, ("R", "C")), (1, ("R2", "C2")))}
    built = ground(None, "cell(0,0). cell(0,2).\n", encoding=mine, instrument=True)
    # rule 2's switch for 1-2 and rule 1's for each cell: the rules' own, not new ones
    guards = sorted(
        str(atom.symbol)
        for atom in built.ctl.symbolic_atoms
        if atom.symbol.name in ("__rule", "__technique")
    )
    assert guards == [
        "__rule(1)",
        "__rule(1,0,(0,0))",
        "__rule(1,0,(0,2))",
        "__rule(2)",
        "__rule(2,1,(1,2))",
        "__technique(1)",
    ]
    assert len(built.sites) == 3


def test_a_redundant_tag_with_a_part_that_names_no_rule_is_refused(tmp_path):
    redundant = "% redundant (rule 2 for N+1; N): why\n:- number(R,C,N), number(R,C,N+1).\n"
    mine = write(tmp_path, PATH.replace("\n#show", "\n" + redundant + "\n#show"))
    with pytest.raises(RulesError) as refused:
        read_rulebook(mine)
    assert str(refused.value) == (
        f"{mine}:24:3: cannot read 'N' in 'redundant (rule 2 for N+1; N): why': write "
        "'redundant (rule N for T1, T2; rule M for T3):'"
    )

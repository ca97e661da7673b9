"""read_rulebook on techniques: the header's `%   T<k>. name: sentence` lines, the
`% technique T<k>:` tags, and a RulesError naming file, line and column for each break of the
convention (docs/rules-files.md)."""

from __future__ import annotations

import pytest
from conftest import REPO

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

"""program.ground: the one place a ground program is built, its checks and its options."""

from __future__ import annotations

import pytest

from puzzlesolve.generate import ClueProgram
from puzzlesolve.program import EncodingError, encoding_path, ground
from puzzlesolve.registry import get_genre

HITORI_2X2 = "number(0,0,1). number(0,1,1). number(1,0,2). number(1,1,1)."


def shown(ctl) -> list[list[str]]:
    models = []
    with ctl.solve(yield_=True) as handle:
        for model in handle:
            models.append(sorted(str(s) for s in model.symbols(shown=True)))
    return sorted(models)


def test_a_genre_program_is_ground_with_its_rules_and_solved():
    built = ground(get_genre("hitori"), HITORI_2X2, arguments=["--models=0"])
    assert shown(built.ctl) == [["shaded(0,1)"]]  # (0,0) would leave column 2's 1s twice
    assert built.path == encoding_path("hitori.lp")


def test_a_switch_the_genre_does_not_have_is_refused():
    with pytest.raises(ValueError, match="^hitori has no option 'fill'$"):
        ground(get_genre("hitori"), HITORI_2X2, switches=["fill"])


def test_a_rules_file_with_a_byte_order_mark_is_refused_at_line_1_column_1(tmp_path):
    rules = tmp_path / "mine.lp"
    rules.write_bytes(b"\xef\xbb\xbf" + encoding_path("hitori.lp").read_bytes())
    with pytest.raises(EncodingError) as refused:
        ground(get_genre("hitori"), HITORI_2X2, encoding=rules)
    assert str(refused.value) == (
        f"{rules}:1:1: the file starts with a byte-order mark, which clingo cannot read: "
        "save it as UTF-8 without one"
    )


def test_a_switch_the_rules_file_does_not_declare_is_refused(tmp_path):
    rules = tmp_path / "mine.lp"
    text = encoding_path("numberlink.lp").read_text()
    rules.write_text(text.replace("#const fill = 0.", "% no fill here"))
    facts = "number(0,0,1). number(0,1,1)."
    with pytest.raises(EncodingError) as refused:
        ground(get_genre("numberlink"), facts, encoding=rules, switches=["fill"])
    assert str(refused.value) == (
        f"{rules}:1:1: the rules file declares no '#const fill = ...', so the option 'fill' "
        "would change nothing"
    )


def test_clingos_own_message_names_a_broken_rules_file(tmp_path):
    rules = tmp_path / "broken.lp"
    rules.write_text("shaded(R,C) :- .\n")
    with pytest.raises(EncodingError, match=r"broken\.lp:1:1-17: error: unsafe variables in:"):
        ground(get_genre("hitori"), HITORI_2X2, encoding=rules)


def test_the_genres_clingo_options_apply_and_explicit_arguments_win():
    nurikabe = get_genre("nurikabe")
    assert nurikabe.options == ("--configuration=trendy",)
    built = ground(nurikabe, "number(0,0,1).", arguments=["--heuristic=Domain"])
    assert built.ctl.configuration.configuration == "trendy"
    assert built.ctl.configuration.solver.heuristic.startswith("domain")
    # the generator's clue programs now take the genre's options too
    clues = ClueProgram(nurikabe, "number(0,0,1).", [])
    assert clues._ctl.configuration.configuration == "trendy"

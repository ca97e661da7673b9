"""Forward rounds over a genre's techniques file (encodings/<stem>.techniques.lp), for the tests
of those files: ground the file on the instance facts and the decided cells, read what it
decides, add that, repeat. A small stand-in for the engine's technique tier, so the files
are tested end to end on their own; and a judge that proves each conclusion from the
numbered rules of the genre's rules file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import clingo
import clingo.ast

from puzzlesolve.program import encoding_path
from puzzlesolve.rulebook import read_rulebook

Cell = tuple[int, int]


@dataclass(frozen=True)
class Conclusion:
    """One decide atom of a round, with the cells its rests atoms name."""

    technique: str
    cell: Cell
    value: str
    rests: frozenset[Cell]


@dataclass(frozen=True)
class Round:
    """What one grounding of a techniques file derived."""

    conclusions: tuple[Conclusion, ...]
    contradictions: frozenset[tuple[str, Cell]]
    techniques: dict[str, tuple[int, str, str]]

    def decided(self, max_tier: int | None = None) -> dict[Cell, set[str]]:
        """Each decided cell's value(s), as the round's conclusions (of techniques up to
        `max_tier`) give them."""
        values: dict[Cell, set[str]] = {}
        for c in self.conclusions:
            if max_tier is None or self.techniques[c.technique][0] <= max_tier:
                values.setdefault(c.cell, set()).add(c.value)
        return values

    def by(self, technique: str) -> set[tuple[Cell, str]]:
        """The (cell, value) pairs technique `technique` decides."""
        return {(c.cell, c.value) for c in self.conclusions if c.technique == technique}

    def deciders(self, cell: Cell, max_tier: int | None = None) -> set[str]:
        """The techniques (up to `max_tier`, if given) that decide `cell` this round."""
        return {
            c.technique
            for c in self.conclusions
            if c.cell == cell and (max_tier is None or self.techniques[c.technique][0] <= max_tier)
        }


def _cell(symbol: clingo.Symbol) -> Cell:
    return (symbol.arguments[0].number, symbol.arguments[1].number)


def known_facts(known: dict[Cell, str]) -> str:
    return "".join(f"known(c({r},{c}),{v}).\n" for (r, c), v in sorted(known.items()))


def forward_round(
    stem: str, facts: str, known: dict[Cell, str], constants: dict[str, int] | None = None
) -> Round:
    """Ground `stem`.techniques.lp once on the instance facts and the decided cells."""
    arguments = [f"--const={k}={v}" for k, v in (constants or {}).items()]
    warnings: list[str] = []
    ctl = clingo.Control(arguments, logger=lambda _code, text: warnings.append(text))
    ctl.load(str(encoding_path(f"{stem}.techniques.lp")))
    ctl.add("base", [], facts + "\n" + known_facts(known))
    ctl.ground([("base", [])])
    assert warnings == [], f"the techniques file grounds without warnings: {warnings}"
    decides: set[tuple[str, Cell, str]] = set()
    rests: dict[tuple[str, Cell, str], set[Cell]] = {}
    contradictions: set[tuple[str, Cell]] = set()
    techniques: dict[str, tuple[int, str, str]] = {}
    models = 0
    with ctl.solve(yield_=True) as handle:
        for model in handle:
            models += 1
            for s in model.symbols(shown=True):
                if s.match("decide", 3):
                    decides.add((s.arguments[0].name, _cell(s.arguments[1]), s.arguments[2].name))
                elif s.match("rests", 4):
                    key = (s.arguments[0].name, _cell(s.arguments[1]), s.arguments[2].name)
                    rests.setdefault(key, set()).add(_cell(s.arguments[3]))
                elif s.match("contradiction", 2):
                    contradictions.add((s.arguments[0].name, _cell(s.arguments[1])))
                elif s.match("technique", 4):
                    tier, name, sentence = (a for a in s.arguments[1:])
                    techniques[s.arguments[0].name] = (tier.number, name.string, sentence.string)
                else:
                    raise AssertionError(f"shown atom outside the interface: {s}")
    assert models == 1, "a techniques file is stratified: exactly one answer set"
    assert set(rests) <= decides, "rests/4 only for decide/3 atoms"
    conclusions = tuple(
        Conclusion(t, cell, v, frozenset(rests.get((t, cell, v), ())))
        for t, cell, v in sorted(decides)
    )
    return Round(conclusions, frozenset(contradictions), techniques)


@dataclass
class Forward:
    """A forward loop to its fixpoint: the rounds and the cells decided."""

    known: dict[Cell, str]
    rounds: list[Round]


def forward(
    stem: str,
    facts: str,
    known: dict[Cell, str] | None = None,
    constants: dict[str, int] | None = None,
    max_tier: int | None = None,
) -> Forward:
    """Rounds until nothing new is decided; every round's decisions join the known cells
    (those of techniques up to `max_tier` only, if given). Two techniques deciding one cell
    both ways is a failure."""
    state = dict(known or {})
    rounds: list[Round] = []
    while True:
        found = forward_round(stem, facts, state, constants)
        rounds.append(found)
        new = found.decided(max_tier)
        if not new:
            return Forward(state, rounds)
        for cell, values in new.items():
            assert len(values) == 1, f"{cell} decided both ways: {found.conclusions}"
            assert cell not in state, f"{cell} was decided already"
            state[cell] = values.pop()


class Rules:
    """A genre's rules file, its numbered rules only (technique statements dropped), ground
    once on one instance; each question is a solve under assumptions."""

    def __init__(self, encoding: str, facts: str, constants: dict[str, int] | None = None):
        path = encoding_path(encoding)
        rulebook = read_rulebook(path)
        arguments = ["--models=0"] + [f"--const={k}={v}" for k, v in (constants or {}).items()]
        self.ctl = clingo.Control(arguments, logger=lambda _code, _text: None)

        def keep(statement: clingo.ast.AST) -> None:
            if rulebook.line(statement.location) not in rulebook.technique_tags:
                builder.add(statement)

        with clingo.ast.ProgramBuilder(self.ctl) as builder:
            clingo.ast.parse_files([str(path)], keep)
        self.ctl.add("base", [], facts)
        self.ctl.ground([("base", [])])

    @staticmethod
    def _literal(cell: Cell, value: str) -> tuple[clingo.Symbol, bool]:
        symbol = clingo.Function("shaded", [clingo.Number(cell[0]), clingo.Number(cell[1])])
        return (symbol, value == "shaded")

    def consistent(self, known: dict[Cell, str]) -> bool:
        """Some solution extends the known cells."""
        assumptions = [self._literal(cell, v) for cell, v in known.items()]
        return bool(self.ctl.solve(assumptions=assumptions).satisfiable)

    def implied(self, known: dict[Cell, str], cell: Cell, value: str) -> bool:
        """Every solution that extends the known cells gives `cell` the value `value`: the
        rules, the known cells and the opposite value have no answer set."""
        other = "unshaded" if value == "shaded" else "shaded"
        return not self.consistent({**known, cell: other})

    def solutions(self) -> list[dict[Cell, str]]:
        """Every solution, each cell shaded or unshaded (cells listed by `cells`)."""
        found: list[set[Cell]] = []
        self.ctl.solve(
            on_model=lambda m: found.append(
                {_cell(s) for s in m.symbols(shown=True) if s.match("shaded", 2)}
            )
        )
        return [{c: "shaded" if c in dark else "unshaded" for c in self.cells()} for dark in found]

    def cells(self) -> list[Cell]:
        return sorted(_cell(a.symbol) for a in self.ctl.symbolic_atoms.by_signature("shaded", 2))


def assert_round_implied(rules: Rules, known: dict[Cell, str], found: Round) -> None:
    """Each conclusion of a round follows from the numbered rules and the known cells."""
    for c in found.conclusions:
        assert rules.implied(known, c.cell, c.value), f"not implied: {c} given {known}"


def assert_rests_suffice(rules: Rules, known: dict[Cell, str], found: Round, skip=()) -> None:
    """Each conclusion follows from the numbered rules and the known cells its rests name
    alone (techniques in `skip` name less than their whole reason, by design)."""
    for c in found.conclusions:
        if c.technique in skip:
            continue
        cited = {cell: known[cell] for cell in c.rests if cell in known}
        assert rules.implied(cited, c.cell, c.value), f"rests too few: {c} given {known}"


def grid_facts(text: str) -> str:
    """number(R,C,N) facts from rows of numbers (`.` or `-`: a blank, no fact)."""
    return "".join(
        f"number({r},{c},{token}).\n"
        for r, line in enumerate(text.split("\n"))
        for c, token in enumerate(line.split())
        if token not in ".-"
    )


def path_facts(path: Path, genre: str) -> str:
    """The facts `puzzlesolve facts` writes for an instance file."""
    from puzzlesolve.registry import get_genre

    g = get_genre(genre)
    return "\n".join(g.facts(g.parse(path.read_text(), str(path)))) + "\n"

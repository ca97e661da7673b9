"""The technique tier: one forward round of a genre's technique file.

A round grounds the technique file (docs/rules-files.md, "Technique files") with the
instance facts and the state (known sites, erased pencil marks) as facts, in one clingo
Control of its own; the program is stratified, so grounding alone derives every conclusion
and the single answer set is read as it is. (Measured in the prototype: grounding anew with
the state as facts was 2.3x faster a round than one program with the state as externals.)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import clingo

from puzzlesolve.explain.sites import Site, SiteReader
from puzzlesolve.program import EncodingError


def techniques_path(rules: Path) -> Path:
    """The technique file beside a rules file: ``hidato.lp`` -> ``hidato.techniques.lp``."""
    return rules.with_name(f"{rules.stem}.techniques.lp")


@dataclass(frozen=True)
class Technique:
    """A technique as its file declares it: ``technique(T, Tier, "name", "sentence")``."""

    key: str
    tier: int
    name: str
    sentence: str


@dataclass(frozen=True)
class Conclusion:
    """What one technique proves about one site: it holds `value` (decided) or not."""

    technique: str
    site: Site
    value: clingo.Symbol
    decided: bool


@dataclass
class Outcome:
    """What a round derived.

    Attributes:
        conclusions: every decide and strike, each with the sites it rests on.
        contradictions: ``(technique, site)`` where the known sites break a rule.
        marks: the ``candidate(S,V)`` atoms shown, read only when asked for (`candidates`).
    """

    conclusions: dict[Conclusion, set[Site]] = field(default_factory=dict)
    contradictions: list[tuple[str, Site]] = field(default_factory=list)
    marks: Any = field(default_factory=list)
    read: SiteReader = field(default_factory=SiteReader, repr=False)

    def candidates(self) -> dict[Site, set[clingo.Symbol]]:
        """The pencil marks in force by site (genres that keep them), else empty."""
        found: dict[Site, set[clingo.Symbol]] = {}
        for symbol in self.marks:
            site, value = symbol.arguments
            found.setdefault(self.read(site), set()).add(value)
        return found


@dataclass(frozen=True)
class State:
    """What is decided: known sites with their values, and erased pencil marks."""

    known: Mapping[Site, clingo.Symbol]
    struck: frozenset[tuple[Site, clingo.Symbol]] = frozenset()

    def facts(self, written: dict[tuple[str, Site, clingo.Symbol], str] | None = None) -> str:
        """The state as facts, ``known(c(2,3),7).``; each written once into `written` (a
        technique file's, as a round writes them all again) and read back from there."""
        written = {} if written is None else written

        def fact(name: str, site: Site, value: clingo.Symbol) -> str:
            text = written.get((name, site, value))
            if text is None:
                text = written[name, site, value] = f"{name}({site.symbol},{value})."
            return text

        lines = [fact("known", site, value) for site, value in self.known.items()]
        lines += [fact("struck", site, value) for site, value in self.struck]
        return "\n".join(lines)


_INCLUDE = re.compile(r'#include\s*"([^"]+)"\s*\.')


def _with_libraries(path: Path) -> str:
    """A technique file's text with each shared library it includes (``#include
    "sight.lp".``, resolved beside it as clingo does for a loaded file) written in its place:
    the file is added as text, where clingo would look in the working directory instead."""
    text = path.read_text(encoding="utf-8")
    return _INCLUDE.sub(lambda m: (path.parent / m[1]).read_text(encoding="utf-8"), text)


class TechniqueFile:
    """A genre's technique file, read once, ground once a round.

    Args:
        path: the file.
        facts: the instance facts as the rules file takes them.
        constants: its ``#const`` values (the genre's and the switches set).
        sites: the board's sites, which its terms are read as (`sites.SiteReader`).
    """

    def __init__(
        self,
        path: Path,
        facts: Iterable[str],
        constants: Mapping[str, int],
        sites: Iterable[Site] = (),
    ):
        self.path = path
        self.read = SiteReader(sites)
        self._written: dict[tuple[str, Site, clingo.Symbol], str] = {}
        self.program = _with_libraries(path) if path.is_file() else ""  # none: no technique
        self.facts = "\n".join(facts)
        self.arguments = ["--warn=none", *(f"--const={k}={v}" for k, v in constants.items())]
        self.techniques: dict[str, Technique] = {}
        self.rounds = 0

    def run(self, state: State) -> Outcome:
        """One round: every conclusion the techniques draw from `state`.

        Raises:
            EncodingError: clingo rejected the technique file.
        """
        self.rounds += 1
        messages: list[str] = []
        ctl = clingo.Control(self.arguments, logger=lambda _c, text: messages.append(text))
        try:
            ctl.add("base", [], self.program)
            ctl.add("base", [], self.facts)
            ctl.add("base", [], state.facts(self._written))
            ctl.ground([("base", [])])
        except RuntimeError:
            detail = messages[0].strip() if messages else "cannot ground"
            raise EncodingError(f"{self.path}: {detail}") from None
        if not self.techniques:
            self._read_techniques(ctl)
        shown = _facts(ctl)
        if shown is None:  # not all decided by grounding: read the one answer set
            with ctl.solve(yield_=True) as handle:
                for model in handle:
                    shown = model.symbols(shown=True)
                    break
                else:  # only a constraint of the file itself can refute its one answer set
                    raise EncodingError(f"{self.path}: the technique file has no answer set")
            return self._outcome(shown)
        outcome = self._outcome(shown)
        outcome.marks = _Marks(ctl)
        return outcome

    def _read_techniques(self, ctl: clingo.Control) -> None:
        for atom in ctl.symbolic_atoms.by_signature("technique", 4):
            key, tier, name, sentence = atom.symbol.arguments
            self.techniques[_key(key)] = Technique(
                _key(key), tier.number, name.string, sentence.string
            )

    def _outcome(self, shown: list[clingo.Symbol]) -> Outcome:
        read = self.read
        outcome = Outcome(read=read)
        rests: list[tuple[Conclusion, Site]] = []
        for symbol in shown:
            name = symbol.name
            if name == "candidate":
                outcome.marks.append(symbol)
                continue
            arguments = symbol.arguments
            if name in ("decide", "strike") and len(arguments) == 3:
                found = Conclusion(
                    _key(arguments[0]), read(arguments[1]), arguments[2], name == "decide"
                )
                outcome.conclusions.setdefault(found, set())
            elif name == "rests" and len(arguments) == 4:
                technique, site, value, rest = arguments
                for decided in (True, False):
                    key = Conclusion(_key(technique), read(site), value, decided)
                    rests.append((key, read(rest)))
            elif name == "contradiction" and len(arguments) == 2:
                outcome.contradictions.append((_key(arguments[0]), read(arguments[1])))
        for key, rest_site in rests:
            if key in outcome.conclusions:
                outcome.conclusions[key].add(rest_site)
        return outcome


def _key(symbol: clingo.Symbol) -> str:
    """A technique's key: its constant's name (read without printing the symbol)."""
    if symbol.type == clingo.SymbolType.Function and not symbol.arguments:
        return symbol.name
    return str(symbol)


OUTPUTS = (("decide", 3), ("strike", 3), ("rests", 4), ("contradiction", 2))


def _facts(ctl: clingo.Control) -> list[clingo.Symbol] | None:
    """The output atoms as grounding derived them (a stratified program's are all facts),
    without solving; None if some output atom is not decided by grounding alone."""
    found = []
    for name, arity in OUTPUTS:
        for atom in ctl.symbolic_atoms.by_signature(name, arity):
            if not atom.is_fact:
                return None
            found.append(atom.symbol)
    return found


class _Marks:
    """The ``candidate/2`` facts of a round, read only when iterated (the search tier)."""

    def __init__(self, ctl: clingo.Control):
        self.ctl = ctl

    def __iter__(self):
        for atom in self.ctl.symbolic_atoms.by_signature("candidate", 2):
            if atom.is_fact:
                yield atom.symbol

"""Shared by the loop genres' technique tests: run a forward techniques file, and prove each
conclusion implied by the rules (rules + facts + known + the conclusion negated: no model)."""

from __future__ import annotations

import random

import clingo

from puzzlesolve.program import encoding_path


def run_techniques(name: str, facts: str, known: dict[tuple[int, ...], str]) -> set[str]:
    """The atoms a techniques file shows for these facts and known sites (``e``/``s`` terms)."""
    ctl = clingo.Control(["--warn=none"])
    ctl.load(str(encoding_path(name)))
    ctl.add("base", [], facts + "".join(f"known({site},{v})." for site, v in known.items()))
    ctl.ground([("base", [])])
    shown: set[str] = set()
    ctl.solve(on_model=lambda m: shown.update(str(s) for s in m.symbols(shown=True)))
    return shown


def implied(rules: str, facts: str, pins: str) -> bool:
    """Whether the rules with `facts` and `pins` (constraints) have no answer set."""
    ctl = clingo.Control(["--warn=none"])
    ctl.load(str(encoding_path(rules)))
    ctl.add("base", [], facts + pins)
    ctl.ground([("base", [])])
    return ctl.solve().unsatisfiable


def known_states(rng: random.Random, solution: dict[str, str], count: int) -> list[dict]:
    """Nothing known, then `count` random parts of a solution's sites (on and off)."""
    sites = sorted(solution)
    states: list[dict] = [{}]
    for _ in range(count):
        part = rng.sample(sites, rng.randrange(1, len(sites) + 1) // 2 + 1)
        states.append({site: solution[site] for site in part})
    return states

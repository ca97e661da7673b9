"""The rules file instrumented for explanations, so that each numbered rule and each
technique can be switched on or off.

`instrument` gives each statement tagged with rules N, M, ... (or technique K) guard atoms
in its body, one per ground instance of the statement (``__rule(N, S, (R,C))``: rule N at
cell (R,C), see `GuardSite`), declared ``#external ... [free]``, and drops redundant
statements: assuming a guard true puts its rule in play there, leaving it unassumed lets
the solver drop it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from puzzlesolve.rulebook import Rulebook, RulesError

GUARD = "__rule"
"""Name of the guard atom ``__rule(N)`` added to the statements of rule N."""

TECHNIQUE_GUARD = "__technique"
"""Name of the guard atom ``__technique(K)`` added to the statements of technique T<k>."""


@dataclass(frozen=True)
class GuardSite:
    """A guarded statement: its guards are refined per ground instance.

    Each rule N the statement implements guards it with ``__rule(N, S, (V1, ..., Vk))`` and
    its technique K with ``__technique(K, S, (V1, ..., Vk))``, where S numbers the
    statement and V1..Vk are the variables of its positive body: one switch per ground
    instance (a pair of equal numbers, a cell's degree), so an explanation can cite a rule
    where it bites, not everywhere. Where the statement names cells (variables ``R``,
    ``C``, ``R1``, ...), only those variables count: one switch per cell or pair of cells.
    A statement with no such variables is guarded by ``__rule(N)`` / ``__technique(K)``
    alone.

    A tag may say what indexes the switch instead: ``% rule 3 for N, N+1:`` guards with
    ``__rule(3, S, (N, N+1))``, one switch per pair of consecutive numbers, and S is then
    shared by every statement whose tag names rule 3 with two terms (a helper and the
    constraint it serves are switched together; ``% redundant (rule 2 for N+1; rule 3 for
    N, N+1):`` switches a redundant statement with rule 2's switch for N+1 and rule 3's for
    the pair); `variables` are then the terms written first.

    Attributes:
        statement: S.
        rules: the numbered rules it implements (none for a technique).
        technique: its technique's number, or None.
        variables: V1..Vk, by name (cells are named ``R,C`` or ``R1,C1``, see `cells`).
    """

    statement: int
    rules: tuple[int, ...]
    technique: int | None
    variables: tuple[str, ...]

    def cells(self, values: tuple) -> tuple[tuple[int, int], ...]:
        """The cells an instance's variable values name: each column variable ``C<x>`` with
        the row variable ``R<x>`` of the same suffix (or ``R``), e.g. ``R,C1,C2`` names
        ``(R,C1)`` and ``(R,C2)``."""
        named = dict(zip(self.variables, values))
        rows = {name[1:]: value for name, value in named.items() if name[:1] == "R"}
        found = []
        for name, value in named.items():
            if name[:1] != "C" or not isinstance(value, int):
                continue
            row = rows.get(name[1:], rows.get(""))
            if row is None and len(rows) == 1:
                row = next(iter(rows.values()))
            if isinstance(row, int) and (row, value) not in found:
                found.append((row, value))
        if not found:  # a column shared by two rows: R1,R2,C
            columns = [v for n, v in named.items() if n[:1] == "C" and isinstance(v, int)]
            if len(columns) == 1:
                found = [(row, columns[0]) for row in rows.values() if isinstance(row, int)]
        return tuple(found)


def instrument(
    rulebook: Rulebook,
    add: Callable,
    messages: list[str],
    refine: bool | str = True,
    techniques: bool = True,
) -> list[GuardSite]:
    """Pass the rules file's statements to `add` (e.g. a ProgramBuilder's), guarded.

    Each statement tagged with rules or a technique gets guard atoms in its body, one per
    ground instance where it has variables (`GuardSite`), declared ``#external ... [free]``
    right after it under the statement's positive body; redundant statements are dropped;
    definitions pass unchanged. The guards of statements without variables (all of them
    when `refine` is False, those of the numbered rules when it is "techniques") are
    declared by `guard_declarations`. With `techniques` False the techniques' statements
    are dropped too (check: its conflicts name rules only).

    Returns:
        The guarded statements, by S.

    Raises:
        RulesError: a tag stands above a statement that is not a rule.
        RuntimeError: clingo cannot parse the file (its messages are in `messages`).
    """
    import clingo
    from clingo import ast

    refused: list[RulesError] = []  # raised after parsing: clingo would rebuild the error
    sites: list[GuardSite] = []
    shared: dict[tuple, int] = {}  # (guard name, number, terms) -> S of a tag's `for`

    def visit(statement: ast.AST) -> None:
        line = rulebook.line(statement.location)
        if line is None:  # a shared library's statement: untagged, as the library writes it
            add(statement)
            return
        technique = rulebook.technique_tags.get(line)
        cited = rulebook.tags.get(line)
        if cited is None and technique is None:
            add(statement)
            return
        if technique is None and not cited:  # redundant (a rule or a directive): speed only
            return
        if technique is not None and not techniques:
            return
        if statement.ast_type != ast.ASTType.Rule:
            refused.append(
                RulesError(
                    rulebook.path,
                    "a rule tag must stand above rules, not directives",
                    line,
                    statement.location.begin.column,
                )
            )
            return
        where = statement.location
        positive = [
            literal
            for literal in statement.body
            if literal.ast_type == ast.ASTType.Literal
            and literal.sign == ast.Sign.NoSign
            and literal.atom.ast_type == ast.ASTType.SymbolicAtom
        ]
        variables: list[str] = []
        for literal in positive:
            for name in _variables(literal, ast):
                if name not in variables and not name.startswith("_"):
                    variables.append(name)
        bound = set(variables)
        conditions = positive + [
            literal
            for literal in statement.body
            if literal.ast_type == ast.ASTType.Literal
            and literal.atom.ast_type == ast.ASTType.Comparison
            and set(_variables(literal, ast)) <= bound
        ]
        guards = [(GUARD, n) for n in cited or ()]
        if technique is not None:
            guards.append((TECHNIQUE_GUARD, technique))
        # each guard with the terms that index it, where the tag says (`for`)
        if line in rulebook.switched_for:
            named = [(guard, rulebook.switched_for[line]) for guard in guards]
        else:
            named = [((GUARD, n), terms) for n, terms in rulebook.redundant_for.get(line, ())]
        atoms = []
        if named and refine:  # one switch per instance, shared by the statements of the rule
            for (name, number), written in named:
                try:
                    terms = _terms(written, rulebook, statement, bound, ast)
                except RulesError as error:
                    refused.append(error)
                    return
                # a rule's instances are told apart by their values alone: "rule 2 for N+1"
                # of a redundant statement is rule 2's own switch for that number
                key = (name, number, len(terms))
                if key not in shared:
                    shared[key] = len(sites)
                    rules = (number,) if name == GUARD else ()
                    kind = number if name == TECHNIQUE_GUARD else None
                    sites.append(GuardSite(len(sites), rules, kind, written))
                arguments = [
                    ast.SymbolicTerm(where, clingo.Number(number)),
                    ast.SymbolicTerm(where, clingo.Number(shared[key])),
                    ast.Function(where, "", terms, 0),
                ]
                atoms.append(ast.SymbolicAtom(ast.Function(where, name, arguments, 0)))
            variables = list(named[0][1])  # the guards are declared below, refined
        else:
            # an instance is a cell, pair of cells, ... where the statement names cells: the
            # instances stay few (one switch per cell, not per cell and number)
            on_cells = [name for name in variables if name[:1] in ("R", "C")]
            refined = refine is True or (refine == "techniques" and technique is not None)
            variables = (on_cells or variables) if refined else []
            site = GuardSite(len(sites), tuple(cited or ()), technique, tuple(variables))
            if variables:
                sites.append(site)
            for name, number in guards:
                arguments = [ast.SymbolicTerm(where, clingo.Number(number))]
                if variables:
                    arguments += [
                        ast.SymbolicTerm(where, clingo.Number(site.statement)),
                        ast.Function(where, "", [ast.Variable(where, v) for v in variables], 0),
                    ]
                atoms.append(ast.SymbolicAtom(ast.Function(where, name, arguments, 0)))
        add(
            statement.update(
                body=[*statement.body, *(ast.Literal(where, ast.Sign.NoSign, a) for a in atoms)]
            )
        )
        if variables:
            free = ast.SymbolicTerm(where, clingo.Function("free"))
            for atom in atoms:
                add(ast.External(where, atom, conditions, free))

    ast.parse_files(
        [str(rulebook.path)], visit, logger=lambda _code, text: messages.append(text.strip())
    )
    if refused:
        raise refused[0]
    return sites


def _terms(named: tuple[str, ...], rulebook: Rulebook, statement, bound: set, ast) -> list:
    """The terms of a tag's ``for`` as clingo AST terms, placed at the statement.

    Raises:
        RulesError: a term cannot be read, or names a variable the statement's positive
            body does not bind (its switch would not be safe).
    """
    begin = statement.location.begin
    parsed: list = []
    messages: list[str] = []
    try:
        ast.parse_string(
            f"__for({', '.join(named)}).",
            lambda rule: parsed.extend(
                rule.head.atom.symbol.arguments if rule.ast_type == ast.ASTType.Rule else []
            ),
            logger=lambda _code, text: messages.append(text),
        )
    except RuntimeError:
        parsed = []
    if len(parsed) != len(named):
        raise RulesError(
            rulebook.path,
            f"cannot read the terms after 'for': {', '.join(named)}",
            begin.line,
            begin.column,
        )
    for term in parsed:
        unbound = [name for name in _variables(term, ast) if name not in bound]
        if unbound:
            raise RulesError(
                rulebook.path,
                f"the tag's 'for {', '.join(named)}' names {unbound[0]}, which the statement's "
                "positive body does not bind",
                begin.line,
                begin.column,
            )
    return [term.update(location=statement.location) for term in parsed]


def _variables(node, ast) -> list[str]:
    """The names of the variables in an AST node, in order of appearance."""
    found: list[str] = []

    def walk(item) -> None:
        if isinstance(item, ast.AST):
            if item.ast_type == ast.ASTType.Variable:
                found.append(item.name)
                return
            for key in item.child_keys:
                walk(getattr(item, key))
        elif isinstance(item, (list, tuple)) or type(item).__name__ == "ASTSequence":
            for child in item:
                walk(child)

    walk(node)
    return found


def guard_declarations(rulebook: Rulebook, techniques: bool = True) -> str:
    """The whole-rule and whole-technique guards as free externals: unassumed, the solver
    may switch a rule off. Without `techniques`, the rules' alone."""
    named = rulebook.techniques if techniques else ()
    return "".join(f"#external {GUARD}({n}). [free]\n" for n in rulebook.rules) + "".join(
        f"#external {TECHNIQUE_GUARD}({k}). [free]\n" for k in named
    )

"""The package's import graph has no circle: each module's imports of the package's modules,
read with ast, form a graph without a cycle (issue 40, item 6).

Every import statement counts: at a module's top, inside a function (an import put off to a
function still ties the two modules together) or under ``if TYPE_CHECKING:`` (a type one
module names is still a tie to the other). An import of a package a module lies inside
(``import puzzlesolve`` in ``puzzlesolve.audit``) is no edge: Python imports it first."""

from __future__ import annotations

import ast
import functools
import graphlib

import pytest
from conftest import REPO

PACKAGE = REPO / "puzzlesolve"

KNOWN: set[frozenset[str]] = {
    # the rules engine's entry points (explain/__init__) and the forward engine (forward and
    # the modules split from it: forward_explain, forward_hint, trial, case) hand puzzles
    # to each other, and so do the rules engine's lead and loopcheck: this circle goes with
    # the rules engine's step search and loopcheck (issue 40, items 1 and 3)
    frozenset(
        {
            "puzzlesolve.explain",
            "puzzlesolve.explain.case",
            "puzzlesolve.explain.forward",
            "puzzlesolve.explain.forward_explain",
            "puzzlesolve.explain.forward_hint",
            "puzzlesolve.explain.lead",
            "puzzlesolve.explain.loopcheck",
            "puzzlesolve.explain.trial",
        }
    ),
    # for type checking only: the shrinking a Program drives names the Program
    frozenset({"puzzlesolve.explain.program", "puzzlesolve.explain.shrink"}),
}
"""Circles left for the work that removes them, each with why; a circle gone must leave."""


def module_names() -> dict[str, bool]:
    """Every module of the package by dotted name, and whether it is a package."""
    names = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(REPO).with_suffix("").parts
        is_package = parts[-1] == "__init__"
        names[".".join(parts[:-1] if is_package else parts)] = is_package
    return names


def imports_of(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement of `tree`, wherever it stands."""
    return [node for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)]


def imported(name: str, is_package: bool, modules: dict[str, bool]) -> set[str]:
    """The package's modules that module `name` imports (a module ``a.b.c`` brings ``a.b``)."""
    path = PACKAGE.parent / (name.replace(".", "/") + ("/__init__.py" if is_package else ".py"))
    here = name if is_package else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in imports_of(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
            continue
        base = node.module or ""
        if node.level:
            parent = here.split(".")[: len(here.split(".")) - node.level + 1]
            base = ".".join([*parent, *([node.module] if node.module else [])])
        for alias in node.names:
            targets.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base)
    edges = set()
    for target in targets:
        parts = target.split(".")
        for end in range(1, len(parts) + 1):  # the module and the packages it lies in
            module = ".".join(parts[:end])
            if module in modules and not (name == module or name.startswith(module + ".")):
                edges.add(module)
    return edges


@functools.cache
def graph() -> dict[str, set[str]]:
    """Each module of the package and the package's modules it imports."""
    modules = module_names()
    return {name: imported(name, is_package, modules) for name, is_package in modules.items()}


def test_the_package_imports_without_a_circle():
    """The graph sorts (graphlib) once each known circle is taken as one node."""
    merged = {name: name for name in graph()}
    for circle in KNOWN:
        merged.update(dict.fromkeys(circle, min(circle)))
    collapsed: dict[str, set[str]] = {}
    edges = graph()
    for name, targets in edges.items():
        collapsed.setdefault(merged[name], set()).update({merged[t] for t in targets})
        collapsed[merged[name]].discard(merged[name])
    try:
        order = list(graphlib.TopologicalSorter(collapsed).static_order())
    except graphlib.CycleError as circle:
        raise AssertionError(f"an import circle: {' -> '.join(circle.args[1])}") from None
    assert len(order) == len(collapsed)


@pytest.mark.parametrize("circle", sorted(KNOWN, key=sorted))
def test_a_known_circle_is_still_one(circle):
    """A circle removed must leave `KNOWN`, so that it cannot come back unseen."""
    edges = graph()
    inside = {name: edges[name] & circle for name in circle}
    with pytest.raises(graphlib.CycleError):
        list(graphlib.TopologicalSorter(inside).static_order())


def test_the_graph_sees_an_import_inside_a_function():
    tree = ast.parse("def f():\n    from puzzlesolve import registry\n")
    assert [ast.unparse(node) for node in imports_of(tree)] == ["from puzzlesolve import registry"]


def test_the_graph_counts_imports_for_type_checking_too():
    tree = ast.parse("if TYPE_CHECKING:\n    import puzzlesolve.genres\n")
    assert [ast.unparse(node) for node in imports_of(tree)] == ["import puzzlesolve.genres"]


EDGES = {
    "puzzlesolve",  # the library's top level: load, parse, solve, audit take a name
    "puzzlesolve.cli.common",  # the command line: a GENRE word, or a link's kind
    "puzzlesolve.cli.types",
    "puzzlesolve.serve.app",  # the server: the genres the page offers
    "puzzlesolve.serve.requests",  # a request's genre
    "puzzlesolve.serve.worker",  # the tasks' process, warmed with every genre's features
    "puzzlesolve.workers",  # a batch or book worker: the job names its genre
}
"""The edges, where a genre's name becomes its `Genre` (issue 40, item 6)."""


def test_only_the_edges_look_a_genre_up_by_name():
    """The registry (and the table of genres behind it) is imported at the edges alone:
    everything below them takes the `Genre` itself."""
    registry = {"puzzlesolve.registry", "puzzlesolve.genres"}
    looking = {
        name
        for name, targets in graph().items()
        if targets & registry
        and name not in registry
        and not name.startswith("puzzlesolve.genres.")
    }
    assert looking == EDGES

"""What a genre module provides: how to read, encode, decode and show one kind of puzzle."""

from __future__ import annotations

import functools
import importlib
import importlib.util
import sys
import types
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol, overload, runtime_checkable

from puzzlesolve.grid import InputError

# the records a genre is declared with, offered here beside `Genre` (genres import them here)
from puzzlesolve.records import Example, Finder, Limited, Loaded, Switch, fact  # noqa: F401

if TYPE_CHECKING:  # clingo is imported by what solves, not by what only names a genre
    import clingo

    from puzzlesolve.grid import Cell, Value


CORE = ("parse", "facts", "decode", "render", "to_json", "values", "read_answer")
"""The functions of a genre's record; a record given none of one takes the function of that
name its package's ``__init__`` defines."""


def _in_package(*_args: Any) -> Any:  # a core function not given: the package's, by name
    raise AssertionError("replaced by the package's own when the record is made")


@dataclass(frozen=True)
class Genre:
    """A puzzle genre: its rules file and the Python glue around it.

    Every puzzle object a genre's `parse` returns has `rows` and `cols` attributes.

    A genre's Python lives in one package, ``puzzlesolve/genres/<package>/``: its
    ``__init__`` defines this record; each further feature (``explain``, ``draw``, ``link``,
    ``generate``) is a module of that package, imported only when used (see `feature`); the
    Protocols at the end of this module say what each provides.

    A genre states only what differs from the defaults below: its name and package, and
    what its package's ``__init__`` does not define under the names of `CORE`.

    Attributes:
        name: the genre's command-line name.
        package: the genre's package (``package=__name__`` in its ``__init__``), e.g.
            ``puzzlesolve.genres.hidato`` (Numbrix shares it); default: the module of `parse`.
        encoding: file name of the rules under ``encodings/`` (default: ``NAME.lp``).
        parse: ``(text, source) -> puzzle``; raises InputError on bad input. This and the
            other functions of `CORE`: by default the package's own of that name.
        facts: ``puzzle -> [fact, ...]``, the instance as ASP facts.
        decode: ``(shown symbols, puzzle) -> solution``.
        render: ``(puzzle, solution) -> text``, the solution file's contents.
        to_json: ``(puzzle, solution) -> dict``, one solution as the contract's JSON.
        values: ``(puzzle, solution) -> {cell: value}``, every cell's value as the contract's
            JSON writes it (hitori "shaded"/"unshaded", numberlink the label or "-",
            hidato/numbrix the number); voids have none.
        read_answer: ``(puzzle, text, source) -> {cell: value}``, the decided cells of an
            answer file (CONTRACT.md, "Answer files"); raises InputError where it
            disagrees with the puzzle.
        constants: ``#const`` values this genre sets in the rules file (e.g. king=0).
        switches: boolean ``#const`` names a user may set to 1, each a `Switch` (a name
            with its command-line flags and help); a plain name becomes `Switch.named`.
        draw: optional ``(puzzle, solution) -> text``, a picture for a terminal.
        options: clingo command-line options the genre's search runs best with
            (e.g. ``--configuration=trendy``); a speed matter only, never the answer.
        stages: ``switches -> (stage, ...)``, stricter searches tried in turn beside the
            user's rules, each an external atom of the rules file (clingo syntax) that
            narrows them to solutions found far sooner, or a `Finder`, a program of the
            genre's own whose solutions the rules then settle, or an external atom that
            gives up after a number of conflicts (`Limited`); every solution of a stage is
            one of the user's rules (see solver.solve).
        steer: ``(name, arity)`` of the shown atoms that make up a solution: once a stage
            found one, a search of the user's rules tries these atoms as it has them.
        generate_options: keyword options the genre's generator accepts (e.g. ``fill``).
        explain_constants: ``#const`` values check, hint and explain set on top of
            `constants`: they switch off deductions made outside the numbered rules (such
            as domain pruning from the clues at grounding time), which a step could not cite.
        aliases: other names the puzzle world uses for the genre (lower case), each with
            the switches it asks for, e.g. ``{"flow": ("fill",)}``; see
            ``puzzlesolve.registry.resolve_genre``.
        examples: the genre's example instances (`Example`), at least one; the first is
            its typical one (small, unique, no switches), which a generic test takes when it
            needs one puzzle of every genre.
        numbers: numeric options of the puzzle (Star Battle's ``stars``), each with its help
            text: an instance sets one with ``% options: NAME=N`` (`instance.number_option`)
            and the genre's own `parse` reads it into the puzzle, a dataclass field of that
            name; the command line's ``--NAME N`` replaces it (`cli.common.load`).
        sites: what `values` and `read_answer` key their values by: "cells" (a cell
            ``(r, c)``), or for a loop genre "edges" (a pair of grid points, Slitherlink) or
            "segments" (a pair of neighbouring cells, Masyu), each "on" or "off".
        bounded: ``puzzle -> words or None``: a bound the rules file sets on its search
            beyond the genre's rules, said beside every claim of uniqueness or none
            (Fillomino: its regions without a number have at most N cells); None: no bound.
    """

    name: str
    package: str = ""
    parse: Callable[[str, str], Any] = _in_package
    facts: Callable[[Any], list[str]] = _in_package
    decode: Callable[[Sequence[clingo.Symbol], Any], Any] = _in_package
    render: Callable[[Any, Any], str] = _in_package
    to_json: Callable[[Any, Any], dict] = _in_package
    values: Callable[[Any, Any], dict] = _in_package
    read_answer: Callable[[Any, str, str], dict] = _in_package
    encoding: str = ""
    constants: dict[str, int] = field(default_factory=dict)
    switches: tuple[Switch, ...] = ()
    draw: Callable[[Any, Any], str] | None = None
    options: tuple[str, ...] = ()
    stages: Callable[[frozenset[str]], tuple[str | Limited | Finder, ...]] = lambda _switches: ()
    steer: tuple[str, int] | None = None
    generate_options: tuple[str, ...] = ()
    explain_constants: dict[str, int] = field(default_factory=dict)
    aliases: dict[str, tuple[str, ...]] = field(default_factory=dict)
    examples: tuple[Example, ...] = ()
    sites: str = "cells"
    numbers: dict[str, str] = field(default_factory=dict)
    bounded: Callable[[Any], str | None] = lambda _puzzle: None

    def __post_init__(self) -> None:
        declared = tuple(s if isinstance(s, Switch) else Switch.named(s) for s in self.switches)
        object.__setattr__(self, "switches", declared)
        if not self.encoding:
            object.__setattr__(self, "encoding", f"{self.name}.lp")
        if not self.package:
            object.__setattr__(self, "package", self.parse.__module__)
        for name in CORE:
            if getattr(self, name) is _in_package:  # the package's __init__, defining us
                own = vars(sys.modules[self.package]).get(name)
                if own is None:
                    raise TypeError(f"genre {self.name}: {self.package} defines no {name}")
                object.__setattr__(self, name, own)

    @overload
    def feature(self, name: Literal["explain"]) -> ExplainFeature: ...
    @overload
    def feature(self, name: Literal["draw"]) -> DrawFeature: ...
    @overload
    def feature(self, name: Literal["link"]) -> LinkFeature: ...
    @overload
    def feature(self, name: Literal["generate"]) -> GenerateFeature: ...
    @overload
    def feature(self, name: Literal["audit"]) -> AuditFeature: ...
    @overload
    def feature(self, name: str) -> Any: ...  # a name known at run time only

    def feature(self, name: str) -> Any:
        """The genre's module for feature `name` (one of `FEATURES`), imported on first use,
        seen through the contract's defaults: a name the module leaves out reads as the
        default its feature declares (`DEFAULTS`).

        Raises:
            MissingFeature: the genre's package has no such module; the message says in one
                line what the genre cannot do.
        """
        if name not in FEATURES:
            raise ValueError(f"{name!r} is not a feature; features: {', '.join(FEATURES)}")
        return _feature_module(self.name, f"{self.package}.{name}", name)

    def feature_or_defaults(self, name: str) -> Any:
        """The genre's module for feature `name`, or, where the genre has none, its
        feature's defaults alone: for the machinery that does part of its work without it
        (an audit without an ``audit`` module settles uniqueness and grade, and repairs
        nothing)."""
        if self.has(name):
            return self.feature(name)
        return FeatureModule(_NO_MODULE, DEFAULTS[name])

    def switch(self, name: str) -> Switch:
        """The genre's switch `name` with its flags (`Switch.named` where it declares none)."""
        return next((switch for switch in self.switches if switch == name), Switch.named(name))

    def has(self, name: str) -> bool:
        """Whether the genre has feature `name` (without importing its module)."""
        return importlib.util.find_spec(f"{self.package}.{name}") is not None


# --- The contract: what a genre provides -------------------------------------------------
#
# A genre is a `Genre` record (the core: rules file, reading, facts, decoding, showing) in
# ``puzzlesolve/genres/<package>/__init__.py``, plus optional feature modules beside it, each
# imported only when used, through `Genre.feature`. The Protocols below say what the
# machinery calls on each; tests/test_genre_contract.py checks every registered genre
# against them. A module-level name a Protocol lists is required: the machinery never probes
# for it (no hasattr/getattr).


FEATURES = {
    "explain": "cannot be checked, hinted or explained",
    "draw": "cannot be drawn",
    "link": "have no link form",
    "generate": "cannot be generated",
    "audit": "have no clues an audit can add or take away",
}
"""The optional feature modules a genre's package may have, and what lacking one means."""


class MissingFeature(InputError):
    """A genre lacks an optional feature module: bad usage, shown as one line (exit 2).

    Attributes:
        genre: the genre's name.
        feature: the feature it lacks (a key of `FEATURES`).
    """

    def __init__(self, genre: str, feature: str):
        reason = f"{genre} puzzles {FEATURES[feature]} (its package has no {feature} module)"
        super().__init__(genre, reason)
        self.args = (reason,)  # the line shown: the reason names the genre already
        self.genre, self.feature = genre, feature


class FeatureModule:
    """A genre's feature module with its feature's defaults behind it: every optional name of
    the contract reads as the module's own where it has one, as the default otherwise, so the
    machinery reads names plainly and never probes a module for them."""

    __slots__ = ("defaults", "module")

    def __init__(self, module: Any, defaults: type):
        self.module, self.defaults = module, defaults

    def __getattr__(self, name: str) -> Any:
        try:
            return getattr(self.module, name)
        except AttributeError:
            return getattr(self.defaults, name)  # an AttributeError here names a real typo

    def own(self, name: str) -> bool:
        """Whether the module itself defines `name` (rather than taking the default)."""
        return name in vars(self.module)

    def __repr__(self) -> str:
        return f"<feature {self.module.__name__}>"


_NO_MODULE = types.ModuleType("(none)")
"""The module of a feature a genre lacks, seen through the feature's defaults."""


@functools.cache
def _feature_module(genre: str, module_name: str, feature: str) -> FeatureModule:
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as missing:
        if missing.name != module_name:  # the module is there and lacks an import of its own
            raise
        raise MissingFeature(genre, feature) from None
    return FeatureModule(module, DEFAULTS[feature])


def _value_of_symbol(_puzzle: Any, symbol: clingo.Symbol) -> Any:
    import clingo

    if symbol.type == clingo.SymbolType.Number:
        return symbol.number
    return symbol.name if symbol.type == clingo.SymbolType.Function else symbol.string


def _symbol_of_value(_puzzle: Any, value: Any) -> clingo.Symbol:
    import clingo

    return clingo.Number(value) if isinstance(value, int) else clingo.Function(str(value))


class ExplainDefaults:
    """What an ``explain`` module may leave out, and what it means then."""

    EDGES = False
    """A pair genre's pairs join grid points (Slitherlink's edges), not cells."""
    CHECK_BY_CORES = False
    """Check judges the answer's pairs by unsatisfiable cores (the loop genres)."""
    CHECK_ALWAYS: tuple[int, ...] = ()
    """Numbered rules check always cites when they break, whatever else does."""
    TIER_GRADES: Mapping[int, int] | None = None
    """Technique tier -> grade index (None: the engine's own table)."""
    OFTEN_HARDER: tuple[int, float] | None = None
    """``(tier, share)``: a puzzle that needs `tier` in this share of its steps grades harder."""
    FORWARD_ASSUMABLE: tuple[str, ...] = ()
    """Switches whose rule a step may assume where the puzzle keeps it."""
    says_pair: Callable[[bool, bool], str] | None = None
    """``(on, plural) -> words`` for a pair ("is a line"); None: not a pair genre."""
    says_cannot: Callable[[Any], str] | None = None
    """``value -> words`` of a value a cell cannot take; None: the engine's words."""

    @staticmethod
    def forward_givens(_puzzle: Any) -> dict:
        """Cells decided before any step, with their values (none)."""
        return {}

    forward_value = staticmethod(_value_of_symbol)
    """``(puzzle, symbol) -> value`` of a technique file's value symbol."""
    forward_symbol = staticmethod(_symbol_of_value)
    """``(puzzle, value) -> symbol``, the inverse of `forward_value`."""


def _every_cell(puzzle: Any) -> list[Cell]:
    return [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)]


class DrawDefaults:
    """What a ``draw`` module may leave out."""

    cells = staticmethod(_every_cell)
    """``puzzle -> cells`` of the board: every cell of its rows and columns (no voids)."""

    @staticmethod
    def page_marks(_puzzle: Any, marks: dict) -> dict:
        """The page's marks as they are: its board kind's values are the genre's answer
        values (shaded or unshaded, a loop's pairs on or off)."""
        return marks


class LinkDefaults:
    """What a ``link`` module may leave out."""

    SITE = "pzpr"
    """Its links are puzz.link / pzv.jp links."""
    JANKO_PUZZLES: tuple[str, ...] = ()
    """No janko.at ``puzzle =`` block is read as this genre."""

    @staticmethod
    def no_link(_genre: Genre) -> str | None:
        """Every puzzle of the genre has a link (None: no reason why not)."""
        return None


class GenerateDefaults:
    """What a ``generate`` module may leave out."""

    MIN_SIDE = 2
    """The smallest number of rows and of columns it generates."""

    @staticmethod
    def check_options(_options: dict[str, object]) -> None:
        """Every combination of the genre's generate options is fine."""

    SQUARE = False
    """The genre's boards are square (Star Battle: N stars a row and a column), so a size
    of other rows than columns is refused."""

    SIZES: tuple[tuple[int, int], ...] | None = None
    """The only sizes ``(rows, cols)`` it makes (Sudoku's), None: any from ``MIN_SIDE`` on."""


class AuditDefaults:
    """What an ``audit`` module may leave out, and what a genre without one is audited
    with: uniqueness, count, differences and grade, no repair and no clue taken away."""

    ADDS: str | None = None
    """What an author may write to repair a puzzle (None: nothing; `NO_ADDS` says why)."""
    NO_ADDS = "not supported: the genre names no clue an author may add"
    """Why no clue can be added, where `ADDS` is None."""
    NO_REMOVALS = "not supported: the genre names no way to take a clue away"
    """Why no clue can be taken away, where `without` is None."""
    blanks: Callable[[Any], list[Cell]] | None = None
    """``puzzle -> cells`` where a clue may be added (with `ADDS`)."""
    with_clues: Callable[[Any, dict[Cell, Value]], Any] | None = None
    """``(puzzle, {cell: clue}) -> puzzle`` with the clues written in (with `ADDS`)."""
    without: Callable[[Any, list[Cell]], Any] | None = None
    """``(puzzle, cells) -> puzzle`` with the clues of `cells` taken away (None: none can)."""
    cells: Callable[[Any], list[Cell]] | None = None
    """``puzzle -> cells`` a clue may stand in (None: the ``explain`` module's `cells`)."""
    CLUES: tuple[tuple[str, int], ...] = ()
    """``(name, arity)`` of the clue facts (empty: the ``explain`` module's `CLUE`)."""
    clue_values: Callable[[Any, Any], dict[Cell, Value]] | None = None
    """``(puzzle, solution) -> {cell: clue}`` a solution gives each cell, where a clue is
    not the value of one of the solution's sites (a loop's number or pearl; None: it is)."""
    clue_atom: Callable[[Any, Cell, Value], clingo.Symbol] | None = None
    """``(puzzle, cell, clue) -> atom`` of `VIEW` true when the solution gives that clue."""
    VIEW = ""
    """Rules beside the genre's rules that define `clue_atom`'s atoms."""
    written: Callable[[Any], str] | None = None
    """``puzzle -> text`` as its instance file writes it, for a puzzle edited on the page
    whose board's clues cannot say it (a region genre's room names); None: the clues do."""
    MASTER = ""
    """Rules beside `VIEW` in the repair's program (e.g. a clue only where one fits)."""

    @staticmethod
    def cut(_puzzle: Any, _solution: Any, _groups: list[list[Cell]]) -> list[str]:
        """Conditions over ``keep(I)`` (clue group I kept) of which one holds whenever
        `solution` breaks the clues kept; none: the audit cuts off the very set it tried."""
        return []


DEFAULTS: dict[str, type] = {
    "explain": ExplainDefaults,
    "draw": DrawDefaults,
    "link": LinkDefaults,
    "generate": GenerateDefaults,
    "audit": AuditDefaults,
}
"""Each feature's defaults: the optional names of its contract, each with its default."""


@runtime_checkable
class GenreRecord(Protocol):
    """The core every genre provides (`Genre` is the record that does)."""

    name: str
    """The command-line name, lower case."""
    encoding: str
    """File name of the rules under ``encodings/``."""
    package: str
    """The Python package holding the record and the feature modules."""
    parse: Callable[[str, str], Any]
    """``(text, source) -> puzzle`` (with ``rows``, ``cols``); raises InputError."""
    facts: Callable[[Any], list[str]]
    """``puzzle -> [fact, ...]``: the instance as ASP facts."""
    decode: Callable[[Sequence[clingo.Symbol], Any], Any]
    """``(shown symbols, puzzle) -> solution``."""
    render: Callable[[Any, Any], str]
    """``(puzzle, solution) -> text`` of the solution file."""
    to_json: Callable[[Any, Any], dict]
    """``(puzzle, solution) -> dict``: one solution as the contract's JSON."""
    values: Callable[[Any, Any], dict]
    """``(puzzle, solution) -> {cell: value}``: every cell's value as JSON writes it."""
    read_answer: Callable[[Any, str, str], dict]
    """``(puzzle, text, source) -> {cell: value}``: an answer file's decided cells."""
    constants: dict[str, int]
    """``#const`` values the genre sets in its rules."""
    switches: tuple[Switch, ...]
    """Boolean ``#const`` names a user may set to 1, each a command-line flag (`Switch`)."""
    options: tuple[str, ...]
    """clingo options its search runs best with (speed only)."""
    stages: Callable[[frozenset[str]], tuple[str | Limited | Finder, ...]]
    """``switches -> stages``: stricter searches tried beside the rules (speed only)."""
    steer: tuple[str, int] | None
    """``(name, arity)`` of the shown atoms a staged solution steers the rules toward."""
    generate_options: tuple[str, ...]
    """Keyword options its generator accepts."""
    explain_constants: dict[str, int]
    """``#const`` values check, hint and explain set on top of `constants`."""
    aliases: dict[str, tuple[str, ...]]
    """Other names of the genre, each with the switches it asks for."""
    examples: tuple[Example, ...]
    """Its example instances, the typical one first (generic tests and the web page use them)."""

    def feature(self, name: str) -> Any:
        """The feature module `name`; raises MissingFeature when there is none."""

    def has(self, name: str) -> bool:
        """Whether the genre has feature `name`."""


@runtime_checkable
class ExplainFeature(Protocol):
    """``genres/<package>/explain.py``: what check, hint, explain and grading call."""

    CLUE: tuple[str, int]
    """``(name, arity)`` of the facts that are clues (left out, one by one, by explanations)."""
    GRADE_SIZES: tuple[int, int, int]
    """Largest step size of grade tiers 1, 2 and 3 (easy, medium, hard; beyond: expert)."""
    ONE_WAY: float | None
    """The share of rounds with one way on only that makes a puzzle a grade harder (None:
    never; `explain.difficulty`)."""
    REFINED: bool | str
    """Guards per instance (True), per rule (False), or per rule with techniques per cell."""
    CLAIM_REACH: int | None
    """Which further cells a step decides, when its reason forces them: those within this
    many cells of the cell it was found for (None: next to any cell its reason uses)."""
    WIDEN: tuple[int, int] | None
    """``(cost, candidates)``: while the cheapest step found costs more than `cost`, up to
    `candidates` are shrunk before one is chosen (each given up as soon as it cannot beat
    it), not the usual 4: a core's reach only hints at how small its reason is, and a heavy
    step chosen where a light one exists sets the grade. None: never."""

    # optional: a module may leave these out; `ExplainDefaults` says what they are then
    EDGES: bool
    CHECK_BY_CORES: bool
    CHECK_ALWAYS: tuple[int, ...]
    TIER_GRADES: Mapping[int, int] | None
    OFTEN_HARDER: tuple[int, float] | None
    FORWARD_ASSUMABLE: tuple[str, ...]
    says_pair: Callable[[bool, bool], str] | None
    says_cannot: Callable[[Any], str] | None
    forward_givens: Callable[[Any], dict]
    forward_value: Callable[[Any, clingo.Symbol], Any]
    forward_symbol: Callable[[Any, Any], clingo.Symbol]

    def board_facts(self, puzzle: Any) -> list[str]:
        """Facts that stay when the clues are left out (the board's cells), often none."""

    def cells(self, puzzle: Any) -> list[Cell]:
        """The cells an explanation decides."""

    def shown(self, puzzle: Any) -> dict[Cell, Value]:
        """Cells whose value the puzzle shows (decided before any step)."""

    def literal(
        self, puzzle: Any, cell: Cell | tuple[int, int, int, int], value: Value
    ) -> tuple[clingo.Symbol, bool]:
        """The atom standing for `cell` having `value`, and whether it is true then (for a
        genre with `segments`, also a segment's: whether it is drawn)."""

    def clue(self, puzzle: Any, cell: Cell) -> Any:
        """The clue written in `cell`."""

    def says(self, value: Value, plural: bool) -> str:
        """A value in words ("shaded")."""

    def says_clue(self, clue: Any, plural: bool) -> str:
        """A clue in words ("the 3")."""

    def clue_group(self, puzzle: Any, cell: Cell) -> Any:
        """What clues `cell`'s belongs with, for grouping them in a step (e.g. its label)."""

    def segments(self, puzzle: Any) -> dict[tuple[int, int, int, int], clingo.Symbol]:
        """The segments a step may decide, ``(r1, c1, r2, c2)``, each with the atom that is
        true when it is drawn (Numberlink's lines between adjacent cells); often none."""

    def drawn(self, puzzle: Any, solution: Any) -> Iterable[tuple[int, int, int, int]]:
        """The segments of `segments` that a decoded solution draws; often none."""


@runtime_checkable
class DrawFeature(Protocol):
    """``genres/<package>/draw.py``: what ``drawing.py`` and the web page call."""

    PAGE: str
    """How a person marks cells on the web page: "shade", "lines" or "numbers"."""

    # optional: `DrawDefaults` says what it is when a module leaves it out
    cells: Callable[[Any], Iterable[Cell]]
    """``puzzle -> cells`` of the board (voids left out)."""

    def paint(self, canvas: Any, puzzle: Any, values: dict[Cell, Value], solution: Any) -> None:
        """Paint clues and decided values on `canvas`, a ``drawing.Canvas`` (not imported
        here: the contract sits below the machinery that draws)."""

    def page_board(self, genre: Genre, puzzle: Any) -> dict:
        """What the web page draws: ``cells[r][c]``, each cell's clue, and what its kind needs."""

    def page_marks(self, puzzle: Any, marks: dict) -> dict:
        """The web page's marks (``serve/marks.py``: each board kind's values) as the genre's
        answer, ``{site: value}`` as `read_answer` reads an answer file; raises ValueError
        for a mark the puzzle does not allow."""


@runtime_checkable
class LinkFeature(Protocol):
    """``genres/<package>/link.py``: what ``links.py`` and ``instance.py`` call."""

    KINDS: tuple[str, ...]
    """The puzzle kinds (as the link names them) it reads."""

    # optional: `LinkDefaults` says what each is when a module leaves it out
    SITE: str
    """The site whose links it reads: ``"pzpr"`` (puzz.link, pzv.jp) or ``"kudamono"``."""
    JANKO_PUZZLES: tuple[str, ...]
    """The janko.at ``puzzle =`` names whose ``begin ... end`` blocks it reads."""
    no_link: Callable[[Genre], str | None]
    """``genre -> why`` no puzzle of `genre` has a link, or None when it has one."""

    def read(self, genre: Genre, url: str) -> Loaded:
        """The puzzle a link shows; raises InputError for a link not of its kinds."""

    def write(self, genre: Genre, puzzle: Any, fill: bool = False) -> str:
        """The puzzle's link; raises LinkError when it does not fit the link form."""


@runtime_checkable
class GenerateFeature(Protocol):
    """``genres/<package>/generate.py``: what ``generate.py`` calls."""

    GRADE_LIMITS: Mapping[str, Mapping[str, int]]
    """Per genre name: the largest step size of "easy" and of "medium" puzzles."""
    GRADE_MAX_CELLS: Mapping[str, int]
    """Per genre name: boards up to this many cells are graded by default."""

    # optional: `GenerateDefaults` says what each is when a module leaves it out
    MIN_SIDE: int
    """The smallest number of rows and of columns it generates."""
    check_options: Callable[[dict[str, object]], None]
    """``options -> None``: refuses options that do not fit together (GenerateError)."""
    SQUARE: bool
    """The genre's boards are square (a size of other rows than columns is refused)."""
    SIZES: tuple[tuple[int, int], ...] | None
    """The only sizes ``(rows, cols)`` it makes (Sudoku's), None: any from ``MIN_SIDE`` on."""

    def generate(
        self,
        genre: Genre,
        rows: int,
        cols: int,
        seed: int,
        difficulty: str = "hard",
        **options: object,
    ) -> Any:
        """One puzzle with exactly one solution, from `seed` ("easy" or "hard" knob): a
        ``generator_kit.Generated`` (not imported here, as `paint`'s canvas)."""


@runtime_checkable
class AuditFeature(Protocol):
    """``genres/<package>/audit.py``: what ``puzzlesolve.audit`` and the page's clue editing
    call. Every name is optional (`AuditDefaults`): a genre without the module is audited
    for uniqueness, count, differences and grade."""

    ADDS: str | None
    NO_ADDS: str
    NO_REMOVALS: str
    blanks: Callable[[Any], list[Cell]] | None
    with_clues: Callable[[Any, dict[Cell, Value]], Any] | None
    without: Callable[[Any, list[Cell]], Any] | None
    cells: Callable[[Any], list[Cell]] | None
    CLUES: tuple[tuple[str, int], ...]
    clue_values: Callable[[Any, Any], dict[Cell, Value]] | None
    clue_atom: Callable[[Any, Cell, Value], clingo.Symbol] | None
    VIEW: str
    written: Callable[[Any], str] | None
    MASTER: str
    cut: Callable[[Any, Any, list[list[Cell]]], list[str]]

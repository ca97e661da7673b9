"""The rules-file convention: numbered rules in the header, statements tagged with the rules
they implement, techniques; read into a `Rulebook` (`read_rulebook`).

The convention (README, "Rules files for check, hint and explain"):

- The **header** is the comment block at the top of the file. A numbered rule is a header
  line ``%   N. sentence``; the sentence continues on the following comment lines indented
  deeper than the number.
- A **tag** is the first line of a comment block (consecutive ``%`` lines; ``%#`` headings
  are not part of one): ``% rule N: ...``, ``% rules N and M: ...``,
  ``% rules N, M and K: ...`` (the colon may be left out when nothing follows), or
  ``% redundant: ...``; a rule or technique tag may end in ``for T1, T2`` (terms over the
  statement's variables, e.g. ``% rule 3 for N, N+1:``): its switch is indexed by them, and
  ``% redundant (rule 2 for N+1; rule 3 for N, N+1):`` switches a redundant statement with
  those instances. It applies to the statements right below the block: those that begin
  on the code lines that follow it, up to the next blank or comment line.
- Statements tagged with rules are the rules; ``redundant`` ones only speed up the search;
  every other statement is a **definition** (domain, generate, define, display), always in
  force. A definition never depends on a numbered rule: switched off, a rule's breaks are
  allowed, never blamed on another rule.
- A **technique** is a named derived rule, implied by the numbered rules: a header line
  ``%   T<k>. name: sentence`` (a name of lower-case words and hyphens; the sentence may go
  on like a rule's), and the statements below a comment block whose first line is
  ``% technique T<k>: ...``, in the file's ``%## Techniques`` section. They stay in force
  for solving (implied, they never change the solutions); explanations switch them like
  rules. See docs/rules-files.md.

The file is instrumented for explanations (each numbered rule switched on or off) by
`puzzlesolve.instrument`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

_ITEM = re.compile(r"%(\s+)(\d+)\.\s+(\S.*)$")
_FOR = r"(?:\s+for\s+(?P<terms>[^:]*?))?\s*(?::|$)"
"""The end of a rule or technique tag: ``for`` and the terms its switch is indexed by, if any."""
_TAG = re.compile(r"rules?\s+(\d+(?:(?:\s*,\s*|\s+and\s+)\d+)*)" + _FOR)
_TAG_LIKE = re.compile(r"rules?\s+\d")
_REDUNDANT = re.compile(r"redundant\b(?:\s*\((?P<rules>[^)]*)\))?")
_NUMBER = re.compile(r"\d+")
_REDUNDANT_FOR = re.compile(r"rule\s+(\d+)\s+for\s+(\S.*)$")
"""One part of ``redundant (rule 2 for N+1; rule 3 for N, N+1)``."""
_TECHNIQUE_ITEM = re.compile(r"%(\s+)T(\d+)\.(\s*)(.*)$")
_TECHNIQUE_ITEM_LIKE = re.compile(r"%\s+T\d")
_TECHNIQUE_NAME = re.compile(r"([a-z][a-z-]*(?: [a-z][a-z-]*)*)\s*:\s*(\S.*)$")
_TECHNIQUE_TAG = re.compile(r"technique\s+T(\d+)" + _FOR)
_TECHNIQUE_TAG_LIKE = re.compile(r"techniques?\s+T?\d")
TECHNIQUES_SECTION = "%## Techniques"
"""The heading of the section that holds the technique statements."""


class RulesError(ValueError):
    """A rules file that breaks the convention; the message names the file, line and column
    (that of the comment or statement at fault)."""

    def __init__(self, path: Path | str, reason: str, line: int | None = None, col: int = 1):
        self.path, self.reason, self.line, self.col = str(path), reason, line, col
        super().__init__(f"{path}{'' if line is None else f':{line}:{col}'}: {reason}")


@dataclass(frozen=True)
class Technique:
    """A named technique of a rules file's header: ``%   T<k>. name: sentence``.

    Attributes:
        number: k of ``T<k>``.
        name: lower-case words, e.g. ``"sandwich"``.
        sentence: what it says, e.g. ``"a cell between two equal numbers ... stays unshaded"``.
    """

    number: int
    name: str
    sentence: str


@dataclass(frozen=True)
class Rulebook:
    """What a rules file says about its rules.

    Attributes:
        path: the rules file.
        rules: each numbered rule's sentence, by number.
        tags: for each line that begins a tagged statement's code, the rules it implements;
            an empty tuple marks a redundant statement.
        techniques: each technique of the header, by number (k of ``T<k>``).
        technique_tags: for each line that begins a technique statement's code, the number
            of its technique (such lines are not in `tags`).
        switched_for: for each line that begins a statement whose tag says ``for T1, T2``,
            those terms (as written): its rules and technique are switched once per value of
            the terms, shared by every statement whose tag names the same rule or technique
            with the same terms (`instrument.instrument`).
        redundant_for: for each line that begins a redundant statement whose tag gives each
            rule its terms (``redundant (rule 2 for N+1; rule 3 for N, N+1)``), each rule
            with its terms, in order (a rule may come twice, for two instances): the
            statement is switched with exactly those instances of the rules.
    """

    path: Path
    rules: dict[int, str]
    tags: dict[int, tuple[int, ...]]
    techniques: dict[int, Technique] = field(default_factory=dict)
    technique_tags: dict[int, int] = field(default_factory=dict)
    switched_for: dict[int, tuple[str, ...]] = field(default_factory=dict)
    redundant_for: dict[int, tuple[tuple[int, tuple[str, ...]], ...]] = field(default_factory=dict)

    def quote(self, numbers: list[int] | tuple[int, ...]) -> str:
        """``rule 2 (sentence)`` or ``rules 1 (...) and 3 (...)``."""
        quoted = [f"{n} ({self.rules[n]})" for n in sorted(numbers)]
        if len(quoted) == 1:
            return f"rule {quoted[0]}"
        return "rules " + ", ".join(quoted[:-1]) + " and " + quoted[-1]

    def quote_techniques(self, numbers: list[int] | tuple[int, ...]) -> str:
        """``crossing: sentence``, several joined by "; and": by name, as a person says it
        (the number T6 is the rules file's own)."""
        return "; and ".join(
            f"{self.techniques[n].name}: {self.techniques[n].sentence}" for n in sorted(numbers)
        )


def _kind(line: str) -> str:
    stripped = line.strip()
    if not stripped:
        return "blank"
    if stripped.startswith("%#"):
        return "heading"
    if stripped.startswith("%"):
        return "comment"
    return "code"


def _text(line: str) -> str:
    """A comment line's text, without the ``%`` and the spaces after it."""
    return line.strip()[1:].strip()


def read_rulebook(path: Path | str) -> Rulebook:
    """Read the numbered rules, the techniques and the statement tags of a rules file.

    Raises:
        RulesError: the header numbers no rule, one twice, or a technique twice or badly; a
            tag cannot be read, cites a rule or technique the header does not number, or
            stands above no statement; a technique tag stands outside the Techniques
            section; a technique tags no statement.
        OSError: the file cannot be read.
    """
    path = Path(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    kinds = [_kind(line) for line in lines]
    rules = _numbered_rules(path, lines, kinds)
    techniques, technique_lines = _techniques(path, lines, kinds)
    tags: dict[int, tuple[int, ...]] = {}
    technique_tags: dict[int, int] = {}
    switched_for: dict[int, tuple[str, ...]] = {}
    redundant_for: dict[int, tuple[tuple[int, tuple[str, ...]], ...]] = {}
    section = ""  # the latest '%##' heading
    for index, kind in enumerate(kinds):
        if kind == "heading" and lines[index].strip().startswith("%##"):
            section = lines[index].strip()
        starts_block = kind == "comment" and (index == 0 or kinds[index - 1] != "comment")
        if not starts_block or _in_header(kinds, index):
            continue
        text = _text(lines[index])
        technique = _technique_tag(path, index + 1, lines[index], techniques)
        cited = None if technique is not None else _tag(path, index + 1, text, rules)
        if technique is None and cited is None:
            continue
        terms = _switched_for(path, index + 1, lines[index])
        per_rule = _redundant_for(path, index + 1, lines[index])
        if technique is not None and section.split()[:2] != TECHNIQUES_SECTION.split():
            raise RulesError(
                path,
                f"a technique tag belongs in the '{TECHNIQUES_SECTION}' section, after the rules",
                index + 1,
                _column(lines[index]),
            )
        below = index
        while below < len(kinds) and kinds[below] == "comment":
            below += 1
        if below == len(kinds) or kinds[below] != "code":
            raise RulesError(
                path,
                "this tag stands above no statement (a blank line or the end "
                "of the file follows the comment)",
                index + 1,
            )
        while below < len(kinds) and kinds[below] == "code":
            if terms:
                switched_for[below + 1] = terms
            if per_rule:
                redundant_for[below + 1] = per_rule
            if technique is not None:
                technique_tags[below + 1] = technique
            elif cited is not None:  # always, when no technique (else the block is skipped)
                tags[below + 1] = cited
            below += 1
    untagged = [k for k in techniques if k not in technique_tags.values()]
    if untagged:
        k = untagged[0]
        raise RulesError(
            path,
            f"technique T{k} ({techniques[k].name}) tags no statement: write "
            f"'% technique T{k}: ...' above its statements in the '{TECHNIQUES_SECTION}' section",
            technique_lines[k],
        )
    return Rulebook(path, rules, tags, techniques, technique_tags, switched_for, redundant_for)


def _column(line: str) -> int:
    """The column (from 1) of a comment line's text, after the ``%`` and its spaces."""
    return len(line) - len(line.lstrip()) + 1 + len(line.strip()) - len(_text(line))


def _techniques(
    path: Path, lines: list[str], kinds: list[str]
) -> tuple[dict[int, Technique], dict[int, int]]:
    """The header's techniques by number, and the line each is numbered on."""
    found: dict[int, list] = {}  # k -> [name, sentence]
    where: dict[int, int] = {}
    current, indent = None, 0
    for number, (line, kind) in enumerate(zip(lines, kinds), start=1):
        if kind not in ("comment", "heading"):
            break
        stripped = line.strip()
        if _TECHNIQUE_ITEM_LIKE.match(stripped):
            item = _TECHNIQUE_ITEM.match(stripped)
            named = _TECHNIQUE_NAME.match(item.group(4)) if item and item.group(3) else None
            if item is None or named is None:  # no item, no name
                raise RulesError(
                    path,
                    f"cannot read the technique {_text(line)!r}: write 'T<k>. name: "
                    "sentence', the name in lower-case words",
                    number,
                    _column(line),
                )
            column = _column(line)  # that of T<k>
            current, indent = int(item.group(2)), len(item.group(1))
            if current in found:
                raise RulesError(
                    path, f"the header numbers technique T{current} twice", number, column
                )
            name = named.group(1)
            twin = next((k for k, (other, _) in found.items() if other == name), None)
            if twin is not None:
                raise RulesError(
                    path,
                    f"the header names two techniques {name!r} (T{twin} and T{current})",
                    number,
                    column,
                )
            found[current], where[current] = [name, named.group(2).strip()], number
        elif current is not None and kind == "comment" and _indent(line) > indent:
            found[current][1] += " " + _text(line)
        else:
            current = None
    techniques = {
        k: Technique(k, name, sentence.rstrip(",;."))
        for k, (name, sentence) in sorted(found.items())
    }
    return techniques, where


def _technique_tag(
    path: Path, line: int, comment: str, techniques: dict[int, Technique]
) -> int | None:
    """The technique a block's first line tags its statements with; None if it tags none."""
    text = _text(comment)
    if not _TECHNIQUE_TAG_LIKE.match(text):
        return None
    tag = _TECHNIQUE_TAG.match(text)
    if tag is None:
        raise RulesError(
            path,
            f"cannot read the tag {text!r}: write 'technique T<k>:' (one technique a statement)",
            line,
            _column(comment),
        )
    k = int(tag.group(1))
    if k not in techniques:
        listed = ", ".join(f"T{n}" for n in techniques) or "none"
        raise RulesError(
            path,
            f"the tag cites technique T{k}, which the header does not number (its "
            f"techniques: {listed})",
            line,
            _column(comment),
        )
    return k


def _switched_for(path: Path, line: int, comment: str) -> tuple[str, ...]:
    """The terms after ``for`` in a rule or technique tag (none without ``for``), split at the
    commas outside brackets: ``rule 3 for N, N+1:`` gives ``("N", "N+1")``."""
    text = _text(comment)
    tag = _TECHNIQUE_TAG.match(text) or _TAG.match(text)
    if tag is None or tag.group("terms") is None:
        return ()
    return _split_terms(path, line, comment, tag.group("terms"))


def _redundant_for(path: Path, line: int, comment: str) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """The rules of a redundant tag that gives their terms, each with them:
    ``redundant (rule 2 for N+1; rule 3 for N, N+1):`` gives ``((2, ("N+1",)), (3, ("N",
    "N+1")))``; none for a tag without ``for``."""
    redundant = _REDUNDANT.match(_text(comment))
    if redundant is None or not re.search(r"\sfor\s", redundant.group("rules") or ""):
        return ()
    found: list[tuple[int, tuple[str, ...]]] = []
    for part in redundant.group("rules").split(";"):
        matched = _REDUNDANT_FOR.match(part.strip())
        if matched is None:
            raise RulesError(
                path,
                f"cannot read {part.strip()!r} in {_text(comment)!r}: write 'redundant (rule N "
                "for T1, T2; rule M for T3):'",
                line,
                _column(comment),
            )
        found.append((int(matched[1]), _split_terms(path, line, comment, matched[2])))
    return tuple(found)


def _split_terms(path: Path, line: int, comment: str, written: str) -> tuple[str, ...]:
    """Terms split at the commas outside brackets."""
    text = _text(comment)
    terms, depth, current = [], 0, ""
    for char in written:
        depth += (char in "([{") - (char in ")]}")
        if char == "," and depth == 0:
            terms.append(current.strip())
            current = ""
        else:
            current += char
    terms.append(current.strip())
    if not all(terms) or depth != 0:
        raise RulesError(
            path,
            f"cannot read the terms after 'for' in {text!r}: write 'for T1, T2' with terms "
            "over the statement's variables, e.g. 'for N, N+1'",
            line,
            _column(comment),
        )
    return tuple(terms)


def _in_header(kinds: list[str], index: int) -> bool:
    return all(kind in ("comment", "heading") for kind in kinds[: index + 1])


def _numbered_rules(path: Path, lines: list[str], kinds: list[str]) -> dict[int, str]:
    rules: dict[int, str] = {}
    current, indent = None, 0
    for number, (line, kind) in enumerate(zip(lines, kinds), start=1):
        if kind not in ("comment", "heading"):
            break
        item = _ITEM.match(line.strip())
        if _TECHNIQUE_ITEM_LIKE.match(line.strip()):
            current = None
        elif item:
            current, indent = int(item.group(2)), len(item.group(1))
            if current in rules:
                raise RulesError(path, f"the header numbers rule {current} twice", number)
            rules[current] = item.group(3).strip()
        elif current is not None and kind == "comment" and _indent(line) > indent:
            rules[current] += " " + _text(line)
        else:
            current = None
    if not rules:
        raise RulesError(path, "the header numbers no rules (lines like '%   1. sentence')")
    return {n: sentence.rstrip(",;.") for n, sentence in sorted(rules.items())}


def _indent(line: str) -> int:
    after = line.strip()[1:]
    return len(after) - len(after.lstrip())


def _tag(path: Path, line: int, text: str, rules: dict[int, str]) -> tuple[int, ...] | None:
    """The rules a block's first line cites; () for redundant; None for a plain comment.

    A redundant statement that names the rules it follows from is kept, guarded by them.
    """
    redundant = _REDUNDANT.match(text)
    if redundant and redundant.group("rules") is None:
        return ()
    if redundant and re.search(r"\sfor\s", redundant.group("rules")):
        numbers = re.findall(r"rule\s+(\d+)\s+for\s", redundant.group("rules"))
        cited = tuple(sorted({int(n) for n in numbers}))
        if not cited:
            raise RulesError(
                path,
                f"cannot read the rules of {text!r}: write 'redundant (rule N for T1; rule M "
                "for T2):'",
                line,
            )
        return _known(path, line, cited, rules)
    if redundant:
        tag = _TAG.match(redundant.group("rules").strip() + ":")
        if tag is None:
            raise RulesError(
                path,
                f"cannot read the rules of {text!r}: write "
                "'redundant (rule N):' or 'redundant (rules N and M):'",
                line,
            )
    elif not _TAG_LIKE.match(text):
        return None
    else:
        tag = _TAG.match(text)
    if tag is None:
        raise RulesError(
            path,
            f"cannot read the tag {text!r}: write 'rule N:', "
            "'rules N and M:' or 'rules N, M and K:'",
            line,
        )
    cited = tuple(sorted({int(n) for n in _NUMBER.findall(tag.group(1))}))
    return _known(path, line, cited, rules)


def _known(path: Path, line: int, cited: tuple[int, ...], rules: dict[int, str]) -> tuple[int, ...]:
    """`cited`, if the header numbers every rule in it."""
    unknown = [n for n in cited if n not in rules]
    if unknown:
        listed = ", ".join(map(str, rules))
        raise RulesError(
            path,
            f"the tag cites rule {unknown[0]}, which the header does not "
            f"number (its rules: {listed})",
            line,
        )
    return cited

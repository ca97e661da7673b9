"""Genre flags (``--fill/--no-fill``, ...), built from the switches each genre declares.

A genre's `Genre.switches` are boolean ``#const`` names of its rules, each a
`puzzlesolve.genre.Switch` carrying its two flags and its help. A command offers the flags
of every genre's switches that apply to it (its `Applies`), once, on first use; the help
names the genres that have each. A flag given for a genre that lacks its switch is one line
of bad usage.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

import click

from puzzlesolve.cli.errors import BadInput
from puzzlesolve.cli.types import GENRES, asked

if TYPE_CHECKING:
    from puzzlesolve.genre import Genre, Loaded, Switch

Applies = Callable[["Genre"], Iterable[str]]
"""Which of a genre's switches a command applies (solve: all of them)."""


def every_switch(genre: Genre) -> Iterable[str]:
    """All of the genre's switches: what solve, check, hint, explain and batch apply."""
    return genre.switches


def generated_switch(genre: Genre) -> Iterable[str]:
    """The switches the genre's generator takes (numberlink: fill)."""
    return [switch for switch in genre.switches if switch in genre.generate_options]


# links.write carries one switch, fill, where the link form can say it (arukone without 'e')
LINK_SWITCHES = ("fill",)


def linked_switch(genre: Genre) -> Iterable[str]:
    """The switches a link can ask for (numberlink: fill)."""
    return [switch for switch in genre.switches if switch in LINK_SWITCHES]


def record(genre: Genre, name: str) -> Switch:
    """The switch of this name with its flags, as `genre` declares it, else as another genre
    does (a flag given for a genre that lacks it), else as `Switch.named` makes it."""
    for declaring in (genre, *(GENRES[other] for other in sorted(GENRES))):
        if name in declaring.switches:
            return declaring.switch(name)
    return genre.switch(name)


def flag(genre: Genre, name: str, on: bool) -> str:
    """The flag that sets the genre's switch `name` on (``--fill``) or off (``--no-fill``)."""
    switch = record(genre, name)
    return switch.on if on else switch.off


def options(applies: Applies) -> list[click.Option]:
    """One on/off option per switch that `applies` to some genre, its help naming them."""
    owners: dict[str, list[Genre]] = {}
    for name in sorted(GENRES):
        for switch in applies(GENRES[name]):
            owners.setdefault(str(switch), []).append(GENRES[name])
    made = []
    for name, genres in owners.items():
        switch = record(genres[0], name)
        names = ", ".join(genre.name.capitalize() for genre in genres)
        made.append(
            click.Option(
                [name, f"{switch.on}/{switch.off}"],
                default=None,
                help=f"{names}: {switch.help}".rstrip(": "),
            )
        )
    return made


def number_options() -> list[click.Option]:
    """One ``--NAME N`` option per number some genre declares (`Genre.numbers`)."""
    owners: dict[str, list[Genre]] = {}
    for name in sorted(GENRES):
        for number in GENRES[name].numbers:
            owners.setdefault(number, []).append(GENRES[name])
    return [
        click.Option(
            [f"--{number.replace('_', '-')}", number],
            type=click.IntRange(min=1),
            default=None,
            metavar="N",
            help=f"{', '.join(g.name.capitalize() for g in genres)}: {genres[0].numbers[number]}",
        )
        for number, genres in owners.items()
    ]


def refuse_numbers(flags: Mapping[str, object], command: str, why: str) -> None:
    """A command that does not apply the genres' numbers refuses them in one line.

    Raises:
        BadInput: ``--stars`` given to it.
    """
    for name, value in flags.items():
        if value is not None and not isinstance(value, bool):
            raise BadInput(f"--{name.replace('_', '-')} does not apply to {command}: {why}")


def chosen(
    genre: Genre, flags: Mapping[str, bool | None], applies: Applies = every_switch
) -> list[str]:
    """The switches the flags set and the genre's word asks for (``flow``: fill), each the
    name of a boolean #const set to 1 in the rules.

    Raises:
        BadInput: a flag for a switch the genre does not have (or the command does not apply).
    """
    applying = set(applies(genre))
    flags = only_switches(flags)
    for name, on in flags.items():
        if on is not None and name not in applying:
            raise BadInput(f"{flag(genre, name, on)} does not apply to {genre.name}")
    switches = [name for name, on in flags.items() if on]
    switches += [name for name in asked() if name not in switches and flags.get(name) is not False]
    return switches


def from_instance(
    genre: Genre, switches: list[str], flags: Mapping[str, bool | None], loaded: Loaded
) -> list[str]:
    """Add to `switches` the ones the instance asks for (an arukone link: fill; a file's
    '% options' line), unless the command line switched them off.

    Returns:
        The lines that say so, for stderr; the caller prints them once the input proved good
        (bad input is one line on stderr, nothing else).
    """
    flags = only_switches(flags)
    added = [
        name for name in loaded.switches if name not in switches and flags.get(name) is not False
    ]
    switches += added
    notes = [f"% {loaded.note}"] if added else []
    overruled = [flag(genre, name, False) for name in loaded.switches if flags.get(name) is False]
    if overruled:
        notes.append(f"% the command line's {' '.join(overruled)} overrules the instance")
    return notes


def switched_off(flags: Mapping[str, bool | None]) -> tuple[str, ...]:
    """The switches the command line turned off (``--no-fill``), whatever an instance asks."""
    return tuple(name for name, on in only_switches(flags).items() if on is False)


def only_switches(flags: Mapping[str, object]) -> dict[str, bool | None]:
    """The on/off flags among a command's genre options, without the numbers (``--stars``),
    which `cli.common.load` applies to the puzzle itself."""
    return {name: on for name, on in flags.items() if on is None or isinstance(on, bool)}

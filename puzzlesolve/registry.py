"""Genres by name: the edges (command line, the library's top-level functions, the web
server's requests, batch workers) turn a name into a `Genre` here, once; everything below
them takes the `Genre` itself and never imports the registry."""

from __future__ import annotations

from puzzlesolve.genre import Genre, MissingFeature
from puzzlesolve.genres import GENRES


def get_genre(name: str | Genre) -> Genre:
    """The registered genre called `name` (a Genre is returned as it is), in any case, or
    by an alias that asks for no switches (``hidoku``; see `resolve_genre`).

    Raises:
        ValueError: no genre has that name, or the alias asks for switches (``flow``).
    """
    if isinstance(name, Genre):
        return name
    genre, asks = resolve_genre(name)  # any case, aliases: as the command line reads them
    if asks:  # e.g. flow: the caller must ask for its rules, or they would be lost here
        raise ValueError(
            f"{name!r} is {genre.name} with switches={asks!r}: "
            f"pass {genre.name!r} and those switches"
        )
    return genre


def resolve_genre(word: str) -> tuple[Genre, tuple[str, ...]]:
    """The genre a name as people type it stands for, and the switches the name asks for.

    Names match in any case (``Hitori``); a genre's aliases count too: ``hidoku`` is Hidato,
    ``numlin`` and ``arukone`` are Numberlink, ``flow`` and ``flowfree`` Numberlink with
    ``fill``.

    Raises:
        ValueError: no genre has that name; the message lists the names there are.
    """
    key = word.strip().casefold()
    for genre in GENRES.values():
        if key == genre.name:
            return genre, ()
        if key in genre.aliases:
            return genre, genre.aliases[key]
    aliases = [alias for genre in GENRES.values() for alias in genre.aliases]
    raise ValueError(
        f"{word!r} is not a genre; choose from {', '.join(sorted(GENRES))} "
        f"(or {', '.join(aliases)})"
    )


SITE_NAMES = {"pzpr": "puzz.link / pzv.jp", "kudamono": "Kudamono"}


def link_genre(url: str) -> str:
    """The name of the genre whose puzzle a link shows, taken from the link's kind.

    Where several genres read a kind (a Kudamono ``hidoku`` link: Hidato and Numbrix), the
    one whose links have that kind is meant (Hidato).

    Raises:
        ValueError: no genre reads this link; the message says which links there are.
    """
    from puzzlesolve import links

    found = links.link_kind(url)
    readers = []
    known: dict[str, dict[str, None]] = {}  # site -> its kinds, in order
    for genre in GENRES.values():
        try:
            module = genre.feature("link")
        except MissingFeature:
            continue
        known.setdefault(module.SITE, {}).update(dict.fromkeys(module.KINDS))
        if found is not None and found[0] == module.SITE and found[1] in module.KINDS:
            readers.append(genre)
    writers = [genre for genre in readers if links.no_link(genre) is None]
    if readers:
        return (writers or readers)[0].name
    what = "this link" if found is None else f"a {found[1]} link"
    kinds = "; ".join(f"{SITE_NAMES[site]} {', '.join(names)}" for site, names in known.items())
    raise ValueError(
        f"{links.shown(url)}: cannot tell the genre of {what} (puzzlesolve reads {kinds} links)"
    )

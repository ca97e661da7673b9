"""The genres puzzlesolve knows, one line each."""

from __future__ import annotations

from puzzlesolve.genre import Genre
from puzzlesolve.genres import (
    fillomino,
    heyawake,
    hidato,
    hitori,
    kurodoko,
    lightup,
    masyu,
    nonogram,
    numberlink,
    nurikabe,
    slitherlink,
    starbattle,
    sudoku,
    tents,
    yajilin,
)

GENRES: dict[str, Genre] = {
    genre.name: genre
    for genre in (
        hitori.GENRE,
        hidato.HIDATO,
        hidato.NUMBRIX,
        numberlink.GENRE,
        nurikabe.GENRE,
        slitherlink.GENRE,
        masyu.GENRE,
        lightup.GENRE,
        kurodoko.GENRE,
        starbattle.GENRE,
        heyawake.GENRE,
        sudoku.GENRE,
        fillomino.GENRE,
        nonogram.GENRE,
        tents.GENRE,
        yajilin.GENRE,
    )
}

"""The genres puzzlesolve knows, one line each."""

from __future__ import annotations

from puzzlesolve.genre import Genre
from puzzlesolve.genres import (
    fillomino,
    hidato,
    hitori,
    lightup,
    masyu,
    numberlink,
    nurikabe,
    slitherlink,
    starbattle,
    sudoku,
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
        starbattle.GENRE,
        sudoku.GENRE,
        fillomino.GENRE,
    )
}

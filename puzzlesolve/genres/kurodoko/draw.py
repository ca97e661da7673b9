"""Kurodoko pictures and the page: numbers on white, shaded cells dark, a dot on a cell
decided unshaded in a partial answer (puzzlesolve/shading.py, as Nurikabe's)."""

from puzzlesolve import shading

paint, page_board = shading.paint, shading.page_board
PAGE = "shade"
"""How a person marks the cells on the web page (``puzzlesolve serve``): click to shade."""

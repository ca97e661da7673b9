"""Nurikabe pictures: numbers on white, shaded cells dark (puzzlesolve/shading.py, shared
with Kurodoko).

In a partial answer the cells decided unshaded carry a small dot, as pzprjs marks them; a
complete solution needs none.
"""

from __future__ import annotations

from puzzlesolve import shading

paint, page_board = shading.paint, shading.page_board

PAGE = "shade"
"""How a person marks the cells on the web page (``puzzlesolve serve``): click to shade."""

"""Pictures rendered to pixels for the drawing tests (tests/test_drawing.py and
tests/genres/<genre>/test_draw.py).

A cell (r, c) spans ``MARGIN + c * CELL`` .. ``+ CELL`` picture units across; `box` and `at`
turn a cell and a position within it into pixels of the rendering.
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import cairosvg
from PIL import Image

from puzzlesolve import load, solve
from puzzlesolve.drawing import CELL, MARGIN

SCALE = 2


def render(svg: str) -> Image.Image:
    width = float(ET.fromstring(svg).get("viewBox").split()[2])
    png = cairosvg.svg2png(bytestring=svg.encode(), output_width=round(width * SCALE))
    return Image.open(io.BytesIO(png)).convert("RGBA")


def at(
    image: Image.Image,
    cell: tuple[int, int],
    fx: float = 0.5,
    fy: float = 0.5,
    shift: tuple[float, float] = (0, 0),
):
    """The pixel at fraction (fx, fy) of a cell's width and height, from its top-left corner;
    `shift` moves the grid by so many picture units (a title above, a panel on the left)."""
    r, c = cell
    x, y = MARGIN + (c + fx) * CELL + shift[0], MARGIN + (r + fy) * CELL + shift[1]
    return image.getpixel((round(x * SCALE), round(y * SCALE)))


def box(image: Image.Image, cell: tuple[int, int], margin: float = 0.3) -> list[tuple]:
    """The pixels of the middle of a cell (`margin` of the cell left out on each side)."""
    r, c = cell
    left, top = (MARGIN + c * CELL) * SCALE, (MARGIN + r * CELL) * SCALE
    span = range(round(margin * CELL * SCALE), round((1 - margin) * CELL * SCALE))
    return [image.getpixel((left + x, top + y)) for x in span for y in span]


def luminance(pixel) -> float:
    return 0.299 * pixel[0] + 0.587 * pixel[1] + 0.114 * pixel[2]


def rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))


def near(pixel, hex_colour: str, tolerance: int = 40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], rgb(hex_colour)))


def tinted(hex_colour: str, opacity: float = 0.4, base: str = "#ffffff") -> str:
    """A colour laid over `base` (white) at `opacity`, as the marks tint a cell."""
    return "#" + "".join(
        f"{round(b + (v - b) * opacity):02x}" for v, b in zip(rgb(hex_colour), rgb(base))
    )


def solved(genre: str, path, **options):
    puzzle = load(genre, path)
    return puzzle, solve(genre, puzzle, **options)

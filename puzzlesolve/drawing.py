"""SVG pictures of puzzles, genre-free: a grid canvas, a fixed palette and the shared marks.

    >>> from puzzlesolve import load
    >>> from puzzlesolve.drawing import draw
    >>> svg = draw("hitori", load("hitori", "instances/hitori/ai-course-5x5.txt"))
    >>> svg.startswith("<?xml") and 'viewBox="' in svg
    True

`draw` is the one call behind every picture: the puzzle as printed, with a solution or an
answer (every decided cell's value, as `Genre.values` and `Genre.read_answer` give them)
on it, and the marks the commands share: `highlight` (cells whose value differs between
solutions, a hinted cell), `cited` (the cells a hint uses) and `conflicts` (cells that
cannot all hold: outlined in red). A genre's ``draw`` module (``genres/<genre>/draw.py``)
paints only what is its own: `cells(puzzle)` lists the board's cells and
`paint(canvas, puzzle, values, solution)` draws numbers, shading or lines.

The picture is drawn in layers, bottom to top: the cells' background, highlight and cited
tints, the genre's fills, the grid, the genre's ink (numbers, lines), then the marks'
borders, so a mark stays visible on a shaded cell. One cell is `CELL` units wide and the
SVG's viewBox spans the grid, so the picture scales to any size. Lines are coloured from
`PALETTE` by label number, never at random, so a puzzle looks the same on every run.
"""

from __future__ import annotations

import colorsys
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import drawsvg

from puzzlesolve.grid import Cell, Value

if TYPE_CHECKING:
    from puzzlesolve.genre import Genre

CELL = 40
MARGIN = 4
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

INK = "#1a1a1a"
GRID = "#9e9e9e"
HIGHLIGHT = "#ffb300"  # amber: cells that differ between solutions, a hinted cell
CITED = "#29b6f6"  # light blue: the cells a hint uses
CONFLICT = "#d50000"  # red: cells that cannot all hold

# Twenty line colours far apart from each other (smallest CIELAB difference 31.7) and from the
# white board, picked greedily from Kelly's, Trubetskoy's and Tableau's colour sets, most
# distinct first; labels beyond twenty get golden-angle hues.
PALETTE = (
    "#e6194b", "#3cb44b", "#4363d8", "#f6a600", "#42d4f4", "#2b3d26", "#f032e6", "#f7b6d2",
    "#dbdb8d", "#9a6324", "#bfef45", "#1f77b4", "#875692", "#800000", "#848482", "#e25822",
    "#f99379", "#808000", "#aaffc3", "#ffe119",
)  # fmt: skip


def colour(index: int) -> str:
    """The colour of the label numbered `index` (1, 2, ...): fixed, the same on every run."""
    if index <= len(PALETTE):
        return PALETTE[index - 1]
    hue = (index * 0.618033988749895) % 1.0
    red, green, blue = colorsys.hls_to_rgb(hue, 0.42, 0.75)
    return "#" + "".join(f"{round(part * 255):02x}" for part in (red, green, blue))


def readable_on(fill: str) -> str:
    """Black or white, whichever reads better on the colour `fill` (``#rrggbb``)."""
    red, green, blue = (int(fill[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return INK if 0.299 * red + 0.587 * green + 0.114 * blue > 0.6 else "#ffffff"


class Canvas:
    """A grid picture being drawn; cells are ``(row, col)``, row 0 at the top.

    Args:
        rows: grid rows.
        cols: grid columns.
        cells: the board's cells (all of them but voids).
    """

    def __init__(self, rows: int, cols: int, cells: Iterable[Cell]):
        self.rows, self.cols = rows, cols
        self.cells = frozenset(cells)
        width, height = cols * CELL + 2 * MARGIN, rows * CELL + 2 * MARGIN
        self._svg = drawsvg.Drawing(width, height, origin=(-MARGIN, -MARGIN))
        self._layers = {}
        for name in ("back", "tint", "fills", "grid", "ink", "marks"):
            # what every number shares is said once, on the layer
            shared = {"font_family": FONT, "text_anchor": "middle", "fill": INK}
            self._layers[name] = drawsvg.Group(id=name, **(shared if name == "ink" else {}))
            self._svg.append(self._layers[name])
        # one path of unit squares: the cells' white background, and later their grid lines
        self._squares = "".join(
            f"M{c * CELL},{r * CELL}h{CELL}v{CELL}h-{CELL}z" for r, c in sorted(self.cells)
        )
        self._layers["back"].append(drawsvg.Path(self._squares, fill="#ffffff"))

    def centre(self, cell: Cell) -> tuple[float, float]:
        """The centre of a cell in picture units."""
        return (cell[1] + 0.5) * CELL, (cell[0] + 0.5) * CELL

    def fill(self, cell: Cell, colour: str, layer: str = "fills", opacity: float = 1.0) -> None:
        """Paint a whole cell."""
        self._layers[layer].append(
            drawsvg.Rectangle(
                cell[1] * CELL, cell[0] * CELL, CELL, CELL, fill=colour, fill_opacity=opacity
            )
        )

    def border(self, cell: Cell, colour: str, width: float, dashed: bool = False) -> None:
        """Outline a cell just inside its edges (on top of everything else)."""
        inset = width / 2 + 1
        self._layers["marks"].append(
            drawsvg.Rectangle(
                cell[1] * CELL + inset,
                cell[0] * CELL + inset,
                CELL - 2 * inset,
                CELL - 2 * inset,
                fill="none",
                stroke=colour,
                stroke_width=width,
                stroke_dasharray="5,3" if dashed else None,
            )
        )

    def text(self, cell: Cell, text: str, colour: str = INK, bold: bool = False) -> None:
        """A number or label centred in a cell, smaller when it is long."""
        size = CELL * 0.52 * min(1.0, 2.2 / max(len(text), 1))
        x, y = self.centre(cell)
        # the baseline is set by hand: dominant-baseline is not honoured by every renderer
        self._layers["ink"].append(
            drawsvg.Text(
                text,
                round(size, 2),
                round(x, 2),
                round(y + 0.36 * size, 2),
                fill=None if colour == INK else colour,
                font_weight="bold" if bold else None,
            )
        )

    def line(self, cells: Sequence[Cell], colour: str, width: float, opacity: float = 1.0) -> None:
        """A line through the centres of `cells`, in order, with round ends and corners."""
        points = [v for cell in cells for v in self.centre(cell)]
        self._layers["ink"].append(
            drawsvg.Lines(
                *points,
                fill="none",
                stroke=colour,
                stroke_width=width,
                stroke_opacity=opacity,
                stroke_linecap="round",
                stroke_linejoin="round",
            )
        )

    def disc(self, cell: Cell, radius: float, colour: str, stroke: str | None = None) -> None:
        """A circle at a cell's centre, `radius` in cells; `colour` "none" draws a ring."""
        x, y = self.centre(cell)
        self._layers["ink"].append(
            drawsvg.Circle(
                x, y, radius * CELL, fill=colour, stroke=stroke, stroke_width=2 if stroke else None
            )
        )

    def join(self, a: Cell, b: Cell, colour: str, width: float) -> None:
        """A straight stroke between two cells' centres."""
        self._layers["ink"].append(
            drawsvg.Line(
                *self.centre(a),
                *self.centre(b),
                stroke=colour,
                stroke_width=width,
                stroke_linecap="round",
            )
        )

    def cross(self, cell: Cell, colour: str = GRID) -> None:
        """A small x at a cell's centre: "no line here"."""
        x, y = self.centre(cell)
        arm = CELL * 0.12
        for dx in (-arm, arm):
            self._layers["ink"].append(
                drawsvg.Line(x - dx, y - arm, x + dx, y + arm, stroke=colour, stroke_width=2)
            )

    def _grid(self) -> None:
        """Thin lines between cells, a thick edge around the board (voids included)."""
        self._layers["grid"].append(
            drawsvg.Path(self._squares, fill="none", stroke=GRID, stroke_width=1)
        )
        edges = []
        for r, c in sorted(self.cells):
            x, y = c * CELL, r * CELL
            for neighbour, edge in (
                ((r - 1, c), f"M{x},{y}h{CELL}"),
                ((r + 1, c), f"M{x},{y + CELL}h{CELL}"),
                ((r, c - 1), f"M{x},{y}v{CELL}"),
                ((r, c + 1), f"M{x + CELL},{y}v{CELL}"),
            ):
                if neighbour not in self.cells:
                    edges.append(edge)
        self._layers["grid"].append(
            drawsvg.Path(
                "".join(edges), fill="none", stroke=INK, stroke_width=3, stroke_linecap="square"
            )
        )

    def svg(self) -> str:
        """The finished picture as SVG text."""
        self._grid()
        return self._svg.as_svg()


def draw(
    genre: Genre | str,
    puzzle: Any,
    *,
    solution: Any = None,
    values: dict[Cell, Value] | None = None,
    highlight: Iterable[Cell] = (),
    cited: Iterable[Cell] = (),
    conflicts: Iterable[Cell] = (),
) -> str:
    """An SVG picture of a puzzle, with a solution or answer and marks on it.

    Args:
        genre: the genre or its name.
        puzzle: the puzzle, as the genre's `parse` returns it.
        solution: a solution as the solver returns it (e.g. Numberlink paths); its cell
            values are drawn unless `values` is given too.
        values: decided cells and their values (`Genre.values`, `Genre.read_answer`);
            cells left out are drawn undecided.
        highlight: cells tinted and outlined in amber (cells that differ between solutions,
            a hinted cell).
        cited: cells tinted and outlined in blue (the cells a hint uses).
        conflicts: cells outlined in red (a conflict of the answer).

    Returns:
        The SVG document as text.
    """
    if isinstance(genre, str):
        from puzzlesolve.instance import get_genre

        genre = get_genre(genre)
    module = genre.module("draw")
    if values is None:
        values = {} if solution is None else genre.values(puzzle, solution)
    canvas = Canvas(puzzle.rows, puzzle.cols, module.cells(puzzle))
    marks = ((list(highlight), HIGHLIGHT, False), (list(cited), CITED, True))
    for cells, tint, _ in marks:
        for cell in cells:
            canvas.fill(cell, tint, layer="tint", opacity=0.45)
    module.paint(canvas, puzzle, values, solution)
    for cells, tint, dashed in marks:
        for cell in cells:
            canvas.border(cell, tint, 4, dashed)
    for cell in conflicts:
        canvas.border(cell, CONFLICT, 4)
    return canvas.svg()

"""The grid canvas every picture is drawn on (`Canvas`): cells `CELL` units wide, layers
drawn bottom to top (background, tints, the genre's fills, hatching, the grid, the genre's
ink, outlines and brackets), and the shared marks; ``puzzlesolve.drawing`` draws a puzzle on
it."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

import drawsvg

from puzzlesolve.colours import (
    GRID,
    INK,
)
from puzzlesolve.grid import Cell

CELL = 40
MARGIN = 4
TITLE = CELL * 3 // 5  # the height of the band a title takes above the grid
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


class Canvas:
    """A grid picture being drawn; cells are ``(row, col)``, row 0 at the top.

    Args:
        rows: grid rows.
        cols: grid columns.
        cells: the board's cells (all of them but voids).
        title: a line of text above the grid, if any.
    """

    def __init__(self, rows: int, cols: int, cells: Iterable[Cell], title: str | None = None):
        self.rows, self.cols = rows, cols
        self.cells = frozenset(cells)
        self.top = TITLE if title else 0  # the title's band above the grid
        self.left = 0  # the band of labels left of the grid (`labels`)
        self._title: drawsvg.Text | None = None
        self.width, self.height = cols * CELL + 2 * MARGIN, rows * CELL + 2 * MARGIN + self.top
        self.group = drawsvg.Group()
        self._layers = {}
        for name in ("back", "tint", "fills", "hatch", "grid", "ink", "marks"):
            # what every number shares is said once, on the layer
            shared = {"font_family": FONT, "text_anchor": "middle", "fill": INK}
            self._layers[name] = drawsvg.Group(class_=name, **(shared if name == "ink" else {}))
            self.group.append(self._layers[name])
        # one path of unit squares: the cells' white background, and later their grid lines
        self._squares = "".join(
            f"M{c * CELL},{r * CELL}h{CELL}v{CELL}h-{CELL}z" for r, c in sorted(self.cells)
        )
        self._layers["back"].append(drawsvg.Path(self._squares, fill="#ffffff"))
        if title:
            # as large as the band allows, smaller when the title is wider than the grid
            size = min(TITLE * 0.62, (cols * CELL + MARGIN) / (0.6 * len(title)))
            self._title = drawsvg.Text(
                title, round(size, 2), 0, round(-MARGIN - TITLE * 0.3, 2),
                font_family=FONT, fill=INK,
            )  # fmt: skip
            self.group.append(self._title)

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

    def border(
        self, cell: Cell, colour: str, width: float, dashed: bool = False, opacity: float = 1.0
    ) -> None:
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
                stroke_opacity=opacity if opacity < 1 else None,
                stroke_dasharray="5,3" if dashed else None,  # a dash mid-edge
            )
        )

    def hatch(
        self, cell: Cell, colour: str, width: float, both: bool = False, opacity: float = 1.0
    ) -> None:
        """Diagonal stripes across a cell (rising to the right; `both`: crossed), above the
        genre's fills and below its ink, so they show on shaded cells and numbers stay legible.
        """
        x0, y0, spacing, strokes = cell[1] * CELL, cell[0] * CELL, CELL / 4, []
        for k in range(1, 8):  # the stripes x + y = k * spacing (and x - y = ... when crossed)
            offset = k * spacing
            low, high = max(0.0, offset - CELL), min(float(CELL), offset)
            strokes.append(
                f"M{x0 + low:g},{y0 + offset - low:g}L{x0 + high:g},{y0 + offset - high:g}"
            )
            if both:
                strokes.append(
                    f"M{x0 + CELL - low:g},{y0 + offset - low:g}"
                    f"L{x0 + CELL - high:g},{y0 + offset - high:g}"
                )
        self._layers["hatch"].append(
            drawsvg.Path(
                "".join(strokes),
                stroke=colour,
                stroke_width=width,
                stroke_opacity=opacity if opacity < 1 else None,
                fill="none",
            )
        )

    def brackets(self, cell: Cell, colour: str, width: float) -> None:
        """An L-shaped bracket in each corner of a cell, like a viewfinder's."""
        inset, arm = width / 2 + 1, CELL * 0.2
        x0, y0 = cell[1] * CELL + inset, cell[0] * CELL + inset
        x1, y1 = (cell[1] + 1) * CELL - inset, (cell[0] + 1) * CELL - inset
        corners = (
            f"M{x0:g},{y0 + arm:g}V{y0:g}H{x0 + arm:g}",
            f"M{x1 - arm:g},{y0:g}H{x1:g}V{y0 + arm:g}",
            f"M{x1:g},{y1 - arm:g}V{y1:g}H{x1 - arm:g}",
            f"M{x0 + arm:g},{y1:g}H{x0:g}V{y1 - arm:g}",
        )
        self._layers["marks"].append(
            drawsvg.Path(
                "".join(corners),
                stroke=colour,
                stroke_width=width,
                fill="none",
                stroke_linecap="square",
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

    def labels(
        self,
        rows: Mapping[int, Sequence[str]] | None = None,
        columns: Mapping[int, Sequence[str]] | None = None,
        before: bool = False,
    ) -> None:
        """Labels outside the grid, a line's clue where it is written: ``rows[r]`` beside row
        r, ``columns[c]`` beside column c, right of the rows and below the columns, or left
        and above with `before` (Nonogram's runs), the first label next to the grid after it
        and the last next to it before it; the picture grows by their bands (a title above
        the grid moves above them). Tents' counts are one label a line."""
        size = CELL * 0.38
        for places, across in ((rows or {}, True), (columns or {}, False)):
            count = max(map(len, places.values()), default=0)
            if not count:
                continue
            longest = max(len(label) for line in places.values() for label in line)
            step = max(CELL * 3 // 5, round(size * 0.62 * longest + CELL * 0.2))
            band = count * step
            if across:
                self.width, self.left = self.width + band, self.left + (band if before else 0)
            else:
                self.height, self.top = self.height + band, self.top + (band if before else 0)
                if before and self._title is not None:
                    self._title.args["y"] -= band
            extent = (self.cols if across else self.rows) * CELL
            for at, line in sorted(places.items()):
                ordered = list(reversed(line)) if before else list(line)
                for k, label in enumerate(ordered):
                    out = -(k + 0.5) * step if before else extent + (k + 0.5) * step
                    x, y = (out, (at + 0.5) * CELL) if across else ((at + 0.5) * CELL, out)
                    text = drawsvg.Text(
                        label, round(size, 2), round(x, 2), round(y + 0.36 * size, 2)
                    )
                    self._layers["ink"].append(text)

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

    def edge(
        self, a: tuple[float, float], b: tuple[float, float], colour: str, width: float
    ) -> None:
        """A stroke between two grid points ``(y, x)`` (point (y, x) is cell (y, x)'s
        top-left corner; loop genres draw along the grid lines with it)."""
        self._layers["ink"].append(
            drawsvg.Line(
                a[1] * CELL, a[0] * CELL, b[1] * CELL, b[0] * CELL,
                stroke=colour, stroke_width=width, stroke_linecap="round",
            )
        )  # fmt: skip

    def walls(self, pairs: Iterable[tuple[Cell, Cell]], width: float = 3) -> None:
        """Thick strokes between side-by-side cells: the borders of regions given as input
        (`regions.borders`)."""
        path = "".join(
            f"M{(c + 1) * CELL},{r * CELL}v{CELL}"
            if r == r2
            else f"M{c * CELL},{(r + 1) * CELL}h{CELL}"
            for (r, c), (r2, _c2) in pairs
        )
        self._layers["grid"].append(
            drawsvg.Path(path, fill="none", stroke=INK, stroke_width=width, stroke_linecap="square")
        )

    def star(self, cell: Cell, colour: str = INK) -> None:
        """A five-pointed star filling most of a cell."""
        x, y = self.centre(cell)
        points = []
        for k in range(10):
            radius = CELL * (0.38 if k % 2 == 0 else 0.16)
            angle = math.pi * (k / 5 - 0.5)
            points += [
                round(x + radius * math.cos(angle), 2),
                round(y + radius * math.sin(angle), 2),
            ]
        self._layers["ink"].append(drawsvg.Lines(*points, close=True, fill=colour))

    def dot(self, point: tuple[float, float], radius: float, colour: str = INK) -> None:
        """A disc on grid point ``(y, x)`` (fractions allowed), `radius` in cells."""
        self._layers["ink"].append(
            drawsvg.Circle(point[1] * CELL, point[0] * CELL, radius * CELL, fill=colour)
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
        self._layers["grid"].insert(
            0, drawsvg.Path(self._squares, fill="none", stroke=GRID, stroke_width=1)
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

    def finish(self) -> drawsvg.Group:
        """The finished picture as one group, the grid's top-left corner at (0, 0)."""
        self._grid()
        return self.group

    def svg(self) -> str:
        """The finished picture as SVG text."""
        origin = (-MARGIN - self.left, -MARGIN - self.top)
        picture = drawsvg.Drawing(self.width, self.height, origin=origin)
        picture.append(self.finish())
        return picture.as_svg()

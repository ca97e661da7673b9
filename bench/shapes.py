"""Shapes of published puzzles beside generated ones (issue 16): Numberlink lines, Hitori shading.

    nice python bench/shapes.py              # published corpus, then 10 seeds per size
    nice python bench/shapes.py --seeds 3 --only hitori

Published puzzles come from ../shared/corpus (skipped, with a line saying so, when it is
missing). Numberlink solutions are not stored for most levels, so each published level that
is known to be unique is solved here (its one solution is the published one): Flow Free
levels under --fill, Nikoli-style boards (Janko.at, nikoli.com and other authors, up to
400 cells) under the Nikoli rules. Hitori: Tatham's published solutions. Generated
puzzles are solved again from their text, and the same statistics are taken from that
solution.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict
from pathlib import Path

from puzzlesolve import get_genre, parse, solve
from puzzlesolve.generate import generate as generating
from puzzlesolve.genres.hitori.generate import shape as shading_shape
from puzzlesolve.genres.numberlink.generate import shape as line_shape


def generate(genre: str, *args, **options):
    """A bench names its genres: resolved here, as at the command line, then generated."""
    return generating(get_genre(genre), *args, **options)


CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
NUMBERLINK_SIZES = [
    (10, "hard", True),
    (10, "hard", False),
    (14, "hard", True),
    (14, "hard", False),
]
HITORI_SIZES = [8, 10, 12, 15, 20, 30]


def _lines(text: str, switches: tuple[str, ...]) -> tuple[int, int, list] | None:
    """Rows, columns and the paths of the first solution (None if none within 60 s)."""
    puzzle = parse("numberlink", text)
    result = solve("numberlink", puzzle, models=1, switches=switches, timeout=60, cores=1)
    if not result.solutions:
        return None
    paths = result.genre.to_json(puzzle, result.solutions[0])["paths"]
    return puzzle.rows, puzzle.cols, [[tuple(cell) for cell in path] for path in paths.values()]


def _row(name: str, shapes: list[dict]) -> str:
    cells = [name, str(len(shapes))]
    for key in shapes[0]:
        values = [s[key] for s in shapes]
        cells.append(f"{statistics.median(values):g} ({min(values):g}-{max(values):g})")
    return "| " + " | ".join(cells) + " |"


def numberlink(seeds: range) -> None:
    print("\n## Numberlink: median (min-max)\n")
    print("| puzzles | n | lines | mean length | self-touches | empty share |")
    print("|---|---|---|---|---|---|")
    published: dict[str, list[dict]] = defaultdict(list)
    if not CORPUS.is_dir():
        print(f"| published: skipped, no corpus at {CORPUS} | | | | | |")
    else:
        for entry in json.loads((CORPUS / "manifest.json").read_text()):
            if entry["genre"] != "numberlink" or entry["unique"] is not True:
                continue
            path = entry["path"]
            if "flowfree" in path:
                kind = Path(path).stem.rsplit("_", 1)[0]  # e.g. extreme_10x10
                group = f"Flow Free {kind.replace('_', ' ')}"
            elif entry["variant"] == "nikoli" and entry["rows"] * entry["cols"] <= 400:
                group = f"Nikoli-style {entry['rows']}x{entry['cols']}"
            else:
                continue
            switches = ("fill",) if entry["variant"] == "fill" else ()
            found = _lines((CORPUS / path).read_text(), switches)
            if found:
                published[group].append(line_shape(*found))
        for group in sorted(published, key=lambda g: (g.split()[0], len(g), g)):
            print(_row(group, published[group]), flush=True)
        everything = [s for g, shapes in published.items() if "Nikoli" in g for s in shapes]
        if everything:
            print(_row("Nikoli-style, all sizes", everything))
    for side, difficulty, fill in NUMBERLINK_SIZES:
        shapes = []
        for seed in seeds:
            puzzle = generate(
                "numberlink", side, side, seed, difficulty, **({"fill": True} if fill else {})
            )
            shapes.append(line_shape(*_lines(puzzle.text, ("fill",) if fill else ())))
        rules = "--fill" if fill else "Nikoli rules"
        print(_row(f"generated {side}x{side} {difficulty}, {rules}", shapes), flush=True)


def _shaded(text: str) -> tuple[int, int, set]:
    rows = [line.split() for line in text.splitlines() if line.strip() and not line.startswith("%")]
    shaded = {(r, c) for r, row in enumerate(rows) for c, token in enumerate(row) if token == "#"}
    return len(rows), len(rows[0]), shaded


def hitori(seeds: range) -> None:
    print("\n## Hitori: median (min-max) per size\n")
    print(
        "| puzzles | n | shaded share | diagonal pairs per shaded | 2x2 blocks with two shaded "
        "| longest diagonal run |"
    )
    print("|---|---|---|---|---|---|")
    folder = CORPUS / "hitori" / "tatham"
    published: dict[int, list[dict]] = defaultdict(list)
    if not folder.is_dir():
        print(f"| published: skipped, no corpus at {folder} | | | | | |")
    for path in sorted(folder.glob("*.solution.txt")):
        rows, cols, shaded = _shaded(path.read_text())
        if rows == cols:
            published[rows].append(shading_shape(rows, cols, shaded))
    for side in HITORI_SIZES:
        if published[side]:
            print(_row(f"Tatham {side}x{side}", published[side]))
        shapes = [
            shading_shape(*_shaded(generate("hitori", side, side, seed).solution)) for seed in seeds
        ]
        print(_row(f"generated {side}x{side}", shapes), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--only", choices=["numberlink", "hitori"])
    args = parser.parse_args()
    if args.only != "numberlink":
        hitori(range(args.seeds))
    if args.only != "hitori":
        numberlink(range(args.seeds))


if __name__ == "__main__":
    main()

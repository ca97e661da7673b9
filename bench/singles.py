"""Fresh Singles (Hitori) puzzles from Simon Tatham's generator, as our grid text.

    python bench/singles.py 8x8dk 3 [--seed calib] [--out DIR]

Runs ``sgt-singles --generate 1 'PARAMS#SEED-K'`` (Debian's sgt-puzzles; the same version and
seed give the same puzzle) for K = 1..COUNT and writes each as ``DIR/sgt_WxH_dX_K.txt`` (or
prints them). PARAMS is ``WxH`` plus the difficulty: ``de`` Easy, ``dk`` Tricky.

A game id reads ``WxH:DIGITS``: one character per cell, row by row, the number in base 36
(``1``-``9``, then ``a`` = 10, ``b`` = 11, ...).
"""

from __future__ import annotations

import argparse
import re
import subprocess
from pathlib import Path

SGT_SINGLES = "/usr/games/sgt-singles"

_GAME_ID = re.compile(r"(\d+)x(\d+):([0-9a-zA-Z]+)")


def grid_text(game_id: str) -> str:
    """The Hitori grid (rows of space-separated numbers) of a Singles game id.

    Raises:
        ValueError: the id is not ``WxH:`` followed by W*H base-36 digits.
    """
    match = _GAME_ID.fullmatch(game_id.strip())
    if not match:
        raise ValueError(f"not a Singles game id: {game_id.strip()[:40]!r}")
    cols, rows, digits = int(match[1]), int(match[2]), match[3]
    if len(digits) != rows * cols:
        raise ValueError(f"{cols}x{rows} needs {rows * cols} numbers, the id has {len(digits)}")
    numbers = [int(digit, 36) for digit in digits]
    lines = [numbers[r * cols : (r + 1) * cols] for r in range(rows)]
    return "".join(" ".join(map(str, line)) + "\n" for line in lines)


def generate(params: str, seed: str) -> str:
    """The game id sgt-singles makes for ``PARAMS#SEED`` (e.g. ``8x8de``, ``calib-1``)."""
    run = subprocess.run(
        [SGT_SINGLES, "--generate", "1", f"{params}#{seed}"],
        capture_output=True,
        text=True,
        check=True,
    )
    return run.stdout.strip()


def fresh(params: str, count: int, seed: str = "calib") -> list[tuple[str, str]]:
    """``count`` puzzles ``(name, grid text)`` of ``params``, seeds ``SEED-PARAMS-1`` on."""
    size, kind = params[:-2], params[-2:]
    return [
        (f"sgt_{size}_{kind}_{k}", grid_text(generate(params, f"{seed}-{params}-{k}")))
        for k in range(1, count + 1)
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("params", help="e.g. 8x8de (Easy) or 10x10dk (Tricky)")
    parser.add_argument("count", type=int)
    parser.add_argument("--seed", default="calib")
    parser.add_argument("--out", type=Path, help="a directory (default: print)")
    args = parser.parse_args()
    for name, text in fresh(args.params, args.count, args.seed):
        if args.out:
            args.out.mkdir(parents=True, exist_ok=True)
            (args.out / f"{name}.txt").write_text(text)
        else:
            print(f"# {name}\n{text}")


if __name__ == "__main__":
    main()

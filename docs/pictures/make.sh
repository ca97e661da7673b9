#!/usr/bin/env bash
# Redraw the example pictures of the README from the instances (run from anywhere):
# for each genre the puzzle as printed, its solution, a partial answer, and the map of where a
# puzzle with two solutions is ambiguous (two solutions side by side, differing cells hatched).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
instances="$here/../../instances"
draw() { puzzlesolve draw "$@"; }
for pair in hitori:hitori/ai-course-5x5 numberlink:numberlink/copris-5x5 \
            hidato:hidato/voids-6x7 numbrix:numbrix/holes-6x6; do
    genre=${pair%%:*} instance="$instances/${pair#*:}"
    draw "$genre" "$instance.txt" -o "$here/$genre-puzzle.svg"
    draw "$genre" "$instance.txt" "$instance.sol" -o "$here/$genre-solution.svg"
    draw "$genre" "$instance.txt" "$here/$genre-partial.txt" -o "$here/$genre-partial.svg"
    # exit status 0: several solutions are still solutions
    puzzlesolve solve "$genre" "$here/$genre-ambiguous.txt" -n 2 \
        --svg "$here/$genre-ambiguous.svg" > /dev/null
done

"""Numberlink's search stages: which stricter searches run beside the user's rules.

The first is the search program ``search.lp`` beside this module (speed only: it finds
solutions; the rules file settles them). It lives in the genre's package rather than in
``encodings/``: it is not a rules file a user reads or edits (``--encoding`` never reaches
it), and as a package file it ships in the wheel like the rest of the genre.

Measured (one process, CPU seconds, 2 loaded cores), first solution under --fill:

    board              rules file, stage(cover)          search.lp
                       ground   search   rules           ground   search   rules
    40x40 inputs4_09   1.32     1.25     448,313         0.24     0.32     118,518
    36x36 inputs4_11   1.37     1.24     515,009         0.17     0.36      92,061
    50x50 inputs10_01  1.78     3.82     588,777         0.37     0.77     177,675

The rules then still ground (about 1.4 s on 40x40) and, steered, find the solution (about
0.6 s, nearly all of it clasp preparing 450,000 rules): that is the floor of a settled
first solution on these boards.

The rules file can check a candidate on its own (its facts ``candidate/4``, see
encodings/numberlink.lp, "Speed only"): given the candidate's links, each cell grounds only
the label reaching it along them, and only the candidate's links are chosen from (40x40:
46,000 rules, 0.11 s CPU, not 450,000 and 1.4 s).
With one solution asked for, the solver checks the candidate so (``COVER.check``) and
reports it without the full rules ever ground, on two cores or one (bench/numberlink.py
--models 1, whole process, CPU, 2 loaded cores: 40x40 0.77 s, 36x36 0.66 s, 50x50 1.39 s,
against 3.37, 2.62 and 4.03 s confirming it in the full rules). Of the 40x40's 0.7 s: start-up
0.15, search.lp ground 0.17 and search 0.2, the check ground 0.11 and prepared 0.07.

Tried for the Nikoli-rules contest boards ADC 2015 Q09, Q13, Q14, Q20 (long lines, half
the cells blank), none of which gave a first solution in 15-30 s (0.4-1.8 million choices):
this program with blank cells allowed and no line touching itself; a one-label-per-cell
program without reachability (a stray loop can be dropped from what it finds), no line
touching itself, no detour past a blank cell (two cells of one line beside it, straight or
around a corner, not joined through the cell between), no blank run between two cells of one
line, and each label's endpoints joined through cells no other label takes (positive
recursion: clasp's unfounded sets as the stranded-region propagator); with heuristics from
the edge inward, blanks first or last, and clasp's frumpy, tweety, vmtf, random choices or
short restarts.

What did find them (issue 23): ``route.lp``, each line confined to a corridor around its
label's shortest route (``route_facts``: distances around the other labels' endpoints, in
Python, so that each label grounds its corridor alone: ADC Q09 at slack 6 100,171 rules,
ground 0.3 s), in stages of ever wider corridors that each give up after a number of
conflicts (`NIKOLI`). Whole process, bench/numberlink.py --set adc --timeout 60, 2 cores
shared with other work, both one after the other (main through --old's way, from `git
archive`), wall / CPU s, first solution, status:

    board    before (main, 79e4a7d)                  after
    Q04       7.9 / 12.0  first  3.3  multiple        7.8 / 11.9  first  3.2  multiple
    Q05       0.6 /  0.7  first  0.2  unique          0.7 /  0.7  first  0.2  unique
    Q06      60.2 / 63.3  first  1.0  solved         60.3 / 63.3  first  0.8  solved
    Q07       3.0 /  3.0  first  1.5  multiple        2.7 /  2.7  first  1.2  multiple
    Q08       0.2 /  0.2  first  0.1  multiple        0.3 /  0.3  first  0.1  multiple
    Q09      60.2 / 119.0 none        timeout        14.8 / 28.2  first 14.3  multiple
    Q10       0.7 /  0.7  first  0.3  multiple        0.7 /  0.7  first  0.3  multiple
    Q11      60.2 / 61.3  first  0.2  solved         60.1 / 61.2  first  0.1  solved
    Q12       0.4 /  0.4  first  0.1  multiple        0.5 /  0.5  first  0.1  multiple
    Q13      60.2 / 119.7 none        timeout         2.6 /  4.5  first  2.2  multiple
    Q14      60.2 / 119.6 none        timeout         1.7 /  2.5  first  1.1  multiple
    Q15       1.5 /  2.7  first  1.3  multiple        1.7 /  2.9  first  1.3  multiple
    Q16      60.2 / 61.5  first  0.2  solved         60.3 / 61.4  first  0.2  solved
    Q17       5.0 /  8.8  first  4.5  multiple        3.9 /  7.0  first  3.5  multiple
    Q18      60.3 / 63.6  first  0.8  solved         60.2 / 62.1  first  0.8  solved
    Q19       7.0 / 10.1  first  3.2  unique          4.9 /  7.1  first  2.4  unique
    Q20      60.3 / 119.5 none        timeout        13.9 / 27.2  first 13.6  multiple
    NL_Q01    0.7 /  1.1  first  0.1  unique          0.6 /  0.9  first  0.1  unique
    median    7.5 / 11.1; 14/18 first, 10 settled     3.3 /  5.7; 18/18 first, 14 settled

Q09 and Q20 are found by the slack 6 and the stretch 50 stage, Q13 and Q14 by slack 0, Q15
and Q17 by the rules' stage(untouched) within its 15,000 conflicts. An earlier run with the
machine more loaded (two processes of other work): Q09 first 43.0 s, Q20 14.2, Q13 7.2, Q14
3.8 (main that time: none, none, 48.2, 27.4).

The other sets, side by side with main (bench --old, medians wall / CPU s): Flow Free (29, --fill:
cover alone, as before) 0.23 / 0.26 -> 0.24 / 0.24; big 4.16 / 4.31 -> 4.20 / 4.42; janko (270,
Nikoli rules) 0.32 / 0.36 -> 0.31 / 0.36, 267 settled in both (janko_125, a uniqueness proof in
the rules, 16.7 -> 19.1 s CPU, 9.2 -> 15.1 in the first run: the slowest of either).

Alone (one process, the machine less loaded): Q09 first 24.9 s (the slack 6 stage), Q13 1.9 s
and Q14 0.9 s (slack 0), Q20 30.4 s (stretch 50). Measured on route.lp alone, conflicts to a
solution: clasp's configuration matters more than any heuristic tried (slack 0, Q13 and Q14:
92,000 and 54,000 in the default, 18,000 and 4,200 in trendy; Q20 stretch 50 none within
150,000 in trendy or jumpy, 111,000 in crafty). Tried and not kept: the shortest labels
decided first or last (Q13 slack 0: no solution in 100,000 conflicts either way), lines
preferred to blanks, route.lp without the detour bans (no change beyond noise); widening
only the corridors of the labels in an unsatisfiable core (assumptions per label and
level, route.lp ground at slack 12): the cores named most labels (Q09: 25 of 31 widened to
2-6 within 10 calls, Q20 11 of 11 within 4), and the next call found nothing in 60,000
conflicts either.
Q06, Q11, Q16 and Q18 get a first solution at once (cover or the rules) but are not settled
in 60 s: the proof of a second solution or of none is the rules' own search.

Tried for the Flow Free uniqueness proofs (extreme_12x12_28: ~85,000-100,000 conflicts,
3.3-4.6 s CPU in the rules with fill = 1 and the first solution blocked; _30 ~28,000-35,000,
0.9-1.25 s; three seeds each, rand-freq 0.01), none of which paid, nothing committed: saying
"another solution" by where it first differs instead of by a blocking constraint (under fill
every cell keeps its number of links, so two solutions differ on closed trails alternating
between the links of each; the first cell of the difference, row-major, has its right and
down links both changed, exactly one of which the first solution has): as one constraint,
same conflicts (_28 3.3-4.0 s, _30 0.9-1.1 s), with the same for all four corners of the
difference 4.8 s on _28; as one call per cell (that cell first, the cells before it as in
the first solution, clasp's learnt nogoods kept) 10.8 s on _28, 2.3 s on _29, 1.7 s on _30
(the calls whose first difference lies in the top row each cost as much as the whole proof
had); a domain heuristic deciding links from the edge inward for the proof: over 10 minutes
on _28. The proof is search-bound in the rules' propagation, whichever way the difference is
stated. Two clasp threads sharing nogoods ("2,compete") for the plain search once the staged
search is done (committed and reverted, a2460dd): whole process with load about 2, wall/CPU s,
_28 3.65/3.71 -> 2.35/4.46, _29 1.17/1.23 -> 0.72/1.21, _30 2.37/1.30 -> 0.89/1.56; with load
3.7 (others at work) _28 5.3-6.2/4.0-4.6 -> 9.8-10.1/6.0, _30 no gain: on a shared machine
the second thread is starved and only costs CPU.

Grounding search.lp on 40x40 inputs4_09 (0.13-0.18 s CPU, 118,518 rules): its Domain part
0.02 s; without the label bits 82,818 rules, without the heuristic 108,220, both still
0.14-0.17 s: the time is clingo's grounding rate over the Generate/Define/Test rules.

The rules ground one label atom per cell and label (each label reaches nearly every cell
of an open board, so pruning by reach gains nothing there); search.lp carries each cell's
label as the bits of its number, and decides cell shapes from the edge inward.
"""

from __future__ import annotations

import re
from collections import deque
from pathlib import Path

from puzzlesolve.genre import Finder, Limited
from puzzlesolve.grid import Cell

HERE = Path(__file__).resolve().parent
PROGRAM = str(HERE / "search.lp")
ROUTE = str(HERE / "route.lp")

# the instance's facts, as genres.numberlink.facts writes them
CELL_FACT = re.compile(r"^cell\((-?\d+),(-?\d+)\)\.", re.MULTILINE)
ENDPOINT_FACT = re.compile(r"^endpoint\((-?\d+),(-?\d+),(-?\d+)\)\.", re.MULTILINE)

COVER = Finder(PROGRAM, check="candidate")
"""Lines that cover every cell and turn by the corner rule (see search.lp)."""


def route_facts(instance: str, constants: dict[str, int]) -> str:
    """The facts route.lp needs beside the instance's: each label's shortest route
    (``shortest/2``) and, for each cell of its corridor under the program's `constants`
    (``slack``, ``stretch``), how much longer a route through it must be (``detour/4``).
    Distances run around the other labels' endpoints, which no line may pass. Cells beyond
    the corridor are left out, so that the program grounds each label on its corridor alone.

    Args:
        instance: the instance's facts (``cell/2``, ``endpoint/3``, one per line).
        constants: the program's ``#const`` values.
    """
    cells = {(int(r), int(c)) for r, c in CELL_FACT.findall(instance)}
    ends: dict[int, list[Cell]] = {}
    for r, c, label in ENDPOINT_FACT.findall(instance):
        ends.setdefault(int(label), []).append((int(r), int(c)))
    taken = {cell: label for label, pair in ends.items() for cell in pair}
    slack, stretch = constants.get("slack", 0), constants.get("stretch", 0)
    lines = []
    for label, pair in sorted(ends.items()):
        if len(pair) != 2:
            continue  # a label seen once or thrice has no route: the rules say so
        free = {cell for cell in cells if taken.get(cell, label) == label}
        start, end = (distances(free, cell) for cell in pair)
        if pair[1] not in start:
            continue  # no route at all: the program finds nothing, as it should
        shortest = start[pair[1]]
        # the same bound as route.lp's corridor/3 (integer division, as clingo's)
        bound = slack + shortest * stretch // 100
        lines.append(f"shortest({label},{shortest}).")
        for (r, c), there in sorted(start.items()):
            extra = there + end[(r, c)] - shortest  # both reach every cell of `free` or none
            if extra <= bound:
                lines.append(f"detour({r},{c},{label},{extra}).")
    return "\n".join(lines)


def distances(free: set[Cell], source: Cell) -> dict[Cell, int]:
    """Steps from `source` to each cell of `free` reached through `free` (breadth first)."""
    found = {source: 0}
    queue = deque([source])
    while queue:
        r, c = queue.popleft()
        for near in ((r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c)):
            if near in free and near not in found:
                found[near] = found[(r, c)] + 1
                queue.append(near)
    return found


def route(
    slack: int, stretch: int = 0, conflicts: int | None = None, configuration: str = "trendy"
) -> Finder:
    """route.lp with lines confined to corridors `slack` cells and `stretch` per cent longer
    than the shortest routes, giving up after `conflicts`, in clasp's `configuration`."""
    return Finder(
        ROUTE,
        constants=(("slack", slack), ("stretch", stretch)),
        check="candidate",
        facts=route_facts,
        conflicts=conflicts,
        options=(f"--configuration={configuration}",),
    )


# The stages for the Nikoli rules, in turn, each stuck one giving up at its limit of
# conflicts. Configurations measured (route.lp alone, conflicts to a solution, ADC 2015):
# slack 0, Q13 and Q14: 92,000 and 54,000 in clasp's default, 18,000 and 4,200 in trendy;
# stretch 50, Q20: none within 150,000 in trendy or jumpy, in crafty 111,000, 34,000,
# 126,000 and 23,000 (seeds 1-4); slack 6, Q09: trendy 103,000, 75,000, 22,000 (seeds 1-3),
# handy 77,000, 163,000, none in 200,000
NIKOLI = (
    COVER,
    route(0, conflicts=100_000),
    Limited("stage(untouched)", 15_000),
    route(0, stretch=50, conflicts=200_000, configuration="crafty"),
    route(6, conflicts=200_000),
    route(10, conflicts=300_000),
    "stage(untouched)",
)


def stages(switches: frozenset[str]) -> tuple[str | Limited | Finder, ...]:
    """The stricter searches tried beside the user's rules (see encodings/numberlink.lp,
    "Search stages", search.lp and route.lp): first the search program for lines that cover
    every cell, which finds them far sooner than the rules' stage(cover) (and whenever that
    stage has a solution, so has it: the rules' stage is not tried after it); under the
    Nikoli rules then lines confined to ever wider corridors around their shortest routes,
    with the rules' stage(untouched) between them and at the end: lines that never touch
    themselves, which exist whenever any solution does (a line that touches itself can be
    cut short there, which frees cells and breaks no rule). With no_self_touch alone the
    same stages: route.lp's lines never touch themselves, and stage(untouched), though then
    the rules themselves, searches in the order of their heuristic, not clingo's own (ADC
    2015 with --no-self-touch, 30 s each, before with cover alone -> now: Q09 none -> 16.7 s,
    Q13 none -> 2.7 s, Q14 none -> 1.8 s; Q15, Q17 and Q20 none in either).
    """
    if {"fill", "no_self_touch"} <= switches:
        return ()  # the user's rules are the strictest stage
    if switches - {"no_self_touch"}:
        return (COVER,)
    return NIKOLI

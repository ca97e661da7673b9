"""An independent reading of the loop rules for small boards: every simple cycle of a grid
graph, found by a plain depth-first search (no ASP), as sets of pairs."""

from __future__ import annotations

Node = tuple[int, int]
Pair = tuple[Node, Node]


def grid_links(rows: int, cols: int) -> list[Pair]:
    """The links between side-neighbouring places of a rows x cols grid of places."""
    links = []
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                links.append(((r, c), (r, c + 1)))
            if r + 1 < rows:
                links.append(((r, c), (r + 1, c)))
    return links


def cycles(links: list[Pair]) -> set[frozenset[Pair]]:
    """Every simple cycle (of three links or more) of the graph, each as its set of links."""
    neighbours: dict[Node, list[Node]] = {}
    for a, b in links:
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    found: set[frozenset[Pair]] = set()

    def pair(a: Node, b: Node) -> Pair:
        return (a, b) if a < b else (b, a)

    def walk(start: Node, path: list[Node], seen: set[Node]) -> None:
        for other in neighbours[path[-1]]:
            if other == start and len(path) > 2:
                found.add(frozenset(pair(x, y) for x, y in zip(path, path[1:] + [start])))
            elif other > start and other not in seen:
                seen.add(other)
                path.append(other)
                walk(start, path, seen)
                path.pop()
                seen.discard(other)

    for start in sorted(neighbours):
        walk(start, [start], {start})
    return found

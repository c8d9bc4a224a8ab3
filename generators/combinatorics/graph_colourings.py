"""Proper colourings of a map's regions with k colours: the chromatic polynomial evaluated at k."""
from __future__ import annotations

from procgym import Draft, Knob, register

from ._counting import CountTask


def partition_counts(n: int, edges: list, stats=None) -> list[int]:
    """a[j]: the partitions of vertices 0..n-1 into j independent sets, by a[S][j] over subsets S,
    peeling the block of S's lowest vertex each time."""
    adj = [0] * n
    for u, v in edges:
        adj[u] |= 1 << v
        adj[v] |= 1 << u
    full = (1 << n) - 1
    independent = [True] * (1 << n)
    for s in range(1, 1 << n):
        low = (s & -s).bit_length() - 1
        rest = s & ~(1 << low)
        independent[s] = independent[rest] and not adj[low] & rest
    a = [None] * (1 << n)
    a[0] = [1]
    for s in range(1, 1 << n):
        low = s & -s
        rest = s ^ low
        acc = [0] * (bin(s).count("1") + 1)
        sub = rest
        while True:
            block = sub | low
            if independent[block]:
                for j, c in enumerate(a[s ^ block]):
                    acc[j + 1] += c
            if stats is not None:
                stats["steps"] += 1
            if sub == 0:
                break
            sub = (sub - 1) & rest
        a[s] = acc
    return a[full]


def count_colourings(n: int, edges: list, k: int, stats=None, counts=None) -> int:
    """Proper colourings with k colours: sum_j a[j] k(k-1)...(k-j+1), a[j] the partitions into j
    independent sets (each partition coloured with j different colours)."""
    counts = partition_counts(n, edges, stats) if counts is None else counts
    total, falling = 0, 1
    for j, c in enumerate(counts):
        if j:
            falling *= k - j + 1
        total += c * falling
    return total


@register
class GraphColourings(CountTask):
    """Count the ways to colour the regions of a map with k colours (not all needed) so that
    bordering regions get different colours; levels grow the regions and the borders, and lower the
    spare colours, so no product rule settles it and cases (or the chromatic polynomial) are needed."""

    name = "combinatorics/graph_colourings"
    knobs = (
        Knob("regions", [4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 9, 10, 10, 10], (2, 12), doc="regions"),
        Knob("density", [0.4, 0.5, 0.4, 0.5, 0.55, 0.45, 0.5, 0.55, 0.45, 0.5, 0.55, 0.45, 0.5, 0.55, 0.45, 0.5,
                         0.55, 0.45, 0.5, 0.55], (0.0, 1.0), doc="chance that two regions border"),
        Knob("spare", [2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], (0, 5),
             doc="colours beyond the fewest needed, at most"),
    )

    def build(self, rng, params):
        n = params["regions"]
        names = [chr(ord("A") + i) for i in range(n)]
        order = list(range(n))
        rng.shuffle(order)
        # a spanning path keeps the map connected, then random further borders
        edges = {tuple(sorted((order[i], order[i + 1]))) for i in range(n - 1)}
        for u in range(n):
            for v in range(u + 1, n):
                if rng.random() < params["density"]:
                    edges.add((u, v))
        edges = sorted(edges)
        stats = {"steps": 0}
        counts = partition_counts(n, edges, stats)
        chi = next(j for j, c in enumerate(counts) if c)
        k = chi + rng.randint(0, params["spare"])
        count = count_colourings(n, edges, k, counts=counts)
        borders = ", ".join(f"{names[u]}-{names[v]}" for u, v in edges)
        question = (f"A map has {n} regions, {', '.join(names[:-1])} and {names[-1]}. These pairs of regions share "
                    f"a border: {borders}. No other pairs border each other.\n\nEach region is painted one of {k} "
                    f"colours (not every colour has to be used), and regions that share a border must get "
                    f"different colours. In how many ways can the map be painted?")
        return Draft(question, str(count), {"count": count, "n": n, "edges": [list(e) for e in edges], "k": k,
                                            "steps": stats["steps"]})

    def effort(self, problem):
        return problem.check["steps"] + len(problem.check["edges"])

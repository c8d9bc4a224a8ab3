"""How many different shortest paths join two nodes (Dijkstra with path counts)."""
from __future__ import annotations

import heapq

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int

from .._labels import node_labels
from ._graph_text import shuffled_listing


def count_shortest(n: int, edges, s: int, t: int) -> tuple[int, int, int]:
    """The distance from s to t, the number of shortest paths, and the edge relaxations made."""
    adj = {v: [] for v in range(n)}
    for u, v, w in edges:
        adj[u].append((v, w))
        adj[v].append((u, w))
    dist, ways, heap, done, work = {s: 0}, {s: 1}, [(0, s)], set(), 0
    while heap:
        d, u = heapq.heappop(heap)
        if u in done:
            continue
        done.add(u)
        for v, w in adj[u]:
            work += 1
            if v not in dist or d + w < dist[v]:
                dist[v], ways[v] = d + w, ways[u]
                heapq.heappush(heap, (d + w, v))
            elif d + w == dist[v] and v not in done:
                ways[v] += ways[u]
    return dist[t], ways[t], work


def layered_graph(rng, n: int, width: int, skip_percent: int, max_weight: int):
    """Nodes in layers of up to `width`; the edges between two neighbouring layers share one weight
    (so routes through the layers tie), and some edges skip a layer (weighing one more, the same
    or one less than the two steps they replace) or stay inside one: detours that tie or lose."""
    order = list(range(1, n - 1))
    rng.shuffle(order)
    layers = [[0]] + [order[i:i + width] for i in range(0, len(order), width)] + [[n - 1]]
    gap = [rng.randint(1, max_weight) for _ in layers]
    edges = {}
    for i, (a, b) in enumerate(zip(layers, layers[1:])):
        for v in b:  # every node gets at least one way in
            edges[tuple(sorted((rng.choice(a), v)))] = gap[i]
        for u in a:
            for v in b:
                if rng.random() < 0.6:
                    edges[tuple(sorted((u, v)))] = gap[i]
    for i, a in enumerate(layers):
        for u in a:
            if rng.randrange(100) < skip_percent:
                if i + 2 < len(layers) and rng.random() < 0.6:
                    v = rng.choice(layers[i + 2])
                    w = max(1, gap[i] + gap[i + 1] + rng.choice((-1, 0, 0, 1)))
                else:
                    v, w = rng.choice(a), rng.randint(1, max_weight)
                if v != u:
                    edges.setdefault(tuple(sorted((u, v))), w)
    return sorted((u, v, w) for (u, v), w in edges.items())


@register
class CountShortestPaths(Task):
    """Count the distinct shortest routes between two nodes of a weighted undirected graph. The
    graph is layered so that many routes tie, with shortcuts and detours that tie or just lose;
    the count needs the number of ways to reach each node, added over the predecessors on a
    shortest route. Higher levels add layers, wider layers, more shortcuts and weights."""

    name = "graphs/count_shortest_paths"
    knobs = (
        Knob("n_nodes", [5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 23, 26, 29, 32, 36, 40, 44, 48, 52], (3, 200),
             doc="number of nodes"),
        Knob("width", [2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6], (1, 50), doc="nodes per layer"),
        Knob("skip_percent", [0, 10, 15, 20, 20, 25, 25, 30, 30, 30, 30, 35, 35, 35, 35, 40, 40, 40, 40, 40], (0, 100),
             doc="chance that a node gets a shortcut or sideways edge"),
        Knob("max_weight", [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5, 5], (1, 100),
             doc="largest weight of the edges between two layers (1 = every edge counts one)"),
    )
    answer_format = "a whole number"
    example = "0"  # the two ends are always joined, so there is at least one route

    def build(self, rng, params):
        n = params["n_nodes"]
        edges = layered_graph(rng, n, params["width"], params["skip_percent"], params["max_weight"])
        perm = list(range(n))
        rng.shuffle(perm)  # hide the layers behind random names
        names = [node_labels(n)[perm[v]] for v in range(n)]
        dist, ways, work = count_shortest(n, edges, 0, n - 1)
        weighted = any(w != 1 for _, _, w in edges)
        listing = shuffled_listing(rng, [(u, v) for u, v, _ in edges], names,
                                   [w for _, _, w in edges] if weighted else None)
        length = "total weight" if weighted else "number of edges"
        question = (f"An undirected graph has nodes {', '.join(sorted(names, key=lambda x: (len(x), x)))} and "
                    f"these edges:\n{listing}\n\nA shortest path from {names[0]} to {names[n - 1]} is one with the "
                    f"smallest {length}. How many different shortest paths from {names[0]} to {names[n - 1]} are "
                    f"there? (Two paths are different if their sequences of nodes differ.)")
        return Draft(question, str(ways), {"ways": ways, "distance": dist, "work": work, "n_edges": len(edges)})

    def effort(self, problem):
        # Dijkstra: every edge relaxed from both ends, with the counts carried along
        return problem.check["work"]

    def grade(self, answer, problem):
        return grade_int(answer, problem.check["ways"], "the number of shortest paths")

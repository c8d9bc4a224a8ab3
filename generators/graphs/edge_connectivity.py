"""The fewest edges whose removal disconnects a graph (its edge connectivity), with the cut as the
answer: any disconnecting set of that size passes."""
from __future__ import annotations

from collections import deque

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._graph_text import read_edges, shuffled_listing


def _max_flow_cut(n: int, adj, s: int, t: int, limit: int) -> tuple[int, set, int]:
    """Unit-capacity max flow from s to t on an undirected graph (stopping at `limit`), the source
    side of a minimum cut, and the node visits of the augmenting searches."""
    flow: dict = {}
    value, work = 0, 0
    while value < limit:
        prev, queue = {s: None}, deque([s])
        while queue and t not in prev:
            u = queue.popleft()
            for v in adj[u]:
                work += 1
                if v not in prev and flow.get((u, v), 0) < 1:
                    prev[v] = u
                    queue.append(v)
        if t not in prev:
            return value, set(prev), work
        v = t
        while prev[v] is not None:
            u = prev[v]
            flow[(u, v)] = flow.get((u, v), 0) + 1
            flow[(v, u)] = flow.get((v, u), 0) - 1
            v = u
        value += 1
    return value, set(), work


def min_edge_cut(n: int, edges) -> tuple[list, int]:
    """A smallest set of edges whose removal disconnects the graph (the graph is connected), found
    as the smallest s-t cut from node 0 to every other node; and the search work."""
    adj = {v: [] for v in range(n)}
    for u, v in edges:
        adj[u].append(v)
        adj[v].append(u)
    best, side, work = min(len(adj[v]) for v in adj) + 1, None, 0
    for t in range(1, n):
        value, source_side, w = _max_flow_cut(n, adj, 0, t, best)
        work += w
        if value < best:
            best, side = value, source_side
    if side is None:  # never beaten the degree bound + 1: impossible for a connected graph
        raise ValueError("no cut found")
    return sorted(e for e in edges if (e[0] in side) != (e[1] in side)), work


def _connected_without(nodes, edges, removed) -> bool:
    adj = {v: [] for v in nodes}
    for u, v in edges:
        if frozenset((u, v)) not in removed:
            adj[u].append(v)
            adj[v].append(u)
    start = next(iter(sorted(nodes)))
    seen, stack = {start}, [start]
    while stack:
        for w in adj[stack.pop()]:
            if w not in seen:
                seen.add(w)
                stack.append(w)
    return len(seen) == len(nodes)


@register
class EdgeConnectivity(Task):
    """Give a smallest set of edges whose removal disconnects a connected undirected graph. The
    graph is a few dense clusters joined by bundles of edges, so the smallest cut is a bundle, a
    lone low-degree node, or a cut through a cluster, and counting degrees alone misleads. The
    verifier checks each edge exists, that removing them disconnects the graph, and that there
    are no more than the minimum. Higher levels add clusters, nodes and wider bundles."""

    name = "graphs/edge_connectivity"
    knobs = (
        Knob("n_clusters", [2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5, 5, 5], (1, 10),
             doc="dense clusters"),
        Knob("cluster_size", [3, 3, 4, 4, 5, 4, 4, 5, 5, 6, 6, 5, 6, 6, 7, 7, 6, 7, 7, 8], (2, 30),
             doc="nodes per cluster"),
        Knob("bundle", [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6], (1, 20),
             doc="fewest edges joining two neighbouring clusters"),
        Knob("density", [60, 60, 65, 65, 70, 70, 70, 75, 75, 75, 75, 80, 80, 80, 80, 85, 85, 85, 85, 85], (10, 100),
             doc="percent of the pairs inside a cluster that are joined"),
    )
    answer_format = "the edges to remove written like A-B, comma-separated"
    example = "A-Z9"  # Z9 names no node

    def build(self, rng, params):
        k, size, bundle = params["n_clusters"], params["cluster_size"], params["bundle"]
        n = k * size
        order = list(range(n))
        rng.shuffle(order)
        clusters = [order[i * size:(i + 1) * size] for i in range(k)]
        edges = set()
        for c in clusters:
            for i, u in enumerate(c):
                if i:  # a path keeps the cluster connected
                    edges.add(tuple(sorted((u, c[i - 1]))))
                for v in c[i + 2:]:
                    if rng.randrange(100) < params["density"]:
                        edges.add(tuple(sorted((u, v))))
        for i in range(1, k):  # each cluster joins an earlier one by a bundle
            a, b = clusters[rng.randrange(i)], clusters[i]
            pairs = [(u, v) for u in a for v in b]
            for u, v in rng.sample(pairs, min(len(pairs), bundle + rng.randrange(3))):
                edges.add(tuple(sorted((u, v))))
        edges = sorted(edges)
        cut, work = min_edge_cut(n, edges)
        names = node_labels(n)
        question = (f"An undirected connected graph has nodes {', '.join(names)} and these edges:\n"
                    f"{shuffled_listing(rng, edges, names)}\n\nRemove as few edges as possible so that the graph "
                    f"is no longer connected (some two nodes are no longer joined by any route). Which edges?")
        return Draft(question, ", ".join(f"{names[u]}-{names[v]}" for u, v in cut),
                     {"nodes": names, "edges": [[names[u], names[v]] for u, v in edges], "size": len(cut),
                      "work": work})

    def effort(self, problem):
        # the augmenting-path searches of the minimum-cut computations
        return problem.check["work"]

    def grade(self, answer, problem):
        c = problem.check
        try:
            given = read_edges(answer, set(c["nodes"]))
        except ParseError as exc:
            return refused(exc)
        edges = {frozenset(e) for e in c["edges"]}
        chosen = [frozenset(e) for e in given]
        for (u, v), e in zip(given, chosen):
            if e not in edges:
                return wrong(f"There is no edge {u}-{v}.")
        if len(set(chosen)) != len(chosen):
            return wrong("An edge is listed more than once.")
        if _connected_without(c["nodes"], c["edges"], set(chosen)):
            return wrong("The graph is still connected without those edges.")
        if len(chosen) != c["size"]:
            return wrong(f"That removes {len(chosen)} edges; fewer are enough.")
        return right()

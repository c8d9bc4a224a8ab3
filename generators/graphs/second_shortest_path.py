"""The second-shortest simple path between two nodes: a path strictly longer than the shortest,
and as short as possible among those."""
from __future__ import annotations

import heapq

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._graph_text import read_nodes, shuffled_listing
from ._random_graphs import random_connected_graph
from ._walks import edge_weights, walk_weights


def second_shortest(n: int, edges, s: int, t: int, budget: int = 20000):
    """The shortest simple s-t path that is strictly longer than the shortest one, by a best-first
    search over simple paths (popped in order of length, so the first path to t with a larger
    length than the first one is the answer); and the paths popped. Returns (None, work) when no
    such path exists or the budget of pops runs out."""
    adj = {v: [] for v in range(n)}
    for u, v, w in edges:
        adj[u].append((v, w))
        adj[v].append((u, w))
    # a lower bound to t (Dijkstra from t) keeps the search on paths that can still be short
    low, heap = {t: 0}, [(0, t)]
    while heap:
        d, u = heapq.heappop(heap)
        if d > low[u]:
            continue
        for v, w in adj[u]:
            if d + w < low.get(v, float("inf")):
                low[v] = d + w
                heapq.heappush(heap, (d + w, v))
    best, work = None, 0
    heap = [(low[s], 0, (s,))]
    while heap and work < budget:
        _, d, path = heapq.heappop(heap)
        work += 1
        u = path[-1]
        if u == t:
            if best is None:
                best = d
            elif d > best:
                return list(path), d, best, work
            continue
        for v, w in adj[u]:
            if v not in path and v in low:
                heapq.heappush(heap, (d + w + low[v], d + w, path + (v,)))
    return None, None, best, work


@register
class SecondShortestPath(Task):
    """Give a simple path between two nodes (no node twice) whose total weight is the smallest
    among the paths strictly longer than a shortest one. Ties for the shortest do not count as
    second; any path with the second-smallest length passes. Higher levels add nodes, edges and
    weights, so the runner-up may share most of the shortest route or avoid it entirely."""

    name = "graphs/second_shortest_path"
    knobs = (
        Knob("n_nodes", [4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 33, 36, 40], (3, 100),
             doc="number of nodes"),
        Knob("extra_edges", [2, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 18, 20, 22, 24, 27, 30, 33, 36], (1, 500),
             doc="edges beyond a spanning tree"),
        Knob("max_weight", [3, 4, 5, 6, 7, 8, 9, 9, 12, 12, 15, 15, 18, 18, 20, 20, 25, 25, 30, 30], (1, 100),
             doc="largest edge weight"),
    )
    answer_format = "the path as a comma-separated list of node names, from the start to the end"
    example = "A,Z9"  # Z9 names no node

    def build(self, rng, params):
        n = params["n_nodes"]
        g = random_connected_graph(rng, n, params["extra_edges"], params["max_weight"])
        edges = sorted((u, v, d["weight"]) for u, v, d in g.edges(data=True))
        pairs = [(s, t) for s in range(n) for t in range(s + 1, n)]
        found = None
        for s, t in rng.sample(pairs, min(8, len(pairs))):  # ends that have a runner-up path
            path, length, best, work = second_shortest(n, edges, s, t)
            if path is not None:
                found = (s, t, path, length, best, work)
                break
        if found is None:
            # a fresh direct edge one heavier than the shortest path makes a runner-up (weights are
            # whole numbers, so nothing lies strictly between); the search still decides
            s, t = next((s, t) for s, t in rng.sample(pairs, len(pairs)) if not g.has_edge(s, t))
            _, _, best, _ = second_shortest(n, edges, s, t)
            edges = sorted(edges + [(s, t, best + 1)])
            path, length, best, work = second_shortest(n, edges, s, t)
            if path is None:  # the search ran out of budget: the direct edge is a runner-up
                path, length = [s, t], best + 1
            found = (s, t, path, length, best, work)
        s, t, path, length, best, work = found
        names = node_labels(n)
        if rng.random() < 0.5:
            s, t, path = t, s, path[::-1]
        question = (f"An undirected graph has nodes {', '.join(names)} and these weighted edges:\n"
                    f"{shuffled_listing(rng, [(u, v) for u, v, _ in edges], names, [w for _, _, w in edges])}\n\n"
                    f"Let L be the smallest total weight of a path from {names[s]} to {names[t]}. Among the paths "
                    f"from {names[s]} to {names[t]} that visit no node twice and have total weight greater than "
                    f"L, give one with the smallest total weight.")
        return Draft(question, ",".join(names[v] for v in path),
                     {"nodes": names, "edges": [[names[u], names[v], w] for u, v, w in edges],
                      "start": names[s], "end": names[t], "shortest": best, "second": length, "work": work})

    def effort(self, problem):
        # the partial paths the best-first search popped
        return problem.check["work"] + len(problem.check["edges"])

    def grade(self, answer, problem):
        c = problem.check
        try:
            path = read_nodes(answer, set(c["nodes"]))
        except ParseError as exc:
            return refused(exc)
        if len(path) < 2 or path[0] != c["start"] or path[-1] != c["end"]:
            return wrong(f"The path must go from {c['start']} to {c['end']}.")
        if len(set(path)) != len(path):
            return wrong("The path visits a node twice.")
        used, why = walk_weights(path, edge_weights(c["edges"], directed=False))
        if why:
            return wrong(why)
        total = sum(used)
        if total <= c["shortest"]:
            return wrong(f"That path has total weight {total}, which is the shortest, not above it.")
        if total != c["second"]:
            return wrong(f"That path has total weight {total}; a lighter one above the shortest exists.")
        return right()

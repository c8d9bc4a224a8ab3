"""The widest (maximum-bottleneck) path between two nodes: any path whose narrowest edge is as
wide as possible passes."""
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


def widest_path(n: int, edges, s: int, t: int) -> tuple[list, int, int]:
    """A path from s to t maximising its smallest capacity (Dijkstra with max-min labels), its
    bottleneck, and the heap pops made."""
    adj = {v: [] for v in range(n)}
    for u, v, w in edges:
        adj[u].append((v, w))
        adj[v].append((u, w))
    best, prev, heap, pops = {s: float("inf")}, {s: None}, [(-float("inf"), s)], 0
    done = set()
    while heap:
        neg, u = heapq.heappop(heap)
        pops += 1
        if u in done:
            continue
        done.add(u)
        if u == t:
            break
        for v, w in sorted(adj[u]):
            width = min(-neg, w)
            if v not in done and width > best.get(v, 0):
                best[v], prev[v] = width, u
                heapq.heappush(heap, (-width, v))
    path, v = [], t
    while v is not None:
        path.append(v)
        v = prev[v]
    return path[::-1], best[t], pops


@register
class WidestPath(Task):
    """Find a route between two nodes whose narrowest edge is as wide as possible (each edge is a
    road with a load limit; the heaviest truck that can make the trip). The shortest route and the
    route with the largest total are usually not it. Any route reaching the best bottleneck
    passes. Higher levels add nodes, edges and distinct capacities, and bait routes that start
    with a wide edge but pass a narrow one later."""

    name = "graphs/widest_path"
    knobs = (
        Knob("n_nodes", [4, 5, 6, 7, 8, 10, 12, 14, 16, 18, 20, 23, 26, 29, 32, 36, 40, 44, 48, 52], (2, 200),
             doc="number of nodes"),
        Knob("extra_edges", [1, 2, 3, 4, 6, 8, 10, 12, 15, 18, 21, 24, 28, 32, 36, 40, 45, 50, 55, 60], (0, 5000),
             doc="edges beyond a spanning tree"),
        Knob("max_capacity", [5, 9, 9, 12, 15, 20, 25, 30, 40, 50, 60, 70, 80, 90, 99, 99, 99, 99, 99, 99],
             (2, 1000), doc="largest edge capacity"),
    )
    answer_format = "the route as a comma-separated list of node names, from the start to the end"
    example = "A,Z9"  # Z9 names no node

    def build(self, rng, params):
        n = params["n_nodes"]
        g = random_connected_graph(rng, n, params["extra_edges"], params["max_capacity"])
        edges = sorted((u, v, d["weight"]) for u, v, d in g.edges(data=True))
        names = node_labels(n)
        # the two ends: a pair far apart in hops, so the route has several edges to weigh
        s = rng.randrange(n)
        hops = {s: 0}
        frontier = [s]
        while frontier:
            nxt = []
            for u in frontier:
                for v in sorted(g[u]):
                    if v not in hops:
                        hops[v] = hops[u] + 1
                        nxt.append(v)
            frontier = nxt
        far = max(hops.values())
        t = rng.choice(sorted(v for v, h in hops.items() if h >= max(1, far - 1)))
        path, width, pops = widest_path(n, edges, s, t)
        listing = shuffled_listing(rng, [(u, v) for u, v, _ in edges], names, [w for _, _, w in edges])
        question = (f"Roads join these places: {', '.join(names)}. Each road carries at most the load shown:\n"
                    f"{listing}\n\nA truck drives from {names[s]} to {names[t]} along roads in either "
                    f"direction, never visiting a place twice. Give a route whose smallest load limit is as large "
                    f"as possible, so the heaviest possible truck can make the trip.")
        return Draft(question, ",".join(names[v] for v in path),
                     {"nodes": names, "edges": [[names[u], names[v], w] for u, v, w in edges],
                      "start": names[s], "end": names[t], "width": width, "work": pops + len(edges)})

    def effort(self, problem):
        # every edge read, one heap pop per label settled
        return problem.check["work"]

    def grade(self, answer, problem):
        c = problem.check
        try:
            route = read_nodes(answer, set(c["nodes"]))
        except ParseError as exc:
            return refused(exc)
        if route[0] != c["start"] or route[-1] != c["end"] or len(route) < 2:
            return wrong(f"The route must go from {c['start']} to {c['end']}.")
        if len(set(route)) != len(route):
            return wrong("The route visits a place twice.")
        used, why = walk_weights(route, edge_weights(c["edges"], directed=False))
        if why:
            return wrong(why)
        if min(used) != c["width"]:
            return wrong(f"That route's narrowest road carries {min(used)}; a route can do better.")
        return right()

"""The girth of an undirected graph, with a witness: any cycle of the smallest length passes."""
from __future__ import annotations

from collections import deque

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._graph_text import read_nodes, shuffled_listing
from ._random_graphs import random_tree
from ._walks import closed_cycle


def _bfs(adj, s):
    dist, parent, queue = {s: 0}, {s: None}, deque([s])
    while queue:
        u = queue.popleft()
        for v in adj[u]:
            if v not in dist:
                dist[v], parent[v] = dist[u] + 1, u
                queue.append(v)
    return dist, parent


def shortest_cycle(n: int, edges) -> tuple[list, int]:
    """A shortest cycle (nodes in order; [] for a forest) by a breadth-first search from every node:
    a non-tree edge u-v closes a cycle of length d(u) + d(v) + 1 through the root, and the
    shortest of these over all roots is the girth. Also the node visits made."""
    adj = {v: [] for v in range(n)}
    for u, v in edges:
        adj[u].append(v)
        adj[v].append(u)
    best, work = None, 0
    for s in range(n):
        dist, parent = _bfs(adj, s)
        work += len(dist)
        for u, v in edges:
            if u in dist and v in dist and parent[u] != v and parent[v] != u:
                length = dist[u] + dist[v] + 1
                if best is None or length < best[0]:
                    a, b = [u], [v]
                    while parent[a[-1]] is not None:
                        a.append(parent[a[-1]])
                    while parent[b[-1]] is not None:
                        b.append(parent[b[-1]])
                    while len(a) > 1 and len(b) > 1 and a[-2] == b[-2]:
                        a.pop()
                        b.pop()
                    cycle = a[::-1] + b[:-1]  # root ... u, then v ... back up, root not repeated
                    if len(cycle) == length and len(set(cycle)) == length:
                        best = (length, cycle)
    return (best[1] if best else []), work


@register
class ShortestCycle(Task):
    """Find a shortest cycle of an undirected graph (its girth), a cycle through distinct nodes of
    as few edges as possible. The graph is a tree whose extra edges each join nodes far apart, so
    every cycle is long and only a careful search finds the shortest. Any cycle of the smallest
    length passes. Higher levels add nodes and make the cycles longer and more numerous."""

    name = "graphs/shortest_cycle"
    knobs = (
        Knob("n_nodes", [6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 23, 26, 29, 32, 36, 40, 44, 48, 52, 56], (4, 200),
             doc="number of nodes"),
        Knob("extra_edges", [1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11], (1, 100),
             doc="edges added to a random tree"),
        Knob("min_span", [3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 9], (2, 100),
             doc="an added edge joins nodes at least this many tree edges apart, when it can"),
        Knob("depth_bias", [0.5] * 5 + [0.6] * 5 + [0.7] * 10, (0.0, 1.0), doc="how deep and narrow the tree is"),
    )
    answer_format = ("a shortest cycle as the node names along it, comma-separated, without repeating the first "
                     "node (e.g. A,B,C for the cycle A-B-C-A)")
    example = "A,B,Z9"  # Z9 names no node

    def build(self, rng, params):
        n = params["n_nodes"]
        edges = [tuple(sorted(e)) for e in random_tree(rng, n, params["depth_bias"])]
        adj = {v: [] for v in range(n)}
        for u, v in edges:
            adj[u].append(v)
            adj[v].append(u)
        present = set(edges)
        for _ in range(params["extra_edges"]):
            u = rng.randrange(n)
            dist, _ = _bfs(adj, u)
            far = sorted(v for v, d in dist.items() if d >= params["min_span"] - 1 and (min(u, v), max(u, v))
                         not in present)
            if not far:
                far = sorted(v for v, d in dist.items() if d >= 2 and (min(u, v), max(u, v)) not in present)
            if far:
                v = rng.choice(far)
                present.add((min(u, v), max(u, v)))
                adj[u].append(v)
                adj[v].append(u)
        edges = sorted(present)
        cycle, work = shortest_cycle(n, edges)
        names = node_labels(n)
        question = (f"An undirected graph has nodes {', '.join(names)} and these edges:\n"
                    f"{shuffled_listing(rng, edges, names)}\n\n"
                    "A cycle is a route through at least three distinct nodes, each joined to the next by an "
                    "edge and the last joined back to the first. Give a cycle with as few edges as possible.")
        return Draft(question, ",".join(names[v] for v in cycle),
                     {"nodes": names, "edges": [[names[u], names[v]] for u, v in edges], "girth": len(cycle),
                      "work": work})

    def effort(self, problem):
        # a breadth-first search from every node
        return problem.check["work"]

    def grade(self, answer, problem):
        c = problem.check
        try:
            route = read_nodes(answer, set(c["nodes"]))
        except ParseError as exc:
            return refused(exc)
        cycle, why = closed_cycle(route)
        if why:
            return wrong(why)
        if len(cycle) < 3:
            return wrong("A cycle needs at least three nodes.")
        edges = {frozenset(e) for e in c["edges"]}
        for u, v in zip(cycle, cycle[1:] + cycle[:1]):
            if frozenset((u, v)) not in edges:
                return wrong(f"There is no edge {u}-{v}.")
        if len(cycle) != c["girth"]:
            return wrong(f"That cycle has {len(cycle)} edges; a shorter one exists.")
        return right()

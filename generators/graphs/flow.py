"""Maximum flow with a minimum cut: the value is unique; any cut whose capacity equals the maximum
flow and that separates the source from the sink passes."""
from __future__ import annotations

from collections import deque

import networkx as nx
from networkx.algorithms.flow import edmonds_karp

from procgym import Draft, Knob, Task, register
from procgym.kit import read_int, read_parts, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._graph_text import listing, pretty_edges, read_edges

VALUE_LABELS = {"max flow", "maximum flow", "max flow value", "maximum flow value", "flow", "value", "flow value"}
CUT_LABELS = {"cut", "min cut", "minimum cut", "cut edges", "edges"}


def flow_network(rng, n: int, extra: int, back: int, max_capacity: int,
                 wide_ends: bool = False) -> tuple[nx.DiGraph, int, int]:
    """A random network on 0..n-1 whose every node lies on some path from the source to the sink
    (mostly forward edges in a hidden order, plus `back` edges pointing backwards). With
    `wide_ends`, edges leaving the source or entering the sink get capacities max..2*max, so the
    bottleneck tends to lie inside the network."""
    order = list(range(n))
    rng.shuffle(order)
    g = nx.DiGraph()
    g.add_nodes_from(range(n))
    ends = {order[0], order[-1]}

    def add(u, v):
        if u != v and not g.has_edge(u, v):
            wide = wide_ends and (u in ends or v in ends)
            g.add_edge(u, v, capacity=rng.randint(max_capacity, 2 * max_capacity) if wide
                       else rng.randint(1, max_capacity))

    for i in range(1, n):
        add(order[rng.randrange(i)], order[i])  # reachable from the source
    pos = {v: i for i, v in enumerate(order)}
    for i in range(1, n - 1):
        if not any(pos[w] > i for w in g.successors(order[i])):
            add(order[i], order[rng.randint(i + 1, n - 1)])  # reaches the sink
    for _ in range(extra):
        i, j = sorted(rng.sample(range(n), 2))
        add(order[i], order[j])
    for _ in range(back):
        i, j = sorted(rng.sample(range(1, n - 1), 2)) if n > 3 else (0, 0)
        add(order[j], order[i])
    return g, order[0], order[-1]


def separates(edges: set, removed: set, source: str, sink: str) -> bool:
    """Whether removing `removed` from the directed `edges` leaves no path from source to sink."""
    out: dict[str, list[str]] = {}
    for u, v in edges:
        if (u, v) not in removed:
            out.setdefault(u, []).append(v)
    seen, stack = {source}, [source]
    while stack:
        for v in out.get(stack.pop(), ()):
            if v not in seen:
                seen.add(v)
                stack.append(v)
    return sink not in seen


def augmenting_paths(edges, source: str, sink: str) -> int:
    """How many augmenting paths Edmonds-Karp finds (shortest paths in the residual network)
    before no path from source to sink is left."""
    residual: dict[str, dict[str, int]] = {}
    for u, v, cap in edges:
        residual.setdefault(u, {})[v] = residual.get(u, {}).get(v, 0) + cap
        residual.setdefault(v, {}).setdefault(u, 0)
    paths = 0
    while True:
        parent, queue = {source: None}, deque([source])
        while queue and sink not in parent:
            u = queue.popleft()
            for v, cap in residual.get(u, {}).items():
                if cap > 0 and v not in parent:
                    parent[v] = u
                    queue.append(v)
        if sink not in parent:
            return paths
        path, v = [], sink
        while parent[v] is not None:
            path.append((parent[v], v))
            v = parent[v]
        push = min(residual[u][v] for u, v in path)
        for u, v in path:
            residual[u][v] -= push
            residual[v][u] += push
        paths += 1


@register
class MaxFlowMinCut(Task):
    """The maximum flow value from a source to a sink in a directed network with capacities, and
    a minimum cut: a set of edges whose removal leaves no path from source to sink, of smallest
    total capacity. networkx (Edmonds-Karp) gives the value; any cut that separates the source
    from the sink with capacity equal to the maximum flow passes (max-flow min-cut theorem).
    Higher levels add nodes, edges, larger capacities and backward edges, and from level 4 give
    the edges at the source and sink large capacities, so the bottleneck hides inside the
    network instead of at its ends."""

    name = "graphs/max_flow_min_cut"
    knobs = (
        Knob("n_nodes", [4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 33, 36, 40], (2, 100),
             doc="number of nodes"),
        Knob("extra_edges", [1, 2, 3, 4, 6, 8, 10, 12, 15, 18, 21, 24, 27, 30, 34, 38, 42, 46, 50, 55], (0, 1000),
             doc="forward edges beyond those that make every node lie on a source-sink path"),
        Knob("back_edges", [0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9], (0, 1000),
             doc="edges pointing backwards"),
        Knob("max_capacity", [5, 6, 8, 10, 12, 15, 20, 20, 25, 30, 30, 35, 35, 40, 40, 45, 45, 50, 50, 50], (1, 1000),
             doc="largest edge capacity"),
        Knob("wide_ends", [False, False, False] + [True] * 17,
             doc="edges at the source and sink get capacities max..2*max, moving the bottleneck inside"),
    )
    answer_format = ("the maximum flow value, then a semicolon, then the edges of a minimum cut as a "
                     "comma-separated list like A->B")
    example = "12; A->C, B->Z9"  # Z9 is no node's name (names are letters): never an answer

    def build(self, rng, params):
        n = params["n_nodes"]
        g, s, t = flow_network(rng, n, params["extra_edges"], params["back_edges"], params["max_capacity"],
                               params["wide_ends"])
        names = node_labels(n)
        value, (side, _) = nx.minimum_cut(g, s, t, capacity="capacity", flow_func=edmonds_karp)
        cut = sorted((names[u], names[v]) for u, v in g.edges() if u in side and v not in side)
        edges = sorted((names[u], names[v], d["capacity"]) for u, v, d in g.edges(data=True))
        question = (f"A directed network has nodes {', '.join(names)} and these edges, each with a capacity "
                    f"(X -> Y carries flow from X to Y only):\n{listing(edges, True, True, 'capacity')}\n\n"
                    f"What is the maximum flow from the source {names[s]} to the sink {names[t]}? Also give a "
                    f"minimum cut: a set of edges of smallest total capacity whose removal leaves no directed "
                    f"path from {names[s]} to {names[t]}.")
        return Draft(question, f"{value}; {pretty_edges(cut, directed=True)}",
                     {"nodes": names, "edges": [list(e) for e in edges], "source": names[s], "sink": names[t],
                      "value": value})

    def effort(self, problem):
        # Edmonds-Karp: one breadth-first search of the residual network per augmenting path,
        # and a last one that finds the cut
        c = problem.check
        searches = augmenting_paths(c["edges"], c["source"], c["sink"]) + 1
        return searches * (len(c["nodes"]) + len(c["edges"]))

    def grade(self, answer, problem):
        c = problem.check
        try:
            first, second = read_parts(answer, [VALUE_LABELS, CUT_LABELS])
            value = read_int(first)
            cut = read_edges(second, set(c["nodes"]))
        except ParseError as exc:
            return refused(exc)
        if value != c["value"]:
            return wrong("That is not the maximum flow value.")
        capacity = {(u, v): w for u, v, w in c["edges"]}
        removed = set()
        for e in cut:
            if e not in capacity:
                return wrong(f"There is no edge {e[0]}->{e[1]}.")
            if e in removed:
                return wrong(f"The edge {e[0]}->{e[1]} is listed twice.")
            removed.add(e)
        if not separates(set(capacity), removed, c["source"], c["sink"]):
            return wrong(f"Removing those edges still leaves a path from {c['source']} to {c['sink']}.")
        total = sum(capacity[e] for e in removed)
        if total != c["value"]:
            return wrong(f"That cut has capacity {total}, which is not the minimum.")
        return right()

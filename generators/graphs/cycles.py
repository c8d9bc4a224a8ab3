"""Cycle detection with a witness: any cycle of the graph passes; "none" passes only when networkx
finds no cycle."""
from __future__ import annotations

import networkx as nx

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._graph_text import listing, read_nodes, says_none
from ._random_graphs import random_connected_graph, random_dag

NO_CYCLE = {"no", "no cycle", "no cycles", "there is no cycle", "no directed cycle", "acyclic", "the graph is acyclic"}


def _forest(rng, n: int, n_edges: int) -> nx.Graph:
    """A random forest on 0..n-1 with `n_edges` edges (at most n - 2, so at least two trees)."""
    g = random_connected_graph(rng, n, 0, 1)
    edges = sorted(g.edges())
    rng.shuffle(edges)
    g.remove_edges_from(edges[min(n_edges, n - 2):])
    return g


def _close_cycle_undirected(rng, g: nx.Graph, n: int, min_cycle: int, cycle: bool) -> None:
    comp_of, size = {}, {}
    for i, comp in enumerate(nx.connected_components(g)):
        size[i] = len(comp)
        for v in comp:
            comp_of[v] = i
    if cycle:
        big = [v for v in range(n) if size[comp_of[v]] >= 3]
        if not big:
            return
        u = rng.choice(big)
        hops = nx.single_source_shortest_path_length(g, u)
        far = sorted(v for v, d in hops.items() if d >= max(2, min_cycle - 1))
        v = rng.choice(far) if far else max((d, v) for v, d in hops.items())[1]
        if hops[v] >= 2:
            g.add_edge(u, v)
    else:  # join two trees: looks like it might close something, but cannot
        u, v = rng.sample(range(n), 2)
        for _ in range(20):
            if comp_of[u] != comp_of[v]:
                break
            u, v = rng.sample(range(n), 2)
        if comp_of[u] != comp_of[v]:
            g.add_edge(u, v)


def _close_cycle_directed(rng, g: nx.DiGraph, n: int, min_cycle: int, cycle: bool) -> None:
    starts = list(range(n))
    rng.shuffle(starts)
    starts.sort(key=lambda v: g.in_degree(v) > 0)  # sources first: they reach furthest
    fallback = None
    for u in starts[:6]:
        hops = nx.single_source_shortest_path_length(g, u)
        if cycle:
            far = sorted(v for v, d in hops.items() if d >= max(1, min_cycle - 1))
            if far:
                g.add_edge(rng.choice(far), u)  # v -> u closes a cycle through the path u ~> v
                return
            reach = [(d, v) for v, d in hops.items() if d >= 1]
            if reach and (fallback is None or max(reach)[0] > fallback[0]):
                fallback = (max(reach)[0], max(reach)[1], u)
        else:
            unreached = sorted(v for v in range(n) if v not in hops and not g.has_edge(v, u))
            if unreached:
                g.add_edge(rng.choice(unreached), u)  # u does not reach v: still acyclic
                return
    if cycle and fallback:
        g.add_edge(fallback[1], fallback[2])


@register
class CycleDetection(Task):
    """Find a cycle in a graph, or answer none. networkx decides (find_cycle); any genuine cycle
    passes, checked edge by edge. Each graph is an acyclic base (a forest, or a DAG) plus one
    edge that either closes a cycle or only looks as if it might (it joins two trees, or points
    against the hidden order without closing a loop). Higher levels use one-way edges, add
    nodes and edges, and make the closed cycle longer."""

    name = "graphs/cycle_detection"
    knobs = (
        Knob("n_nodes", [5, 6, 7, 7, 8, 10, 12, 14, 16, 20, 22, 25, 28, 31, 34, 38, 42, 46, 50, 55], (3, 200),
             doc="number of nodes"),
        Knob("directed", [False, False, False] + [True] * 17, doc="one-way edges"),
        Knob("base_edges", [3, 4, 5, 7, 9, 12, 15, 19, 24, 30, 35, 40, 46, 52, 58, 65, 72, 80, 88, 96], (0, 5000),
             doc="edges of the acyclic base graph (a forest: at most n_nodes - 2; a DAG: at most n(n-1)/2)"),
        Knob("min_cycle", [3, 3, 3, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11], (2, 200),
             doc="the closed cycle has at least this many edges when the graph allows"),
        Knob("cycle_percent", [50] * 20, (0, 100), doc="chance that the added edge closes a cycle"),
    )
    answer_format = ("a cycle as the node names along it, comma-separated, without repeating the first node "
                     "(e.g. A,B,C for the cycle A-B-C-A), or none if the graph has no cycle")
    example = "A,B,Z9"  # Z9 is no node's name (names are letters): never an answer

    def build(self, rng, params):
        n, directed = params["n_nodes"], params["directed"]
        cycle = rng.randrange(100) < params["cycle_percent"]
        if directed:
            g = random_dag(rng, n, params["base_edges"])
            _close_cycle_directed(rng, g, n, params["min_cycle"], cycle)
        else:
            g = _forest(rng, n, params["base_edges"])
            _close_cycle_undirected(rng, g, n, params["min_cycle"], cycle)
        names = node_labels(n)
        try:
            found = [names[e[0]] for e in nx.find_cycle(g)]
        except nx.NetworkXNoCycle:
            found = []
        edges = sorted((names[u], names[v]) if directed else tuple(sorted((names[u], names[v])))
                       for u, v in g.edges())
        kind = "A directed graph" if directed else "An undirected graph"
        note = " (X -> Y goes from X to Y only)" if directed else ""
        question = (f"{kind} has nodes {', '.join(names)} and these edges{note}:\n"
                    f"{listing(edges, directed=directed)}\n\n")
        if directed:
            question += ("Does the graph contain a directed cycle (a route that follows edges in their direction, "
                         "visits distinct nodes and returns to its start)? If so, give one.")
        else:
            question += ("Does the graph contain a cycle (a route along at least three distinct nodes, using no "
                         "edge twice, that returns to its start)? If so, give one.")
        return Draft(question, ",".join(found) or "none",
                     {"nodes": names, "edges": [list(e) for e in edges], "directed": directed,
                      "has_cycle": bool(found)})

    def effort(self, problem):
        # a depth-first search touches every node and edge before it can say "none"
        c = problem.check
        return len(c["nodes"]) + len(c["edges"])

    def grade(self, answer, problem):
        c = problem.check
        if says_none(answer, NO_CYCLE):
            return right() if not c["has_cycle"] else wrong("The graph has a cycle.")
        try:
            cycle = read_nodes(answer, set(c["nodes"]))
        except ParseError as exc:
            return refused(exc)
        if len(cycle) > 1 and cycle[0] == cycle[-1]:
            cycle = cycle[:-1]
        if len(set(cycle)) != len(cycle):
            return wrong("A cycle may not repeat a node.")
        directed = c["directed"]
        if len(cycle) < (2 if directed else 3):
            return wrong("That is too short to be a cycle.")
        edges = {tuple(e) for e in c["edges"]} if directed else {frozenset(e) for e in c["edges"]}
        arrow = "->" if directed else "-"
        for u, v in zip(cycle, cycle[1:] + cycle[:1]):
            if ((u, v) if directed else frozenset((u, v))) not in edges:
                return wrong(f"There is no edge {u}{arrow}{v}.")
        return right()

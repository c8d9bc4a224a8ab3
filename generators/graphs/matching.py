"""Maximum matching: the size is unique; any matching of that size passes."""
from __future__ import annotations

import networkx as nx

from procgym import Draft, Knob, Task, register
from procgym.kit import read_int, read_parts, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._graph_text import listing, pretty_edges, read_edges, says_none
from ._random_graphs import random_connected_graph

SIZE_LABELS = {"size", "matching size", "maximum matching size", "number of edges"}
EDGE_LABELS = {"matching", "edges", "maximum matching", "matched edges"}


def bipartite_graph(rng, n: int, extra: int) -> tuple[nx.Graph, list[int]]:
    """A random bipartite graph on 0..n-1 without isolated nodes, and its left side."""
    nodes = list(range(n))
    rng.shuffle(nodes)
    cut = max(1, min(n - 1, n // 2 + rng.randint(0, n % 2)))
    left, right_side = nodes[:cut], nodes[cut:]
    g = nx.Graph()
    g.add_nodes_from(range(n))
    for v in right_side:
        g.add_edge(rng.choice(left), v)
    for u in left:
        if not g[u]:
            g.add_edge(u, rng.choice(right_side))
    for _ in range(extra):
        g.add_edge(rng.choice(left), rng.choice(right_side))
    return g, left


@register
class MaximumMatching(Task):
    """A maximum matching of an undirected graph: the largest set of edges no two of which share
    a node. networkx computes the size (Hopcroft-Karp on bipartite graphs, Edmonds' blossom
    algorithm otherwise); any matching of that size passes. Sparse random graphs leave nodes
    that cannot all be matched, so a greedy choice usually falls short and augmenting paths
    are needed. Higher levels add nodes and edges, and switch from bipartite graphs to graphs
    with odd cycles, where augmenting paths must go around blossoms."""

    name = "graphs/maximum_matching"
    knobs = (
        Knob("n_nodes", [4, 5, 6, 7, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 33, 36, 39, 42], (2, 200),
             doc="number of nodes"),
        Knob("extra_edges", [1, 1, 2, 2, 3, 4, 5, 6, 8, 10, 11, 12, 13, 14, 15, 17, 19, 21, 23, 25], (0, 1000),
             doc="edges beyond the ones that leave no node isolated"),
        Knob("kind", ["bipartite"] * 4 + [["bipartite", "general"]] * 2 + ["general"] * 14,
             choices=("bipartite", "general"), doc="'bipartite' or 'general' (odd cycles allowed)"),
    )
    answer_format = ("the size of a maximum matching, then a semicolon, then its edges as a comma-separated "
                     "list like A-B")
    example = "2; A-D, B-Z9"  # Z9 is no node's name (names are letters): never an answer

    def build(self, rng, params):
        n = params["n_nodes"]
        if params["kind"] == "bipartite":
            g, left = bipartite_graph(rng, n, params["extra_edges"])
            mate = nx.bipartite.hopcroft_karp_matching(g, top_nodes=left)
            pairs = [(u, mate[u]) for u in left if u in mate]
        else:
            g = random_connected_graph(rng, n, params["extra_edges"], 1)
            pairs = list(nx.max_weight_matching(g, maxcardinality=True))
        names = node_labels(n)
        matching = sorted(tuple(sorted((names[u], names[v]))) for u, v in pairs)
        edges = sorted(tuple(sorted((names[u], names[v]))) for u, v in g.edges())
        question = (f"An undirected graph has nodes {', '.join(names)} and these edges:\n{listing(edges)}\n\n"
                    "A matching is a set of edges no two of which share a node. Find a matching with as many "
                    "edges as possible.")
        return Draft(question, f"{len(matching)}; {pretty_edges(matching)}",
                     {"nodes": names, "edges": [list(e) for e in edges], "size": len(matching)})

    def effort(self, problem):
        # augmenting-path matching: one search over the graph per matched edge found
        c = problem.check
        return (len(c["nodes"]) + len(c["edges"])) * max(1, c["size"])

    def grade(self, answer, problem):
        c = problem.check
        try:
            first, second = read_parts(answer, [SIZE_LABELS, EDGE_LABELS])
            size = read_int(first)
            chosen = [] if says_none(second) else read_edges(second, set(c["nodes"]))
        except ParseError as exc:
            return refused(exc)
        adjacent = {frozenset(e) for e in c["edges"]}
        used: set[str] = set()
        for u, v in chosen:
            if frozenset((u, v)) not in adjacent or u == v:
                return wrong(f"There is no edge {u}-{v}.")
            for x in (u, v):
                if x in used:
                    return wrong(f"Node {x} is in two edges of the matching.")
                used.add(x)
        if len(chosen) != size:
            return wrong(f"The matching lists {len(chosen)} edges but the size given is {size}.")
        if size != c["size"]:
            return wrong(f"A matching of {size} edges is not the largest possible.")
        return right()

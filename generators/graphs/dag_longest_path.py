"""The heaviest path in a weighted DAG: any path of maximum total weight is correct."""
from __future__ import annotations

import networkx as nx

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import join, node_labels
from ._graph_text import read_nodes
from ._random_graphs import random_tree


def random_weighted_dag(rng, n: int, extra_edges: int, max_weight: int) -> nx.DiGraph:
    """A weakly connected DAG: a random tree plus `extra_edges` edges, every edge pointing forward
    in a hidden random order (so there are usually several sources and sinks)."""
    rank = list(range(n))
    rng.shuffle(rank)  # rank[v]: v's position in the hidden order
    g = nx.DiGraph()
    g.add_nodes_from(range(n))
    for u, v in random_tree(rng, n):
        a, b = (u, v) if rank[u] < rank[v] else (v, u)
        g.add_edge(a, b, weight=rng.randint(1, max_weight))
    candidates = [(u, v) for u in range(n) for v in range(n) if rank[u] < rank[v] and not g.has_edge(u, v)]
    for u, v in rng.sample(candidates, min(extra_edges, len(candidates))):
        g.add_edge(u, v, weight=rng.randint(1, max_weight))
    return g


@register
class DagLongestPath(Task):
    """Find a path of maximum total weight in a weighted directed acyclic graph, following the
    edge directions; it may start and end anywhere. Any maximum path passes: the verifier checks
    each step is an edge and the total equals networkx's dag_longest_path_length. Higher levels
    add nodes, edges (more competing routes) and weights, so the path with the most edges is no
    longer the heaviest and a heavy first edge can lead into a dead end."""

    name = "graphs/dag_longest_path"
    knobs = (
        Knob("n_nodes", [4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 22, 25, 28, 31, 34, 38, 42, 46, 50, 55], (2, 100),
             doc="number of nodes"),
        Knob("extra_edges", [1, 2, 3, 4, 6, 8, 10, 13, 16, 20, 24, 28, 32, 36, 40, 45, 50, 55, 60, 66], (0, 1000),
             doc="edges beyond a spanning tree"),
        Knob("max_weight", [1, 3, 5, 9, 9, 12, 15, 20, 25, 30, 30, 35, 35, 40, 40, 45, 45, 50, 50, 50], (1, 1000),
             doc="largest edge weight (1 = unweighted)"),
    )
    answer_format = "the path as a comma-separated list of node names, in the order it is followed"
    example = "C,A,F,B"

    def build(self, rng, params):
        n = params["n_nodes"]
        g = random_weighted_dag(rng, n, params["extra_edges"], params["max_weight"])
        names = node_labels(n)
        path = nx.dag_longest_path(g, weight="weight")
        length = nx.dag_longest_path_length(g, weight="weight")
        weighted = params["max_weight"] > 1
        edges = [(names[u], names[v], d["weight"]) for u, v, d in g.edges(data=True)]
        rng.shuffle(edges)
        listing = "\n".join(f"{u} -> {v}" + (f" (weight {w})" if weighted else "") for u, v, w in edges)
        what = "total weight" if weighted else "number of edges"
        question = (f"A directed acyclic graph has nodes {', '.join(names)} and these edges:\n{listing}\n\n"
                    f"A path follows edges in their direction, from any node to any node. "
                    f"Find a path with the largest possible {what}.")
        return Draft(question, join(names[v] for v in path),
                     {"nodes": names, "edges": sorted([list(e) for e in edges]), "length": length})

    def effort(self, problem):
        # a topological order, then one relaxation per edge, then the path traced back
        c = problem.check
        return len(c["nodes"]) + len(c["edges"]) + len(problem.answer.split(","))

    def grade(self, answer, problem):
        c = problem.check
        try:
            path = read_nodes(answer, set(c["nodes"]))
        except ParseError as exc:
            return refused(exc)
        weights = {(u, v): w for u, v, w in c["edges"]}
        total = 0
        for u, v in zip(path, path[1:]):
            if (u, v) not in weights:
                return wrong(f"There is no edge from {u} to {v}." if (v, u) not in weights
                             else f"The edge between {u} and {v} points from {v} to {u}.")
            total += weights[(u, v)]
        if total != c["length"]:
            return wrong(f"That path has total {total}, which is not the largest.")
        return right()

"""Shortest paths: any path that is valid and of minimum total weight is correct."""
from __future__ import annotations

import networkx as nx

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import join, node_labels
from ._graph_text import read_nodes
from ._random_graphs import random_connected_graph


@register
class ShortestPath(Task):
    """Find a minimum-weight path between two nodes of a weighted undirected graph. Higher
    levels add nodes, weights and extra edges that create competing near-optimal routes."""

    name = "graphs/shortest_path"
    knobs = (
        Knob("n_nodes", [4, 5, 6, 7, 8, 10, 12, 15, 18, 22, 25, 28, 31, 34, 38, 42, 46, 50, 55, 60], (3, 200),
             doc="number of nodes"),
        Knob("extra_edges", [1, 2, 3, 4, 6, 8, 11, 15, 20, 26, 30, 34, 38, 43, 48, 54, 60, 66, 73, 80], (0, 1000),
             doc="edges beyond a spanning tree"),
        Knob("max_weight", [1, 1, 3, 5, 9, 9, 12, 15, 20, 25, 25, 30, 30, 35, 35, 40, 40, 45, 45, 50], (1, 1000),
             doc="largest edge weight (1 = unweighted)"),
    )
    answer_format = "the path as a comma-separated list of node names, from the start node to the end node"
    example = "A,F,Z9"  # Z9 is no node's name (names are letters): never an answer

    def build(self, rng, params):
        n = params["n_nodes"]
        g = random_connected_graph(rng, n, params["extra_edges"], params["max_weight"])
        names = node_labels(n)
        # the farthest node in hops from a random start makes the search non-trivial
        start = rng.randrange(n)
        hops = nx.single_source_shortest_path_length(g, start)
        far = max(hops.values())
        target = rng.choice(sorted(v for v, d in hops.items() if d == far))
        path = nx.dijkstra_path(g, start, target)
        length = nx.dijkstra_path_length(g, start, target)
        edges = sorted((names[u], names[v], d["weight"]) for u, v, d in g.edges(data=True))
        weighted = params["max_weight"] > 1
        listing = "\n".join(f"{u} - {v}" + (f" (weight {w})" if weighted else "") for u, v, w in edges)
        cost = "total weight" if weighted else "number of edges"
        question = (f"An undirected graph has nodes {', '.join(names)} and these edges:\n{listing}\n\n"
                    f"Find a path from {names[start]} to {names[target]} with the smallest {cost}.")
        return Draft(question, join(names[v] for v in path),
                     {"edges": [list(e) for e in edges], "start": names[start], "end": names[target],
                      "length": length})

    def effort(self, problem):
        # Dijkstra's work: every edge is relaxed once, and the answer's path is traced back
        return len(problem.check["edges"]) + len(problem.answer.split(","))

    def grade(self, answer, problem):
        c = problem.check
        weights = {}
        for u, v, w in c["edges"]:
            weights[(u, v)] = weights[(v, u)] = w
        try:
            path = read_nodes(answer, {x for e in c["edges"] for x in e[:2]})
        except ParseError as exc:
            return refused(exc)
        if path[0] != c["start"] or path[-1] != c["end"]:
            return wrong(f"The path must start at {c['start']} and end at {c['end']}.")
        total = 0
        for u, v in zip(path, path[1:]):
            if (u, v) not in weights:
                return wrong(f"There is no edge between {u} and {v}.")
            total += weights[(u, v)]
        if total != c["length"]:
            return wrong(f"That path has total {total}, which is not the minimum.")
        return right()

"""Minimum spanning trees: the total weight is unique; any spanning tree of that weight passes."""
from __future__ import annotations

import networkx as nx

from procgym import Draft, Knob, Task, register
from procgym.kit import read_int, read_parts, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._graph_text import listing, pretty_edges, read_edges
from ._random_graphs import random_connected_graph

WEIGHT_LABELS = {"weight", "total weight", "minimum weight", "total", "mst weight", "minimum spanning tree weight"}
EDGE_LABELS = {"edges", "tree", "spanning tree", "mst", "minimum spanning tree"}


def spanning_tree_problem(weights: dict, nodes: list[str], edges) -> str | None:
    """Why `edges` is not a spanning tree of the graph (weights keyed by sorted pairs), or None."""
    parent = {v: v for v in nodes}

    def find(v):
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    seen = set()
    for u, v in edges:
        key = tuple(sorted((u, v)))
        if key not in weights:
            return f"There is no edge {u}-{v} in the graph."
        if key in seen:
            return f"The edge {u}-{v} is listed twice."
        seen.add(key)
        ru, rv = find(u), find(v)
        if ru == rv:
            return f"The edge {u}-{v} closes a cycle."
        parent[ru] = rv
    if len(seen) != len(nodes) - 1:
        return f"A spanning tree of {len(nodes)} nodes has {len(nodes) - 1} edges, not {len(seen)}."
    return None


@register
class MinimumSpanningTree(Task):
    """A minimum spanning tree of a weighted undirected graph: its total weight, or its edges.
    networkx (Kruskal) gives the minimum weight; for the edge set any spanning tree of minimum
    weight passes, checked by union-find and the weight sum. Higher levels add nodes and edges,
    and keep weights few so that ties make several minimum trees and tempt wrong choices
    inside cycles; from level 6 the edges themselves are asked for."""

    name = "graphs/minimum_spanning_tree"
    knobs = (
        Knob("n_nodes", [4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 22, 25, 28, 31, 34, 38, 42, 46, 50, 55], (2, 200),
             doc="number of nodes"),
        Knob("extra_edges", [2, 3, 4, 5, 7, 9, 12, 15, 19, 25, 28, 32, 36, 40, 45, 50, 55, 60, 66, 72], (0, 1000),
             doc="edges beyond a spanning tree"),
        Knob("max_weight", [5, 6, 8, 9, 10, 12, 12, 15, 15, 20, 20, 20, 22, 22, 24, 24, 26, 26, 28, 30], (1, 1000),
             doc="largest edge weight (few distinct weights make ties)"),
        Knob("ask", ["weight"] * 3 + [["weight", "edges"]] * 2 + ["edges"] * 15,
             choices=("weight", "edges"), doc="'weight': the total weight; 'edges': the tree's edges"),
    )
    answer_format = "an integer"
    example = "-1"  # a weight is never negative: never an answer

    def build(self, rng, params):
        n = params["n_nodes"]
        g = random_connected_graph(rng, n, params["extra_edges"], params["max_weight"])
        names = node_labels(n)
        tree = list(nx.minimum_spanning_edges(g, algorithm="kruskal", weight="weight", data=True))
        total = sum(d["weight"] for _, _, d in tree)
        edges = sorted(tuple(sorted((names[u], names[v]))) + (d["weight"],) for u, v, d in g.edges(data=True))
        question = (f"An undirected graph has nodes {', '.join(names)} and these weighted edges:\n"
                    f"{listing(edges, weighted=True)}\n\n"
                    "A spanning tree is a set of edges that connects all the nodes and contains no cycle; "
                    "its weight is the sum of its edge weights. ")
        check = {"nodes": names, "edges": [list(e) for e in edges], "total": total, "ask": params["ask"]}
        if params["ask"] == "weight":
            question += "What is the smallest possible weight of a spanning tree of this graph?"
            return Draft(question, str(total), check)
        tree_edges = sorted(tuple(sorted((names[u], names[v]))) for u, v, _ in tree)
        question += f"Find a spanning tree of minimum weight: list its {n - 1} edges."
        fmt = "the edges of the tree as a comma-separated list of pairs like A-B (any order)"
        # Z9 is no node's name (names are letters): never an answer
        return Draft(question, pretty_edges(tree_edges), check, answer_format=fmt, example="A-C, B-C, C-Z9")

    def effort(self, problem):
        # Kruskal: every edge is considered in weight order against a union-find of the nodes;
        # listing the tree adds its n - 1 edges
        c = problem.check
        tree = len(c["nodes"]) - 1 if c["ask"] == "edges" else 0
        return len(c["nodes"]) + len(c["edges"]) + tree

    def grade(self, answer, problem):
        c = problem.check
        weights = {(u, v): w for u, v, w in c["edges"]}
        try:
            if c["ask"] == "weight":
                given = read_int(read_parts(answer, [WEIGHT_LABELS])[0])
                return right() if given == c["total"] else wrong("That is not the minimum spanning tree weight.")
            edges = read_edges(read_parts(answer, [EDGE_LABELS])[0], set(c["nodes"]), weights)
        except ParseError as exc:
            return refused(exc)
        problem_text = spanning_tree_problem(weights, c["nodes"], edges)
        if problem_text:
            return wrong(problem_text)
        total = sum(weights[tuple(sorted(e))] for e in edges)
        if total != c["total"]:
            return wrong(f"That spanning tree weighs {total}, which is not the minimum.")
        return right()

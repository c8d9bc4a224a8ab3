"""Random graphs the graph families draw their problems from: connected weighted graphs, DAGs and
trees (networkx objects or edge lists; every draw comes from the task's seeded rng).

    random_connected_graph(rng, 6, extra_edges=3, max_weight=9)   # nx.Graph with "weight" on each edge
    random_dag(rng, 6, n_edges=8)                                 # nx.DiGraph, acyclic
    random_tree(rng, 6, depth_bias=0.5)                           # [(parent, child), ...] over 0..5
"""
from __future__ import annotations

import networkx as nx


def random_connected_graph(rng, n: int, extra_edges: int, max_weight: int) -> nx.Graph:
    """A random spanning tree plus `extra_edges` more edges, weights in 1..max_weight."""
    g = nx.Graph()
    g.add_nodes_from(range(n))
    order = list(range(n))
    rng.shuffle(order)
    for i in range(1, n):
        g.add_edge(order[i], order[rng.randrange(i)], weight=rng.randint(1, max_weight))
    candidates = [(u, v) for u in range(n) for v in range(u + 1, n) if not g.has_edge(u, v)]
    rng.shuffle(candidates)
    for u, v in candidates[:extra_edges]:
        g.add_edge(u, v, weight=rng.randint(1, max_weight))
    return g


def random_dag(rng, n: int, n_edges: int) -> nx.DiGraph:
    """A random DAG: `n_edges` distinct edges that all point forward in a hidden random order."""
    order = list(range(n))
    rng.shuffle(order)
    forward = [(order[i], order[j]) for i in range(n) for j in range(i + 1, n)]
    g = nx.DiGraph()
    g.add_nodes_from(range(n))
    g.add_edges_from(rng.sample(forward, min(n_edges, len(forward))))
    return g


def random_tree(rng, n: int, depth_bias: float = 0.0) -> list[tuple[int, int]]:
    """A random tree on nodes 0..n-1 as (parent, child) edges, rooted at the first node of a
    random order. Each new node hangs under a uniformly random earlier node, or, with probability
    `depth_bias`, under one of the two most recent nodes (long, deep branches)."""
    order = list(range(n))
    rng.shuffle(order)
    edges = []
    for i in range(1, n):
        if i >= 2 and rng.random() < depth_bias:
            j = i - 1 - rng.randrange(2)
        else:
            j = rng.randrange(i)
        edges.append((order[j], order[i]))
    return edges

"""How many topological orders a small DAG has (a dynamic programme over the sets of nodes placed
first)."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int

from .._labels import node_labels
from ._graph_text import listing
from ._random_graphs import random_dag


def count_orders(n: int, edges) -> tuple[int, int]:
    """The number of orders of 0..n-1 putting every edge's tail before its head, and the sets of
    placed nodes (closed under predecessors) the count visits."""
    preds = [0] * n
    for u, v in edges:
        preds[v] |= 1 << u
    ways = {0: 1}
    frontier = [0]
    for _ in range(n):  # layer k holds the placed sets of size k
        nxt: dict[int, int] = {}
        for placed in frontier:
            for v in range(n):
                if not placed >> v & 1 and preds[v] & placed == preds[v]:
                    s = placed | 1 << v
                    nxt[s] = nxt.get(s, 0) + ways[placed]
        ways.update(nxt)
        frontier = sorted(nxt)
    return ways[(1 << n) - 1], len(ways)


@register
class CountTopologicalOrders(Task):
    """Count the orderings of a DAG's nodes that put every edge's start before its end (its
    topological orders, or linear extensions). Listing them is hopeless past a handful; the count
    comes from the number of ways to finish from each set of nodes placed so far. Higher levels
    add nodes and edges, so the constraints interact more."""

    name = "graphs/count_topological_orders"
    knobs = (
        # at most 23 nodes: the count visits up to 2^n sets of placed nodes
        Knob("n_nodes", list(range(4, 24)), (2, 23), doc="number of nodes"),
        Knob("n_edges", [3, 5, 7, 9, 11, 13, 16, 19, 22, 25, 29, 33, 37, 41, 46, 51, 56, 62, 68, 74], (0, 253),
             doc="number of edges (more edges, fewer orders)"),
    )
    answer_format = "a whole number"
    example = "0"  # a DAG always has at least one topological order

    def build(self, rng, params):
        n = params["n_nodes"]
        g = random_dag(rng, n, params["n_edges"])
        edges = sorted(g.edges())
        rng.shuffle(edges)
        count, states = count_orders(n, edges)
        names = node_labels(n)
        question = (f"A directed acyclic graph has nodes {', '.join(names)} and these edges (each goes from the "
                    f"first node to the second):\n{listing([(names[u], names[v]) for u, v in edges], directed=True)}"
                    f"\n\nA topological order lists all {n} nodes once each so that for every edge the first node "
                    f"comes before the second. How many different topological orders are there?")
        return Draft(question, str(count), {"count": count, "states": states, "n_edges": len(edges)})

    def effort(self, problem):
        # the placed sets the count visits, each tried with every node
        return problem.check["states"] * problem.params["n_nodes"]

    def grade(self, answer, problem):
        return grade_int(answer, problem.check["count"], "the number of topological orders")

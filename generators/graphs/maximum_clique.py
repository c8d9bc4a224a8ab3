"""A largest clique of an undirected graph (exact branch and bound over bitmasks): any clique of
the maximum size passes."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._graph_text import bitmask_adjacency, read_nodes, shuffled_listing


def max_clique(adj: list[int]) -> tuple[list[int], int]:
    """A maximum clique (node indices) by Bron-Kerbosch with pivoting and a size bound, and the
    search nodes expanded."""
    best, work = [0], [0]

    def expand(clique: int, cand: int, excl: int) -> None:
        work[0] += 1
        if not cand and not excl:
            if bin(clique).count("1") > bin(best[0]).count("1"):
                best[0] = clique
            return
        if bin(clique).count("1") + bin(cand).count("1") <= bin(best[0]).count("1"):
            return
        pivot = max(_bits(cand | excl), key=lambda u: bin(cand & adj[u]).count("1"))
        for v in _bits(cand & ~adj[pivot]):
            expand(clique | 1 << v, cand & adj[v], excl & adj[v])
            cand &= ~(1 << v)
            excl |= 1 << v

    expand(0, (1 << len(adj)) - 1, 0)
    return _bits(best[0]), work[0]


def _bits(mask: int) -> list[int]:
    out, i = [], 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return out


@register
class MaximumClique(Task):
    """Give a largest clique (a set of nodes all joined to one another) of an undirected graph. A
    clique is planted among random edges together with decoys: near-cliques one edge short of
    the same size, and high-degree nodes that belong to no large clique. Any clique of the
    maximum size passes. Higher levels add nodes, edges, a bigger clique and more decoys."""

    name = "graphs/maximum_clique"
    knobs = (
        Knob("n_nodes", [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 35], (3, 60),
             doc="number of nodes"),
        Knob("clique", [3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8], (2, 20),
             doc="size of the planted clique"),
        Knob("edge_percent", [25, 25, 30, 30, 30, 35, 35, 35, 35, 35, 35, 40, 40, 40, 40, 40, 40, 40, 40, 40],
             (0, 90), doc="chance that any other pair is joined"),
        Knob("decoys", [0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4], (0, 10),
             doc="near-cliques of the same size with one edge missing"),
    )
    answer_format = "the node names of the clique, comma-separated in any order"
    example = "A,Z9"  # Z9 names no node

    def build(self, rng, params):
        n, k = params["n_nodes"], min(params["clique"], params["n_nodes"])
        edges = {(u, v) for u in range(n) for v in range(u + 1, n) if rng.randrange(100) < params["edge_percent"]}
        planted = rng.sample(range(n), k)
        edges |= {(min(u, v), max(u, v)) for u in planted for v in planted if u != v}
        for _ in range(params["decoys"]):
            group = rng.sample(range(n), k)
            pairs = sorted({(min(u, v), max(u, v)) for u in group for v in group if u != v})
            missing = rng.choice(pairs)
            edges |= set(pairs)
            edges.discard(missing)  # may break the planted one too: the search decides
        edges = sorted(edges)
        names = node_labels(n)
        clique, work = max_clique(bitmask_adjacency(names, [(names[u], names[v]) for u, v in edges]))
        question = (f"An undirected graph has nodes {', '.join(names)} and these edges:\n"
                    f"{shuffled_listing(rng, edges, names)}\n\nA clique is a set of nodes in which every two are "
                    f"joined by an edge. Give a clique with as many nodes as possible.")
        return Draft(question, ",".join(sorted(names[v] for v in clique)),
                     {"nodes": names, "edges": [[names[u], names[v]] for u, v in edges], "size": len(clique),
                      "work": work + len(edges)})

    def effort(self, problem):
        # the branch-and-bound search nodes, plus reading every edge
        return problem.check["work"]

    def grade(self, answer, problem):
        c = problem.check
        try:
            given = read_nodes(answer, set(c["nodes"]), arrows=False)
        except ParseError as exc:
            return refused(exc)
        if len(set(given)) != len(given):
            return wrong("A node is listed more than once.")
        edges = {frozenset(e) for e in c["edges"]}
        for i, u in enumerate(given):
            for v in given[i + 1:]:
                if frozenset((u, v)) not in edges:
                    return wrong(f"{u} and {v} are not joined, so that is not a clique.")
        if len(given) != c["size"]:
            return wrong(f"That clique has {len(given)} nodes; a larger one exists.")
        return right()

"""Strongly connected components of a directed graph: the partition is unique; groups and their
members may come in any order."""
from __future__ import annotations

import networkx as nx

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._graph_text import listed_edges, listing, pretty_groups, read_groups


def check_partition(groups: list[list[str]], nodes: list[str], expected: list[list[str]], what: str):
    """None when `groups` is exactly the partition `expected` of `nodes`, else a wrong verdict."""
    seen: set[str] = set()
    for group in groups:
        if not group:
            return wrong("A group is empty.")
        for m in group:
            if m in seen:
                return wrong(f"Node {m} appears more than once.")
            seen.add(m)
    missing = [v for v in nodes if v not in seen]
    if missing:
        return wrong(f"Node {missing[0]} is in no group.")
    if {frozenset(g) for g in groups} != {frozenset(g) for g in expected}:
        return wrong(f"Those groups are not the {what}.")
    return None


def _sizes(rng, n: int, parts: int) -> list[int]:
    cuts = sorted(rng.sample(range(1, n), parts - 1))
    return [b - a for a, b in zip([0] + cuts, cuts + [n])]


@register
class StronglyConnectedComponents(Task):
    """Partition the nodes of a directed graph into strongly connected components (maximal sets
    in which every node can reach every other along the arrows). networkx computes the
    partition; any order of groups and members passes. The graph is built from hidden strongly
    connected blocks joined by one-way edges that never point back, so most blocks look joined
    without being mutually reachable. Higher levels add nodes, blocks, chords inside blocks and
    one-way edges between them."""

    name = "graphs/strongly_connected_components"
    knobs = (
        Knob("n_nodes", [4, 5, 6, 8, 10, 12, 14, 16, 18, 22, 25, 28, 31, 34, 38, 42, 46, 50, 55, 60], (1, 100),
             doc="number of nodes"),
        Knob("n_components", [2, 2, 2, 3, 3, 4, 5, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18], (1, 100),
             doc="hidden strongly connected blocks (at most n_nodes)"),
        Knob("chords", [0, 1, 1, 2, 3, 4, 5, 6, 8, 10, 12, 14, 16, 18, 20, 23, 26, 29, 32, 36], (0, 1000),
             doc="extra edges inside blocks"),
        Knob("cross_edges", [1, 2, 3, 4, 5, 7, 9, 11, 14, 18, 21, 24, 27, 30, 34, 38, 42, 46, 50, 55], (0, 1000),
             doc="one-way edges between blocks (all consistent with one order of the blocks)"),
    )
    answer_format = ("every strongly connected component as its node names in braces, the components "
                     "separated by commas (any order of components and of nodes)")
    example = "{A,C},{B},{D,E,Z9}"  # Z9 is no node's name (names are letters): never an answer

    def build(self, rng, params):
        n, parts = params["n_nodes"], params["n_components"]
        if parts > n:
            raise ValueError(f"knob 'n_components': {parts} is more than n_nodes ({n})")
        labels = list(range(n))
        rng.shuffle(labels)
        blocks, offset = [], 0
        for size in _sizes(rng, n, parts):
            blocks.append(labels[offset:offset + size])
            offset += size
        g = nx.DiGraph()
        g.add_nodes_from(range(n))
        for block in blocks:  # a cycle through the block makes it strongly connected
            if len(block) > 1:
                g.add_edges_from(zip(block, block[1:] + block[:1]))
        big = [b for b in blocks if len(b) > 1]
        for _ in range(params["chords"]):
            if not big:
                break
            block = rng.choice(big)
            u, v = rng.sample(block, 2)
            if len(block) > 2 and not g.has_edge(u, v):
                g.add_edge(u, v)
        for _ in range(params["cross_edges"]):
            if parts < 2:
                break
            i, j = sorted(rng.sample(range(parts), 2))  # blocks keep their order: no edge points back
            g.add_edge(rng.choice(blocks[i]), rng.choice(blocks[j]))
        names = node_labels(n)
        components = sorted(sorted(names[v] for v in comp) for comp in nx.strongly_connected_components(g))
        edges = sorted((names[u], names[v]) for u, v in g.edges())
        question = (f"A directed graph has nodes {', '.join(names)} and these edges (X -> Y goes from X to Y "
                    f"only):\n{listing(edges, directed=True)}\n\n"
                    "List its strongly connected components: maximal groups of nodes in which every node can "
                    "reach every other node by following edges in their direction. A node that lies on no "
                    "cycle is a component on its own.")
        return Draft(question, pretty_groups(components), {"nodes": names, "components": components})

    def effort(self, problem):
        # Tarjan's depth-first search touches every node and every listed edge once
        return len(problem.check["nodes"]) + listed_edges(problem.prompt)

    def grade(self, answer, problem):
        c = problem.check
        try:
            groups = read_groups(answer, set(c["nodes"]))
        except ParseError as exc:
            return refused(exc)
        verdict = check_partition(groups, c["nodes"], c["components"], "strongly connected components")
        return verdict or right()

"""Connected components: the partition of the nodes is unique; groups and members may come in any order."""
from __future__ import annotations

import networkx as nx

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._graph_text import listed_edges, read_groups
from ._random_graphs import random_connected_graph


def _sizes(rng, n: int, parts: int) -> list[int]:
    """A random composition of n into `parts` positive sizes."""
    cuts = sorted(rng.sample(range(1, n), parts - 1))
    return [b - a for a, b in zip([0] + cuts, cuts + [n])]


@register
class ConnectedComponents(Task):
    """List the connected components of an undirected graph given by its edge list. The
    partition is computed by networkx; any order of the groups and of the nodes inside a group
    is accepted, while a missing, duplicated or misplaced node is rejected. Higher levels add
    nodes, more components (including isolated nodes) whose labels are interleaved, and extra
    edges inside components, so long chains must be followed to see what is connected."""

    name = "graphs/connected_components"
    knobs = (
        Knob("n_nodes", [5, 6, 8, 10, 12, 14, 17, 20, 24, 30, 34, 38, 42, 46, 50, 55, 60, 65, 70, 76], (1, 200),
             doc="number of nodes"),
        Knob("n_components", [2, 2, 3, 3, 4, 4, 5, 6, 7, 8, 9, 10, 10, 11, 12, 13, 14, 15, 16, 17], (1, 200),
             doc="number of connected components (at most n_nodes)"),
        Knob("extra_edges", [0, 1, 1, 2, 3, 4, 5, 6, 8, 10, 12, 14, 16, 18, 20, 23, 26, 29, 32, 36], (0, 1000),
             doc="edges beyond a spanning forest, each inside a component"),
    )
    answer_format = ("every component as its node names in braces, the components separated by commas "
                     "(any order of components and of nodes)")
    example = "{A,C},{B},{D,E,Z9}"  # Z9 is no node's name (names are letters): never an answer

    def build(self, rng, params):
        n, parts = params["n_nodes"], params["n_components"]
        if parts > n:
            raise ValueError(f"knob 'n_components': {parts} is more than n_nodes ({n})")
        labels = list(range(n))
        rng.shuffle(labels)  # interleave the components' names
        sizes = _sizes(rng, n, parts)
        # spread the extra edges over the components that have room for them
        extra = [0] * parts
        room = [s * (s - 1) // 2 - (s - 1) for s in sizes]
        for _ in range(params["extra_edges"]):
            open_parts = [i for i in range(parts) if room[i] > extra[i]]
            if not open_parts:
                break
            extra[rng.choice(open_parts)] += 1
        g = nx.Graph()
        g.add_nodes_from(range(n))
        offset = 0
        for size, more in zip(sizes, extra):
            part = random_connected_graph(rng, size, more, 1)
            g.add_edges_from((labels[offset + u], labels[offset + v]) for u, v in part.edges())
            offset += size
        names = node_labels(n)
        components = sorted(sorted(names[v] for v in comp) for comp in nx.connected_components(g))
        edges = sorted(tuple(sorted((names[u], names[v]))) for u, v in g.edges())
        listing = "\n".join(f"{u} - {v}" for u, v in edges) if edges else "(none)"
        question = (f"An undirected graph has nodes {', '.join(names)} and these edges:\n{listing}\n\n"
                    "List its connected components: groups of nodes joined to each other by paths. "
                    "A node with no edges is a component on its own.")
        answer = ",".join("{" + ",".join(comp) + "}" for comp in components)
        return Draft(question, answer, {"nodes": names, "components": components})

    def effort(self, problem):
        # a search from every unvisited node touches each node and each listed edge once
        return len(problem.check["nodes"]) + listed_edges(problem.prompt)

    def grade(self, answer, problem):
        c = problem.check
        nodes = set(c["nodes"])
        try:
            groups = read_groups(answer, nodes)
        except ParseError as exc:
            return refused(exc)
        seen: set[str] = set()
        partition = set()
        for members in groups:
            if not members:
                return wrong("A component is empty.")
            for m in members:
                if m in seen:
                    return wrong(f"Node {m} appears more than once.")
                seen.add(m)
            partition.add(frozenset(members))
        missing = sorted(nodes - seen)
        if missing:
            return wrong(f"Node {missing[0]} is in no component.")
        if partition != {frozenset(comp) for comp in c["components"]}:
            return wrong("Those groups are not the connected components.")
        return right()

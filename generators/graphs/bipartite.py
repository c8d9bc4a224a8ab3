"""Bipartiteness with a witness: a proper 2-colouring proves a graph bipartite and an odd cycle
proves it is not, so the verifier checks the witness itself, never string equality."""
from __future__ import annotations

import re

import networkx as nx

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._graph_text import listing, pretty_groups, read_groups, read_nodes

# a verdict before the witness: "yes: {A,C},{B,D}", "Not bipartite. A,B,C"
_VERDICT_WORD = re.compile(r"^\s*(yes|no|not\s+bipartite|bipartite)\b\s*[:,;.-]?\s*", re.IGNORECASE)


def odd_cycle(g: nx.Graph) -> list | None:
    """An odd cycle of `g` as a node list, or None when g is bipartite.

    Breadth-first search from each component; an edge between two nodes at the same depth
    closes an odd cycle through their lowest common ancestor in the search tree.
    """
    depth: dict = {}
    parent: dict = {}
    for root in g:
        if root in depth:
            continue
        depth[root], parent[root] = 0, None
        queue = [root]
        for u in queue:
            for v in g[u]:
                if v not in depth:
                    depth[v], parent[v] = depth[u] + 1, u
                    queue.append(v)
        for u in queue:
            for v in g[u]:
                if depth[v] == depth[u]:
                    left, right_side = [u], [v]
                    while left[-1] != right_side[-1]:
                        left.append(parent[left[-1]])
                        right_side.append(parent[right_side[-1]])
                    return left + right_side[-2::-1]
    return None


def _sizes(rng, n: int, parts: int) -> list[int]:
    """n split into `parts` sizes of at least 2."""
    cuts = sorted(rng.sample(range(1, n - parts), parts - 1)) if parts > 1 else []
    return [b - a + 1 for a, b in zip([0] + cuts, cuts + [n - parts])]


@register
class BipartiteCheck(Task):
    """Decide whether an undirected graph is bipartite and prove it: two sides with no edge
    inside either, or an odd cycle. networkx decides; the verifier checks the witness, so any
    valid 2-colouring or any odd cycle passes. Graphs are built bipartite and, about half the
    time, spoiled by one edge whose odd cycle is long at higher levels. Higher levels add
    nodes, edges, components (each coloured on its own) and longer shortest odd cycles."""

    name = "graphs/bipartite_check"
    knobs = (
        Knob("n_nodes", [4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 22, 25, 28, 31, 34, 38, 42, 46, 50, 55], (2, 200),
             doc="number of nodes"),
        Knob("extra_edges", [1, 1, 2, 2, 3, 4, 6, 8, 10, 12, 14, 16, 18, 20, 23, 26, 29, 32, 36, 40], (0, 1000),
             doc="edges beyond a spanning forest, each joining nodes 3 steps apart (so the two hidden sides stay)"),
        Knob("n_components", [1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5], (1, 100),
             doc="connected components (each of at least 2 nodes)"),
        Knob("odd_percent", [50] * 20, (0, 100), doc="chance of adding an edge that closes an odd cycle"),
        Knob("min_odd_cycle", [3, 3, 3, 5, 5, 5, 7, 7, 9, 9, 11, 11, 13, 13, 15, 15, 17, 17, 19, 21], (3, 399),
             doc="the spoiling edge closes an odd cycle at least this long when the graph allows"),
    )
    answer_format = ("if the graph is bipartite, its two sides as two groups of node names in braces, e.g. "
                     "{A,C,E},{B,D}; if it is not, an odd cycle as the node names along it, comma-separated, "
                     "e.g. A,B,C for the cycle A-B-C-A")
    example = "{A,C},{B,Z9}"  # Z9 is no node's name (names are letters): never an answer

    def build(self, rng, params):
        n, parts = params["n_nodes"], params["n_components"]
        if 2 * parts > n:
            raise ValueError(f"knob 'n_components': {parts} components need at least {2 * parts} nodes, "
                             f"n_nodes is {n}")
        labels = list(range(n))
        rng.shuffle(labels)
        g = nx.Graph()
        g.add_nodes_from(range(n))
        side: dict[int, int] = {}
        comps, offset = [], 0
        for size in _sizes(rng, n, parts):
            comp = labels[offset:offset + size]
            offset += size
            comps.append(comp)
            side[comp[0]] = rng.randrange(2)
            for i in range(1, size):
                anchor = comp[rng.randrange(max(0, i - 3), i)]  # a long, thin tree
                side[comp[i]] = 1 - side[anchor]
                g.add_edge(anchor, comp[i])
        spoiler = None
        if rng.randrange(100) < params["odd_percent"]:
            comp = max(comps, key=len)  # the largest has room for a long odd cycle
            hops = nx.single_source_shortest_path_length(g, rng.choice(comp))
            u = rng.choice(sorted(v for v, d in hops.items() if d == max(hops.values())))  # a far-out node
            hops = nx.single_source_shortest_path_length(g, u)
            same = [(d, v) for v, d in hops.items() if d >= 2 and side[v] == side[u]]
            if same:
                want = params["min_odd_cycle"] - 1
                far = [v for d, v in same if d >= want]
                v = rng.choice(sorted(far)) if far else max(same)[1]
                spoiler = (u, v, min(want, hops[v]))
        for _ in range(params["extra_edges"]):  # local chords (3 hops become 1) keep distances long
            comp = rng.choice(comps)
            a = rng.choice(comp)
            near = nx.single_source_shortest_path_length(g, a, cutoff=3)
            three = sorted(b for b, d in near.items() if d == 3)
            if not three:
                continue
            b = rng.choice(three)
            g.add_edge(a, b)
            if spoiler and a in comp and spoiler[0] in comp:  # keep the coming odd cycle long
                u, v, keep = spoiler
                if nx.single_source_shortest_path_length(g, u, cutoff=keep - 1).get(v) is not None:
                    g.remove_edge(a, b)
        if spoiler:
            g.add_edge(spoiler[0], spoiler[1])
        names = node_labels(n)
        edges = sorted(tuple(sorted((names[a], names[b]))) for a, b in g.edges())
        question = (f"An undirected graph has nodes {', '.join(names)} and these edges:\n{listing(edges)}\n\n"
                    "Is the graph bipartite, that is, can its nodes be split into two groups so that every "
                    "edge joins nodes of different groups? If it is, give such a split; if it is not, give "
                    "a cycle with an odd number of edges as proof.")
        if nx.is_bipartite(g):
            colour = nx.bipartite.color(g)
            groups = [sorted(names[v] for v in g if colour[v] == k) for k in (0, 1)]
            answer = pretty_groups(groups)
        else:
            answer = ",".join(names[v] for v in odd_cycle(g))
        return Draft(question, answer, {"nodes": names, "edges": [list(e) for e in edges]})

    def effort(self, problem):
        # a breadth-first 2-colouring visits every node and edge, then the witness is written out
        c = problem.check
        return len(c["nodes"]) + len(c["edges"]) + len(problem.answer.split(","))

    def grade(self, answer, problem):
        c = problem.check
        nodes = c["nodes"]
        adjacent = {frozenset(e) for e in c["edges"]}
        m = _VERDICT_WORD.match(answer)
        says = None if m is None else m.group(1).lower() in ("yes", "bipartite")
        text = answer[m.end():] if m else answer
        try:
            groups = read_groups(text, set(nodes))
        except ParseError:
            groups = None
        if groups is not None and len(groups) != 1:
            if says is False:
                return wrong("The answer says the graph is not bipartite but gives two groups.")
            return self._grade_split(groups, nodes, adjacent)
        try:
            cycle = read_nodes(text, set(nodes))
        except ParseError as exc:
            return refused(exc)
        if says is True:
            return wrong("The answer says the graph is bipartite but gives a cycle.")
        return self._grade_cycle(cycle, adjacent)

    @staticmethod
    def _grade_split(groups, nodes, adjacent):
        if len(groups) != 2:
            return wrong("Give exactly two groups.")
        side = {}
        for k, group in enumerate(groups):
            for v in group:
                if v in side:
                    return wrong(f"Node {v} appears more than once.")
                side[v] = k
        missing = [v for v in nodes if v not in side]
        if missing:
            return wrong(f"Node {missing[0]} is in neither group.")
        for e in sorted(adjacent, key=sorted):  # sorted: a set's order depends on PYTHONHASHSEED
            u, v = sorted(e)
            if side[u] == side[v]:
                return wrong(f"The edge {u} - {v} joins two nodes of the same group.")
        return right()

    @staticmethod
    def _grade_cycle(cycle, adjacent):
        if len(cycle) > 1 and cycle[0] == cycle[-1]:
            cycle = cycle[:-1]
        if len(set(cycle)) != len(cycle):
            return wrong("A cycle may not repeat a node.")
        if len(cycle) < 3 or len(cycle) % 2 == 0:
            return wrong(f"A cycle through {len(cycle)} nodes is not an odd cycle.")
        for u, v in zip(cycle, cycle[1:] + cycle[:1]):
            if frozenset((u, v)) not in adjacent:
                return wrong(f"There is no edge {u}-{v}.")
        return right()

"""Graph isomorphism: are two small graphs, drawn with different labels, the same graph?"""
from __future__ import annotations

import networkx as nx

from procgym import Draft, Knob, Task, register
from procgym.kit import read_choice, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._graph_text import listed_edges
from ._random_graphs import random_connected_graph

NO_KINDS = ("edges", "degrees", "same_degrees", "same_triangles")
YES = {"yes", "true", "isomorphic", "they are isomorphic", "yes, they are isomorphic"}
ANSWERS = YES | {"no", "false", "not isomorphic", "non-isomorphic", "nonisomorphic", "they are not isomorphic",
                 "no, they are not isomorphic"}


def _degrees(g: nx.Graph) -> list[int]:
    return sorted(d for _, d in g.degree())


def _triangles(g: nx.Graph) -> int:
    return sum(nx.triangles(g).values())


def _swap(rng, g: nx.Graph) -> nx.Graph | None:
    """A copy of g with one double-edge swap (a-b, c-d become a-d, c-b), or None if none applied."""
    edges = sorted(g.edges())
    for _ in range(20):
        (a, b), (c, d) = rng.sample(edges, 2)
        if rng.random() < 0.5:
            c, d = d, c
        if len({a, b, c, d}) < 4 or g.has_edge(a, d) or g.has_edge(c, b):
            continue
        h = g.copy()
        h.remove_edges_from([(a, b), (c, d)])
        h.add_edges_from([(a, d), (c, b)])
        return h
    return None


def _rewire(rng, g: nx.Graph) -> nx.Graph | None:
    """A copy of g with one edge end moved (a-b becomes a-c): same edge count, new degrees."""
    edges = sorted(g.edges())
    nodes = sorted(g.nodes)
    for _ in range(20):
        a, b = rng.choice(edges)
        c = rng.choice(nodes)
        if c in (a, b) or g.has_edge(a, c):
            continue
        h = g.copy()
        h.remove_edge(a, b)
        h.add_edge(a, c)
        if _degrees(h) != _degrees(g):
            return h
    return None


def _near_miss(rng, g: nx.Graph, kind: str) -> nx.Graph | None:
    """A graph that resembles g as much as `kind` asks: one edge more or fewer ('edges'), the
    same edge count ('degrees'), the same degree sequence and connectivity ('same_degrees'), and
    also the same triangle count ('same_triangles'). It may still be isomorphic to g: the caller
    checks with networkx."""
    if kind == "edges":
        h = g.copy()
        missing = [(u, v) for u in sorted(g) for v in sorted(g) if u < v and not g.has_edge(u, v)]
        if missing and rng.random() < 0.5:
            h.add_edge(*rng.choice(missing))
        else:
            u, v = rng.choice(sorted(g.edges()))
            h.remove_edge(u, v)
        return h
    if kind == "degrees":
        return _rewire(rng, g)
    for _ in range(12):
        h = g
        for _ in range(rng.randint(1, 2)):
            h = _swap(rng, h) or h
        if h is g or not nx.is_connected(h):
            continue
        if kind == "same_triangles" and _triangles(h) != _triangles(g):
            continue
        return h
    return None


@register
class GraphIsomorphism(Task):
    """Decide whether two undirected graphs, one labelled with letters and one with numbers, are
    isomorphic (the same graph up to renaming the nodes). networkx's is_isomorphic (VF2) gives
    the reference. The "no" cases are near misses: at level 1 they differ in edge count, then in
    degree sequence only; from level 4 they have the same degree sequence and are connected, and
    from level 7 also the same number of triangles, so only a real mapping attempt decides.
    Higher levels also add nodes and edges."""

    name = "graphs/graph_isomorphism"
    knobs = (
        Knob("n_nodes", [4, 5, 5, 6, 7, 8, 8, 9, 10, 11, 12, 12, 13, 14, 14, 15, 16, 17, 18, 20], (3, 40),
             doc="nodes per graph"),
        Knob("extra_edges", [0, 1, 2, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20], (0, 100),
             doc="edges beyond a spanning tree"),
        Knob("no_kind", ["edges", "degrees", "degrees"] + ["same_degrees"] * 3 + ["same_triangles"] * 14,
             choices=NO_KINDS, doc="how closely a non-isomorphic second graph resembles the first"),
        Knob("yes_percent", [50] * 20, (0, 100), doc="chance that the second graph is a relabelled copy"),
    )
    answer_format = "yes or no"
    example = "no"
    closed_answers = True  # yes or no: the example is one of the two answers

    def build(self, rng, params):
        n = params["n_nodes"]
        want_yes = rng.randrange(100) < params["yes_percent"]
        same = None  # networkx's verdict, once computed
        for _ in range(30):
            g = random_connected_graph(rng, n, params["extra_edges"], 1)
            if want_yes:
                h = g
                break
            kind = params["no_kind"]
            h = _near_miss(rng, g, kind)
            if h is None and kind == "same_triangles":
                h = _near_miss(rng, g, "same_degrees")
            if h is not None and not nx.is_isomorphic(g, h):
                same = False  # renaming the nodes below does not change this
                break
        else:  # pragma: no cover - a near miss is found within a few tries for these sizes
            h = g
        perm = list(range(n))
        rng.shuffle(perm)
        h = nx.relabel_nodes(h, {v: perm[v] for v in range(n)})
        if same is None:
            same = nx.is_isomorphic(g, h)
        letters = node_labels(n)
        first = [(letters[u], letters[v]) for u, v in g.edges()]
        second = [(str(u + 1), str(v + 1)) for u, v in h.edges()]
        for edges in (first, second):
            for i, (u, v) in enumerate(edges):
                if rng.random() < 0.5:
                    edges[i] = (v, u)
            rng.shuffle(edges)
        question = (f"Graph 1 has nodes {', '.join(letters)} and these edges:\n"
                    + "\n".join(f"{u} - {v}" for u, v in first)
                    + f"\n\nGraph 2 has nodes {', '.join(str(i + 1) for i in range(n))} and these edges:\n"
                    + "\n".join(f"{u} - {v}" for u, v in second)
                    + "\n\nBoth graphs are undirected. Are they isomorphic, that is, can the nodes of graph 1 be "
                      "renamed one-to-one as the nodes of graph 2 so that the edges match exactly?")
        return Draft(question, "yes" if same else "no", {"isomorphic": same})

    def effort(self, problem):
        # both graphs read and refined node by node and edge by edge before a mapping is tried
        return 2 * problem.params["n_nodes"] + listed_edges(problem.prompt)

    def grade(self, answer, problem):
        try:
            said = read_choice(answer, ANSWERS) in YES
        except ParseError as exc:
            return refused(exc)
        if said == problem.check["isomorphic"]:
            return right()
        return wrong("That is not the right decision for these two graphs.")

"""Articulation points and bridges: both are unique sets, accepted in any order."""
from __future__ import annotations

import networkx as nx

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, read_parts, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._graph_text import listed_edges, listing, pretty_edges, read_edges, read_nodes, says_none


def block_graph(rng, n: int, max_block: int, bridge_percent: int, chords: int) -> nx.Graph:
    """A connected graph grown block by block: each new block is a bridge to a new node or a
    cycle through an existing node and new ones; chords stay inside their cycle."""
    g = nx.Graph()
    g.add_node(0)
    cycles = []
    size = 1
    while size < n:
        at = rng.randrange(size)
        room = n - size
        if max_block < 3 or room < 2 or rng.randrange(100) < bridge_percent:
            g.add_edge(at, size)
            size += 1
            continue
        k = rng.randint(2, min(max_block - 1, room))
        ring = [at] + list(range(size, size + k))
        g.add_edges_from(zip(ring, ring[1:] + ring[:1]))
        cycles.append(ring)
        size += k
    for _ in range(chords):
        ring = [c for c in cycles if len(c) > 3]
        if not ring:
            break
        u, v = rng.sample(rng.choice(ring), 2)
        g.add_edge(u, v)
    return g


POINT_LABELS = {"articulation points", "articulation point", "points", "cut vertices", "cut points"}
BRIDGE_LABELS = {"bridges", "bridge", "cut edges"}


def _read_points(text: str, nodes: set) -> set[str]:
    if says_none(text, {"no articulation points", "there are none"}):
        return set()
    given = read_nodes(text, nodes, arrows=False)
    if len(set(given)) != len(given):
        raise NotAnAnswer("a node is listed twice")
    return set(given)


def _read_bridges(text: str, nodes: set) -> set[frozenset]:
    if says_none(text, {"no bridges", "there are none"}):
        return set()
    given = [frozenset(e) for e in read_edges(text, nodes)]
    if any(len(e) != 2 for e in given):
        raise NotAnAnswer("an edge joins a node to itself")
    if len(set(given)) != len(given):
        raise NotAnAnswer("an edge is listed twice")
    return set(given)


@register
class ArticulationPointsBridges(Task):
    """The articulation points (nodes whose removal disconnects the graph) or the bridges (edges
    whose removal disconnects it) of a connected undirected graph, or both, as sets in any
    order. networkx computes both sets. The graph is grown from cycles and single edges glued
    at shared nodes, then random edges merge some blocks, so long cycles look fragile without
    being so. Higher levels add nodes, longer cycles, chords, merging edges, and ask for both
    sets at once."""

    name = "graphs/articulation_points_bridges"
    knobs = (
        Knob("n_nodes", [5, 6, 7, 8, 10, 12, 14, 16, 18, 22, 25, 28, 31, 34, 38, 42, 46, 50, 55, 60], (2, 200),
             doc="number of nodes"),
        Knob("max_block", [3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13], (2, 200),
             doc="largest cycle block"),
        Knob("bridge_percent", [45, 45, 40, 40, 35, 35, 35, 30, 30, 30,
             30, 28, 28, 26, 26, 25, 25, 24, 24, 22], (0, 100),
             doc="chance that a new block is a single edge"),
        Knob("chords", [0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9], (0, 100),
             doc="chords inside cycle blocks"),
        Knob("extra_edges", [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 9], (0, 1000),
             doc="random edges anywhere, which may merge blocks"),
        Knob("ask", [["points", "bridges"]] * 6 + ["both"] * 14,
             choices=("points", "bridges", "both"),
             doc="what is asked: the articulation points, the bridges, or both"),
    )
    answer_format = "a comma-separated list"
    example = "B,Z9"  # Z9 is no node's name (names are letters): never an answer

    def build(self, rng, params):
        n = params["n_nodes"]
        g = block_graph(rng, n, params["max_block"], params["bridge_percent"], params["chords"])
        for _ in range(params["extra_edges"]):
            u, v = rng.sample(range(n), 2)
            g.add_edge(u, v)
        perm = list(range(n))
        rng.shuffle(perm)  # hide the growth order in the labels
        ordered = node_labels(n)
        names = [ordered[i] for i in perm]
        points = sorted(names[v] for v in nx.articulation_points(g))
        bridges = sorted(tuple(sorted((names[u], names[v]))) for u, v in nx.bridges(g))
        edges = sorted(tuple(sorted((names[u], names[v]))) for u, v in g.edges())
        question = (f"A connected undirected graph has nodes {', '.join(ordered)} and these edges:\n"
                    f"{listing(edges)}\n\n")
        p_def = "An articulation point is a node whose removal (with its edges) disconnects the graph. "
        b_def = "A bridge is an edge whose removal disconnects the graph. "
        ask = params["ask"]
        points_text = ",".join(points) or "none"
        bridges_text = pretty_edges(bridges) or "none"
        check = {"nodes": ordered, "points": points, "bridges": [list(b) for b in bridges], "ask": ask}
        if ask == "points":
            question += p_def + "List all the articulation points."
            fmt = ("the articulation points as a comma-separated list of node names (any order), or none if "
                   "there are none")
            return Draft(question, points_text, check, answer_format=fmt, example="B,Z9")
        if ask == "bridges":
            question += b_def + "List all the bridges."
            fmt = "the bridges as a comma-separated list of edges like A-B (any order), or none if there are none"
            return Draft(question, bridges_text, check, answer_format=fmt, example="A-B, E-Z9")
        question += p_def + b_def + "List all the articulation points and all the bridges."
        fmt = ("the articulation points as a comma-separated list of node names, then a semicolon, then the "
               "bridges as a comma-separated list of edges like A-B (any order; write none for an empty list)")
        return Draft(question, f"{points_text}; {bridges_text}", check, answer_format=fmt, example="B,E; A-B, E-Z9")

    def effort(self, problem):
        # Tarjan's depth-first search visits every node and every listed edge once
        return len(problem.check["nodes"]) + listed_edges(problem.prompt)

    def grade(self, answer, problem):
        c = problem.check
        nodes = set(c["nodes"])
        points = set(c["points"])
        bridges = {frozenset(b) for b in c["bridges"]}
        ask = c["ask"]
        try:
            if ask == "points":
                if _read_points(read_parts(answer, [POINT_LABELS])[0], nodes) != points:
                    return wrong("Those are not the articulation points.")
                return right()
            if ask == "bridges":
                if _read_bridges(read_parts(answer, [BRIDGE_LABELS])[0], nodes) != bridges:
                    return wrong("Those are not the bridges.")
                return right()
            first, second = read_parts(answer, [POINT_LABELS, BRIDGE_LABELS])
            given_points, given_bridges = _read_points(first, nodes), _read_bridges(second, nodes)
        except ParseError as exc:
            return refused(exc)
        if given_points != points:
            return wrong("The articulation points are wrong.")
        if given_bridges != bridges:
            return wrong("The bridges are wrong.")
        return right()

"""Eulerian paths and circuits: any walk that uses every edge exactly once passes; "none" passes
only when networkx finds that no such walk exists."""
from __future__ import annotations

from collections import Counter

import networkx as nx

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._graph_text import listing, read_nodes, says_none

NO_WALK = {"no such walk", "no such path", "no such circuit", "no eulerian path", "no eulerian circuit",
           "no eulerian walk", "impossible", "not possible", "does not exist"}


def _key(u, v, directed: bool):
    return (u, v) if directed else frozenset((u, v))


def cycle_union(rng, n: int, n_cycles: int, max_cycle: int, directed: bool) -> nx.Graph:
    """Edge-disjoint random cycles, each sharing a node with the ones before: every node has
    even degree (in = out when directed) and the edges are connected."""
    g = nx.DiGraph() if directed else nx.Graph()
    uncovered = list(range(n))
    rng.shuffle(uncovered)
    covered: list[int] = []
    for c in range(n_cycles):
        for _attempt in range(10):
            size = rng.randint(3, max(3, min(max_cycle, n)))
            ring = [] if not covered else [rng.choice(covered)]
            fresh = uncovered[:max(0, size - len(ring) - (1 if covered and c % 2 else 0))]
            ring += fresh
            pool = [v for v in range(n) if v not in ring]
            rng.shuffle(pool)
            ring += pool[:size - len(ring)]
            if len(ring) < 3:
                continue
            rng.shuffle(ring)
            pairs = list(zip(ring, ring[1:] + ring[:1]))
            if any(g.has_edge(u, v) for u, v in pairs):
                continue
            g.add_edges_from(pairs)
            covered += [v for v in ring if v not in covered]
            uncovered = [v for v in uncovered if v not in ring]
            break
    return g


def _missing_edge(rng, g, nodes, avoid=()):
    """A new edge (u, v) between distinct nodes, avoiding the nodes in `avoid`, or None."""
    for _ in range(30):
        u, v = rng.sample(nodes, 2)
        if u not in avoid and v not in avoid and not g.has_edge(u, v):
            return u, v
    return None


@register
class EulerianPath(Task):
    """Find a walk that uses every edge of a graph exactly once (an Eulerian path), or one that
    also returns to its start (an Eulerian circuit), or answer none. networkx decides existence
    and gives a reference walk; the verifier replays any walk edge by edge. Graphs are unions of
    cycles, sometimes with one added edge (a path but no circuit) or two (neither), or split in
    two pieces. Higher levels add nodes and cycles, make the edges one-way, and ask for circuits,
    where a graph with only an open Eulerian path has no answer."""

    name = "graphs/eulerian_path"
    knobs = (
        Knob("n_nodes", [4, 5, 5, 6, 7, 8, 9, 10, 12, 14, 15, 16, 18, 19, 20, 22, 24, 26, 28, 30], (3, 100),
             doc="number of nodes available"),
        Knob("n_cycles", [1, 2, 2, 3, 3, 4, 4, 5, 6, 7, 8, 8, 9, 9, 10, 10, 11, 12, 13, 14], (1, 100),
             doc="edge-disjoint cycles glued together"),
        Knob("max_cycle", [4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 8, 9, 9, 9, 10, 10, 10, 11, 11, 12], (3, 100),
             doc="longest cycle"),
        Knob("directed", [False] * 4 + [[False, True]] + [True] * 15, doc="one-way edges"),
        Knob("ask", ["path"] * 3 + [["path", "circuit"]] * 4 + ["circuit"] * 13,
             choices=("path", "circuit"), doc="'path': may end anywhere; 'circuit': must end where it starts"),
        Knob("none_percent", [20, 20, 25, 25, 25, 30, 30, 30, 30, 30,
             30, 30, 30, 30, 30, 30, 30, 30, 30, 30], (0, 100),
             doc="chance the graph is spoiled so that no such walk exists"),
    )
    answer_format = ("the walk as a comma-separated list of node names in the order visited (a node appears "
                     "again each time it is revisited), or none if no such walk exists")
    example = "A,B,C,A,Z9"  # Z9 is no node's name (names are letters): never an answer

    def build(self, rng, params):
        n, directed, ask = params["n_nodes"], params["directed"], params["ask"]
        g = cycle_union(rng, n, params["n_cycles"], params["max_cycle"], directed)
        nodes = sorted(g.nodes)
        if rng.randrange(100) < params["none_percent"]:
            if rng.randrange(2) and len(nodes) <= n - 3:  # a separate piece elsewhere
                rest = [v for v in range(n) if v not in g]
                piece = rng.sample(rest, 3)
                g.add_edges_from(zip(piece, piece[1:] + piece[:1]))
            else:  # two unbalanced additions: four odd (or unbalanced) nodes
                first = _missing_edge(rng, g, nodes)
                if first:
                    g.add_edge(*first)
                    second = _missing_edge(rng, g, nodes, avoid=first)
                    if second:
                        g.add_edge(*second)
        elif rng.randrange(100) < (50 if ask == "path" else 40):
            extra = _missing_edge(rng, g, nodes)
            if extra:
                g.add_edge(*extra)
        names = {v: lab for v, lab in zip(sorted(g.nodes), node_labels(g.number_of_nodes()))}
        if ask == "circuit":
            exists = nx.is_eulerian(g)
            steps = list(nx.eulerian_circuit(g)) if exists else []
            walk = [u for u, _ in steps] + [steps[0][0]] if exists else []
        else:
            exists = nx.has_eulerian_path(g)
            steps = list(nx.eulerian_path(g)) if exists else []
            walk = [steps[0][0]] + [v for _, v in steps] if exists else []
        edges = sorted((names[u], names[v]) if directed else tuple(sorted((names[u], names[v])))
                       for u, v in g.edges())
        labels = [names[v] for v in sorted(g.nodes)]
        kind = "A directed graph" if directed else "An undirected graph"
        note = " (X -> Y may be used from X to Y only)" if directed else ""
        question = f"{kind} has nodes {', '.join(labels)} and these edges{note}:\n"
        question += listing(edges, directed=directed) + "\n\n"
        if ask == "circuit":
            question += ("Find a closed walk that uses every edge exactly once and ends at the node where it "
                         "starts (an Eulerian circuit), or say none if there is no such walk.")
        else:
            question += ("Find a walk that uses every edge exactly once (an Eulerian path; it may start and end "
                         "at any nodes), or say none if there is no such walk.")
        if directed:
            question += " Edges must be followed in their direction."
        answer = ",".join(names[v] for v in walk) if exists else "none"
        return Draft(question, answer, {"nodes": labels, "edges": [list(e) for e in edges], "directed": directed,
                                        "closed": ask == "circuit", "exists": exists})

    def effort(self, problem):
        # degree counts and connectivity over all nodes and edges, then (when a walk exists)
        # Hierholzer's walk uses every edge once more
        c = problem.check
        return len(c["nodes"]) + len(c["edges"]) * (2 if c["exists"] else 1)

    def grade(self, answer, problem):
        c = problem.check
        if says_none(answer, NO_WALK):
            return right() if not c["exists"] else wrong("Such a walk exists.")
        try:
            walk = read_nodes(answer, set(c["nodes"]))
        except ParseError as exc:
            return refused(exc)
        directed = c["directed"]
        left = Counter(_key(u, v, directed) for u, v in c["edges"])
        if len(walk) != len(c["edges"]) + 1:
            return wrong(f"The walk must use all {len(c['edges'])} edges, so visit {len(c['edges']) + 1} nodes "
                         f"counting repeats, not {len(walk)}.")
        for u, v in zip(walk, walk[1:]):
            key = _key(u, v, directed)
            if key not in left:
                return wrong(f"There is no edge {u}{'->' if directed else '-'}{v}.")
            if left[key] == 0:
                return wrong(f"The edge {u}{'->' if directed else '-'}{v} is used twice.")
            left[key] -= 1
        if c["closed"] and walk[0] != walk[-1]:
            return wrong("The walk must end where it starts.")
        return right()

"""Graph colouring: any proper colouring with at most k colours is correct."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, read_int, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._graph_text import bitmask_adjacency, read_pairs
from ._random_graphs import random_connected_graph


def _greedy_clique(adj: list[int], n: int) -> int:
    """The size of a large clique, grown greedily from every vertex: a lower bound on chi."""
    best = 1 if n else 0
    for start in range(n):
        clique, candidates = 1, adj[start]
        while candidates:
            # the candidate with the most neighbours among the remaining candidates
            v = max((u for u in range(n) if candidates >> u & 1), key=lambda u: (adj[u] & candidates).bit_count())
            clique += 1
            candidates &= adj[v]
        best = max(best, clique)
    return best


def _colour_with(adj: list[int], n: int, k: int, stats: dict | None = None) -> list[int] | None:
    """A proper colouring with colours 1..k, or None: DSATUR-ordered backtracking.

    A vertex may only open the next unused colour, so colour permutations are never revisited.
    With `stats`, stats["nodes"] counts the search nodes visited.
    """
    colours = [0] * n

    def saturation(v: int) -> int:
        seen, m = 0, adj[v]
        while m:
            low = m & -m
            seen |= 1 << colours[low.bit_length() - 1]
            m ^= low
        return seen & ~1  # bit 0 is "uncoloured"

    def search(done: int, used: int) -> bool:
        if stats is not None:
            stats["nodes"] = stats.get("nodes", 0) + 1
        if done == n:
            return True
        pick, pick_key, pick_seen = -1, (-1, -1), 0
        for v in range(n):
            if colours[v]:
                continue
            seen = saturation(v)
            key = (seen.bit_count(), adj[v].bit_count())
            if key > pick_key:
                pick, pick_key, pick_seen = v, key, seen
        for c in range(1, min(k, used + 1) + 1):
            if pick_seen >> c & 1:
                continue
            colours[pick] = c
            if search(done + 1, max(used, c)):
                return True
            colours[pick] = 0
        return False

    return colours if search(0, 0) else None


def chromatic_colouring(adj: list[int], n: int, stats: dict | None = None) -> tuple[int, list[int]]:
    """The chromatic number and an optimal colouring (colours 1..chi), by exact search.

    Tries k = clique bound, clique bound + 1, ... until the backtracking search succeeds; every
    smaller k was refuted exhaustively, so the first success is optimal. With `stats`,
    stats["nodes"] counts the backtracking nodes over every k tried.
    """
    if n == 0:
        return 0, []
    k = _greedy_clique(adj, n)
    while True:
        colouring = _colour_with(adj, n, k, stats)
        if colouring is not None:
            return k, colouring
        k += 1


def _colour(text: str) -> int:
    """A colour number (the range is checked by the caller)."""
    try:
        return read_int(text)
    except NotAnAnswer:
        raise NotAnAnswer(f"{text[:20]!r} is not a colour number: write NODE=COLOUR, e.g. A=1") from None


@register
class GraphColoring(Task):
    """Colour the nodes of an undirected graph with at most k colours so that no edge joins two
    nodes of the same colour. k is at least the chromatic number, computed exactly by a
    backtracking search, so every instance is colourable. Higher levels add nodes and edges
    (denser graphs need more colours and more backtracking) and remove the spare colour, so
    from level 5 on k equals the chromatic number and only an optimal colouring fits."""

    name = "graphs/graph_coloring"
    knobs = (
        Knob("n_nodes", [4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40], (2, 60),
             doc="number of nodes"),
        Knob("extra_edges", [1, 2, 3, 5, 7, 10, 14, 18, 24, 32, 38, 44, 50, 56, 62, 68, 76, 84, 92, 100], (0, 600),
             doc="edges beyond a spanning tree"),
        Knob("spare_colours", [1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], (0, 10),
             doc="colours allowed beyond the chromatic number"),
    )
    answer_format = ("each node's colour as NODE=COLOUR, comma-separated, colours numbered from 1 "
                     "(nodes in any order)")
    example = "A=1,B=2,C=1"
    several_answers = True  # any proper colouring passes

    def build(self, rng, params):
        n = params["n_nodes"]
        g = random_connected_graph(rng, n, params["extra_edges"], 1)
        names = node_labels(n)
        adj = [0] * n
        for u, v in g.edges():
            adj[u] |= 1 << v
            adj[v] |= 1 << u
        chi, colouring = chromatic_colouring(adj, n)
        k = chi + params["spare_colours"]
        edges = sorted(tuple(sorted((names[u], names[v]))) for u, v in g.edges())
        listing = "\n".join(f"{u} - {v}" for u, v in edges)
        question = (f"An undirected graph has nodes {', '.join(names)} and these edges:\n{listing}\n\n"
                    f"Colour every node with one of the colours 1 to {k} so that no edge joins two nodes "
                    f"of the same colour. You do not have to use every colour.")
        answer = ",".join(f"{names[v]}={colouring[v]}" for v in range(n))
        return Draft(question, answer, {"nodes": names, "edges": [list(e) for e in edges], "colours": k})

    def effort(self, problem):
        # the exact search's backtracking nodes (refuting every smaller k, then colouring), plus
        # reading the graph
        c = problem.check
        adj = bitmask_adjacency(c["nodes"], c["edges"])
        stats: dict = {}
        chromatic_colouring(adj, len(adj), stats)
        return stats["nodes"] + len(c["edges"])

    def grade(self, answer, problem):
        c = problem.check
        nodes, k = set(c["nodes"]), c["colours"]
        try:
            colour = read_pairs(answer, nodes, _colour, "NODE=COLOUR")
        except ParseError as exc:
            return refused(exc)
        bad = [v for v in colour.values() if not 1 <= v <= k]
        if bad:
            return wrong(f"Colour {bad[0]} is not one of the colours 1 to {k}.")
        missing = sorted(nodes - set(colour))
        if missing:
            return wrong(f"Node {missing[0]} has no colour.")
        for u, v in c["edges"]:
            if colour[u] == colour[v]:
                return wrong(f"The edge {u} - {v} joins two nodes of colour {colour[u]}.")
        return right()

"""Negative cycles in a weighted directed graph (Bellman-Ford): any cycle of negative total weight
passes; "none" passes only when there is none."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._graph_text import listing, read_nodes, says_none
from ._random_graphs import random_connected_graph
from ._walks import closed_cycle, edge_weights, walk_weights

NO_CYCLE = {"no", "no negative cycle", "there is no negative cycle", "no cycle"}


def bellman_ford_cycle(n: int, edges) -> tuple[list, int]:
    """A negative cycle (list of nodes in order) or [], and the relaxations tried. Every node
    starts at distance 0 (a virtual source), so any negative cycle is found."""
    dist, pred, work, last = [0] * n, [-1] * n, 0, -1
    for _ in range(n):
        last = -1
        for u, v, w in edges:
            work += 1
            if dist[u] + w < dist[v]:
                dist[v], pred[v], last = dist[u] + w, u, v
        if last < 0:
            return [], work
    v = last
    for _ in range(n):
        v = pred[v]
    cycle, u = [v], pred[v]
    while u != v:
        cycle.append(u)
        u = pred[u]
    return cycle[::-1], work


@register
class NegativeCycle(Task):
    """Find a directed cycle whose edge weights sum to a negative number, or answer none. Weights
    come from hidden node potentials (w = p(v) - p(u) + slack), so many edges are negative yet
    cycles are not, and in about half the problems one edge is lowered just enough to make some
    cycle through it negative. Bellman-Ford decides; any negative cycle passes, checked edge by
    edge. Higher levels add nodes and edges and make the only negative cycles longer."""

    name = "graphs/negative_cycle"
    knobs = (
        Knob("n_nodes", [4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 22, 24, 27, 30, 33, 36, 40, 44], (3, 200),
             doc="number of nodes"),
        Knob("extra_edges", [2, 3, 4, 5, 6, 8, 10, 12, 14, 17, 20, 23, 26, 29, 33, 37, 41, 45, 50, 55], (0, 2000),
             doc="edges beyond a spanning tree"),
        Knob("max_slack", [3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12], (0, 100),
             doc="largest amount an edge weighs above its potential difference"),
        Knob("negative_percent", [50] * 20, (0, 100), doc="chance that a negative cycle is planted"),
    )
    answer_format = ("a negative cycle as the node names along it, comma-separated, without repeating the first "
                     "node (e.g. A,B,C for A -> B -> C -> A), or none")
    example = "A,B,Z9"  # Z9 names no node

    def build(self, rng, params):
        n, slack = params["n_nodes"], params["max_slack"]
        base = random_connected_graph(rng, n, params["extra_edges"], 1)
        pot = [rng.randint(-2 * n, 2 * n) for _ in range(n)]
        arcs = {}
        for u, v in base.edges():
            a, b = (u, v) if rng.random() < 0.5 else (v, u)
            arcs[(a, b)] = pot[b] - pot[a] + rng.randint(0, slack)
            if rng.random() < 0.4:  # a few two-way pairs: short cycles that stay non-negative
                arcs[(b, a)] = pot[a] - pot[b] + rng.randint(1, slack + 1)
        if rng.randrange(100) < params["negative_percent"]:
            # lower one one-way edge just below minus its lightest way back, choosing among a few
            # candidates the one whose way back has the most edges (the longest negative cycle)
            one_way = [e for e in sorted(arcs) if (e[1], e[0]) not in arcs]
            best = None
            for key in rng.sample(one_way, min(6, len(one_way))):
                back = _lightest_back(n, arcs, key[1], key[0])
                if back is not None and (best is None or back[1] > best[2]):
                    best = (key, back[0], back[1])
            if best is not None:
                arcs[best[0]] = -best[1] - rng.randint(1, 2)
        edges = [(u, v, w) for (u, v), w in arcs.items()]
        rng.shuffle(edges)
        cycle, work = bellman_ford_cycle(n, edges)
        names = node_labels(n)
        shown = [(names[u], names[v], w) for u, v, w in edges]
        question = (f"A directed graph has nodes {', '.join(names)} and these weighted edges (each edge goes from "
                    f"the first node to the second only; weights may be negative):\n"
                    f"{listing(shown, weighted=True, directed=True)}\n\n"
                    "Is there a directed cycle (following edges in their direction, through distinct nodes, back "
                    "to its start) whose total weight is negative? If so, give one.")
        return Draft(question, ",".join(names[v] for v in cycle) or "none",
                     {"nodes": names, "edges": sorted([list(e) for e in shown]), "negative": bool(cycle),
                      "work": work})

    def effort(self, problem):
        # Bellman-Ford's relaxations until a round changes nothing (or n rounds)
        return problem.check["work"]

    def grade(self, answer, problem):
        c = problem.check
        if says_none(answer, NO_CYCLE):
            return right() if not c["negative"] else wrong("The graph has a negative cycle.")
        try:
            route = read_nodes(answer, set(c["nodes"]))
        except ParseError as exc:
            return refused(exc)
        cycle, why = closed_cycle(route)
        if why:
            return wrong(why)
        if len(cycle) < 2:
            return wrong("That is too short to be a cycle.")
        used, why = walk_weights(cycle + cycle[:1], edge_weights(c["edges"], directed=True))
        if why:
            return wrong(why)
        if sum(used) >= 0:
            return wrong(f"That cycle has total weight {sum(used)}, which is not negative.")
        return right()


def _lightest_back(n: int, arcs, src: int, dst: int):
    """The lightest path weight from src to dst and its number of edges (no negative cycles yet:
    Bellman-Ford), or None when dst is unreachable."""
    inf = float("inf")
    dist, hops = [inf] * n, [0] * n
    dist[src] = 0
    for _ in range(n - 1):
        changed = False
        for (u, v), w in sorted(arcs.items()):
            if dist[u] + w < dist[v]:
                dist[v], hops[v], changed = dist[u] + w, hops[u] + 1, True
        if not changed:
            break
    return None if dist[dst] == inf else (dist[dst], hops[dst])

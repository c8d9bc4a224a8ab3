"""Lightest paths when some edge weights are negative (Bellman-Ford, no negative cycles): any path
of minimum total weight passes."""
from __future__ import annotations

import heapq

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._graph_text import listing, read_nodes
from ._random_graphs import random_connected_graph
from ._walks import edge_weights, walk_weights


def bellman_ford(n: int, edges, s: int) -> tuple[list, list, int]:
    """Distances from s (None where unreachable), predecessors, and the relaxations tried."""
    dist, pred, work = [None] * n, [-1] * n, 0
    dist[s] = 0
    for _ in range(n - 1):
        changed = False
        for u, v, w in edges:
            work += 1
            if dist[u] is not None and (dist[v] is None or dist[u] + w < dist[v]):
                dist[v], pred[v], changed = dist[u] + w, u, True
        if not changed:
            break
    return dist, pred, work


def greedy_settled(n: int, edges, s: int) -> list:
    """What Dijkstra's algorithm would report if it trusted each node once settled (wrong with
    negative weights): used only to prefer targets where that shortcut fails."""
    out = {v: [] for v in range(n)}
    for u, v, w in edges:
        out[u].append((v, w))
    dist, done, heap = {s: 0}, set(), [(0, s)]
    while heap:
        d, u = heapq.heappop(heap)
        if u in done:
            continue
        done.add(u)
        for v, w in out[u]:
            if v not in done and (v not in dist or d + w < dist[v]):
                dist[v] = d + w
                heapq.heappush(heap, (d + w, v))
    return [dist.get(v) for v in range(n)]


@register
class NegativeWeightPath(Task):
    """Find a path of minimum total weight between two nodes of a directed graph whose edge
    weights may be negative (there are no negative cycles). Weights come from hidden node
    potentials, so negative edges are common, and the target is chosen, where possible, where
    settling nodes greedily (Dijkstra's shortcut) gives the wrong distance. Bellman-Ford decides;
    any path of minimum total passes. Higher levels add nodes, edges and wider weights."""

    name = "graphs/negative_weight_path"
    knobs = (
        Knob("n_nodes", [4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 22, 24, 27, 30, 33, 36, 40, 44], (3, 200),
             doc="number of nodes"),
        Knob("extra_edges", [2, 3, 4, 5, 6, 8, 10, 12, 14, 17, 20, 23, 26, 29, 33, 37, 41, 45, 50, 55], (0, 2000),
             doc="edges beyond a spanning tree"),
        Knob("max_slack", [3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12], (0, 100),
             doc="largest amount an edge weighs above its potential difference"),
    )
    answer_format = "the path as a comma-separated list of node names, from the start to the end"
    example = "A,Z9"  # Z9 names no node

    def build(self, rng, params):
        n, slack = params["n_nodes"], params["max_slack"]
        base = random_connected_graph(rng, n, params["extra_edges"], 1)
        pot = [rng.randint(-2 * n, 2 * n) for _ in range(n)]
        arcs = {}
        for u, v in sorted(base.edges()):
            a, b = (u, v) if rng.random() < 0.5 else (v, u)
            arcs[(a, b)] = pot[b] - pot[a] + rng.randint(0, slack)
            if rng.random() < 0.3:
                arcs[(b, a)] = pot[a] - pot[b] + rng.randint(1, slack + 1)
        edges = [(u, v, w) for (u, v), w in arcs.items()]
        rng.shuffle(edges)
        # the start: the node reaching the most others; the target: a greedy trap if there is one
        best = None
        for s in rng.sample(range(n), min(n, 5)):
            dist, pred, work = bellman_ford(n, edges, s)
            reach = sum(d is not None for d in dist)
            if best is None or reach > best[0]:
                best = (reach, s, dist, pred, work)
        _, s, dist, pred, work = best
        targets = [v for v in range(n) if v != s and dist[v] is not None]
        greedy = greedy_settled(n, edges, s)
        traps = [v for v in targets if greedy[v] != dist[v]]
        t = rng.choice(traps or targets)
        path, v = [t], t
        while v != s:
            v = pred[v]
            path.append(v)
        path.reverse()
        names = node_labels(n)
        shown = [(names[u], names[v], w) for u, v, w in edges]
        question = (f"A directed graph has nodes {', '.join(names)} and these weighted edges (each edge goes from "
                    f"the first node to the second only; weights may be negative, but no cycle has negative "
                    f"total weight):\n{listing(shown, weighted=True, directed=True)}\n\n"
                    f"Find a path from {names[s]} to {names[t]}, following edges in their direction and visiting no "
                    f"node twice, whose total weight is as small as possible.")
        return Draft(question, ",".join(names[v] for v in path),
                     {"nodes": names, "edges": sorted([list(e) for e in shown]), "start": names[s],
                      "end": names[t], "distance": dist[t], "trap": bool(traps), "work": work})

    def effort(self, problem):
        # Bellman-Ford's relaxations until a round changes nothing
        return problem.check["work"]

    def grade(self, answer, problem):
        c = problem.check
        try:
            path = read_nodes(answer, set(c["nodes"]))
        except ParseError as exc:
            return refused(exc)
        if len(path) < 2 or path[0] != c["start"] or path[-1] != c["end"]:
            return wrong(f"The path must go from {c['start']} to {c['end']}.")
        if len(set(path)) != len(path):
            return wrong("The path visits a node twice.")
        used, why = walk_weights(path, edge_weights(c["edges"], directed=True))
        if why:
            return wrong(why)
        if sum(used) != c["distance"]:
            return wrong(f"That path has total weight {sum(used)}, which is not the smallest.")
        return right()

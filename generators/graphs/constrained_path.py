"""Shortest routes under constraints: pass through a given node, avoid a set of nodes, use at most
k edges, or a combination. Any route that meets every constraint with the minimum total weight is
correct."""
from __future__ import annotations

import heapq

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import join, node_labels
from ._graph_text import read_nodes

MODES = ("via", "avoid", "hops", "via+avoid", "avoid+hops", "via+hops")
ALL_THREE = "via+avoid+hops"  # every constraint at once (levels past 10 only)


def constrained_route(adj: dict, start, end, via=None, avoid=(), max_hops=None, stats: dict | None = None):
    """The minimum-weight walk from `start` to `end` that visits `via` (if given), never enters a
    node of `avoid`, and uses at most `max_hops` edges (if given): Dijkstra over the states
    (node, edges used, via visited). Returns (weight, walk) or (None, None) when none exists.
    With `stats`, stats["work"] counts the states popped and the edges relaxed from them."""
    avoid = set(avoid)
    if start in avoid or end in avoid:
        return None, None
    limit = max_hops if max_hops is not None else None
    first = (start, 0, start == via or via is None)
    best = {first: 0}
    parent = {first: None}
    heap = [(0, 0, start, first[2])]
    while heap:
        dist, hops, node, seen = heapq.heappop(heap)
        state = (node, hops if limit is not None else 0, seen)
        if dist > best.get(state, dist):
            continue
        if stats is not None:
            stats["work"] = stats.get("work", 0) + 1 + len(adj[node])
        if node == end and seen:
            walk = []
            while state is not None:
                walk.append(state[0])
                state = parent[state]
            return dist, walk[::-1]
        if limit is not None and hops >= limit:
            continue
        for nxt, w in adj[node]:
            if nxt in avoid:
                continue
            nh = hops + 1 if limit is not None else 0
            nstate = (nxt, nh, seen or nxt == via)
            nd = dist + w
            if nd < best.get(nstate, nd + 1):
                best[nstate] = nd
                parent[nstate] = state
                heapq.heappush(heap, (nd, nh, nxt, nstate[2]))
    return None, None


def random_weighted_edges(rng, n: int, extra_edges: int, max_weight: int) -> list[tuple[int, int, int]]:
    """(u, v, weight) edges of a random connected graph: a random spanning tree plus
    `extra_edges` more edges, weights in 1..max_weight."""
    order = list(range(n))
    rng.shuffle(order)
    edges, present = [], set()
    for i in range(1, n):
        u, v = order[i], order[rng.randrange(i)]
        edges.append((u, v, rng.randint(1, max_weight)))
        present.add((min(u, v), max(u, v)))
    candidates = [(u, v) for u in range(n) for v in range(u + 1, n) if (u, v) not in present]
    for u, v in rng.sample(candidates, min(extra_edges, len(candidates))):
        edges.append((u, v, rng.randint(1, max_weight)))
    return edges


def _distances(adj: dict, source) -> dict:
    """Dijkstra distances from `source` to every node (infinite where unreachable)."""
    dist = {v: float("inf") for v in adj}
    dist[source] = 0
    heap = [(0, source)]
    while heap:
        d, u = heapq.heappop(heap)
        if d > dist[u]:
            continue
        for v, w in adj[u]:
            if d + w < dist[v]:
                dist[v] = d + w
                heapq.heappush(heap, (d + w, v))
    return dist


@register
class ConstrainedShortestPath(Task):
    """A minimum-weight route between two nodes of a weighted undirected graph under constraints:
    it must pass through a given node, avoid a set of nodes, use at most k edges, or (from level 7)
    two of these at once (from level 13 always one with a hop limit, from level 15 all three).
    Every constraint binds: dropping any one of them gives a strictly lighter route. The reference is a Dijkstra search over (node, edges used, via visited) states
    (the tests cross-check it with networkx and an exhaustive search); the verifier checks that
    the route is valid, meets every constraint and has the minimum weight (any such route
    passes). Higher levels add nodes, edges, weights and combined constraints."""

    name = "graphs/constrained_shortest_path"
    knobs = (
        Knob("n_nodes", [5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 33, 36, 39, 42], (4, 100),
             doc="number of nodes"),
        Knob("extra_edges", [2, 3, 4, 5, 7, 9, 11, 14, 17, 21, 24, 27, 30, 34, 38, 42, 46, 50, 55, 60], (0, 1000),
             doc="edges beyond a spanning tree"),
        Knob("max_weight", [3, 5, 6, 9, 9, 12, 15, 15, 20, 25, 25, 30, 30, 35, 35, 40, 40, 45, 45, 50], (1, 1000),
             doc="largest edge weight"),
        Knob("mode", [["via", "avoid"], ["via", "avoid"], ["via", "avoid", "hops"], ["via", "avoid", "hops"],
                      ["via", "avoid", "hops"], ["via", "avoid", "hops"]] + [list(MODES[3:])] * 6
             + [["avoid+hops", "via+hops"]] * 2 + [["via+hops", ALL_THREE]] * 3 + [[ALL_THREE]] * 3,
             choices=MODES + (ALL_THREE,), doc="which constraints apply"),
        Knob("avoid_size", [1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6], (1, 20),
             doc="nodes to avoid (when avoiding)"),
    )
    answer_format = ("the route as a comma-separated list of node names, from the start node to the end node, "
                     "including both")
    example = "A,F,C,D"

    def build(self, rng, params):
        n = params["n_nodes"]
        names = node_labels(n)
        kinds = set(params["mode"].split("+"))
        found = None
        for _attempt in range(100):
            edges = random_weighted_edges(rng, n, params["extra_edges"], params["max_weight"])
            adj = {v: [] for v in range(n)}
            for u, v, w in edges:
                adj[u].append((v, w))
                adj[v].append((u, w))
            for _pair in range(4):
                start, end = rng.sample(range(n), 2)
                found = _binding_instance(rng, adj, start, end, kinds, params["avoid_size"])
                if found is not None:
                    break
            if found is not None:
                break
        else:  # pragma: no cover - a binding instance is found within a few tries
            raise RuntimeError("no binding constrained instance found")
        via, avoid, hops, weight, walk = found
        rules = []
        if via is not None:
            rules.append(f"it must pass through {names[via]}")
        if avoid:
            rules.append(f"it must not visit {_and(names[v] for v in avoid)}")
        if hops is not None:
            rules.append(f"it may use at most {hops} edges")
        edges = sorted((*sorted((names[u], names[v])), w) for u, v, w in edges)
        listing = "\n".join(f"{u} - {v} (weight {w})" for u, v, w in edges)
        question = (f"An undirected graph has nodes {', '.join(names)} and these weighted edges:\n{listing}\n\n"
                    f"A route is a sequence of nodes in which each node is joined to the next by an edge; it may "
                    f"revisit nodes, and its weight is the sum of the weights of the edges it uses (counted each "
                    f"time they are used). Find a route from {names[start]} to {names[end]} with the smallest "
                    f"total weight such that {' and '.join(rules)}.")
        check = {"edges": [list(e) for e in edges], "start": names[start], "end": names[end],
                 "via": names[via] if via is not None else None, "avoid": [names[v] for v in avoid],
                 "hops": hops, "weight": weight, "nodes": names}
        return Draft(question, join(names[v] for v in walk), check)

    def effort(self, problem):
        # Dijkstra over (node, edges used, via visited) states: the states it settles and the
        # edges it relaxes from them, then the route traced back
        c = problem.check
        index = {name: i for i, name in enumerate(c["nodes"])}
        adj = {i: [] for i in range(len(index))}
        for u, v, w in c["edges"]:
            adj[index[u]].append((index[v], w))
            adj[index[v]].append((index[u], w))
        stats: dict = {}
        via, avoid = index.get(c["via"]), [index[v] for v in c["avoid"]]
        constrained_route(adj, index[c["start"]], index[c["end"]], via, avoid, c["hops"], stats)
        return stats.get("work", 0) + len(problem.answer.split(","))

    def grade(self, answer, problem):
        c = problem.check
        try:
            walk = read_nodes(answer, set(c["nodes"]))
        except ParseError as exc:
            return refused(exc)
        if walk[0] != c["start"] or walk[-1] != c["end"]:
            return wrong(f"The route must start at {c['start']} and end at {c['end']}.")
        weights = {}
        for u, v, w in c["edges"]:
            weights[(u, v)] = weights[(v, u)] = w
        total = 0
        for u, v in zip(walk, walk[1:]):
            if (u, v) not in weights:
                return wrong(f"There is no edge between {u} and {v}.")
            total += weights[(u, v)]
        visited = [v for v in walk if v in c["avoid"]]
        if visited:
            return wrong(f"The route visits {visited[0]}, which it must avoid.")
        if c["via"] is not None and c["via"] not in walk:
            return wrong(f"The route does not pass through {c['via']}.")
        if c["hops"] is not None and len(walk) - 1 > c["hops"]:
            return wrong(f"The route uses {len(walk) - 1} edges, more than {c['hops']}.")
        if total != c["weight"]:
            return wrong(f"That route has total weight {total}, which is not the smallest.")
        return right()


def _binding_instance(rng, adj: dict, start, end, kinds: set, avoid_size: int):
    """Constraints of the given kinds for a route from start to end that all bind (dropping any
    one gives a strictly lighter route): (via, avoid, hops, weight, walk), or None."""
    n = len(adj)
    from_start, from_end = _distances(adj, start), _distances(adj, end)
    base = from_start[end]
    on_best = {v for v in range(n) if from_start[v] + from_end[v] == base}
    via, avoid, hops = None, [], None
    if "via" in kinds:
        choices = [v for v in range(n) if v not in on_best]
        if not choices:
            return None
        via = rng.choice(choices)
    if "avoid" in kinds:
        inner = sorted(on_best - {start, end, via})
        if not inner:
            return None
        blocked = set(rng.sample(inner, min(len(inner), avoid_size)))
        others = [v for v in range(n) if v not in blocked and v not in (start, end, via)]
        rng.shuffle(others)
        for v in others[:avoid_size - len(blocked)]:  # decoys elsewhere
            blocked.add(v)
        avoid = sorted(blocked)
    if "hops" in kinds:
        _, free_walk = constrained_route(adj, start, end, via, avoid)
        if free_walk is None:
            return None
        fewest = _fewest_hops(adj, start, end, via, avoid)
        if fewest is None or fewest >= len(free_walk) - 1:
            return None  # the limit could not bind
        hops = rng.randint(fewest, len(free_walk) - 2)
    weight, walk = constrained_route(adj, start, end, via, avoid, hops)
    if walk is None:
        return None
    relaxed = [constrained_route(adj, start, end, None if k == "via" else via,
                                 () if k == "avoid" else avoid, None if k == "hops" else hops)[0]
               for k in kinds]
    if any(r is None or r >= weight for r in relaxed):
        return None
    return via, avoid, hops, weight, walk


def _fewest_hops(adj: dict, start, end, via, avoid) -> int | None:
    """The fewest edges of any walk meeting the via and avoid constraints (weights ignored)."""
    unit = {u: [(v, 1) for v, _ in nbrs] for u, nbrs in adj.items()}
    hops, _ = constrained_route(unit, start, end, via, avoid)
    return hops


def _and(items) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]

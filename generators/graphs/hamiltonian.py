"""Hamiltonian paths in small graphs: any path through every node once, or NONE when there is none."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import join, node_labels
from ._graph_text import bitmask_adjacency, read_nodes, says_none

NO_PATH = {"no", "no path", "no such path", "no hamiltonian path", "impossible", "not possible", "does not exist"}


def hamiltonian_path(adj: list[int], n: int, stats: dict | None = None) -> list[int] | None:
    """A path visiting every node exactly once, or None: depth-first search over (visited set,
    end node) states, remembering the states already shown to be dead ends (so at most n * 2^n
    states), trying low-degree nodes first. With `stats`, stats["nodes"] counts the partial
    paths the search extends."""
    full = (1 << n) - 1
    dead: set[tuple[int, int]] = set()
    order = sorted(range(n), key=lambda v: bin(adj[v]).count("1"))
    # the search runs on ranks in `order` (rank r is node order[r]), so a mask's set bits, lowest
    # first, come in the order the nodes are tried
    rank = {v: r for r, v in enumerate(order)}
    ranked = [sum(1 << rank[u] for u in range(n) if adj[v] >> u & 1) for v in order]

    def extend(path: list[int], mask: int) -> bool:
        if stats is not None:
            stats["nodes"] = stats.get("nodes", 0) + 1
        if mask == full:
            return True
        end = path[-1]
        if (mask, end) in dead:
            return False
        options = ranked[end] & ~mask
        while options:
            low = options & -options
            options ^= low
            r = low.bit_length() - 1
            path.append(r)
            if extend(path, mask | low):
                return True
            path.pop()
        dead.add((mask, end))
        return False

    if n and not _connected(adj, n):
        return None
    for start in range(n):
        path = [start]
        if extend(path, 1 << start):
            return [order[r] for r in path]
    return None


def _connected(adj: list[int], n: int) -> bool:
    seen, frontier = 1, 1
    while frontier:
        grow = 0
        m = frontier
        while m:
            low = m & -m
            grow |= adj[low.bit_length() - 1]
            m ^= low
        frontier = grow & ~seen
        seen |= grow
    return seen == (1 << n) - 1


def _leaves(adj: list[int]) -> int:
    return sum(1 for a in adj if bin(a).count("1") <= 1)


@register
class HamiltonianPath(Task):
    """Find a path that visits every node of a small undirected graph exactly once, or answer NONE
    if no such path exists. The reference is an exact search (depth-first with memoised dead
    ends); any Hamiltonian path passes, in either direction. Higher levels add nodes and edges
    and more NONE cases, which from level 4 have no easy certificate: the graph is connected and
    has at most two nodes of degree one, so refuting a path takes real case analysis. Levels past
    10 grow to 15 nodes with more edges and NONE cases, whose proofs make the exact search slow:
    level 20 generates about 70 problems/s."""

    name = "graphs/hamiltonian_path"
    knobs = (
        Knob("n_nodes", [4, 5, 6, 6, 7, 8, 9, 10, 11, 12, 13, 13, 14, 14, 14, 14, 15, 15, 15, 15], (2, 18),
             doc="number of nodes"),
        Knob("extra_edges", [1, 1, 2, 2, 3, 3, 4, 5, 6, 7, 7, 8, 8, 9, 9, 10, 10, 10, 11, 12], (0, 100),
             doc="edges beyond the backbone"),
        Knob("none_percent", [0, 20, 30, 35, 40, 40, 45, 45, 50, 50,
             50, 55, 55, 55, 60, 60, 60, 65, 65, 65], (0, 100),
             doc="chance of an instance with no path"),
        Knob("hard_none", [False, False, False, True, True, True, True, True, True, True,
             True, True, True, True, True, True, True, True, True, True],
             doc="NONE instances must be connected with at most two degree-one nodes"),
    )
    answer_format = "the path as a comma-separated list of all the node names in order, or NONE if there is none"
    example = "C,A,D,Z9"  # Z9 is no node's name (names are letters): never an answer

    def build(self, rng, params):
        n = params["n_nodes"]
        want_none = n >= 4 and rng.randrange(100) < params["none_percent"]
        pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
        for _attempt in range(400):
            adj = [0] * n
            order = list(range(n))
            rng.shuffle(order)
            if want_none:
                # a random tree: sparse and branchy, so a path through everything often fails
                backbone = [(order[i], order[rng.randrange(i)]) for i in range(1, n)]
            else:
                # a hidden path through every node, dressed up with extra edges
                backbone = [(order[i - 1], order[i]) for i in range(1, n)]
            for u, v in backbone:
                adj[u] |= 1 << v
                adj[v] |= 1 << u
            budget = params["extra_edges"]
            if want_none and params["hard_none"]:
                # spend extra edges on leaves first, so the easy "too many dead ends" proof goes away
                leaves = [v for v in order if bin(adj[v]).count("1") == 1]
                while len(leaves) > 2 and budget:
                    u = leaves.pop()
                    if bin(adj[u]).count("1") > 1:
                        continue
                    v = rng.choice([w for w in range(n) if w != u and not adj[u] >> w & 1])
                    adj[u] |= 1 << v
                    adj[v] |= 1 << u
                    budget -= 1
            free = [(u, v) for u, v in pairs if not adj[u] >> v & 1]
            for u, v in rng.sample(free, min(budget, len(free))):
                adj[u] |= 1 << v
                adj[v] |= 1 << u
            path = hamiltonian_path(adj, n)
            if (path is None) != want_none:
                continue
            if want_none and params["hard_none"] and _leaves(adj) > 2:
                continue
            break
        names = node_labels(n)
        edges = [(names[u], names[v]) for u, v in pairs if adj[u] >> v & 1]
        lines = [f"{u} - {v}" if rng.random() < 0.5 else f"{v} - {u}" for u, v in edges]
        rng.shuffle(lines)
        question = (f"An undirected graph has nodes {', '.join(names)} and these edges:\n" + "\n".join(lines) + "\n\n"
                    "Find a path that visits every node exactly once, moving only along edges (it may start "
                    "and end at any nodes), or answer NONE if no such path exists.")
        return Draft(question, "NONE" if path is None else join(names[v] for v in path),
                     {"nodes": names, "edges": [list(e) for e in edges], "exists": path is not None})

    def effort(self, problem):
        # the exact search's partial paths (all of them when it proves NONE), plus the edges read
        c = problem.check
        adj = bitmask_adjacency(c["nodes"], c["edges"])
        stats: dict = {}
        hamiltonian_path(adj, len(adj), stats)
        return stats.get("nodes", 0) + len(c["edges"])

    def grade(self, answer, problem):
        c = problem.check
        if says_none(answer, NO_PATH):
            return right() if not c["exists"] else wrong("A path through every node exists.")
        try:
            path = read_nodes(answer, set(c["nodes"]))
        except ParseError as exc:
            return refused(exc)
        if len(set(path)) != len(path):
            return wrong("The path visits a node more than once.")
        if len(path) != len(c["nodes"]):
            return wrong(f"The path must visit all {len(c['nodes'])} nodes.")
        edges = {(u, v) for u, v in c["edges"]} | {(v, u) for u, v in c["edges"]}
        for u, v in zip(path, path[1:]):
            if (u, v) not in edges:
                return wrong(f"There is no edge between {u} and {v}.")
        if not c["exists"]:  # pragma: no cover - a valid path contradicts the exact search
            return wrong("No path visits every node exactly once.")
        return right()

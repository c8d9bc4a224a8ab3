"""The k-core of an undirected graph: the nodes left after repeatedly deleting nodes of degree
below k."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._graph_text import listing, read_nodes, says_none

EMPTY = {"empty", "no nodes", "the k-core is empty", "empty set"}


def k_core(n: int, edges, k: int) -> tuple[set, int]:
    """The k-core's nodes by peeling, and how many node deletions and degree updates it took."""
    adj = {v: set() for v in range(n)}
    for u, v in edges:
        adj[u].add(v)
        adj[v].add(u)
    deg = {v: len(adj[v]) for v in adj}
    alive, stack, work = set(adj), [v for v in adj if deg[v] < k], 0
    while stack:
        v = stack.pop()
        if v not in alive:
            continue
        alive.discard(v)
        work += 1
        for w in adj[v]:
            if w in alive:
                deg[w] -= 1
                work += 1
                if deg[w] == k - 1:
                    stack.append(w)
    return alive, work


@register
class KCore(Task):
    """List the nodes of the k-core of an undirected graph (the largest subgraph in which every node
    has at least k neighbours), or say it is empty. The graph is a dense kernel with chains and
    pendant trees hung on it whose nodes look well connected but fall away one after another once
    their neighbours are peeled. Higher levels add nodes, raise k and hang longer cascades."""

    name = "graphs/k_core"
    knobs = (
        Knob("n_nodes", [6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 22, 24, 27, 30, 33, 36, 40, 44, 48, 52], (3, 200),
             doc="number of nodes"),
        Knob("k", [2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7], (1, 20), doc="the core's degree bound"),
        Knob("kernel_percent", [50, 50, 45, 45, 45, 40, 40, 40, 40, 35, 35, 35, 35, 35, 30, 30, 30, 30, 30, 30],
             (10, 100), doc="share of the nodes in the dense part"),
    )
    answer_format = "the node names of the k-core, comma-separated in any order, or empty"
    example = "A,Z9"  # Z9 names no node

    def build(self, rng, params):
        n, k = params["n_nodes"], params["k"]
        core = max(k + 1, n * params["kernel_percent"] // 100)
        order = list(range(n))
        rng.shuffle(order)
        edges = set()
        kernel = order[:core]
        # the kernel: each node joined to about k others at random (some fall short: they peel too)
        for v in kernel:
            for w in rng.sample(kernel, min(core, k + 1)):
                if w != v:
                    edges.add((min(v, w), max(v, w)))
        # the rest: each node joins k - 1 earlier nodes and usually one later one, so its degree
        # reaches k yet the chain collapses from its far end
        for i in range(core, n):
            v = order[i]
            for w in rng.sample(order[:i], min(i, max(1, k - 1))):
                edges.add((min(v, w), max(v, w)))
        edges = sorted(edges)
        names = node_labels(n)
        alive, work = k_core(n, edges, k)
        shown = [(names[u], names[v]) if rng.random() < 0.5 else (names[v], names[u]) for u, v in edges]
        rng.shuffle(shown)
        question = (f"An undirected graph has nodes {', '.join(names)} and these edges:\n{listing(shown)}\n\n"
                    f"The {k}-core is what remains after repeatedly deleting every node with fewer than {k} "
                    f"neighbours among the nodes still present, until no such node is left. "
                    f"Which nodes are in the {k}-core?")
        core_names = sorted(names[v] for v in alive)
        return Draft(question, ",".join(core_names) or "empty",
                     {"nodes": names, "core": core_names, "work": work + len(edges)})

    def effort(self, problem):
        # degrees from every edge, then one step per deletion and per degree update
        return problem.check["work"]

    def grade(self, answer, problem):
        c = problem.check
        core = set(c["core"])
        if says_none(answer, EMPTY):
            return right() if not core else wrong("The core is not empty.")
        try:
            given = read_nodes(answer, set(c["nodes"]), arrows=False)
        except ParseError as exc:
            return refused(exc)
        if len(set(given)) != len(given):
            return wrong("A node is listed more than once.")
        if set(given) == core:
            return right()
        extra, missing = sorted(set(given) - core), sorted(core - set(given))
        return wrong(f"{extra[0]} is not in the core." if extra else f"{missing[0]} is in the core too.")

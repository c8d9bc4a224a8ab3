"""Redundant edges of a DAG: the edges its transitive reduction drops."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._graph_text import listing, read_edges, says_none
from ._random_graphs import random_dag


def redundant_edges(n: int, edges) -> tuple[set, int]:
    """The edges u -> v for which v is also reachable from u another way, and the node visits the
    searches made (one search from each edge's head, skipping that edge)."""
    out = {v: [] for v in range(n)}
    for u, v in edges:
        out[u].append(v)
    redundant, work = set(), 0
    for u, v in edges:
        seen, stack = {u}, [w for w in out[u] if w != v]
        while stack:
            w = stack.pop()
            work += 1
            if w == v:
                redundant.add((u, v))
                break
            if w not in seen:
                seen.add(w)
                stack.extend(out[w])
    return redundant, work


@register
class TransitiveReduction(Task):
    """List the edges of a directed acyclic graph that can be deleted without changing which nodes
    can reach which (the edges outside its transitive reduction), or answer none. An edge u -> v
    is redundant exactly when another route leads from u to v. Higher levels add nodes and edges,
    so shortcuts hide behind longer detours."""

    name = "graphs/transitive_reduction"
    knobs = (
        Knob("n_nodes", [4, 5, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20, 22, 24, 26, 28], (2, 100),
             doc="number of nodes"),
        Knob("n_edges", [4, 5, 6, 8, 10, 12, 14, 16, 18, 21, 24, 27, 30, 33, 37, 42, 47, 52, 57, 62], (1, 5000),
             doc="number of edges"),
    )
    answer_format = "the redundant edges written like A->B, comma-separated in any order, or none"
    example = "A->Z9"  # Z9 names no node

    def build(self, rng, params):
        n = params["n_nodes"]
        g = random_dag(rng, n, params["n_edges"])
        edges = sorted(g.edges())
        rng.shuffle(edges)
        redundant, work = redundant_edges(n, edges)
        names = node_labels(n)
        shown = [(names[u], names[v]) for u, v in edges]
        extra = sorted((names[u], names[v]) for u, v in redundant)
        question = (f"A directed acyclic graph has nodes {', '.join(names)} and these edges (each goes from the "
                    f"first node to the second only):\n{listing(shown, directed=True)}\n\n"
                    "An edge is redundant if deleting it (alone) leaves every node able to reach exactly the "
                    "same nodes as before. List all redundant edges.")
        return Draft(question, ", ".join(f"{u}->{v}" for u, v in extra) or "none",
                     {"nodes": names, "edges": sorted([list(e) for e in shown]),
                      "redundant": [list(e) for e in extra], "work": work})

    def effort(self, problem):
        # one reachability search per edge, counted in node visits
        return problem.check["work"] + len(problem.check["edges"])

    def grade(self, answer, problem):
        c = problem.check
        expected = {tuple(e) for e in c["redundant"]}
        if says_none(answer, {"no redundant edges", "no edges"}):
            return right() if not expected else wrong("Some edges are redundant.")
        try:
            given = read_edges(answer, set(c["nodes"]))
        except ParseError as exc:
            return refused(exc)
        listed = {tuple(e) for e in c["edges"]}
        for u, v in given:
            if (u, v) not in listed:
                return wrong(f"There is no edge {u}->{v}." if (v, u) not in listed
                             else f"The edge between {u} and {v} goes from {v} to {u}.")
        if len(set(given)) != len(given):
            return wrong("An edge is listed more than once.")
        if set(given) == expected:
            return right()
        extra = sorted(set(given) - expected)
        if extra:
            return wrong(f"{extra[0][0]}->{extra[0][1]} is needed: nothing else leads from {extra[0][0]} to "
                         f"{extra[0][1]}.")
        return wrong("Some redundant edges are missing.")

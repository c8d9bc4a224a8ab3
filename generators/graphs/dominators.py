"""Immediate dominators in a flow graph: for each asked node, the last node every route from the
entry must pass before reaching it."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, preview, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._graph_text import NAME, listing, read_pairs
from ._random_graphs import random_tree


def dominator_sets(n: int, edges, entry: int) -> tuple[list[int], int]:
    """Each node's dominators as a bitmask, by the iterative data-flow equations
    dom(v) = {v} | intersection of dom(p) over predecessors p, and the set updates made."""
    preds = [[] for _ in range(n)]
    for u, v in edges:
        preds[v].append(u)
    full = (1 << n) - 1
    dom = [full] * n
    dom[entry] = 1 << entry
    work, changed = 0, True
    while changed:
        changed = False
        for v in range(n):
            if v == entry:
                continue
            meet = full
            for p in preds[v]:
                meet &= dom[p]
                work += 1
            new = meet | 1 << v
            if new != dom[v]:
                dom[v], changed = new, True
    return dom, work


def immediate(dom: list[int], v: int) -> int:
    """The strict dominator of v that every other strict dominator dominates (the deepest)."""
    strict = dom[v] & ~(1 << v)
    return max((d for d in range(len(dom)) if strict >> d & 1), key=lambda d: bin(dom[d]).count("1"))


@register
class ImmediateDominators(Task):
    """In a directed flow graph where every node is reachable from the entry, give for each asked
    node its immediate dominator: the closest node that lies on every route from the entry to it.
    The graph is a tree from the entry plus forward, cross and back edges, so the direct
    predecessor is often not the dominator and merging routes push it further up. Higher levels
    add nodes, edges and asked nodes."""

    name = "graphs/immediate_dominators"
    knobs = (
        Knob("n_nodes", [5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 33, 36, 40, 44], (3, 120),
             doc="number of nodes"),
        Knob("extra_edges", [1, 2, 3, 4, 5, 6, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 28, 31, 34, 37], (0, 2000),
             doc="edges beyond the tree from the entry"),
        Knob("n_asked", [2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8], (1, 100),
             doc="how many nodes to answer for"),
        Knob("depth_bias", [0.5] * 10 + [0.7] * 10, (0.0, 1.0), doc="how deep the tree from the entry is"),
    )
    answer_format = "NODE=DOMINATOR pairs for the asked nodes, comma-separated, e.g. D=B, E=A"
    example = "Z9=A"  # Z9 names no node

    def build(self, rng, params):
        n = params["n_nodes"]
        tree = random_tree(rng, n, params["depth_bias"])
        entry = tree[0][0]
        edges = set(tree)
        candidates = [(u, v) for u in range(n) for v in range(n) if u != v and v != entry and (u, v) not in edges]
        edges.update(rng.sample(candidates, min(params["extra_edges"], len(candidates))))
        edges = sorted(edges)
        rng.shuffle(edges)
        dom, work = dominator_sets(n, edges, entry)
        names = node_labels(n)
        others = [v for v in range(n) if v != entry]
        # ask mostly where the dominator is not the only predecessor in the tree
        tree_parent = {v: u for u, v in tree}
        idom = {v: immediate(dom, v) for v in others}
        moved = [v for v in others if idom[v] != tree_parent[v]]
        rest = [v for v in others if idom[v] == tree_parent[v]]
        k = min(params["n_asked"], len(others))
        take = rng.sample(moved, min(len(moved), (k + 1) // 2))
        asked = sorted(take + rng.sample(rest, min(len(rest), k - len(take))))
        question = (f"A directed graph has nodes {', '.join(names)} and these edges (each goes from the first node "
                    f"to the second only):\n{listing([(names[u], names[v]) for u, v in edges], directed=True)}\n\n"
                    f"Every node can be reached from the entry {names[entry]}. One node dominates another if every "
                    f"route from {names[entry]} to the second passes through the first. The immediate dominator "
                    f"of a node is its closest dominator other than itself: the one that all its other "
                    f"dominators dominate. Give the immediate dominator of each of: "
                    f"{', '.join(names[v] for v in asked)}.")
        answer = ", ".join(f"{names[v]}={names[idom[v]]}" for v in asked)
        return Draft(question, answer, {"nodes": names, "asked": {names[v]: names[idom[v]] for v in asked},
                                        "work": work + len(edges)})

    def effort(self, problem):
        # the data-flow passes: one meet per predecessor per pass, until nothing changes
        return problem.check["work"]

    def grade(self, answer, problem):
        c = problem.check
        nodes = set(c["nodes"])

        def node(text):
            if not NAME.fullmatch(text) or text.upper() not in nodes:
                raise NotAnAnswer(f"{preview(text, 20)} is not a node of the graph")
            return text.upper()

        try:
            given = read_pairs(answer, nodes, node, "NODE=DOMINATOR")
        except ParseError as exc:
            return refused(exc)
        asked = c["asked"]
        missing = sorted(set(asked) - set(given))
        if missing:
            return wrong(f"No dominator was given for {missing[0]}.")
        extra = sorted(set(given) - set(asked))
        if extra:
            return wrong(f"{extra[0]} was not asked about.")
        for v in sorted(asked):
            if given[v] != asked[v]:
                return wrong(f"{given[v]} is not the immediate dominator of {v}.")
        return right()

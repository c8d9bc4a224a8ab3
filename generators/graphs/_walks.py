"""Checks of the walks answers name: whether consecutive nodes are joined by edges, the total weight
and the narrowest edge along them, and whether a route closes into a simple cycle.

    weights = edge_weights([("A", "B", 3)], directed=False)   # {("A","B"): 3, ("B","A"): 3}
    walk_weights(["A", "B"], weights)                         # ([3], None) or ([], "There is no edge A-B.")
"""
from __future__ import annotations


def edge_weights(edges, directed: bool) -> dict:
    """(u, v) -> weight for listed edges (u, v, w), both directions when undirected; with parallel
    edges the lightest is kept (none of the tasks lists any)."""
    out: dict = {}
    for u, v, w in edges:
        for a, b in ((u, v),) if directed else ((u, v), (v, u)):
            out[(a, b)] = w if (a, b) not in out else min(out[(a, b)], w)
    return out


def walk_weights(walk, weights) -> tuple[list, str | None]:
    """The weights of the edges a walk uses in order, or a reason it is not a walk."""
    used = []
    for u, v in zip(walk, walk[1:]):
        if (u, v) not in weights:
            if (v, u) in weights:
                return [], f"The edge between {u} and {v} points from {v} to {u}."
            return [], f"There is no edge between {u} and {v}."
        used.append(weights[(u, v)])
    return used, None


def closed_cycle(route) -> tuple[list, str | None]:
    """A cycle written with or without its first node repeated at the end, as the list of its
    distinct nodes, or a reason it is not a simple cycle."""
    route = list(route)
    if len(route) > 1 and route[0] == route[-1]:
        route = route[:-1]
    if len(set(route)) != len(route):
        return [], "A cycle may not repeat a node."
    return route, None

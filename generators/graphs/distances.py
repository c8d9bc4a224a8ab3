"""Distances in weighted graphs: shortest distances from one node, and eccentricity / diameter /
radius. Every reference value is computed by networkx (Dijkstra, or BFS when unweighted)."""
from __future__ import annotations

import networkx as nx

from procgym import Draft, Knob, Task, register
from procgym.kit import read_int, read_list, read_parts, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._graph_text import listed_edges, listing, read_pairs
from ._random_graphs import random_connected_graph


def add_decoys(rng, g: nx.Graph, source: int, dist: dict, count: int) -> None:
    """Add `count` tempting shortcut edges u-v that never shorten a distance from `source`.

    Weight |d(u) - d(v)| + 1..2 keeps every distance from the source unchanged while offering a
    route with fewer hops that is slightly too long.
    """
    nodes = sorted(g.nodes)
    for _ in range(count):
        for _attempt in range(8):
            u, v = rng.sample(nodes, 2)
            if not g.has_edge(u, v):
                g.add_edge(u, v, weight=abs(dist[u] - dist[v]) + rng.randint(1, 2))
                break


def _edges(g: nx.Graph, names: list[str]) -> list[tuple[str, str, int]]:
    return sorted(tuple(sorted((names[u], names[v]))) + (d["weight"],) for u, v, d in g.edges(data=True))


@register
class ShortestDistances(Task):
    """The shortest weighted distance from one node of an undirected graph to one target (a
    single number) or to several targets, up to every other node (a list in the stated order).
    Distances come from networkx's Dijkstra. Higher levels add nodes, edges, larger weights,
    more targets (so the whole shortest-path tree must be found) and decoy shortcut edges: direct
    edges with few hops that are slightly longer than the best route."""

    name = "graphs/shortest_distances"
    knobs = (
        Knob("n_nodes", [4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 33, 36, 39, 42, 45], (2, 200),
             doc="number of nodes"),
        Knob("extra_edges", [1, 2, 3, 4, 5, 7, 9, 12, 15, 20, 22, 25, 28, 31, 34, 38, 42, 46, 50, 55], (0, 1000),
             doc="edges beyond a spanning tree"),
        Knob("max_weight", [5, 6, 9, 9, 12, 15, 20, 25, 30, 50, 50, 55, 60, 65, 70, 75, 80, 85, 90, 99], (1, 1000),
             doc="largest edge weight"),
        Knob("n_targets", [1, 1, 1, 2, 3, 4, 6, 8, 199, 199,
             199, 199, 199, 199, 199, 199, 199, 199, 199, 199], (1, 199),
             doc="target nodes asked for (capped at n_nodes - 1, which asks for every other node)"),
        Knob("decoys", [0, 0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10], (0, 100),
             doc="tempting shortcut edges that are not shorter"),
    )
    answer_format = "an integer"
    example = "-1"  # a distance is never negative: never an answer

    def build(self, rng, params):
        n = params["n_nodes"]
        g = random_connected_graph(rng, n, params["extra_edges"], params["max_weight"])
        names = node_labels(n)
        source = rng.randrange(n)
        dist = nx.single_source_dijkstra_path_length(g, source)
        add_decoys(rng, g, source, dist, params["decoys"])
        dist = nx.single_source_dijkstra_path_length(g, source)
        others = [v for v in range(n) if v != source]
        k = min(params["n_targets"], n - 1)
        if k == 1:
            hops = nx.single_source_shortest_path_length(g, source)
            far = max(hops.values())
            targets = [rng.choice(sorted(v for v in others if hops[v] == far))]
        elif k == n - 1:
            targets = others
        else:
            targets = sorted(rng.sample(others, k), key=lambda v: names[v])
        values = [dist[v] for v in targets]
        target_names = [names[v] for v in targets]
        question = (f"An undirected graph has nodes {', '.join(names)} and these weighted edges:\n"
                    f"{listing(_edges(g, names), weighted=True)}\n\n"
                    "The length of a path is the sum of its edge weights. ")
        check = {"source": names[source], "targets": target_names, "distances": values}
        if k == 1:
            question += f"What is the length of a shortest path from {names[source]} to {target_names[0]}?"
            return Draft(question, str(values[0]), check)
        if k == n - 1:
            question += (f"Find the length of a shortest path from {names[source]} to every other node, "
                         f"listed in this order: {', '.join(target_names)}.")
        else:
            question += (f"Find the length of a shortest path from {names[source]} to each of "
                         f"{', '.join(target_names)}, in that order.")
        fmt = f"the {k} distances as a comma-separated list of integers, in the order of the nodes asked for"
        # as many values as asked (up to three), the last one a negative distance: never an answer
        example = [3 + 4 * i for i in range(min(k, 3) - 1)] + [-1]
        return Draft(question, ",".join(map(str, values)), check, answer_format=fmt,
                     example=",".join(map(str, example)))

    def effort(self, problem):
        # one Dijkstra run relaxes every listed edge; each asked distance is read off
        return problem.params["n_nodes"] + listed_edges(problem.prompt) + len(problem.check["targets"])

    def grade(self, answer, problem):
        c = problem.check
        targets, values = c["targets"], c["distances"]
        try:
            if len(targets) == 1:
                given = read_int(read_parts(answer, [{"distance", "length", "shortest distance", targets[0]}])[0])
                return right() if given == values[0] else wrong("That is not the shortest distance.")
            answer = read_parts(answer, [{"distances", "lengths", "shortest distances"}])[0]
            if "=" in answer or ":" in answer:  # "B=7, D=3": labelled by node, in any order
                labelled = read_pairs(answer, set(targets), what="NODE=DISTANCE")
                missing = [t for t in targets if t not in labelled]
                if missing:
                    return wrong(f"Give a distance for each of the {len(targets)} nodes asked for.")
                numbers = [labelled[t] for t in targets]
            else:
                numbers = read_list(answer, read_int, separators=",;")
        except ParseError as exc:
            return refused(exc)
        if len(numbers) != len(targets):
            return wrong(f"Give exactly {len(targets)} distances, in the order asked.")
        for t, got, want in zip(targets, numbers, values):
            if got != want:
                return wrong(f"The distance to {t} is wrong.")
        return right()


@register
class DiameterEccentricity(Task):
    """The eccentricity of a node (its largest distance to any other node), the diameter (the
    largest eccentricity) or the radius (the smallest) of a connected undirected graph, with
    hop counts at low levels and edge weights from level 3. networkx computes the value.
    Higher levels add nodes, edges and weights, and ask for the diameter or radius, which need
    every node's distances rather than one node's."""

    name = "graphs/diameter_eccentricity"
    knobs = (
        Knob("n_nodes", [4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 33, 36, 40], (2, 200),
             doc="number of nodes"),
        Knob("extra_edges", [1, 2, 2, 3, 4, 6, 8, 10, 13, 16, 18, 20, 23, 26, 29, 32, 35, 38, 42, 46], (0, 1000),
             doc="edges beyond a spanning tree"),
        Knob("max_weight", [1, 1, 4, 6, 9, 9, 12, 15, 20, 25, 25, 30, 30, 35, 35, 40, 40, 45, 45, 50], (1, 1000),
             doc="largest edge weight (1 = unweighted: distances count edges)"),
        Knob("question", ["eccentricity", "eccentricity", "eccentricity", ["eccentricity", "diameter"],
                          ["eccentricity", "diameter", "radius"], ["eccentricity", "diameter", "radius"]]
             + [["diameter", "radius"]] * 14,
             choices=("eccentricity", "diameter", "radius"), doc="what is asked"),
    )
    answer_format = "an integer"
    example = "-1"  # a distance is never negative: never an answer

    def build(self, rng, params):
        n = params["n_nodes"]
        weighted = params["max_weight"] > 1
        g = random_connected_graph(rng, n, params["extra_edges"], params["max_weight"])
        names = node_labels(n)
        weight = "weight" if weighted else None
        ask = params["question"]
        edges = _edges(g, names)
        kind = "weighted edges" if weighted else "edges"
        question = f"An undirected graph has nodes {', '.join(names)} and these {kind}:\n"
        question += listing(edges, weighted=weighted) + "\n\n"
        question += ("The distance between two nodes is the smallest total weight of a path joining them. "
                     if weighted else "The distance between two nodes is the smallest number of edges on a "
                                      "path joining them. ")
        if ask == "eccentricity":
            node = rng.randrange(n)
            value = nx.eccentricity(g, v=node, weight=weight)
            question += (f"The eccentricity of a node is its largest distance to any other node. "
                         f"What is the eccentricity of {names[node]}?")
        else:
            ecc = nx.eccentricity(g, weight=weight)
            value = max(ecc.values()) if ask == "diameter" else min(ecc.values())
            question += ("The eccentricity of a node is its largest distance to any other node. "
                         + ("The diameter of the graph is the largest eccentricity of any node. What is the "
                            "diameter of this graph?" if ask == "diameter" else
                            "The radius of the graph is the smallest eccentricity of any node. What is the "
                            "radius of this graph?"))
        return Draft(question, str(value), {"value": value, "question": ask})

    def effort(self, problem):
        # one shortest-path search for an eccentricity; one from every node for the diameter or radius
        n = problem.params["n_nodes"]
        sources = 1 if problem.check["question"] == "eccentricity" else n
        return sources * (n + listed_edges(problem.prompt))

    def grade(self, answer, problem):
        ask = problem.check["question"]
        try:  # bare, or labelled with the name of what is asked ("diameter = 7")
            given = read_int(read_parts(answer, [{ask, f"the {ask}"}])[0])
        except ParseError as exc:
            return refused(exc)
        return right() if given == problem.check["value"] else wrong(f"That is not the {ask}.")

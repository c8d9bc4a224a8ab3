"""Tree problems: lowest common ancestors, the centre, subtree sizes, a longest (diameter) path and
a minimum vertex cover. Trees are listed as plain undirected edge lists, each edge written in a
random direction and the list shuffled, so the structure (and, for rooted trees, which end of an
edge is the parent) must be worked out. networkx computes every reference answer."""
from __future__ import annotations

import re

import networkx as nx

from procgym import Draft, Knob, Task, register
from procgym.kit import read_int, read_parts, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import join, node_labels
from ._graph_text import read_nodes, read_pairs, shuffled_listing
from ._random_graphs import random_tree

_DEPTH = Knob("depth_bias", [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.5, 0.6, 0.6, 0.7,
     0.7, 0.72, 0.74, 0.76, 0.78, 0.8, 0.82, 0.84, 0.86, 0.88], (0.0, 1.0),
     doc="chance that a new node extends one of the latest branches (deeper, longer trees)")


_TREE_EDGE = re.compile(r"^([A-Z]{1,2}) - ([A-Z]{1,2})(?: \(weight \d+\))?$", re.MULTILINE)
_ROOT = re.compile(r"The tree is rooted at ([A-Z]{1,2})\.")
_PAIR = re.compile(r"^\d+\. ([A-Z]{1,2}) and ([A-Z]{1,2})$", re.MULTILINE)


def _listed_tree(prompt: str) -> tuple[dict[str, str | None], dict[str, int]]:
    """The tree a prompt lists, rooted at its stated root: (parent, depth) of every node (for
    effort measures, whose check keeps only the answers)."""
    neighbours: dict[str, list[str]] = {}
    for u, v in _TREE_EDGE.findall(prompt):
        neighbours.setdefault(u, []).append(v)
        neighbours.setdefault(v, []).append(u)
    root = _ROOT.search(prompt).group(1)
    parent, depth, queue = {root: None}, {root: 0}, [root]
    for u in queue:
        for v in neighbours.get(u, ()):
            if v not in depth:
                parent[v], depth[v] = u, depth[u] + 1
                queue.append(v)
    return parent, depth


def _tree_question(names, listing: str, extra: str = "") -> str:
    return f"A tree has nodes {', '.join(names)} and these edges:\n{listing}\n\n{extra}"


@register
class LowestCommonAncestor(Task):
    """A rooted tree given as an undirected edge list and its root; find the lowest common
    ancestor of each of several node pairs (a node counts as its own ancestor). networkx's
    tree_all_pairs_lowest_common_ancestor gives the reference. Higher levels add nodes, deeper
    trees, more pairs, and pairs in which one node is an ancestor of the other (whose answer is
    that node itself, a common slip)."""

    name = "graphs/lowest_common_ancestor"
    knobs = (
        Knob("n_nodes", [5, 6, 8, 10, 12, 15, 18, 22, 26, 30, 34, 38, 42, 46, 50, 55, 60, 66, 72, 80], (3, 200),
             doc="number of nodes"),
        Knob("n_queries", [1, 2, 2, 3, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20], (1, 50),
             doc="node pairs asked about"),
        _DEPTH,
        Knob("ancestor_percent", [0, 0, 10, 15, 20, 20, 25, 25, 30, 30,
             30, 32, 34, 35, 36, 38, 40, 40, 40, 40], (0, 100),
             doc="chance that a pair is an ancestor and one of its descendants"),
    )
    answer_format = ("the lowest common ancestor of each pair, in the order the pairs are asked, "
                     "as a comma-separated list of node names")
    example = "C,A,F"

    def build(self, rng, params):
        n = params["n_nodes"]
        names = node_labels(n)
        edges = random_tree(rng, n, params["depth_bias"])
        root = edges[0][0]
        tree = nx.DiGraph(edges)
        parent = {c: p for p, c in edges}
        nodes = sorted(tree.nodes)
        pairs = []
        for _ in range(params["n_queries"]):
            for attempt in range(10):
                if rng.randrange(100) < params["ancestor_percent"]:
                    inner = [v for v in nodes if v != root and tree.out_degree(v)]
                    if not inner:
                        continue
                    u = rng.choice(inner)
                    v = rng.choice(sorted(nx.descendants(tree, u)))
                    pair = (u, v) if rng.random() < 0.5 else (v, u)
                else:
                    u, v = rng.sample(nodes, 2)
                    pair = (u, v)
                    # prefer pairs whose answer is not simply the root
                    if attempt < 6 and parent.get(u) is not None and _climbs_to_root(parent, u, v, root):
                        continue
                if pair not in pairs and pair[0] != pair[1]:
                    break
            pairs.append(pair)
        lca = dict(nx.tree_all_pairs_lowest_common_ancestor(tree, root=root, pairs=pairs))
        answers = [names[lca[p]] for p in pairs]
        asked = "\n".join(f"{i + 1}. {names[u]} and {names[v]}" for i, (u, v) in enumerate(pairs))
        question = _tree_question(
            names, shuffled_listing(rng, edges, names),
            f"The tree is rooted at {names[root]}. The lowest common ancestor of two nodes is the node "
            f"farthest from the root that has both of them in its subtree (a node is in its own "
            f"subtree, so it can be the lowest common ancestor of itself and a descendant).\n"
            f"Find the lowest common ancestor of each pair:\n{asked}")
        return Draft(question, join(answers), {"nodes": names, "answers": answers})

    def effort(self, problem):
        # root the tree (every node and edge once), then climb from both nodes of each pair to
        # their lowest common ancestor
        parent, depth = _listed_tree(problem.prompt)
        climbs = 0
        for (u, v), lca in zip(_PAIR.findall(problem.prompt), problem.check["answers"]):
            climbs += depth[u] + depth[v] - 2 * depth[lca]
        return 2 * len(depth) - 1 + climbs

    def grade(self, answer, problem):
        c = problem.check
        try:
            given = read_nodes(answer, set(c["nodes"]))
        except ParseError as exc:
            return refused(exc)
        if len(given) != len(c["answers"]):
            return wrong(f"Give exactly {len(c['answers'])} node name(s), one per pair.")
        bad = [i + 1 for i, (g, a) in enumerate(zip(given, c["answers"])) if g != a]
        if bad:
            return wrong(f"The answer for pair {bad[0]} is not the lowest common ancestor.")
        return right()


def _climbs_to_root(parent: dict, u: int, v: int, root: int) -> bool:
    """Whether the lowest common ancestor of u and v is the root (a cheap check for sampling)."""
    seen = set()
    x = u
    while x is not None:
        seen.add(x)
        x = parent.get(x)
    x = v
    while x not in seen:
        x = parent[x]
    return x == root


@register
class TreeCenter(Task):
    """Find the centre of an unrooted tree: the node(s) whose greatest distance to any other node
    is smallest (one node, or two adjacent nodes). networkx's center gives the reference. Higher
    levels add nodes, longer branches, and a decoy hub: extra leaves hung near one end of a
    longest path, so the busiest node is not the centre."""

    name = "graphs/tree_center"
    knobs = (
        Knob("n_nodes", [4, 5, 6, 8, 10, 12, 15, 18, 22, 26, 30, 34, 38, 42, 46, 50, 55, 60, 66, 72], (2, 200),
             doc="number of nodes"),
        _DEPTH,
        Knob("decoy_leaves", [0, 0, 0, 2, 2, 3, 3, 4, 5, 6, 7, 8, 8, 9, 10, 10, 11, 12, 12, 13], (0, 100),
             doc="extra leaves hung next to the end of a longest path (counted in n_nodes)"),
    )
    answer_format = "the centre node, or both centre nodes as a comma-separated list"
    example = "Z9"  # no node's name (names are letters): never an answer

    def build(self, rng, params):
        n = params["n_nodes"]
        decoys = min(params["decoy_leaves"], max(0, n - 4))
        core = n - decoys
        edges = random_tree(rng, core, params["depth_bias"])
        g = nx.Graph(edges)
        g.add_nodes_from(range(core))
        if decoys:
            # a hub next to a peripheral node: leaves there keep the centre but attract the eye
            far = _farthest(g, edges[0][0])
            far = _farthest(g, far)
            hub = next(iter(sorted(g[far])))
            for k in range(decoys):
                edges.append((hub, core + k))
            g.add_edges_from(edges[-decoys:])
        # relabel so the decoy leaves are not the last names
        perm = list(range(n))
        rng.shuffle(perm)
        edges = [(perm[u], perm[v]) for u, v in edges]
        g = nx.relabel_nodes(g, {v: perm[v] for v in range(n)})
        names = node_labels(n)
        centre = sorted(names[v] for v in nx.center(g))
        question = _tree_question(
            names, shuffled_listing(rng, edges, names),
            "The eccentricity of a node is its greatest distance (number of edges) to any other node. "
            "The centre of the tree is the set of nodes with the smallest eccentricity; it is a single "
            "node or two adjacent nodes.\nFind the centre of this tree.")
        return Draft(question, join(centre), {"nodes": names, "centre": centre})

    def effort(self, problem):
        # peeling leaves layer by layer removes every node and edge once
        return 2 * len(problem.check["nodes"]) - 1

    def grade(self, answer, problem):
        c = problem.check
        try:
            given = read_nodes(answer, set(c["nodes"]))
        except ParseError as exc:
            return refused(exc)
        if len(set(given)) != len(given):
            return wrong("A node is listed twice.")
        if set(given) == set(c["centre"]):
            return right()
        if set(given) < set(c["centre"]):
            return wrong("The tree has two centre nodes: give both.")
        return wrong("That is not the centre of the tree.")


def _farthest(g: nx.Graph, source: int) -> int:
    """A node farthest (in edges) from `source`, the smallest on ties."""
    dist = nx.single_source_shortest_path_length(g, source)
    top = max(dist.values())
    return min(v for v, d in dist.items() if d == top)


@register
class SubtreeSizes(Task):
    """A rooted tree given as an undirected edge list and its root; give the size of the subtree
    of each asked node (the node and all its descendants). networkx's descendants give the
    reference. Higher levels add nodes, deeper trees and more asked nodes, so the whole parent
    structure must be recovered from the shuffled, unoriented edges."""

    name = "graphs/subtree_sizes"
    knobs = (
        Knob("n_nodes", [5, 6, 8, 10, 12, 15, 18, 22, 26, 30, 34, 38, 42, 46, 50, 55, 60, 66, 72, 80], (3, 200),
             doc="number of nodes"),
        Knob("n_asked", [1, 2, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], (1, 199),
             doc="nodes asked about (capped at n_nodes - 1)"),
        _DEPTH,
    )
    answer_format = "NODE=SIZE for each asked node, comma-separated"
    example = "B=4,E=1"

    def build(self, rng, params):
        n = params["n_nodes"]
        names = node_labels(n)
        edges = random_tree(rng, n, params["depth_bias"])
        root = edges[0][0]
        tree = nx.DiGraph(edges)
        others = [v for v in range(n) if v != root]
        inner = [v for v in others if tree.out_degree(v)]
        leaves = [v for v in others if not tree.out_degree(v)]
        k = min(params["n_asked"], n - 1)
        # mostly inner nodes (their sizes need counting), topped up with leaves
        asked = rng.sample(inner, min(len(inner), max(1, k - k // 3)))
        asked += rng.sample(leaves, min(len(leaves), k - len(asked)))
        if len(asked) < k:
            asked += rng.sample(sorted(set(inner) - set(asked)), k - len(asked))
        rng.shuffle(asked)
        sizes = {names[v]: len(nx.descendants(tree, v)) + 1 for v in asked}
        question = _tree_question(
            names, shuffled_listing(rng, edges, names),
            f"The tree is rooted at {names[root]}. The subtree of a node consists of the node and all of "
            f"its descendants; its size is how many nodes it has.\n"
            f"Give the subtree size of each of these nodes: {', '.join(names[v] for v in asked)}.")
        answer = ",".join(f"{names[v]}={sizes[names[v]]}" for v in asked)
        return Draft(question, answer, {"nodes": names, "sizes": sizes})

    def effort(self, problem):
        # root the tree and sum sizes bottom-up (every node and edge once), then read off each asked node
        return 2 * len(problem.check["nodes"]) - 1 + len(problem.check["sizes"])

    def grade(self, answer, problem):
        c = problem.check
        try:
            given = read_pairs(answer, set(c["nodes"]))
        except ParseError as exc:
            return refused(exc)
        expected = c["sizes"]
        missing = [v for v in expected if v not in given]
        if missing:
            return wrong(f"Give the size of every asked node ({missing[0]} is missing).")
        extra = [v for v in given if v not in expected]
        if extra:
            return wrong(f"Node {extra[0]} was not asked about.")
        bad = [v for v in expected if given[v] != expected[v]]
        if bad:
            return wrong(f"The subtree size of {bad[0]} is wrong.")
        return right()


@register
class TreeDiameter(Task):
    """Find a longest path in a tree (a diameter): a path between two nodes whose total edge
    weight is as large as possible. Any longest path passes: the verifier checks that it is a
    path of the tree and that its weight equals the diameter, which comes from two Dijkstra
    sweeps (networkx). Higher levels add nodes and longer branches, and weights (from level 3),
    which make the path with the most edges no longer the heaviest."""

    name = "graphs/tree_diameter"
    knobs = (
        Knob("n_nodes", [4, 5, 6, 8, 10, 12, 15, 18, 22, 26, 30, 34, 38, 42, 46, 50, 55, 60, 66, 72], (2, 200),
             doc="number of nodes"),
        Knob("max_weight", [1, 1, 3, 5, 9, 9, 12, 15, 20, 25, 25, 30, 30, 35, 35, 40, 40, 45, 45, 50], (1, 1000),
             doc="largest edge weight (1 = unweighted)"),
        _DEPTH,
    )
    answer_format = "the path as a comma-separated list of node names, from one end to the other"
    example = "E,B,A,G"

    def build(self, rng, params):
        n = params["n_nodes"]
        names = node_labels(n)
        edges = random_tree(rng, n, params["depth_bias"])
        w = params["max_weight"]
        weights = [rng.randint(1, w) for _ in edges]
        g = nx.Graph()
        g.add_weighted_edges_from((u, v, wt) for (u, v), wt in zip(edges, weights))
        # two sweeps: the farthest node from anywhere is one end of a diameter
        first = nx.single_source_dijkstra_path_length(g, 0)
        a = min(first, key=lambda v: (-first[v], v))
        dist, paths = nx.single_source_dijkstra(g, a)
        b = min(dist, key=lambda v: (-dist[v], v))
        path = paths[b]
        weighted = w > 1
        question = _tree_question(
            names, shuffled_listing(rng, edges, names, weights if weighted else None),
            "A path visits distinct nodes, each joined to the next by an edge. "
            + ("Its length is the sum of its edge weights. " if weighted else "Its length is its number of edges. ")
            + "Find a longest path in this tree.")
        listed = sorted(tuple(sorted((names[u], names[v]))) + (wt,) for (u, v), wt in zip(edges, weights))
        return Draft(question, join(names[v] for v in path),
                     {"nodes": names, "edges": [list(e) for e in listed], "length": dist[b]})

    def effort(self, problem):
        # two farthest-node sweeps over every node and edge, then the path traced back
        c = problem.check
        return 2 * (len(c["nodes"]) + len(c["edges"])) + len(problem.answer.split(","))

    def grade(self, answer, problem):
        c = problem.check
        try:
            path = read_nodes(answer, set(c["nodes"]))
        except ParseError as exc:
            return refused(exc)
        if len(set(path)) != len(path):
            return wrong("A path cannot visit a node twice.")
        weights = {}
        for u, v, wt in c["edges"]:
            weights[(u, v)] = weights[(v, u)] = wt
        total = 0
        for u, v in zip(path, path[1:]):
            if (u, v) not in weights:
                return wrong(f"There is no edge between {u} and {v}.")
            total += weights[(u, v)]
        if total != c["length"]:
            return wrong(f"That path has length {total}, which is not the longest.")
        return right()


def _forest(rng, n: int, n_trees: int, depth_bias: float) -> list[tuple[int, int]]:
    """Edges of a random forest of `n_trees` trees (each of 2+ nodes) on shuffled labels 0..n-1."""
    sizes = [2] * n_trees
    for _ in range(n - 2 * n_trees):
        sizes[rng.randrange(n_trees)] += 1
    perm = list(range(n))
    rng.shuffle(perm)
    edges, offset = [], 0
    for size in sizes:
        edges += [(perm[offset + u], perm[offset + v]) for u, v in random_tree(rng, size, depth_bias)]
        offset += size
    return edges


@register
class TreeVertexCover(Task):
    """A minimum vertex cover of a tree or forest: the fewest nodes such that every edge has at
    least one end among them. Depending on the level the answer is the minimum size, or a cover
    itself, checked to cover every edge and to be of minimum size (any minimum cover passes). The
    reference comes from Konig's theorem: networkx's Hopcroft-Karp matching turned into a cover.
    Higher levels add nodes, several trees and deeper branches, where the greedy "take the
    busiest node" rule fails."""

    name = "graphs/tree_vertex_cover"
    knobs = (
        Knob("n_nodes", [4, 5, 6, 8, 10, 12, 15, 18, 22, 26, 30, 34, 38, 42, 46, 50, 55, 60, 66, 72], (2, 200),
             doc="number of nodes"),
        Knob("n_trees", [1, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7], (1, 100),
             doc="trees in the forest (capped at n_nodes // 2)"),
        _DEPTH,
        Knob("ask", ["size", "size", "cover", "cover", ["size", "cover"]] + ["cover"] * 15,
             choices=("size", "cover"), doc="'size': the minimum cover size; 'cover': a minimum cover"),
    )
    answer_format = "a minimum vertex cover as a comma-separated list of node names"
    example = "B,E,Z9"  # Z9 is no node's name (names are letters): never an answer

    def build(self, rng, params):
        n = params["n_nodes"]
        n_trees = max(1, min(params["n_trees"], n // 2))
        edges = _forest(rng, n, n_trees, params["depth_bias"])
        g = nx.Graph(edges)
        side = nx.bipartite.color(g)
        top = {v for v, s in side.items() if s == 0}
        matching = nx.bipartite.hopcroft_karp_matching(g, top)
        cover = sorted(nx.bipartite.to_vertex_cover(g, matching, top))
        names = node_labels(n)
        graph_word = "tree" if n_trees == 1 else f"forest ({n_trees} trees)"
        listing = shuffled_listing(rng, edges, names)
        question = (f"An undirected {graph_word} has nodes {', '.join(names)} and these edges:\n{listing}\n\n"
                    "A vertex cover is a set of nodes such that every edge has at least one end in the set. ")
        check = {"nodes": names, "edges": sorted([sorted((names[u], names[v])) for u, v in edges]),
                 "size": len(cover), "ask": params["ask"]}
        if params["ask"] == "size":
            question += "What is the smallest number of nodes in a vertex cover?"
            return Draft(question, str(len(cover)), check, answer_format="an integer",
                         example="-1")  # a size is never negative: never an answer
        question += "Find a vertex cover with as few nodes as possible."
        return Draft(question, join(sorted(names[v] for v in cover)), check)

    def effort(self, problem):
        # a leaves-up pass over every node and edge (take the parent of each uncovered leaf edge),
        # plus the cover written out when it is asked for
        c = problem.check
        cover = c["size"] if c["ask"] == "cover" else 0
        return len(c["nodes"]) + len(c["edges"]) + cover

    def grade(self, answer, problem):
        c = problem.check
        try:
            if c["ask"] == "size":
                size = read_int(read_parts(answer, [{"size", "minimum size", "minimum vertex cover size"}])[0])
                return right() if size == c["size"] else wrong("That is not the minimum vertex cover size.")
            chosen = read_nodes(read_parts(answer, [{"cover", "vertex cover", "minimum vertex cover"}])[0],
                                set(c["nodes"]))
        except ParseError as exc:
            return refused(exc)
        if len(set(chosen)) != len(chosen):
            return wrong("A node is listed twice.")
        chosen = set(chosen)
        for u, v in c["edges"]:
            if u not in chosen and v not in chosen:
                return wrong(f"The edge {u} - {v} is not covered.")
        if len(chosen) != c["size"]:
            return wrong(f"That cover has {len(chosen)} nodes, which is not the minimum.")
        return right()


__all__ = ["LowestCommonAncestor", "SubtreeSizes", "TreeCenter", "TreeDiameter", "TreeVertexCover"]

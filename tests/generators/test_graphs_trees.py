"""Per-task tests for the tree and path families: graphs/lowest_common_ancestor, tree_center,
subtree_sizes, tree_diameter, tree_vertex_cover, graph_isomorphism, dag_longest_path,
constrained_shortest_path, maze_shortest_path, pagerank_argmax and hamiltonian_path.

Each task gets exact values on a known instance, an accepted alternative valid answer (or form),
rejected invalid and suboptimal answers, and a cross-check of generated references against an
independent solver (networkx or brute force) that reads the graph back out of the prompt."""
import itertools
import re
from collections import Counter
from fractions import Fraction

import networkx as nx
import pytest
from networkx.algorithms.link_analysis.pagerank_alg import _pagerank_python

import procgym
from procgym import Problem
from procgym.generators.graphs.constrained_path import constrained_route
from procgym.generators.graphs.hamiltonian import hamiltonian_path
from procgym.generators.graphs.pagerank import pagerank_scores
from answer_helpers import feedback, ok

NAMES = ["graphs/" + n for n in (
    "lowest_common_ancestor", "tree_center", "subtree_sizes", "tree_diameter", "tree_vertex_cover",
    "graph_isomorphism", "dag_longest_path", "constrained_shortest_path", "maze_shortest_path",
    "pagerank_argmax", "hamiltonian_path")]


def record(name, check, answer="x"):
    """A hand-made problem record: verifying needs nothing else."""
    return Problem(name, 0, None, {}, "hand-made", answer, check)


_EDGE = re.compile(r"^(\w+) (-|->) (\w+)(?: \((?:weight) (\d+)\))?$", re.MULTILINE)


def prompt_graph(prompt, directed=False):
    """The graph listed in a prompt (edge lines "A - B", "A -> B", optionally "(weight w)")."""
    g = nx.DiGraph() if directed else nx.Graph()
    nodes = re.search(r"has nodes ([A-Z, ]+?) and these", prompt).group(1).split(", ")
    g.add_nodes_from(nodes)
    for u, _, v, w in _EDGE.findall(prompt):
        g.add_edge(u, v, weight=int(w) if w else 1)
    return g


# --------------------------------------------------------------------------- all eleven

@pytest.mark.parametrize("name", NAMES)
def test_every_level_generates_deterministically_and_verifies(name):
    for level in range(1, 11):
        for seed in range(3):
            p = procgym.generate(name, seed=seed, difficulty=level)
            assert p.to_dict() == procgym.generate(name, seed=seed, difficulty=level).to_dict()
            assert p.prompt.isascii() and all(c.isprintable() or c == "\n" for c in p.prompt)
            assert ok(p, p.answer), (level, seed, p.answer)


@pytest.mark.parametrize("name", NAMES)
def test_level_five_is_varied(name):
    assert len({procgym.generate(name, seed=s, difficulty=5).prompt for s in range(10)}) >= 8


@pytest.mark.parametrize("name", NAMES)
def test_garbage_is_rejected(name):
    p = procgym.generate(name, seed=1, difficulty=4)
    for text in ("", "banana", "{}", "A=1", "(((", "1/0", "ZZ", "UDLR!"):
        assert not ok(p, text), text


# --------------------------------------------------------------------------- lowest common ancestor

def test_lca_known_instance():
    p = record("graphs/lowest_common_ancestor", {"nodes": list("ABCDEF"), "answers": ["B", "A", "D"]})
    for text in ("B,A,D", "b, a, d", "[B, A, D]", "B A D", "B; A; D"):
        assert ok(p, text), text
    assert not ok(p, "A,B,D")  # order matters: one answer per pair, as asked
    assert not ok(p, "B,A")
    assert not ok(p, "B,A,D,D")
    assert "pair 3" in feedback(p, "B,A,C")


def _rooted(prompt):
    g = prompt_graph(prompt)
    root = re.search(r"rooted at ([A-Z]+)\.", prompt).group(1)
    return g, root, nx.bfs_tree(g, root)


def test_lca_references_match_naive_ancestor_sets():
    for level in (1, 4, 7, 10):
        for seed in range(6):
            p = procgym.generate("graphs/lowest_common_ancestor", seed=seed, difficulty=level)
            g, root, tree = _rooted(p.prompt)
            depth = nx.shortest_path_length(g, root)
            pairs = re.findall(r"^\d+\. ([A-Z]+) and ([A-Z]+)$", p.prompt, re.MULTILINE)
            expected = []
            for u, v in pairs:
                common = (nx.ancestors(tree, u) | {u}) & (nx.ancestors(tree, v) | {v})
                expected.append(max(common, key=depth.get))
            assert p.answer.split(",") == expected


def test_lca_asks_ancestor_pairs_at_high_levels():
    hits = 0
    for seed in range(20):
        p = procgym.generate("graphs/lowest_common_ancestor", seed=seed, difficulty=9)
        pairs = re.findall(r"^\d+\. ([A-Z]+) and ([A-Z]+)$", p.prompt, re.MULTILINE)
        hits += sum(a in (u, v) for (u, v), a in zip(pairs, p.answer.split(",")))
    assert hits >= 5


# --------------------------------------------------------------------------- tree centre

def test_tree_center_known_instance():
    # path A-B-C-D: the centre is {B, C}
    p = record("graphs/tree_center", {"nodes": list("ABCD"), "centre": ["B", "C"]})
    for text in ("B,C", "C, B", "{B, C}", "c b"):
        assert ok(p, text), text
    assert "both" in feedback(p, "B")
    assert not ok(p, "B,C,D")
    assert not ok(p, "B,B")
    assert not ok(p, "A,D")
    single = record("graphs/tree_center", {"nodes": list("ABCDE"), "centre": ["C"]})
    assert ok(single, "C") and ok(single, "[c]")
    assert not ok(single, "B,C") and not ok(single, "B")


def test_tree_center_references_match_brute_force_eccentricity():
    for level in (1, 4, 7, 10):
        for seed in range(6):
            p = procgym.generate("graphs/tree_center", seed=seed, difficulty=level)
            g = prompt_graph(p.prompt)
            assert nx.is_tree(g)
            ecc = {v: max(nx.single_source_shortest_path_length(g, v).values()) for v in g}
            best = min(ecc.values())
            assert set(p.answer.split(",")) == {v for v in g if ecc[v] == best}


def test_tree_center_decoy_hub_is_not_the_centre():
    misses = 0
    for seed in range(20):
        p = procgym.generate("graphs/tree_center", seed=seed, difficulty=9)
        g = prompt_graph(p.prompt)
        hub = max(g, key=g.degree)
        misses += hub not in p.answer.split(",")
    assert misses >= 10


# --------------------------------------------------------------------------- subtree sizes

def test_subtree_sizes_known_instance():
    p = record("graphs/subtree_sizes", {"nodes": list("ABCDEF"), "sizes": {"B": 4, "E": 1}})
    for text in ("B=4,E=1", "E=1, B=4", "b: 4; e: 1", "{B=4, E=1}", "B = 4\nE = 1"):
        assert ok(p, text), text
    assert "missing" in feedback(p, "B=4")
    assert not ok(p, "B=3,E=1")
    assert not ok(p, "B=4,E=1,C=2")
    assert not ok(p, "B=4,E=1,B=4")
    assert not ok(p, "4,1")


def test_subtree_sizes_match_a_count_from_the_prompt():
    for level in (1, 4, 7, 10):
        for seed in range(6):
            p = procgym.generate("graphs/subtree_sizes", seed=seed, difficulty=level)
            _, _, tree = _rooted(p.prompt)
            for pair in p.answer.split(","):
                v, size = pair.split("=")
                assert int(size) == 1 + len(nx.descendants(tree, v))


# --------------------------------------------------------------------------- tree diameter

def _diameter_record():
    # A-B 2, B-C 2, B-D 2, D-E 1: longest paths have length 5: A,B,D,E and C,B,D,E
    edges = [["A", "B", 2], ["B", "C", 2], ["B", "D", 2], ["D", "E", 1]]
    return record("graphs/tree_diameter", {"nodes": list("ABCDE"), "edges": edges, "length": 5})


def test_tree_diameter_accepts_any_longest_path():
    p = _diameter_record()
    for text in ("A,B,D,E", "E,D,B,A", "C,B,D,E", "c -> b -> d -> e"):
        assert ok(p, text), text
    assert "not the longest" in feedback(p, "A,B,C")  # 4: a path, but short
    assert not ok(p, "A,B,D")
    assert not ok(p, "A,D,E")  # no edge A-D
    assert not ok(p, "E,D,B,D,E")  # a node twice


def test_tree_diameter_matches_networkx():
    for level in (1, 3, 6, 10):
        for seed in range(6):
            p = procgym.generate("graphs/tree_diameter", seed=seed, difficulty=level)
            g = prompt_graph(p.prompt)
            assert p.check["length"] == nx.diameter(g, weight="weight")


# --------------------------------------------------------------------------- vertex cover

def test_tree_vertex_cover_accepts_any_minimum_cover():
    # path A-B-C-D: minimum covers {B,C}, {A,C}, {B,D}
    check = {"nodes": list("ABCD"), "edges": [["A", "B"], ["B", "C"], ["C", "D"]], "size": 2, "ask": "cover"}
    p = record("graphs/tree_vertex_cover", check)
    for text in ("B,C", "A,C", "D, B", "{b, d}"):
        assert ok(p, text), text
    assert "not covered" in feedback(p, "A,D")
    assert "not the minimum" in feedback(p, "A,B,C")
    assert not ok(p, "B,B,C")
    size = record("graphs/tree_vertex_cover", {**check, "ask": "size"})
    assert ok(size, "2") and ok(size, "2.")
    assert not ok(size, "3") and not ok(size, "B,C")


def test_tree_vertex_cover_matches_brute_force():
    for level in (1, 3, 5, 7):
        for seed in range(5):
            p = procgym.generate("graphs/tree_vertex_cover", seed=seed, difficulty=level, ask="cover")
            g = prompt_graph(p.prompt)
            assert nx.is_forest(g)
            best = next(k for k in range(len(g) + 1)
                        if any(all(u in s or v in s for u, v in g.edges())
                               for s in map(set, itertools.combinations(sorted(g), k))))
            assert p.check["size"] == best == len(p.answer.split(","))


# --------------------------------------------------------------------------- isomorphism

def test_isomorphism_yes_no_forms():
    yes = record("graphs/graph_isomorphism", {"isomorphic": True})
    for text in ("yes", "Yes.", "YES", "true", "isomorphic"):
        assert ok(yes, text), text
    for text in ("no", "No.", "maybe", "yes no", "not isomorphic"):
        assert not ok(yes, text), text
    no = record("graphs/graph_isomorphism", {"isomorphic": False})
    assert ok(no, "No") and ok(no, "not isomorphic") and not ok(no, "yes")


def _two_graphs(prompt):
    first, second = prompt.split("Graph 2")
    g, h = nx.Graph(), nx.Graph()
    g.add_edges_from((u, v) for u, _, v, _ in _EDGE.findall(first))
    h.add_edges_from((u, v) for u, _, v, _ in _EDGE.findall(second))
    g.add_nodes_from(re.search(r"has nodes ([A-Z, ]+?) and", first).group(1).split(", "))
    h.add_nodes_from(re.search(r"has nodes ([0-9, ]+?) and", second).group(1).split(", "))
    return g, h


def test_isomorphism_matches_brute_force_and_no_cases_are_near_misses():
    answers = Counter()
    for level in (1, 4, 5, 7):
        for seed in range(10):
            p = procgym.generate("graphs/graph_isomorphism", seed=seed, difficulty=level)
            g, h = _two_graphs(p.prompt)
            gn, hn = sorted(g), sorted(h)
            target = {frozenset(e) for e in h.edges()}
            brute = any({frozenset((m[u], m[v])) for u, v in g.edges()} == target
                        for m in (dict(zip(gn, perm)) for perm in itertools.permutations(hn)))
            assert p.answer == ("yes" if brute else "no")
            answers[p.answer] += 1
            if p.answer == "no" and level >= 4:
                assert sorted(d for _, d in g.degree()) == sorted(d for _, d in h.degree())
                assert nx.is_connected(h)
            if p.answer == "no" and level >= 7:
                assert sum(nx.triangles(g).values()) == sum(nx.triangles(h).values())
    assert answers["yes"] >= 10 and answers["no"] >= 10


# --------------------------------------------------------------------------- DAG longest path

def test_dag_longest_path_accepts_any_maximum_path():
    edges = [["A", "B", 3], ["B", "C", 3], ["A", "C", 6], ["C", "D", 1]]
    p = record("graphs/dag_longest_path", {"nodes": list("ABCD"), "edges": edges, "length": 7})
    for text in ("A,B,C,D", "A,C,D", "a -> c -> d"):
        assert ok(p, text), text
    assert "not the largest" in feedback(p, "A,B,C")
    assert "points from" in feedback(p, "D,C")
    assert not ok(p, "A,D")
    assert not ok(p, "B,C,D,A")


def test_dag_longest_path_matches_brute_force():
    for level in (1, 3, 5, 8):
        for seed in range(5):
            p = procgym.generate("graphs/dag_longest_path", seed=seed, difficulty=level)
            g = prompt_graph(p.prompt, directed=True)
            assert nx.is_directed_acyclic_graph(g)
            best = max(sum(g[u][v]["weight"] for u, v in zip(path, path[1:]))
                       for s in g for t in g if s != t for path in nx.all_simple_paths(g, s, t))
            assert p.check["length"] == best


# --------------------------------------------------------------------------- constrained shortest path

def _constrained_record(**rules):
    # A-B 1, B-C 1, B-D 1, A-D 2, D-C 2; from A to C
    edges = [["A", "B", 1], ["A", "D", 2], ["B", "C", 1], ["B", "D", 1], ["C", "D", 2]]
    check = {"edges": edges, "start": "A", "end": "C", "via": None, "avoid": [], "hops": None,
             "nodes": list("ABCD")}
    check.update(rules)
    return record("graphs/constrained_shortest_path", check)


def test_constrained_via_accepts_any_optimal_walk():
    p = _constrained_record(via="D", weight=4)
    for text in ("A,D,C", "A,B,D,B,C", "A,B,D,C", "a -> d -> c"):  # routes may revisit nodes
        assert ok(p, text), text
    assert "does not pass through D" in feedback(p, "A,B,C")
    assert "not the smallest" in feedback(p, "A,D,B,D,C")
    assert not ok(p, "D,C")
    assert not ok(p, "A,C")


def test_constrained_avoid_and_hops():
    avoid = _constrained_record(avoid=["B"], weight=4)
    assert ok(avoid, "A,D,C")
    assert "must avoid" in feedback(avoid, "A,B,C")
    hops = _constrained_record(via="D", hops=2, weight=4)
    assert ok(hops, "A,D,C")
    assert "more than 2" in feedback(hops, "A,B,D,B,C")


def test_constrained_references_are_optimal_and_every_constraint_binds():
    """No valid route is lighter than the reference (exhaustive walk search), and dropping any
    constraint makes a strictly lighter route (checked with networkx where it applies)."""
    for level in (1, 3, 5, 7, 8):
        for seed in range(5):
            p = procgym.generate("graphs/constrained_shortest_path", seed=seed, difficulty=level)
            c = p.check
            g = prompt_graph(p.prompt)
            best = c["weight"]
            assert sum(g[u][v]["weight"] for u, v in zip(p.answer.split(","), p.answer.split(",")[1:])) == best
            # exhaustive search for a lighter valid walk
            stack = [(c["start"], 0, c["start"] == c["via"], 0)]
            while stack:
                node, weight, seen, hops = stack.pop()
                assert not (node == c["end"] and (seen or c["via"] is None)), "a lighter route exists"
                if c["hops"] is not None and hops == c["hops"]:
                    continue
                for nxt in g[node]:
                    w = weight + g[node][nxt]["weight"]
                    if w < best and nxt not in c["avoid"]:
                        stack.append((nxt, w, seen or nxt == c["via"], hops + 1))
            free = nx.dijkstra_path_length(g, c["start"], c["end"])
            assert free < best
            if c["via"] is not None:
                h = g.subgraph(set(g) - set(c["avoid"]))
                if c["hops"] is None:
                    assert best == (nx.dijkstra_path_length(h, c["start"], c["via"])
                                    + nx.dijkstra_path_length(h, c["via"], c["end"]))
            elif c["hops"] is None:
                h = g.subgraph(set(g) - set(c["avoid"]))
                assert best == nx.dijkstra_path_length(h, c["start"], c["end"])


def test_constrained_route_solver_small_cases():
    adj = {0: [(1, 1), (3, 2)], 1: [(0, 1), (2, 1), (3, 1)], 2: [(1, 1), (3, 2)], 3: [(0, 2), (1, 1), (2, 2)]}
    assert constrained_route(adj, 0, 2)[0] == 2
    assert constrained_route(adj, 0, 2, via=3)[0] == 4
    assert constrained_route(adj, 0, 2, avoid=[1])[0] == 4
    assert constrained_route(adj, 0, 2, via=3, max_hops=2) == (4, [0, 3, 2])
    assert constrained_route(adj, 0, 2, avoid=[1, 3]) == (None, None)


# --------------------------------------------------------------------------- maze

GRID = ["#####", "#S..#", "#.#.#", "#..E#", "#####"]


def test_maze_accepts_any_shortest_route():
    p = record("graphs/maze_shortest_path", {"grid": GRID, "length": 4})
    for text in ("RRDD", "DDRR", "r r d d", "R,R,D,D", "right, right, down, down", "DDRR."):
        assert ok(p, text), text
    assert "wall" in feedback(p, "DRRD")
    assert "not the fewest" in feedback(p, "DDRRUUDD")
    assert "do not end on E" in feedback(p, "RRDDU")
    assert not ok(p, "RRD")
    assert not ok(p, "NONE")
    assert not ok(p, "RRDDX")


def test_maze_unreachable():
    grid = ["#####", "#S.##", "#.#.#", "##.E#", "#####"]
    p = record("graphs/maze_shortest_path", {"grid": grid, "length": None})
    for text in ("NONE", "none.", "no path"):
        assert ok(p, text), text
    assert not ok(p, "RR") and not ok(p, "DR")


def test_maze_matches_networkx_and_has_unreachable_cases():
    nones = 0
    for level in (1, 4, 7, 10):
        for seed in range(8):
            p = procgym.generate("graphs/maze_shortest_path", seed=seed, difficulty=level)
            grid = p.check["grid"]
            assert "\n".join(grid) in p.prompt
            g = nx.Graph()
            cells = {(y, x): ch for y, row in enumerate(grid) for x, ch in enumerate(row) if ch != "#"}
            g.add_nodes_from(cells)
            g.add_edges_from(((y, x), (y + dy, x + dx)) for (y, x) in cells for dy, dx in ((0, 1), (1, 0))
                             if (y + dy, x + dx) in cells)
            s = next(v for v, ch in cells.items() if ch == "S")
            e = next(v for v, ch in cells.items() if ch == "E")
            if nx.has_path(g, s, e):
                assert len(p.answer) == nx.shortest_path_length(g, s, e)
            else:
                assert p.answer == "NONE"
                nones += 1
    assert nones >= 3


# --------------------------------------------------------------------------- PageRank

def test_pagerank_forms():
    p = record("graphs/pagerank_argmax", {"nodes": list("ABC"), "top": "B"})
    for text in ("B", "b", "[B]", "B."):
        assert ok(p, text), text
    assert not ok(p, "A") and not ok(p, "A,B") and not ok(p, "D")


def _exact_rounds(n, edges, rounds):
    out = Counter(u for u, _ in edges)
    score = [Fraction(1, n)] * n
    d = Fraction(85, 100)
    for _ in range(rounds):
        spread = sum(score[u] for u in range(n) if not out[u]) / n
        score = [(1 - d) / n + d * (sum(score[u] / out[u] for u, w in edges if w == v) + spread) for v in range(n)]
    return score


def test_pagerank_matches_networkx_and_exact_rounds_with_a_margin():
    for level in range(1, 11):
        for seed in range(4):
            p = procgym.generate("graphs/pagerank_argmax", seed=seed, difficulty=level)
            names = p.check["nodes"]
            index = {v: i for i, v in enumerate(names)}
            edges = [(index[u], index[v]) for u, v in re.findall(r"^([A-Z]) -> ([A-Z])$", p.prompt, re.MULTILINE)]
            n = len(names)
            if p.params["rounds"]:
                scores = [float(x) for x in _exact_rounds(n, edges, p.params["rounds"])]
            else:
                g = nx.DiGraph()
                g.add_nodes_from(range(n))
                g.add_edges_from(edges)
                pr = _pagerank_python(g, alpha=0.85, tol=1e-14, max_iter=10_000)
                scores = [pr[i] for i in range(n)]
            assert max(abs(a - b) for a, b in zip(scores, pagerank_scores(n, edges, p.params["rounds"]))) < 1e-9
            ranked = sorted(range(n), key=lambda i: -scores[i])
            assert names[ranked[0]] == p.answer
            assert scores[ranked[0]] - scores[ranked[1]] >= p.params["margin"] * scores[ranked[0]] - 1e-12
            if p.params["indegree_decoy"]:
                indeg = Counter(v for _, v in edges)
                assert indeg[ranked[0]] < max(indeg.values())


# --------------------------------------------------------------------------- Hamiltonian path

def test_hamiltonian_accepts_any_path():
    edges = [["A", "B"], ["A", "C"], ["B", "C"], ["C", "D"]]
    p = record("graphs/hamiltonian_path", {"nodes": list("ABCD"), "edges": edges, "exists": True})
    for text in ("A,B,C,D", "D,C,B,A", "B,A,C,D", "b -> a -> c -> d"):
        assert ok(p, text), text
    assert "all 4 nodes" in feedback(p, "A,B,C")
    assert "no edge" in feedback(p, "A,B,D,C")
    assert not ok(p, "A,B,C,A")
    assert not ok(p, "NONE")


def test_hamiltonian_none():
    star = record("graphs/hamiltonian_path",
                  {"nodes": list("ABCD"), "edges": [["A", "B"], ["A", "C"], ["A", "D"]], "exists": False})
    for text in ("NONE", "none", "None.", "no such path"):
        assert ok(star, text), text
    assert not ok(star, "B,A,C")
    assert not ok(star, "B,A,C,D")


def test_hamiltonian_matches_brute_force_and_none_cases_are_hard():
    nones = 0
    for level in (2, 4, 6):
        for seed in range(10):
            p = procgym.generate("graphs/hamiltonian_path", seed=seed, difficulty=level)
            g = prompt_graph(p.prompt)
            exists = any(all(g.has_edge(u, v) for u, v in zip(perm, perm[1:])) for perm in itertools.permutations(g))
            assert (p.answer != "NONE") == exists
            if not exists:
                nones += 1
                if level >= 4:
                    assert nx.is_connected(g) and sum(1 for v in g if g.degree(v) <= 1) <= 2
    assert nones >= 5


def test_hamiltonian_solver():
    path4 = [0b0010, 0b0101, 0b1010, 0b0100]  # 0-1-2-3
    assert hamiltonian_path(path4, 4) in ([0, 1, 2, 3], [3, 2, 1, 0])
    star = [0b1110, 0b0001, 0b0001, 0b0001]
    assert hamiltonian_path(star, 4) is None
    assert hamiltonian_path([0b10, 0b01, 0], 3) is None  # disconnected


def test_constrained_top_levels_bind_all_three_constraints():
    """From level 18 every route must pass a node, avoid nodes and keep to a hop limit at once, and
    dropping any one of the three gives a strictly lighter route."""
    for seed in range(4):
        p = procgym.generate("graphs/constrained_shortest_path", seed=seed, difficulty=20)
        c = p.check
        assert c["via"] is not None and c["avoid"] and c["hops"] is not None
        index = {name: i for i, name in enumerate(c["nodes"])}
        adj = {i: [] for i in range(len(index))}
        for u, v, w in c["edges"]:
            adj[index[u]].append((index[v], w))
            adj[index[v]].append((index[u], w))
        start, end, via = index[c["start"]], index[c["end"]], index[c["via"]]
        avoid = [index[v] for v in c["avoid"]]
        assert constrained_route(adj, start, end, via, avoid, c["hops"])[0] == c["weight"]
        for relaxed in ((None, avoid, c["hops"]), (via, (), c["hops"]), (via, avoid, None)):
            assert constrained_route(adj, start, end, *relaxed)[0] < c["weight"]


def test_hamiltonian_search_order_and_answers_are_exact():
    """The ranked bitmask search finds a path exactly when one exists (brute force on small graphs),
    and the path it returns is a Hamiltonian path."""
    import random

    rng = random.Random(5)
    for _ in range(300):
        n = rng.randint(1, 7)
        adj = [0] * n
        for u in range(n):
            for v in range(u + 1, n):
                if rng.random() < 0.4:
                    adj[u] |= 1 << v
                    adj[v] |= 1 << u
        path = hamiltonian_path(adj, n)
        exists = any(all(adj[u] >> v & 1 for u, v in zip(p, p[1:])) for p in itertools.permutations(range(n)))
        assert (path is not None) == exists
        if path is not None:
            assert sorted(path) == list(range(n)) and all(adj[u] >> v & 1 for u, v in zip(path, path[1:]))


def test_graph_efforts_read_the_listing():
    """Efforts of tasks whose check keeps no edges count the prompt's edge lines; for trees the
    LCA climbs come from the listed tree."""
    p = procgym.generate("graphs/strongly_connected_components", seed=2, difficulty=20)
    edges = len(prompt_graph(p.prompt, directed=True).edges)
    assert procgym.get("graphs/strongly_connected_components").effort(p) == len(p.check["nodes"]) + edges
    lca = procgym.generate("graphs/lowest_common_ancestor", seed=2, difficulty=20)
    assert procgym.get("graphs/lowest_common_ancestor").effort(lca) >= 2 * len(lca.check["nodes"]) - 1

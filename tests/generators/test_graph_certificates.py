"""Graph tasks answered with a certificate or an exact count: k-cores, negative cycles, transitive
reduction, widest paths, shortest cycles (girth), counting shortest paths and topological orders,
immediate dominators, edge connectivity, second-shortest paths, lightest paths with negative
weights and maximum cliques.

Each reference is checked against networkx or brute force on generated instances (edges read
back from the prompt), on hand-made records with known answers, and the verifiers are shown to
accept other valid certificates and refuse invalid or suboptimal ones."""
import itertools
import re

import networkx as nx
import pytest

import procgym
from procgym import Problem
from answer_helpers import feedback, ok

NAMES = ["graphs/k_core", "graphs/negative_cycle", "graphs/transitive_reduction", "graphs/widest_path",
         "graphs/shortest_cycle", "graphs/count_shortest_paths", "graphs/count_topological_orders",
         "graphs/immediate_dominators", "graphs/edge_connectivity", "graphs/second_shortest_path",
         "graphs/negative_weight_path", "graphs/maximum_clique"]
LINE = re.compile(r"^([A-Z]+) (-|->) ([A-Z]+)(?: \(weight (-?\d+)\))?$")
SEEDS = range(12)


def record(name, check, answer="x"):
    return Problem(name, 0, None, {}, "hand-made", answer, check)


def prompt_graph(problem, directed=False):
    g = nx.DiGraph() if directed else nx.Graph()
    names = re.search(r"nodes ([A-Z, ]+?) and these", problem.prompt)
    if names:
        g.add_nodes_from(names.group(1).split(", "))
    for line in problem.prompt.splitlines():
        m = LINE.match(line)
        if m:
            g.add_edge(m.group(1), m.group(3), weight=int(m.group(4) or 1))
    return g


def gen(name, level, seed):
    return procgym.generate(name, seed=seed, difficulty=level)


@pytest.mark.parametrize("name", NAMES)
def test_reference_verifies_and_is_deterministic(name):
    for level in (1, 6, 12):
        p = gen(name, level, 3)
        assert ok(p, p.answer)
        assert gen(name, level, 3).to_dict() == p.to_dict()


# --------------------------------------------------------------------------- k-core

@pytest.mark.parametrize("level", [1, 5, 10, 16])
def test_k_core_matches_networkx(level):
    for seed in SEEDS:
        p = gen("graphs/k_core", level, seed)
        k = int(re.search(r"The (\d+)-core", p.prompt).group(1))
        assert sorted(nx.k_core(prompt_graph(p), k)) == p.check["core"]


def test_k_core_hand_made():
    # a triangle with a tail: the 2-core is the triangle, the 3-core is empty
    check = {"nodes": ["A", "B", "C", "D"], "core": ["A", "B", "C"], "work": 0}
    p = record("graphs/k_core", check)
    assert ok(p, "C, B, A") and ok(p, "{A,B,C}")
    assert not ok(p, "A,B,C,D") and not ok(p, "A,B") and not ok(p, "A,B,C,C") and not ok(p, "empty")
    assert "D is not in the core" in feedback(p, "A,B,C,D")
    empty = record("graphs/k_core", dict(check, core=[]))
    assert ok(empty, "empty") and ok(empty, "none") and not ok(empty, "A")


# --------------------------------------------------------------------------- negative cycle

@pytest.mark.parametrize("level", [1, 5, 10, 15])
def test_negative_cycle_matches_networkx(level):
    for seed in SEEDS:
        p = gen("graphs/negative_cycle", level, seed)
        g = prompt_graph(p, directed=True)
        assert nx.negative_edge_cycle(g) == p.check["negative"]
        assert (p.answer == "none") == (not p.check["negative"])


def test_negative_cycle_certificates():
    edges = [["A", "B", 2], ["B", "C", -3], ["C", "A", -1], ["C", "D", 5], ["D", "A", -10], ["A", "D", 1]]
    p = record("graphs/negative_cycle", {"nodes": list("ABCD"), "edges": edges, "negative": True})
    assert ok(p, "A,B,C") and ok(p, "B,C,A") and ok(p, "A->B->C->A")  # total -2, any rotation
    assert ok(p, "A,D")  # 1 - 10: another negative cycle
    assert ok(p, "C,D,A,B")  # C->D->A->B->C: 5 - 10 + 2 - 3 = -6, also negative
    assert not ok(p, "A,C,B")  # against the edge directions
    assert not ok(p, "none") and not ok(p, "A,B,C,A,B")
    positive = [["A", "B", 2], ["B", "A", -1]]
    q = record("graphs/negative_cycle", {"nodes": ["A", "B"], "edges": positive, "negative": False})
    assert ok(q, "none") and ok(q, "no negative cycle")
    assert "not negative" in feedback(q, "A,B")


# --------------------------------------------------------------------------- transitive reduction

@pytest.mark.parametrize("level", [1, 5, 10, 16])
def test_transitive_reduction_matches_networkx(level):
    for seed in SEEDS:
        p = gen("graphs/transitive_reduction", level, seed)
        g = prompt_graph(p, directed=True)
        kept = set(nx.transitive_reduction(g).edges())
        assert sorted(map(list, set(g.edges()) - kept)) == p.check["redundant"]


def test_transitive_reduction_hand_made():
    edges = [["A", "B"], ["B", "C"], ["A", "C"], ["C", "D"], ["A", "D"]]
    p = record("graphs/transitive_reduction", {"nodes": list("ABCD"), "edges": edges,
                                               "redundant": [["A", "C"], ["A", "D"]], "work": 0})
    assert ok(p, "A->C, A->D") and ok(p, "A-D, A-C") and ok(p, "(A,D); (A,C)")
    assert not ok(p, "A->C") and not ok(p, "A->C, A->D, B->C") and not ok(p, "C->A, A->D")
    assert not ok(p, "none") and not ok(p, "A->C, A->D, A->D")
    assert "is needed" in feedback(p, "A->C, A->D, B->C")


# --------------------------------------------------------------------------- widest path

def brute_widest(g, s, t):
    return max(min(g[u][v]["weight"] for u, v in zip(path, path[1:])) for path in nx.all_simple_paths(g, s, t))


@pytest.mark.parametrize("level", [1, 4, 8])
def test_widest_path_matches_brute_force(level):
    for seed in SEEDS:
        p = gen("graphs/widest_path", level, seed)
        g = prompt_graph(p)
        assert brute_widest(g, p.check["start"], p.check["end"]) == p.check["width"]


def test_widest_path_hand_made():
    edges = [["A", "B", 9], ["B", "D", 2], ["A", "C", 4], ["C", "D", 5], ["A", "D", 1], ["C", "B", 4]]
    p = record("graphs/widest_path", {"nodes": list("ABCD"), "edges": edges, "start": "A", "end": "D",
                                      "width": 4, "work": 0})
    assert ok(p, "A,C,D") and ok(p, "A-B-C-D")  # both have narrowest road 4
    assert not ok(p, "A,B,D") and not ok(p, "A,D") and not ok(p, "D,C,A") and not ok(p, "A,C,A,C,D")
    assert "narrowest road carries 2" in feedback(p, "A,B,D")


# --------------------------------------------------------------------------- shortest cycle

@pytest.mark.parametrize("level", [1, 5, 10, 16])
def test_shortest_cycle_matches_networkx_girth(level):
    for seed in SEEDS:
        p = gen("graphs/shortest_cycle", level, seed)
        assert nx.girth(prompt_graph(p)) == p.check["girth"]


def test_shortest_cycle_hand_made():
    # a square A-B-C-D and a path A-E-F-C across it: two 5-cycles and one 4-cycle
    edges = [["A", "B"], ["B", "C"], ["C", "D"], ["A", "D"], ["A", "E"], ["E", "F"], ["F", "C"]]
    p = record("graphs/shortest_cycle", {"nodes": list("ABCDEF"), "edges": edges, "girth": 4, "work": 0})
    assert ok(p, "A,B,C,D") and ok(p, "C,B,A,D,C") and ok(p, "D-C-B-A")
    assert not ok(p, "A,B,C,F,E") and not ok(p, "A,E,F,C,D,A")  # genuine cycles, but of 5 edges
    assert "a shorter one exists" in feedback(p, "A,E,F,C,D")
    assert not ok(p, "A,B,D") and not ok(p, "A,B,A,B")


# --------------------------------------------------------------------------- counting shortest paths

@pytest.mark.parametrize("level", [1, 5, 10, 13])
def test_count_shortest_paths_matches_networkx(level):
    for seed in SEEDS:
        p = gen("graphs/count_shortest_paths", level, seed)
        g = prompt_graph(p)
        s, t = re.search(r"How many different shortest paths from ([A-Z]+) to ([A-Z]+)", p.prompt).groups()
        assert len(list(nx.all_shortest_paths(g, s, t, weight="weight"))) == p.check["ways"]


def test_count_shortest_paths_readers():
    p = record("graphs/count_shortest_paths", {"ways": 6, "distance": 3, "work": 0, "n_edges": 5})
    assert ok(p, "6") and ok(p, "6.") and not ok(p, "6 or 7") and not ok(p, "5") and not ok(p, "six paths")


# --------------------------------------------------------------------------- topological orders

@pytest.mark.parametrize("level", [1, 3, 5])
def test_count_topological_orders_brute_force(level):
    for seed in SEEDS:
        p = gen("graphs/count_topological_orders", level, seed)
        g = prompt_graph(p, directed=True)
        brute = sum(all(order.index(u) < order.index(v) for u, v in g.edges())
                    for order in itertools.permutations(sorted(g.nodes())))
        assert brute == p.check["count"]


@pytest.mark.parametrize("level", [8, 11])
def test_count_topological_orders_matches_networkx(level):
    for seed in range(4):
        p = gen("graphs/count_topological_orders", level, seed)
        assert sum(1 for _ in nx.all_topological_sorts(prompt_graph(p, directed=True))) == p.check["count"]


def test_count_topological_orders_hand_made():
    from procgym.generators.graphs.count_topological_orders import count_orders
    assert count_orders(3, [])[0] == 6
    assert count_orders(3, [(0, 1), (1, 2)])[0] == 1
    assert count_orders(4, [(0, 1), (0, 2)])[0] == 8  # 0 before 1 and 2; 3 anywhere: 2 x 4


# --------------------------------------------------------------------------- dominators

@pytest.mark.parametrize("level", [1, 5, 10, 16])
def test_immediate_dominators_match_networkx(level):
    for seed in SEEDS:
        p = gen("graphs/immediate_dominators", level, seed)
        entry = re.search(r"reached from the entry ([A-Z]+)\.", p.prompt).group(1)
        idom = nx.immediate_dominators(prompt_graph(p, directed=True), entry)
        assert all(idom[v] == d for v, d in p.check["asked"].items())


def test_immediate_dominators_hand_made():
    p = record("graphs/immediate_dominators", {"nodes": list("ABCDE"), "asked": {"D": "A", "E": "D"}, "work": 0})
    assert ok(p, "D=A, E=D") and ok(p, "E: D; D: a") and ok(p, "{D=A, E=D}")
    assert not ok(p, "D=A") and not ok(p, "D=B, E=D") and not ok(p, "D=A, E=D, B=A")
    assert not ok(p, "D=A, E=Q") and not ok(p, "D=A, D=A, E=D")
    assert "not the immediate dominator of D" in feedback(p, "D=B, E=D")


# --------------------------------------------------------------------------- edge connectivity

@pytest.mark.parametrize("level", [1, 5, 10, 16])
def test_edge_connectivity_matches_networkx(level):
    for seed in SEEDS:
        p = gen("graphs/edge_connectivity", level, seed)
        assert nx.edge_connectivity(prompt_graph(p)) == p.check["size"]


def test_edge_connectivity_hand_made():
    # two triangles A-B-C and D-E-F joined by the two edges C-D and A-E
    edges = [["A", "B"], ["B", "C"], ["A", "C"], ["C", "D"], ["A", "E"], ["D", "E"], ["E", "F"], ["D", "F"]]
    p = record("graphs/edge_connectivity", {"nodes": list("ABCDEF"), "edges": edges, "size": 2, "work": 0})
    # (B and F have degree 2 too)
    assert ok(p, "C-D, A-E") and ok(p, "E-A, D-C") and ok(p, "(A,B), (B,C)")  # the bundle, or cut off B
    assert ok(p, "E-F, D-F")  # cuts off F
    assert not ok(p, "C-D, A-B")  # still connected
    assert not ok(p, "C-D, A-E, E-F")  # disconnects, but one more than needed
    assert not ok(p, "C-D, C-D") and not ok(p, "C-F, A-E")
    assert "still connected" in feedback(p, "C-D, A-B")


# --------------------------------------------------------------------------- second shortest path

def brute_second(g, s, t):
    lengths = sorted({nx.path_weight(g, path, "weight") for path in nx.all_simple_paths(g, s, t)})
    return lengths[0], lengths[1]


@pytest.mark.parametrize("level", [1, 4, 8])
def test_second_shortest_path_brute_force(level):
    for seed in SEEDS:
        p = gen("graphs/second_shortest_path", level, seed)
        assert brute_second(prompt_graph(p), p.check["start"], p.check["end"]) == (p.check["shortest"],
                                                                                   p.check["second"])


def test_second_shortest_path_hand_made():
    edges = [["A", "B", 1], ["B", "D", 1], ["A", "C", 1], ["C", "D", 1], ["A", "D", 3], ["B", "C", 2]]
    # shortest 2 (two ways: ties do not count as second); second 3: A-D directly
    p = record("graphs/second_shortest_path", {"nodes": list("ABCD"), "edges": edges, "start": "A", "end": "D",
                                               "shortest": 2, "second": 3, "work": 0})
    assert ok(p, "A,D") and ok(p, "A -> D")
    assert not ok(p, "A,B,D") and not ok(p, "A,C,D") and not ok(p, "A,B,C,D")  # 2, 2, 4
    assert not ok(p, "D,A") and not ok(p, "A,B,A,D")
    assert "which is the shortest" in feedback(p, "A,B,D")


# --------------------------------------------------------------------------- negative weights

@pytest.mark.parametrize("level", [1, 5, 10, 16])
def test_negative_weight_path_matches_networkx(level):
    for seed in SEEDS:
        p = gen("graphs/negative_weight_path", level, seed)
        g = prompt_graph(p, directed=True)
        assert not nx.negative_edge_cycle(g)
        assert nx.bellman_ford_path_length(g, p.check["start"], p.check["end"]) == p.check["distance"]


def test_negative_weight_path_hand_made():
    # A->B->C costs 4 - 6 = -2; the direct A->C costs 1; greedy settling would pick A->C
    edges = [["A", "B", 4], ["B", "C", -6], ["A", "C", 1], ["C", "D", 2], ["B", "D", -1]]
    p = record("graphs/negative_weight_path", {"nodes": list("ABCD"), "edges": edges, "start": "A", "end": "D",
                                               "distance": 0, "trap": True, "work": 0})
    assert ok(p, "A,B,C,D") and ok(p, "A -> B -> C -> D")
    assert not ok(p, "A,C,D") and not ok(p, "A,B,D") and not ok(p, "D,C,B,A") and not ok(p, "A,D")
    assert "not the smallest" in feedback(p, "A,C,D")


# --------------------------------------------------------------------------- maximum clique

@pytest.mark.parametrize("level", [1, 5, 10, 16])
def test_maximum_clique_matches_networkx(level):
    for seed in SEEDS:
        p = gen("graphs/maximum_clique", level, seed)
        assert max(len(c) for c in nx.find_cliques(prompt_graph(p))) == p.check["size"]


def test_maximum_clique_hand_made():
    # two triangles A-B-C and C-D-E sharing C, and the 4-clique B,C,D,F
    edges = [["A", "B"], ["A", "C"], ["B", "C"], ["C", "D"], ["C", "E"], ["D", "E"],
             ["B", "D"], ["B", "F"], ["C", "F"], ["D", "F"]]
    p = record("graphs/maximum_clique", {"nodes": list("ABCDEF"), "edges": edges, "size": 4, "work": 0})
    assert ok(p, "B,C,D,F") and ok(p, "f d c b") and ok(p, "{B, C, D, F}")
    assert not ok(p, "A,B,C") and not ok(p, "A,B,C,D") and not ok(p, "B,C,D,F,F")
    assert "a larger one exists" in feedback(p, "C,D,E")
    assert "not joined" in feedback(p, "A,B,C,D")

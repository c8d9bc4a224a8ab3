"""Per-task tests for the second wave of graph tasks: distances, diameter/eccentricity, minimum
spanning trees, strongly connected components, articulation points and bridges, bipartiteness
with a witness, max flow / min cut, maximum matching, Eulerian walks and cycle detection.

For each: exact values on hand-made instances, brute-force cross-checks of the networkx
reference on generated instances, alternative valid answers accepted and invalid or suboptimal
answers rejected."""
import itertools
import re
from collections import Counter, deque

import pytest

import procgym
from procgym import Problem
from procgym.generators.graphs._graph_text import read_edges, read_groups, read_nodes
from procgym.generators.graphs.bipartite import odd_cycle
from answer_helpers import feedback, ok

NAMES = ["graphs/shortest_distances", "graphs/diameter_eccentricity", "graphs/minimum_spanning_tree",
         "graphs/strongly_connected_components", "graphs/articulation_points_bridges", "graphs/bipartite_check",
         "graphs/max_flow_min_cut", "graphs/maximum_matching", "graphs/eulerian_path", "graphs/cycle_detection"]


def record(name, check, answer="x"):
    """A hand-made problem record: verifying needs nothing else."""
    return Problem(name, 0, None, {}, "hand-made", answer, check)


LINE = re.compile(r"^([A-Z]+) (-|->) ([A-Z]+)(?: \((?:weight|capacity) (\d+)\))?$")


def prompt_edges(prompt):
    """(u, v, w) for every edge line of a prompt (w = 1 when unweighted)."""
    out = []
    for line in prompt.splitlines():
        m = LINE.match(line)
        if m:
            out.append((m.group(1), m.group(3), int(m.group(4) or 1)))
    return out


def floyd(nodes, edges):
    inf = float("inf")
    d = {(u, v): 0 if u == v else inf for u in nodes for v in nodes}
    for u, v, w in edges:
        d[u, v] = d[v, u] = min(d[u, v], w)
    for k in nodes:
        for i in nodes:
            for j in nodes:
                if d[i, k] + d[k, j] < d[i, j]:
                    d[i, j] = d[i, k] + d[k, j]
    return d


def reach(nodes, arcs, start, banned=()):
    seen, queue = {start}, deque([start])
    while queue:
        u = queue.popleft()
        for a, b in arcs:
            if a == u and b not in seen and b not in banned:
                seen.add(b)
                queue.append(b)
    return seen


def both_ways(edges):
    return [(u, v) for u, v, *_ in edges] + [(v, u) for u, v, *_ in edges]


def components(nodes, edges, banned_node=None, banned_edge=None):
    arcs = [(u, v) for u, v in both_ways(edges) if {u, v} != banned_edge]
    rest = [v for v in nodes if v != banned_node]
    seen, count = set(), 0
    for v in rest:
        if v not in seen:
            count += 1
            seen |= reach(rest, arcs, v, banned={banned_node})
    return count


# --------------------------------------------------------------------------- all ten

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
    for text in ("", "banana", "1", "{}", "A=1", "(((", "1/0", "A-B-C", p.answer + p.answer, p.answer + ",ZZ"):
        if text == p.answer:
            continue
        assert not ok(p, text), text


@pytest.mark.parametrize("name", NAMES)
def test_level_ten_is_bigger_than_level_one(name):
    small = procgym.generate(name, seed=0, difficulty=1).prompt
    big = procgym.generate(name, seed=0, difficulty=10).prompt
    assert len(big.splitlines()) > 2 * len(small.splitlines())


# --------------------------------------------------------------------------- parsing helpers

def test_readers():
    nodes = {"A", "B", "C", "D"}
    assert read_nodes("A -> c -> D", nodes) == ["A", "C", "D"]
    assert read_nodes("[A, B, C]", nodes) == ["A", "B", "C"]
    assert read_edges("(A,B), C-D; b->a", nodes) == [("A", "B"), ("C", "D"), ("B", "A")]
    assert read_edges("[A-B, C-D]", nodes) == [("A", "B"), ("C", "D")]
    assert read_groups("[{A,B},{C}]", nodes) == [["A", "B"], ["C"]]
    for bad in ("A-B-C", "A,B", "A-E", "AB-C"):
        with pytest.raises(ValueError):
            read_edges(bad, nodes)
    with pytest.raises(ValueError):
        read_nodes("A, X", nodes)


# --------------------------------------------------------------------------- graphs/shortest_distances

ONE = record("graphs/shortest_distances", {"source": "A", "targets": ["D"], "distances": [5]})
MANY = record("graphs/shortest_distances", {"source": "A", "targets": ["B", "C", "D"], "distances": [2, 3, 5]})


@pytest.mark.parametrize("problem,text", [
    (ONE, "5"), (ONE, "D=5"), (ONE, "5."), (ONE, " 5 "),
    (MANY, "2,3,5"), (MANY, "[2, 3, 5]"), (MANY, "2; 3; 5"), (MANY, "D=5, B=2, C=3"), (MANY, "B: 2, C: 3, D: 5"),
])
def test_distances_accept_forms(problem, text):
    assert ok(problem, text)


@pytest.mark.parametrize("problem,text", [
    (ONE, "6"), (ONE, "4"), (ONE, "5.5"), (ONE, "C=5"), (ONE, "5,5"),
    (MANY, "2,3"), (MANY, "3,2,5"), (MANY, "2,3,6"), (MANY, "2,3,5,0"), (MANY, "B=2,C=3,E=5"), (MANY, "B=2,C=3"),
    (MANY, "B=2,B=2,C=3,D=5"),
])
def test_distances_reject_near_misses(problem, text):
    assert not ok(problem, text)


def test_distances_match_floyd_warshall_on_the_prompt():
    for level in (1, 4, 7, 9):
        for seed in range(6):
            p = procgym.generate("graphs/shortest_distances", seed=seed, difficulty=level)
            edges = prompt_edges(p.prompt)
            nodes = sorted({x for u, v, _ in edges for x in (u, v)})
            d = floyd(nodes, edges)
            assert p.check["distances"] == [d[p.check["source"], t] for t in p.check["targets"]]
            if level == 9:
                assert len(p.check["targets"]) == len(nodes) - 1


def test_decoy_edges_never_shorten_a_distance():
    for seed in range(10):
        a = procgym.generate("graphs/shortest_distances", seed=seed, difficulty=8)
        b = procgym.generate("graphs/shortest_distances", seed=seed, difficulty=8, decoys=0)
        assert len(prompt_edges(a.prompt)) >= len(prompt_edges(b.prompt))


# --------------------------------------------------------------------------- graphs/diameter_eccentricity

DIAMETER = record("graphs/diameter_eccentricity", {"value": 7, "question": "diameter"})


@pytest.mark.parametrize("text,good", [("7", True), ("diameter = 7", True), ("7.", True), ("Diameter: 7", True),
                                       ("6", False), ("8", False), ("7.5", False), ("radius = 3", False)])
def test_diameter_forms(text, good):
    assert ok(DIAMETER, text) == good


def test_diameter_eccentricity_match_floyd_warshall():
    seen = set()
    for level in (1, 3, 5, 7, 10):
        for seed in range(6):
            p = procgym.generate("graphs/diameter_eccentricity", seed=seed, difficulty=level)
            edges = prompt_edges(p.prompt)
            nodes = sorted({x for u, v, _ in edges for x in (u, v)})
            d = floyd(nodes, edges)
            ecc = {u: max(d[u, v] for v in nodes) for u in nodes}
            ask = p.check["question"]
            seen.add(ask)
            if ask == "eccentricity":
                node = re.search(r"eccentricity of ([A-Z]+)\?", p.prompt).group(1)
                assert p.check["value"] == ecc[node]
            else:
                assert p.check["value"] == (max if ask == "diameter" else min)(ecc.values())
    assert seen == {"eccentricity", "diameter", "radius"}


# --------------------------------------------------------------------------- graphs/minimum_spanning_tree

MST_EDGES = [["A", "B", 1], ["A", "C", 1], ["B", "C", 1], ["B", "D", 3], ["C", "D", 2]]
MST = record("graphs/minimum_spanning_tree", {"nodes": list("ABCD"), "edges": MST_EDGES, "total": 4, "ask": "edges"})
MST_WEIGHT = record("graphs/minimum_spanning_tree", {"nodes": list("ABCD"), "edges": MST_EDGES, "total": 4,
                                                     "ask": "weight"})


@pytest.mark.parametrize("text", ["A-B, B-C, C-D", "A-C, B-C, C-D", "A-B, A-C, C-D", "(A,B),(A,C),(C,D)",
                                  "B-A; C-B; D-C", "[A-B, B-C, C-D]", "a-b, b-c, c-d", "A-B (1), B-C (1), C-D (2)"])
def test_mst_accepts_every_minimum_tree(text):
    assert ok(MST, text)


@pytest.mark.parametrize("text,why", [
    ("A-B, B-C, B-D", "not the minimum"),  # a spanning tree of weight 5
    ("A-B, B-C, A-C", "closes a cycle"),
    ("A-B, C-D", "has 3 edges"),
    ("A-B, B-C, A-D", "no edge A-D"),
    ("A-B, A-B, C-D", "twice"),
    ("A-B, B-C, C-D, B-D", "closes a cycle"),
    ("4", "like A-B"),
])
def test_mst_rejects_invalid_or_heavier_trees(text, why):
    assert not ok(MST, text)
    assert why in feedback(MST, text)


@pytest.mark.parametrize("text,good", [("4", True), ("total weight: 4", True), ("5", False), ("3", False)])
def test_mst_weight(text, good):
    assert ok(MST_WEIGHT, text) == good


def _spanning_trees(nodes, edges):
    for combo in itertools.combinations(edges, len(nodes) - 1):
        parent = {v: v for v in nodes}

        def find(v):
            while parent[v] != v:
                v = parent[v]
            return v

        good = True
        for u, v, _ in combo:
            ru, rv = find(u), find(v)
            if ru == rv:
                good = False
                break
            parent[ru] = rv
        if good:
            yield combo


def test_mst_weight_matches_brute_force_and_every_minimum_tree_passes():
    several = 0
    for level in (2, 4, 6):
        for seed in range(5):
            p = procgym.generate("graphs/minimum_spanning_tree", seed=seed, difficulty=level, ask="edges")
            nodes, edges = p.check["nodes"], [tuple(e) for e in p.check["edges"]]
            trees = list(_spanning_trees(nodes, edges))
            best = min(sum(w for *_, w in t) for t in trees)
            assert p.check["total"] == best
            minimum = [t for t in trees if sum(w for *_, w in t) == best]
            several += len(minimum) > 1
            for t in minimum[:20]:
                assert ok(p, ", ".join(f"{v}-{u}" for u, v, _ in reversed(t)))
            for t in [t for t in trees if sum(w for *_, w in t) == best + 1][:5]:
                assert not ok(p, ", ".join(f"{u}-{v}" for u, v, _ in t))
    assert several >= 3  # ties make several minimum trees


# --------------------------------------------------------------------------- graphs/strongly_connected_components

SCC = record("graphs/strongly_connected_components", {"nodes": list("ABCDE"),
                                                       "components": [["A", "B", "C"], ["D"], ["E"]]})


@pytest.mark.parametrize("text", ["{A,B,C},{D},{E}", "{E},{C,A,B},{D}", "[{a,b,c},{d},{e}]", "{A B C} {D} {E}",
                                  "(A,B,C), (D), (E)", "{A,B,C};{D};{E}"])
def test_scc_accepts_any_order(text):
    assert ok(SCC, text)


@pytest.mark.parametrize("text,why", [
    ("{A,B,C,D},{E}", "not the strongly connected"), ("{A,B},{C},{D},{E}", "not the strongly connected"),
    ("{A,B,C},{D}", "E is in no group"), ("{A,B,C},{D},{E},{A}", "more than once"),
    ("{A,B,C},{D},{E,F}", "not a node"), ("A,B,C,D,E", "braces"), ("{A,B,C},{},{D},{E}", "empty"),
])
def test_scc_rejects_near_misses(text, why):
    assert not ok(SCC, text)
    assert why in feedback(SCC, text)


def test_scc_match_mutual_reachability():
    for level in (1, 5, 10):
        for seed in range(5):
            p = procgym.generate("graphs/strongly_connected_components", seed=seed, difficulty=level)
            arcs = [(u, v) for u, v, _ in prompt_edges(p.prompt)]
            nodes = p.check["nodes"]
            reaches = {v: reach(nodes, arcs, v) for v in nodes}
            groups = {frozenset(u for u in nodes if u in reaches[v] and v in reaches[u]) for v in nodes}
            assert groups == {frozenset(c) for c in p.check["components"]}
            assert len(groups) >= p.params["n_components"]


# --------------------------------------------------------------------------- graphs/articulation_points_bridges

CUT_EDGES = [["A", "B"], ["A", "C"], ["B", "C"], ["C", "D"], ["D", "E"]]


def cuts(ask, edges=CUT_EDGES, points=("C", "D"), bridges=(("C", "D"), ("D", "E"))):
    nodes = sorted({x for e in edges for x in e})
    return record("graphs/articulation_points_bridges", {"nodes": nodes, "points": list(points),
                                                         "bridges": [list(b) for b in bridges], "ask": ask})


@pytest.mark.parametrize("ask,text", [
    ("points", "C,D"), ("points", "D, C"), ("points", "[C, D]"), ("points", "articulation points: D,C"),
    ("bridges", "C-D, D-E"), ("bridges", "(E,D),(D,C)"), ("bridges", "D-C; E-D"),
    ("both", "C,D; C-D, D-E"), ("both", "points: D, C; bridges: E-D, D-C"), ("both", "D,C\nD-E, C-D"),
])
def test_cut_elements_accept_any_order(ask, text):
    assert ok(cuts(ask), text)


@pytest.mark.parametrize("ask,text", [
    ("points", "C"), ("points", "C,D,E"), ("points", "none"), ("points", "C,D,C"), ("points", "C-D"),
    ("bridges", "C-D"), ("bridges", "C-D, D-E, A-B"), ("bridges", "none"), ("bridges", "C-D, D-E, C-D"),
    ("bridges", "C-E, D-E"), ("both", "C,D"), ("both", "C; C-D, D-E"), ("both", "C,D; C-D"),
    ("both", "C-D, D-E; C,D"),
])
def test_cut_elements_reject_near_misses(ask, text):
    assert not ok(cuts(ask), text)


def test_cut_elements_none_when_there_are_none():
    triangle = [["A", "B"], ["A", "C"], ["B", "C"]]
    assert ok(cuts("points", triangle, (), ()), "none")
    assert ok(cuts("both", triangle, (), ()), "none; none")
    assert not ok(cuts("bridges", triangle, (), ()), "A-B")


def test_cut_elements_match_removal_brute_force():
    for level in (1, 5, 10):
        for seed in range(5):
            p = procgym.generate("graphs/articulation_points_bridges", seed=seed, difficulty=level)
            nodes = p.check["nodes"]
            edges = [(u, v) for u, v, _ in prompt_edges(p.prompt)]
            assert components(nodes, edges) == 1
            points = sorted(v for v in nodes if components(nodes, edges, banned_node=v) > 1)
            bridges = sorted(sorted(e) for e in edges if components(nodes, edges, banned_edge=set(e)) > 1)
            assert p.check["points"] == points and p.check["bridges"] == bridges


# --------------------------------------------------------------------------- graphs/bipartite_check

SQUARE = record("graphs/bipartite_check", {"nodes": list("ABCDE"),
                                           "edges": [["A", "B"], ["B", "C"], ["C", "D"], ["A", "D"], ["D", "E"]]})
HOUSE = record("graphs/bipartite_check", {"nodes": list("ABCDE"), "edges": [
    ["A", "B"], ["B", "C"], ["C", "D"], ["D", "E"], ["A", "E"], ["A", "C"]]})


@pytest.mark.parametrize("problem,text", [
    (SQUARE, "{A,C,E},{B,D}"), (SQUARE, "{B,D},{A,C,E}"), (SQUARE, "yes: {a,c,e},{b,d}"), (SQUARE, "[A,C,E],[B,D]"),
    (SQUARE, "Bipartite. {A C E} {B D}"),
    (HOUSE, "A,B,C"), (HOUSE, "C,B,A,C"), (HOUSE, "A,B,C,D,E"), (HOUSE, "no: A,C,B"), (HOUSE, "E->D->C->B->A"),
    (HOUSE, "[A, B, C]"),
])
def test_bipartite_accepts_any_valid_witness(problem, text):
    assert ok(problem, text)


@pytest.mark.parametrize("problem,text,why", [
    (SQUARE, "{A,C},{B,D,E}", "same group"), (SQUARE, "{A,C},{B,D}", "E is in neither"),
    (SQUARE, "{A,C,E},{B,D},{}", "exactly two"), (SQUARE, "{A,C,E},{B,D,A}", "more than once"),
    (SQUARE, "A,B,C", "no edge"), (SQUARE, "A,B,C,D", "not an odd cycle"),
    (HOUSE, "{A,C,E},{B,D}", "same group"), (HOUSE, "A,C,D,E", "not an odd cycle"),
    (HOUSE, "A,B,D,C,E", "no edge B-D"), (HOUSE, "A,B,C,B,A", "repeat"), (HOUSE, "A,B", "not an odd cycle"),
])
def test_bipartite_rejects_invalid_witnesses(problem, text, why):
    assert not ok(problem, text)
    assert why in feedback(problem, text)


def test_bipartite_matches_brute_force_and_accepts_swapped_sides():
    outcomes = Counter()
    for level in (1, 3, 5, 6):
        for seed in range(8):
            p = procgym.generate("graphs/bipartite_check", seed=seed, difficulty=level)
            nodes, edges = p.check["nodes"], p.check["edges"]
            two = any(all(c[nodes.index(u)] != c[nodes.index(v)] for u, v in edges)
                      for c in itertools.product((0, 1), repeat=len(nodes)))
            outcomes[two] += 1
            assert ("{" in p.answer) == two
            if two:
                a, b = re.findall(r"\{([^}]*)\}", p.answer)
                assert ok(p, "{" + b + "},{" + a + "}")
            else:
                cycle = p.answer.split(",")
                assert ok(p, ",".join(reversed(cycle))) and ok(p, ",".join(cycle[1:] + cycle[:1]))
    assert outcomes[True] >= 5 and outcomes[False] >= 5


def test_odd_cycle_finder():
    import networkx as nx

    assert odd_cycle(nx.cycle_graph(6)) is None
    for n in (3, 5, 9):
        g = nx.cycle_graph(n)
        assert sorted(odd_cycle(g)) == list(range(n))
    g = nx.disjoint_union(nx.path_graph(4), nx.cycle_graph(7))
    cycle = odd_cycle(g)
    assert len(cycle) == 7 and all(g.has_edge(u, v) for u, v in zip(cycle, cycle[1:] + cycle[:1]))


def test_bipartite_long_odd_cycles_at_high_levels():
    import networkx as nx

    def shortest_odd_cycle(g):
        best = None
        for root in g:
            depth = nx.single_source_shortest_path_length(g, root)
            for u, v in g.edges():
                if u in depth and v in depth and depth[u] == depth[v]:
                    best = min(best or 2 * depth[u] + 1, 2 * depth[u] + 1)
        return best

    lengths = Counter()
    for seed in range(30):
        p = procgym.generate("graphs/bipartite_check", seed=seed, difficulty=9)
        if "{" not in p.answer:
            lengths[shortest_odd_cycle(nx.Graph([tuple(e) for e in p.check["edges"]]))] += 1
    assert sum(n for length, n in lengths.items() if length >= 7) > sum(lengths.values()) // 2


# --------------------------------------------------------------------------- graphs/max_flow_min_cut

FLOW = record("graphs/max_flow_min_cut", {
    "nodes": list("ABCD"), "source": "A", "sink": "D", "value": 5,
    "edges": [["A", "B", 3], ["A", "C", 2], ["B", "C", 1], ["B", "D", 2], ["C", "D", 3]]})


@pytest.mark.parametrize("text", ["5; A->B, A->C", "5; B->D, C->D", "5; A->C, B->C, B->D", "5; C->D; B->D",
                                  "max flow: 5; cut: C->D, B->D", "5\nA->B, A->C", "5; (A,B), (A,C)",
                                  "5; A-B, A-C", "5; [A->B, A->C]"])
def test_flow_accepts_every_minimum_cut(text):
    assert ok(FLOW, text)


@pytest.mark.parametrize("text,why", [
    ("4; A->B, A->C", "not the maximum flow"), ("6; A->B, A->C", "not the maximum flow"),
    ("5; A->B", "still leaves a path"), ("5; A->B, A->C, B->C", "capacity 6"),
    ("5; B->A, A->C", "no edge B->A"), ("5; A->B, A->B, A->C", "twice"), ("5", "semicolon"),
    ("5; A->B, C->D", "capacity 6"), ("5; A->C, B->D", "still leaves a path"),
])
def test_flow_rejects_wrong_values_and_cuts(text, why):
    assert not ok(FLOW, text)
    assert why in feedback(FLOW, text)


def test_flow_matches_brute_force_min_cut_and_accepts_the_sink_side_cut():
    for level in (1, 3, 5, 6):
        for seed in range(5):
            p = procgym.generate("graphs/max_flow_min_cut", seed=seed, difficulty=level)
            c = p.check
            s, t = c["source"], c["sink"]
            middle = [v for v in c["nodes"] if v not in (s, t)]
            best, cuts_found = None, []
            for r in range(len(middle) + 1):
                for chosen in itertools.combinations(middle, r):
                    side = {s, *chosen}
                    cut = [(u, v) for u, v, _ in c["edges"] if u in side and v not in side]
                    cap = sum(w for u, v, w in c["edges"] if u in side and v not in side)
                    if best is None or cap < best:
                        best, cuts_found = cap, [cut]
                    elif cap == best:
                        cuts_found.append(cut)
            assert c["value"] == best
            for cut in cuts_found[:10]:
                assert ok(p, f"{best}; " + ", ".join(f"{u}->{v}" for u, v in reversed(cut)))
            assert not ok(p, f"{best + 1}; " + ", ".join(f"{u}->{v}" for u, v in cuts_found[0]))


# --------------------------------------------------------------------------- graphs/maximum_matching

MATCH = record("graphs/maximum_matching", {"nodes": list("ABCDE"), "size": 2,
                                           "edges": [["A", "B"], ["B", "C"], ["C", "D"], ["B", "E"]]})


@pytest.mark.parametrize("text", ["2; A-B, C-D", "2; E-B, D-C", "2; (B,E),(C,D)", "size: 2; A-B; C-D",
                                  "2\nB-E, C-D"])
def test_matching_accepts_any_maximum_matching(text):
    assert ok(MATCH, text)


@pytest.mark.parametrize("text,why", [
    ("1; B-C", "not the largest"), ("2; A-B, B-C", "two edges"), ("3; A-B, C-D", "size given is 3"),
    ("2; A-B, C-E", "no edge C-E"), ("2; A-B", "size given is 2"), ("2", "semicolon"), ("0; none", "not the largest"),
])
def test_matching_rejects_invalid_or_smaller_matchings(text, why):
    assert not ok(MATCH, text)
    assert why in feedback(MATCH, text)


def _max_matching(edges):
    best = 0

    def grow(i, used, size):
        nonlocal best
        best = max(best, size)
        if i == len(edges) or size + (len(edges) - i) <= best:
            return
        u, v = edges[i]
        if u not in used and v not in used:
            grow(i + 1, used | {u, v}, size + 1)
        grow(i + 1, used, size)

    grow(0, frozenset(), 0)
    return best


def test_matching_size_matches_brute_force_on_both_kinds():
    kinds = Counter()
    for level in (1, 4, 5, 7, 8):
        for seed in range(5):
            p = procgym.generate("graphs/maximum_matching", seed=seed, difficulty=level)
            kinds[p.params["kind"]] += 1
            edges = [tuple(e) for e in p.check["edges"]]
            assert p.check["size"] == _max_matching(edges)
    assert kinds["bipartite"] and kinds["general"]


def test_matching_greedy_falls_short_on_some_instances():
    short = 0
    for seed in range(20):
        p = procgym.generate("graphs/maximum_matching", seed=seed, difficulty=7)
        used, greedy = set(), 0
        for u, v in p.check["edges"]:
            if u not in used and v not in used:
                used |= {u, v}
                greedy += 1
        short += greedy < p.check["size"]
    assert short >= 3


# --------------------------------------------------------------------------- graphs/eulerian_path

PAW = [["A", "B"], ["A", "C"], ["B", "C"], ["C", "D"]]


def euler(edges, directed=False, closed=False, exists=True):
    nodes = sorted({x for e in edges for x in e})
    return record("graphs/eulerian_path", {"nodes": nodes, "edges": edges, "directed": directed, "closed": closed,
                                           "exists": exists})


@pytest.mark.parametrize("problem,text", [
    (euler(PAW), "D,C,A,B,C"), (euler(PAW), "C,B,A,C,D"), (euler(PAW), "C -> A -> B -> C -> D"),
    (euler(PAW), "[D, C, B, A, C]"), (euler(PAW, closed=True, exists=False), "none"),
    (euler(PAW, closed=True, exists=False), "No such walk."),
    (euler([["A", "B"], ["B", "C"], ["C", "A"]], directed=True, closed=True), "A,B,C,A"),
    (euler([["A", "B"], ["B", "C"], ["C", "A"]], directed=True, closed=True), "B,C,A,B"),
])
def test_euler_accepts_any_valid_walk(problem, text):
    assert ok(problem, text)


@pytest.mark.parametrize("problem,text,why", [
    (euler(PAW), "A,B,C,D", "use all 4 edges"), (euler(PAW), "C,A,B,C,D,C", "use all 4 edges"),
    (euler(PAW), "D,C,A,B,A", "used twice"), (euler(PAW), "A,B,D,C,A", "no edge B-D"),
    (euler(PAW), "none", "exists"), (euler(PAW, closed=True, exists=False), "C,A,B,C,D", "end where it starts"),
    (euler([["A", "B"], ["B", "C"], ["C", "A"]], directed=True, closed=True), "A,C,B,A", "no edge A->C"),
    (euler([["A", "B"], ["B", "C"], ["C", "A"]], directed=True, closed=True), "A,B,C", "use all 3 edges"),
])
def test_euler_rejects_invalid_walks(problem, text, why):
    assert not ok(problem, text)
    assert why in feedback(problem, text)


def _walk_exists(edges, directed, closed):
    """Depth-first search over walks using each edge once (small graphs only)."""
    m = len(edges)
    starts = sorted({x for e in edges for x in e})

    def go(at, used, start):
        if len(used) == m:
            return not closed or at == start
        for i, (u, v) in enumerate(edges):
            if i in used:
                continue
            if u == at and go(v, used | {i}, start):
                return True
            if not directed and v == at and go(u, used | {i}, start):
                return True
        return False

    return any(go(s, frozenset(), s) for s in starts)


def test_euler_existence_matches_brute_force_and_alternative_walks_pass():
    outcomes = Counter()
    for level in (1, 2, 3, 5, 8):
        for seed in range(8):
            p = procgym.generate("graphs/eulerian_path", seed=seed, difficulty=level)
            c = p.check
            edges = [tuple(e) for e in c["edges"]]
            if len(edges) > 14:
                continue
            exists = _walk_exists(edges, c["directed"], c["closed"])
            outcomes[(c["closed"], exists)] += 1
            assert c["exists"] == exists and (p.answer == "none") == (not exists)
            if exists and not c["directed"]:
                assert ok(p, ",".join(reversed(p.answer.split(","))))  # walked backwards
            if exists and c["closed"]:
                walk = p.answer.split(",")[:-1]
                assert ok(p, ",".join(walk[1:] + walk[:2]))  # the circuit from its second node
    assert outcomes[(False, True)] and outcomes[(False, False)] and outcomes[(True, True)] and outcomes[(True, False)]


# --------------------------------------------------------------------------- graphs/cycle_detection

def cyc(edges, directed, has_cycle=True):
    nodes = sorted({x for e in edges for x in e})
    return record("graphs/cycle_detection", {"nodes": nodes, "edges": edges, "directed": directed,
                                             "has_cycle": has_cycle})


UNDIRECTED = cyc([["A", "B"], ["B", "C"], ["C", "D"], ["B", "D"], ["D", "E"]], False)
DIRECTED = cyc([["A", "B"], ["B", "C"], ["C", "A"], ["C", "D"]], True)
TWO_CYCLE = cyc([["A", "B"], ["B", "A"], ["B", "C"]], True)
ACYCLIC = cyc([["A", "B"], ["B", "C"], ["A", "C"]], True, has_cycle=False)


@pytest.mark.parametrize("problem,text", [
    (UNDIRECTED, "B,C,D"), (UNDIRECTED, "D,C,B"), (UNDIRECTED, "C,D,B,C"), (UNDIRECTED, "B->C->D"),
    (DIRECTED, "A,B,C"), (DIRECTED, "B,C,A"), (DIRECTED, "C -> A -> B -> C"), (TWO_CYCLE, "A,B"),
    (ACYCLIC, "none"), (ACYCLIC, "No cycle."),
])
def test_cycle_accepts_any_real_cycle(problem, text):
    assert ok(problem, text)


@pytest.mark.parametrize("problem,text,why", [
    (UNDIRECTED, "A,B,C", "no edge C-A"), (UNDIRECTED, "B,C", "too short"), (UNDIRECTED, "B,C,D,E", "no edge"),
    (UNDIRECTED, "none", "has a cycle"), (UNDIRECTED, "B,C,D,C", "repeat"),
    (DIRECTED, "A,C,B", "no edge A->C"), (DIRECTED, "none", "has a cycle"), (DIRECTED, "A,B,C,D", "no edge D->A"),
    (ACYCLIC, "A,B,C", "no edge C->A"), (ACYCLIC, "A,B", "no edge B->A"),
])
def test_cycle_rejects_non_cycles(problem, text, why):
    assert not ok(problem, text)
    assert why in feedback(problem, text)


def test_cycle_existence_matches_kahn_and_union_find():
    outcomes = Counter()
    for level in (1, 3, 4, 7, 10):
        for seed in range(8):
            p = procgym.generate("graphs/cycle_detection", seed=seed, difficulty=level)
            c = p.check
            nodes, edges = c["nodes"], [tuple(e) for e in c["edges"]]
            if c["directed"]:
                indeg = Counter(v for _, v in edges)
                ready = [v for v in nodes if not indeg[v]]
                done = 0
                while ready:
                    u = ready.pop()
                    done += 1
                    for a, b in edges:
                        if a == u:
                            indeg[b] -= 1
                            if indeg[b] == 0:
                                ready.append(b)
                cyclic = done < len(nodes)
            else:
                cyclic = components(nodes, edges) > len(nodes) - len(edges)
            outcomes[(c["directed"], cyclic)] += 1
            assert c["has_cycle"] == cyclic and (p.answer == "none") == (not cyclic)
            if cyclic:
                cycle = p.answer.split(",")
                assert ok(p, ",".join(cycle[1:] + cycle[:1]))  # the same cycle from another node
    assert all(outcomes[(d, k)] >= 3 for d in (False, True) for k in (False, True))

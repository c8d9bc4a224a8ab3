"""Answer reading for the graph tasks, on procgym.kit's strict readers: the forms a strong model
writes are accepted, and the near misses are refused: hedges and negations, a second candidate,
leftover words, unknown or swapped labels, a left-hand side other than the one asked, a list where
one value is asked, an empty part taken for "none". Hand-made records: verifying needs nothing else."""
import pytest

from procgym import Problem
from procgym.generators.graphs._graph_text import read_edges, read_groups, read_nodes, read_pairs, says_none
from answer_helpers import feedback, ok


def record(name, check):
    return Problem(name, 0, None, {}, "hand-made", "x", check)


TRIANGLE = [["A", "B"], ["A", "C"], ["B", "C"]]
PATH = record("graphs/shortest_path", {"edges": [["A", "B", 1], ["B", "C", 2], ["A", "C", 5], ["C", "D", 1]],
                                       "start": "A", "end": "D", "length": 4})
TOPO = record("graphs/topological_sort", {"nodes": list("ABCD"), "edges": [["A", "B"], ["A", "C"], ["C", "D"]]})
DAG = record("graphs/dag_longest_path", {"nodes": list("ABCD"), "length": 7,
                                         "edges": [["A", "B", 3], ["B", "C", 3], ["A", "C", 6], ["C", "D", 1]]})
COMPONENTS = record("graphs/connected_components", {"nodes": list("ABCDE"),
                                                    "components": [["A", "C"], ["B"], ["D", "E"]]})
COLOURING = record("graphs/graph_coloring", {"nodes": list("ABCD"), "colours": 3,
                                             "edges": [["A", "B"], ["A", "C"], ["B", "C"], ["C", "D"]]})
CYCLE = record("graphs/cycle_detection", {"nodes": list("ABCD"), "edges": TRIANGLE + [["C", "D"]], "directed": False,
                                          "has_cycle": True})
ACYCLIC = record("graphs/cycle_detection", {"nodes": list("ABC"), "edges": [["A", "B"], ["B", "C"]], "directed": True,
                                            "has_cycle": False})
DISTANCE = record("graphs/shortest_distances", {"source": "A", "targets": ["D"], "distances": [17]})
DISTANCES = record("graphs/shortest_distances", {"source": "A", "targets": ["B", "C"], "distances": [2, 5]})
DIAMETER = record("graphs/diameter_eccentricity", {"value": 17, "question": "diameter"})
MST = record("graphs/minimum_spanning_tree", {"nodes": list("ABC"), "total": 3, "ask": "edges",
                                              "edges": [["A", "B", 1], ["A", "C", 4], ["B", "C", 2]]})
MST_WEIGHT = record("graphs/minimum_spanning_tree", {"nodes": list("ABC"), "total": 3, "ask": "weight",
                                                     "edges": [["A", "B", 1], ["A", "C", 4], ["B", "C", 2]]})
CUTS = record("graphs/articulation_points_bridges", {"nodes": list("ABCD"), "points": ["C"], "bridges": [["C", "D"]],
                                                     "ask": "both"})
NO_CUTS = record("graphs/articulation_points_bridges", {"nodes": list("ABC"), "points": [], "bridges": [],
                                                        "ask": "points"})
SQUARE = record("graphs/bipartite_check", {"nodes": list("ABCD"), "edges": [["A", "B"], ["B", "C"], ["C", "D"],
                                                                           ["A", "D"]]})
ODD = record("graphs/bipartite_check", {"nodes": list("ABC"), "edges": TRIANGLE})
FLOW = record("graphs/max_flow_min_cut", {"nodes": list("ABC"), "source": "A", "sink": "C", "value": 2,
                                          "edges": [["A", "B", 2], ["B", "C", 3]]})
MATCH = record("graphs/maximum_matching", {"nodes": list("ABCD"), "size": 2,
                                           "edges": [["A", "B"], ["C", "D"], ["B", "C"]]})
EULER = record("graphs/eulerian_path", {"nodes": list("ABC"), "edges": TRIANGLE, "directed": False, "closed": True,
                                        "exists": True})
NO_EULER = record("graphs/eulerian_path", {"nodes": list("ABCD"), "edges": [["A", "B"], ["C", "D"]], "directed": False,
                                           "closed": False, "exists": False})
HAMILTON = record("graphs/hamiltonian_path", {"nodes": list("ABC"), "edges": [["A", "B"], ["B", "C"]], "exists": True})
NO_HAMILTON = record("graphs/hamiltonian_path", {"nodes": list("ABCD"), "exists": False,
                                                 "edges": [["A", "B"], ["A", "C"], ["A", "D"]]})
ISO = record("graphs/graph_isomorphism", {"isomorphic": False})
MAZE = record("graphs/maze_shortest_path", {"grid": ["#####", "#S.E#", "#####"], "length": 2})
NO_MAZE = record("graphs/maze_shortest_path", {"grid": ["#####", "#S#E#", "#####"], "length": None})
PAGERANK = record("graphs/pagerank_argmax", {"nodes": list("ABCD"), "top": "C"})
SUBTREES = record("graphs/subtree_sizes", {"nodes": list("ABCDEF"), "sizes": {"B": 4, "E": 1}})
CENTRE = record("graphs/tree_center", {"nodes": list("ABCD"), "centre": ["B", "C"]})
COVER = record("graphs/tree_vertex_cover", {"nodes": list("ABCD"), "edges": [["A", "B"], ["B", "C"], ["C", "D"]],
                                            "size": 2, "ask": "cover"})
COVER_SIZE = record("graphs/tree_vertex_cover", {"nodes": list("ABCD"), "edges": [["A", "B"], ["B", "C"], ["C", "D"]],
                                                 "size": 2, "ask": "size"})
LCA = record("graphs/lowest_common_ancestor", {"nodes": list("ABCDEF"), "answers": ["B", "A"]})


@pytest.mark.parametrize("problem,text", [
    (PATH, "A,B,C,D"), (PATH, "A -> B -> C -> D"), (PATH, "A → B → C → D"), (PATH, "a, b, c, d"),
    (PATH, "[A, B, C, D]"), (PATH, "A - B - C - D"), (TOPO, "A C D B"), (TOPO, "A; C; D; B"), (DAG, "a -> c -> d"),
    (COMPONENTS, "{A, C}, {B}, {D, E}"), (COMPONENTS, "[{E,D},{B},{C,A}]"), (COMPONENTS, "(A C) (B) (D E)"),
    (COLOURING, "A=1, B=2, C=3, D=1"), (COLOURING, "D: 2; C: 3; B: 2; A: 1"),
    (COLOURING, "{A = 2, B = 1, C = 3, D = 2}"),
    (CYCLE, "A,B,C"), (CYCLE, "C -> B -> A -> C"), (ACYCLIC, "none"), (ACYCLIC, "No cycle"), (ACYCLIC, "no"),
    (DISTANCE, "17"), (DISTANCE, "D = 17"), (DISTANCE, "distance: 17"), (DISTANCES, "2, 5"), (DISTANCES, "C=5, B=2"),
    (DISTANCES, "distances: 2, 5"), (DISTANCES, "[2; 5]"), (DIAMETER, "17"), (DIAMETER, "Diameter = 17"),
    (DIAMETER, "the diameter: 17"),
    (MST, "A-B, B-C"), (MST, "C-B; B-A"), (MST, "(A,B), (B,C)"), (MST, "A-B (1), B-C (weight 2)"),
    (MST, "edges: A-B, B-C"),
    (MST_WEIGHT, "3"), (MST_WEIGHT, "total weight: 3"),
    (CUTS, "C; C-D"), (CUTS, "points: C; bridges: D-C"), (CUTS, "bridges: C-D; articulation points: C"),
    (CUTS, "C\nC-D"), (NO_CUTS, "none"), (NO_CUTS, "No articulation points"),
    (SQUARE, "{A,C},{B,D}"), (SQUARE, "Yes: {B, D}, {A, C}"), (SQUARE, "bipartite. [A,C],[B,D]"),
    (ODD, "A,B,C"), (ODD, "No: C → B → A"), (ODD, "not bipartite, A,B,C,A"),
    (FLOW, "2; A->B"), (FLOW, "max flow: 2; cut: A->B"), (FLOW, "cut: A->B; max flow = 2"), (FLOW, "2\n(A, B)"),
    (MATCH, "2; A-B, C-D"), (MATCH, "size: 2; matching: D-C; B-A"), (MATCH, "2 | A-B, C-D"),
    (EULER, "A,B,C,A"), (EULER, "B → C → A → B"), (NO_EULER, "none"), (NO_EULER, "No such walk"),
    (HAMILTON, "A,B,C"), (HAMILTON, "C -> B -> A"), (NO_HAMILTON, "NONE"), (NO_HAMILTON, "no such path"),
    (ISO, "no"), (ISO, "Not isomorphic"), (ISO, "false"),
    (MAZE, "RR"), (MAZE, "R, R"), (MAZE, "right, right"), (MAZE, "r r"), (MAZE, "moves: RR"), (NO_MAZE, "NONE"),
    (NO_MAZE, "unreachable"), (PAGERANK, "C"), (PAGERANK, "c"), (PAGERANK, "node: C"),
    (SUBTREES, "B=4, E=1"), (SUBTREES, "E = 1; B = 4"), (SUBTREES, "B: 4\nE: 1"), (CENTRE, "C, B"), (CENTRE, "{B C}"),
    (COVER, "B, C"), (COVER, "[D, B]"), (COVER, "vertex cover: A, C"), (COVER_SIZE, "2"), (COVER_SIZE, "size = 2"),
    (LCA, "B, A"), (LCA, "b; a"),
])
def test_graph_answers_accepted(problem, text):
    assert ok(problem, text), feedback(problem, text)


@pytest.mark.parametrize("problem,text", [
    # hedges, second candidates, negations and leftover words
    (PATH, "A,B,C,D or A,C,D"), (PATH, "not A,B,C,D"), (PATH, "A,B,C,D I think"), (PATH, "A,B,C,D\nA,C,D"),
    (PATH, "A,B,C,D?"), (PATH, "A,,B,C,D"), (PATH, "A,B,C,D,"), (TOPO, "A,C,D,B maybe"), (DAG, "A,C,D (probably)"),
    (COMPONENTS, "{A,C},{B},{D,E} or {A,C,B},{D,E}"), (COMPONENTS, "{A,C},{B},{D,E},"), (COMPONENTS, "{A,C},{B},{D,E]"),
    (CYCLE, "A,B,C or none"), (CYCLE, "none"), (ACYCLIC, "none or A,B"), (ACYCLIC, "none, I think"),
    (EULER, "A,B,C,A, or none"), (HAMILTON, "A,B,C\nC,B,A or NONE"), (NO_HAMILTON, "NONE?"),
    (ISO, "no or yes"), (ISO, "maybe no"), (ISO, "yes no"),
    (MAZE, "RR or RL"), (MAZE, "RR I think"), (MAZE, "RRX"), (NO_MAZE, "none, or RR"),
    (PAGERANK, "C, D"), (PAGERANK, "C or D"), (PAGERANK, "not C"), (PAGERANK, "C?"), (PAGERANK, "answer C"),
    (CENTRE, "B, C, maybe D"), (LCA, "B, A or B, B"),
    # one value asked: a list, two numbers side by side, a wrong or foreign label, an expression on the left
    (DISTANCE, "0, 17"), (DISTANCE, "1 7"), (DISTANCE, "1\n7"), (DISTANCE, "C = 17"), (DISTANCE, "x != 17"),
    (DISTANCE, "3x + 1 = 17"), (DISTANCE, "-17"), (DISTANCE, "17 or 18"),
    (DIAMETER, "radius = 17"), (DIAMETER, "eccentricity: 17"), (DIAMETER, "0, 17"), (DIAMETER, "diameter != 17"),
    (MST_WEIGHT, "weight: 3, 4"), (MST_WEIGHT, "3 I think"), (COVER_SIZE, "B, C"), (COVER_SIZE, "radius = 2"),
    # lists and labels
    (DISTANCES, "2 5"), (DISTANCES, "B=2"), (DISTANCES, "B=2, C=5, D=7"), (DISTANCES, "B=5, C=2"), (DISTANCES, "5, 2"),
    (SUBTREES, "B=1, E=4"), (SUBTREES, "B=4"), (SUBTREES, "B=4, E=1, B=4"), (SUBTREES, "B=4, E=1, C=2"),
    (SUBTREES, "B != 4, E = 1"), (SUBTREES, "4, 1"),
    (COLOURING, "A=1, B=2, C=3"), (COLOURING, "A=1, B=2, C=3, D=1, A=1"), (COLOURING, "A=1, B=2, C=3, D=4"),
    (COLOURING, "A=1, B=2, C=3, D=1 or D=2"), (COLOURING, "1, 2, 3, 1"),
    # two-part answers: swapped or unknown labels, a part missing, an empty part taken for "none"
    (CUTS, "bridges: C; points: C-D"), (CUTS, "C-D; C"), (CUTS, "C"), (CUTS, "C; "),
    (CUTS, "cut points: C; edges: C-D"),
    (FLOW, "cut: 2; max flow: A->B"), (FLOW, "2"), (FLOW, "2; A->B or B->C"), (FLOW, "2 or 3; A->B"),
    (FLOW, "2; A->B I think"), (MATCH, "2; A-B, C-D, maybe"), (MATCH, "matching: 2; size: A-B, C-D"), (MATCH, "2;"),
    (MST, "A-B (4), B-C (2)"), (MST, "A-B, B-C or A-B, A-C"), (MST, "tree: A-B; weight: B-C"),
    (SQUARE, "No: {A,C},{B,D}"), (ODD, "Yes: A,B,C"), (ODD, "A,B,C or {A},{B,C}"),
])
def test_graph_near_misses_refused(problem, text):
    assert not ok(problem, text), text


def test_graph_readers():
    nodes = set("ABCD")
    assert read_nodes("A -> c -> D", nodes) == ["A", "C", "D"]
    assert read_nodes("[A, B, C]", nodes) == ["A", "B", "C"]
    assert read_nodes("B C", nodes, arrows=False) == ["B", "C"]
    assert read_edges("(A,B), C-D; b->a", nodes) == [("A", "B"), ("C", "D"), ("B", "A")]
    assert read_edges("[A-B, C-D]", nodes) == [("A", "B"), ("C", "D")]
    assert read_edges("A-B (3)", nodes, {("A", "B"): 3}) == [("A", "B")]
    assert read_groups("[{A,B},{C}]", nodes) == [["A", "B"], ["C"]]
    assert read_groups("{A B} {C}", nodes) == [["A", "B"], ["C"]]
    assert read_pairs("B = 4, a: 1", nodes) == {"B": 4, "A": 1}
    assert says_none("None") and says_none("No cycle", {"no cycle"}) and not says_none("no cycle")
    for bad in ("A, B or C", "not A", "A, X", "A,,B", "A B?"):
        with pytest.raises(ValueError):
            read_nodes(bad, nodes)
    for bad in ("A-B-C", "A,B", "A-E", "AB-C", "A-B (3)", "A-B, C-D or B-C"):
        with pytest.raises(ValueError):
            read_edges(bad, nodes)
    with pytest.raises(ValueError):
        read_edges("A-B (4)", nodes, {("A", "B"): 3})
    for bad in ("{A,B},{C},", "{A,B}{C} and more", "{A,B]"):
        with pytest.raises(ValueError):
            read_groups(bad, nodes)
    for bad in ("B=4, B=1", "B=4, E=1", "B != 4", "B=x"):
        with pytest.raises(ValueError):
            read_pairs(bad, nodes)

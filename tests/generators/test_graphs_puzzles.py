"""Per-task tests for graphs/graph_coloring, graphs/topological_sort, graphs/connected_components,
puzzles/sudoku, puzzles/latin_square and puzzles/countdown: exact values, accepted alternative
answers and rejected near misses."""
import itertools
import random
import re
from collections import Counter

import networkx as nx
import pytest

import procgym
from procgym import Problem
from procgym.generators.graphs.coloring import chromatic_colouring
from procgym.generators.puzzles._arithmetic import read_arithmetic
from procgym.generators.puzzles._latin import GridSolver, parse_rows, read_digit_grid
from procgym.generators.puzzles.countdown import reachable_with_at_most, render, solve
from answer_helpers import feedback, ok

NAMES = ["graphs/graph_coloring", "graphs/topological_sort", "graphs/connected_components",
         "puzzles/sudoku", "puzzles/latin_square", "puzzles/countdown"]


def record(name, check, answer="x"):
    """A hand-made problem record: verifying needs nothing else."""
    return Problem(name, 0, None, {}, "hand-made", answer, check)


# --------------------------------------------------------------------------- all six

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
    for text in ("", "banana", "1", "{}", "A=1", "(((", "1/0", p.answer + p.answer):
        assert not ok(p, text), text


# --------------------------------------------------------------------------- graphs/graph_coloring

def adjacency(n, edges):
    adj = [0] * n
    for u, v in edges:
        adj[u] |= 1 << v
        adj[v] |= 1 << u
    return adj


def brute_chromatic(n, edges):
    for k in range(1, n + 1):
        for colours in itertools.product(range(k), repeat=n):
            if all(colours[u] != colours[v] for u, v in edges):
                return k
    return n


@pytest.mark.parametrize("graph,chi", [
    (nx.complete_graph(4), 4), (nx.cycle_graph(5), 3), (nx.cycle_graph(6), 2), (nx.petersen_graph(), 3),
    (nx.empty_graph(3), 1), (nx.wheel_graph(6), 4), (nx.wheel_graph(7), 3), (nx.complete_bipartite_graph(3, 4), 2),
])
def test_chromatic_number_exact(graph, chi):
    n = graph.number_of_nodes()
    k, colouring = chromatic_colouring(adjacency(n, graph.edges()), n)
    assert k == chi
    assert all(colouring[u] != colouring[v] for u, v in graph.edges())
    assert set(colouring) <= set(range(1, k + 1))


def test_chromatic_number_matches_brute_force():
    rng = random.Random(3)
    for _ in range(60):
        n = rng.randint(1, 7)
        edges = [e for e in itertools.combinations(range(n), 2) if rng.random() < 0.5]
        assert chromatic_colouring(adjacency(n, edges), n)[0] == brute_chromatic(n, edges)


def test_level_five_and_up_allow_exactly_the_chromatic_number():
    for level in (5, 6):
        for seed in range(4):
            p = procgym.generate("graphs/graph_coloring", seed=seed, difficulty=level)
            names = p.check["nodes"]
            edges = [(names.index(u), names.index(v)) for u, v in p.check["edges"]]
            assert p.check["colours"] == brute_chromatic(len(names), edges)
            assert f"colours 1 to {p.check['colours']}" in p.prompt


COLOURING = record("graphs/graph_coloring", {
    "nodes": ["A", "B", "C", "D", "E"], "colours": 3,
    "edges": [["A", "B"], ["A", "C"], ["B", "C"], ["C", "D"], ["D", "E"]]})


@pytest.mark.parametrize("text", [
    "A=1,B=2,C=3,D=1,E=2", "A=2,B=1,C=3,D=2,E=3", "E=2, D=1, C=3, B=2, A=1", "a=1,b=2,c=3,d=1,e=2",
    "A = 1, B = 2, C = 3, D = 1, E = 2", "A: 1; B: 2; C: 3; D: 1; E: 2", "{A=1, B=2, C=3, D=1, E=2}",
    "A=1\nB=2\nC=3\nD=2\nE=1", "A=1 B=2 C=3 D=1 E=2",
])
def test_colouring_accepts_any_proper_colouring(text):
    assert ok(COLOURING, text)


@pytest.mark.parametrize("text,why", [
    ("A=1,B=2,C=3,D=3,E=2", "C - D"),  # one conflicting edge
    ("A=1,B=1,C=3,D=1,E=2", "A - B"),
    ("A=1,B=2,C=4,D=1,E=2", "not one of the colours"),  # a fourth colour
    ("A=1,B=2,C=3,D=1", "E has no colour"),
    ("A=1,B=2,C=3,D=1,E=2,A=1", "more than once"),
    ("A=1,B=2,C=3,D=1,E=2,F=3", "no node F"),
    ("A=0,B=2,C=3,D=1,E=2", "not one of the colours"),
    ("A=red,B=2,C=3,D=1,E=2", "NODE=COLOUR"),
    ("AB=1,B=2,C=3,D=1,E=2", "no node AB"),
    ("1,2,3,1,2", "NODE=COLOUR"),
])
def test_colouring_rejects_near_misses(text, why):
    assert not ok(COLOURING, text)
    assert why in feedback(COLOURING, text)


def test_colouring_accepts_a_relabelled_reference():
    p = procgym.generate("graphs/graph_coloring", seed=4, difficulty=7)
    k = p.check["colours"]
    pairs = dict(item.split("=") for item in p.answer.split(","))
    swapped = ",".join(f"{node}={k + 1 - int(c)}" for node, c in reversed(pairs.items()))
    assert swapped != p.answer and ok(p, swapped)
    u, v = p.check["edges"][0]
    pairs[u] = pairs[v]
    assert not ok(p, ",".join(f"{a}={b}" for a, b in pairs.items()))


# --------------------------------------------------------------------------- graphs/topological_sort

RULE = re.compile(r"^(\w+) (must be done before|requires|must be done after|depends on) (\w+)$")


def rules_in_prompt(prompt):
    edges = []
    for line in prompt.splitlines():
        m = RULE.match(line)
        if m:
            a, verb, b = m.groups()
            edges.append([a, b] if verb == "must be done before" else [b, a])
    return sorted(edges)


def test_topological_prompt_rules_read_in_the_right_direction():
    seen_phrasings = set()
    for level in (3, 6, 9):
        for seed in range(5):
            p = procgym.generate("graphs/topological_sort", seed=seed, difficulty=level)
            assert rules_in_prompt(p.prompt) == p.check["edges"]
            seen_phrasings |= {m.group(2) for line in p.prompt.splitlines() if (m := RULE.match(line))}
    assert len(seen_phrasings) == 4


def test_topological_accepts_every_valid_order_of_a_small_dag():
    p = procgym.generate("graphs/topological_sort", seed=2, difficulty=2)
    g = nx.DiGraph(p.check["edges"])
    g.add_nodes_from(p.check["nodes"])
    orders = list(itertools.islice(nx.all_topological_sorts(g), 50))
    assert len(orders) > 1
    for order in orders:
        assert ok(p, ",".join(order))
    valid = {tuple(o) for o in nx.all_topological_sorts(g)}
    for perm in itertools.permutations(p.check["nodes"]):
        assert ok(p, ",".join(perm)) == (perm in valid)


TOPO = record("graphs/topological_sort", {"nodes": ["A", "B", "C", "D"],
                                          "edges": [["A", "B"], ["A", "C"], ["C", "D"]]})


@pytest.mark.parametrize("text", ["A,B,C,D", "A,C,B,D", "A,C,D,B", "a, c, d, b", "[A, C, D, B]", "A -> C -> D -> B",
                                  "A C D B"])
def test_topological_accepts_alternative_orders_and_forms(text):
    assert ok(TOPO, text)


@pytest.mark.parametrize("text,why", [
    ("B,A,C,D", "A must come before B"), ("A,D,C,B", "C must come before D"), ("A,B,C", "D is missing"),
    ("A,B,C,D,A", "more than once"), ("A,B,C,D,E", "not one of the tasks"), ("A,B,C,D,1", "not one of the tasks"),
])
def test_topological_rejects_near_misses(text, why):
    assert not ok(TOPO, text)
    assert why in feedback(TOPO, text)


# --------------------------------------------------------------------------- graphs/connected_components

EDGE = re.compile(r"^([A-Z]+) - ([A-Z]+)$")


def test_components_match_union_find_on_the_prompt_edges():
    for level in (1, 5, 10):
        for seed in range(5):
            p = procgym.generate("graphs/connected_components", seed=seed, difficulty=level)
            parent = {v: v for v in p.check["nodes"]}

            def find(v):
                while parent[v] != v:
                    v = parent[v]
                return v

            for line in p.prompt.splitlines():
                m = EDGE.match(line)
                if m:
                    parent[find(m.group(1))] = find(m.group(2))
            groups = {}
            for v in p.check["nodes"]:
                groups.setdefault(find(v), []).append(v)
            assert sorted(sorted(g) for g in groups.values()) == p.check["components"]
            assert len(p.check["components"]) == p.params["n_components"]


COMPONENTS = record("graphs/connected_components", {"nodes": ["A", "B", "C", "D", "E"],
                                                    "components": [["A", "C"], ["B"], ["D", "E"]]})


@pytest.mark.parametrize("text", [
    "{A,C},{B},{D,E}", "{B},{E,D},{C,A}", "{a, c}, {b}, {d, e}", "[{A,C},{B},{D,E}]", "[A,C],[B],[D,E]",
    "(A,C), (B), (D,E)", "{A C} {B} {D E}", "{A,C};{B};{D,E}",
])
def test_components_accept_any_order_and_bracket_style(text):
    assert ok(COMPONENTS, text)


@pytest.mark.parametrize("text,why", [
    ("{A,C,B},{D,E}", "not the connected components"),  # two components merged
    ("{A},{C},{B},{D,E}", "not the connected components"),  # one split
    ("{A,C},{D,E}", "B is in no component"),
    ("{A,C},{B},{D,E},{A}", "more than once"),
    ("{A,C},{B},{D,E,F}", "not a node"),
    ("{A,C},{},{B},{D,E}", "empty"),
    ("A,C,B,D,E", "in braces"),
    ("{A,C},{B},{D,E} and more", "in braces"),
])
def test_components_reject_near_misses(text, why):
    assert not ok(COMPONENTS, text)
    assert why in feedback(COMPONENTS, text)


def test_components_knob_bounds():
    with pytest.raises(ValueError, match="n_components"):
        procgym.generate("graphs/connected_components", seed=0, difficulty=1, n_nodes=3, n_components=4)
    p = procgym.generate("graphs/connected_components", seed=0, difficulty=1, n_nodes=4, n_components=4)
    assert p.answer == "{A},{B},{C},{D}" and "(none)" in p.prompt


# --------------------------------------------------------------------------- the grid solver

def test_grid_solver_counts_known_totals():
    assert GridSolver(4, 2, 2).count([0] * 16, 10_000) == 288  # 4x4 sudoku grids
    assert GridSolver(4).count([0] * 16, 10_000) == 576  # 4x4 Latin squares
    assert GridSolver(5, hidden_singles="all").count([0] * 25, 10**6) == 161_280  # 5x5 Latin squares
    assert GridSolver(3).count([1, 0, 0, 0, 0, 0, 0, 0, 0], 100) == 4  # 12 Latin squares / 3 corner digits
    assert GridSolver(3).count([1, 0, 0, 0, 0, 0, 0, 0, 0], 3) == 3  # counting stops at the limit
    assert GridSolver(2).count([1, 1, 0, 0]) == 0  # clashing givens
    assert GridSolver(2).count([3, 0, 0, 0]) == 0  # out of range
    assert GridSolver(2).solve([0, 0, 0, 2]) == [2, 1, 1, 2]


def all_4x4_sudokus():
    rows = list(itertools.permutations(range(1, 5)))
    grids = []
    for a, b, c, d in itertools.product(rows, repeat=4):
        g = a + b + c + d
        if all(len({g[r * 4 + col] for r in range(4)}) == 4 for col in range(4)) and all(
                len({g[(br + r) * 4 + bc + c2] for r in range(2) for c2 in range(2)}) == 4
                for br in (0, 2) for bc in (0, 2)):
            grids.append(list(g))
    return grids


def test_sudoku_4x4_puzzles_are_unique_by_brute_force():
    grids = all_4x4_sudokus()
    assert len(grids) == 288
    for level in (1, 2, 3):
        for seed in range(6):
            p = procgym.generate("puzzles/sudoku", seed=seed, difficulty=level)
            givens = parse_rows(p.check["givens"])
            matches = [g for g in grids if all(not x or x == y for x, y in zip(givens, g))]
            assert len(matches) == 1
            assert "".join(map(str, matches[0])) == p.answer.replace("\n", "")
            assert sum(1 for x in givens if x) == p.params["clues"]


def test_sudoku_bigger_puzzles_have_one_solution_and_fewer_clues_with_level():
    counts = {}
    for level, shape in ((5, (6, 2, 3)), (6, (6, 2, 3)), (7, (9, 3, 3)), (10, (9, 3, 3))):
        for seed in range(3):
            p = procgym.generate("puzzles/sudoku", seed=seed, difficulty=level)
            givens = parse_rows(p.check["givens"])
            assert GridSolver(*shape).count(givens, 2) == 1
            counts.setdefault(level, []).append(sum(1 for x in givens if x))
    assert max(counts[5]) > min(counts[6]) and max(counts[7]) > max(counts[10])


SUDOKU_4 = record("puzzles/sudoku", {"grid": "4x4", "givens": ["1...", "..1.", ".1..", "...1"]})
SOLUTION_4 = "1234\n3412\n2143\n4321"


@pytest.mark.parametrize("text", [
    SOLUTION_4, "1234,3412,2143,4321", "1234 3412 2143 4321", "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1",
    "[[1,2,3,4],[3,4,1,2],[2,1,4,3],[4,3,2,1]]", "12|34\n34|12\n-----\n21|43\n43|21", "1234341221434321",
])
def test_sudoku_accepts_grid_forms(text):
    assert ok(SUDOKU_4, text)


EMPTY_4 = record("puzzles/sudoku", {"grid": "4x4", "givens": ["...."] * 4})


@pytest.mark.parametrize("puzzle,text,why", [
    (SUDOKU_4, "2143\n3412\n1234\n4321", "must keep its given digit 1"),  # a valid sudoku that moves a clue
    (EMPTY_4, "1234\n2341\n3412\n4123", "box"),  # rows and columns fine, boxes broken
    (EMPTY_4, "1234\n3412\n2143\n4322", "Row 4"),
    (EMPTY_4, "1234\n3412\n2143\n4312", "Column 3"),
    (SUDOKU_4, "1234\n3412\n2143", "(16 digits), not 12"),
    (SUDOKU_4, "1234\n3412\n2143\n43210", "(16 digits), not 17"),
    (SUDOKU_4, "1234\n3412\n2143\n4325", "not in 1 to 4"),
    (SUDOKU_4, "abcd\n3412\n2143\n4321", "digits only"),
])
def test_sudoku_rejects_near_misses(puzzle, text, why):
    assert not ok(puzzle, text)
    assert why in feedback(puzzle, text)


def test_sudoku_empty_record_accepts_any_valid_grid():
    for grid in all_4x4_sudokus()[::37]:
        assert ok(EMPTY_4, ",".join("".join(map(str, grid[r * 4:(r + 1) * 4])) for r in range(4)))


def test_sudoku_changing_a_clue_of_a_generated_puzzle_is_rejected():
    p = procgym.generate("puzzles/sudoku", seed=3, difficulty=7)
    grid = read_digit_grid(p.answer, 9)
    givens = parse_rows(p.check["givens"])
    i = next(k for k, g in enumerate(givens) if g)
    # relabel two digits everywhere: still a valid sudoku, but the clues change
    a, b = grid[i], grid[i] % 9 + 1
    swapped = [b if x == a else a if x == b else x for x in grid]
    text = "\n".join("".join(map(str, swapped[r * 9:(r + 1) * 9])) for r in range(9))
    assert not ok(p, text) and "given digit" in feedback(p, text)


def test_sudoku_knob_bounds():
    with pytest.raises(ValueError, match="clues"):
        procgym.generate("puzzles/sudoku", seed=0, difficulty=1, clues=17)
    with pytest.raises(ValueError, match="grid"):
        procgym.generate("puzzles/sudoku", seed=0, difficulty=1, grid="5x5")
    p = procgym.generate("puzzles/sudoku", seed=0, difficulty=1, grid="8x8", clues=40)
    assert ok(p, p.answer) and "2x4 box" in p.prompt


# --------------------------------------------------------------------------- puzzles/latin_square

def latin_completions(givens, n):
    rows = list(itertools.permutations(range(1, n + 1)))
    out = []
    for choice in itertools.product(rows, repeat=n):
        g = [x for row in choice for x in row]
        if all(len({g[r * n + c] for r in range(n)}) == n for c in range(n)) and all(
                not x or x == y for x, y in zip(givens, g)):
            out.append(g)
    return out


def test_latin_square_accepts_every_completion_and_only_those():
    for seed in range(6):
        p = procgym.generate("puzzles/latin_square", seed=seed, difficulty=2, size=3, blank_fraction=0.6)
        givens = parse_rows(p.check["givens"])
        completions = latin_completions(givens, 3)
        assert completions  # always completable
        for g in completions:
            assert ok(p, ",".join("".join(map(str, g[r * 3:(r + 1) * 3])) for r in range(3)))
        for perm in itertools.permutations(range(1, 4)):
            g = [perm[(r + c) % 3] for r in range(3) for c in range(3)]
            assert ok(p, "".join(map(str, g))) == (g in completions)


def test_latin_square_accepts_a_different_completion():
    found = False
    for seed in range(20):
        p = procgym.generate("puzzles/latin_square", seed=seed, difficulty=1, size=3, blank_fraction=0.7)
        n = p.check["size"]
        givens = parse_rows(p.check["givens"])
        reference = read_digit_grid(p.answer, n)
        others = [g for g in latin_completions(givens, n) if g != reference]
        if others:
            found = True
            assert ok(p, " ".join("".join(map(str, others[0][r * n:(r + 1) * n])) for r in range(n)))
    assert found


def test_latin_square_level_15_blanks_most_of_a_9x9():
    p = procgym.generate("puzzles/latin_square", seed=1, difficulty=15)
    assert p.check["size"] == 9 and sum(row.count(".") for row in p.check["givens"]) == 65
    assert ok(p, p.answer)


LATIN_3 = record("puzzles/latin_square", {"size": 3, "givens": ["1..", "...", "..1"]})


@pytest.mark.parametrize("text", ["123\n312\n231", "132\n213\n321", "1 2 3, 3 1 2, 2 3 1", "123312231"])
def test_latin_square_accepts_alternative_completions(text):
    assert ok(LATIN_3, text)


@pytest.mark.parametrize("text,why", [
    ("213\n132\n321", "given digit 1"),  # a Latin square that moves a given
    ("123\n312\n211", "Row 3"),
    ("123\n123\n321", "Column 1"),
    ("123\n312\n234", "not in 1 to 3"),
    ("123\n231", "(9 digits), not 6"),
    ("1,2,3;2,3,1;3,1,x", "digits only"),
])
def test_latin_square_rejects_near_misses(text, why):
    assert not ok(LATIN_3, text)
    assert why in feedback(LATIN_3, text)


def test_latin_square_blanks_follow_the_knob():
    p = procgym.generate("puzzles/latin_square", seed=5, difficulty=10)
    n = p.params["size"]
    blanks = sum(row.count(".") for row in p.check["givens"])
    assert blanks == round(p.params["blank_fraction"] * n * n)


# --------------------------------------------------------------------------- puzzles/countdown

def value_of(expression):
    return read_arithmetic(expression)[1]


def test_countdown_solver_exact_values():
    tree = solve([1, 2, 3], 7, exact=False)
    assert value_of(render(tree)) == 7
    assert solve([2, 2], 5, exact=False) is None  # 2+2 and 2*2 make 4; 2-2 and 2/2 make 0 and 1
    assert solve([1, 1], 5, exact=True) is None
    tree = solve([3, 5, 7], 8, exact=True)
    literals, value, _ = read_arithmetic(render(tree))
    assert value == 8 and sorted(literals) == [3, 5, 7]
    assert reachable_with_at_most([3, 5, 7], 1) == {3, 5, 7}
    assert {2, 8, 10, 12, 15, 35} <= reachable_with_at_most([3, 5, 7], 2)
    assert 22 in reachable_with_at_most([3, 5, 7], 3) and 22 not in reachable_with_at_most([3, 5, 7], 2)
    assert render(("-", 10, ("-", 5, 2))) == "10-(5-2)"
    assert render(("/", ("*", 6, 4), ("+", 1, 2))) == "6*4/(1+2)"
    assert render(("*", ("+", 1, 2), ("/", 8, 4))) == "(1+2)*8/4"
    assert render(("/", 8, ("/", 4, 2))) == "8/(4/2)"


def test_countdown_generated_targets_need_enough_numbers():
    for level in (4, 5, 8, 10):
        for seed in range(4):
            p = procgym.generate("puzzles/countdown", seed=seed, difficulty=level)
            numbers, target = p.check["numbers"], p.check["target"]
            assert target not in reachable_with_at_most(numbers, p.params["min_numbers"] - 1)
            assert p.params["target_min"] <= target <= p.params["target_max"]
            literals, value, _ = read_arithmetic(p.answer)
            assert value == target and not (Counter(literals) - Counter(numbers))
            assert sorted(literals) == numbers or not p.check["exact"]


AT_MOST = record("puzzles/countdown", {"numbers": [2, 3, 7, 25], "target": 81, "exact": False})
EXACT = record("puzzles/countdown", {"numbers": [2, 3, 7, 25], "target": 80, "exact": True})


@pytest.mark.parametrize("text", [
    "(25+2)*3", "(25 + 2) * 3", "3*(2+25)", "(25+2)*3 = 81", "(25+2)*3=81", "81 = (25+2)*3", "((25+2))*3",
    "(25+2)\u00d73", "$(25+2) \\times 3$", "(25+2)*3\n",
])
def test_countdown_accepts_forms(text):
    assert ok(AT_MOST, text)


def test_countdown_allows_fractions_along_the_way():
    p = record("puzzles/countdown", {"numbers": [1, 3, 4, 6], "target": 24, "exact": True})
    assert ok(p, "6/(1-3/4)")
    assert ok(p, "6 / (1 - 3 / 4) = 24")


@pytest.mark.parametrize("text,why", [
    ("(25+2)*3*1", "1 is not one of the numbers"),  # a number not in the puzzle
    ("27*3", "27 is not one of the numbers"),  # an intermediate result written as a literal
    ("(25+3)*3-3", "3 is used more often"),  # a number used twice
    ("7+25*3-2/2", "2 is used more often"),
    ("(25+2)*3 = 82", "must equal 81"),
    ("(25+2)*3 = 81 = 81", "one expression"),
    ("25*3+7", "equals 82, not 81"),
    ("(25+2)*-(-3)", "a sign on its own"),
    ("-3+(25+2)*3+3", "a sign on its own"),
    ("3**4", "only + - * /"),
    ("(25+2)//3*9", "only + - * /"),
    ("3^4", "only the given numbers"),
    ("(25+2)*3.0", "whole numbers"),
    ("(25+2)(3)", "only numbers"),
    ("(25+2)*3 # 81", "only the given numbers"),
    ("abs(81)", "only the given numbers"),
    ("2 3", "could not be read"),
    ("", "empty"),
    ("not (25+2)*3", "only the given numbers"),
    ("(25+2)*3 or 25*3+6", "only the given numbers"),
    ("(25+2)*3\n25*3+6", "could not be read"),    # two candidates on two lines
    ("(" * 50 + "3" + ")" * 50, "nested"),
    ("(25+2)*3)", "unbalanced"),
    ("3+" * 300 + "3", "longer than"),
])
def test_countdown_rejects_near_misses(text, why):
    assert not ok(AT_MOST, text)
    assert why in feedback(AT_MOST, text), feedback(AT_MOST, text)


def test_countdown_exact_mode_needs_every_number():
    assert ok(EXACT, "3*25+7-2")
    assert ok(EXACT, "25*3 + (7-2) = 80")
    assert not ok(EXACT, "(25+7)*(2+3)/2")  # 2 used twice
    assert not ok(EXACT, "25*3+7-2+0")  # 0 is not given
    at_most = record("puzzles/countdown", {"numbers": [2, 3, 7, 25], "target": 75, "exact": True})
    assert not ok(at_most, "25*3") and "exactly once" in feedback(at_most, "25*3")
    at_most.check["exact"] = False
    assert ok(at_most, "25*3")


def test_countdown_division_by_zero_is_rejected():
    p = record("puzzles/countdown", {"numbers": [3, 5, 5], "target": 3, "exact": True})
    assert not ok(p, "3/(5-5)")
    assert "divides by zero" in feedback(p, "3/(5-5)")
    assert ok(p, "3*5/5")


def test_countdown_prompt_states_the_rule():
    low = procgym.generate("puzzles/countdown", seed=0, difficulty=3)
    high = procgym.generate("puzzles/countdown", seed=0, difficulty=9)
    assert "at most once" in low.prompt and "exactly once" in high.prompt
    assert not low.check["exact"] and high.check["exact"]
    assert f"Target: {high.check['target']}" in high.prompt


def test_countdown_impossible_knobs_raise():
    with pytest.raises(ValueError, match="n_large"):
        procgym.generate("puzzles/countdown", seed=0, difficulty=1, n_large=4)
    with pytest.raises(ValueError, match="target_min"):
        procgym.generate("puzzles/countdown", seed=0, difficulty=1, target_min=50, target_max=10)

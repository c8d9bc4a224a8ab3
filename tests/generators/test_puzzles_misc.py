"""Per-task tests for the misc puzzles: twenty_four, knights_tour, knight_swap, sokoban,
slitherlink, hashi, battleship, tents, akari and numberlink. Exact values on known instances,
accepted alternative answers and forms, rejected near misses, an answer that breaks exactly one
rule, and each solver checked against brute force on small instances."""
import itertools
import random
from collections import deque
from fractions import Fraction

import pytest

import procgym
from procgym import Problem
from procgym.generators.puzzles import akari, battleship, hashi, knights, numberlink, slitherlink, sokoban, tents
from procgym.generators.puzzles import twenty_four as tf
from procgym.generators.puzzles._arithmetic import read_arithmetic
from procgym.generators.puzzles._boards import parse_square, read_char_grid, square_name
from procgym.kit import NotAnAnswer
from answer_helpers import feedback, ok

NAMES = ["puzzles/twenty_four", "puzzles/knights_tour", "puzzles/knight_swap", "puzzles/sokoban",
         "puzzles/slitherlink", "puzzles/hashi", "puzzles/battleship", "puzzles/tents", "puzzles/akari",
         "puzzles/numberlink"]


def record(name, check, answer="x"):
    """A hand-made problem record: verifying needs nothing else."""
    return Problem(name, 0, None, {}, "hand-made", answer, check)


# --------------------------------------------------------------------------- all ten

@pytest.mark.parametrize("name", NAMES)
def test_every_level_generates_and_verifies(name):
    for level in range(1, 11):
        for seed in range(2):
            p = procgym.generate(name, seed=seed, difficulty=level)
            assert p.prompt.isascii() and all(c.isprintable() or c == "\n" for c in p.prompt)
            assert ok(p, p.answer), (level, seed, p.answer)


@pytest.mark.parametrize("name", NAMES)
def test_level_five_is_varied(name):
    assert len({procgym.generate(name, seed=s, difficulty=5).prompt for s in range(10)}) >= 8


@pytest.mark.parametrize("name", NAMES)
def test_garbage_is_rejected(name):
    p = procgym.generate(name, seed=1, difficulty=4)
    for text in ("", "banana", "1", "{}", "none", "(((", p.answer + p.answer, p.answer[:-1]):
        if text != p.answer:
            assert not ok(p, text), text


def test_shared_helpers():
    assert square_name(0, 0, 5) == "a5" and square_name(4, 2, 5) == "c1"
    assert parse_square("C1", 5, 4) == (4, 2) and parse_square("e1", 5, 4) is None and parse_square("a6", 5, 4) is None
    assert read_char_grid("#.\n.#", 2, 2, "#.") == ["#.", ".#"]
    assert read_char_grid("[# ., . #]", 2, 2, "#.") == ["#.", ".#"]
    assert read_char_grid("#..#", 2, 2, "#.") == ["#.", ".#"]
    for bad, why in (("#.\n.", "row 2 has 1 cells"), ("#x\n.#", "use only"), ("#.\n.#\n#.", "2 rows")):
        with pytest.raises(NotAnAnswer, match=why):
            read_char_grid(bad, 2, 2, "#.")


# --------------------------------------------------------------------------- twenty_four

def brute_reachable(values):
    """Every value of every expression using all the values once (exact)."""
    if len(values) == 1:
        return {values[0]}
    out = set()
    for i, j in itertools.permutations(range(len(values)), 2):
        a, b = values[i], values[j]
        rest = [v for k, v in enumerate(values) if k not in (i, j)]
        for c in [a + b, a - b, a * b] + ([a / b] if b else []):
            out |= brute_reachable(rest + [c])
    return out


def test_twenty_four_solver_matches_brute_force():
    rng = random.Random(3)
    for _ in range(150):
        numbers = sorted(rng.randint(1, 13) for _ in range(rng.choice([3, 4])))
        target = rng.choice([24, rng.randint(1, 60)])
        tree = tf.solve(numbers, target)
        assert (tree is not None) == (target in brute_reachable([Fraction(x) for x in numbers]))
        if tree is not None:
            literals, value, _ = read_arithmetic(tf.render(tree))
            assert value == target and sorted(literals) == numbers


def test_twenty_four_fraction_table_is_exact():
    found = tuple(q for q in itertools.combinations_with_replacement(range(1, 14), 4)
                  if tf.solve(list(q), 24, whole=True) is None and tf.solve(list(q), 24) is not None)
    assert found == tf.FRACTION_ONLY_24


def test_twenty_four_known_instance():
    p = record("puzzles/twenty_four", {"numbers": [3, 3, 8, 8], "target": 24, "solvable": True})
    assert tf.solve([3, 3, 8, 8], 24, whole=True) is None
    for text in ("8/(3-8/3)", "8 / (3 - 8 / 3) = 24", "8\u00f7(3\u22128\u00f73)", "8/(3-(8/3))", "[8/(3-8/3)]"):
        assert ok(p, text), text
    assert "missing" in feedback(p, "8*3")  # breaks one rule: every number once
    assert "more often" in feedback(p, "8/(3-8/3)*3/3")
    assert "equals" in feedback(p, "8/(3-3/8)")  # a near miss: the value is wrong
    assert "not one of the numbers" in feedback(p, "8/(3-8/3)+0")
    assert "exists" in feedback(p, "none")
    assert not ok(p, "8/(3-8/3) = 25")
    assert not ok(p, "-8/(3-8/3)*-1")  # a lone sign is not allowed
    assert not ok(p, "8**1/(3-8/3)")
    assert "divides by zero" in feedback(p, "8/(3-3)+8")


def test_twenty_four_none_instance():
    assert tf.solve([1, 1, 1, 1], 24) is None
    p = record("puzzles/twenty_four", {"numbers": [1, 1, 1, 1], "target": 24, "solvable": False})
    for text in ("none", "None", " NONE. "):
        assert ok(p, text)
    assert "equals 4" in feedback(p, "1+1+1+1")
    assert not ok(p, "no")
    assert not ok(p, "11+11")  # digits may not be joined


def test_twenty_four_levels_ramp():
    fives = [procgym.generate("puzzles/twenty_four", seed=s, difficulty=10) for s in range(5)]
    assert all(len(p.check["numbers"]) == 5 for p in fives)
    sixes = [procgym.generate("puzzles/twenty_four", seed=s, difficulty=7) for s in range(40)]
    assert any(p.answer == "none" for p in sixes)
    assert any(p.answer != "none" and tuple(p.check["numbers"]) in tf.FRACTION_ONLY_24 for p in sixes)


# --------------------------------------------------------------------------- knights_tour

def test_knights_tour_known_instance():
    p = record("puzzles/knights_tour", {"rows": 3, "cols": 3, "blocked": [4], "start": 0, "closed": True})
    tour = "a3, c2, a1, b3, c1, a2, c3, b1"
    assert ok(p, tour)
    assert ok(p, "a3 b1 c3 a2 c1 b3 a1 c2")  # the other direction, spaces as separators
    assert ok(p, "A3->C2->A1->B3->C1->A2->C3->B1")
    assert ok(p, tour + ", a3")  # the return to the start written out
    assert "not a knight's move" in feedback(p, "a3, c2, b3, a1, c1, a2, c3, b1")  # two squares swapped
    assert "lands on 7" in feedback(p, "a3, c2, a1, b3, c1, a2, c3")  # breaks one rule: every square
    assert "start on a3" in feedback(p, "c2, a1, b3, c1, a2, c3, b1, a3")
    assert "blocked" in feedback(p, "a3, b2")
    assert "twice" in feedback(p, "a3, c2, a3")
    assert "not a square" in feedback(p, "a3, d9")


def test_knights_tour_open_and_closed():
    # a 3x4 board has open tours only
    p = record("puzzles/knights_tour", {"rows": 3, "cols": 4, "blocked": [], "start": 8, "closed": False})
    open_tour = knights.find_tour(3, 4, list(range(12)), 8, False, random.Random(0), 10**6)
    names = ", ".join(square_name(i // 4, i % 4, 3) for i in open_tour)
    assert ok(p, names)
    assert knights.find_tour(3, 4, list(range(12)), 8, True, random.Random(0), 10**6) is None
    closed = record("puzzles/knights_tour", {"rows": 3, "cols": 4, "blocked": [], "start": 8, "closed": True})
    assert "must be closed" in feedback(closed, names)


def brute_tour_exists(h, w, open_cells, start, closed):
    nbr = knights.knight_masks(h, w, open_cells)

    def go(cur, seen):
        if len(seen) == len(open_cells):
            return not closed or nbr[cur] >> start & 1
        return any(go(j, seen | {j}) for j in open_cells if nbr[cur] >> j & 1 and j not in seen)

    return go(start, {start})


def test_knights_tour_solver_matches_brute_force():
    rng = random.Random(5)
    for _ in range(60):
        h, w = rng.choice([(3, 3), (3, 4), (4, 4), (3, 5)])
        cells = list(range(h * w))
        blocked = set(rng.sample(cells, rng.randint(0, 2)))
        open_cells = [i for i in cells if i not in blocked]
        start, closed = rng.choice(open_cells), rng.random() < 0.3
        tour = knights.find_tour(h, w, open_cells, start, closed, rng, 10**7)
        assert (tour is not None) == bool(brute_tour_exists(h, w, open_cells, start, closed))


# --------------------------------------------------------------------------- knight_swap

def plain_bfs(nbr, white, black, shift):
    start, goal = white | black << shift, black | white << shift
    low_mask = (1 << shift) - 1
    dist = {start: 0}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        if s == goal:
            return dist[s]
        w, b = s & low_mask, s >> shift
        occ = w | b
        for m, own in ((w, 0), (b, shift)):
            for i in range(shift):
                if m >> i & 1:
                    for j in range(shift):
                        if nbr.get(i, 0) >> j & 1 and not occ >> j & 1:
                            t = (s & ~(m << own)) | ((m ^ 1 << i | 1 << j) << own)
                            if t not in dist:
                                dist[t] = dist[s] + 1
                                queue.append(t)
    return None


def test_knight_swap_is_minimal_against_plain_bfs():
    rng = random.Random(2)
    for _ in range(40):
        h, w, k = rng.choice([(3, 3, 1), (3, 4, 1), (3, 4, 2), (3, 3, 2)])
        cells = list(range(h * w))
        rng.shuffle(cells)
        open_cells = sorted(cells[rng.randint(0, 2):])
        placed = rng.sample(open_cells, 2 * k)
        white, black = sum(1 << i for i in placed[:k]), sum(1 << i for i in placed[k:])
        nbr = knights.knight_masks(h, w, open_cells)
        moves = knights.swap_solution(nbr, white, black, h * w, 10**6)
        best = plain_bfs(nbr, white, black, h * w)
        assert (moves is None) == (best is None)
        if moves is not None:
            assert len(moves) == best


def test_knights_levels_past_10():
    tour = procgym.generate("puzzles/knights_tour", seed=1, difficulty=20)
    assert tour.check["closed"] and tour.check["rows"] == 13 and ok(tour, tour.answer)
    for level in (11, 12):  # the top levels of the swap: still the fewest moves, by plain BFS
        p = procgym.generate("puzzles/knight_swap", seed=1, difficulty=level)
        c = p.check
        open_cells = [i for i in range(c["rows"] * c["cols"]) if i not in c["holes"]]
        nbr = knights.knight_masks(c["rows"], c["cols"], open_cells)
        white, black = sum(1 << i for i in c["white"]), sum(1 << i for i in c["black"])
        assert plain_bfs(nbr, white, black, c["rows"] * c["cols"]) == c["moves"] >= p.params["min_moves"]
        assert ok(p, p.answer)


def test_knight_swap_guarini():
    # Guarini's puzzle: two white knights on top, two black below, 3x3 board without its centre
    p = record("puzzles/knight_swap", {"rows": 3, "cols": 3, "holes": [4], "white": [0, 2], "black": [6, 8],
                                       "moves": 16})
    nbr = knights.knight_masks(3, 3, [0, 1, 2, 3, 5, 6, 7, 8])
    assert len(knights.swap_solution(nbr, 1 | 4, 64 | 256, 9, 10**6)) == 16
    answer = ("a3-b1, c3-a2, b1-c3, a1-c2, c2-a3, c1-b3, a2-c1, c3-a2, b3-a1, c1-b3, a1-c2, b3-a1, "
              "a3-b1, b1-c3, c2-a3, a2-c1")
    assert ok(p, answer)
    assert ok(p, answer.upper().replace(", ", ";").replace("-", " to "))
    # another minimal order: the mirror image, moving the right-hand knights first
    mirror = {"a": "c", "b": "b", "c": "a"}
    flipped = ", ".join("-".join(mirror[sq[0]] + sq[1] for sq in mv.split("-")) for mv in answer.split(", "))
    assert ok(p, flipped)
    longer = "a3-b1, b1-a3, " + answer  # valid but two moves too many
    assert "16 are enough" in feedback(p, longer)
    crowded = record("puzzles/knight_swap",
                     {"rows": 3, "cols": 4, "holes": [], "white": [8], "black": [1], "moves": 99})
    assert "occupied" in feedback(crowded, "a1-b3")  # breaks one rule: a move onto a knight
    assert "not a knight's move" in feedback(p, "a3-a2")
    assert "no knight" in feedback(p, "b1-c3")
    assert "hole" in feedback(p, "a3-b2")
    assert "not been exchanged" in feedback(p, "a3-b1")


def test_knight_swap_known_instance():
    p = record("puzzles/knight_swap", {"rows": 3, "cols": 4, "holes": [], "white": [8], "black": [3], "moves": 8})
    assert ok(p, "a1-b3, d3-c1, c1-a2, b3-c1, c1-d3, a2-c1, c1-b3, b3-a1")
    assert not ok(p, "a1-b3, d3-c1, c1-a2, b3-c1, c1-d3, a2-c1, c1-b3")  # one move short


# --------------------------------------------------------------------------- sokoban

def test_sokoban_known_instances():
    rows = ["#####", "#---#", "#####"]
    p = record("puzzles/sokoban", {"rows": rows, "boxes": [7], "goals": [8], "player": 6, "pushes": 1})
    assert ok(p, "R") and ok(p, " r ")
    assert "wall" in feedback(p, "L")  # breaks one rule: walking into a wall
    assert "into a wall" in feedback(p, "RR")
    rows = ["######", "#----#", "#----#", "######"]
    p = record("puzzles/sokoban", {"rows": rows, "boxes": [14], "goals": [16], "player": 7, "pushes": 2})
    assert ok(p, "DRR") and ok(p, "D, R, R") and ok(p, "rldrr")  # any solution, any spacing or case
    assert "1 box is not on a goal" in feedback(p, "DR")  # near miss: one push short
    assert "not a move" in feedback(p, "DRX")
    room = sokoban.Room(rows)
    pushes = sokoban.solve(room, 1 << 14, 1 << 16, 7, 10**5)
    assert len(pushes) == 2
    assert sokoban.moves_for(room, 1 << 14, 7, pushes) == "DRR"


def test_sokoban_search_is_push_optimal():
    """The A* push count equals a plain breadth-first search over (boxes, player) states."""
    for seed in range(12):
        p = procgym.generate("puzzles/sokoban", seed=seed, difficulty=6)
        rows, w = p.check["rows"], len(p.check["rows"][0])
        start = (frozenset(p.check["boxes"]), p.check["player"])
        goals = frozenset(p.check["goals"])
        dist = {start: 0}
        queue = deque([start])
        best = None
        while queue:
            boxes, at = queue.popleft()
            if boxes == goals:
                best = dist[(boxes, at)]
                break
            for s in (-w, 1, w, -1):
                to = at + s
                if rows[to // w][to % w] == "#":
                    continue
                nb, cost = boxes, 0
                if to in boxes:
                    beyond = to + s
                    if rows[beyond // w][beyond % w] == "#" or beyond in boxes:
                        continue
                    nb, cost = boxes - {to} | {beyond}, 1
                state = (nb, to)
                if state not in dist:  # 0-1 weights: pushes count, walking is free
                    dist[state] = dist[(boxes, at)] + cost
                    (queue.appendleft if cost == 0 else queue.append)(state)
        assert best == p.check["pushes"], seed


# --------------------------------------------------------------------------- slitherlink

def brute_loops(lat, clues):
    count = 0
    for bits in range(1, 1 << lat.n_edges):
        edges = [bits >> e & 1 for e in range(lat.n_edges)]
        if slitherlink.loop_problem(lat, edges, clues) is None:
            count += 1
    return count


def test_slitherlink_solver_matches_brute_force():
    rng = random.Random(4)
    for h, w in ((2, 2), (1, 3), (1, 4)):
        lat = slitherlink.Lattice(h, w)
        for _ in range(8):
            clues = [rng.choice([-1, -1, 0, 1, 2, 3]) for _ in range(h * w)]
            assert slitherlink.count_solutions(lat, clues, 100) == brute_loops(lat, clues)


def test_slitherlink_known_instance():
    lat = slitherlink.Lattice(2, 2)
    assert slitherlink.count_solutions(lat, [2, 2, 2, 2]) == 1
    p = record("puzzles/slitherlink", {"rows": 2, "cols": 2, "clues": [2, 2, 2, 2]})
    drawing = "+-+-+\n|...|\n+.+.+\n|...|\n+-+-+"
    assert ok(p, drawing)
    assert ok(p, "+-+-+,|2.2|,+.+.+,|2.2|,+-+-+")  # clue digits copied, commas between lines
    assert ok(p, "+ - + - +\n| . . . |\n+ . + . +\n| . . . |\n+ - + - +")  # spaces ignored
    # breaks one rule (the clues): a single loop around the top two cells
    assert "has 3 sides" in feedback(p, "+-+-+\n|...|\n+-+-+\n.....\n+.+.+")
    three = record("puzzles/slitherlink", {"rows": 1, "cols": 3, "clues": [-1, -1, -1]})
    assert ok(three, "+-+-+-+\n|.....|\n+-+-+-+")
    assert "more than one loop" in feedback(three, "+-+.+-+\n|.|.|.|\n+-+.+-+")  # breaks one rule
    assert "0 or 2" in feedback(p, "+-+-+\n|.|.|\n+.+.+\n|...|\n+-+-+")
    assert "No loop" in feedback(p, "+.+.+\n.....\n+.+.+\n.....\n+.+.+")
    assert "5 lines" in feedback(p, "+-+-+\n|...|\n+-+-+")


# --------------------------------------------------------------------------- hashi

def test_hashi_known_instance_and_rules():
    square = [(0, 0), (0, 2), (2, 0), (2, 2)]
    assert hashi.count_solutions(square, [2, 2, 2, 2])[0] == 1
    p = record("puzzles/hashi", {"rows": 3, "cols": 3, "islands": [list(x) for x in square], "numbers": [2, 2, 2, 2]})
    assert ok(p, "A-B:1, A-C:1, B-D:1, C-D:1")
    assert ok(p, "d-c:1; b-a:1; C-A:1; D-B : 1")  # any order, case and spacing
    assert "connected" in feedback(p, "A-B:2, C-D:2")  # breaks one rule: connectivity
    assert "needs 2" in feedback(p, "A-B:1, A-C:1, B-D:1")
    assert "listed twice" in feedback(p, "A-B:1, B-A:1, A-C:1, B-D:1, C-D:1")
    assert "same row or column" in feedback(p, "A-D:1")
    assert "1 or 2" in feedback(p, "A-B:3")
    assert "no island" in feedback(p, "A-E:1")
    assert "like A-B:2" in feedback(p, "A-B")
    plus = [(0, 1), (1, 0), (1, 2), (2, 1)]
    cross = record("puzzles/hashi", {"rows": 3, "cols": 3, "islands": [list(x) for x in plus], "numbers": [1, 1, 1, 1]})
    assert "cross" in feedback(cross, "A-D:1, B-C:1")
    assert hashi.count_solutions(plus, [1, 1, 1, 1])[0] == 0


def brute_hashi(islands, numbers):
    edges = hashi.sight_edges(islands)
    cross = hashi.crossings(islands, edges)
    count = 0
    for values in itertools.product((0, 1, 2), repeat=len(edges)):
        if any(values[x] and values[y] for x in range(len(edges)) for y in cross[x]):
            continue
        if any(sum(v for v, e in zip(values, edges) if i in e) != numbers[i] for i in range(len(islands))):
            continue
        seen, stack = {0}, [0]
        while stack:
            i = stack.pop()
            for v, (a, b) in zip(values, edges):
                if v and i in (a, b):
                    j = b if i == a else a
                    if j not in seen:
                        seen.add(j)
                        stack.append(j)
        count += len(seen) == len(islands)
    return count


def test_hashi_solver_matches_brute_force():
    rng = random.Random(8)
    checked = 0
    while checked < 40:
        made = hashi.make_puzzle(rng, 5, 5, rng.randint(3, 6), 40, 40)
        if made is None:
            continue
        islands, bridges = made
        numbers = [0] * len(islands)
        for (a, b), v in bridges.items():
            numbers[a] += v
            numbers[b] += v
        if rng.random() < 0.3:
            numbers[rng.randrange(len(numbers))] += 1  # sometimes no solution at all
        if len(hashi.sight_edges(islands)) > 7:
            continue
        assert hashi.count_solutions(islands, numbers, 100)[0] == brute_hashi(islands, numbers)
        checked += 1


# --------------------------------------------------------------------------- battleship

def brute_battleship(n, fleet, rows, cols, ship_hints=0, water_hints=0):
    count = 0
    for combo in itertools.combinations(range(n * n), sum(fleet)):
        ships = set(combo)
        bits = sum(1 << i for i in combo)
        if bits & water_hints or ship_hints & ~bits:
            continue
        if any(k is not None and sum(1 for c in range(n) if r * n + c in ships) != k for r, k in enumerate(rows)):
            continue
        if any(k is not None and sum(1 for r in range(n) if r * n + c in ships) != k for c, k in enumerate(cols)):
            continue
        count += battleship.ship_problem(n, ships, fleet) is None
    return count


def test_battleship_solver_matches_brute_force():
    rng = random.Random(6)
    for _ in range(40):
        n = 4
        fleet = rng.choice([[2, 1], [3, 1], [2, 1, 1], [2, 2]])
        ships = battleship.random_fleet(rng, n, fleet)
        if ships is None:
            continue
        rows = [sum(ships >> (r * n + c) & 1 for c in range(n)) for r in range(n)]
        cols = [sum(ships >> (r * n + c) & 1 for r in range(n)) for c in range(n)]
        if rng.random() < 0.3:
            rows[rng.randrange(n)] = None
        hints = rng.choice([0, 1 << rng.randrange(16)])
        water = hints if not ships & hints else 0
        ship_hint = hints & ships
        got = battleship.count_solutions(n, fleet, rows, cols, ship_hint, water, 1000)
        assert got == brute_battleship(n, fleet, rows, cols, ship_hint, water)


def test_battleship_known_instance():
    assert battleship.count_solutions(4, [2, 1], [2, 0, 1, 0], [1, 1, 0, 1], 0, 0) == 1
    check = {"size": 4, "fleet": [2, 1], "rows": [2, 0, 1, 0], "cols": [1, 1, 0, 1],
             "ship_hints": [], "water_hints": []}
    p = record("puzzles/battleship", check)
    assert ok(p, "##..\n....\n...#\n....")
    assert ok(p, "# # ~ ~, ~ ~ ~ ~, ~ ~ ~ #, . . . .")  # '~' for water, spaces between cells
    assert "Row 1 has 1" in feedback(p, "#...\n#...\n...#\n....")  # near miss: the destroyer turned
    touching = record("puzzles/battleship", {"size": 3, "fleet": [1, 1], "rows": [1, 1, 0], "cols": [1, 1, 0],
                                             "ship_hints": [], "water_hints": []})
    assert "diagonally" in feedback(touching, "#..\n.#.\n...")  # breaks one rule: ships touch
    bent = record("puzzles/battleship", {"size": 3, "fleet": [3], "rows": [2, 1, 0], "cols": [2, 1, 0],
                                         "ship_hints": [], "water_hints": []})
    assert "not straight" in feedback(bent, "##.\n#..\n...")
    hinted = record("puzzles/battleship", {**check, "water_hints": [0]})
    assert "revealed water" in feedback(hinted, "##..\n....\n...#\n....")


# --------------------------------------------------------------------------- tents

def brute_tents(h, w, trees, rows, cols):
    free = [i for i in range(h * w) if i not in trees]
    count = 0
    for combo in itertools.combinations(free, len(trees)):
        tents_ = set(combo)
        if any(sum(1 for t in tents_ if t // w == r) != k for r, k in enumerate(rows)):
            continue
        if any(sum(1 for t in tents_ if t % w == c) != k for c, k in enumerate(cols)):
            continue
        if any(abs(a // w - b // w) <= 1 and abs(a % w - b % w) <= 1 for a, b in itertools.combinations(combo, 2)):
            continue
        count += tents._matching(sorted(tents_), sorted(trees), w) is not None
    return count


def test_tents_solver_matches_brute_force():
    rng = random.Random(7)
    done = 0
    while done < 40:
        h, w = rng.choice([(3, 3), (3, 4), (4, 4), (4, 5)])
        made = tents.make_puzzle(rng, h, w, rng.randint(2, 4))
        if made is None:
            continue
        trees, placed = made
        rows = [sum(1 for t in placed if t // w == r) for r in range(h)]
        cols = [sum(1 for t in placed if t % w == c) for c in range(w)]
        assert tents.count_solutions(h, w, trees, rows, cols, 1000) == brute_tents(h, w, trees, rows, cols)
        done += 1


def test_tents_known_instance():
    assert tents.count_solutions(3, 3, {4}, [1, 0, 0], [0, 1, 0]) == 1
    p = record("puzzles/tents", {"rows": 3, "cols": 3, "trees": [4], "row_counts": [1, 0, 0], "col_counts": [0, 1, 0]})
    assert ok(p, ".^.\n.T.\n...")
    assert ok(p, ". ^ .\n. t .\n. . .")  # spaces, lower-case tree
    assert "Row 1 has 0" in feedback(p, "...\n^T.\n...")  # breaks one rule: the counts (the pairing holds)
    assert "keep its T" in feedback(p, ".^.\n...\n...")
    two = record("puzzles/tents",
                 {"rows": 2, "cols": 3, "trees": [0, 5], "row_counts": [1, 1], "col_counts": [0, 2, 0]})
    assert "touch" in feedback(two, "T^.\n.^T")
    far = record("puzzles/tents",
                 {"rows": 3, "cols": 3, "trees": [0], "row_counts": [0, 0, 1], "col_counts": [0, 0, 1]})
    assert "paired" in feedback(far, "T..\n...\n..^")


# --------------------------------------------------------------------------- akari

def brute_akari(board, numbers, h, w):
    whites = [i for i in range(h * w) if board.white >> i & 1]
    count = 0
    for bits in range(1 << len(whites)):
        bulbs = sum(1 << whites[k] for k in range(len(whites)) if bits >> k & 1)
        lit, bad = 0, False
        for i in whites:
            if bulbs >> i & 1:
                if board.sight[i] & bulbs & ~(1 << i):
                    bad = True
                    break
                lit |= board.sight[i]
        if bad or lit & board.white != board.white:
            continue
        count += all((board.around[i] & bulbs).bit_count() == n for i, n in numbers.items())
    return count


def test_akari_solver_matches_brute_force():
    rng = random.Random(9)
    for _ in range(40):
        h, w = rng.choice([(3, 3), (3, 4)])
        black = set(rng.sample(range(h * w), rng.randint(1, 5)))
        board = akari.Board(h, w, black)
        numbers = {i: rng.randint(0, 2) for i in black if rng.random() < 0.6}
        assert akari.count_solutions(board, numbers, 10**6) == brute_akari(board, numbers, h, w)


def test_akari_known_instance():
    board = akari.Board(3, 3, {4})
    assert akari.count_solutions(board, {4: 4}) == 1 and akari.count_solutions(board, {}) > 1
    p = record("puzzles/akari", {"rows": 3, "cols": 3, "black": [4], "numbers": {"4": 4}})
    assert ok(p, ".*.\n*4*\n.*.")
    assert ok(p, ". * ., * # *, . * .")  # a black cell copied as '#', commas and spaces
    assert "has 0 bulbs" in feedback(p, "*..\n.4.\n..*")  # breaks one rule: the number (all lit, no clash)
    assert "lit by another" in feedback(p, "**.\n*4*\n.*.")
    assert "not lit" in feedback(p, ".*.\n*4.\n...")
    assert "is black" in feedback(p, ".*.\n*.*\n.*.")


# --------------------------------------------------------------------------- numberlink

def test_numberlink_known_instance_and_rules():
    grid = numberlink.Grid(2, 3)
    assert numberlink.count_solutions(grid, [(0, 2), (3, 5)]) == 1
    p = record("puzzles/numberlink", {"rows": 2, "cols": 3, "pairs": [[0, 2], [3, 5]]})
    assert ok(p, "AAA\nBBB") and ok(p, "aaa, bbb") and ok(p, "a a a\nb b b")
    assert "touches 3" in feedback(p, "AAA\nBAB")  # a near miss: a branch
    assert "use only" in feedback(p, "AAA\nB.B")
    # breaks one rule: path A touches itself (its end at a3 meets the cell a2 beside it); B is fine
    touching = record("puzzles/numberlink", {"rows": 3, "cols": 3, "pairs": [[0, 3], [2, 6]]})
    assert "must touch exactly one" in feedback(touching, "AAB\nAAB\nBBB")


def test_numberlink_counts_every_valid_filling():
    grid = numberlink.Grid(6, 6)
    pairs = [(13, 16), (32, 29), (31, 24), (20, 14), (5, 28), (21, 10)]
    found = []
    assert numberlink.count_solutions(grid, pairs, 5, found) == 2
    names = "ABCDEF"
    p = record("puzzles/numberlink", {"rows": 6, "cols": 6, "pairs": [list(x) for x in pairs]})
    for filling in found:  # both solutions pass the rule checks: no string equality
        assert ok(p, "\n".join("".join(names[filling[r * 6 + c] - 1] for c in range(6)) for r in range(6)))


def brute_numberlink(h, w, pairs):
    grid = numberlink.Grid(h, w)
    base = [0] * (h * w)
    for x, (a, b) in enumerate(pairs, 1):
        base[a] = base[b] = x
    free = [i for i in range(h * w) if not base[i]]
    p = record("puzzles/numberlink", {"rows": h, "cols": w, "pairs": [list(x) for x in pairs]})
    names = "ABCD"
    count = 0
    for combo in itertools.product(range(1, len(pairs) + 1), repeat=len(free)):
        cells = base[:]
        for i, c in zip(free, combo):
            cells[i] = c
        count += ok(p, ",".join("".join(names[cells[r * w + c] - 1] for c in range(w)) for r in range(h)))
    assert grid
    return count


def test_numberlink_solver_matches_brute_force():
    rng = random.Random(10)
    done = 0
    while done < 25:
        h, w = rng.choice([(3, 3), (3, 4), (2, 5)])
        k = rng.choice([2, 3])
        if rng.random() < 0.5:
            paths = numberlink.random_paths(rng, numberlink.Grid(h, w), k)
            if paths is None:
                continue
            pairs = [(p[0], p[-1]) for p in paths]
        else:
            ends = rng.sample(range(h * w), 2 * k)
            pairs = [(ends[2 * i], ends[2 * i + 1]) for i in range(k)]
        assert numberlink.count_solutions(numberlink.Grid(h, w), pairs, 100) == brute_numberlink(h, w, pairs)
        done += 1


# --------------------------------------------------------------------------- audit: one answer, read whole

def test_sokoban_moves_are_exactly_one_plan():
    rows = ["######", "#----#", "#----#", "######"]
    p = record("puzzles/sokoban", {"rows": rows, "boxes": [14], "goals": [16], "player": 7, "pushes": 2})
    assert ok(p, "DRR") and ok(p, "D R R") and ok(p, "D, R, R")
    # a second plan after the solution (the audit's DRURUL\nDL) is two answers, not one
    assert "write the moves on one line" in feedback(p, "DRR\nLR")
    assert "goal is reached after move 3, but 2 more moves follow" in feedback(p, "DRRLR")
    assert "goal is reached after move 3, but 1 more move follows" in feedback(p, "DRRL")
    for hedge in ("DRR or DR", "not DRR", "DRR I think", "DRR (not sure)"):
        assert "not a move" in feedback(p, hedge), hedge


def test_twenty_four_reads_one_expression_or_none():
    p = record("puzzles/twenty_four", {"numbers": [3, 3, 8, 8], "target": 24, "solvable": True})
    for text in ("8/(3-8/3) or none", "not 8/(3-8/3)", "8/(3-8/3) I think", "8/(3-8/3)\n8*3", "x != 8/(3-8/3)",
                 "3x + 1 = 8/(3-8/3)", "24 = 8/(3-8/3) = 24"):
        assert not ok(p, text), text
    assert ok(p, "24 = 8/(3-8/3)") and ok(p, r"8 \div (3 - 8 \div 3)") and ok(p, "8 / (3 - 8 / 3).")
    none = record("puzzles/twenty_four", {"numbers": [1, 1, 1, 1], "target": 24, "solvable": False})
    assert ok(none, "no solution") and ok(none, "None.")
    assert not ok(none, "none or 1+1+1+1") and not ok(none, "not none")


def test_arithmetic_examples_use_a_zero_and_never_solve():
    from procgym.contract import prompt_example

    # the examples contain a 0, which is never one of the numbers: wrong even where the same
    # expression with a real number solves the puzzle, and the same in every prompt
    p = record("puzzles/twenty_four", {"numbers": [2, 3, 7, 9], "target": 24, "solvable": True})
    assert ok(p, "(7-2)*3+9") and not ok(p, procgym.get("puzzles/twenty_four").example)
    q = record("puzzles/countdown", {"numbers": [2, 4, 5, 6], "target": 48, "exact": True})
    assert ok(q, "(6+4)*5-2") and not ok(q, procgym.get("puzzles/countdown").example)
    for name in ("puzzles/twenty_four", "puzzles/countdown"):
        for seed in range(10):
            assert prompt_example(procgym.generate(name, seed=seed, difficulty=1).prompt) == procgym.get(name).example


def test_hashi_reads_one_bridge_per_line_or_comma():
    square = [(0, 0), (0, 2), (2, 0), (2, 2)]
    p = record("puzzles/hashi", {"rows": 3, "cols": 3, "islands": [list(x) for x in square], "numbers": [2, 2, 2, 2]})
    assert ok(p, "A-B:1\nA-C:1\nB-D:1\nC-D:1") and ok(p, "A-B:1,\nA-C:1,\nB-D:1,\nC-D:1")
    assert "empty item" in feedback(p, "A-B:1,, A-C:1, B-D:1, C-D:1")
    for hedge in ("A-B:1, A-C:1, B-D:1, C-D:1 or A-B:2", "not A-B:1, A-C:1, B-D:1, C-D:1"):
        assert not ok(p, hedge), hedge


def test_dot_grids_keep_their_last_cell_and_drop_a_full_stop():
    p = record("puzzles/tents", {"rows": 3, "cols": 3, "trees": [4], "row_counts": [1, 0, 0], "col_counts": [0, 1, 0]})
    assert procgym.get("puzzles/tents").keeps_full_stop
    assert ok(p, ".^.\n.T.\n...") and ok(p, ".^.\n.T.\n....")  # the grid, then the sentence's full stop
    assert not ok(p, ".^.\n.T.\n.....") and not ok(p, ".^.\n.T.\n..")
    akari = record("puzzles/akari", {"rows": 3, "cols": 3, "black": [4], "numbers": {"4": 4}})
    assert ok(akari, ".*.\n*4*\n.*.") and ok(akari, ".*.\n*4*\n.*..")
    assert not ok(akari, ".*.\n*4*\n.*.\n.*.") and not ok(akari, ".*.\n*4*\n.*. I think")


@pytest.mark.parametrize("name", ["puzzles/akari", "puzzles/battleship", "puzzles/tents", "puzzles/numberlink"])
def test_grid_examples_are_never_answers(name):
    from procgym.contract import prompt_example

    # one fixed example that breaks a rule of the puzzle, shown in every prompt
    for level in (1, 2):
        for seed in range(30):
            p = procgym.generate(name, seed=seed, difficulty=level)
            assert prompt_example(p.prompt) == procgym.get(name).example and not ok(p, prompt_example(p.prompt))


def test_numberlink_example_is_wrong_where_the_old_one_solves():
    # AAB,CAB,CCB solves this 3x3 puzzle; the example's A path fills a 2x2 block instead
    p = record("puzzles/numberlink", {"rows": 3, "cols": 3, "pairs": [[0, 4], [2, 8], [3, 7]]})
    assert ok(p, "AAB,CAB,CCB") and not ok(p, procgym.get("puzzles/numberlink").example)

"""Per-task tests for the move, placement and deduction puzzles: puzzles/n_queens,
puzzles/lights_out, puzzles/cryptarithm, puzzles/minesweeper_deduction, puzzles/sliding_tiles,
puzzles/water_jugs, puzzles/river_crossing, puzzles/hanoi_variants, puzzles/peg_solitaire and
puzzles/polyomino_tiling.

Each task gets exact values on a known instance, accepted alternative answers and forms, and
rejected near misses, among them one that breaks exactly one rule; the solvers are
cross-checked against brute force."""
import itertools
import random
from collections import deque

import networkx as nx
import pytest

import procgym
from procgym import Problem
from procgym.generators.puzzles._boards import cell_name, read_cell, read_cells
from procgym.generators.puzzles._plans import read_move_letters, read_steps
from procgym.generators.puzzles.cryptarithm import solve_alphametic
from procgym.generators.puzzles.hanoi_variants import (adjacent_count, adjacent_moves, cyclic_counts,
                                                        four_peg_moves, frame_stewart)
from procgym.generators.puzzles.lights_out import press_masks, solve_lights
from procgym.generators.puzzles.minesweeper import certain_mines, frontier_constraints
from procgym.generators.puzzles.n_queens import attack, solve_queens
from procgym.generators.puzzles.peg_solitaire import jumps, solve_solitaire
from procgym.generators.puzzles.polyomino_tiling import placements, solve_tiling
from procgym.generators.puzzles.river_crossing import item_bfs, people_bfs
from procgym.generators.puzzles.sliding_tiles import goal_state, solve_tiles, step
from procgym.generators.puzzles.water_jugs import bfs, goal_met
from answer_helpers import feedback, ok

NAMES = ["puzzles/n_queens", "puzzles/lights_out", "puzzles/cryptarithm", "puzzles/minesweeper_deduction",
         "puzzles/sliding_tiles", "puzzles/water_jugs", "puzzles/river_crossing", "puzzles/hanoi_variants",
         "puzzles/peg_solitaire", "puzzles/polyomino_tiling"]


def record(name, check, answer="x"):
    """A hand-made problem record: verifying needs nothing else."""
    return Problem(name, 0, None, {}, "hand-made", answer, check)


# --------------------------------------------------------------------------- all ten

@pytest.mark.parametrize("name", NAMES)
def test_every_level_generates_deterministically_and_verifies(name):
    for level in range(1, 11):
        for seed in range(3):
            p = procgym.generate(name, seed=seed, difficulty=level)
            assert p.to_dict() == procgym.generate(name, seed=seed, difficulty=level).to_dict()
            assert p.prompt.isascii() and all(c.isprintable() or c == "\n" for c in p.prompt)
            assert ok(p, p.answer), (level, seed, p.answer, feedback(p, p.answer))


@pytest.mark.parametrize("name", NAMES)
def test_level_five_is_varied(name):
    assert len({procgym.generate(name, seed=s, difficulty=5).prompt for s in range(10)}) >= 8


@pytest.mark.parametrize("name", NAMES)
def test_garbage_is_rejected(name):
    p = procgym.generate(name, seed=1, difficulty=4)
    for text in ("", "banana", "1", "{}", "A=1", "(((", "1/0", ",", p.answer + "," + p.answer):
        assert not ok(p, text), text


# --------------------------------------------------------------------------- shared parsing

def test_cell_names_and_lists():
    assert cell_name(0, 0) == "A1" and cell_name(2, 1) == "B3" and cell_name(11, 25) == "Z12"
    assert read_cell(" b3 ", 4, 4) == (2, 1) and read_cell("B 3", 4, 4) == (2, 1)
    assert read_cells("[A1, b2]", 3, 3) == [(0, 0), (1, 1)]
    for bad in ("B5", "E1", "A0", "AA1", "1A", "B-3", "B3 or B2", "not B3"):
        with pytest.raises(ValueError):
            read_cell(bad, 4, 4)
    with pytest.raises(ValueError, match="empty item"):
        read_steps("A1,,B2")
    with pytest.raises(ValueError, match="empty item"):
        read_steps("A1,B2,")
    with pytest.raises(ValueError, match="more than 2000"):
        read_steps("A1," * 2000 + "A1")


def test_move_letters_are_one_plan_on_one_line():
    assert read_move_letters("R R u, L;D") == "RRULD"
    for bad, why in (("RRUL\nDD", "one line"), ("RRUL or DD", "not a move"), ("RRUL I think", "not a move"),
                     ("not RRUL", "not a move"), ("", "not a move")):
        with pytest.raises(ValueError, match=why):
            read_move_letters(bad)


# --------------------------------------------------------------------------- puzzles/n_queens

QUEENS = record("puzzles/n_queens", {"size": 4, "given": [], "blocked": []})


@pytest.mark.parametrize("text", ["B1,D2,A3,C4", "C1,A2,D3,B4", "a3, c4, b1, d2", "[B1, D2, A3, C4]", "B 1,D2,A3,C4"])
def test_queens_accepts_both_placements_and_forms(text):
    assert ok(QUEENS, text)


@pytest.mark.parametrize("text,why", [
    ("B1,D2,A3,D4", "attack each other along a column"),   # one queen moved: exactly one attacking pair
    ("B1,D2,A3,B4", "attack each other along a column"),
    ("B1,D2,A3,C3", "attack each other"),
    ("A1,D2,A3,C4", "column"),
    ("B1,D2,A3", "exactly 4 queens"),
    ("B1,D2,A3,C4,C4", "listed twice"),
    ("B1,D2,A3,E4", "not on the board"),
    ("B1 D2 A3 C4", "not a cell name"),
])
def test_queens_rejects_near_misses(text, why):
    assert not ok(QUEENS, text)
    assert why in feedback(QUEENS, text)


def test_queens_given_and_blocked_squares():
    p = record("puzzles/n_queens", {"size": 4, "given": ["B1"], "blocked": []})
    assert ok(p, "B1,D2,A3,C4")
    assert "pre-placed queen on B1 is missing" in feedback(p, "C1,A2,D3,B4")
    q = record("puzzles/n_queens", {"size": 4, "given": [], "blocked": ["A2"]})
    assert ok(q, "B1,D2,A3,C4")
    assert feedback(q, "C1,A2,D3,B4") == "A2 is blocked: no queen may stand there."  # valid but for one rule


def test_queens_solver_matches_brute_force_with_givens_and_blocks():
    rng = random.Random(6)
    for _ in range(40):
        n = rng.randint(4, 7)
        fixed = {r: rng.randrange(n) for r in rng.sample(range(n), rng.randint(0, 2))}
        blocked = {(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randint(0, 6))}
        exists = any(all(perm[r] == c for r, c in fixed.items())
                     and not any((r, c) in blocked for r, c in enumerate(perm))
                     and not any(attack(a, b) for a, b in itertools.combinations(enumerate(perm), 2))
                     for perm in itertools.permutations(range(n)))
        found = solve_queens(n, fixed, blocked)
        assert (found is not None) == exists
        if found:
            assert all(found[r] == c for r, c in fixed.items())
            assert not any((r, c) in blocked for r, c in enumerate(found))
            assert not any(attack(a, b) for a, b in itertools.combinations(enumerate(found), 2))


def test_queens_solver_respects_constraints_and_generated_puzzles_keep_their_givens():
    assert solve_queens(2, {}, set()) is None and solve_queens(3, {}, set()) is None
    assert solve_queens(4, {0: 0}, set()) is None  # no 4-queens placement uses a corner
    rng = random.Random(5)
    for n in range(4, 11):
        cols = solve_queens(n, {}, set(), rng)
        qs = list(enumerate(cols))
        assert not any(attack(a, b) for a, b in itertools.combinations(qs, 2))
    for seed in range(10):
        p = procgym.generate("puzzles/n_queens", seed=seed, difficulty=9)
        placed = set(p.answer.split(","))
        assert set(p.check["given"]) <= placed and not set(p.check["blocked"]) & placed
        assert len(p.check["given"]) == 3 and len(p.check["blocked"]) == 12


# --------------------------------------------------------------------------- puzzles/lights_out

LIGHTS = record("puzzles/lights_out", {"rows": 3, "cols": 3, "wrap": False, "lit": ["010", "111", "010"],
                                       "minimal": True, "fewest": 1})


def test_lights_out_exact_and_forms():
    assert ok(LIGHTS, "B2") and ok(LIGHTS, " b2 ") and ok(LIGHTS, "[B2]")
    # legal presses that turn every light off: only minimality is broken
    assert feedback(LIGHTS, "B2,A1,A1") == "Those 3 presses turn every light off, but fewer presses can."
    assert "still on" in feedback(LIGHTS, "B1")
    assert "still on" in feedback(LIGHTS, "B2,A1")
    assert "empty" in feedback(LIGHTS, "[]") and "not a cell name" in feedback(LIGHTS, "none")
    for hedge in ("B2 or A1", "not B2", "B2 I think", "B2\nA1"):
        assert "not a cell name" in feedback(LIGHTS, hedge), hedge
    relaxed = record("puzzles/lights_out", dict(LIGHTS.check, minimal=False))
    assert ok(relaxed, "B2,A1,A1") and ok(relaxed, "A1,B2,A1")


def brute_min_presses(lit, rows, cols, wrap):
    masks = press_masks(rows, cols, wrap)
    best = None
    for choice in range(1 << (rows * cols)):
        state = lit
        for i in range(rows * cols):
            if choice >> i & 1:
                state ^= masks[i]
        if state == 0 and (best is None or bin(choice).count("1") < best):
            best = bin(choice).count("1")
    return best


def test_lights_out_gf2_minimum_matches_brute_force():
    rng = random.Random(2)
    for rows, cols, wrap in [(2, 3, False), (3, 3, False), (3, 4, False), (4, 4, False), (3, 3, True)]:
        masks = press_masks(rows, cols, wrap)
        for _ in range(6):
            lit = 0
            for i in rng.sample(range(rows * cols), rng.randint(1, 5)):
                lit ^= masks[i]
            x = solve_lights(lit, rows, cols, wrap)
            state = lit
            for i in range(rows * cols):
                if x >> i & 1:
                    state ^= masks[i]
            assert state == 0
            assert bin(x).count("1") == brute_min_presses(lit, rows, cols, wrap)
    # a pattern with no solution on the singular 2x3 board
    assert brute_min_presses(1, 2, 3, False) is None and solve_lights(1, 2, 3, False) is None


def test_lights_out_level_20_is_a_solved_torus():
    p = procgym.generate("puzzles/lights_out", seed=1, difficulty=20)
    c = p.check
    assert (c["rows"], c["cols"], c["wrap"], c["minimal"]) == (13, 13, True, True) and ok(p, p.answer)
    assert len(p.answer.split(",")) == c["fewest"]


def test_lights_out_wrapping_board_presses_across_edges():
    p = record("puzzles/lights_out", {"rows": 3, "cols": 3, "wrap": True, "lit": ["111", "100", "100"],
                                      "minimal": False, "fewest": 1})
    assert ok(p, "A1")
    flat = record("puzzles/lights_out", dict(p.check, wrap=False))
    assert not ok(flat, "A1")


# --------------------------------------------------------------------------- puzzles/cryptarithm

MONEY = record("puzzles/cryptarithm", {"addends": ["SEND", "MORE"], "total": "MONEY", "hints": {}})


def test_send_more_money_is_unique():
    assert solve_alphametic(["SEND", "MORE"], "MONEY", limit=10) == [
        {"D": 7, "E": 5, "M": 1, "N": 6, "O": 0, "R": 8, "S": 9, "Y": 2}]
    assert len(solve_alphametic(["A", "B"], "C", limit=1000)) == 32  # a + b = c < 10 with a, b, c distinct
    assert solve_alphametic(["AB"], "A", limit=5) == []


def brute_alphametic(addends, total):
    letters = sorted(set("".join(addends) + total))
    lead = {w[0] for w in addends + [total] if len(w) > 1}
    out = []
    for digits in itertools.permutations(range(10), len(letters)):
        d = dict(zip(letters, digits))
        if any(d[ch] == 0 for ch in lead):
            continue
        value = lambda w: int("".join(str(d[ch]) for ch in w))  # noqa: E731
        if sum(value(w) for w in addends) == value(total):
            out.append(d)
    return out


def test_alphametic_solver_matches_brute_force():
    rng = random.Random(8)
    key = lambda d: sorted(d.items())  # noqa: E731
    checked = 0
    while checked < 12:
        nums = [rng.randint(10, 999) for _ in range(rng.choice([2, 3]))]
        digits = sorted(set("".join(map(str, nums + [sum(nums)]))))
        if len(digits) > 5:
            continue
        checked += 1
        code = dict(zip(digits, rng.sample("ABCDEFGH", len(digits))))
        words = ["".join(code[ch] for ch in str(x)) for x in nums]
        total = "".join(code[ch] for ch in str(sum(nums)))
        found = solve_alphametic(words, total, limit=10**6)
        assert sorted(map(key, found)) == sorted(map(key, brute_alphametic(words, total)))


@pytest.mark.parametrize("text", ["D=7,E=5,M=1,N=6,O=0,R=8,S=9,Y=2", "S=9, E=5, N=6, D=7, M=1, O=0, R=8, Y=2",
                                  "s=9,e=5,n=6,d=7,m=1,o=0,r=8,y=2",
                                  "[S = 9, E = 5, N = 6, D = 7, M = 1, O = 0, R = 8, Y = 2]",
                                  "D=7,E=5,M=1,N=6,O=0,R=8,S=9,Y:2", "D: 7\nE: 5\nM: 1\nN: 6\nO: 0\nR: 8\nS: 9\nY: 2"])
def test_cryptarithm_accepts_forms(text):
    assert ok(MONEY, text)


@pytest.mark.parametrize("text,why", [
    ("D=7,E=5,M=1,N=6,O=0,R=8,S=9,Y=3", "the sum is"),          # one digit off: only the sum breaks
    ("D=7,E=5,M=1,N=6,O=0,R=8,S=9,Y=7", "both have the digit 7"),
    ("D=7,E=5,M=1,N=6,O=0,R=8,S=9", "no value given for Y"),
    ("D=7,E=5,M=1,N=6,O=0,R=8,S=9,Y=2,Z=3", "'Z' is not one of the names"),
    ("D=7,E=5,M=1,N=6,O=0,R=8,S=9,Y=2,D=7", "given twice"),
    ("D=7,E=5,M=1,N=6,O=0,R=8,S=9,Y=12", "expected one digit"),
    ("D=7 E=5 M=1 N=6 O=0 R=8 S=9 Y=2", "expected one digit"),
    ("D=7,E=5,M=1,N=6,O=0,R=8,S=9,Y!=2", "not an equality"),     # a relation other than = is not a value
    ("D=7,E=5,M=1,N=6,O=0,R=8,S=9,Y=2 or 3", "expected one digit"),
    ("D=7,E=5,M=1,N=6,O=0,R=8,S=9,Y=2,E=5", "given twice"),
])
def test_cryptarithm_rejects_near_misses(text, why):
    assert not ok(MONEY, text)
    assert why in feedback(MONEY, text)


def test_cryptarithm_hints_and_leading_zeros_are_rules():
    hinted = record("puzzles/cryptarithm", {"addends": ["A", "B"], "total": "C", "hints": {"A": 1, "B": 2}})
    assert ok(hinted, "A=1,B=2,C=3")
    assert feedback(hinted, "A=2,B=1,C=3") == "The puzzle says A=1."  # a true sum breaking only the hints
    lead = record("puzzles/cryptarithm", {"addends": ["AB", "C"], "total": "DE", "hints": {}})
    assert ok(lead, "A=1,B=2,C=3,D=1,E=5") is False  # A and D share a digit
    assert "start with 0" in feedback(lead, "A=0,B=2,C=3,D=1,E=5")


def test_generated_cryptarithms_are_unique_and_hints_are_stated():
    for level in (1, 5, 9):
        for seed in range(4):
            p = procgym.generate("puzzles/cryptarithm", seed=seed, difficulty=level)
            c = p.check
            sols = solve_alphametic(c["addends"], c["total"], c["hints"], limit=5)
            assert len(sols) == 1
            assert ",".join(f"{k}={v}" for k, v in sorted(sols[0].items())) == p.answer
            for ch, d in c["hints"].items():
                assert f"{ch}={d}" in p.prompt
            assert len(c["addends"]) == p.params["addends"]


# --------------------------------------------------------------------------- puzzles/minesweeper_deduction

COLUMN = ["001#", "001#", "001#", "001#"]
MINES = record("puzzles/minesweeper_deduction", {"shown": COLUMN, "mines": ["D1", "D4"]})


def test_minesweeper_exact_deduction():
    certain, trivial, frontier = certain_mines(COLUMN)
    assert certain == [(0, 3), (3, 3)] and len(frontier) == 4
    assert certain_mines(["1#", "##"])[0] == []  # one mine among three cells: nothing is certain
    assert certain_mines(["1#", "11"])[0] == [(0, 1)]


def test_minesweeper_level_20_answer_is_the_solver_s():
    p = procgym.generate("puzzles/minesweeper_deduction", seed=1, difficulty=20)
    shown = p.check["shown"]
    assert (len(shown), len(shown[0])) == (16, 16) and ok(p, p.answer)
    assert [cell_name(*x) for x in certain_mines(shown)[0]] == p.check["mines"]


@pytest.mark.parametrize("text", ["D1,D4", "d4, D1", "[D1,D4]", " D 1 , D4 "])
def test_minesweeper_accepts_forms(text):
    assert ok(MINES, text)


@pytest.mark.parametrize("text,why", [
    ("D1", "misses 1 cell"),
    ("D1,D4,D2", "D2 is not certainly a mine"),   # one extra cell: only exactness breaks
    ("D1,D4,C1", "C1 is revealed"),
    ("D1,D1,D4", "listed twice"),
    ("none", "certainly mines"),
    ("D1,D5", "not on the board"),
])
def test_minesweeper_rejects_near_misses(text, why):
    assert not ok(MINES, text)
    assert why in feedback(MINES, text)


def brute_certain(shown):
    cells, constraints = frontier_constraints(shown)
    always = None
    for bits in itertools.product((0, 1), repeat=len(cells)):
        if all(sum(bits[i] for i in ids) == k for ids, k in constraints):
            mine = {cells[i] for i, b in enumerate(bits) if b}
            always = mine if always is None else always & mine
    return sorted(always)


def test_minesweeper_solver_matches_brute_force():
    checked = 0
    for seed in range(80):
        p = procgym.generate("puzzles/minesweeper_deduction", seed=seed, difficulty=3)
        cells, _ = frontier_constraints(p.check["shown"])
        if len(cells) > 16:
            continue
        assert certain_mines(p.check["shown"])[0] == brute_certain(p.check["shown"])
        assert sorted(p.check["mines"]) == sorted(cell_name(*x) for x in brute_certain(p.check["shown"]))
        checked += 1
    assert checked >= 30


def test_minesweeper_deep_levels_need_more_than_single_numbers():
    for seed in range(6):
        p = procgym.generate("puzzles/minesweeper_deduction", seed=seed, difficulty=7)
        certain, trivial, _ = certain_mines(p.check["shown"])
        assert len(certain) > len(trivial)


# --------------------------------------------------------------------------- puzzles/sliding_tiles

TILES = record("puzzles/sliding_tiles", {"rows": 2, "cols": 3, "start": [4, 1, 2, 0, 5, 3], "optimal": True,
                                         "fewest": 4})


@pytest.mark.parametrize("text", ["URRD", "urrd", "U R R D", "U,R,R,D", " u, r, r, d "])
def test_sliding_tiles_accepts_forms(text):
    assert ok(TILES, text)


@pytest.mark.parametrize("text,why", [
    ("URRDLR", "goal is reached after move 4, but 2 more moves follow"),  # goes on after the goal
    ("URRU", "Move 4 (U) is illegal: the blank is already in the top row"),
    ("LURRD", "Move 1 (L) is illegal"),
    ("URR", "not in the goal arrangement"),
    ("UPRIGHT", "is not a move"),
    ("URRDX", "is not a move"),
])
def test_sliding_tiles_rejects_near_misses(text, why):
    assert not ok(TILES, text)
    assert why in feedback(TILES, text)


def bfs_distance(start, rows, cols):
    goal = goal_state(rows, cols)
    seen = {tuple(start): 0}
    queue = deque([tuple(start)])
    while queue:
        s = queue.popleft()
        if s == goal:
            return seen[s]
        for m in "UDLR":
            t = step(s, m, rows, cols)
            if t is not None and t not in seen:
                seen[t] = seen[s] + 1
                queue.append(t)


def test_sliding_tiles_astar_is_optimal():
    for level in (1, 2, 3, 4, 5, 6):
        for seed in range(4):
            p = procgym.generate("puzzles/sliding_tiles", seed=seed, difficulty=level)
            c = p.check
            assert c["fewest"] == len(p.answer) == bfs_distance(c["start"], c["rows"], c["cols"])
    assert solve_tiles(goal_state(3, 3), 3, 3) == ""


def test_sliding_tiles_non_optimal_levels_accept_longer_solutions():
    p = procgym.generate("puzzles/sliding_tiles", seed=1, difficulty=9)
    assert p.check["fewest"] is None and not p.check["optimal"]
    first = p.answer[0]
    back = {"U": "D", "D": "U", "L": "R", "R": "L"}[first]
    assert ok(p, first + back + p.answer)  # a detour is fine when any solution is accepted
    assert "not in the goal" in feedback(p, p.answer[:-1])


# --------------------------------------------------------------------------- puzzles/water_jugs

JUGS = record("puzzles/water_jugs", {"caps": [5, 3], "start": [0, 0], "tap": True,
                                     "goal": {"kind": "jug", "jug": 0, "amount": 4}, "minimal": True, "fewest": 6})


@pytest.mark.parametrize("text", ["fill A, pour A B, empty B, pour A B, fill A, pour A B",
                                  "FILL A,POUR A->B,EMPTY B,POUR A -> B,FILL A,POUR A B",
                                  "[fill a, pour a b, empty b, pour a b, fill a, pour a b]",
                                  "fill jug A, pour A into B, empty jug B, pour jug A into jug B, fill A, pour A to B"])
def test_water_jugs_accepts_forms(text):
    assert ok(JUGS, text)


@pytest.mark.parametrize("text,why", [
    ("fill B, pour B A, fill B, pour B A, empty A, pour B A, fill B, pour B A", "fewer steps"),  # only minimality
    ("fill A, pour A B, empty B, pour A B, fill A", "not the target"),
    ("fill A, pour A B, empty B, pour A B, fill A, pour A C", "no jug C"),
    ("fill A, pour A A", "into itself"),
    ("fill A, pour A into B", "not the target"),  # "into" reads like the plain form: a short plan
    ("fill A, pour A onto B", "is not a step"),
    ("fill A; pour A B", "is not a step"),
])
def test_water_jugs_rejects_near_misses(text, why):
    assert not ok(JUGS, text)
    assert why in feedback(JUGS, text)


def test_water_jugs_other_goals_and_no_tap():
    relaxed = record("puzzles/water_jugs", dict(JUGS.check, minimal=False))
    assert ok(relaxed, "fill B, pour B A, fill B, pour B A, empty A, pour B A, fill B, pour B A")
    fixed = record("puzzles/water_jugs", {"caps": [8, 5, 3], "start": [8, 0, 0], "tap": False,
                                          "goal": {"kind": "state", "state": [4, 4, 0]}, "minimal": True, "fewest": 7})
    plan = "pour A B, pour B C, pour C A, pour B C, pour A B, pour B C, pour C A"
    assert ok(fixed, plan)
    assert "no tap" in feedback(fixed, "fill A, " + plan)
    seen = bfs((8, 0, 0), (8, 5, 3), False)
    assert seen[(4, 4, 0)][0] == 7
    assert bfs((0, 0), (5, 3), True)[(4, 3)][0] == 6


def test_water_jugs_fewest_matches_bfs():
    for level in (1, 3, 5, 7, 10):
        for seed in range(5):
            p = procgym.generate("puzzles/water_jugs", seed=seed, difficulty=level)
            c = p.check
            seen = bfs(tuple(c["start"]), tuple(c["caps"]), c["tap"])
            assert c["fewest"] == min(d for s, (d, _, _) in seen.items() if goal_met(s, c["goal"]))


# --------------------------------------------------------------------------- puzzles/river_crossing

WGC = record("puzzles/river_crossing", {"kind": "items", "names": ["wolf", "goat", "cabbage"],
                                        "conflicts": [[0, 1], [1, 2]], "boat": 1, "budget": 7})


@pytest.mark.parametrize("text", ["goat, nothing, wolf, goat, cabbage, nothing, goat",
                                  "goat, nothing, cabbage, goat, wolf, nothing, goat",
                                  "The Goat, alone, the wolf, goat, CABBAGE, nothing, goat"])
def test_river_items_accepts_both_solutions_and_forms(text):
    assert ok(WGC, text)


@pytest.mark.parametrize("text,why", [
    ("goat, goat, goat, nothing, wolf, goat, cabbage, nothing, goat", "at most 7 are allowed"),  # only the budget
    ("wolf, nothing, goat, wolf, cabbage, nothing, wolf", "the goat and the cabbage are alone on the left bank"),
    ("goat, nothing, wolf, nothing, cabbage", "the wolf and the goat are alone on the right bank"),
    ("goat, nothing, wolf+cabbage", "the boat holds at most 1"),
    ("goat, nothing, goat", "not on the left bank"),
    ("goat, nothing, wolf, goat, cabbage, nothing", "still on the left bank"),
    ("goat, nothing, sheep", "not one of the items"),
])
def test_river_items_rejects_near_misses(text, why):
    assert not ok(WGC, text)
    assert why in feedback(WGC, text)


MC = record("puzzles/river_crossing", {"kind": "people", "m": 3, "c": 3, "boat": 2, "budget": 11})


def test_river_missionaries_and_cannibals():
    plan = "CC, C, CC, C, MM, MC, MM, C, CC, C, CC"
    assert ok(MC, plan) and ok(MC, plan.lower()) and ok(MC, "CC, C, CC, C, MM, CM, MM, C, CC, C, CC")
    assert ok(MC, "MC, M, CC, C, MM, MC, MM, C, CC, C, CC")
    assert "the boat holds at most 2" in feedback(MC, "CCC, C")
    assert "outnumber the missionaries on the left bank" in feedback(MC, "MM")
    assert "only 0 missionaries are on the right bank" in feedback(MC, "CC, MM")
    assert "only 1 cannibal is on the left bank" in feedback(MC, "CC, C, CC, C, CC")
    wide = record("puzzles/river_crossing", {"kind": "people", "m": 4, "c": 4, "boat": 3, "budget": 20})
    assert "in the boat" in feedback(wide, "MCC")
    assert len(people_bfs(3, 3, 2)) == 11 and people_bfs(4, 4, 2) is None
    assert len(item_bfs(3, 1, [(0, 1), (1, 2)])) == 7
    assert item_bfs(4, 1, [(0, 1), (1, 2), (2, 3), (0, 3)]) is None


def test_river_budget_is_bfs_minimum_plus_slack():
    for seed in range(6):
        p = procgym.generate("puzzles/river_crossing", seed=seed, difficulty=9)
        assert len(p.answer.split(",")) == p.check["budget"]  # slack 0 at level 9


# --------------------------------------------------------------------------- puzzles/hanoi_variants

def hanoi_bfs(n, pegs, allowed, src, dst):
    start = tuple([src] * n)
    goal = tuple([dst] * n)
    seen = {start: 0}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        if s == goal:
            return seen[s]
        tops = {}
        for disk in range(n):  # disk 0 is the smallest
            tops.setdefault(s[disk], disk)
        for a, b in allowed:
            if a in tops and (b not in tops or tops[b] > tops[a]):
                t = list(s)
                t[tops[a]] = b
                t = tuple(t)
                if t not in seen:
                    seen[t] = seen[s] + 1
                    queue.append(t)


ADJ = [(0, 1), (1, 0), (1, 2), (2, 1)]
CYC = [(0, 1), (1, 2), (2, 0)]
ALL4 = [(a, b) for a in range(4) for b in range(4) if a != b]


def test_hanoi_counts_match_breadth_first_search():
    for n in range(1, 6):
        for src, dst in [(0, 2), (0, 1), (1, 2), (2, 1)]:
            assert adjacent_count(n, src, dst) == hanoi_bfs(n, 3, ADJ, src, dst)
        q, r = cyclic_counts(n)
        assert q == hanoi_bfs(n, 3, CYC, 0, 1) and r == hanoi_bfs(n, 3, CYC, 0, 2)
        assert frame_stewart(n)[0] == hanoi_bfs(n, 4, ALL4, 0, 3)
    assert [frame_stewart(n)[0] for n in range(1, 11)] == [1, 3, 5, 9, 13, 17, 25, 33, 41, 49]
    assert cyclic_counts(2) == (5, 7)


def test_hanoi_move_lists_are_optimal():
    for n in range(1, 5):
        assert len(adjacent_moves(n, 0, 2)) == 3 ** n - 1
        assert len(adjacent_moves(n, 1, 0)) == (3 ** n - 1) // 2
    for n in range(1, 8):
        assert len(four_peg_moves(n, 1, 2)) == frame_stewart(n)[0]


ADJ2 = record("puzzles/hanoi_variants", {"kind": "adjacent_moves", "n": 2, "src": 0, "dst": 2, "pegs": 3,
                                         "allowed": [list(x) for x in ADJ], "fewest": 8})
FOUR3 = record("puzzles/hanoi_variants", {"kind": "four_peg_moves", "n": 3, "src": 0, "dst": 3, "pegs": 4,
                                          "allowed": [list(x) for x in ALL4], "fewest": 5})


def test_hanoi_move_lists_accept_forms_and_alternatives():
    assert ok(ADJ2, "AB,BC,AB,CB,BA,BC,AB,BC") and ok(ADJ2, "ab, bc, ab, cb, ba, bc, ab, bc")
    assert ok(ADJ2, "A->B, B->C, A->B, C->B, B->A, B->C, A->B, B->C") and ok(ADJ2, "A B,B C,A B,C B,B A,B C,A B,B C")
    assert ok(FOUR3, "AB,AC,AD,CD,BD") and ok(FOUR3, "AC,AB,AD,BD,CD")  # either spare peg first


@pytest.mark.parametrize("problem,text,why", [
    (ADJ2, "AB,BC,AB,CB,BA,BC,AB,BA,AB,BC", "fewer moves can"),                  # legal and solved: only minimality
    (ADJ2, "AB,BC,AB,CB,BA,BC,AC", "is not allowed by the rules"),
    (ADJ2, "AB,AB", "Move 2 (AB) is illegal: disk 2 cannot go on the smaller disk 1"),
    (ADJ2, "AB,BC,BC", "Move 3 (BC) is illegal: peg B is empty"),
    (ADJ2, "AB,BC,AB,CB,BA,BC,AB", "not every disk is on peg C"),
    (ADJ2, "AB,BD", "there is no peg D"),
    (ADJ2, "AB,BCA", "not two peg letters"),
    (FOUR3, "AB,AC,BC,AD,CA,CD,AD", "fewer moves can"),                           # the three-peg solution
    (FOUR3, "AB,AC,AD,CD,BA", "not every disk is on peg D"),
])
def test_hanoi_move_lists_reject_near_misses(problem, text, why):
    assert not ok(problem, text)
    assert why in feedback(problem, text)


def test_hanoi_counts_grade_integers():
    p = record("puzzles/hanoi_variants", {"kind": "four_peg_count", "n": 10, "value": 49})
    assert ok(p, "49") and ok(p, " 49. ")
    assert not ok(p, "48") and not ok(p, "1023") and not ok(p, "49 moves")


# --------------------------------------------------------------------------- puzzles/peg_solitaire

PEGS = record("puzzles/peg_solitaire", {"board": ["o...", "o...", "....", ".oo."], "target": None})


@pytest.mark.parametrize("text", ["A1-A3,C4-A4,A4-A2", "C4-A4,A1-A3,A4-A2", "a1-a3, c4-a4, a4-a2",
                                  "A1->A3,C4->A4,A4->A2", "A1 A3,C4 A4,A4 A2"])
def test_peg_solitaire_accepts_alternatives_and_forms(text):
    assert ok(PEGS, text)


@pytest.mark.parametrize("text,why", [
    ("A1-A3,C4-A4", "2 pegs remain"),                       # legal jumps, only the end condition fails
    ("A1-A3,C4-A4,A4-A1", "exactly two holes"),
    ("A1-C1", "no peg on B1 to jump over"),
    ("B1-B3", "there is no peg on B1"),
    ("A1-A3,A1-A3", "there is no peg on A1"),
    ("A1-A3,C4-A4,A4-A2,A2-A5", "not on the board"),
    ("A1A3", "FROM-TO"),
])
def test_peg_solitaire_rejects_near_misses(text, why):
    assert not ok(PEGS, text)
    assert why in feedback(PEGS, text)


def test_peg_solitaire_target_and_gaps():
    p = record("puzzles/peg_solitaire", {"board": ["o...", "o...", "....", ".oo."], "target": "A2"})
    assert ok(p, "A1-A3,C4-A4,A4-A2")
    q = record("puzzles/peg_solitaire", {"board": ["o...", "o...", "....", ".oo."], "target": "A3"})
    assert feedback(q, "A1-A3,C4-A4,A4-A2") == "The last peg ends on A2, not on A3."  # only the target rule
    gap = record("puzzles/peg_solitaire", {"board": ["oo#.", "...."], "target": None})
    assert "C1 is not part of the board" in feedback(gap, "A1-C1")


def test_peg_solitaire_solver_and_generated_targets():
    holes = (1 << 16) - 1
    board = 0b0110_0000_0000_0011  # A1, B1 and B4, C4 on a 4x4 board (bit = row * 4 + col)
    assert solve_solitaire(board, holes, 4, 4) is None
    assert len(list(jumps(0b011, 0b111, 1, 3))) == 1
    for seed in range(5):
        p = procgym.generate("puzzles/peg_solitaire", seed=seed, difficulty=7)
        assert p.check["target"] and f"must be on {p.check['target']}" in p.prompt
        assert len(p.answer.split(",")) == sum(r.count("o") for r in p.check["board"]) - 1


# --------------------------------------------------------------------------- puzzles/polyomino_tiling

BOARD = record("puzzles/polyomino_tiling", {"board": ["....", "...."], "pieces": ["domino"], "tileable": True})


@pytest.mark.parametrize("text", ["AABB\nCCDD", "AABB,CCDD", "AABB CCDD", "A A B B\nC C D D", "ABCD,ABCD",
                                  "aabb;ccdd", "ABBA,ACCA", "AACC,BBAA"])
def test_tiling_accepts_any_tiling_and_forms(text):
    assert ok(BOARD, text)


@pytest.mark.parametrize("text,why", [
    ("AABB,AADD", "touching cells labelled A"),               # two touching dominoes share a letter: only that rule
    ("AAAB,CCDB", "not one piece"),
    ("AAB#,CCBD", "not a hole"),
    ("AABB,CCD", "row 2 has 3 cells, not 4"),
    ("AABB,CC.D", "row 2 has the character '.'"),
    ("none", "A tiling exists"),
])
def test_tiling_rejects_near_misses(text, why):
    assert not ok(BOARD, text)
    assert why in feedback(BOARD, text)


def test_tiling_holes_shapes_and_none():
    holed = record("puzzles/polyomino_tiling", {"board": ["#..", "..."], "pieces": ["L-tromino", "domino"],
                                                "tileable": True})
    assert ok(holed, "#AA,BBA") and ok(holed, "#AB,AAB")
    assert "is a hole" in feedback(holed, "AAB,CCB")
    trominoes = record("puzzles/polyomino_tiling", {"board": ["...", "..."], "pieces": ["L-tromino"], "tileable": True})
    assert ok(trominoes, "AAB,ABB")
    assert "do not form an allowed piece" in feedback(trominoes, "AAA,BBB")  # straight trominoes are not L's
    mutilated = ["#...", "....", "....", "...#"]
    none = record("puzzles/polyomino_tiling", {"board": mutilated, "pieces": ["domino"], "tileable": False})
    assert ok(none, "none") and ok(none, "None.")
    assert solve_tiling(sum(1 << i for i in range(1, 15)), 4, 4, ("domino",)) is None


def domino_tileable(free, rows, cols):
    g = nx.Graph()
    cells = [i for i in range(rows * cols) if free >> i & 1]
    g.add_nodes_from(cells)
    for i in cells:
        r, c = divmod(i, cols)
        if c + 1 < cols and free >> (i + 1) & 1:
            g.add_edge(i, i + 1)
        if r + 1 < rows and free >> (i + cols) & 1:
            g.add_edge(i, i + cols)
    return len(nx.max_weight_matching(g, maxcardinality=True)) * 2 == len(cells)


def brute_tileable(free, rows, cols, pieces):
    table = [m for row in placements(rows, cols, pieces) for m in row]

    def go(left):
        if not left:
            return True
        low = left & -left
        return any(go(left ^ m) for m in table if m & low and m & left == m)
    return go(free)


def test_tiling_search_matches_matching_and_brute_force():
    rng = random.Random(4)
    for _ in range(120):
        rows, cols = rng.randint(2, 5), rng.randint(2, 5)
        free = sum(1 << i for i in range(rows * cols) if rng.random() < 0.8)
        found = solve_tiling(free, rows, cols, ("domino",))
        assert (found is not None) == domino_tileable(free, rows, cols)
        if found:
            assert sum(found) == free and all(a & b == 0 for a, b in itertools.combinations(found, 2))
    for _ in range(60):
        rows, cols = rng.randint(2, 4), rng.randint(2, 4)
        free = sum(1 << i for i in range(rows * cols) if rng.random() < 0.85)
        for pieces in (("L-tromino",), ("I-tromino", "L-tromino"), ("T-tetromino",), ("L-tetromino",)):
            assert (solve_tiling(free, rows, cols, pieces) is not None) == brute_tileable(free, rows, cols, pieces)


def test_generated_untileable_boards_are_not_ruled_out_by_counting():
    seen = 0
    for seed in range(30):
        p = procgym.generate("puzzles/polyomino_tiling", seed=seed, difficulty=3)  # dominoes
        if p.answer != "none":
            continue
        seen += 1
        cells = [(r, c) for r, row in enumerate(p.check["board"]) for c, ch in enumerate(row) if ch == "."]
        black = sum((r + c) % 2 for r, c in cells)
        assert len(cells) % 2 == 0 and black * 2 == len(cells)
    assert seen >= 3


# --------------------------------------------------------------------------- audit: one plan, one answer

def test_queens_example_is_never_a_placement_of_its_own_problem():
    from procgym.contract import prompt_example

    # B1,D2,A3,C4 solves the open 4x4 board; the example names Z9, on no board, so every prompt
    # shows the same example and it is never an answer
    example = procgym.get("puzzles/n_queens").example
    assert ok(QUEENS, "B1,D2,A3,C4") and not ok(QUEENS, example)
    for seed in range(40):
        p = procgym.generate("puzzles/n_queens", seed=seed, difficulty=1)
        assert prompt_example(p.prompt) == example and not ok(p, example)


def test_queens_refuse_hedges_and_second_candidates():
    for text in ("B1,D2,A3,C4 or C1,A2,D3,B4", "not B1,D2,A3,C4", "B1,D2,A3,C4 I think", "B1,D2,A3,C4\nC1,A2,D3,B4",
                 "B1,D2,A3,C4,C1", "B1,D2,A3", "B1,,D2,A3,C4"):
        assert not ok(QUEENS, text), text


def test_plans_end_when_the_goal_is_reached():
    plan = "fill A, pour A B, empty B, pour A B, fill A, pour A B"
    relaxed = record("puzzles/water_jugs", dict(JUGS.check, minimal=False))
    assert ok(relaxed, plan)
    assert "goal is reached after step 6, but 2 more steps follow" in feedback(relaxed, plan + ", fill B, empty B")
    assert not ok(relaxed, plan + "\n" + plan) and not ok(relaxed, plan + " or fill A")
    crossing = "goat, nothing, wolf, goat, cabbage, nothing, goat"
    roomy = record("puzzles/river_crossing", dict(WGC.check, budget=11))
    assert ok(roomy, crossing)
    assert "goal is reached after crossing 7, but 2 more crossings follow" in feedback(roomy, crossing + ", goat, goat")
    people = "CC, C, CC, C, MM, MC, MM, C, CC, C, CC"
    mc = record("puzzles/river_crossing", dict(MC.check, budget=13))
    assert ok(mc, people) and "goal is reached after crossing 11" in feedback(mc, people + ", C, C")
    free = record("puzzles/sliding_tiles", dict(TILES.check, optimal=False, fewest=None))
    assert ok(free, "URRD") and "goal is reached after move 4" in feedback(free, "URRDLR")
    assert "one line" in feedback(free, "URRD\nLR")


def test_minesweeper_and_lights_out_hedges():
    for text in ("D1,D4 or D1", "not D1,D4", "D1,D4 I think", "D1,D4\nD1", "D1,D4,D1"):
        assert not ok(MINES, text), text
    assert ok(MINES, "d4, d1") and ok(MINES, "[D1, D4]")
    empty = record("puzzles/minesweeper_deduction", {"shown": COLUMN, "mines": []})
    assert ok(empty, "none") and ok(empty, "None.") and not ok(empty, "") and not ok(empty, "D1")


def test_hanoi_move_examples_never_solve():
    from procgym.generators.puzzles.hanoi_variants import MOVE_EXAMPLES

    four = [(a, b) for a in range(4) for b in range(4) if a != b]
    adjacent = [(0, 1), (1, 0), (1, 2), (2, 1)]
    for kind, pegs, allowed in (("four_peg_moves", 4, four), ("adjacent_moves", 3, adjacent)):
        for n in range(1, 4):
            for src, dst in itertools.permutations(range(pegs), 2):
                for fewest in range(1, 9):
                    p = record("puzzles/hanoi_variants", {"kind": kind, "n": n, "src": src, "dst": dst, "pegs": pegs,
                                                          "allowed": [list(x) for x in allowed], "fewest": fewest})
                    assert not ok(p, MOVE_EXAMPLES[kind]), (kind, n, src, dst, fewest)
    p = record("puzzles/hanoi_variants", {"kind": "four_peg_moves", "n": 2, "src": 0, "dst": 2, "pegs": 4,
                                          "allowed": [list(x) for x in four], "fewest": 3})
    assert ok(p, "AB,AC,BC") and not ok(p, MOVE_EXAMPLES["four_peg_moves"])

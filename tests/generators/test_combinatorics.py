"""Per-task tests for combinatorics/*: exact values, brute-force cross-checks of every counter
(enumerating the objects themselves at small sizes), accepted alternative forms and rejected near misses."""
import itertools
from collections import Counter
from math import comb, factorial

import pytest
from sympy.utilities.iterables import multiset_permutations

import procgym
from procgym import Problem
from procgym.generators.combinatorics._counting import derangement_numbers, multinomial
from procgym.generators.combinatorics.arrangements import count_arrangements
from procgym.generators.combinatorics.catalan import count_walks
from procgym.generators.combinatorics.derangements import count_with_fixed_points
from procgym.generators.combinatorics.distributions import count_bounded
from procgym.generators.combinatorics.grid_paths import count_grid_paths
from procgym.generators.combinatorics.inclusion_exclusion import divisible_counts, from_intersections
from procgym.generators.combinatorics.partitions import count_partitions
from procgym.generators.combinatorics.pigeonhole import (max_independent_set, worst_all_of, worst_any_of,
                                                          worst_m_of)
from procgym.generators.combinatorics.repetition import count_codes, count_multisets
from answer_helpers import ok

NAMES = ["combinatorics/word_arrangements", "combinatorics/repetition_counting", "combinatorics/inclusion_exclusion",
         "combinatorics/derangements", "combinatorics/bounded_distributions", "combinatorics/catalan_structures",
         "combinatorics/set_partitions", "combinatorics/grid_paths", "combinatorics/pigeonhole"]


def record(name, count):
    return Problem(name, 0, 5, {}, "(test)", str(count), {"count": count})


def problems(name, levels=range(1, 11), seeds=range(8), **overrides):
    task = procgym.get(name)
    for level in levels:
        for seed in seeds:
            yield task.generate(seed=seed, difficulty=level, **overrides)


def holds(q, value, bound):
    return value == bound if q == "exactly" else value >= bound if q == "at least" else value <= bound


# --------------------------------------------------------------------------- all nine

@pytest.mark.parametrize("name", NAMES)
def test_every_level_generates_deterministically_and_verifies(name):
    for p in problems(name, seeds=range(3)):
        assert p.to_dict() == procgym.get(name).generate(seed=p.seed, difficulty=p.difficulty).to_dict()
        assert p.prompt.isascii() and all(c.isprintable() or c in "\n\t" for c in p.prompt)
        assert p.check["count"] > 0 and p.answer == str(p.check["count"])
        assert ok(p, p.answer), (name, p.difficulty, p.seed)


@pytest.mark.parametrize("name", NAMES)
def test_levels_differ(name):
    task = procgym.get(name)
    for level in range(1, 10):
        assert task.params(0, level) != task.params(0, level + 1), (name, level)


@pytest.mark.parametrize("name", NAMES)
def test_alternative_forms_accepted_and_near_misses_rejected(name):
    p = procgym.get(name).generate(seed=3, difficulty=6)
    n = p.check["count"]
    for form in (str(n), f" {n} ", f"{n}.", f"+{n}", f"${n}$", f"{n:,}"):
        assert ok(p, form), form
    for miss in (n - 1, n + 1, -n, 10 * n):
        assert not ok(p, str(miss)), miss
    for bad in (f"{n}.5", f"{n}/2", f"about {n}", f"{n} or {n + 1}", "", f"0, {n}", f"x != {n}", f"3x + 1 = {n}",
                f"{n} I think", f"not {n}", f"{n}\n{n + 1}", f"{n} 0"):
        assert not ok(p, bad), bad


@pytest.mark.parametrize("name", NAMES)
def test_the_prompt_example_is_never_the_answer(name):
    """Every prompt shows the same example, a negative count: the format, never an answer, and
    the same for every problem, so it tells nothing about this one."""
    from procgym.contract import prompt_example

    task = procgym.get(name)
    for level in (1, 5, 10):
        for seed in range(10):
            p = task.generate(seed=seed, difficulty=level)
            assert prompt_example(p.prompt) == "-1" and not ok(p, "-1"), (level, seed)


def test_grading_exact_integer():
    p = record("combinatorics/word_arrangements", 34650)
    assert ok(p, "34650") and ok(p, "34,650") and ok(p, "\\(34650\\)")
    assert not ok(p, "34651") and not ok(p, "34,65") and not ok(p, "3465")


# --------------------------------------------------------------------------- word_arrangements

def arrangement_ok(word, rules):
    pairs = list(zip(word, word[1:]))
    for kind, *a in rules:
        if kind == "start" and word[0] != a[0] or kind == "end" and word[-1] != a[0]:
            return False
        if kind == "block":
            idx = [i for i, c in enumerate(word) if c == a[0]]
            if idx[-1] - idx[0] + 1 != len(idx):
                return False
        if kind == "apart" and any({x, y} == {a[0], a[1]} for x, y in pairs):
            return False
        if kind == "no_repeat" and any(x == y for x, y in pairs):
            return False
        if kind == "no_pair" and (a[0], a[1]) in pairs:
            return False
        if kind == "class_apart" and any(x in a and y in a for x, y in pairs):
            return False
        if kind == "order" and max(i for i, c in enumerate(word) if c == a[0]) > min(
                i for i, c in enumerate(word) if c == a[1]):
            return False
        if kind == "touch" and not any({x, y} == {a[0], a[1]} for x, y in pairs):
            return False
    return True


def test_arrangements_exact_values():
    assert count_arrangements({"M": 1, "I": 4, "S": 4, "P": 2}, []) == 34650 == multinomial([1, 4, 4, 2])
    assert count_arrangements({"A": 2, "B": 2}, [["no_repeat"]]) == 2  # ABAB, BABA
    assert count_arrangements({"A": 3, "B": 1, "N": 2}, [["class_apart", "A"]]) == 12  # BANANA, no AA
    assert count_arrangements({"A": 2, "B": 1, "C": 1}, [["block", "A"]]) == 6
    assert count_arrangements({"A": 1, "B": 1, "C": 1}, [["touch", "A", "B"]]) == 4
    assert count_arrangements({"A": 2, "B": 2}, [["order", "A", "B"]]) == 1


def test_arrangements_match_brute_force():
    checked = 0
    for p in problems("combinatorics/word_arrangements", levels=range(1, 9), seeds=range(6)):
        letters = [c for c, k in p.check["counts"].items() for _ in range(k)]
        if len(letters) > 9:
            continue
        brute = sum(arrangement_ok(w, p.check["rules"]) for w in multiset_permutations(letters))
        assert brute == p.check["count"], p.check
        checked += 1
    assert checked >= 40


# --------------------------------------------------------------------------- repetition_counting

def code_brute(c):
    symbols = [("L", i) for i in range(c["letters"])] + [("D", i) for i in range(c["digits"])]
    total = 0
    for w in itertools.product(symbols, repeat=c["length"]):
        pairs = list(zip(w, w[1:]))
        good = True
        for kind, *a in c["rules"]:
            good &= not (kind == "distinct" and len(set(w)) < len(w))
            good &= not (kind == "no_consec" and any(x == y for x, y in pairs))
            good &= not (kind == "digits" and not holds(a[0], sum(s[0] == "D" for s in w), a[1]))
            good &= not (kind == "first" and w[0][0] != a[0]) and not (kind == "last" and w[-1][0] != a[0])
            good &= not (kind == "apart" and any(x[0] == y[0] == a[0] for x, y in pairs))
        total += good
    return total


def multiset_brute(c):
    total = 0
    for m in itertools.combinations_with_replacement(range(c["kinds"]), c["size"]):
        cnt = Counter(m)
        good = True
        for kind, *a in c["rules"]:
            good &= not (kind == "include" and any(cnt[x] == 0 for x in a))
            good &= not (kind == "exclude" and any(cnt[x] for x in a))
            good &= not (kind == "at_most_one" and any(cnt[x] > 1 for x in a))
            good &= not (kind == "distinct" and not holds(a[0], len(cnt), a[1]))
        total += good
    return total


def test_repetition_exact_values():
    assert count_codes(3, 2, 2, []) == 25
    assert count_codes(3, 2, 2, [["distinct"]]) == 20
    assert count_codes(3, 2, 3, [["no_consec"]]) == 5 * 4 * 4
    assert count_codes(3, 2, 3, [["digits", "exactly", 1]]) == 3 * 2 * 9
    assert count_multisets(3, 4, []) == comb(6, 2)
    assert count_multisets(3, 4, [["include", 0]]) == comb(5, 2)
    assert count_multisets(4, 5, [["distinct", "exactly", 2]]) == comb(4, 2) * comb(4, 1)


def test_repetition_matches_brute_force():
    checked = 0
    for p in problems("combinatorics/repetition_counting"):
        c = p.check
        if c["form"] == "code":
            if (c["letters"] + c["digits"]) ** c["length"] > 2e5:
                continue
            assert code_brute(c) == c["count"], c
        else:
            assert multiset_brute(c) == c["count"], c
        checked += 1
    assert checked >= 40


# --------------------------------------------------------------------------- inclusion_exclusion

def ie_classify(hits, question, r):
    k = sum(hits)
    return {"at_least_one": k >= 1, "none": k == 0, "exactly_one": k == 1, "only_first": hits[0] and k == 1,
            "exactly": k == r, "at_least": k >= r}[question]


def test_inclusion_exclusion_exact_values():
    sizes = divisible_counts([2, 3], 1, 100)
    assert sizes == [100, 50, 33, 16]
    assert from_intersections(sizes, 2, "at_least_one") == 67
    assert from_intersections(sizes, 2, "none") == 33
    assert from_intersections(sizes, 2, "exactly_one") == 51
    assert from_intersections(sizes, 2, "only_first") == 34
    assert from_intersections(divisible_counts([4, 6], 1, 100), 2, "at_least_one") == 25 + 16 - 8  # lcm 12


def test_inclusion_exclusion_matches_brute_force():
    for p in problems("combinatorics/inclusion_exclusion", seeds=range(10)):
        c = p.check
        if c["form"] == "divisors":
            if c["hi"] - c["lo"] > 60000:
                continue
            brute = sum(ie_classify([n % d == 0 for d in c["divisors"]], c["question"], c["r"])
                        for n in range(c["lo"], c["hi"] + 1))
        else:
            m = len(c["names"])
            assert c["sizes"][0] == sum(c["regions"])
            brute = sum(v for region, v in enumerate(c["regions"])
                        if ie_classify([bool(region >> i & 1) for i in range(m)], c["question"], c["r"]))
        assert brute == c["count"], c


# --------------------------------------------------------------------------- derangements

def test_derangements_exact_values():
    assert derangement_numbers(7) == [1, 0, 1, 2, 9, 44, 265, 1854]
    assert count_with_fixed_points([5], [["none"]]) == 44
    assert count_with_fixed_points([5], [["exactly", 2]]) == comb(5, 2) * 2
    assert count_with_fixed_points([2, 3], [["all"], ["none"]]) == 2  # derange the other three
    assert count_with_fixed_points([4], [["at_most", 1]]) == 9 + 4 * 2


def test_derangements_match_brute_force():
    def fits(cond, fixed, size):
        kind = cond[0]
        if kind in ("none", "all", "any"):
            return {"none": fixed == 0, "all": fixed == size, "any": True}[kind]
        return holds(kind.replace("_", " "), fixed, cond[1])

    checked = 0
    for p in problems("combinatorics/derangements", seeds=range(10)):
        c = p.check
        n = sum(c["sizes"])
        if n > 8:
            continue
        bounds, at = [], 0
        for s in c["sizes"]:
            bounds.append((at, at + s))
            at += s
        brute = sum(all(fits(cond, sum(perm[i] == i for i in range(lo, hi)), hi - lo)
                        for cond, (lo, hi) in zip(c["conditions"], bounds))
                    for perm in itertools.permutations(range(n)))
        assert brute == c["count"], c
        checked += 1
    assert checked >= 30


# --------------------------------------------------------------------------- bounded_distributions

def test_bounded_exact_values():
    assert count_bounded([[0, None, None]] * 3, 9) == comb(11, 2)
    assert count_bounded([[1, 6, None]] * 2, 7) == 6  # two dice showing 7
    assert count_bounded([[1, 6, None]] * 3, 10) == 27
    assert count_bounded([[0, None, "even"], [0, None, None]], 4) == 3
    assert count_bounded([[0, 2, None]] * 2, 3, at_most=True) == 8  # (a, b) in 0..2 with a + b <= 3


def test_bounded_matches_brute_force():
    def fits(x, lo, hi, parity):
        return x >= lo and (hi is None or x <= hi) and (parity is None or x % 2 == (parity == "odd"))

    checked = 0
    for p in problems("combinatorics/bounded_distributions", seeds=range(10)):
        c = p.check
        total = c["total"]
        ranges = [[x for x in range(total + 1) if fits(x, *v)] for v in c["variables"]]
        space = 1
        for r in ranges:
            space *= len(r)
        if space > 3e5:
            continue
        brute = sum(1 for xs in itertools.product(*ranges)
                    if (sum(xs) <= total if c["at_most"] else sum(xs) == total))
        assert brute == c["count"], c
        checked += 1
    assert checked >= 40


# --------------------------------------------------------------------------- catalan_structures

def catalan(n):
    return comb(2 * n, n) // (n + 1)


def balanced_typed(s):
    stack = []
    for ch in s:
        if ch in "([{":
            stack.append(ch)
        elif not stack or "([{".index(stack.pop()) != ")]}".index(ch):
            return False
    return not stack


def depth_profile(seq, start=0):
    out = [start]
    for step in seq:
        out.append(out[-1] + step)
    return out


def catalan_brute(c):
    n, f, form = c["n"], c["facts"], c["form"]
    if form == "brackets":
        if 2 * n > 14:
            return None
        if f["types"] > 1:
            if n > 3:
                return None
            alphabet = "([{"[:f["types"]] + ")]}"[:f["types"]]
            strings = ("".join(w) for w in itertools.product(alphabet, repeat=2 * n))
        else:
            strings = ("".join(w) for w in itertools.product("()", repeat=2 * n))
        total = 0
        for s in strings:
            if not balanced_typed(s) or not s.startswith(f["prefix"]):
                continue
            h = depth_profile(1 if ch in "([{" else -1 for ch in s)
            if f["depth"] is not None and max(h) > f["depth"]:
                continue
            if f["primitive"] and 0 in h[1:-1]:
                continue
            total += 1
        return total
    if form == "lattice":
        a, b = f["a"], f["b"]
        if a + b > 18:
            return None
        total = 0
        for rights in itertools.combinations(range(a + b), a):
            x = y = 0
            points = [(0, 0)]
            for i in range(a + b):
                x, y = (x + 1, y) if i in rights else (x, y + 1)
                points.append((x, y))
            if any(py > px for px, py in points):
                continue
            if f["band"] is not None and any(px - py > f["band"] for px, py in points):
                continue
            if f["strict"] and any(px == py for px, py in points[1:-1]):
                continue
            if f["point"] and tuple(f["point"]) not in points:
                continue
            total += 1
        return total
    if form == "stack":
        if 2 * n > 16:
            return None
        total = 0
        for seq in itertools.product((1, -1), repeat=2 * n):
            h = depth_profile(seq)
            if min(h) < 0 or h[-1] != 0 or (f["cap"] is not None and max(h) > f["cap"]):
                continue
            if list(seq[:len(f["prefix"])]) != f["prefix"]:
                continue
            if f["checkpoint"] and h[f["checkpoint"][0]] != f["checkpoint"][1]:
                continue
            total += 1
        return total
    fives, tens = f["fives"], f["tens"]
    if fives + tens > 18:
        return None
    total = 0
    for pos in itertools.combinations(range(fives + tens), fives):
        h = depth_profile((1 if i in pos else -1 for i in range(fives + tens)), f["start"])
        total += min(h) >= 0 and (f["cap"] is None or max(h) <= f["cap"])
    return total


def triangulations(m):
    """Triangulations of a convex m-gon, by the triangle on the edge (0, m-1)."""
    if m < 3:
        return 1
    return sum(triangulations(k + 1) * triangulations(m - k) for k in range(1, m - 1))


def test_catalan_exact_values():
    assert [count_walks(2 * n, 0, 0) for n in range(1, 8)] == [1, 2, 5, 14, 42, 132, 429]
    assert [triangulations(n + 2) for n in range(1, 7)] == [catalan(n) for n in range(1, 7)]
    assert count_walks(5, 0, 1) == 5  # ballot paths to (3, 2)
    assert count_walks(8, 0, 0, interior_low=1) == catalan(3)  # primitive strings of 4 pairs
    assert count_walks(8, 0, 0, high=2) == 8  # 4 pairs, depth at most 2: 2^(n-1)


def test_catalan_matches_brute_force():
    checked = 0
    for p in problems("combinatorics/catalan_structures", seeds=range(12)):
        c = p.check
        if not c["twists"]:
            assert c["count"] == catalan(c["n"])
            checked += 1
            continue
        brute = catalan_brute(c)
        if brute is None:
            continue
        assert brute == c["count"], c
        checked += 1
    assert checked >= 50


def test_catalan_typed_brackets_brute_force():
    task = procgym.get("combinatorics/catalan_structures")
    seen = 0
    for seed in range(200):
        p = task.generate(seed=seed, difficulty=6, size=3)
        if p.check["form"] == "brackets" and p.check["facts"]["types"] > 1:
            assert catalan_brute(p.check) == p.check["count"], p.check
            seen += 1
    assert seen >= 3


# --------------------------------------------------------------------------- set_partitions

def block_arrangements(block, structure):
    if structure == "groups":
        return 1
    orders = list(itertools.permutations(block))
    return len(orders) if structure == "queues" else sum(o[0] == min(block) for o in orders)


def partitions_brute(c):
    n, k = c["n"], c["k"]
    total = 0
    for assign in itertools.product(range(k), repeat=n):
        blocks = [[i for i in range(n) if assign[i] == b] for b in range(k)]
        used = [b for b in blocks if b]
        if not c["some_empty"] and len(used) < k:
            continue
        if any(len(b) < c["min_size"] for b in used) or (c["max_size"] and any(len(b) > c["max_size"] for b in used)):
            continue
        if (c["pair"] == "together" and assign[0] != assign[1]) or (c["pair"] == "apart" and assign[0] == assign[1]):
            continue
        if c["pair"] == "alone" and len(blocks[assign[0]]) != 1:
            continue
        weight = 1
        for b in used:
            weight *= block_arrangements(b, c["structure"])
        total += weight
    return total if c["labelled"] else total // factorial(k)


def test_partitions_exact_values():
    assert [count_partitions(5, k) for k in range(1, 6)] == [1, 15, 25, 10, 1]  # Stirling, second kind
    assert count_partitions(4, 2, "tables") == 11  # Stirling, first kind
    assert count_partitions(4, 2, "queues") == 36  # Lah
    assert count_partitions(4, 2, labelled=True) == 14  # surjections
    assert count_partitions(4, 3, labelled=True, some_empty=True) == 3 ** 4
    assert count_partitions(5, 2, pair="together") == count_partitions(4, 2)
    assert count_partitions(4, 2, min_size=2) == 3


def test_partitions_match_brute_force():
    checked = 0
    for p in problems("combinatorics/set_partitions", seeds=range(8), n_people=(4, 7)):
        c = p.check
        if c["k"] ** c["n"] > 2e4:
            continue
        assert partitions_brute(c) == c["count"], c
        checked += 1
    assert checked >= 30


# --------------------------------------------------------------------------- grid_paths

def grid_brute(grid, rule, diagonal):
    rows, cols = len(grid), len(grid[0])
    moves = [(0, 1), (1, 0)] + ([(1, 1)] if diagonal else [])
    visits = []

    def walk(r, c, stars):
        if grid[r][c] == "#":
            return
        stars += grid[r][c] == "*"
        if (r, c) == (rows - 1, cols - 1):
            visits.append(stars)
            return
        for dr, dc in moves:
            if r + dr < rows and c + dc < cols:
                walk(r + dr, c + dc, stars)

    walk(0, 0, 0)
    total = sum(row.count("*") for row in grid)
    test = {"none": lambda s: True, "all": lambda s: s == total, "at_least_one": lambda s: s >= 1,
            "exactly_one": lambda s: s == 1, "at_most_one": lambda s: s <= 1}[rule]
    return sum(map(test, visits))


def test_grid_exact_values():
    assert count_grid_paths(["S..", "...", "..E"]) == 6
    assert count_grid_paths(["S..", ".#.", "..E"]) == 2
    assert count_grid_paths(["S..", "...", "..E"], diagonal=True) == 13  # Delannoy D(2, 2)
    assert count_grid_paths(["S*.", "...", "..E"], "all") == 3
    assert count_grid_paths(["S*.", "..*", "..E"], "exactly_one") == 2


def test_grid_matches_brute_force():
    for p in problems("combinatorics/grid_paths", seeds=range(8)):
        c = p.check
        if c["count"] > 50000:
            continue
        assert grid_brute(c["grid"], c["rule"], c["diagonal"]) == c["count"], c


# --------------------------------------------------------------------------- pigeonhole

def drawer_brute(c):
    colours = list(c["counts"])
    spec = c["spec"]

    def met(x):
        if spec["type"] == "any_of":
            return any(x[k] >= a for k, a in spec["need"].items())
        if spec["type"] == "all_of":
            return all(x[k] >= a for k, a in spec["need"].items())
        return sum(x[k] >= spec["a"] for k in spec["colours"]) >= spec["m"]

    worst = max(sum(v) for v in itertools.product(*[range(c["counts"][k] + 1) for k in colours])
                if not met(dict(zip(colours, v))))
    return worst + 1


def numbers_brute(c):
    def conflict(x, y):
        return any((k == "sum" and x + y == v) or (k == "diff" and abs(x - y) == v) or (k == "mod" and (x - y) % v == 0)
                   for k, v in c["rules"])

    def largest(nodes):
        if not nodes:
            return 0
        v, rest = nodes[0], nodes[1:]
        return max(largest(rest), 1 + largest([u for u in rest if not conflict(v, u)]))

    return largest(list(range(c["lo"], c["hi"] + 1))) + 1


def test_pigeonhole_exact_values():
    assert worst_any_of({"r": 5, "b": 5}, {"r": 2, "b": 2}) + 1 == 3
    assert worst_all_of({"r": 5, "b": 4}, {"r": 2}) + 1 == 6
    assert worst_m_of({"r": 5, "b": 4, "g": 1}, ["r", "b", "g"], 3, 1) + 1 == 10
    assert worst_m_of({"r": 5, "b": 4, "g": 3}, ["r", "b", "g"], 2, 2) + 1 == 8
    sum_pairs = [(x - 1, y - 1) for x in range(1, 11) for y in range(x + 1, 11) if x + y == 11]
    assert max_independent_set(10, sum_pairs) + 1 == 6
    triangle = [(0, 1), (1, 2), (0, 2), (2, 3)]
    assert max_independent_set(4, triangle) == 2


def test_pigeonhole_matches_brute_force():
    drawers = numbers = 0
    for p in problems("combinatorics/pigeonhole", seeds=range(12), n_max=16, max_count=7, n_colours=4):
        c = p.check
        if c["form"] == "drawer":
            assert drawer_brute(c) == c["count"], c
            drawers += 1
        else:
            assert numbers_brute(c) == c["count"], c
            numbers += 1
    assert drawers >= 40 and numbers >= 10


# --------------------------------------------------------------------------- levels past 10

def test_arrangement_dp_matches_brute_force_on_every_rule_kind():
    """The mixed-radix DP (with its early exit) counts exactly what brute force over the distinct
    strings counts, for random rule sets drawing on every kind of rule."""
    import random

    def brute(counts, rules):
        letters = "".join(c * n for c, n in sorted(counts.items()))
        total = 0
        for word in multiset_permutations(letters):
            s = "".join(word)
            if all(_holds(rule, s, counts) for rule in rules):
                total += 1
        return total

    rng = random.Random(11)
    kinds = ["start", "end", "block", "apart", "no_repeat", "no_pair", "class_apart", "order", "touch"]
    for _ in range(150):
        letters = "ABCD"[:rng.randint(2, 4)]
        counts = {c: rng.randint(1, 2) for c in letters}
        rules = []
        for kind in rng.sample(kinds, rng.randint(0, 4)):
            if kind in ("start", "end", "block"):
                rules.append([kind, rng.choice(letters)])
            elif kind == "no_repeat":
                rules.append([kind])
            elif kind == "class_apart":
                rules.append([kind, *sorted(rng.sample(letters, 2))])
            else:
                rules.append([kind, *rng.sample(letters, 2)])
        assert count_arrangements(counts, rules) == brute(counts, rules)


def _holds(rule, s, counts):
    kind, *args = rule
    pairs = list(zip(s, s[1:]))
    if kind == "start":
        return s[0] == args[0]
    if kind == "end":
        return s[-1] == args[0]
    if kind == "block":
        return args[0] * counts[args[0]] in s
    if kind == "apart":
        return all({x, y} != set(args) for x, y in pairs)
    if kind == "no_repeat":
        return all(x != y for x, y in pairs)
    if kind == "no_pair":
        return (args[0], args[1]) not in pairs
    if kind == "class_apart":
        return all(not (x in args and y in args) for x, y in pairs)
    if kind == "order":
        return s.rindex(args[0]) < s.index(args[1])
    return any({x, y} == set(args) for x, y in pairs)  # touch


def test_catalan_effort_rebuilds_each_count():
    """The effort measure rebuilds every problem's height DP from its check, so it counts what
    the reference counted: the rebuilt DP gives the same number at every level."""
    from procgym.generators.combinatorics.catalan import walk_spec

    for level in range(1, 21):
        for seed in range(4):
            p = procgym.generate("combinatorics/catalan_structures", seed=seed, difficulty=level)
            f = p.check["facts"]
            factor = f["types"] ** p.check["n"] if p.check["form"] == "brackets" and p.check["twists"] \
                and not f["prefix"] else 1
            assert count_walks(**walk_spec(p.check)) * factor == p.check["count"]


def test_inclusion_exclusion_is_capped_at_six_divisors():
    task = procgym.get("combinatorics/inclusion_exclusion")
    assert task.max_level == 15 and task.cap_reason
    for seed in range(6):
        p = task.generate(seed=seed, difficulty=15)
        d = p.check["divisors"]
        assert p.check["form"] == "divisors" and len(d) == 6
        assert not any(a != b and b % a == 0 for a in d for b in d)

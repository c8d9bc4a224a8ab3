"""Per-task tests for the second set of combinatorics tasks: every counter against a brute force
that enumerates the objects themselves at small sizes, against closed forms and known values, plus
accepted alternative forms, rejected near misses and determinism."""
import itertools
import random
from math import comb

import pytest
import sympy

import procgym
from procgym.generators.combinatorics.combination_rank import subset_rank
from procgym.generators.combinatorics.committees import count_committees, satisfied
from procgym.generators.combinatorics.graph_colourings import count_colourings
from procgym.generators.combinatorics.grid_rectangles import count_rectangles
from procgym.generators.combinatorics.integer_partitions import count_partitions
from procgym.generators.combinatorics.multinomial_coefficients import VARS, coefficient
from procgym.generators.combinatorics.necklaces import count_necklaces
from procgym.generators.combinatorics.pattern_avoidance import count_strings
from procgym.generators.combinatorics.permutation_rank import arrangement_rank
from procgym.generators.combinatorics.spaced_selections import count_selections
from procgym.generators.combinatorics.subset_sums import count_subsets
from procgym.generators.combinatorics.tilings import count_tilings
from answer_helpers import ok

NAMES = ["combinatorics/necklace_counting", "combinatorics/integer_partitions", "combinatorics/permutation_rank",
         "combinatorics/combination_rank", "combinatorics/board_tilings", "combinatorics/pattern_avoiding_strings",
         "combinatorics/committee_constraints", "combinatorics/graph_colourings",
         "combinatorics/multinomial_coefficients", "combinatorics/spaced_selections", "combinatorics/subset_sums",
         "combinatorics/grid_rectangles"]


@pytest.mark.parametrize("name", NAMES)
def test_levels_generate_deterministically_and_verify(name):
    task = procgym.get(name)
    for level in (1, 4, 8, 12):
        for seed in range(3):
            p = task.generate(seed=seed, difficulty=level)
            assert p.to_dict() == task.generate(seed=seed, difficulty=level).to_dict()
            assert p.prompt.isascii()
            assert p.answer == str(p.check["count"]) and p.check["count"] != 0
            assert ok(p, p.answer) and ok(p, f"{p.answer}.") and ok(p, f"${p.answer}$")
            value = p.check["count"]
            assert not ok(p, str(value + 1)) and not ok(p, str(value - 1))
            assert not ok(p, f"{value} or {value + 1}") and not ok(p, f"about {value}") and not ok(p, "")


def test_thousands_separators_accepted_in_well_formed_groups():
    p = procgym.generate("combinatorics/necklace_counting", seed=3, difficulty=14)
    value = p.check["count"]
    assert value >= 1000
    assert ok(p, f"{value:,}")


# --------------------------------------------------------------------------- necklaces

def brute_necklaces(n, k, reflections, counts=None):
    group = [[(i + r) % n for i in range(n)] for r in range(n)]
    if reflections:
        group += [[(r - i) % n for i in range(n)] for r in range(n)]
    seen = set()
    for word in itertools.product(range(k), repeat=n):
        if counts is not None and [word.count(c) for c in range(k)] != list(counts):
            continue
        seen.add(min(tuple(word[p[i]] for i in range(n)) for p in group))
    return len(seen)


def test_necklaces_known_values():
    assert count_necklaces(6, 2, False) == 14 and count_necklaces(6, 2, True) == 13
    assert count_necklaces(4, 3, False) == 24 and count_necklaces(4, 3, True) == 21
    assert count_necklaces(6, 3, False, [2, 2, 2]) == 16  # 90 arrangements over 6 rotations, by Burnside


@pytest.mark.parametrize("n,k", [(3, 3), (5, 2), (6, 3), (7, 2), (8, 2), (5, 4)])
def test_necklaces_match_brute_force(n, k):
    for reflections in (False, True):
        assert count_necklaces(n, k, reflections) == brute_necklaces(n, k, reflections)
    counts = [n - (k - 1)] + [1] * (k - 1) if n >= k else None
    if counts:
        for reflections in (False, True):
            assert count_necklaces(n, k, reflections, counts) == brute_necklaces(n, k, reflections, counts)
    if n == 6 and k == 3:
        assert count_necklaces(6, 3, True, [3, 2, 1]) == brute_necklaces(6, 3, True, [3, 2, 1])


def test_necklace_problems_match_brute_force():
    task = procgym.get("combinatorics/necklace_counting")
    for level in (1, 3, 7, 9):
        for seed in range(4):
            c = task.generate(seed=seed, difficulty=level).check
            if c["k"] ** c["n"] <= 60000:
                assert c["count"] == brute_necklaces(c["n"], c["k"], c["reflections"], c["counts"])


# --------------------------------------------------------------------------- integer partitions

def partitions_of(n, top=None):
    top = n if top is None else top
    if n == 0:
        yield ()
        return
    for first in range(min(n, top), 0, -1):
        for rest in partitions_of(n - first, first):
            yield (first,) + rest


def brute_partitions(n, rules):
    total = 0
    for p in partitions_of(n):
        good = (("max_parts" not in rules or len(p) <= rules["max_parts"])
                and ("exact_parts" not in rules or len(p) == rules["exact_parts"])
                and ("max_part" not in rules or max(p) <= rules["max_part"])
                and ("min_part" not in rules or min(p) >= rules["min_part"])
                and (not rules.get("odd") or all(x % 2 for x in p))
                and (not rules.get("distinct") or len(set(p)) == len(p))
                and ("repeat_cap" not in rules or max(p.count(x) for x in p) <= rules["repeat_cap"])
                and not set(p) & set(rules.get("no_part", ())))
        total += good
    return total


def test_partitions_known_values():
    assert count_partitions(10, {}) == 42
    assert count_partitions(10, {"distinct": True}) == count_partitions(10, {"odd": True}) == 10
    assert count_partitions(10, {"max_parts": 3}) == count_partitions(10, {"max_part": 3}) == 14


def test_partitions_match_brute_force():
    rng = random.Random(5)
    for _ in range(120):
        n = rng.randint(1, 18)
        rules = {}
        for key in rng.sample(["max_parts", "exact_parts", "max_part", "min_part", "odd", "distinct", "repeat_cap",
                               "no_part"], rng.randint(0, 3)):
            if key in ("odd", "distinct"):
                rules[key] = True
            elif key == "no_part":
                rules[key] = [rng.randint(1, 5)]
            elif key == "exact_parts" and "max_parts" in rules or key == "max_parts" and "exact_parts" in rules:
                continue
            else:
                rules[key] = rng.randint(1, 5)
        assert count_partitions(n, rules) == brute_partitions(n, rules), (n, rules)
    task = procgym.get("combinatorics/integer_partitions")
    for seed in range(6):
        c = task.generate(seed=seed, difficulty=6).check
        assert c["count"] == brute_partitions(c["n"], c["rules"])


# --------------------------------------------------------------------------- ranks

def test_arrangement_rank_matches_brute_force():
    assert arrangement_rank("BAC") == 3 and arrangement_rank("ABC") == 1 and arrangement_rank("CBA") == 6
    assert arrangement_rank("CBA", descending=True) == 1
    for word in ["BANANA", "DCAB", "MISSIS", "ABBA", "BCAAB", "ZYXWA"]:
        listing = sorted(set(itertools.permutations(word)))
        assert arrangement_rank(word) == listing.index(tuple(word)) + 1
        assert arrangement_rank(word, descending=True) == listing[::-1].index(tuple(word)) + 1
    task = procgym.get("combinatorics/permutation_rank")
    for seed in range(5):
        c = task.generate(seed=seed, difficulty=12).check
        if len(c["word"]) <= 8:
            listing = sorted(set(itertools.permutations(c["word"])), reverse=c["descending"])
            assert c["count"] == listing.index(tuple(c["word"])) + 1


def test_subset_rank_matches_brute_force():
    for n in range(2, 9):
        for k in range(1, n + 1):
            lex = list(itertools.combinations(range(1, n + 1), k))
            graded = [s for j in range(1, n + 1) for s in itertools.combinations(range(1, n + 1), j)]
            for s in lex:
                assert subset_rank(list(s), n) == lex.index(s) + 1
                assert subset_rank(list(s), n, graded=True) == graded.index(s) + 1
    p = procgym.generate("combinatorics/combination_rank", seed=2, difficulty=12)
    assert p.check["count"] == subset_rank(p.check["subset"], p.check["n"], p.check["graded"])


# --------------------------------------------------------------------------- tilings

def brute_tilings(board, squares):
    h, w = len(board), len(board[0])
    free = {(r, c) for r in range(h) for c in range(w) if board[r][c] == "."}

    def go(left):
        if not left:
            return 1
        r, c = min(left)
        total = 0
        if squares:
            total += go(left - {(r, c)})
        for other in ((r, c + 1), (r + 1, c)):
            if other in left:
                total += go(left - {(r, c), other})
        return total

    return go(frozenset(free))


def test_tilings_known_values():
    assert count_tilings(["...."] * 2, False) == 5
    assert count_tilings(["...."] * 3, False) == 11
    assert count_tilings(["........"] * 8, False) == 12988816
    assert count_tilings(["..."] * 2, True) == 22  # a(n) = 3a(n-1) + a(n-2) - a(n-3): 1, 2, 7, 22
    assert count_tilings([".#", ".."], False) == 0


def test_tilings_match_brute_force():
    rng = random.Random(11)
    for _ in range(60):
        h, w = rng.randint(1, 4), rng.randint(1, 5)
        board = ["".join("#" if rng.random() < 0.2 else "." for _ in range(w)) for _ in range(h)]
        for squares in (False, True):
            assert count_tilings(board, squares) == brute_tilings(board, squares), board
    task = procgym.get("combinatorics/board_tilings")
    for seed in range(4):
        c = task.generate(seed=seed, difficulty=5).check
        assert c["count"] == brute_tilings(c["board"], c["squares"])


# --------------------------------------------------------------------------- strings avoiding blocks

def brute_strings(n, alphabet, forbidden, required=None):
    return sum(1 for t in itertools.product(alphabet, repeat=n)
               if not any(f in "".join(t) for f in forbidden) and (not required or required in "".join(t)))


def test_strings_known_values():
    assert count_strings(5, "AB", ["BB"]) == 13  # Fibonacci
    assert count_strings(4, "AB", ["AB"]) == 5  # B...BA...A
    assert count_strings(3, "AB", ["AAA"], "BB") == 3


def test_strings_match_brute_force():
    rng = random.Random(3)
    for _ in range(80):
        alphabet = "ABC"[:rng.randint(2, 3)]
        n = rng.randint(1, 8)
        forbidden = ["".join(rng.choice(alphabet) for _ in range(rng.randint(2, 4))) for _ in range(rng.randint(1, 3))]
        required = "".join(rng.choice(alphabet) for _ in range(2)) if rng.random() < 0.5 else None
        assert count_strings(n, alphabet, forbidden, required) == brute_strings(n, alphabet, forbidden, required)
    task = procgym.get("combinatorics/pattern_avoiding_strings")
    for seed in range(4):
        c = task.generate(seed=seed, difficulty=8).check
        if len(c["alphabet"]) ** c["n"] <= 200000:
            assert c["count"] == brute_strings(c["n"], c["alphabet"], c["forbidden"], c["required"])


# --------------------------------------------------------------------------- committees

def brute_committees(groups, size, rules, quota):
    people = sorted(m for members in groups.values() for m in members)
    total = 0
    for chosen in itertools.combinations(people, size):
        chosen = set(chosen)
        if not satisfied(chosen, rules):
            continue
        if quota and len(chosen & set(groups[quota[0]])) < quota[1]:
            continue
        total += 1
    return total


def test_committees_by_hand():
    groups = {"members": ["A", "B", "C", "D", "E"]}
    assert count_committees(groups, 3, [("apart", "A", "B")], None) == comb(5, 3) - 3
    assert count_committees(groups, 3, [("together", "A", "B")], None) == 3 + 1
    assert count_committees(groups, 2, [("needs", "A", "B"), ("out", "C", None)], None) == 1 + 3


def test_committee_problems_match_brute_force():
    for name_level in (2, 5, 9, 12):
        for seed in range(4):
            c = procgym.generate("combinatorics/committee_constraints", seed=seed, difficulty=name_level).check
            rules = [tuple(r) for r in c["rules"]]
            assert c["count"] == brute_committees(c["groups"], c["size"], rules, c["quota"])


# --------------------------------------------------------------------------- colourings

def brute_colourings(n, edges, k):
    return sum(1 for col in itertools.product(range(k), repeat=n) if all(col[u] != col[v] for u, v in edges))


def test_colourings_known_values():
    cycle4 = [(0, 1), (1, 2), (2, 3), (0, 3)]
    assert count_colourings(4, cycle4, 3) == 2 ** 4 + 2
    assert count_colourings(4, [(u, v) for u in range(4) for v in range(u + 1, 4)], 5) == 5 * 4 * 3 * 2
    assert count_colourings(3, [], 4) == 64


def test_colourings_match_brute_force():
    rng = random.Random(8)
    for _ in range(40):
        n = rng.randint(1, 7)
        edges = [(u, v) for u in range(n) for v in range(u + 1, n) if rng.random() < 0.5]
        for k in (1, 2, 3, 4):
            assert count_colourings(n, edges, k) == brute_colourings(n, edges, k)
    for seed in range(4):
        c = procgym.generate("combinatorics/graph_colourings", seed=seed, difficulty=7).check
        assert c["count"] == brute_colourings(c["n"], [tuple(e) for e in c["edges"]], c["k"])


# --------------------------------------------------------------------------- multinomial coefficients

def sympy_coefficient(terms, n, target):
    syms = sympy.symbols(" ".join(VARS[:len(target)]))
    syms = syms if isinstance(syms, tuple) else (syms,)
    poly = sum(c * sympy.Mul(*[s ** e for s, e in zip(syms, exps)]) for c, exps in terms)
    return sympy.Poly(sympy.expand(poly ** n), *syms).coeff_monomial(sympy.Mul(*[s ** e for s, e in zip(syms, target)]))


def test_multinomial_known_values():
    lin = [(1, (1, 0, 0)), (1, (0, 1, 0)), (1, (0, 0, 1))]
    assert coefficient(lin, 4, (2, 1, 1)) == 12
    assert coefficient([(2, (1, 0)), (-3, (0, 1))], 5, (2, 3)) == comb(5, 2) * 4 * -27
    assert coefficient([(1, (2,)), (1, (1,)), (1, (0,))], 3, (3,)) == 7  # trinomial coefficient


def test_multinomial_problems_match_sympy():
    task = procgym.get("combinatorics/multinomial_coefficients")
    for level in (2, 6, 9, 11):
        for seed in range(3):
            c = task.generate(seed=seed, difficulty=level).check
            terms = [(t[0], tuple(t[1])) for t in c["terms"]]
            assert c["count"] == sympy_coefficient(terms, c["n"], c["target"])


def test_multinomial_answer_is_signed_integer():
    p = next(q for q in (procgym.generate("combinatorics/multinomial_coefficients", seed=s, difficulty=6)
                         for s in range(40)) if q.check["count"] < 0)
    assert ok(p, p.answer) and not ok(p, p.answer.lstrip("-"))


# --------------------------------------------------------------------------- spaced selections

def brute_selections(n, k, gap, circle, broken=()):
    total = 0
    for chosen in itertools.combinations([s for s in range(1, n + 1) if s not in broken], k):
        gaps = [b - a - 1 for a, b in zip(chosen, chosen[1:])]
        if circle and k > 1:
            gaps.append(n - chosen[-1] + chosen[0] - 1)
        total += all(g >= gap for g in gaps)
    return total


def test_selections_closed_forms():
    for n in range(4, 16):
        for k in range(1, 5):
            for gap in (1, 2):
                assert count_selections(n, k, gap, False) == comb(max(0, n - (k - 1) * gap), k)
                if k >= 2 and n - gap * k - 1 >= 0:
                    assert count_selections(n, k, gap, True) * k == n * comb(n - gap * k - 1, k - 1)


def test_selections_match_brute_force():
    rng = random.Random(2)
    for _ in range(80):
        n = rng.randint(3, 12)
        k, gap = rng.randint(1, 4), rng.randint(1, 3)
        broken = sorted(rng.sample(range(1, n + 1), rng.randint(0, 2)))
        for circle in (False, True):
            assert count_selections(n, k, gap, circle, broken) == brute_selections(n, k, gap, circle, broken)
    for seed in range(4):
        c = procgym.generate("combinatorics/spaced_selections", seed=seed, difficulty=9).check
        assert c["count"] == brute_selections(c["n"], c["k"], c["gap"], c["circle"], c["broken"])


# --------------------------------------------------------------------------- subset sums

def brute_subsets(numbers, mode, value, size=None):
    total = 0
    for r in ([size] if size is not None else range(len(numbers) + 1)):
        for pick in itertools.combinations(range(len(numbers)), r):
            s = sum(numbers[i] for i in pick)
            total += (s % value == 0 if mode == "divisible" else s == value if mode == "equal" else s <= value)
    return total


def test_subset_sums_known_values():
    assert count_subsets([1, 2, 3, 4, 5], "divisible", 5) == 8  # roots of unity filter: (2^5 + 4 * 2) / 5
    assert count_subsets([1, 2, 3, 4, 5], "equal", 5) == 3  # {5}, {1, 4}, {2, 3}
    assert count_subsets([2, 2, 2], "equal", 4) == 3  # equal numbers on different cards
    assert count_subsets([1, 2, 3], "at_most", 3, size=2) == 1


def test_subset_sums_match_brute_force():
    rng = random.Random(4)
    for _ in range(100):
        numbers = [rng.randint(1, 12) for _ in range(rng.randint(1, 9))]
        mode = rng.choice(["divisible", "equal", "at_most"])
        value = rng.randint(2, 30)
        size = rng.choice([None, rng.randint(0, len(numbers))])
        assert count_subsets(numbers, mode, value, size) == brute_subsets(numbers, mode, value, size)
    for seed in range(4):
        c = procgym.generate("combinatorics/subset_sums", seed=seed, difficulty=8).check
        assert c["count"] == brute_subsets(c["numbers"], c["mode"], c["value"], c["size"])


# --------------------------------------------------------------------------- grid rectangles

def brute_rectangles(grid, squares):
    h, w = len(grid), len(grid[0])
    total = 0
    for r0, r1 in itertools.combinations_with_replacement(range(h), 2):
        for c0, c1 in itertools.combinations_with_replacement(range(w), 2):
            if squares and r1 - r0 != c1 - c0:
                continue
            total += all(grid[r][c] == "." for r in range(r0, r1 + 1) for c in range(c0, c1 + 1))
    return total


def test_rectangles_closed_forms():
    for h in range(1, 6):
        for w in range(1, 7):
            grid = ["." * w] * h
            assert count_rectangles(grid, False) == comb(h + 1, 2) * comb(w + 1, 2)
            assert count_rectangles(grid, True) == sum((h - s) * (w - s) for s in range(min(h, w)))
    assert count_rectangles(["...", ".#.", "..."], False) == 20  # 36 minus the 16 through the centre


def test_rectangles_match_brute_force():
    rng = random.Random(6)
    for _ in range(60):
        h, w = rng.randint(1, 6), rng.randint(1, 6)
        grid = ["".join("#" if rng.random() < 0.25 else "." for _ in range(w)) for _ in range(h)]
        for squares in (False, True):
            assert count_rectangles(grid, squares) == brute_rectangles(grid, squares)
    for seed in range(4):
        c = procgym.generate("combinatorics/grid_rectangles", seed=seed, difficulty=10).check
        assert c["count"] == brute_rectangles(c["grid"], c["squares"])

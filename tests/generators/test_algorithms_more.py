"""Per-task tests for the second batch of algorithms tasks: exact values on known instances,
accepted alternative valid answers (another witness, another form) and rejected near misses
(suboptimal, infeasible, unstable, off by one). Every reference solver is cross-checked against
brute force (or an independent re-implementation, for the traces)."""
import bisect
import itertools
import random

import pytest

import procgym
from procgym import Problem
from procgym.generators.algorithms._item_readers import read_groups
from procgym.generators.algorithms._sequences import is_subsequence
from procgym.generators.algorithms._subsets import count_subsets, fewest_terms, reach_tables, subset_for
from procgym.generators.algorithms import bin_packing
from procgym.generators.algorithms.bin_packing import first_fit, min_bins
from procgym.generators.algorithms.binary_search import search_trace
from procgym.generators.algorithms.max_subarray import circular_best, kadane
from procgym.generators.algorithms.palindromes import longest_palindrome_subsequence
from procgym.generators.algorithms.sorting import count_inversions, quicksort_steps, stable_passes
from procgym.generators.algorithms.subset_sums import best_partition, find_k_sum, greedy_partition
from answer_helpers import feedback, ok

NAMES = ["algorithms/subset_sum", "algorithms/k_sum", "algorithms/balanced_partition", "algorithms/bin_packing",
         "algorithms/inversion_count", "algorithms/stable_sort", "algorithms/quicksort_trace",
         "algorithms/binary_search_trace", "algorithms/maximum_subarray",
         "algorithms/longest_palindromic_subsequence"]


def record(name, check, answer="x"):
    """A hand-made problem record: verifying needs nothing else."""
    return Problem(name, 0, None, {}, "hand-made", answer, check)


def subsets(n):
    return (s for k in range(n + 1) for s in itertools.combinations(range(n), k))


# --------------------------------------------------------------------------- all ten

def test_these_ten_tasks_are_registered():
    assert set(NAMES) <= set(procgym.tasks("algorithms/*"))


@pytest.mark.parametrize("name", NAMES)
def test_every_level_generates_deterministically_and_verifies(name):
    for level in procgym.get(name).levels:
        for seed in range(4):
            p = procgym.generate(name, seed=seed, difficulty=level)
            assert p.to_dict() == procgym.generate(name, seed=seed, difficulty=level).to_dict()
            assert p.prompt.isascii() and all(c.isprintable() or c == "\n" for c in p.prompt)
            assert ok(p, p.answer), (level, seed, p.answer)


@pytest.mark.parametrize("name", NAMES)
def test_level_five_is_varied(name):
    assert len({procgym.generate(name, seed=s, difficulty=5).prompt for s in range(10)}) >= 8


@pytest.mark.parametrize("name", NAMES)
def test_garbage_is_rejected(name):
    for level in (3, 8):
        p = procgym.generate(name, seed=1, difficulty=level)
        for text in ("", "banana", "{}", "A=1", "(((", "1/0", "-1", p.answer + ";" + p.answer, "9" * 400):
            if text == "{}" and p.answer == "none":  # the empty set is a way to say none
                continue
            assert not ok(p, text), (level, text)


# --------------------------------------------------------------------------- shared helpers

def test_subset_tables_against_brute_force():
    rng = random.Random(1)
    for _ in range(150):
        values = [rng.randint(1, 12) for _ in range(rng.randint(1, 8))]
        tables, ways, fewest = reach_tables(values), count_subsets(values), fewest_terms(values)
        sums = {}
        for s in subsets(len(values)):
            t = sum(values[i] for i in s)
            sums.setdefault(t, []).append(len(s))
        for t in range(sum(values) + 2):
            witness = subset_for(values, tables, t)
            if t in sums:
                assert witness is not None and sum(values[i] for i in witness) == t
                assert ways[t] == len(sums[t]) and fewest[t] == min(sums[t])
            else:
                assert witness is None and (t > sum(values) or ways[t] == 0)


def test_read_groups_forms():
    items = set("ABCDE")
    assert read_groups("A,C; B; D,E", items) == [["A", "C"], ["B"], ["D", "E"]]
    assert read_groups("A,C | B | D,E", items) == [["A", "C"], ["B"], ["D", "E"]]
    assert read_groups("[A, C], [B], [D,E]", items) == [["A", "C"], ["B"], ["D", "E"]]
    assert read_groups("[[a,c],[b]]", items) == [["A", "C"], ["B"]]
    assert read_groups("Bin 1: A, C\nBin 2: B", items) == [["A", "C"], ["B"]]
    for bad in ("A,C; B | D,E", "A,C;; B", "A,C; B or D", "A,C; F", "[A,C],[B]]"):  # mixed separators, an
        with pytest.raises(ValueError):  # empty group, a hedge, an unknown item, unbalanced brackets
            read_groups(bad, items)


# --------------------------------------------------------------------------- subset sum

def test_subset_sum_accepts_any_subset_and_rejects_others():
    p = record("algorithms/subset_sum", {"numbers": [3, 34, 4, 12, 5, 2], "target": 9, "reachable": True})
    for text in ("4,5", "3,4,2", "[2, 3, 4]", "5 4", "4 + 5", "{4; 5}"):
        assert ok(p, text), text
    assert "add up to 7" in feedback(p, "3,4")
    assert "used more often" in feedback(p, "3,3,3")
    assert "reach" in feedback(p, "none")
    for text in ("3,4", "9", "3,3,3", "none", "4,5,0", "4.5", "a,b"):
        assert not ok(p, text), text


def test_subset_sum_duplicates_and_none():
    p = record("algorithms/subset_sum", {"numbers": [7, 7, 3], "target": 14, "reachable": True})
    assert ok(p, "7,7") and not ok(p, "7,7,7,-7") and not ok(p, "14")
    q = record("algorithms/subset_sum", {"numbers": [4, 6, 10], "target": 5, "reachable": False})
    for text in ("none", "None.", "no subset", "impossible", "{}"):
        assert ok(q, text), text
    for text in ("5", "4,1", "4,6", "0"):
        assert not ok(q, text), text


def test_subset_sum_generated_answers_match_brute_force():
    task = procgym.get("algorithms/subset_sum")
    nones = 0
    for level in (3, 5, 7):
        for seed in range(15):
            c = task.generate(seed=seed, difficulty=level).check
            values = c["numbers"]
            brute = any(sum(values[i] for i in s) == c["target"] for s in subsets(len(values)))
            assert brute == c["reachable"]
            nones += not brute
    assert nones >= 5  # unreachable targets do come up


def test_subset_sum_levels_ramp():
    task = procgym.get("algorithms/subset_sum")
    assert len(task.generate(seed=0, difficulty=1).check["numbers"]) == 4
    assert len(task.generate(seed=0, difficulty=10).check["numbers"]) == 13
    # at level 9 a reachable target needs at least four numbers and one subset reaches it
    for seed in range(10):
        c = task.generate(seed=seed, difficulty=9).check
        if c["reachable"]:
            hits = [s for s in subsets(len(c["numbers"])) if sum(c["numbers"][i] for i in s) == c["target"]]
            assert min(len(s) for s in hits) >= 4


# --------------------------------------------------------------------------- k-sum

def test_k_sum_solver_against_brute_force():
    assert find_k_sum([2, 7, 11, 15], 2, 9) == [0, 1]
    assert find_k_sum([5, 1, 3], 2, 10) is None  # 5 + 5 would reuse a position
    rng = random.Random(2)
    for _ in range(300):
        values = [rng.randint(-9, 9) for _ in range(rng.randint(2, 8))]
        k = rng.randint(2, min(4, len(values)))
        target = rng.randint(-15, 15)
        brute = any(sum(values[i] for i in s) == target for s in itertools.combinations(range(len(values)), k))
        got = find_k_sum(values, k, target)
        assert (got is not None) == brute
        if got:
            assert len(set(got)) == k and sum(values[i] for i in got) == target


def test_k_sum_accepts_any_valid_positions_and_rejects_reuse():
    p = record("algorithms/k_sum", {"numbers": [5, 3, 7, 1, 9], "k": 2, "target": 10})
    for text in ("2,3", "3, 2", "4,5", "[5, 4]", "positions: 2 3"):
        assert ok(p, text), text
    assert "more than once" in feedback(p, "1,1")
    assert "not a position" in feedback(p, "0,1")
    assert "exactly 2" in feedback(p, "2,3,4")
    for text in ("1,1", "0,1", "1,2", "2,3,4", "3", "5,3", "2,3.5"):
        assert not ok(p, text), text
    q = record("algorithms/k_sum", {"numbers": [4, -2, 4, 6, 0], "k": 3, "target": 8})
    assert ok(q, "1,3,5") and ok(q, "2,3,4") and not ok(q, "1,1,5") and not ok(q, "1,3")


def test_k_sum_levels_ramp():
    task = procgym.get("algorithms/k_sum")
    assert task.generate(seed=0, difficulty=1).check["k"] == 2
    high = task.generate(seed=0, difficulty=10).check
    assert high["k"] == 4 and len(high["numbers"]) == 20
    # with the reuse trap, some value counted twice (plus others) hits the target
    traps = 0
    for seed in range(10):
        c = task.generate(seed=seed, difficulty=3).check
        vals = c["numbers"]
        traps += any(2 * v == c["target"] and vals.count(v) == 1 for v in vals)
    assert traps >= 7


# --------------------------------------------------------------------------- balanced partition

def test_partition_solver_against_brute_force():
    assert best_partition([3, 3, 2, 2, 2]) == (0, [0, 1]) and greedy_partition([3, 3, 2, 2, 2]) == 2
    assert best_partition([10, 1, 1, 8])[0] == 0 and best_partition([10, 1, 1, 8], balanced=True)[0] == 2
    rng = random.Random(3)
    for _ in range(200):
        values = [rng.randint(1, 20) for _ in range(rng.randint(1, 8))]
        n, total = len(values), sum(values)
        for balanced in (False, True):
            brute = min(abs(total - 2 * sum(values[i] for i in s)) for s in subsets(n)
                        if not balanced or abs(n - 2 * len(s)) <= 1)
            diff, group = best_partition(values, balanced)
            assert diff == brute == abs(total - 2 * sum(values[i] for i in group))
            assert len(set(group)) == len(group) and (not balanced or abs(n - 2 * len(group)) <= 1)


def test_partition_accepts_either_group_and_rejects_suboptimal():
    p = record("algorithms/balanced_partition", {"numbers": [3, 3, 2, 2, 2], "best": 0, "balanced": False})
    for text in ("0; 3, 3", "0; 2,2,2", "difference = 0; group: 3 3", "0\n2, 2, 2", "0 | 3,3"):
        assert ok(p, text), text
    assert "not the smallest" in feedback(p, "2; 3, 2, 2")
    assert "not 1" in feedback(p, "1; 3, 3")
    assert "used more often" in feedback(p, "0; 3, 3, 3")
    for text in ("2; 3, 2, 2", "1; 3, 3", "0; 3, 3, 3", "0", "3,3", "0; 6", "-0; 3, 3, 1"):
        assert not ok(p, text), text
    q = record("algorithms/balanced_partition", {"numbers": [10, 1, 1, 8], "best": 2, "balanced": True})
    assert ok(q, "2; 10, 1") and ok(q, "2; 1, 8") and ok(q, "2; 8, 1")
    assert "sizes" in feedback(q, "0; 10")
    assert not ok(q, "0; 10") and not ok(q, "0; 1, 1, 8") and not ok(q, "16; 10, 8")


def test_partition_levels_ramp():
    task = procgym.get("algorithms/balanced_partition")
    for seed in range(8):
        c = task.generate(seed=seed, difficulty=5).check
        assert greedy_partition(c["numbers"]) > c["best"]
        assert task.generate(seed=seed, difficulty=9).check["balanced"]


# --------------------------------------------------------------------------- bin packing

def brute_bins(sizes, cap):
    """The fewest bins over every assignment of items to bins."""
    n = len(sizes)
    for k in range(1, n + 1):
        for assign in itertools.product(range(k), repeat=n):
            loads = [0] * k
            for i, b in enumerate(assign):
                loads[b] += sizes[i]
            if max(loads) <= cap:
                return k
    return n


def test_bin_packing_solver_against_brute_force():
    assert len(first_fit([4, 5, 6, 5], 10)) == 3 and len(min_bins([4, 5, 6, 5], 10)) == 2
    rng = random.Random(4)
    for _ in range(150):
        cap = rng.randint(5, 15)
        sizes = [rng.randint(1, cap) for _ in range(rng.randint(1, 6))]
        packing = min_bins(sizes, cap)
        assert len(packing) == brute_bins(sizes, cap)
        assert sorted(i for b in packing for i in b) == list(range(len(sizes)))
        assert all(sum(sizes[i] for i in b) <= cap for b in packing)


def test_bin_packing_accepts_any_optimal_packing_and_rejects_others():
    p = record("algorithms/bin_packing", {"sizes": {"A": 4, "B": 5, "C": 6, "D": 5}, "capacity": 10, "bins": 2})
    for text in ("A,C; B,D", "B,D; C,A", "[A,C],[B,D]", "Bin 1: A, C\nBin 2: B, D", "a,c | b,d", "{A C} {B D}"):
        assert ok(p, text), text
    assert "fewer are enough" in feedback(p, "A,B; C; D")
    assert "more than the capacity" in feedback(p, "A,B,C; D")
    assert "not packed" in feedback(p, "A,C; B")
    assert "more than once" in feedback(p, "A,C; B,D,A")
    for text in ("A,B; C; D", "A,B,C; D", "A,C; B", "A,C; B,D,A", "A,C; B,D,E", "A,B,C,D", "2"):
        assert not ok(p, text), text


def test_bin_packing_levels_ramp():
    task = procgym.get("algorithms/bin_packing")
    for seed in range(6):
        c = task.generate(seed=seed, difficulty=8).check
        sizes = list(c["sizes"].values())
        assert sum(sizes) == c["bins"] * c["capacity"]  # perfect: every bin full
        assert len(first_fit(sizes, c["capacity"])) > c["bins"]  # first fit in the listed order wastes a bin


# --------------------------------------------------------------------------- inversions

def test_inversions_against_brute_force():
    assert count_inversions([3, 1, 2]) == 2 and count_inversions([2, 2, 1]) == 2 and count_inversions([1, 1]) == 0
    rng = random.Random(5)
    for _ in range(300):
        seq = [rng.randint(-4, 4) for _ in range(rng.randint(0, 12))]
        brute = sum(seq[i] > seq[j] for i, j in itertools.combinations(range(len(seq)), 2))
        assert count_inversions(seq) == brute


def test_inversions_grading():
    p = record("algorithms/inversion_count", {"count": 2})
    for text in ("2", "2.", " 2 ", "2.0"):
        assert ok(p, text), text
    for text in ("3", "1", "-2", "two", "2/1"):  # 3 counts the tie in 2,2,1 as an inversion
        assert not ok(p, text), text


def test_inversion_kinds_and_levels():
    task = procgym.get("algorithms/inversion_count")
    kinds = {task.generate(seed=s, difficulty=6).params["kind"] for s in range(12)}
    assert kinds == {"pairs", "bubble"}
    assert "Bubble sort" in task.generate(seed=0, difficulty=6, kind="bubble").prompt


# --------------------------------------------------------------------------- stable sort

def test_stable_passes_match_composite_key():
    recs = [{"score": 2}, {"score": 1}, {"score": 2}, {"score": 1}]
    assert stable_passes(recs, [("score", False)]) == [1, 3, 0, 2]
    assert stable_passes(recs, [("score", True)]) == [0, 2, 1, 3]  # not the reversed ascending order
    rng = random.Random(6)
    for _ in range(200):
        fields = ["score", "age", "level"]
        recs = [{f: rng.randint(1, 3) for f in fields} for _ in range(rng.randint(1, 9))]
        plan = [(f, rng.random() < 0.5) for f in rng.sample(fields, rng.randint(1, 3))]
        composite = sorted(range(len(recs)), key=lambda i: tuple(
            [-recs[i][f] if d else recs[i][f] for f, d in reversed(plan)] + [i]))
        assert stable_passes(recs, plan) == composite


def test_stable_sort_rejects_unstable_order():
    check = {"records": {"A": [2, 5, 1], "B": [1, 3, 1], "C": [2, 1, 1], "D": [1, 4, 1]},
             "fields": ["score", "age", "level"], "plan": [["score", True]], "order": ["A", "C", "B", "D"]}
    p = record("algorithms/stable_sort", check)
    for text in ("A,C,B,D", "a, c, b, d", "[A, C, B, D]", "A C B D"):
        assert ok(p, text), text
    assert "stable" in feedback(p, "C,A,D,B")
    assert "not sorted" in feedback(p, "B,D,A,C")
    assert "exactly once" in feedback(p, "A,C,B")
    for text in ("C,A,D,B", "A,C,D,B", "B,D,A,C", "A,C,B", "A,C,B,D,D", "A,C,B,E"):
        assert not ok(p, text), text


def test_stable_sort_levels_ramp():
    task = procgym.get("algorithms/stable_sort")
    assert len(task.generate(seed=0, difficulty=1).check["plan"]) == 1
    assert len(task.generate(seed=0, difficulty=9).check["plan"]) == 3
    for seed in range(10):  # the answer always depends on stability
        c = task.generate(seed=seed, difficulty=5).check
        keys = [tuple(c["records"][x][c["fields"].index(f)] for f, _ in c["plan"]) for x in c["order"]]
        assert len(set(keys)) < len(keys)


# --------------------------------------------------------------------------- quicksort

def quicksort_reference(arr, rule):
    """An independent, iterative re-implementation of the stated quicksort (explicit stack)."""
    a, states, stack = list(arr), [], [(0, len(arr) - 1)]
    while stack:
        lo, hi = stack.pop()
        if hi <= lo:
            continue
        mid = (lo + hi) // 2
        if rule == "first":
            p = lo
        elif rule == "middle":
            p = mid
        elif rule == "median3":
            m = sorted([a[lo], a[mid], a[hi]])[1]
            p = lo if a[lo] == m else mid if a[mid] == m else hi
        else:
            p = hi
        a[p], a[hi] = a[hi], a[p]
        pivot, i = a[hi], lo
        for j in range(lo, hi):
            if a[j] < pivot:
                a[i], a[j] = a[j], a[i]
                i += 1
        a[i], a[hi] = a[hi], a[i]
        assert all(x < pivot for x in a[lo:i]) and all(x >= pivot for x in a[i + 1:hi + 1])
        states.append(list(a))
        stack.append((i + 1, hi))
        stack.append((lo, i - 1))
    return states


def test_quicksort_steps_exact_and_against_reference():
    assert quicksort_steps([3, 1, 2], "last") == [[1, 2, 3]]
    assert quicksort_steps([4, 3, 5, 1, 2], "last") == [[1, 2, 5, 4, 3], [1, 2, 3, 4, 5], [1, 2, 3, 4, 5]]
    assert quicksort_steps([4, 3, 5, 1, 2], "first")[0] == [2, 3, 1, 4, 5]
    rng = random.Random(7)
    for _ in range(300):
        arr = [rng.randint(1, 6) for _ in range(rng.randint(1, 10))]
        for rule in ("last", "first", "middle", "median3"):
            states = quicksort_steps(arr, rule)
            assert states == quicksort_reference(arr, rule)
            assert (states[-1] if states else arr) == sorted(arr)


def test_quicksort_trace_grading():
    p = record("algorithms/quicksort_trace", {"array": [4, 3, 5, 1, 2], "after": [1, 2, 5, 4, 3], "step": 1})
    for text in ("1,2,5,4,3", "[1, 2, 5, 4, 3]", "1 2 5 4 3"):
        assert ok(p, text), text
    assert "rearrangement" in feedback(p, "1,2,5,4")
    assert "partition step 1" in feedback(p, "1,2,3,4,5")
    for text in ("1,2,3,4,5", "1,2,5,4", "2,3,1,4,5", "4,3,5,1,2", "1,2,5,3,4"):
        assert not ok(p, text), text


def test_quicksort_levels_ramp():
    task = procgym.get("algorithms/quicksort_trace")
    assert task.generate(seed=0, difficulty=1).params["pivot"] == "last"
    assert task.generate(seed=0, difficulty=10).params["pivot"] == "median3"
    for seed in range(10):
        c = task.generate(seed=seed, difficulty=7).check
        assert c["after"] != sorted(c["array"]) and c["after"] != c["array"]


# --------------------------------------------------------------------------- binary search

def test_search_trace_exact_and_against_bisect():
    assert search_trace([1, 3, 5, 7, 9, 11], 9, "exact", False) == ([2, 4], 4)
    assert search_trace([1, 3, 5, 7, 9, 11], 9, "exact", True) == ([3, 5, 4], 4)
    assert search_trace([1, 2, 2, 2, 3], 2, "lower", False) == ([2, 0, 1], 1)
    assert search_trace([1, 2, 2, 2, 3], 2, "upper", False) == ([2, 3, 4], 4)
    rng = random.Random(8)
    for _ in range(500):
        arr = sorted(rng.randint(1, 12) for _ in range(rng.randint(1, 20)))
        target, ceil_mid = rng.randint(0, 13), rng.random() < 0.5
        probes, found = search_trace(arr, target, "exact", ceil_mid)
        assert (found >= 0) == (target in arr) and (found < 0 or arr[found] == target)
        assert search_trace(arr, target, "lower", ceil_mid)[1] == bisect.bisect_left(arr, target)
        assert search_trace(arr, target, "upper", ceil_mid)[1] == bisect.bisect_right(arr, target)
        assert len(probes) <= len(arr).bit_length()


def test_binary_search_grading():
    p = record("algorithms/binary_search_trace", {"probes": [2, 4], "n": 6})
    for text in ("2,4", "2, 4", "[2, 4]", "2 4"):
        assert ok(p, text), text
    assert "Probe 1" in feedback(p, "3,5,4")
    assert "more probes" in feedback(p, "2")
    assert "0 to 5" in feedback(p, "2,6")
    for text in ("3,5,4", "3,5", "2", "2,4,4", "2,6", "4,2"):  # ceil rule, 1-based, short, long, reversed
        assert not ok(p, text), text


def test_binary_search_levels_ramp():
    task = procgym.get("algorithms/binary_search_trace")
    assert task.generate(seed=0, difficulty=1).params["variant"] == "exact"
    variants = {task.generate(seed=s, difficulty=9).params["variant"] for s in range(10)}
    assert variants == {"lower", "upper"}
    assert "rounded up" in task.generate(seed=0, difficulty=10).prompt


# --------------------------------------------------------------------------- maximum subarray

def test_max_subarray_against_brute_force():
    assert kadane([-2, 1, -3, 4, -1, 2, 1, -5, 4]) == (6, 3, 6)
    assert circular_best([3, -5, 3]) == (6, 2, 0) and kadane([-3, -1, -2]) == (-1, 1, 1)
    rng = random.Random(9)
    for _ in range(400):
        a = [rng.randint(-9, 9) for _ in range(rng.randint(1, 9))]
        n = len(a)
        linear = max(sum(a[i:j + 1]) for i in range(n) for j in range(i, n))
        ring = max(sum(a[(i + t) % n] for t in range(length)) for i in range(n) for length in range(1, n + 1))
        best, i, j = kadane(a)
        assert best == linear == sum(a[i:j + 1])
        best, i, j = circular_best(a)
        run = a[i:j + 1] if i <= j else a[i:] + a[:j + 1]
        assert best == ring == sum(run) and len(run) <= n


def test_max_subarray_accepts_any_optimal_run():
    p = record("algorithms/maximum_subarray", {"array": [3, -5, 3], "best": 3, "circular": False})
    for text in ("3; 1, 1", "3; 3, 3", "3; 3-3", "sum = 3; positions 1 to 1", "3\n1 1", "3; [3, 3]"):
        assert ok(p, text), text
    assert "do not form a run" in feedback(p, "6; 3, 1")
    assert "not the largest" in feedback(p, "1; 1, 3")
    assert "not 4" in feedback(p, "4; 1, 1")
    for text in ("6; 3, 1", "1; 1, 3", "4; 1, 1", "3", "1, 1", "3; 0, 0", "3; 2, 4", "3; 1"):
        assert not ok(p, text), text
    q = record("algorithms/maximum_subarray", {"array": [3, -5, 3], "best": 6, "circular": True})
    assert ok(q, "6; 3, 1") and ok(q, "6; 3-1") and not ok(q, "3; 1, 1") and not ok(q, "6; 1, 3")
    r = record("algorithms/maximum_subarray", {"array": [-2, 1, -3, 4, -1, 2, 1, -5, 4], "best": 6,
                                              "circular": False})
    assert ok(r, "6; 4, 7") and not ok(r, "5; 4, 6") and not ok(r, "6; 3, 6")


def test_max_subarray_levels_ramp():
    task = procgym.get("algorithms/maximum_subarray")
    assert not task.generate(seed=0, difficulty=1).check["circular"]
    for seed in range(8):
        c = task.generate(seed=seed, difficulty=9).check
        assert c["circular"] and c["best"] > kadane(c["array"])[0]  # the best run wraps


# --------------------------------------------------------------------------- palindromes

def test_palindrome_solver_against_brute_force():
    assert len(longest_palindrome_subsequence("BBABCBCAB")) == 7
    rng = random.Random(10)
    for _ in range(200):
        s = "".join(rng.choice("ABC") for _ in range(rng.randint(1, 10)))
        brute = max(k for k in range(1, len(s) + 1) for t in itertools.combinations(s, k) if t == t[::-1])
        got = longest_palindrome_subsequence(s)
        assert len(got) == brute and got == got[::-1] and is_subsequence(got, s)


def test_palindrome_accepts_any_longest_and_rejects_near_misses():
    p = record("algorithms/longest_palindromic_subsequence", {"string": "BBABCBCAB", "length": 7})
    for text in ("BABCBAB", "BACBCAB", "babcbab", "B,A,B,C,B,A,B", "'BACBCAB'"):
        assert ok(p, text), text
    assert "not a palindrome" in feedback(p, "BABCBCAB")
    assert "not the longest" in feedback(p, "BBCBB")
    assert "not a subsequence" in feedback(p, "BAACAAB")
    for text in ("BABCBCAB", "BBCBB", "BAACAAB", "BCBCB", "", "B1B"):
        assert not ok(p, text), text


# --------------------------------------------------------------------------- levels past 10

def test_bin_packing_search_has_a_budget_and_a_fallback(monkeypatch):
    sizes = [3, 3, 2, 2, 2, 2]  # first-fit decreasing needs 3 bins of 7; two are enough
    assert len(min_bins(sizes, 7)) == 2
    with pytest.raises(bin_packing.SearchTooLong):
        min_bins(sizes, 7, budget=1)
    tally = [0]
    min_bins(sizes, 7, tally=tally)
    assert tally[0] > 0
    real = bin_packing.min_bins

    def always_too_long(sizes, capacity, budget=None, tally=None):
        if budget is not None:
            raise bin_packing.SearchTooLong
        return real(sizes, capacity, budget, tally)

    monkeypatch.setattr(bin_packing, "min_bins", always_too_long)
    for seed in range(3):  # no instance could be searched: every item takes more than half a bin
        p = procgym.generate("algorithms/bin_packing", seed=seed, difficulty=20)
        c = p.check
        assert all(2 * s > c["capacity"] for s in c["sizes"].values()) and c["bins"] == len(c["sizes"])
        assert ok(p, p.answer)


def test_bin_packing_level_twenty_is_optimal():
    task = procgym.get("algorithms/bin_packing")
    for seed in range(4):
        c = task.generate(seed=seed, difficulty=20).check
        assert len(c["sizes"]) == 24
        assert c["bins"] == -(-sum(c["sizes"].values()) // c["capacity"])  # perfect pieces: every bin full


def test_binary_search_level_twenty_halves_nine_times():
    task = procgym.get("algorithms/binary_search_trace")
    for seed in range(6):
        p = task.generate(seed=seed, difficulty=20)
        assert p.params["length"] == 2 ** 9 - 1 and p.params["variant"] in ("lower", "upper")
        assert len(p.check["probes"]) == 9 == task.effort(p)  # every halving of 511 takes nine probes


def test_stable_sort_past_three_passes_reuses_fields():
    task = procgym.get("algorithms/stable_sort")
    for seed in range(6):
        c = task.generate(seed=seed, difficulty=20).check
        fields = [f for f, _ in c["plan"]]
        assert len(fields) == 5 and set(fields) == set(c["fields"])
        assert all(a != b for a, b in zip(fields, fields[1:]))  # never the same field twice in a row
        names = list(c["records"])
        records = [dict(zip(c["fields"], c["records"][x])) for x in names]
        assert [names[i] for i in stable_passes(records, [tuple(step) for step in c["plan"]])] == c["order"]


def test_search_counts_behind_the_effort_measures():
    tally = [0]
    assert find_k_sum([2, 7, 11, 15], 2, 9, tally) == [0, 1] and tally[0] == 2
    sizes = []
    quicksort_steps([3, 1, 2], "last", sizes)
    assert sizes == [3]
    quicksort_steps([4, 3, 2, 1], "last", sizes)
    assert sizes == [3, 4, 3, 2]

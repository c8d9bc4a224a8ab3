"""Answer reading for the algorithms tasks, on procgym.kit's strict readers: the forms a strong
model writes are accepted, and the near misses are refused: hedges and negations, a second
candidate, leftover words, unknown or swapped labels, two numbers where one is asked, a label on
the wrong part. Hand-made records: verifying needs nothing else."""
import pytest

from procgym import Problem
from procgym.generators.algorithms._item_readers import read_int_list, read_item_names, read_positions, read_range
from procgym.generators.algorithms._sequences import read_letters
from answer_helpers import feedback, ok


def record(name, check):
    return Problem(name, 0, None, {}, "hand-made", "x", check)


KNAPSACK = record("algorithms/knapsack", {"items": {"A": [3, 4], "B": [4, 5], "C": [2, 3]}, "capacity": 5, "best": 7})
INTERVALS = record("algorithms/interval_scheduling", {"intervals": {"A": [0, 2, 1], "B": [2, 4, 1], "C": [1, 3, 1]},
                                                      "best": 2})
JOBS = record("algorithms/job_sequencing", {"jobs": {"A": [2, 30], "B": [1, 20], "C": [1, 10]}, "best": 50})
COUNT = record("algorithms/inversion_count", {"count": 17})
STABLE = record("algorithms/stable_sort", {"records": {"A": [1], "B": [2], "C": [1]}, "fields": ["score"],
                                           "plan": [["score", False]], "order": ["A", "C", "B"]})
QUICK = record("algorithms/quicksort_trace", {"array": [3, 1, 2], "after": [1, 2, 3], "step": 1})
PROBES = record("algorithms/binary_search_trace", {"probes": [4, 1, 2], "n": 9})
COINS = record("algorithms/coin_change", {"coins": [1, 5, 10], "amount": 16, "fewest": 3})
WAYS = record("algorithms/coin_change", {"ways": 17})
EDIT = record("algorithms/edit_distance", {"distance": 17})
SCRIPT = record("algorithms/edit_distance", {"source": "cat", "target": "cut", "distance": 1})
BITS = record("algorithms/huffman_coding", {"bits": 17})
CODE = record("algorithms/huffman_coding", {"freqs": {"A": 3, "B": 1, "C": 1}, "bits": 7})
CHAIN = record("algorithms/matrix_chain", {"dims": [10, 30, 5, 60], "cost": 4500})
SUBARRAY = record("algorithms/maximum_subarray", {"array": [-2, 5, 4, -9], "best": 9, "circular": False})
LIS = record("algorithms/longest_increasing_subsequence", {"sequence": [3, 1, 4, 2, 5], "length": 3})
LCS = record("algorithms/longest_common_subsequence", {"a": "ABCB", "b": "BCAB", "length": 3})
LPS = record("algorithms/longest_palindromic_subsequence", {"string": "ABCBD", "length": 3})
MATCHING = record("algorithms/stable_matching", {"applicants": {"A": ["1", "2"], "B": ["1", "2"]},
                                                 "firms": {"1": ["A", "B"], "2": ["A", "B"]}})
SUBSET = record("algorithms/subset_sum", {"numbers": [3, 4, 5, 9], "target": 9, "reachable": True})
NO_SUBSET = record("algorithms/subset_sum", {"numbers": [4, 6], "target": 5, "reachable": False})
KSUM = record("algorithms/k_sum", {"numbers": [5, 3, 7, 1, 9], "k": 2, "target": 10})
PARTITION = record("algorithms/balanced_partition", {"numbers": [3, 1, 1, 2, 2, 1], "best": 0, "balanced": False})
BINS = record("algorithms/bin_packing", {"sizes": {"A": 4, "B": 3, "C": 3, "D": 2}, "capacity": 6, "bins": 2})


@pytest.mark.parametrize("problem,text", [
    (KNAPSACK, "A,C"), (KNAPSACK, "c, a"), (KNAPSACK, "{A; C}"), (KNAPSACK, "C A"),
    (INTERVALS, "A, B"), (INTERVALS, "[B, A]"),
    (JOBS, "50; B, A"), (JOBS, "total profit: 50; schedule: B, A"), (JOBS, "schedule: B,A; profit = 50"),
    (JOBS, "50\nB, A"), (JOBS, "50; B A"),
    (COUNT, "17"), (COUNT, "$17$"), (STABLE, "A, C, B"), (QUICK, "[1, 2, 3]"), (QUICK, "1 2 3"),
    (PROBES, "4, 1, 2"), (PROBES, "4; 1; 2"), (COINS, "10, 5, 1"), (COINS, "10 + 5 + 1"), (WAYS, "17"),
    (EDIT, "17"), (SCRIPT, "sub 2 u"), (SCRIPT, "substitute 2 u"), (SCRIPT, "replace(2 u)"),
    (BITS, "17"), (CODE, "A=0, B=10, C=11"), (CODE, "C: 10; B: 11; A: 0"), (CODE, "A -> 1\nB -> 00\nC -> 01"),
    (CODE, "{A = 0, B = 10, C = 11}"),
    (CHAIN, "(AB)C"), (CHAIN, "((AB)C)"), (CHAIN, "(A x B) x C"),
    (SUBARRAY, "9; 2, 3"), (SUBARRAY, "9; 2-3"), (SUBARRAY, "9; positions 2 to 3"), (SUBARRAY, "sum: 9; range: 2..3"),
    (SUBARRAY, "positions: 2, 3; sum = 9"),
    (LIS, "3, 4, 5"), (LIS, "[1, 2, 5]"), (LCS, "BCB"), (LCS, "bcb"), (LCS, "B, C, B"), (LPS, "BCB"), (LPS, "B C B"),
    (MATCHING, "A-1, B-2"), (MATCHING, "B->2, A->1"), (MATCHING, "(A, 1), (B, 2)"), (MATCHING, "A=1 B=2"),
    (SUBSET, "9"), (SUBSET, "4, 5"), (SUBSET, "4 + 5"), (NO_SUBSET, "none"), (NO_SUBSET, "No subset"),
    (KSUM, "2, 3"), (KSUM, "positions: 5, 4"), (KSUM, "[3, 2]"),
    (PARTITION, "0; 3, 2"), (PARTITION, "difference: 0; group: 2, 3"), (PARTITION, "group: 2, 2, 1; difference = 0"),
    (BINS, "A, D; B, C"), (BINS, "[A, D], [B, C]"), (BINS, "Bin 1: A, D\nBin 2: B, C"), (BINS, "C,B | D,A"),
])
def test_algorithm_answers_accepted(problem, text):
    assert ok(problem, text), feedback(problem, text)


@pytest.mark.parametrize("problem,text", [
    (KNAPSACK, "A,C or B"), (KNAPSACK, "not A,C"), (KNAPSACK, "A,C I think"), (KNAPSACK, "A,C\nB"), (KNAPSACK, "A,,C"),
    (KNAPSACK, "none"), (INTERVALS, "A, B, maybe C"),
    (JOBS, "50; B, A or A, B"), (JOBS, "schedule: 50; profit: B, A"), (JOBS, "50 or 40; B, A"), (JOBS, "50"),
    (JOBS, "50; B, X"), (JOBS, "50; B, A, I think"),
    (COUNT, "0, 17"), (COUNT, "1 7"), (COUNT, "1\n7"), (COUNT, "x != 17"), (COUNT, "3x + 1 = 17"), (COUNT, "17 or 18"),
    (COUNT, "17 (not sure)"), (WAYS, "-17"), (EDIT, "about 17"), (BITS, "17 bits or so"),
    (STABLE, "A, C, B or C, A, B"), (QUICK, "1, 2, 3 or 2, 1, 3"), (QUICK, "1, 2, 3?"), (PROBES, "4, 1, 2, or 4, 1"),
    (COINS, "10, 5, 1 maybe"), (COINS, "10, 5, 1\n5, 5, 5, 1"),
    (SCRIPT, "sub 2 u or del 2"), (SCRIPT, "sub 2 u, I think"), (SCRIPT, "sub 2 u,, del 4"),
    (CODE, "A=0, B=10, C=11 or A=1"), (CODE, "A=0, B=10"), (CODE, "A=0, B=10, C=11, A=1"), (CODE, "A=0, B=10, C=12"),
    (CODE, "A != 0, B=10, C=11"),
    (CHAIN, "(AB)C or A(BC)"), (CHAIN, "(AB)C maybe"),
    (SUBARRAY, "range: 9; sum: 2, 3"), (SUBARRAY, "9; 2, 3 or 2, 4"), (SUBARRAY, "9"), (SUBARRAY, "9 or 10; 2, 3"),
    (SUBARRAY, "9; 2, 3 I think"),
    (LIS, "3, 4, 5 or 1, 2, 5"), (LCS, "BCB or BAB"), (LCS, "BCB I think"), (LPS, "BCB, maybe"), (LPS, "not BCB"),
    (MATCHING, "A-1, B-2 or A-2, B-1"), (MATCHING, "A-1, B-2, I think"), (MATCHING, "A-1,, B-2"),
    (SUBSET, "4, 5 or 9"), (SUBSET, "none"), (NO_SUBSET, "none or 4"), (NO_SUBSET, ""),
    (KSUM, "2, 3 or 4, 5"), (KSUM, "2 3?"), (KSUM, "indices: 2, 3, maybe"),
    (PARTITION, "group: 0; difference: 3, 2"), (PARTITION, "0; 3, 2 or 2, 2, 1"), (PARTITION, "0"),
    (BINS, "A, D; B, C or A, B; C, D"), (BINS, "A, D;; B, C"), (BINS, "A, D; B, C; maybe"),
])
def test_algorithm_near_misses_refused(problem, text):
    assert not ok(problem, text), text


def test_algorithm_readers():
    names = set("ABCD")
    assert read_item_names("a, C; d", names) == ["A", "C", "D"]
    assert read_int_list("[3, 5, -2]") == [3, 5, -2] and read_int_list("3 5 -2") == [3, 5, -2]
    assert read_int_list("4 + 5", ",;+") == [4, 5]
    assert read_positions("3, 7", 10) == [3, 7]
    assert read_range("3 to 7") == (3, 7) and read_range("[3, 7]") == (3, 7) and read_range("from 3 to 7") == (3, 7)
    assert read_letters("A, B, A") == "ABA" and read_letters("(abc)") == "ABC"
    for bad in ("A, B or C", "A, X", "A,,B", "A, B, I think"):
        with pytest.raises(ValueError):
            read_item_names(bad, names)
    for bad in ("3, 5 or 7", "3,,5", "3, x", "3, 5,"):
        with pytest.raises(ValueError):
            read_int_list(bad)
    with pytest.raises(ValueError):
        read_positions("0, 3", 10)
    for bad in ("3, 7, 9", "3 or 7", "3"):
        with pytest.raises(ValueError):
            read_range(bad)
    for bad in ("AB CD", "A1B", "ABA or ABA"):
        with pytest.raises(ValueError):
            read_letters(bad)

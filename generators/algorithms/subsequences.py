"""Subsequence optimisation: the longest increasing subsequence of a sequence and the longest
common subsequence of two strings. Any optimal subsequence is correct."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._item_readers import read_int_list
from ._sequences import is_subsequence, read_letters


def longest_increasing(seq: list[int]) -> list[int]:
    """One longest strictly increasing subsequence, by the O(n^2) dynamic program with predecessors."""
    if not seq:
        return []
    length, prev = [1] * len(seq), [-1] * len(seq)
    for j in range(len(seq)):
        for i in range(j):
            if seq[i] < seq[j] and length[i] + 1 > length[j]:
                length[j], prev[j] = length[i] + 1, i
    k = max(range(len(seq)), key=lambda j: (length[j], -j))
    out = []
    while k >= 0:
        out.append(seq[k])
        k = prev[k]
    return out[::-1]


def longest_common(a: str, b: str) -> str:
    """One longest common subsequence of a and b, by the O(nm) table and a backtrace."""
    n, m = len(a), len(b)
    table = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        row, below = table[i], table[i + 1]
        for j in range(m - 1, -1, -1):
            row[j] = below[j + 1] + 1 if a[i] == b[j] else max(below[j], row[j + 1])
    out, i, j = [], 0, 0
    while i < n and j < m:
        if a[i] == b[j]:
            out.append(a[i])
            i, j = i + 1, j + 1
        elif table[i + 1][j] >= table[i][j + 1]:
            i += 1
        else:
            j += 1
    return "".join(out)


@register
class LongestIncreasingSubsequence(Task):
    """Find a longest strictly increasing subsequence of a sequence of integers. The optimum comes
    from the O(n^2) dynamic program; any answer that is strictly increasing, a subsequence of the
    given sequence and of maximum length is accepted. Higher levels lengthen the sequence (more
    competing chains), narrow the value range relative to the length so that repeated values
    must not be taken twice, and add negative numbers."""

    name = "algorithms/longest_increasing_subsequence"
    knobs = (
        Knob("length", [5, 6, 7, 8, 10, 12, 14, 16, 18, 22, 24, 26, 28, 30, 33, 36, 40, 44, 48, 52], (1, 60),
             doc="length of the sequence"),
        Knob("max_value", [9, 9, 15, 20, 12, 15, 20, 25, 30, 40, 45, 50, 55, 60, 65, 70, 80, 90, 100, 110], (1, 1000),
             doc="values are drawn from 1..max_value (or -max_value..max_value with negatives)"),
        Knob("negatives", [False] * 5 + [True] * 15, doc="allow negative values"),
    )
    answer_format = "the subsequence's values in order, comma-separated"
    example = "2,7,5,11"  # not increasing: never an answer

    def build(self, rng, params):
        n, top = params["length"], params["max_value"]
        lo = -top if params["negatives"] else 1
        seq = [rng.randint(lo, top) for _ in range(n)]
        best = longest_increasing(seq)
        question = (f"Here is a sequence of {n} integers:\n{', '.join(map(str, seq))}\n\n"
                    "Find a longest strictly increasing subsequence: values taken from the sequence in their "
                    "original order (not necessarily adjacent), each strictly larger than the one before.")
        return Draft(question, ",".join(map(str, best)), {"sequence": seq, "length": len(best)})

    def effort(self, problem):
        # the O(n^2) DP compares every pair of positions; the subsequence is then traced back
        n = len(problem.check["sequence"])
        return n * (n - 1) // 2 + problem.check["length"]

    def grade(self, answer, problem):
        c = problem.check
        try:
            values = read_int_list(answer)
        except ParseError as exc:
            return refused(exc)
        if any(x >= y for x, y in zip(values, values[1:])):
            return wrong("The values are not strictly increasing.")
        if not is_subsequence(values, c["sequence"]):
            return wrong("Those values do not occur in that order in the sequence.")
        if len(values) != c["length"]:
            return wrong(f"That increasing subsequence has length {len(values)}, which is not the longest.")
        return right()



# format examples of five different lengths, so at most one is ever an answer; each problem
# shows one that is not its answer
_LCS_EXAMPLES = ("BDAB", "CAB", "ACBDA", "DB", "BCADBC")


@register
class LongestCommonSubsequence(Task):
    """Find a longest common subsequence of two strings of capital letters. The optimum comes from
    the classic O(nm) dynamic-programming table; any string that is a subsequence of both and of
    maximum length is accepted. Higher levels lengthen both strings and enlarge the alphabet, so
    that more partial matches compete and the table must really be filled in."""

    name = "algorithms/longest_common_subsequence"
    knobs = (
        Knob("len_a", [4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16, 17, 18, 19, 20, 22, 24, 26, 28], (1, 60),
             doc="length of the first string"),
        Knob("len_b", [4, 5, 6, 7, 8, 10, 11, 12, 14, 16, 17, 18, 19, 20, 21, 22, 24, 26, 28, 30], (1, 60),
             doc="length of the second string"),
        Knob("alphabet", [3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 8, 9, 9, 9, 10, 10, 10], (2, 26),
             doc="number of distinct letters"),
    )
    answer_format = "the common subsequence as one string of capital letters"
    example = "BDAB"

    def build(self, rng, params):
        letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:params["alphabet"]]
        while True:
            a = "".join(rng.choice(letters) for _ in range(params["len_a"]))
            b = "".join(rng.choice(letters) for _ in range(params["len_b"]))
            best = longest_common(a, b)
            if best:
                break
        question = (f"String 1: {a}\nString 2: {b}\n\n"
                    "Find a longest common subsequence of the two strings: a string whose letters appear in both "
                    "strings in the same order (not necessarily adjacent), as long as possible.")
        # no fixed string is wrong for every pair: the example is drawn last, among those wrong here
        wrong_here = [e for e in _LCS_EXAMPLES
                      if not (len(e) == len(best) and is_subsequence(e, a) and is_subsequence(e, b))]
        return Draft(question, best, {"a": a, "b": b, "length": len(best)}, example=rng.choice(wrong_here))

    def effort(self, problem):
        # the O(nm) table has one cell per pair of prefixes; the subsequence is then traced back
        c = problem.check
        return len(c["a"]) * len(c["b"]) + c["length"]

    def grade(self, answer, problem):
        c = problem.check
        try:
            s = read_letters(answer, "BDAB")
        except ParseError as exc:
            return refused(exc)
        if not is_subsequence(s, c["a"]):
            return wrong(f"{s[:30]} is not a subsequence of the first string.")
        if not is_subsequence(s, c["b"]):
            return wrong(f"{s[:30]} is not a subsequence of the second string.")
        if len(s) != c["length"]:
            return wrong(f"That common subsequence has length {len(s)}, which is not the longest.")
        return right()

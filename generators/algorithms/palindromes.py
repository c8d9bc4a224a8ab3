"""Longest palindromic subsequence: any subsequence of the string that reads the same backwards
and has the optimal length (from the O(n^2) interval DP) is accepted."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._sequences import is_subsequence, read_letters


def palindrome_table(s: str) -> list[list[int]]:
    """best[i][j]: the length of a longest palindromic subsequence of s[i..j] (inclusive)."""
    n = len(s)
    best = [[0] * n for _ in range(n)]
    for i in range(n - 1, -1, -1):
        row, below = best[i], best[i + 1] if i + 1 < n else None
        row[i] = 1
        for j in range(i + 1, n):
            if s[i] == s[j]:
                row[j] = (below[j - 1] if j - 1 >= i + 1 else 0) + 2
            else:
                row[j] = max(below[j], row[j - 1])
    return best


def longest_palindrome_subsequence(s: str) -> str:
    """One longest palindromic subsequence of s, traced back through the table."""
    if not s:
        return ""
    best = palindrome_table(s)
    left, middle = [], ""
    i, j = 0, len(s) - 1
    while i <= j:
        if i == j:
            middle = s[i]
            break
        if s[i] == s[j]:
            left.append(s[i])
            i, j = i + 1, j - 1
        elif best[i + 1][j] >= best[i][j - 1]:
            i += 1
        else:
            j -= 1
    return "".join(left) + middle + "".join(reversed(left))


@register
class LongestPalindromicSubsequence(Task):
    """Find a longest palindromic subsequence of a string of capital letters: letters taken in
    order (not necessarily adjacent) that read the same forwards and backwards. The optimal length
    comes from the O(n^2) interval DP; any palindrome that is a subsequence and has that length is
    accepted (a longest common subsequence of the string and its reverse is not always a
    palindrome, and the longest palindromic substring is usually shorter). Higher levels lengthen
    the string and enlarge the alphabet, so that more candidate pairs compete."""

    name = "algorithms/longest_palindromic_subsequence"
    knobs = (
        Knob("length", [5, 6, 7, 8, 10, 12, 14, 16, 18, 22, 24, 26, 28, 30, 32, 35, 38, 41, 44, 48], (1, 80),
             doc="length of the string"),
        Knob("alphabet", [2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 10], (2, 26),
             doc="number of distinct letters"),
    )
    answer_format = "the palindromic subsequence as one string of capital letters"
    example = "ABCAB"  # not a palindrome: never an answer

    def build(self, rng, params):
        letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:params["alphabet"]]
        n = params["length"]
        for _ in range(20):
            s = "".join(rng.choice(letters) for _ in range(n))
            best = longest_palindrome_subsequence(s)
            if n < 4 or (s != s[::-1] and len(best) >= 2):
                break
        question = (f"String: {s}\n\nFind a longest palindromic subsequence of this string: letters taken from it "
                    "in their original order (not necessarily adjacent) that read the same forwards and backwards, "
                    "as many as possible.")
        return Draft(question, best, {"string": s, "length": len(best)})

    def effort(self, problem):
        # the interval DP fills one cell per substring s[i..j]; the palindrome is then traced back
        n = len(problem.check["string"])
        return n * (n + 1) // 2 + problem.check["length"]

    def grade(self, answer, problem):
        c = problem.check
        try:
            s = read_letters(answer, "ABCBA")
        except ParseError as exc:
            return refused(exc)
        if s != s[::-1]:
            return wrong(f"{s[:30]} is not a palindrome.")
        if not is_subsequence(s, c["string"]):
            return wrong(f"{s[:30]} is not a subsequence of the string.")
        if len(s) != c["length"]:
            return wrong(f"That palindromic subsequence has length {len(s)}, which is not the longest.")
        return right()

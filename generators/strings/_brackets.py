"""Bracket strings: balance checks and the fewest insertions that balance a string (interval DP)."""
from __future__ import annotations

PAIRS = {"(": ")", "[": "]", "{": "}"}
CLOSERS = {v: k for k, v in PAIRS.items()}


def is_balanced(s: str) -> bool:
    stack = []
    for c in s:
        if c in PAIRS:
            stack.append(PAIRS[c])
        elif c in CLOSERS:
            if not stack or stack.pop() != c:
                return False
        else:
            return False
    return not stack


def min_insertions(s: str) -> int:
    """Fewest brackets to insert so that `s` becomes balanced (interval DP, O(n^3))."""
    n = len(s)
    if n == 0:
        return 0
    dp = [[0] * (n + 1) for _ in range(n + 1)]  # dp[i][j]: cost for s[i:j]
    for length in range(1, n + 1):
        for i in range(0, n - length + 1):
            j = i + length
            best = 1 + dp[i + 1][j]  # s[i] gets a new partner
            c = s[i]
            if c in PAIRS:
                for k in range(i + 1, j):
                    if s[k] == PAIRS[c]:
                        v = dp[i + 1][k] + dp[k + 1][j]
                        if v < best:
                            best = v
            dp[i][j] = best
    return dp[0][n]


def dp_work(s: str) -> int:
    """The work of `min_insertions`' interval DP: one unit per span, plus one per partner
    candidate k (a closer that matches the span's first bracket) it tries."""
    n = len(s)
    work = n * (n + 1) // 2
    for i, c in enumerate(s):
        if c in PAIRS:
            closer = PAIRS[c]
            # the span s[i:j] tries every matching closer k with i < k < j: each k serves n - k spans
            work += sum(n - k for k in range(i + 1, n) if s[k] == closer)
    return work

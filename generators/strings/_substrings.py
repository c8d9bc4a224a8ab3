"""Substring solvers for the strings tasks: palindromic substrings, repeated and common blocks, and
the reader of a one-word answer.

    palindromic_substrings("aba")         # [(0, 1), (1, 2), (0, 3), (2, 3)] spans, end exclusive
    longest_repeated("banana")            # (3, ["ana"])
    longest_common_substrings(["xabcy", "abcz"])   # (3, ["abc"])
    read_word("Abc")                      # "abc"; "ab c", "abc or abd" refused
"""
from __future__ import annotations

from procgym.kit import read_token


def random_word(rng, n: int, alphabet: str) -> str:
    """`n` letters drawn uniformly from `alphabet`."""
    return "".join(alphabet[rng.randrange(len(alphabet))] for _ in range(n))


def read_word(answer: str, what: str = "one string of letters") -> str:
    """The answer as one lowercase string of letters (no spaces, digits or punctuation inside);
    NotAnAnswer otherwise."""
    return read_token(answer, r"[A-Za-z]+", what).lower()


# ------------------------------------------------------------------ palindromes
def palindromic_substrings(s: str):
    """All palindromic substrings as (start, end) spans (end exclusive), by centre expansion."""
    spans = []
    n = len(s)
    for centre in range(2 * n - 1):
        lo, hi = centre // 2, centre // 2 + centre % 2
        while lo >= 0 and hi < n and s[lo] == s[hi]:
            spans.append((lo, hi + 1))
            lo -= 1
            hi += 1
    return spans


# ------------------------------------------------------------------ repeats
def occurrences(s: str, sub: str) -> int:
    """Occurrences of `sub` in `s`, overlapping ones counted."""
    if not sub:
        return 0
    count, i = 0, s.find(sub)
    while i >= 0:
        count += 1
        i = s.find(sub, i + 1)
    return count


def longest_repeated(s: str, times: int = 2) -> tuple[int, list[str]]:
    """The greatest length of a substring occurring at least `times` times (overlaps allowed)
    and all such substrings, sorted; (0, []) when no letter repeats."""
    n = len(s)
    best, found = 0, []
    for L in range(n - 1, 0, -1):
        counts: dict[str, int] = {}
        for i in range(n - L + 1):
            sub = s[i:i + L]
            counts[sub] = counts.get(sub, 0) + 1
        hits = sorted(k for k, v in counts.items() if v >= times)
        if hits:
            return L, hits
    return best, found


# ------------------------------------------------------------------ common substrings
def longest_common_substrings(strings: list[str]) -> tuple[int, list[str]]:
    """The greatest length of a string that is a substring of every one of `strings`, and all
    such substrings (sorted). Scans the substrings of the shortest string, longest first."""
    base = min(strings, key=len)
    others = [s for s in strings if s is not base]
    for L in range(len(base), 0, -1):
        hits = sorted({base[i:i + L] for i in range(len(base) - L + 1)
                       if all(base[i:i + L] in s for s in others)})
        if hits:
            return L, hits
    return 0, []

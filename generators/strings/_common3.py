"""Helpers for the rotation, interleaving, common-substring, supersequence and segment-operation
task families (strings category): the solvers, and reading a one-word answer."""
from __future__ import annotations

import itertools
import re

_WORD = re.compile(r"[A-Za-z]+")


def random_word(rng, n: int, alphabet: str) -> str:
    """`n` letters drawn uniformly from `alphabet`."""
    return "".join(alphabet[rng.randrange(len(alphabet))] for _ in range(n))


def bare_word(answer: str) -> str | None:
    """The answer as one lowercase letter string: quotes, a final period and surrounding spaces are
    dropped; None when anything but letters remains (a space inside, digits, punctuation)."""
    s = answer.strip()
    for _ in range(3):
        s = s.strip().strip("'\"`").strip().rstrip(".")
    return s.lower() if _WORD.fullmatch(s) else None


# ------------------------------------------------------------------ rotations
def rotate(s: str, k: int) -> str:
    """`s` rotated left by k places."""
    if not s:
        return s
    k %= len(s)
    return s[k:] + s[:k]


def rotation_offsets(a: str, b: str) -> list[int]:
    """Every k in [0, len(a)) with rotate(a, k) == b (empty when b is not a rotation of a)."""
    if len(a) != len(b):
        return []
    doubled = a + a
    out, i = [], doubled.find(b)
    while 0 <= i < len(a):
        out.append(i)
        i = doubled.find(b, i + 1)
    return out


def least_rotation(s: str) -> int:
    """Booth's algorithm: the start of the lexicographically least rotation of `s` (the smallest
    such start when the string is periodic), in linear time."""
    t = s + s
    f = [-1] * len(t)
    k = 0
    for j in range(1, len(t)):
        c = t[j]
        i = f[j - k - 1]
        while i != -1 and c != t[k + i + 1]:
            if c < t[k + i + 1]:
                k = j - i - 1
            i = f[i]
        if c != t[k + i + 1]:  # i == -1
            if c < t[k]:
                k = j
            f[j - k] = -1
        else:
            f[j - k] = i + 1
    return k


# ------------------------------------------------------------------ interleaving
def interleaving_witness(parts: list[str], c: str) -> str | None:
    """A string of digits '1', '2', ..., one per letter of `c`, saying which of `parts` each
    letter is taken from, so that the letters taken from each part spell it in order; None when
    `c` is not an interleaving of the parts. Dynamic programming over tuples of prefix lengths,
    from the end: done[state] says whether the rest of `c` can be made from the rest of the parts."""
    lens = [len(p) for p in parts]
    if sum(lens) != len(c):
        return None
    ok: dict[tuple, bool] = {}
    for state in sorted(itertools.product(*(range(n + 1) for n in lens)), key=sum, reverse=True):
        pos = sum(state)
        if pos == len(c):
            ok[state] = True
            continue
        ok[state] = any(p < lens[t] and parts[t][p] == c[pos] and ok[state[:t] + (p + 1,) + state[t + 1:]]
                        for t, p in enumerate(state))
    state = tuple([0] * len(parts))
    if not ok[state]:
        return None
    out = []
    while sum(state) < len(c):
        pos = sum(state)
        for t, p in enumerate(state):
            nxt = state[:t] + (p + 1,) + state[t + 1:]
            if p < lens[t] and parts[t][p] == c[pos] and ok[nxt]:
                out.append(str(t + 1))
                state = nxt
                break
    return "".join(out)


def apply_witness(parts: list[str], witness: str) -> str | None:
    """The string that `witness` (digits naming parts, from 1) builds from `parts`, or None when
    it names a missing part or takes more letters from a part than it has."""
    used = [0] * len(parts)
    out = []
    for w in witness:
        t = ord(w) - ord("1")
        if not 0 <= t < len(parts) or used[t] >= len(parts[t]):
            return None
        out.append(parts[t][used[t]])
        used[t] += 1
    return "".join(out)


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


# ------------------------------------------------------------------ supersequences
def is_subsequence(small: str, big: str) -> bool:
    it = iter(big)
    return all(c in it for c in small)


def shortest_supersequence(strings: list[str]) -> str:
    """One shortest common supersequence of two or three strings, by dynamic programming over
    prefix tuples from the end: cost[state] is the length of a shortest supersequence of the
    remaining suffixes; one step writes a letter and consumes it from every string whose next
    letter it is. States are flattened to integers so the table is a plain list."""
    if len(strings) == 2:
        strings = strings + [""]
    a, b, c = strings
    la, lb, lc = len(a), len(b), len(c)
    sb, sc = (lc + 1), (lb + 1) * (lc + 1)
    cost = [0] * ((la + 1) * sc)
    for i in range(la, -1, -1):
        for j in range(lb, -1, -1):
            for k in range(lc, -1, -1):
                if i == la and j == lb and k == lc:
                    continue
                best = None
                for ch in {x[p] for x, p, n in ((a, i, la), (b, j, lb), (c, k, lc)) if p < n}:
                    v = cost[(i + (i < la and a[i] == ch)) * sc + (j + (j < lb and b[j] == ch)) * sb
                             + k + (k < lc and c[k] == ch)]
                    if best is None or v < best:
                        best = v
                cost[i * sc + j * sb + k] = 1 + best
    out, i, j, k = [], 0, 0, 0
    while (i, j, k) != (la, lb, lc):
        here = cost[i * sc + j * sb + k]
        for ch in sorted({x[p] for x, p, n in ((a, i, la), (b, j, lb), (c, k, lc)) if p < n}):
            ni, nj, nk = i + (i < la and a[i] == ch), j + (j < lb and b[j] == ch), k + (k < lc and c[k] == ch)
            if cost[ni * sc + nj * sb + nk] == here - 1:
                out.append(ch)
                i, j, k = ni, nj, nk
                break
    return "".join(out)

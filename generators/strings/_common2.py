"""Helpers for the palindrome, bracket, regex and repeat task families (strings category):
a tiny regular-expression matcher of our own, palindrome and repeat finders, bracket DP."""
from __future__ import annotations

# ------------------------------------------------------------------ a tiny regex engine
# Supported: literals, '.', character classes [abc] / [a-c] / [^ab], the postfix operators
# '*', '+', '?', and the anchors '^' (start) and '$' (end). Search semantics, like grep: the
# pattern matches a string when it matches some substring, unless anchored.


class RegexError(ValueError):
    pass


def parse_regex(pattern: str):
    """(anchored_start, anchored_end, [(atom, op)]) where atom is ('lit', c), ('any',) or
    ('class', negated, frozenset) and op is '', '*', '+' or '?'."""
    i, items = 0, []
    start = pattern.startswith("^")
    if start:
        i = 1
    end = pattern.endswith("$") and len(pattern) > i
    stop = len(pattern) - 1 if end else len(pattern)
    while i < stop:
        c = pattern[i]
        if c == ".":
            atom, i = ("any",), i + 1
        elif c == "[":
            j = pattern.find("]", i + 1)
            if j < 0:
                raise RegexError("unclosed [")
            body = pattern[i + 1:j]
            neg = body.startswith("^")
            if neg:
                body = body[1:]
            chars, k = set(), 0
            while k < len(body):
                if k + 2 < len(body) and body[k + 1] == "-":
                    chars.update(chr(x) for x in range(ord(body[k]), ord(body[k + 2]) + 1))
                    k += 3
                else:
                    chars.add(body[k])
                    k += 1
            atom, i = ("class", neg, frozenset(chars)), j + 1
        elif c in "*+?^$":
            raise RegexError(f"misplaced {c}")
        else:
            atom, i = ("lit", c), i + 1
        op = ""
        if i < stop and pattern[i] in "*+?":
            op, i = pattern[i], i + 1
        items.append((atom, op))
    return start, end, items


def _atom_ok(atom, ch: str) -> bool:
    if atom[0] == "lit":
        return ch == atom[1]
    if atom[0] == "any":
        return True
    return (ch in atom[2]) != atom[1]


def regex_search(pattern: str, text: str) -> bool:
    """Whether `pattern` matches somewhere in `text` (anchors respected). Dynamic programming
    over (item, position) sets, so the time is polynomial whatever the pattern."""
    start, end, items = parse_regex(pattern)
    n = len(text)
    # states: set of positions reachable after matching items[:k]
    positions = {0} if start else set(range(n + 1))
    for atom, op in items:
        nxt = set()
        if op in ("", "+"):
            for p in positions:
                if p < n and _atom_ok(atom, text[p]):
                    nxt.add(p + 1)
        if op == "?":
            nxt |= positions
            for p in positions:
                if p < n and _atom_ok(atom, text[p]):
                    nxt.add(p + 1)
        if op in ("*", "+"):
            frontier = set(positions) if op == "*" else set(nxt)
            closure = set(frontier)
            while frontier:
                new = {p + 1 for p in frontier if p < n and _atom_ok(atom, text[p])} - closure
                closure |= new
                frontier = new
            nxt = closure
        positions = nxt
        if not positions:
            return False
    return n in positions if end else bool(positions)


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


# ------------------------------------------------------------------ brackets
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


def is_subsequence(small: str, big: str) -> bool:
    it = iter(big)
    return all(c in it for c in small)

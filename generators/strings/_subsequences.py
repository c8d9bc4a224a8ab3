"""Subsequence solvers for the strings tasks: subsequence tests, shortest common supersequences and
interleavings (with a witness naming the source of each letter)."""
from __future__ import annotations


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


# ------------------------------------------------------------------ interleaving
def interleaving_witness(parts: list[str], c: str) -> str | None:
    """A string of digits '1', '2', ..., one per letter of `c`, saying which of `parts` each
    letter is taken from, so that the letters taken from each part spell it in order; None when
    `c` is not an interleaving of the parts. Dynamic programming over tuples of prefix lengths,
    memoised from the start so that only reachable tuples are visited: ok(state) says whether the
    rest of `c` can be made from the rest of the parts."""
    lens = [len(p) for p in parts]
    if sum(lens) != len(c):
        return None
    memo: dict[tuple, bool] = {}

    def successors(state):
        pos = sum(state)
        for t, p in enumerate(state):
            if p < lens[t] and parts[t][p] == c[pos]:
                yield t, state[:t] + (p + 1,) + state[t + 1:]

    def ok(state) -> bool:
        # iterative depth-first evaluation (no recursion limit on long strings)
        stack = [state]
        while stack:
            top = stack[-1]
            if top in memo:
                stack.pop()
                continue
            if sum(top) == len(c):
                memo[top] = True
                stack.pop()
                continue
            pending = [nxt for _, nxt in successors(top) if nxt not in memo]
            if pending:
                stack.extend(pending)
                continue
            memo[top] = any(memo[nxt] for _, nxt in successors(top))
            stack.pop()
        return memo[state]

    state = tuple([0] * len(parts))
    if not ok(state):
        return None
    out = []
    while sum(state) < len(c):
        for t, nxt in successors(state):
            if ok(nxt):
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

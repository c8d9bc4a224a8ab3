"""A constraint solver for puzzles that place things in positions (seating, ordering, zebra).

The position solver (`PositionCSP`) places variables in positions 0..n-1: groups of variables
take distinct positions (a zebra category, the people at a table), unary constraints restrict
a variable's positions, and binary constraints are relations between two variables' positions.
It runs arc consistency, all-different singles and hidden singles, then branches on the
smallest domain, and counts solutions up to a limit, which is how uniqueness is proven.
"""
from __future__ import annotations

from functools import lru_cache


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@lru_cache(maxsize=4096)
def relation_union(n: int, key) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For a relation R over positions 0..n-1 named by `key` (see `relation`), the supports as
    lookup tables over domain masks: fwd[mask_b] = positions p with R(p, q) for some q in mask_b,
    bwd[mask_a] = positions q with R(p, q) for some p in mask_a."""
    pairs = relation(n, key)
    to_b = [0] * n  # to_b[p] = q's related to p
    to_a = [0] * n
    for p, q in pairs:
        to_b[p] |= 1 << q
        to_a[q] |= 1 << p
    size = 1 << n
    fwd, bwd = [0] * size, [0] * size
    for mask in range(1, size):
        low = mask & -mask
        i = low.bit_length() - 1
        fwd[mask] = fwd[mask ^ low] | to_a[i]
        bwd[mask] = bwd[mask ^ low] | to_b[i]
    return tuple(fwd), tuple(bwd)


def relation(n: int, key) -> list[tuple[int, int]]:
    """The pairs (p, q) of positions of a relation: key is (kind, arg, circular).

    same          p == q                  diff      p != q
    right_of k    q == p - k (mod n when circular): a is k positions after b
    next_to       |p - q| == 1 (or n-1 apart around a circle)
    before        p < q                   dist k    |p - q| == k (circular: either way round)
    after_by_ge k p - q >= k              opposite  circular, q == p + n/2
    """
    kind, arg, circular = key
    out = []
    for p in range(n):
        for q in range(n):
            d = p - q
            if kind == "same":
                ok = d == 0
            elif kind == "diff":
                ok = d != 0
            elif kind == "right_of":
                ok = (d % n == arg % n) if circular else d == arg
            elif kind == "next_to":
                ok = (d % n in (1, n - 1)) if circular else abs(d) == 1
            elif kind == "not_next_to":
                ok = d != 0 and not ((d % n in (1, n - 1)) if circular else abs(d) == 1)
            elif kind == "before":
                ok = d < 0
            elif kind == "dist":
                ok = (d % n in (arg, n - arg)) if circular else abs(d) == arg
            elif kind == "after_by_ge":
                ok = d >= arg
            elif kind == "opposite":
                ok = d % n == n // 2
            elif kind == "one_end":  # exactly one of the two is at an end of a row
                ok = d != 0 and ((p in (0, n - 1)) != (q in (0, n - 1)))
            elif kind == "either_first":  # exactly one of p, q is position arg
                ok = d != 0 and ((p == arg) != (q == arg))
            else:
                raise ValueError(f"unknown relation {kind!r}")
            if ok:
                out.append((p, q))
    return out


class PositionCSP:
    """Variables 0..m-1 each take a position in 0..n-1.

    groups: lists of variables that take pairwise distinct positions (each a permutation when
    its size is n); unary: {var: allowed mask}; binary: list of (a, b, key) with key a relation
    key for `relation`."""

    def __init__(self, n: int, n_vars: int, groups, unary=None, binary=()):
        self.n, self.m = n, n_vars
        self.full = (1 << n) - 1
        self.groups = [list(g) for g in groups]
        self.unary = dict(unary or {})
        self.binary = [(a, b, relation_union(n, key)) for a, b, key in binary]
        self.by_var: list[list[int]] = [[] for _ in range(n_vars)]
        for i, (a, b, _) in enumerate(self.binary):
            self.by_var[a].append(i)
            self.by_var[b].append(i)
        self.group_of = [[] for _ in range(n_vars)]
        for gi, g in enumerate(self.groups):
            for v in g:
                self.group_of[v].append(gi)
        self.nodes = 0
        self.revisions = 0  # constraint revisions made by propagation (arcs and groups), for effort()

    def work(self) -> int:
        """The solver's work so far: search nodes plus constraint revisions."""
        return self.nodes + self.revisions

    def initial(self) -> list[int] | None:
        dom = [self.full] * self.m
        for v, mask in self.unary.items():
            dom[v] &= mask
        return dom if self.propagate(dom, range(len(self.binary)), range(len(self.groups))) else None

    def propagate(self, dom: list[int], arcs, groups) -> bool:
        """Narrow `dom` in place to a fixpoint; False on a wipe-out."""
        pending_arcs = set(arcs)
        pending_groups = set(groups)
        binary = self.binary
        while pending_arcs or pending_groups:
            changed: set[int] = set()
            self.revisions += len(pending_arcs) + len(pending_groups)
            while pending_arcs:
                i = pending_arcs.pop()
                a, b, (fwd, bwd) = binary[i]
                da, db = dom[a], dom[b]
                na = da & fwd[db]
                if not na:
                    return False
                nb = db & bwd[na]
                if not nb:
                    return False
                if na != da:
                    dom[a] = na
                    changed.add(a)
                if nb != db:
                    dom[b] = nb
                    changed.add(b)
            while pending_groups:
                g = self.groups[pending_groups.pop()]
                fixed = 0
                for v in g:
                    d = dom[v]
                    if d & (d - 1) == 0:
                        if d & fixed:
                            return False
                        fixed |= d
                once = twice = 0
                for v in g:
                    d = dom[v]
                    if d & (d - 1):
                        nd = d & ~fixed
                        if not nd:
                            return False
                        if nd != d:
                            dom[v] = nd
                            changed.add(v)
                            d = nd
                    twice |= once & d
                    once |= d
                if len(g) == self.n:
                    if once != self.full:
                        return False
                    lone = once & ~twice & ~fixed  # hidden singles: positions only one variable can take
                    if lone:
                        for v in g:
                            d = dom[v]
                            hit = d & lone
                            if hit and d != hit:
                                if hit & (hit - 1):
                                    return False
                                dom[v] = hit
                                changed.add(v)
            for v in changed:
                pending_arcs.update(self.by_var[v])
                pending_groups.update(self.group_of[v])
        return True

    def solutions(self, limit: int = 2, first_dom: list[int] | None = None) -> list[list[int]]:
        """Up to `limit` solutions, each a list of positions per variable."""
        found: list[list[int]] = []
        dom = self.initial() if first_dom is None else first_dom
        if dom is None:
            return found
        self._search(dom, limit, found)
        return found

    def _search(self, dom, limit, found):
        self.nodes += 1
        best, best_size = -1, 99
        for v, d in enumerate(dom):
            if d & (d - 1):
                size = bin(d).count("1")
                if size < best_size:
                    best, best_size = v, size
                    if size == 2:
                        break
        if best < 0:
            found.append([d.bit_length() - 1 for d in dom])
            return
        for p in _bits(dom[best]):
            child = list(dom)
            child[best] = 1 << p
            if self.propagate(child, self.by_var[best], self.group_of[best]):
                self._search(child, limit, found)
                if len(found) >= limit:
                    return

    def solved_by_propagation(self) -> bool:
        dom = self.initial()
        return dom is not None and all(d & (d - 1) == 0 for d in dom)


def pin_down(rng, truth, draw, holds, build, fallback, minimal: bool) -> list:
    """Clues (true of `truth`) until the solver proves `truth` is the only solution.

    draw() -> a random true clue or None; holds(clue, solution) -> bool; build(clues) -> a
    PositionCSP; fallback(alt) -> a true clue that `alt` breaks. Each new clue rules out an
    alternative solution the solver found, so every clue does work when it is added; when
    `minimal`, clues are then dropped in random order while the solution stays unique."""
    clues: list = []
    while True:
        sols = build(clues).solutions(limit=2)
        if len(sols) == 1:
            break
        alt = next(s for s in sols if s != truth)
        for _ in range(400):
            clue = draw()
            if clue is not None and clue not in clues and not holds(clue, alt):
                clues.append(clue)
                break
        else:
            clues.append(fallback(alt))
    if minimal:
        order = list(range(len(clues)))
        rng.shuffle(order)
        keep = [True] * len(clues)
        for i in order:
            keep[i] = False
            if len(build([c for c, kept in zip(clues, keep) if kept]).solutions(limit=2)) != 1:
                keep[i] = True
        clues = [c for c, kept in zip(clues, keep) if kept]
    return clues

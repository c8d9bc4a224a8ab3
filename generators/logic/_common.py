"""Helpers for the logic families: propositional formulas as bit-set truth tables, strict
answer readers, and a constraint solver for puzzles that place things in positions.

Propositional formulas are nested tuples over variables 0..n-1:

    ("var", i)   ("not", f)   (op, f, g) with op in and, or, imp, iff, xor, nand, nor

`table(f, n)` is the set of the 2^n assignments that make f true, as a bit set: bit a is the
assignment in which variable i is true exactly when bit i of a is set.

The position solver (`PositionCSP`) places variables in positions 0..n-1: groups of variables
take distinct positions (a zebra category, the people at a table), unary constraints restrict
a variable's positions, and binary constraints are relations between two variables' positions.
It runs arc consistency, all-different singles and hidden singles, then branches on the
smallest domain, and counts solutions up to a limit, which is how uniqueness is proven.
"""
from __future__ import annotations

import re
from functools import lru_cache

# ---------------------------------------------------------------- propositional formulas

BINARY_OPS = ("and", "or", "imp", "iff", "xor", "nand", "nor")
SYMBOLS = {"and": "&", "or": "|", "imp": "->", "iff": "<->", "xor": "xor", "nand": "nand", "nor": "nor"}
LEGEND = {
    "not": "~ is NOT",
    "and": "& is AND",
    "or": "| is inclusive OR",
    "imp": "-> is IF-THEN (false only when the left side is true and the right side false)",
    "iff": "<-> is IF AND ONLY IF (true when both sides have the same value)",
    "xor": "xor is EXCLUSIVE OR (true when exactly one side is true)",
    "nand": "nand is NOT-AND",
    "nor": "nor is NOT-OR",
}
VAR_NAMES = ("p", "q", "r", "s", "t", "u", "v", "w")


@lru_cache(maxsize=32)
def variable_tables(n: int) -> tuple[int, tuple[int, ...]]:
    """(all 2^n assignments, the bit set where variable i is true, for each i)."""
    size = 1 << n
    tables = []
    for i in range(n):
        pattern = ((1 << (1 << i)) - 1) << (1 << i)  # 2^i zeros then 2^i ones
        length = 1 << (i + 1)
        while length < size:  # repeat by doubling: log(size) big-integer operations
            pattern |= pattern << length
            length *= 2
        tables.append(pattern)
    return (1 << size) - 1, tuple(tables)


def table(f, n: int) -> int:
    """The bit set of assignments (over n variables) that make formula f true."""
    full, var = variable_tables(n)
    op = f[0]
    if op == "var":
        return var[f[1]]
    if op == "const":
        return full if f[1] else 0
    if op == "not":
        return full ^ table(f[1], n)
    a, b = table(f[1], n), table(f[2], n)
    if op == "and":
        return a & b
    if op == "or":
        return a | b
    if op == "imp":
        return (full ^ a) | b
    if op == "iff":
        return full ^ (a ^ b)
    if op == "xor":
        return a ^ b
    if op == "nand":
        return full ^ (a & b)
    if op == "nor":
        return full ^ (a | b)
    raise ValueError(f"unknown connective {op!r}")


def evaluate(f, values) -> bool:
    """The truth of formula f when values[i] is the value of variable i."""
    op = f[0]
    if op == "var":
        return bool(values[f[1]])
    if op == "const":
        return bool(f[1])
    if op == "not":
        return not evaluate(f[1], values)
    a, b = evaluate(f[1], values), evaluate(f[2], values)
    return {"and": a and b, "or": a or b, "imp": (not a) or b, "iff": a == b, "xor": a != b,
            "nand": not (a and b), "nor": not (a or b)}[op]


def render(f, names=VAR_NAMES, top: bool = True) -> str:
    """ASCII text: ~p, p & q, (p | q) -> r; every binary subformula below the top is bracketed."""
    op = f[0]
    if op == "var":
        return names[f[1]]
    if op == "const":
        return "T" if f[1] else "F"
    if op == "not":
        return "~" + render(f[1], names, False)
    text = f"{render(f[1], names, False)} {SYMBOLS[op]} {render(f[2], names, False)}"
    return text if top else f"({text})"


def variables_of(f) -> set[int]:
    if f[0] == "var":
        return {f[1]}
    if f[0] == "const":
        return set()
    return set().union(*(variables_of(x) for x in f[1:]))


def size_of(f) -> int:
    if f[0] in ("var", "const"):
        return 1
    return 1 + sum(size_of(x) for x in f[1:])


def ops_of(f) -> set[str]:
    if f[0] in ("var", "const"):
        return set()
    return {f[0]}.union(*(ops_of(x) for x in f[1:]))


def random_formula(rng, n: int, depth: int, ops, neg: float = 0.2, leaf: float = 0.25):
    """A random formula over variables 0..n-1 with at most `depth` levels of binary connectives."""
    if depth <= 0 or rng.random() < leaf:
        f = ("var", rng.randrange(n))
    else:
        op = ops[rng.randrange(len(ops))]
        left = random_formula(rng, n, depth - 1, ops, neg, leaf)
        right = left
        for _ in range(6):  # two different sides, and never a variable against its own negation
            right = random_formula(rng, n, depth - 1, ops, neg, leaf)
            if right != left and right != ("not", left) and left != ("not", right) and (
                    _atom_var(left) is None or _atom_var(left) != _atom_var(right)):
                break
        f = (op, left, right)
    if rng.random() < neg and f[0] != "not":
        f = ("not", f)
    return f


def _atom_var(f):
    """The variable of a literal (p or ~p), else None."""
    if f[0] == "not":
        f = f[1]
    return f[1] if f[0] == "var" else None


def to_json(f):
    return [to_json(x) if isinstance(x, tuple) else x for x in f]


def from_json(f):
    return tuple(from_json(x) if isinstance(x, list) else x for x in f)


# ---------------------------------------------------------------- strict answer readers

_WORD_STRIP = "'\"`.!* \t\n"


def clean_word(text: str) -> str:
    """Lowercase, outer quotes/periods/markdown stars stripped, inner whitespace collapsed."""
    return re.sub(r"\s+", " ", text.strip().strip(_WORD_STRIP).strip().lower())


YES = ("yes",)
NO = ("no",)


def parse_yes_no(text: str) -> bool:
    """True for yes, False for no; ValueError for anything else."""
    w = clean_word(text)
    if w in YES:
        return True
    if w in NO:
        return False
    raise ValueError(f"Answer yes or no, not {text.strip()[:30]!r}.")


_TRUE = {"t", "true", "1", "yes"}
_FALSE = {"f", "false", "0", "no"}


def parse_truth(item: str) -> bool:
    w = clean_word(item)
    if w in _TRUE:
        return True
    if w in _FALSE:
        return False
    raise ValueError(f"Could not read {item.strip()[:20]!r} as a truth value: write T/F or 1/0.")


def parse_truth_list(text: str, allow_compact: bool = True) -> list[bool]:
    """Truth values separated by commas, semicolons, spaces or new lines (T/F, true/false, 1/0);
    a compact string such as 0110 or TFFT also works when `allow_compact`."""
    s = text.strip().strip("[](){}").strip()
    if allow_compact and re.fullmatch(r"[01]+|[tfTF]+", s) and s.lower() not in ("t", "f"):
        return [ch in "1tT" for ch in s]
    items = [x for x in re.split(r"[,;\s]+", s) if x]
    return [parse_truth(x) for x in items]


_ASSIGN = re.compile(r"([A-Za-z]\w{0,5})\s*(?:=|:|is)\s*(true|false|t|f|1|0)", re.IGNORECASE)


def parse_assignment(text: str, names) -> dict[str, bool]:
    """{name: value} from "p=T, q=F" (T/F, true/false, 1/0); ValueError naming what is wrong."""
    known = {n.lower(): n for n in names}
    values: dict[str, bool] = {}
    for item in (p.strip().strip(_WORD_STRIP) for p in re.split(r"[,;\n]", text)):
        if not item:
            continue
        m = _ASSIGN.fullmatch(item)
        if not m:
            raise ValueError(f"Could not read {item[:30]!r}: write each variable as p=T or p=F.")
        name = m.group(1).lower()
        if name not in known:
            raise ValueError(f"There is no variable {m.group(1)[:10]!r}.")
        value = m.group(2).lower() in ("true", "t", "1")
        if known[name] in values:
            raise ValueError(f"{known[name]} is given a value more than once.")
        values[known[name]] = value
    return values


def ordinal(k: int) -> str:
    return f"{k}{'th' if 10 <= k % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(k % 10, 'th')}"


# ---------------------------------------------------------------- position constraint solver

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


# --------------------------------------------------------------------------- islanders' roles

def role_pattern(*roles: str) -> re.Pattern:
    """One "NAME=role" item: "A=knight", "A: knave", "A is a knight", "a knave" (any case)."""
    return re.compile(r"([A-Za-z])\s*(?:=|:|-|\bis\s+an?\b|\bis\b)?\s*(" + "|".join(roles) + ")", re.IGNORECASE)


def parse_roles(answer: str, item_pattern: re.Pattern, form: str) -> dict[str, str]:
    """{"A": "knight", ...} from text like "A=knight, B=knave"; ValueError with a reason otherwise.
    `item_pattern` reads one item (see role_pattern); `form` says how to write one."""
    items = [p.strip().strip("'\"`.").strip() for p in re.split(r"[,;\n]|\band\b", answer) if p.strip()]
    roles: dict[str, str] = {}
    for item in items:
        m = item_pattern.fullmatch(item)
        if not m:
            raise ValueError(f"Could not read {item[:30]!r}: write {form}.")
        name, role = m.group(1).upper(), m.group(2).lower()
        if name in roles:
            raise ValueError(f"{name} is given a role more than once.")
        roles[name] = role
    return roles

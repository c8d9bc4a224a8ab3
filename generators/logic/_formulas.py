"""Propositional formulas as bit-set truth tables, for the logic families.

Formulas are nested tuples over variables 0..n-1:

    ("var", i)   ("not", f)   (op, f, g) with op in and, or, imp, iff, xor, nand, nor

`truth_table(f, n)` is the set of the 2^n assignments that make f true, as a bit set: bit a is the
assignment in which variable i is true exactly when bit i of a is set.
"""
from __future__ import annotations

from functools import lru_cache

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


def truth_table(f, n: int) -> int:
    """The bit set of assignments (over n variables) that make formula f true."""
    full, var = variable_tables(n)
    op = f[0]
    if op == "var":
        return var[f[1]]
    if op == "const":
        return full if f[1] else 0
    if op == "not":
        return full ^ truth_table(f[1], n)
    a, b = truth_table(f[1], n), truth_table(f[2], n)
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


def tree_size(f, count_weight: int = 1) -> int:
    """Nodes of a formula or statement tree (nested tuples or their JSON lists): every
    connective, atom and variable, the measure of what evaluating it once costs. A "count"
    node (a claim about how many people have a role) weighs `count_weight`: it tallies them all."""
    own = count_weight if f[0] == "count" else 1
    return own + sum(tree_size(x, count_weight) for x in f[1:] if isinstance(x, (list, tuple)))


def to_json(f):
    return [to_json(x) if isinstance(x, tuple) else x for x in f]


def from_json(f):
    return tuple(from_json(x) if isinstance(x, list) else x for x in f)

"""Greatest common divisors and least common multiples, of several numbers and nested."""
from __future__ import annotations

import math
import re

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int, label_key, read_rhs, refused
from procgym.parsing import ParseError

from ._integers import euclid_steps

_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)


def _key(text: str) -> str:
    """An expression as written on the left of an answer, for comparison: "\\operatorname{lcm}(12, 18)"
    and "lcm(12,18)" are the same."""
    return label_key(re.sub(r"\\(?:operatorname|mathrm|text)|\\", "", text)).lower()


def _number(rng, core: int, limit: int, primes) -> int:
    """core times a random product of the given primes, at most limit (at least core * 2)."""
    n = core
    for _ in range(12):
        p = rng.choice(primes)
        if n * p > limit:
            break
        n *= p
    if n == core:
        n = core * min(primes)
    return n


def _tree(rng, leaves: list, n_ops: int):
    """Group leaves under n_ops gcd/lcm operations; a child never repeats its parent's operation."""
    nodes = list(leaves)
    for i in range(n_ops):
        remaining = n_ops - i - 1  # operations still to place after this one
        spare = len(nodes) - 1 - remaining  # nodes this one may absorb beyond the one it keeps back
        take = 2 if spare <= 2 else rng.randint(2, min(3, spare))
        if i == n_ops - 1:
            take = len(nodes)
        start = rng.randint(0, len(nodes) - take)
        group = nodes[start:start + take]
        kinds = {g[0] for g in group if isinstance(g, tuple)}
        op = rng.choice(sorted({"gcd", "lcm"} - kinds) or ["gcd", "lcm"])
        nodes[start:start + take] = [(op, group)]
    return nodes[0]


def _render(node) -> str:
    if isinstance(node, int):
        return str(node)
    op, args = node
    return f"{op}({', '.join(_render(a) for a in args)})"


def _parse(text: str):
    """The tree _render wrote: an integer, or (op, [children])."""
    tokens = re.findall(r"gcd|lcm|\d+|[(),]", text)
    pos = 0

    def node():
        nonlocal pos
        tok = tokens[pos]
        pos += 1
        if tok.isdigit():
            return int(tok)
        args = []
        pos += 1  # "("
        while True:
            args.append(node())
            pos += 1  # "," or ")"
            if tokens[pos - 1] == ")":
                return tok, args
    return node()


def _work(node) -> tuple[int, int]:
    """(value, Euclidean division steps plus lcm products) of a gcd/lcm tree."""
    if isinstance(node, int):
        return node, 0
    op, args = node
    done = [_work(a) for a in args]
    work = sum(w for _, w in done)
    value = done[0][0]
    for v, _ in done[1:]:
        work += euclid_steps(value, v) + (2 if op == "lcm" else 0)
        value = math.gcd(value, v) if op == "gcd" else math.lcm(value, v)
    return value, work


def _evaluate(node) -> int:
    if isinstance(node, int):
        return node
    op, args = node
    values = [_evaluate(a) for a in args]
    return math.gcd(*values) if op == "gcd" else math.lcm(*values)


@register
class GcdLcm(Task):
    """Compute a gcd or lcm of several whole numbers, or a nested combination such as
    lcm(gcd(84, 120), 90). The numbers share prime factors, so answers are not trivially 1 or the
    product. Higher levels add numbers (multi-argument gcd/lcm), nest operations (each level of
    nesting is another full gcd or lcm computation on intermediate results), draw factors from
    more primes and allow larger numbers."""

    name = "number_theory/gcd_lcm"
    knobs = (
        Knob("n_numbers", [2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 7, 7, 8, 8, 9, 10, 11, 12, 13, 14], (2, 20),
             doc="whole numbers in the expression"),
        Knob("nesting", [0, 0, 0, 0, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9], (0, 19),
             doc="extra gcd/lcm operations applied to intermediate results (at most n_numbers - 2)"),
        Knob("max_value", [60, 150, 300, 600, 1000, 3000, 10000, 30000, 100000, 1000000, 10**6, 3 * 10**6, 10**7,
             3 * 10**7, 10**8, 10**8, 3 * 10**8, 10**9, 3 * 10**9, 10**10], (12, 10**12),
             doc="largest number in the expression"),
        Knob("n_primes", [3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12], (2, 12),
             doc="primes the numbers are built from"),
    )
    answer_format = "a positive integer"
    example = "41"  # never the answer: the numbers are built from the primes up to 37

    def build(self, rng, params):
        n = params["n_numbers"]
        n_ops = min(params["nesting"], n - 2) + 1
        limit = params["max_value"]
        primes = sorted(rng.sample(_PRIMES[:max(params["n_primes"] + 2, 4)], params["n_primes"]))
        for _ in range(50):
            core = _number(rng, 1, max(2, int(limit ** 0.4)), primes) if rng.random() < 0.8 else 1
            leaves = [_number(rng, core, limit, primes) for _ in range(n)]
            if len(set(leaves)) == n and max(leaves) > 6:
                break
        tree = _tree(rng, leaves, n_ops)
        text = _render(tree)
        value = _evaluate(tree)
        question = (f"Compute {text}.\n\nHere gcd is the greatest common divisor and lcm the least common "
                    f"multiple (of all the numbers listed inside the brackets).")
        return Draft(question, str(value), {"value": value, "expression": text})

    def effort(self, problem):
        # every gcd or lcm folds its arguments pairwise, each pair one Euclidean algorithm (an
        # lcm also multiplies and divides), innermost operations first
        return _work(_parse(problem.check["expression"]))[1]

    def grade(self, answer, problem):
        expression = problem.check["expression"]  # "lcm(gcd(84, 120), 90) = 360" or "lcm = 360" name it
        names = {_key(expression), _key(expression.split("(", 1)[0])}
        try:
            value = read_rhs(answer, lhs_ok=lambda lhs: _key(lhs) in names)
        except ParseError as exc:
            return refused(exc)
        return grade_int(value, problem.check["value"], "the value of the expression")

"""Modular arithmetic: multiplicative inverses modulo m."""
from __future__ import annotations

import math

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._integers import read_named_int, says_none

NO_INVERSE = frozenset({"no inverse", "not invertible", "there is no inverse", "the inverse does not exist"})


def euclid_steps(a: int, b: int) -> int:
    """Division steps the Euclidean algorithm takes on (a, b)."""
    steps = 0
    while b:
        a, b = b, a % b
        steps += 1
    return steps


def inverse_mod(a: int, m: int) -> int | None:
    """The inverse of a modulo m in 0..m-1 by the extended Euclidean algorithm, or None if gcd > 1."""
    old_r, r, old_s, s = a % m, m, 1, 0
    while r:
        q = old_r // r
        old_r, r = r, old_r - q * r
        old_s, s = s, old_s - q * s
    if old_r != 1:
        return None
    return old_s % m


def _proper_divisors(n: int) -> list[int]:
    """The divisors of n strictly between 1 and n, in increasing order."""
    small, large = [], []
    f = 2
    while f * f <= n:
        if n % f == 0:
            small.append(f)
            if f * f != n:
                large.append(n // f)
        f += 1
    return small + large[::-1]


@register
class ModularInverse(Task):
    """Find the inverse of a modulo m in the range 0..m-1, or say that none exists (gcd(a, m) > 1;
    such instances are included at every level). Higher levels use larger moduli and pick a so
    that the extended Euclidean algorithm needs more division steps."""

    name = "number_theory/modular_inverse"
    knobs = (
        Knob("modulus", [(5, 13), (10, 30), (20, 60), (30, 100), (50, 200), (100, 500), (200, 1000), (500, 3000),
             (1000, 10000), (5000, 50000), (2 * 10**4, 10**5), (5 * 10**4, 2 * 10**5), (10**5, 5 * 10**5),
             (2 * 10**5, 10**6), (5 * 10**5, 2 * 10**6), (10**6, 5 * 10**6), (2 * 10**6, 10**7),
             (5 * 10**6, 2 * 10**7), (10**7, 5 * 10**7), (2 * 10**7, 10**8)], (3, 10**12), doc="the modulus m"),
        Knob("min_steps", [1, 2, 2, 3, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18], (0, 100),
             doc="division steps the Euclidean algorithm must take on (m, a), when some a allows it"),
        Knob("none_share", [0.1, 0.15, 0.2, 0.2, 0.2, 0.2, 0.2, 0.25, 0.25, 0.25] + [0.25] * 10, (0.0, 1.0),
             doc="probability that a shares a factor with m (when m is composite), so that no inverse exists"),
    )
    answer_format = ("an integer x with 0 <= x <= m - 1 (m being the modulus), or the word none if "
                     "no inverse exists")
    example = "0"  # never the answer: a * 0 leaves remainder 0, not 1

    def build(self, rng, params):
        m = params["modulus"]
        want_none = rng.random() < params["none_share"]
        divisors = _proper_divisors(m) if want_none else []
        want_none = bool(divisors)  # a prime modulus leaves every a in 1..m-1 invertible
        best, best_steps = None, -1
        for _ in range(60):
            if want_none:
                d = rng.choice(divisors)
                a = d * rng.randint(1, (m - 1) // d)
            else:
                a = rng.randint(2, m - 1)
                if math.gcd(a, m) != 1:
                    continue
            steps = euclid_steps(m, a)
            if steps > best_steps:
                best, best_steps = a, steps
            if steps >= params["min_steps"]:
                break
        a = best
        inverse = inverse_mod(a, m)
        question = (f"Find the multiplicative inverse of {a} modulo {m}: the integer x with "
                    f"0 <= x <= {m - 1} such that {a} * x leaves remainder 1 when divided by {m}. "
                    f"If no such x exists, answer none.")
        return Draft(question, "none" if inverse is None else str(inverse), {"a": a, "m": m, "inverse": inverse})

    def effort(self, problem):
        # the Euclidean algorithm on (m, a), then (when gcd is 1) its back substitution
        c = problem.check
        steps = euclid_steps(c["m"], c["a"])
        return steps if c["inverse"] is None else 2 * steps + 1

    def grade(self, answer, problem):
        c = problem.check
        if says_none(answer, NO_INVERSE):
            if c["inverse"] is None:
                return right()
            return wrong(f"{c['a']} does have an inverse modulo {c['m']}.")
        try:  # "x = 10" or "7^{-1} = 10"
            x = read_named_int(answer, ["x", f"{c['a']}^-1", f"{c['a']}^(-1)"])
        except ParseError as exc:
            return refused(exc)
        if c["inverse"] is None:
            return wrong(f"{c['a']} has no inverse modulo {c['m']}: they share a factor.")
        if not 0 <= x < c["m"]:
            return wrong(f"Give the inverse in the range 0 to {c['m'] - 1}.")
        if x != c["inverse"]:
            return wrong(f"{c['a']} * {x} does not leave remainder 1 modulo {c['m']}.")
        return right()

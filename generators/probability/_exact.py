"""Exact answers for the probability tasks: the answer formats, the check a problem stores, the
grader of exact values, an exact linear solver, and a finite probability space for event algebra.

    grade_exact("3/8", {"value": [3, 8]})              # right()
    grade_exact("6/16", {"value": [3, 8]})             # wrong: not in lowest terms
    grade_exact("0.375", {"value": [3, 8], "decimals": True})   # right(): the prompt allowed decimals
    solve_linear([[2, 1], [1, 3]], [3, 5])             # [Fraction(4, 5), Fraction(7, 5)]
"""
from __future__ import annotations

import math
import re
from collections import defaultdict
from fractions import Fraction
from math import gcd

from procgym.kit import decimal_text, read_number, refused
from procgym.parsing import ParseError
from procgym.verdict import Verdict, right, wrong

PROB_FORMAT = "a fraction p/q in lowest terms (exact; not a decimal)"
PROB_EXAMPLE = "-5/12"  # the format, and never the answer: no probability is negative
EXACT_FORMAT = "an exact number: an integer or a fraction p/q in lowest terms (not a decimal)"
EXACT_DECIMAL_FORMAT = ("an exact number: an integer, a fraction p/q in lowest terms, or a terminating decimal "
                        "equal to the exact value (do not round)")

_APPROX = re.compile(r"\\approx|\u2248|~=")
_FRACTION_FORM = re.compile(r"[+-]?(?:\\[dt]?frac\{([+-]?\d+)\}\{([+-]?\d+)\}|([+-]?\d+)/([+-]?\d+))")


def fraction_check(value, decimals: bool = False, **extra) -> dict:
    """The JSON check of an exact answer: {"value": [p, q], "decimals": bool, ...}."""
    value = Fraction(value)
    return {"value": [value.numerator, value.denominator], "decimals": decimals, **extra}


def percent_text(value) -> str:
    """A probability as a percentage with an exact terminating decimal: 0.025 -> '2.5%'."""
    return decimal_text(Fraction(value) * 100) + "%"


def agrees(value: Fraction, approx: str) -> bool:
    """Whether a decimal shown after an exact answer ("5/12 \\approx 0.4167") is that value rounded or
    truncated to the digits shown."""
    try:
        shown = read_number(approx)
    except ParseError:
        return False
    scale = 10 ** (len(approx.split(".", 1)[1]) if "." in approx else 0)
    scaled = value * scale
    grid = {math.floor(scaled + Fraction(1, 2)), math.ceil(scaled - Fraction(1, 2)), math.trunc(scaled)}
    return shown * scale in grid


def grade_exact(answer: str, check: dict, what: str = "the exact answer") -> Verdict:
    """An exact rational answer that must equal check["value"]: a fraction must be in lowest terms;
    a decimal is accepted only when check["decimals"] (the prompt said so), and then only an exact one.
    A decimal approximation may follow the exact answer ("5/12 \\approx 0.4167") if it agrees with it."""
    p, q = check["value"]
    decimals = check.get("decimals", False)
    parts = _APPROX.split(answer)
    if len(parts) > 2 or (len(parts) == 2 and not agrees(Fraction(p, q), parts[1].strip())):
        return wrong("Not an answer: give the exact value (an approximation after it must agree with it).")
    answer = parts[0].strip()
    try:
        given = read_number(answer, decimals=decimals)
    except ParseError as exc:
        if not decimals and "decimal" in str(exc):
            return wrong("Give the exact value as a fraction p/q, not a decimal.")
        return refused(exc)
    if given != Fraction(p, q):
        return wrong(f"That is not {what}.")
    m = _FRACTION_FORM.fullmatch(answer.replace(" ", ""))
    if m:
        num, den = (int(g) for g in (m.groups()[:2] if m.group(1) is not None else m.groups()[2:]))
        if gcd(num, den) != 1:
            return wrong("The fraction is not in lowest terms.")
    return right()


def solve_linear(a, b) -> list[Fraction] | None:
    """The unique solution of a x = b (square, rational entries) by fraction-free Gauss-Jordan
    elimination on integer rows (each row scaled to integers and kept divided by its gcd), or None
    when the system is singular."""
    n = len(a)
    m = []
    for row, y in zip(a, b):
        vals = list(row) + [y]
        if all(type(v) is int for v in vals):
            m.append(vals)
            continue
        vals = [Fraction(v) for v in vals]
        den = 1
        for v in vals:
            den = den * v.denominator // gcd(den, v.denominator)
        m.append([v.numerator * (den // v.denominator) for v in vals])
    for col in range(n):
        pivot = next((r for r in range(col, n) if m[r][col] != 0), None)
        if pivot is None:
            return None
        m[col], m[pivot] = m[pivot], m[col]
        prow = m[col]
        pv = prow[col]
        for r in range(n):
            if r != col and m[r][col] != 0:
                f = m[r][col]
                row = [x * pv - f * y for x, y in zip(m[r], prow)]
                g = 0
                for x in row:
                    g = gcd(g, x)
                m[r] = [x // g for x in row] if g > 1 else row
    return [Fraction(m[i][n], m[i][i]) for i in range(n)]


class Space:
    """A finite probability space for fast exact event algebra: outcomes with positive integer
    weights, grouped by weight, an event being one bitmask per weight group. Then
    P(A | B) = sum_w w * |A and B in group w| / sum_w w * |B in group w|, with no loop over outcomes.

        space = Space([((1, 1), 1), ((1, 2), 2), ((2, 2), 1)])
        even = space.event(lambda o: sum(o) % 2 == 0, key="even")
        space.probability(even)                      # Fraction(1, 2)
    """

    def __init__(self, items):
        groups: dict = defaultdict(list)
        for outcome, weight in items:
            if weight:
                groups[weight].append(outcome)
        self.weights = sorted(groups)
        self.groups = [groups[w] for w in self.weights]
        self.full = tuple((1 << len(g)) - 1 for g in self.groups)
        self._cache: dict = {}

    def event(self, predicate, key=None) -> tuple:
        """The masks of the outcomes where predicate holds (cached under `key` when given)."""
        if key is not None and key in self._cache:
            return self._cache[key]
        masks = tuple(int("".join("1" if predicate(o) else "0" for o in reversed(g)), 2) for g in self.groups)
        if key is not None:
            self._cache[key] = masks
        return masks

    def measure(self, masks) -> int:
        return sum(w * m.bit_count() for w, m in zip(self.weights, masks))

    @staticmethod
    def combine(join: str, events) -> tuple:
        """'all' (and), 'any' (or) or 'one' (exactly one) of several events."""
        events = list(events)
        out = []
        for parts in zip(*events):
            if join == "all":
                m = -1
                for x in parts:
                    m &= x
            elif join == "any":
                m = 0
                for x in parts:
                    m |= x
            else:
                ones = twos = 0
                for x in parts:
                    twos |= ones & x
                    ones ^= x
                m = ones & ~twos
            out.append(m)
        return tuple(out)

    def probability(self, event, given=None) -> Fraction:
        """P(event | given) (given None: unconditional); Fraction(-1) when P(given) = 0."""
        given = self.full if given is None else given
        den = self.measure(given)
        if den == 0:
            return Fraction(-1)
        return Fraction(self.measure(tuple(a & b for a, b in zip(event, given))), den)

"""Inequalities in one variable, answered as a union of intervals: linear, compound, polynomial,
rational and absolute-value inequalities."""
from __future__ import annotations

import math
import operator
import re
from fractions import Fraction

from procgym import Draft, Knob, Task, register

from ._absolute_values import abs_critical_points, abs_eval, abs_nodes, abs_text, read_abs
from ._intervals import grade_intervals, interval_text, intervals_from_json, intervals_json, solve_by_sign_chart
from ._polynomials import Steps, factor_text, padd, peval, pmul, poly_text, ppow, pscale, psub, read_poly
from ._surds import real_roots

OPS = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}
FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}

INTERVAL_FORMAT = ('the solution set in interval notation: intervals such as (a, b), [a, b), (-inf, b] joined by " U " '
                   '(e.g. (-inf, -3/2) U [2, 1000]); a single point as {a}; "none" if no x satisfies it and (-inf, inf) if '
                   'every x does; endpoints as integers or fractions p/q')


def _linear(rng, lead_max: int, root_max: int) -> list[int]:
    """a x - b with a > 0 (lowest power first)."""
    a = rng.randint(1, lead_max)
    b = rng.randint(-root_max, root_max)
    g = math.gcd(a, b) or 1
    return [-b // g, a // g]


def critical_points(poly) -> list[Fraction]:
    """The real roots of a polynomial, which must all be rational here."""
    if len(poly) <= 1:
        return []
    pts = []
    for r in real_roots(poly):  # rational root theorem, then the quadratic formula for the rest
        if not r.rational:
            raise ValueError("an irrational critical point")
        pts.append(r.p)
    return pts


@register
class SolveInequality(Task):
    """Solve an inequality in x and give the solution set as a union of intervals. Level 1 is a
    linear inequality (with a negative coefficient, so the direction flips); then compound
    inequalities, |ax + b| compared with a constant, quadratics, then polynomials of degree 3-5
    with repeated roots (where the sign does not change, and a non-strict inequality keeps an
    isolated point), given expanded so they must be factored, and rational inequalities where
    the zeros of the denominator are always excluded and terms must first be moved to one side;
    past level 10, up to nine factors with more of them repeated.
    The reference is a sign chart: exact rational critical points (rational root theorem) and a
    test of each point and of each gap between them, in exact arithmetic."""

    name = "algebra/solve_inequality"
    knobs = (
        Knob("kind", ["linear", ["linear", "compound"], ["compound", "absolute", "quadratic"], ["quadratic", "absolute"],
                      ["quadratic", "polynomial", "absolute"], ["polynomial", "rational", "absolute"],
                      ["polynomial", "rational", "absolute"], ["polynomial", "rational"], ["polynomial", "rational"],
                      "rational"] + [["polynomial", "rational"]] * 10,
             choices=("linear", "compound", "absolute", "quadratic", "polynomial", "rational"),
             doc="the kind of inequality"),
        Knob("n_factors", [1, 1, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 8, 9, 9], (1, 9),
             doc="linear factors of a polynomial or rational inequality (numerator and denominator together)"),
        Knob("repeated", [0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4], (0, 4),
             doc="factors squared (even multiplicity)"),
        Knob("lead_max", [3, 3, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 6], (1, 6),
             doc="largest leading coefficient of a factor (above 1: fractional endpoints)"),
        Knob("expanded", [False, False, False] + [True] * 17,
             doc="polynomials are shown multiplied out, so they must be factored"),
        Knob("rearrange", [False, False, False, False] + [True] * 16,
             doc="terms appear on both sides and must be moved across first"),
        Knob("root_max", [6, 6, 6, 6, 7, 7, 8, 8, 8, 9, 10, 10, 11, 11, 12, 12, 12, 13, 13, 14], (1, 30),
             doc="largest numerator of an endpoint"),
    )
    answer_format = INTERVAL_FORMAT
    # every endpoint of the task is at most 180 in size (root_max 30), so the example is never an answer
    example = "(-inf, -3/2) U [2, 1000]"

    def build(self, rng, params):
        kind = params["kind"]
        op = rng.choice(list(OPS))
        text, holds, points = getattr(self, f"_{kind}")(rng, params, op)
        solution = solve_by_sign_chart(points, holds)  # the reference: an exact sign chart
        question = f"Solve this inequality for the real number x:\n\n{text}"
        return Draft(question, interval_text(solution), {"intervals": intervals_json(solution)})

    # each maker returns (text, predicate on exact rationals, critical points derived from the text's data)

    def _linear(self, rng, params, op):
        top = params["root_max"]
        a, c = rng.randint(-top, top), rng.randint(-top, top)
        while a == c:
            c = rng.randint(-top, top)
        if rng.random() < 0.6 and a > c:
            a, c = c, a  # x ends up with a negative coefficient: the direction flips
        b, d = rng.randint(-3 * top, 3 * top), rng.randint(-3 * top, 3 * top)
        left, right = [b, a], [d, c]
        diff = psub(left, right)
        return (f"{poly_text(left)} {op} {poly_text(right)}", lambda x: OPS[op](peval(left, x), peval(right, x)),
                critical_points(diff))

    def _compound(self, rng, params, op):
        top = params["root_max"]
        a = rng.choice([-1, 1]) * rng.randint(1, params["lead_max"] + 1)
        b = rng.randint(-top, top)
        lo = rng.randint(-2 * top, 2 * top)
        hi = lo + rng.randint(1, 3 * top)
        op1, op2 = rng.choice(["<", "<="]), rng.choice(["<", "<="])
        mid = [b, a]
        pts = critical_points([b - lo, a]) + critical_points([b - hi, a])
        return (f"{lo} {op1} {poly_text(mid)} {op2} {hi}",
                lambda x: OPS[op1](lo, peval(mid, x)) and OPS[op2](peval(mid, x), hi), pts)

    def _absolute(self, rng, params, op):
        top = params["root_max"]
        inner = [rng.randint(-top, top), rng.choice([-1, 1, 1, 1]) * rng.randint(1, params["lead_max"])]
        lhs = ("abs", ("poly", inner))
        if params["n_factors"] >= 3 and rng.random() < 0.5:
            other = [rng.randint(-top, top), rng.choice([-1, 1]) * rng.randint(1, params["lead_max"])]
            rhs = ("abs", ("poly", other)) if rng.random() < 0.5 else ("poly", other)
        else:
            rhs = ("poly", [rng.randint(-2, 2 * top)])
        if params["rearrange"] and rng.random() < 0.5:
            k = rng.randint(1, top)
            lhs = ("sum", [lhs, ("poly", [k])])
            rhs = ("sum", [rhs, ("poly", [k])]) if rhs[0] != "poly" else ("poly", padd(rhs[1], [k]))
        pts = abs_critical_points(lhs, rhs)
        return (f"{abs_text(lhs)} {op} {abs_text(rhs)}", lambda x: OPS[op](abs_eval(lhs, x), abs_eval(rhs, x)), pts)

    def _factors(self, rng, params, n):
        return [_linear(rng, params["lead_max"], params["root_max"]) for _ in range(n)]

    def _product_text(self, factors, powers, sign) -> str:
        text = "".join(factor_text(f) + (f"^{k}" if k > 1 else "") for f, k in zip(factors, powers))
        return ("-" if sign < 0 else "") + text

    def _quadratic(self, rng, params, op):
        return self._polynomial(rng, params, op, n=2, repeated=0)

    def _polynomial(self, rng, params, op, n=None, repeated=None):
        n = max(2, params["n_factors"]) if n is None else n
        rep = min(params["repeated"] if repeated is None else repeated, n - 1)
        factors = self._factors(rng, params, n - rep)
        powers = [1] * len(factors)
        for i in rng.sample(range(len(factors)), rep):
            powers[i] = 2
        sign = rng.choice([1, -1]) if params["lead_max"] > 1 or n > 2 else 1
        poly = [sign]
        for f, k in zip(factors, powers):
            poly = pmul(poly, ppow(f, k))
        if params["expanded"]:
            left, right = poly, []
            if params["rearrange"]:
                right = [rng.randint(-9, 9), rng.randint(-3, 3)] + ([rng.choice([0, 0, 1, -1])] if n > 2 else [])
                left = padd(poly, right)
            text = f"{poly_text(left)} {op} {poly_text(right)}"
        else:
            left, right = poly, []
            text = f"{self._product_text(factors, powers, sign)} {op} 0"
        pts = critical_points(psub(left, right))
        return text, (lambda x: OPS[op](peval(left, x), peval(right, x))), pts

    def _rational(self, rng, params, op):
        n = max(2, params["n_factors"])
        factors = self._factors(rng, params, n)
        seen, distinct = set(), []
        for f in factors:
            if tuple(f) not in seen:
                seen.add(tuple(f))
                distinct.append(f)
        n_den = rng.randint(1, max(1, len(distinct) - 1))
        num_f, den_f = distinct[n_den:] or [[rng.randint(1, 5)]], distinct[:n_den]
        num, den = [rng.choice([1, -1])], [1]
        for f in num_f:
            num = pmul(num, f)
        for f in den_f:
            den = pmul(den, f)
        if params["repeated"] and len(den_f) == 1 and rng.random() < 0.5:
            den = pmul(den, den_f[0])  # a squared denominator factor: the sign does not change there
        k = rng.randint(-3, 3) if params["rearrange"] else 0
        shown_num = padd(num, pscale(den, k))  # (num + k den)/den op k  <=>  num/den op 0
        if params["expanded"]:
            text = f"({poly_text(shown_num)})/({poly_text(den)}) {op} {k}"
        else:
            text = f"{factor_text(shown_num)}/({poly_text(den)}) {op} {k}"

        def holds(x):
            d = peval(den, x)
            return d != 0 and OPS[op](peval(shown_num, x) / d, k)

        pts = critical_points(psub(shown_num, pscale(den, k))) + critical_points(den)
        return text, holds, pts

    def effort(self, problem):
        """The sign chart's work: the terms moved to one side (over a common denominator for a
        rational inequality), the critical points found by the rational root search (counted),
        and the test of each point and each gap between them (one step per coefficient evaluated)."""
        text = problem.prompt.split("\n\n")[1]
        parts = re.split(r" (<=|>=|<|>) ", text)
        steps = Steps()
        if len(parts) == 5:  # lo op (ax + b) op hi: both bounds moved across and solved for
            mid = read_poly(parts[2])
            for bound in (parts[0], parts[4]):
                real_roots(psub(mid, [Fraction(bound)]), steps)
            return 2 + steps.count + 5 * (len(mid) + 2)
        lhs, _, rhs = parts
        if "|" in text:
            left, right = read_abs(lhs), read_abs(rhs)
            points = abs_critical_points(left, right, steps)
            return steps.count + (2 * len(points) + 1) * (abs_nodes(left) + abs_nodes(right) + 2)
        (n1, d1), (n2, d2) = _read_side(lhs), _read_side(rhs)
        num, den = psub(pmul(n1, d2), pmul(n2, d1)), pmul(d1, d2)
        moved = 0 if rhs == "0" else sum(1 for c in n2 if c)
        points = set()
        for poly in (num, den):
            if len(poly) > 1:
                points.update(float(r) for r in real_roots(poly, steps))
        return moved + steps.count + (2 * len(points) + 1) * (len(num) + len(den))

    def grade(self, answer, problem):
        return grade_intervals(answer, intervals_from_json(problem.check["intervals"]))


def _read_side(text: str) -> tuple[list, list]:
    """(numerator, denominator) of one side of an inequality the task wrote: a polynomial, a
    product of factors with powers, or a fraction of those (a problem's own text only)."""
    if m := re.fullmatch(r"(.*)/\((.*)\)", text):
        return _read_product(m.group(1)), read_poly(m.group(2))
    return (_read_product(text) if "(" in text else read_poly(text)), [Fraction(1)]


def _read_product(text: str) -> list:
    sign = -1 if text.startswith("-") else 1
    out = [Fraction(sign)]
    for body, power in re.findall(r"(x|\([^()]*\))(?:\^(\d+))?", text):
        out = pmul(out, ppow(read_poly(body.strip("()")) if body != "x" else [0, 1], int(power or 1)))
    return out

"""Critical points and extrema of polynomials: where f' = 0, which are local maxima or minima,
and the absolute maximum or minimum on a closed interval."""
from __future__ import annotations

import math
import re
from fractions import Fraction

import numpy as np

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, frac_text, grade_number, grade_set, read_number, read_rhs, read_value, refused
from procgym.parsing import ParseError

from ._polynomials import p_deriv, p_eval, p_mul, poly_text, root_search_steps

_WORD_SEPARATOR = re.compile(r"\s+(?:and|or)\s+", re.IGNORECASE)
_AT = re.compile(r"^f\((.+)\)$")
ASKS = ("critical_points", "local_max", "local_min", "abs_max", "abs_min")


def _homogeneous(p: list[int], a: int, b: int) -> int:
    """b^n p(a/b) for an integer polynomial of degree n: zero iff a/b is a root."""
    n = len(p) - 1
    out, apow = 0, 1
    bpows = [1]
    for _ in range(n):
        bpows.append(bpows[-1] * b)
    for i, c in enumerate(p):
        if c:
            out += c * apow * bpows[n - i]
        apow *= a
    return out


def _deflate(p: list[int], a: int, b: int) -> list[int]:
    """p(x) / (b x - a), exactly, for a root a/b in lowest terms (Gauss: the quotient is integral)."""
    n = len(p) - 1
    q = [0] * n
    carry = 0  # q_k for the k above
    for k in range(n, 0, -1):
        q[k - 1] = (p[k] + a * carry) // b
        carry = q[k - 1]
    return q


def rational_roots(poly: list) -> list[tuple[Fraction, int]]:
    """The distinct rational roots of an integer polynomial (coefficients lowest degree first) with
    their multiplicities: located numerically, confirmed exactly, deflated exactly. Raises
    ValueError if a real root is left that is not rational (the generators never make one)."""
    p = [int(c) for c in poly]
    while p and p[-1] == 0:
        p.pop()
    out: list[tuple[Fraction, int]] = []
    zeros = 0
    while p and p[0] == 0:
        p.pop(0)
        zeros += 1
    if zeros:
        out.append((Fraction(0), zeros))
    lead = abs(p[-1]) if p else 1
    dens = [d for d in range(1, lead + 1) if lead % d == 0] if lead < 10**5 else [1]
    while len(p) > 1:
        found = None
        for z in np.roots([float(c) for c in reversed(p)]):
            if abs(z.imag) > 1e-3 * max(1.0, abs(z)):
                continue
            for den in dens:
                num = round(z.real * den)
                if math.gcd(num, den) == 1 and _homogeneous(p, num, den) == 0:
                    found = (num, den)
                    break
            if found is not None:
                break
        if found is None:
            break
        mult = 0
        while len(p) > 1 and _homogeneous(p, *found) == 0:
            p = _deflate(p, *found)
            mult += 1
        out.append((Fraction(*found), mult))
    if len(p) > 1 and any(abs(z.imag) <= 1e-6 * max(1.0, abs(z)) for z in np.roots([float(c) for c in reversed(p)])):
        raise ValueError("a real root that is not rational")
    return sorted(out)


def classify(fprime: list, roots: list[Fraction]) -> dict[Fraction, str]:
    """'max', 'min' or 'neither' for each critical point, from the sign of f' on either side."""
    pts = sorted(roots)
    probes = [pts[0] - 1] + [(a + b) / 2 for a, b in zip(pts, pts[1:])] + [pts[-1] + 1]
    signs = [p_eval(fprime, t) > 0 for t in probes]
    out = {}
    for i, r in enumerate(pts):
        left, right = signs[i], signs[i + 1]
        out[r] = "max" if left and not right else "min" if right and not left else "neither"
    return out


def _root(rng, fractional: bool, used: set, top: int = 4) -> Fraction:
    for _ in range(50):
        if fractional and rng.random() < 0.5:
            r = Fraction(rng.choice((-5, -3, -1, 1, 3, 5)), rng.choice((2, 3)))
        else:
            r = Fraction(rng.randint(-top, top))
        if r not in used:
            used.add(r)
            return r
    raise ValueError("no root left")


def _x_list(values) -> str:
    return ", ".join(frac_text(v) for v in sorted(values)) if values else "none"


@register
class Extrema(Task):
    """Critical points and extrema of a polynomial f. Asks for all critical points, the x-values
    of local maxima or minima, or the absolute maximum or minimum value on [a, b]. Level 1 is a
    quadratic; levels 2-4 cubics (the interval question from level 4); level 5 quartics; level 6
    fractional critical points; level 7 a repeated root of f' (a critical point that is not an
    extremum); levels 8-10 add a fourth critical point or an irreducible quadratic factor of f'
    (at level 10 both: f has degree up to 8).
    Critical points are found as the rational roots of f' (located numerically and confirmed
    exactly), classified by the sign of f' between them, and the extreme value comes from exact
    evaluation at the endpoints and the interior critical points. About 2,700 problems/s at level
    5 and 800/s at level 10, where degree-8 polynomials are redrawn until their coefficients
    stay readable."""

    name = "calculus/extrema"
    cap_reason = ("f's coefficients are kept at most 3000 so that f stays readable; level 10 (four critical points, "
                  "a repeated root and an irreducible quadratic factor of f', degree up to 8) is about the largest f "
                  "that fits: with five or more critical points most draws exceed it")
    knobs = (
        Knob("ask", [["critical_points", "local_max", "local_min"], ["critical_points"], ["local_max", "local_min"],
                     list(ASKS), list(ASKS), list(ASKS), list(ASKS), list(ASKS), list(ASKS), list(ASKS)],
             choices=ASKS, doc="what is asked (a list: one is drawn per problem)"),
        Knob("n_roots", [1, 2, 2, 2, 3, 3, 3, 3, 4, 4], (1, 6), doc="distinct critical points"),
        Knob("fractional", [False, False, False, False, False, True, True, True, True, True],
             doc="critical points may be fractions"),
        Knob("repeated", [False, False, False, False, False, False, True, True, True, True],
             doc="f' may have a double or triple root (a critical point that is not always an extremum)"),
        Knob("quadratic_factor", [False, False, False, False, False, False, False, True, False, True],
             doc="f' has an irreducible quadratic factor"),
    )
    answer_format = "the x-values as a comma-separated list of exact numbers in any order, or none"
    example = "-2, 1/3, 5"  # critical points are at most 4 in size: never an answer

    def build(self, rng, params):
        ask = params["ask"]
        top = 4 if params["n_roots"] <= 2 else 3
        for _ in range(100):
            used: set = set()
            roots = [_root(rng, params["fractional"], used, top) for _ in range(params["n_roots"])]
            fprime = [1]  # integer coefficients: a root p/q contributes (q x - p)
            for r in roots:
                mult = 1
                if params["repeated"] and rng.random() < 0.35:
                    mult = rng.choice((2, 2, 3))
                for _ in range(mult):
                    fprime = p_mul(fprime, [-r.numerator, r.denominator])
            if params["quadratic_factor"]:
                fprime = p_mul(fprime, [rng.randint(1, 4), 0, 1])
            f = [Fraction(c, i + 1) for i, c in enumerate(fprime)]
            scale = math.lcm(*(c.denominator for c in f if c)) * rng.choice((1, 1, 2, -1, -1, -2))
            f = [0] + [int(c * scale) for c in f]
            if max(abs(c) for c in f) > 3000:
                continue
            f[0] = rng.randint(-9, 9)
            break
        else:
            raise ValueError(f"knobs {sorted(params)}: the polynomial gets too large; use fewer roots")
        f = [int(c) for c in f]
        # ---- the solution, from f alone
        df = p_deriv(f)
        crit = [r for r, _m in rational_roots(df)]
        kinds = classify(df, crit)
        text = poly_text(f)
        if ask in ("abs_max", "abs_min"):
            lo, hi = self._interval(rng, crit)
            candidates = [Fraction(lo), Fraction(hi)] + [c for c in crit if lo < c < hi]
            values = [p_eval(f, c) for c in candidates]
            value = max(values) if ask == "abs_max" else min(values)
            word = "maximum" if ask == "abs_max" else "minimum"
            question = (f"Let f(x) = {text}.\n\nWhat is the absolute {word} value of f on the closed interval "
                        f"[{lo}, {hi}]? Give the value of f there, not the x-value.")
            return Draft(question, frac_text(value), {"ask": ask, "value": [value.numerator, value.denominator],
                                                      "f": f, "interval": [lo, hi]},
                         answer_format="an exact integer or fraction p/q",
                         example="-27/7")  # values at the candidates have denominators 2^a 3^b: never an answer
        if ask == "critical_points":
            xs = crit
            question = f"Let f(x) = {text}.\n\nFind every critical point of f: every real x with f'(x) = 0."
        else:
            want = "max" if ask == "local_max" else "min"
            xs = [c for c in crit if kinds[c] == want]
            word = "maximum" if want == "max" else "minimum"
            question = (f"Let f(x) = {text}.\n\nAt which x-values does f have a local {word}? List every such x "
                        f"(write none if there is none).")
        return Draft(question, _x_list(xs), {"ask": ask, "xs": [[v.numerator, v.denominator] for v in xs], "f": f})

    @staticmethod
    def _interval(rng, crit):
        """[lo, hi] with integer ends holding at least one critical point inside, often not all."""
        c = crit[rng.randrange(len(crit))]
        lo = max(-4, math.floor(c) - rng.randint(1, 2))
        hi = min(4, math.ceil(c) + rng.randint(1, 2))
        if c == lo or c == hi:
            hi += 1
        return lo, hi

    def effort(self, problem):
        """Steps by hand: differentiate (one per term), find the roots of f' by the rational
        root theorem (its common factor taken out, candidates tested and roots divided out until
        a quadratic is left for the quadratic formula: root_search_steps), then for a local extremum
        test the sign of f' in each gap between them, and for an absolute one evaluate f at the
        ends and at the critical points inside."""
        c = problem.check
        f = c["f"]
        df = p_deriv(f)
        crit = [r for r, _m in rational_roots(df)]
        steps = len(f) - 1 + root_search_steps(df)
        if c["ask"] in ("local_max", "local_min"):
            steps += (len(crit) + 1) * len(df)
        if c["ask"] in ("abs_max", "abs_min"):
            lo, hi = c["interval"]
            steps += (2 + sum(1 for r in crit if lo < r < hi)) * len(f)
        return steps

    def grade(self, answer, problem):
        c = problem.check
        if c["ask"] in ("abs_max", "abs_min"):
            value = Fraction(*c["value"])
            try:
                # "f(2) = -27/4" is allowed where f reaches that value at 2 on the interval
                text = read_rhs(answer, ("f", "max", "min"),
                                lhs_ok=lambda lhs: _reaches(lhs, c["f"], c["interval"], value))
            except ParseError as exc:
                return refused(exc)
            return grade_number(text, value, "the extreme value")
        text = _WORD_SEPARATOR.sub(", ", answer).replace(";", ",")
        return grade_set(text, {Fraction(*v) for v in c["xs"]}, _x_value, "the required x-values")


def _x_value(text: str) -> Fraction:
    """One x-value, bare or as x = value."""
    return read_value(text, read_number, "x")


def _reaches(lhs: str, f: list, interval: list, value: Fraction) -> bool:
    """Whether `lhs` is f(c) for a point c of the interval where f takes `value`."""
    m = _AT.match(lhs.strip())
    if not m:
        return False
    try:
        at = read_number(m.group(1))
    except NotAnAnswer:
        return False
    return interval[0] <= at <= interval[1] and p_eval(f, at) == value

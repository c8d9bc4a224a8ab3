"""Exponential and logarithmic equations with exact answers (rationals, surds, logarithms)."""
from __future__ import annotations

import re
from fractions import Fraction

import sympy

from procgym import Draft, Knob, Task, register
from procgym.kit import frac_text
from procgym.parsing import clean

from ._polynomials import pmul, poly_text
from ._surds import QUADRATIC_FORMULA_STEPS, Surd, quadratic_roots, real_roots
from ._value_sets import grade_value_set

FORMS = ("same_base", "common_base", "log_basic", "exp_e", "log_sum", "log_diff", "quadratic_exp", "different_bases")


def power_exponent(value: Fraction, base: int) -> int | None:
    """k with base^k == value (|k| <= 40), or None."""
    if value <= 0:
        return None
    k, v = 0, Fraction(value)
    while v.numerator % base == 0 and k < 40:
        v /= base
        k += 1
    while v.denominator % base == 0 and k > -40:
        v *= base
        k -= 1
    return k if v == 1 else None


def perfect_power(n: int) -> tuple[int, int]:
    """(c, i) with n = c^i and c as small as possible (n >= 2)."""
    for c in range(2, n + 1):
        k = power_exponent(Fraction(n), c)
        if k is not None and k >= 1:
            return c, k
    return n, 1


def _lin(p, q, var="x") -> str:
    return poly_text([q, p], var)


def _exp(base, p, q) -> str:
    body = _lin(p, q)
    return f"{base}^{body}" if body == "x" else f"{base}^({body})"


def rational_log(u: Fraction, b: int) -> Fraction | None:
    """log_b(u) when it is rational (u and b powers of one base), else None."""
    if u <= 0:
        return None
    k = power_exponent(u, b)
    if k is not None:
        return Fraction(k)
    if u.denominator != 1 and u.numerator != 1:
        return None
    whole = u.numerator if u.denominator == 1 else u.denominator
    if whole < 2:
        return None
    cu, iu = perfect_power(whole)
    cb, ib = perfect_power(b)
    if cu != cb:
        return None
    return Fraction(iu if u.denominator == 1 else -iu, ib)


def _surd_sym(u: Surd) -> sympy.Expr:
    p = sympy.Rational(u.p.numerator, u.p.denominator)
    q = sympy.Rational(u.q.numerator, u.q.denominator)
    return p + q * sympy.sqrt(u.d) if u.q else p


def _value_text(x) -> str:
    if isinstance(x, Fraction):
        return frac_text(x)
    return sympy.sstr(x).replace("**", "^")


_LOG_BARE = re.compile(r"\\?log_\{?\s*(\d+)\s*\}?\s+(\d+(?:/\d+)?)\b")
_LOG_BASE = re.compile(r"\\?log_\{?\s*(\d+|e)\s*\}?\s*\(")


def rewrite_log_bases(text: str) -> str:
    """'log_5(7)', '\\log_{5}(7)' and 'log_5 7' -> 'log(7, 5)', so the safe parser reads them."""
    s = _LOG_BARE.sub(lambda m: f"log({m.group(2)}, {m.group(1)})", clean(text))
    for _ in range(20):
        m = _LOG_BASE.search(s)
        if not m:
            break
        depth, j = 1, m.end()
        while j < len(s) and depth:
            depth += {"(": 1, ")": -1}.get(s[j], 0)
            j += 1
        if depth:
            break
        base = m.group(1)
        inner = s[m.end():j - 1]
        s = s[:m.start()] + (f"log({inner})" if base == "e" else f"log({inner}, {base})") + s[j:]
    return s


@register
class ExpLogEquation(Task):
    """Solve an exponential or logarithmic equation exactly. Level 1 is b^(px + q) = b^k; then
    logarithms log_b(ax + c) = k, bases that are powers of a common base (4^(x+1) = 8^(x-1)),
    e and ln; then sums and differences of logarithms (combine, solve a quadratic or linear
    equation, discard roots outside the domain), equations quadratic in b^x (discard
    non-positive roots, and answers like log(3)/log(2)), bases with no common power (take
    logarithms of both sides), and disguised forms such as 4^x - 5*2^x + 4 = 0. The reference
    solves each form exactly (exact powers, the quadratic formula, domain checks in exact
    arithmetic); any equivalent exact form of each answer is accepted."""

    name = "algebra/exp_log_equation"
    released_dips = {
        4: "level 4 mixes e and ln equations, one logarithm and a linear step, into level 3's common-base forms",
        7: "level 7 swaps log_diff for exp_e and different_bases, both shorter than the forms they join",
        10: "level 10 drops log_sum, the longest form (a quadratic and a domain check), leaving level 9's other two",
    }
    cap_reason = ("every form is an equation of fixed shape (one power or logarithm per side, two logarithms, or "
                  "a quadratic in b^x), all of them in play by level 10: larger bases and coefficients would only "
                  "grow the numbers, not the reasoning")
    knobs = (
        Knob("form", ["same_base", ["same_base", "log_basic"], ["common_base", "log_basic"],
                      ["common_base", "log_basic", "exp_e"], ["log_sum", "log_diff", "common_base", "different_bases"],
                      ["log_sum", "log_diff", "quadratic_exp"], ["quadratic_exp", "different_bases", "log_sum", "exp_e"],
                      ["quadratic_exp", "different_bases", "log_diff", "log_sum"],
                      ["quadratic_exp", "different_bases", "log_sum"], ["quadratic_exp", "different_bases"]],
             choices=FORMS, doc="the shape of the equation"),
        Knob("disguised", [False, False, False, False, False, False, False, False, True, True],
             doc="powers are written in another base (4^x for (2^x)^2) or with shifted exponents"),
        Knob("base_max", [3, 3, 5, 5, 5, 5, 6, 6, 7, 7], (2, 10), doc="largest base"),
        Knob("coef_max", [4, 4, 5, 6, 6, 7, 7, 8, 8, 9], (1, 30), doc="largest coefficient"),
    )
    answer_format = ("all real solutions, exact, separated by commas in any order: integers, fractions p/q, or "
                     "expressions with log(a) (natural logarithm; ln(a), log(a, b) and log_b(a) are also accepted), "
                     "sqrt and e; \"none\" if there is no solution")
    # three solutions: no equation of the task has more than two, so the example is never an answer
    example = "2, -1/2, log(5)/log(3)"

    def build(self, rng, params):
        text, values = getattr(self, f"_{params['form']}")(rng, params)
        texts = [_value_text(v) for v in values]
        question = f"Solve this equation for the real number x:\n\n{text}"
        return Draft(question, ", ".join(texts) if texts else "none", {"roots": texts})

    @staticmethod
    def _base(rng, params) -> int:
        return rng.randint(2, params["base_max"])

    def _same_base(self, rng, params):
        b, top = self._base(rng, params), params["coef_max"]
        p, q = rng.choice([-1, 1]) * rng.randint(1, top), rng.randint(-top, top)
        k = rng.randint(-2, 4) if b <= 3 else rng.randint(-1, 3)
        rhs = Fraction(b) ** k
        kk = power_exponent(rhs, b)  # the reference: read the exponent off the right side
        return f"{_exp(b, p, q)} = {frac_text(rhs)}", [Fraction(kk - q, p)]

    def _common_base(self, rng, params):
        top = params["coef_max"]
        c = rng.choice([2, 2, 3, 5]) if params["base_max"] >= 5 else rng.choice([2, 3])
        while True:
            i, j = rng.sample([1, 2, 3, 4] if c == 2 else [1, 2, 3], 2)
            p, q = rng.choice([-1, 1]) * rng.randint(1, top // 2 + 1), rng.randint(-top, top)
            r, s = rng.choice([-1, 1]) * rng.randint(1, top // 2 + 1), rng.randint(-top, top)
            if i * p != j * r:
                break
        a_base, b_base = c ** i, c ** j
        ci, ii = perfect_power(a_base)  # the reference: rewrite both sides over the smallest common base
        cj, jj = perfect_power(b_base)
        assert ci == cj
        x = Fraction(jj * s - ii * q, ii * p - jj * r)
        return f"{_exp(a_base, p, q)} = {_exp(b_base, r, s)}", [x]

    def _log_basic(self, rng, params):
        b, top = self._base(rng, params), params["coef_max"]
        a, c = rng.choice([-1, 1]) * rng.randint(1, top), rng.randint(-top, top)
        k = rng.randint(0, 3) if b <= 3 else rng.randint(0, 2)
        if rng.random() < 0.2:
            k = -1
        rhs = Fraction(b) ** k
        return f"log_{b}({_lin(a, c)}) = {k}", [(rhs - c) / a]

    def _exp_e(self, rng, params):
        top = params["coef_max"]
        a, b = rng.choice([-1, 1]) * rng.randint(1, top), rng.randint(-top, top)
        if rng.random() < 0.5:
            c = rng.choice([2, 3, 5, 7, 10])
            text = f"e^({_lin(a, b)}) = {c}"
            if rng.random() < 0.2:
                text = f"e^({_lin(a, b)}) = -{c}"
                return text, []  # e^t > 0: no solution
            return text, [(sympy.log(c) - b) / a]
        k = rng.randint(-1, 3)
        return f"ln({_lin(a, b)}) = {k}", [(sympy.exp(k) - b) / a]

    def _log_sum(self, rng, params):
        b, top = self._base(rng, params), params["coef_max"]
        k = rng.randint(1, 4 if b <= 3 else 2)
        target = b ** k
        m1 = rng.choice([d for d in range(1, target + 1) if target % d == 0])
        m2 = target // m1
        x0 = rng.randint(-top, top)
        p, q = m1 - x0, m2 - x0
        poly = pmul([p, 1], [q, 1])
        poly[0] -= target
        roots = real_roots(poly)  # (x + p)(x + q) = b^k, then keep x + p > 0 and x + q > 0
        keep = [r for r in roots if r.minus(-p).sign() > 0 and r.minus(-q).sign() > 0]
        text = f"log_{b}({_lin(1, p)}) + log_{b}({_lin(1, q)}) = {k}"
        return text, [r.p if r.rational else _surd_sym(r) for r in keep]

    def _log_diff(self, rng, params):
        b, top = self._base(rng, params), params["coef_max"]
        for _ in range(100):
            k = rng.randint(1, 2)
            a, c, d = rng.randint(1, top + 4), rng.randint(-top, top), rng.randint(-top, top)
            bk = b ** k
            if a != bk:
                break
        x = Fraction(bk * d - c, a - bk)  # a x + c = b^k (x + d); then the domain check
        keep = [x] if a * x + c > 0 and x + d > 0 else []
        return f"log_{b}({_lin(a, c)}) - log_{b}({_lin(1, d)}) = {k}", keep

    def _quadratic_exp(self, rng, params):
        b = rng.randint(2, min(params["base_max"], 5))
        pool = [1, b, b * b, -1, -b, 2, 3, 5, 6, 7]
        u1, u2 = rng.sample([u for u in pool if u != 0], 2)
        lead = b if params["disguised"] and rng.random() < 0.4 else 1
        # lead u^2 - (lead)(u1 + u2) u + lead u1 u2 = 0 with u = b^x
        m, n = -lead * (u1 + u2), lead * u1 * u2
        roots = quadratic_roots(lead, m, n)  # the reference: solve for u = b^x, keep u > 0
        values = []
        for u in roots:
            if u.sign() <= 0:
                continue
            exact = rational_log(u.p, b) if u.rational else None
            values.append(exact if exact is not None else sympy.log(_surd_sym(u)) / sympy.log(b))
        sq = f"{b * b}^x" if params["disguised"] and lead == 1 else f"{b}^(2x)"
        parts = [f"{b}^(2x + 1)" if lead == b else sq]
        if m:
            parts.append(f"{'-' if m < 0 else '+'} {'' if abs(m) == 1 else f'{abs(m)}*'}{b}^x")
        if n:
            parts.append(f"{'-' if n < 0 else '+'} {abs(n)}")
        return f"{' '.join(parts)} = 0", values

    def _different_bases(self, rng, params):
        top = params["coef_max"]
        a, c = rng.sample([2, 3, 5, 6, 7, 10][: max(3, params["base_max"] - 1)], 2)
        if rng.random() < 0.35:
            return f"{a}^x = {c}", [sympy.log(c) / sympy.log(a)]
        p, q = rng.randint(1, 3), rng.choice([v for v in range(-top, top + 1) if v])
        # (p x + q) log a = x log c  ->  x = q log a / (log c - p log a)
        return f"{_exp(a, p, q)} = {c}^x", [q * sympy.log(a) / (sympy.log(c) - p * sympy.log(a))]

    def effort(self, problem):
        """Steps of the reference's method for the form: reading an exponent off a power (one
        division per factor of the base), rewriting over a common base, raising a base to the
        right side's power (one product per factor), combining logarithms, solving the linear or
        quadratic equation that results, and checking each root against the domain."""
        form, disguised = problem.params["form"], problem.params["disguised"]
        equation = problem.prompt.split("\n\n")[1]
        lhs, rhs = equation.split(" = ")
        k = abs(int(rhs)) if re.fullmatch(r"-?\d+", rhs) else 0
        if form == "same_base":
            base = int(lhs.split("^")[0])
            return abs(power_exponent(Fraction(rhs), base)) + 2
        if form == "common_base":  # both bases as powers of one, then a linear equation
            i, j = (perfect_power(int(side.split("^")[0]))[1] for side in (lhs, rhs))
            return i + j + 2 + 3
        if form == "log_basic":
            return k + 3
        if form == "exp_e":
            return 3
        if form == "log_sum":  # combine, raise, expand, move, solve, check both factors for each root
            return 1 + k + 4 + 1 + QUADRATIC_FORMULA_STEPS + 2 * len(problem.check["roots"] or [0, 0])
        if form == "log_diff":  # combine, raise, cross-multiply, solve, check both arguments
            return 1 + k + 2 + 3 + 2
        if form == "quadratic_exp":  # substitute (and undisguise), solve for u, keep u > 0, take logs
            return 1 + disguised + QUADRATIC_FORMULA_STEPS + 2 + len(problem.check["roots"])
        return 2 if "(" not in lhs else 7  # different bases: take logarithms (then expand and collect)

    def grade(self, answer, problem):
        return grade_value_set(rewrite_log_bases(answer), problem.check["roots"], functions=(sympy.log, sympy.exp),
                               what="the solutions")

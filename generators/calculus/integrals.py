"""Integrals: antiderivatives (any one, checked by differentiating it) and exact definite integrals.

Problems are built from solutions: each term of an integrand comes from a rule of the integral
table (power rule, substitution, integration by parts, partial fractions, arctangent forms),
which gives the integrand f and an antiderivative F as expression trees. The definite value is
F(b) - F(a), computed by an exact evaluator over values like 3/2 - ln(2) + pi/4.
"""
from __future__ import annotations

import math
import re
from fractions import Fraction

import sympy

from procgym import Draft, Knob, Task, register
from procgym.kit import read_rhs, refused
from procgym.parsing import ParseError, equivalent, parse_expression
from procgym.verdict import right, wrong

from ._differentiation import rule_steps
from ._exact_values import NotExact, xadd, xconst, xfloat, xtext, xval
from ._readers import tame
from ._tree import C, X, add, div, fn, fval, glossary, linear, mul, poly_tree, power, rpow, text

_XR = sympy.Symbol("x", real=True)
_X = sympy.Symbol("x")
# the left-hand sides an answer may carry
ANTIDERIVATIVE_LABELS = ("F(x)", "F", "y")
VALUE_LABELS = ("I",)
_INTEGRAL_SIGN = re.compile(r"\s*(?:\\int|\u222b)")  # a left side "\int_0^1 f(x) dx" names the integral asked for
TIERS = ("power rule", "basic functions", "substitution", "integration by parts", "partial fractions",
         "repeated parts and mixed rational forms")

# --------------------------------------------------------------------------- the integral table
# Each rule takes (rng, c, dom) with c a nonzero integer coefficient and dom None (indefinite) or
# a (lo, hi, group) triple; it returns (integrand, antiderivative) or None if it does not fit dom.


def _k(rng, pool=(1, 2, 3, -1, -2)):
    return Fraction(rng.choice(pool))


def _positive(dom) -> bool:
    return dom is None or dom[0] > 0


def _avoids(dom, root) -> bool:
    return dom is None or not (dom[0] - 0.5 <= root <= dom[1] + 0.5)


def r_power(rng, c, dom):
    n = rng.randint(0, 4 if dom is None or dom[2] != "trig" else 2)
    return mul(C(c), power(X, n)), mul(C(Fraction(c, n + 1)), power(X, n + 1))


def r_recip(rng, c, dom):
    if dom is not None and not (dom[0] > 0 or dom[1] < 0):
        return None
    return div(C(c), X), mul(C(c), fn("ln", fn("abs", X) if dom is None or dom[1] < 0 else X))


def r_neg_power(rng, c, dom):
    if dom is not None and not (dom[0] > 0 or dom[1] < 0):
        return None
    n = rng.randint(2, 3)
    return div(C(c), power(X, n)), mul(C(Fraction(-c, n - 1)), power(X, 1 - n))


def r_exp(rng, c, dom):
    if dom is not None and dom[2] != "alg":
        return None
    k = _k(rng, (1, 2, 3, -1, -2, Fraction(1, 2)))
    arg = mul(C(k), X)
    return mul(C(c), fn("exp", arg)), mul(C(c / k), fn("exp", arg))


def r_sin_cos(rng, c, dom):
    if dom is not None and dom[2] != "trig":
        return None
    k = _k(rng, (1, 2, 3))
    arg = mul(C(k), X)
    if rng.random() < 0.5:
        return mul(C(c), fn("sin", arg)), mul(C(-c / k), fn("cos", arg))
    return mul(C(c), fn("cos", arg)), mul(C(c / k), fn("sin", arg))


def r_root(rng, c, dom):
    if dom is not None and (dom[2] != "alg" or dom[0] < 0):
        return None
    return mul(C(c), fn("sqrt", X)), mul(C(Fraction(2 * c, 3)), rpow(X, Fraction(3, 2)))


def r_sec2(rng, c, dom):
    if dom is None or dom[2] != "trig":
        return None
    k = _k(rng, (1, 2) if dom[1] <= math.pi / 4 + 1e-9 else (1,))
    if max(abs(dom[0]), abs(dom[1])) * k >= math.pi / 2 - 1e-9:
        return None
    arg = mul(C(k), X)
    return div(C(c), power(fn("cos", arg), 2)), mul(C(c / k), fn("tan", arg))


def _inner(rng, dom):
    """g(x) and g'(x) for a substitution: a*x + b or x^2 + b or x^3 + b."""
    shape = rng.choice(("lin", "sq", "cube"))
    b = rng.choice((1, 2, 3, -1, -2))
    if shape == "lin":
        a = rng.choice((2, 3, -1))
        return linear(a, b), C(a)
    if shape == "sq":
        return add(power(X, 2), C(b)), mul(C(2), X)
    return add(power(X, 3), C(b)), mul(C(3), power(X, 2))


def r_sub_pow(rng, c, dom):
    if dom is not None and dom[2] != "alg":
        return None
    g, dg = _inner(rng, dom)
    n = rng.choice((2, 3, 4, -2, -3)) if dom is None else rng.choice((2, 3, -2))
    if dom is not None:
        values = [abs(fval(g, t)) for t in (dom[0], dom[1], (dom[0] + dom[1]) / 2)]
        if n < 0 and _changes_sign(g, dom):
            return None
        if max(values) ** (abs(n) + 1) > 2e5:
            return None
    integrand = mul(C(c), dg, power(g, n))
    return integrand, mul(C(Fraction(c, n + 1)), power(g, n + 1))


def _changes_sign(g, dom) -> bool:
    lo, hi = dom[0], dom[1]
    samples = [fval(g, lo + (hi - lo) * i / 40) for i in range(41)]
    return min(samples) <= 0 <= max(samples)


def r_sub_exp(rng, c, dom):
    if dom is not None and dom[2] != "alg":
        return None
    a = rng.choice((1, -1, 2, -2)) if dom is None else rng.choice((1, -1))
    if rng.random() < 0.6 or dom is not None:
        g, dg = mul(C(a), power(X, 2)), mul(C(2 * a), X)
    else:
        g, dg = mul(C(a), power(X, 3)), mul(C(3 * a), power(X, 2))
    return mul(C(c), dg, fn("exp", g)), mul(C(c), fn("exp", g))


def r_sub_trig(rng, c, dom):
    if dom is not None and dom[2] != "trig":
        return None
    if dom is None and rng.random() < 0.5:
        a = rng.choice((1, 2, 3))
        g, dg = mul(C(a), power(X, 2)), mul(C(2 * a), X)
        if rng.random() < 0.5:
            return mul(C(c), dg, fn("cos", g)), mul(C(c), fn("sin", g))
        return mul(C(c), dg, fn("sin", g)), mul(C(-c), fn("cos", g))
    k, n = _k(rng, (1, 2)), rng.randint(1, 3)
    s, co = fn("sin", mul(C(k), X)), fn("cos", mul(C(k), X))
    if rng.random() < 0.5:
        return mul(C(c), power(s, n), co), mul(C(c / (k * (n + 1))), power(s, n + 1))
    return mul(C(c), power(co, n), s), mul(C(-c / (k * (n + 1))), power(co, n + 1))


def r_sub_log(rng, c, dom):
    if dom is not None and dom[2] != "alg":
        return None
    if rng.random() < 0.5:
        b = rng.randint(1, 9)
        g = add(power(X, 2), C(b))
        return div(mul(C(2 * c), X), g), mul(C(c), fn("ln", g))
    a, b = rng.choice((2, 3, -1)), rng.choice((1, 2, 3, -1, -3))
    g = linear(a, b)
    if dom is not None and _changes_sign(g, dom):
        return None
    return div(C(c * a), g), mul(C(c), fn("ln", fn("abs", g)))


def r_log_power(rng, c, dom):
    if dom is not None and (dom[2] == "trig" or dom[0] < 1):
        return None
    n = rng.randint(1, 3)
    return div(mul(C(c), power(fn("ln", X), n)), X), mul(C(Fraction(c, n + 1)), power(fn("ln", X), n + 1))


def r_parts_exp(rng, c, dom):
    if dom is not None and dom[2] != "alg":
        return None
    k = _k(rng, (1, 2, -1, -2))
    e = fn("exp", mul(C(k), X))
    return mul(C(c), X, e), mul(C(c), add(mul(C(1 / k), X), C(-1 / k ** 2)), e)


def r_parts_trig(rng, c, dom):
    if dom is not None and dom[2] != "trig":
        return None
    k = _k(rng, (1, 2, 3))
    s, co = fn("sin", mul(C(k), X)), fn("cos", mul(C(k), X))
    if rng.random() < 0.5:
        return mul(C(c), X, co), add(mul(C(c / k), X, s), mul(C(c / k ** 2), co))
    return mul(C(c), X, s), add(mul(C(-c / k), X, co), mul(C(c / k ** 2), s))


def r_parts_log(rng, c, dom):
    if dom is not None and (dom[2] == "trig" or dom[0] < 1):
        return None
    n = rng.randint(0, 3)
    m = n + 1
    ln = fn("ln", X)
    return (mul(C(c), power(X, n), ln),
            add(mul(C(Fraction(c, m)), power(X, m), ln), mul(C(Fraction(-c, m * m)), power(X, m))))


def _poles(rng, dom, count):
    out = []
    for _ in range(30):
        p = rng.randint(-4, 4)
        if p not in out and _avoids(dom, p):
            out.append(p)
            if len(out) == count:
                return out
    return None


def _ln_abs(p, dom):
    inner = linear(1, -p)
    return fn("ln", fn("abs", inner) if dom is None or dom[0] < p else inner)


def r_partial(rng, c, dom):
    if dom is not None and dom[2] != "alg":
        return None
    poles = _poles(rng, dom, 2)
    if poles is None:
        return None
    p, q = poles
    alpha, beta = c, rng.choice((1, 2, 3, -1, -2, -3))
    numerator = poly_tree([-(alpha * q + beta * p), alpha + beta])
    integrand = div(numerator, poly_tree([p * q, -(p + q), 1]))
    return integrand, add(mul(C(alpha), _ln_abs(p, dom)), mul(C(beta), _ln_abs(q, dom)))


def r_arctan(rng, c, dom):
    if dom is not None and dom[2] != "alg":
        return None
    m = rng.randint(1, 3)
    if dom is not None:
        m = max(abs(dom[0]), abs(dom[1]))
        if m == 0 or any(v not in (-m, 0, m) for v in dom[:2]):
            return None
        m = int(m)
    return div(C(c), add(power(X, 2), C(m * m))), mul(C(Fraction(c, m)), fn("atan", mul(C(Fraction(1, m)), X)))


def r_parts2_exp(rng, c, dom):
    if dom is not None and dom[2] != "alg":
        return None
    k = _k(rng, (1, -1, 2))
    e = fn("exp", mul(C(k), X))
    poly = add(mul(C(1 / k), power(X, 2)), mul(C(-2 / k ** 2), X), C(2 / k ** 3))
    return mul(C(c), power(X, 2), e), mul(C(c), poly, e)


def r_exp_trig(rng, c, dom):
    if dom is not None:
        return None
    a, b = _k(rng, (1, 2, -1)), _k(rng, (1, 2, 3))
    e = fn("exp", mul(C(a), X))
    s, co = fn("sin", mul(C(b), X)), fn("cos", mul(C(b), X))
    d = a * a + b * b
    if rng.random() < 0.5:
        return mul(C(c), e, s), mul(C(c / d), e, add(mul(C(a), s), mul(C(-b), co)))
    return mul(C(c), e, co), mul(C(c / d), e, add(mul(C(a), co), mul(C(b), s)))


def r_partial_repeated(rng, c, dom):
    if dom is not None and dom[2] != "alg":
        return None
    poles = _poles(rng, dom, 1)
    if poles is None:
        return None
    p, = poles
    alpha, beta = c, rng.choice((1, 2, 3, -1, -2))
    integrand = div(poly_tree([beta - alpha * p, alpha]), power(linear(1, -p), 2))
    return integrand, add(mul(C(alpha), _ln_abs(p, dom)), mul(C(-beta), power(linear(1, -p), -1)))


def r_improper(rng, c, dom):
    if dom is not None and dom[2] != "alg":
        return None
    poles = _poles(rng, dom, 1)
    if poles is None:
        return None
    p, = poles
    q = [rng.randint(-3, 3), rng.choice((1, 2, 3, -1, -2))]  # the quotient b + a x
    if rng.random() < 0.4:
        q.append(rng.choice((1, -1)))
    alpha = c
    numerator = [0] * (len(q) + 1)  # q(x) (x - p) + alpha
    for i, v in enumerate(q):
        numerator[i + 1] += v
        numerator[i] -= p * v
    numerator[0] += alpha
    integrand = div(poly_tree(numerator), linear(1, -p))
    antiderivative = add(poly_tree([0] + [Fraction(v, i + 1) for i, v in enumerate(q)]), mul(C(alpha), _ln_abs(p, dom)))
    return integrand, antiderivative


RULES = (
    (r_power,),
    (r_recip, r_neg_power, r_exp, r_sin_cos, r_root, r_sec2),
    (r_sub_pow, r_sub_exp, r_sub_trig, r_sub_log, r_log_power),
    (r_parts_exp, r_parts_trig, r_parts_log),
    (r_partial, r_arctan),
    (r_parts2_exp, r_exp_trig, r_partial_repeated, r_improper),
)


def pick_term(rng, tier: int, c: int, dom, avoid=()):
    """(integrand, antiderivative, tier, rule) from the given tier that fits the domain, preferring
    rules not in `avoid` (so that an integrand has no like terms); lower tiers if none fits."""
    for t in range(tier, -1, -1):
        rules = [r for r in RULES[t] if r not in avoid] or list(RULES[t])
        for _ in range(12):
            rule = rng.choice(rules)
            got = rule(rng, c, dom)
            if got is not None:
                return got[0], got[1], t, rule
    raise NotExact("no rule fits")


def _coef(rng, top: int) -> int:
    v = rng.randint(1, max(1, top))
    return v if rng.random() < 0.65 else -v


def build_terms(rng, params, dom):
    """[(integrand term, antiderivative term, tier)] for the knobs."""
    n, hard, tier = params["n_terms"], min(params["hard_terms"], params["n_terms"]), params["technique"]
    tiers = [tier if i == 0 else rng.randint(max(1, tier - 1), tier) for i in range(hard)]
    tiers += [rng.randint(0, min(1, tier)) for _ in range(n - hard)]
    terms, used = [], set()
    for t in tiers:
        f, F, got, rule = pick_term(rng, t, _coef(rng, params["coef_max"]), dom, used)
        if rule is r_power and r_power in used:  # a second power term: keep its exponent distinct
            for _ in range(5):
                if all(_shape(f) != _shape(g) for g, _F, _t in terms):
                    break
                f, F = r_power(rng, _coef(rng, params["coef_max"]), dom)
        used.add(rule)
        terms.append((f, F, got))
    return terms


def _shape(term):
    if term[0] == "mul" and term[1][0][0] == "c":
        rest = term[1][1:]
        return rest[0] if len(rest) == 1 else ("mul", rest)
    return term


def _check_antiderivative(f, F, points) -> None:
    """A numeric self-check of the table: F' = f at sample points (central differences)."""
    for t in points:
        h = 1e-5
        try:
            slope = (fval(F, t + h) - fval(F, t - h)) / (2 * h)
            value = fval(f, t)
        except (ValueError, ZeroDivisionError, OverflowError):
            continue
        if abs(slope - value) > 1e-4 * max(1.0, abs(value)):
            raise AssertionError(f"table error: d/dx {text(F)} != {text(f)}")


def _read_expression(answer: str, variables, labels):
    return parse_expression(read_rhs(answer, labels, lhs_ok=lambda lhs: _INTEGRAL_SIGN.match(lhs) is not None),
                            variables)


_KNOBS = (
    Knob("n_terms", [2, 3, 3, 2, 3, 2, 3, 2, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 9, 10], (1, 10),
         doc="terms in the integrand"),
    Knob("technique", [0, 1, 1, 2, 2, 3, 4, 5, 5, 5] + [5] * 10, (0, 5),
         doc="hardest technique: 0 power rule, 1 exp/ln/trig, 2 substitution, 3 parts, 4 partial "
             "fractions and arctan, 5 repeated parts, repeated poles and improper fractions"),
    Knob("hard_terms", [0, 0, 1, 1, 1, 1, 1, 1, 2, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 9], (0, 10),
         doc="terms that need the hardest technique"),
    Knob("coef_max", [5, 6, 6, 5, 6, 6, 6, 6, 6, 6] + [6] * 10, (1, 30), doc="largest coefficient"),
)


def integration_work(integrand: str, antiderivative: str) -> int:
    """Rule applications read off the integrand and built into the antiderivative: integrating
    a term inverts the rules its antiderivative needs when differentiated, so both trees count."""
    x = sympy.Symbol("x")
    return sum(rule_steps(parse_expression(e, ["x"]), x) for e in (integrand, antiderivative))


@register
class IndefiniteIntegral(Task):
    """Find an antiderivative. Level 1 integrates polynomials; levels 2-3 add exp, 1/x, powers of 1/x,
    sin, cos and sqrt; level 4 substitution (chain rule in reverse: g'(x) h(g(x))); level 6
    integration by parts; level 7 partial fractions and arctangent forms; levels 8-10 repeated
    parts, e^(ax) sin(bx), repeated poles and improper rational functions, several of them in one
    integrand, and past level 10 up to ten terms. Any antiderivative is accepted, with or without +
    C: the verifier differentiates the answer (sympy.diff on the safely parsed tree, x real so that
    ln(abs(x)) works) and checks that it equals the integrand."""

    name = "calculus/indefinite_integral"
    knobs = _KNOBS
    answer_format = ("an antiderivative F(x) as an expression in x, using + - * / ^, brackets and sqrt, exp, ln, "
                     "abs, sin, cos, tan, atan; adding + C is optional")
    example = "x^3/3 - 2*ln(abs(x)) + exp(5*x)/5 + C"  # no integrand of the task has exp(5x): never an answer

    def build(self, rng, params):
        for _ in range(20):
            terms = build_terms(rng, params, None)
            integrand = add(*(t[0] for t in terms))
            if integrand[0] == "c":
                continue
            antiderivative = add(*(t[1] for t in terms))
            _check_antiderivative(integrand, antiderivative, (0.37, 1.21, 2.7))
            break
        f_text, F_text = text(integrand), text(antiderivative)
        question = (f"Find an antiderivative of\n\nf(x) = {f_text}\n\nthat is, a function F with F'(x) = f(x)."
                    + glossary(f_text))
        return Draft(question, F_text, {"integrand": f_text, "antiderivative": F_text,
                                        "techniques": sorted({TIERS[t[2]] for t in terms})})

    def effort(self, problem):
        return integration_work(problem.check["integrand"], problem.check["antiderivative"])

    def grade(self, answer, problem):
        try:
            given = _read_expression(answer, ["x", "C", "c", "K"], ANTIDERIVATIVE_LABELS)
        except ParseError as e:
            return refused(e)
        if not given.has(_X):
            return wrong("An antiderivative must depend on x.")
        if not tame(given, max_ops=1000):
            return wrong("The expression is too complex to check.")
        slope = sympy.diff(given.subs(_X, _XR), _XR)
        if not tame(slope):
            return wrong("The expression is too complex to check.")
        integrand = parse_expression(problem.check["integrand"], ["x"]).subs(_X, _XR)
        if slope.free_symbols - {_XR}:
            return wrong("The answer has a constant multiplying x: only + C is allowed.")
        if not equivalent(slope, integrand):
            return wrong("The derivative of that expression is not the integrand.")
        return right()


# --------------------------------------------------------------------------- definite integrals

_ALG_ENDS = [(0, 1), (0, 2), (1, 2), (1, 3), (-1, 1), (-1, 0), (0, 3), (2, 4), (-2, 1), (1, 4), (-2, 0), (-1, 2)]
_LOG_ENDS = [(xconst(1), {(1, 0, (), ()): Fraction(1)}, "1", "e"),
             (xconst(1), {(2, 0, (), ()): Fraction(1)}, "1", "e^2"),
             ({(1, 0, (), ()): Fraction(1)}, {(2, 0, (), ()): Fraction(1)}, "e", "e^2")]
_TRIG_ENDS = [(0, Fraction(1, 2)), (0, Fraction(1)), (0, Fraction(1, 4)), (0, Fraction(1, 3)), (0, Fraction(1, 6)),
              (Fraction(1, 6), Fraction(1, 2)), (Fraction(-1, 4), Fraction(1, 4)), (Fraction(1, 4), Fraction(1, 2)),
              (Fraction(-1, 2), Fraction(1, 2)), (Fraction(1, 3), Fraction(1, 2))]


def _pi_text(r: Fraction) -> str:
    if r == 0:
        return "0"
    sign = "-" if r < 0 else ""
    r = abs(r)
    top = "pi" if r.numerator == 1 else f"{r.numerator}*pi"
    return sign + (top if r.denominator == 1 else f"{top}/{r.denominator}")


def _endpoints(rng, group):
    if group == "alg":
        a, b = rng.choice(_ALG_ENDS)
        return xconst(a), xconst(b), str(a), str(b), (float(a), float(b), group)
    if group == "log":
        xa, xb, ta, tb = rng.choice(_LOG_ENDS)
        return xa, xb, ta, tb, (xfloat(xa), xfloat(xb), group)
    ra, rb = rng.choice(_TRIG_ENDS)
    pi = (0, 1, (), ())
    xa, xb = ({pi: Fraction(ra)} if ra else {}), ({pi: Fraction(rb)} if rb else {})
    return xa, xb, _pi_text(Fraction(ra)), _pi_text(Fraction(rb)), (xfloat(xa), xfloat(xb), group)


@register
class DefiniteIntegral(Task):
    """Evaluate a definite integral exactly. Level 1 integrates a polynomial over integer limits;
    levels 2-3 add exp, 1/x, sin and cos (limits such as pi/3, or e for logarithms); level 4
    substitution; levels 5-6 integration by parts (x e^x, x cos x, x^n ln x); levels 7-10 partial
    fractions, arctangent forms (values with pi), repeated parts, repeated poles and improper
    rational functions, with more terms (up to eight past level 10). The exact value F(b) - F(a) is
    computed by an exact evaluator; any equivalent exact expression is accepted, and a decimal only
    when the value is rational."""

    name = "calculus/definite_integral"
    knobs = (
        Knob("n_terms", [2, 2, 3, 2, 2, 2, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8], (1, 8),
             doc="terms in the integrand"),
        Knob("technique", [0, 1, 1, 2, 3, 3, 4, 5, 5, 5] + [5] * 10, (0, 5),
             doc="hardest technique: 0 power rule, 1 exp/ln/trig, 2 substitution, 3 parts, 4 partial "
                 "fractions and arctan, 5 repeated parts, repeated poles and improper fractions"),
        Knob("hard_terms", [0, 1, 1, 1, 1, 2, 1, 1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8], (0, 8),
             doc="terms that need the hardest technique"),
        Knob("coef_max", [4, 4, 5, 4, 4, 4, 5, 4, 4, 4] + [4] * 10, (1, 20), doc="largest coefficient"),
    )
    answer_format = ("the exact value, e.g. 3/2 - ln(2) or pi/4 + e^2/2 (use fractions, sqrt, ln, e, pi; "
                     "a decimal is accepted only for a rational value)")
    example = "e^2/2 - ln(97) + 1/4"  # logarithms come from arguments at most 25: never an answer

    def build(self, rng, params):
        tier = params["technique"]
        groups = {0: ["alg"], 1: ["alg", "trig", "log"], 2: ["alg", "trig", "log"],
                  3: ["alg", "trig", "log"], 4: ["alg"], 5: ["alg"]}[tier]
        for _ in range(60):
            group = rng.choice(groups)
            xa, xb, ta, tb, dom = _endpoints(rng, group)
            try:
                terms = build_terms(rng, params, dom)
                value: dict = {}
                for f, F, _t in terms:
                    value = xadd(value, xadd(xval(F, xb), xval(F, xa), -1))
            except (NotExact, ZeroDivisionError):
                continue
            integrand = add(*(t[0] for t in terms))
            if integrand[0] == "c" and len(terms) > 1:
                continue
            value_text = xtext(value)
            if len(value_text) > 70 or any(abs(v.numerator) > 10**7 or v.denominator > 10**4 for v in value.values()):
                continue
            antiderivative = add(*(t[1] for t in terms))
            mid = (dom[0] + dom[1]) / 2
            _check_antiderivative(integrand, antiderivative, (mid, dom[0] + (dom[1] - dom[0]) / 3))
            break
        else:
            raise ValueError(f"knobs {sorted(params)}: no integral fits these settings; use fewer terms")
        f_text = text(integrand)
        question = (f"Evaluate the definite integral of\n\nf(x) = {f_text}\n\nfrom x = {ta} to x = {tb}, "
                    "that is, the integral of f(x) dx over that interval, exactly." + glossary(f_text))
        return Draft(question, value_text, {"integrand": f_text, "lower": ta, "upper": tb, "value": value_text,
                                            "rational": all(k == (0, 0, (), ()) for k in value),
                                            "approx": xfloat(value)})

    def effort(self, problem):
        """Integrating (the integrand's rule applications), evaluating the antiderivative at both
        limits (about one step per operation of the integrand at each), and collecting the exact
        value (one per operation in it)."""
        c = problem.check
        f = parse_expression(c["integrand"], ["x"])
        return int(rule_steps(f, sympy.Symbol("x")) + 2 * sympy.count_ops(f)
                   + sympy.count_ops(parse_expression(c["value"], [])))

    def grade(self, answer, problem):
        try:
            given = _read_expression(answer, [], VALUE_LABELS)
        except ParseError as e:
            return refused(e)
        if not tame(given, max_ops=500):
            return wrong("The expression is too complex to check.")
        target = parse_expression(problem.check["value"], [])
        if given.is_Rational and not problem.check["rational"]:
            return wrong("The value is irrational: give it exactly (with ln, e, pi or sqrt), not as a decimal.")
        # a constant is compared at 300 bits: 60 digits must agree, so a long decimal plus a tiny
        # irrational term cannot pass for the exact value
        if not equivalent(given, target, tolerance=1e-60):
            return wrong("That is not the value of the integral.")
        return right()

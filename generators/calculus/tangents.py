"""Tangent and normal lines to the graph of a function at a point."""
from __future__ import annotations

from fractions import Fraction

import sympy

from procgym import Draft, Knob, Task, register
from procgym.kit import frac_text, refused
from procgym.parsing import ParseError, clean, degree_bound, parse_expression
from procgym.verdict import right, wrong

from ._differentiation import deriv, rule_steps
from ._exact_values import NotExact, is_rational, rational, xconst, xval
from ._tree import C, X, add, div, fn, fval, glossary, linear, mul, poly_tree, power, text

LINES = ("tangent", "normal")
_X, _Y = sympy.Symbol("x"), sympy.Symbol("y")


def _c(rng, pool=(1, 2, 3, -1, -2, -3)):
    return Fraction(rng.choice(pool))


def _poly(rng, degree: int):
    coeffs = [_c(rng, (0, 1, 2, 3, -1, -2, -4)) for _ in range(degree)] + [_c(rng)]
    return poly_tree(coeffs)


def atom(rng, x0: Fraction, inner_degree: int = 1):
    """A function whose value and slope at x0 are rational: exp(g), ln(g), sin(g), cos(g), sqrt(g)
    with g(x0) = 0 (exp, sin, cos), 1 (ln) or a perfect square (sqrt); or 1/(x + d)."""
    name = rng.choice(("exp", "ln", "sin", "cos", "sqrt", "recip"))
    if inner_degree >= 2:
        g = add(mul(C(_c(rng, (1, -1, 2))), power(X, 2)), mul(C(_c(rng, (0, 1, -1, 2))), X))
    else:
        g = mul(C(_c(rng, (1, 2, 3, -1, -2))), X)
    g0 = rational(xval(g, xconst(x0)))
    if name == "recip":
        d = rng.choice([v for v in (1, 2, 3, -1, -2, -3) if v + x0 != 0])
        return div(C(_c(rng)), linear(1, d))  # noqa: value -> rational anyway
    if name == "ln":
        inner = add(g, C(1 - g0))
        if any(_float_at(inner, x0 + h) <= 0 for h in (-0.01, 0.01)):
            raise NotExact("ln of a negative value near x0")
        return fn("ln", inner)
    if name == "sqrt":
        m = rng.randint(1, 3)
        return fn("sqrt", add(g, C(m * m - g0)))
    return fn(name, add(g, C(-g0)))


def _float_at(tree, t):
    return fval(tree, float(t))


def function(rng, structure: int, x0: Fraction):
    if structure == 0:
        return _poly(rng, 2)
    if structure == 1:
        return _poly(rng, 3)
    if structure == 2:
        return add(_poly(rng, rng.randint(1, 2)), mul(C(_c(rng)), atom(rng, x0)))
    if structure == 3:
        return add(mul(_poly(rng, 1), atom(rng, x0)), mul(C(_c(rng)), power(X, 2)))
    if structure == 4:
        return add(mul(C(_c(rng)), atom(rng, x0, 2)), mul(_poly(rng, 1), atom(rng, x0)))
    top = add(mul(_poly(rng, 1), atom(rng, x0)), C(_c(rng)))
    bottom = add(power(X, 2), C(rng.randint(1, 4)))
    return add(div(top, bottom), mul(C(_c(rng)), atom(rng, x0, 2)))


def line_text(m: Fraction, b: Fraction) -> str:
    if m == 0:
        return f"y = {frac_text(b)}"
    slope = "x" if m == 1 else "-x" if m == -1 else f"{frac_text(m)}*x" if m.denominator == 1 else f"({frac_text(m)})*x"
    if b == 0:
        return f"y = {slope}"
    return f"y = {slope} {'-' if b < 0 else '+'} {frac_text(abs(b))}"


@register
class TangentLine(Task):
    """The tangent (or normal) line to y = f(x) at x = x0, as an equation. Level 1 is a quadratic,
    level 2 a cubic; level 3 adds exp, ln, sin, cos, sqrt or 1/(x + d) (their arguments chosen so
    the values at x0 stay rational); level 4 products (product rule); level 5 chain rule with
    quadratic inner functions; level 6 quotients; levels 7-10 ask for the normal line (slope
    -1/f'(x0)) as well, and levels 8-10 add further chain-rule terms, up to twelve past level 10.
    The reference differentiates the expression tree and evaluates f and f' exactly at x0. Any
    equation of the same line is accepted: y = mx + b, point-slope form, or any rearrangement linear
    in x and y."""

    name = "calculus/tangent_line"
    knobs = (
        Knob("structure", [0, 1, 2, 3, 4, 5, 3, 4, 5, 5] + [5] * 10, (0, 5),
             doc="0 quadratic, 1 cubic, 2 plus exp/ln/trig/sqrt, 3 products, 4 chain rule, 5 quotients"),
        Knob("line", [["tangent"]] * 6 + [["normal"], ["tangent", "normal"], ["normal"]] + [["tangent", "normal"]] * 11,
             choices=LINES, doc="tangent or normal line (a list: one is drawn per problem)"),
        Knob("extra_terms", [0, 0, 0, 0, 0, 0, 0, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], (0, 12),
             doc="further terms c*g(x) (exp, ln, sin, cos, sqrt of a quadratic) added to f"),
    )
    released_dips = {7: "level 7 brings in the normal line on level 4's product functions, which need less "
                        "work than level 6's quotients"}
    answer_format = ("the equation of the line, e.g. y = -2x/10007 + 5/3 (any equivalent equation of the same line is "
                     "accepted, such as y - 4 = 3(x - 2))")
    example = "y = -2x/10007 + 5/3"  # slopes have denominators at most 10^4: never an answer

    def build(self, rng, params):
        kind = params["line"]
        for _ in range(100):
            x0 = Fraction(rng.choice((-2, -1, 0, 1, 1, 2)))
            try:
                f = function(rng, params["structure"], x0)
                for _ in range(params["extra_terms"]):
                    f = add(f, mul(C(_c(rng)), atom(rng, x0, 2)))
                y0v, mv = xval(f, xconst(x0)), xval(deriv(f), xconst(x0))
            except (NotExact, ZeroDivisionError, ValueError):
                continue
            if not (is_rational(y0v) and is_rational(mv)):
                continue
            y0, m = rational(y0v), rational(mv)
            if kind == "normal" and m == 0:
                continue
            if max(abs(y0.numerator), abs(m.numerator), y0.denominator, m.denominator) > 10**4:
                continue
            break
        else:
            raise ValueError(f"knobs {sorted(params)}: no function fits these settings")
        slope = m if kind == "tangent" else -1 / m
        intercept = y0 - slope * x0
        ftext = text(f)
        question = (f"Let f(x) = {ftext}\n\nFind the equation of the {kind} line to the graph of y = f(x) at the "
                    f"point where x = {frac_text(x0)}." +
                    (" (The normal line is perpendicular to the tangent line at that point.)" if kind == "normal" else "")
                    + glossary(ftext))
        return Draft(question, line_text(slope, intercept),
                     {"slope": [slope.numerator, slope.denominator],
                      "intercept": [intercept.numerator, intercept.denominator], "function": ftext,
                      "x0": frac_text(x0), "line": kind})

    def effort(self, problem):
        """Differentiate f (rule applications), evaluate f and f' at x0 (one step per
        operation of f, and about as many for f'), then form the line (two steps, one more for
        the normal's slope)."""
        f = parse_expression(problem.check["function"], ["x"])
        rules = rule_steps(f, _X)
        return int(rules + sympy.count_ops(f) + rules + 2 + (problem.check["line"] == "normal"))

    def grade(self, answer, problem):
        s = clean(answer)
        if s.count("=") > 1 or "\n" in s:
            return wrong("Give one equation of a line.")
        left, right_side = s.split("=") if "=" in s else ("y", s)
        try:
            lhs, rhs = parse_expression(left, ["x", "y"]), parse_expression(right_side, ["x", "y"])
        except ParseError as e:
            return refused(e)
        e = lhs - rhs
        if degree_bound(lhs) > 3 or degree_bound(rhs) > 3 or not e.is_polynomial(_X, _Y):
            return wrong("That is not the equation of a line.")
        poly = sympy.Poly(e, _X, _Y)
        if poly.total_degree() != 1:
            return wrong("That is not the equation of a line.")
        cy, cx, c0 = poly.coeff_monomial(_Y), poly.coeff_monomial(_X), poly.coeff_monomial(1)
        if cy == 0:
            return wrong("That line is vertical; the required line is not.")
        slope, intercept = -cx / cy, -c0 / cy
        want_m, want_b = sympy.Rational(*problem.check["slope"]), sympy.Rational(*problem.check["intercept"])
        if slope != want_m:
            return wrong(f"That line does not have the slope of the {problem.check['line']} line.")
        if intercept != want_b:
            return wrong("That line has the right slope but does not pass through the point.")
        return right()

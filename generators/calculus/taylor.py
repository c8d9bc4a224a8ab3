"""Maclaurin series: a coefficient, a derivative at 0, or the Taylor polynomial of a function."""
from __future__ import annotations

import math
import re
from fractions import Fraction

import sympy

from procgym import Draft, Knob, Task, register
from procgym.kit import frac_text, grade_number, read_rhs, refused
from procgym.parsing import ParseError, equivalent, parse_expression
from procgym.verdict import right, wrong

from ._exact_values import NotExact
from ._polynomials import poly_text
from ._readers import tame
from ._series import series_work, taylor
from ._tree import C, X, add, div, fn, glossary, mul, one_plus, power, rpow, text

ASKS = ("coefficient", "derivative", "polynomial")
_K = (1, 2, 3, -1, -2, Fraction(1, 2))
_BIG_O = re.compile(r"\s*\+\s*(?:O\s*\(.*\)|\.\.\.|\u2026)\s*$")


def atom(rng, k=None):
    """One elementary function of k*x with a Maclaurin series over the rationals."""
    pick = rng.choice(("exp", "sin", "cos", "ln1p", "geom", "sqrt1p", "binom", "atan"))
    if k is None:
        k = rng.choice(_K) if pick not in ("sin", "cos", "atan") else rng.choice((1, 2, 3, Fraction(1, 2)))
    kx = mul(C(Fraction(k)), X)
    if pick == "ln1p":
        return fn("ln", one_plus(kx))
    if pick == "geom":
        return div(C(1), one_plus(mul(C(-1), kx)))
    if pick == "sqrt1p":
        return fn("sqrt", one_plus(kx))
    if pick == "binom":
        return rpow(one_plus(kx), rng.choice((Fraction(-2), Fraction(1, 3), Fraction(3, 2), Fraction(-1, 2))))
    return fn(pick, kx)


def inner(rng):
    """g(x) with g(0) = 0 for compositions: sin x, x + x^2, ln(1 + x), atan(2x), exp(x) - 1 ..."""
    pick = rng.randint(0, 5)
    if pick == 0:
        return fn("sin", mul(C(rng.choice((1, 2))), X))
    if pick == 1:
        return add(X, mul(C(rng.choice((1, -1, 2))), power(X, 2)))
    if pick == 2:
        return fn("ln", one_plus(X))
    if pick == 3:
        return fn("atan", mul(C(rng.choice((1, 2))), X))
    if pick == 4:
        return add(fn("exp", X), C(-1))
    return fn("tan", X)


def compose(rng):
    outer = rng.choice(("exp", "sin", "cos", "ln1p", "geom", "sqrt1p", "atan"))
    g = inner(rng)
    if outer == "ln1p":
        return fn("ln", one_plus(g))
    if outer == "geom":
        return div(C(1), one_plus(mul(C(-1), g)))
    if outer == "sqrt1p":
        return fn("sqrt", one_plus(g))
    return fn(outer, g)


def function(rng, structure: int):
    """A function whose shape needs more series manipulation as `structure` grows."""
    if structure == 0:
        return mul(C(rng.choice((1, 2, 3, -1, -2))), atom(rng))
    if structure == 1:
        if rng.random() < 0.5:
            a, b = _two_atoms(rng)
            return add(mul(C(rng.choice((1, 2, 3, -1))), a), mul(C(rng.choice((1, 2, -1, -3))), b))
        return mul(power(X, rng.randint(1, 2)), atom(rng))
    if structure == 2:
        a, b = _two_atoms(rng)
        return mul(a, b) if rng.random() < 0.6 else div(a, one_plus(mul(C(-rng.choice((1, 2))), X)))
    if structure == 3:
        return compose(rng)
    f = compose(rng)
    return mul(f, atom(rng)) if rng.random() < 0.6 else add(f, mul(C(rng.choice((1, -1, 2))), atom(rng)))


def _two_atoms(rng):
    """Two different elementary functions (no like terms such as 2 e^x - e^x)."""
    a = atom(rng)
    for _ in range(10):
        b = atom(rng)
        if b != a and not (a[0] == b[0] == "fn" and a[1] == b[1]):
            break
    return a, b


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


@register
class TaylorCoefficient(Task):
    """Maclaurin series. Ask for the coefficient of x^n, the n-th derivative at 0 (n! times it), or the
    whole Taylor polynomial of degree n. Level 1 scales one elementary series (e^(kx), sin, cos,
    ln(1 + kx), 1/(1 - kx), (1 + kx)^r, atan); level 3 sums and shifts by powers of x; level 5
    multiplies two series or divides by 1 - kx; levels 7-10 compose series (exp(sin x), ln(1 + atan
    2x), 1/(1 - tan x)) and multiply compositions, with n up to 7 (up to 12 past level 10).
    Coefficients come from exact power-series arithmetic (products, reciprocals,
    exp/sin/cos/ln/atan/power recurrences); they agree with sympy.series in the tests."""

    name = "calculus/taylor_coefficient"
    cap_reason = ("the structures stop at a composition times a series (level 9), and the coefficients are kept "
                  "at most 10^6 in size to stay readable: past order 12 (level 15) many draws exceed that and no "
                  "function fits")
    knobs = (
        Knob("ask", [["coefficient"], ["coefficient"], ["coefficient", "derivative"], ["coefficient", "derivative"]]
             + [list(ASKS)] * 11,
             choices=ASKS, doc="what is asked: a coefficient, a derivative at 0, or the Taylor polynomial"),
        Knob("structure", [0, 0, 1, 1, 2, 2, 3, 3, 4, 4] + [4] * 5, (0, 4),
             doc="0 one series, 1 sums and shifts, 2 products and quotients, 3 compositions, 4 composition times series"),
        Knob("order", [2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10, 11, 12], (1, 20),
             doc="the power n (or the polynomial's degree)"),
    )
    answer_format = "an exact integer or fraction p/q"
    example = "-7/1000003"  # coefficients have denominators at most 10^6: never an answer

    def build(self, rng, params):
        n, ask = params["order"], params["ask"]
        if ask == "polynomial":
            n = max(2, n - 1)  # a whole polynomial is n coefficients of work already
        for _ in range(40):
            f = function(rng, params["structure"])
            try:
                coeffs = taylor(f, n + 1)
            except (NotExact, ZeroDivisionError):
                continue
            if any(abs(c.numerator) > 10**6 or c.denominator > 10**6 for c in coeffs):
                continue
            if ask != "polynomial" and coeffs[n] == 0:
                continue
            if ask == "polynomial" and sum(1 for c in coeffs if c) < 2:
                continue
            break
        else:
            raise ValueError(f"knobs {sorted(params)}: no function with a usable series at these settings")
        ftext = text(f)
        notes = glossary(ftext).strip()
        if "sqrt(" in ftext or "/" in "".join(part.split(")")[0] for part in ftext.split("^(")[1:]):
            notes += " Roots and fractional powers take the real, positive branch near x = 0."
        head = f"Let f(x) = {ftext}\n\n" + (notes.strip() + "\n\n" if notes.strip() else "")
        if ask == "coefficient":
            value = coeffs[n]
            question = head + f"What is the coefficient of x^{n} in the Maclaurin series (Taylor series about x = 0) of f?"
            return Draft(question, frac_text(value), {"ask": ask, "n": n, "value": [value.numerator, value.denominator],
                                                     "function": ftext})
        if ask == "derivative":
            value = coeffs[n] * math.factorial(n)
            question = head + f"What is f^({n})(0), the {_ordinal(n)} derivative of f at x = 0?"
            return Draft(question, frac_text(value), {"ask": ask, "n": n, "value": [value.numerator, value.denominator],
                                                     "function": ftext})
        poly = poly_text(coeffs, star=True)
        question = head + (f"Find the Maclaurin polynomial of degree {n} of f: the Taylor polynomial about x = 0 "
                            f"with every term up to x^{n}.")
        return Draft(question, poly, {"ask": ask, "n": n, "coeffs": [[c.numerator, c.denominator] for c in coeffs],
                                      "polynomial": poly, "function": ftext},
                     answer_format=f"a polynomial in x of degree at most {n} with exact coefficients",
                     example="1 + x/2 - x^3/1000003")

    def effort(self, problem):
        # power-series arithmetic to the order asked, then n! for a derivative (n products)
        c = problem.check
        f = parse_expression(c["function"], ["x"])
        return series_work(f, sympy.Symbol("x"), c["n"]) + (c["n"] if c["ask"] == "derivative" else 0)

    def grade(self, answer, problem):
        c = problem.check
        n = c["n"]
        try:
            text = read_rhs(answer, asked_labels(c["ask"], n))
            if c["ask"] != "polynomial":
                return grade_number(text, Fraction(*c["value"]), "the exact value")
            given = parse_expression(_BIG_O.sub("", text), ["x"])
        except ParseError as e:
            return refused(e)
        if not tame(given, max_ops=500):
            return wrong("The expression is too complex to check.")
        if not given.is_polynomial():
            return wrong("Give a polynomial in x (no functions or negative powers).")
        target = parse_expression(c["polynomial"], ["x"])
        if not equivalent(given, target):
            return wrong("That is not the Taylor polynomial of that degree.")
        return right()


def asked_labels(ask: str, n: int) -> tuple[str, ...]:
    """The left-hand sides an answer may carry: the coefficient a_n or c_n, the derivative
    f^(n)(0), or the Taylor polynomial P(x), P_n(x) or T_n(x)."""
    if ask == "coefficient":
        return (f"a_{n}", f"c_{n}")
    if ask == "derivative":
        return (f"f^({n})(0)", "f" + "'" * n + "(0)") if n <= 3 else (f"f^({n})(0)",)
    return ("P(x)", f"P_{n}(x)", f"T_{n}(x)", "T(x)", "p(x)")

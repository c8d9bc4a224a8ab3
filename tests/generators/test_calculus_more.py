"""Per-task tests for the calculus tasks beyond calculus/derivative: exact values on known
instances, accepted alternative forms, rejected near misses, and the references checked against
independent sympy / mpmath computations."""
import random
import time
from fractions import Fraction

import mpmath
import pytest
import sympy

import procgym
from procgym import Problem
from procgym.generators.calculus import integrals, odes
from procgym.generators.calculus._exact_values import xconst, xtext, xval
from procgym.generators.calculus._series import series_at, taylor
from procgym.generators.calculus._tree import C, X, add, div, fn, mul, power, text
from procgym.generators.calculus.extrema import classify, rational_roots
from procgym.generators.calculus.implicit import implicit_slopes
from procgym.generators.calculus.limits import limit_of
from procgym.generators.calculus.series_sums import geometric_sum, power_moments, rational_sum
from procgym.parsing import parse_expression
from answer_helpers import ok

NAMES = ["calculus/implicit_derivative", "calculus/indefinite_integral", "calculus/definite_integral",
         "calculus/limit", "calculus/taylor_coefficient", "calculus/extrema", "calculus/ode_initial_value",
         "calculus/series_sum", "calculus/tangent_line"]
x, y, n = sympy.symbols("x y n")


def record(name, answer, check):
    return Problem(name, 0, 5, {}, "(test)", answer, check)


# --------------------------------------------------------------------------- all nine

@pytest.mark.parametrize("name", NAMES)
def test_every_level_generates_and_verifies(name):
    for level in range(1, 11):
        for seed in range(3):
            p = procgym.generate(name, seed=seed, difficulty=level)
            assert p.prompt.isascii() and all(c.isprintable() or c in "\n\t" for c in p.prompt)
            assert ok(p, p.answer), (name, level, seed, p.answer)


@pytest.mark.parametrize("name", NAMES)
def test_hostile_power_towers_are_refused_quickly(name):
    p = procgym.generate(name, seed=1, difficulty=7)
    for text_ in ("((((x^x)^x)^x)^x)^x", "exp(exp(exp(exp(exp(x)))))", "x^x^x^x^x", "(x+y)^999"):
        start = time.perf_counter()
        assert not ok(p, text_)
        assert time.perf_counter() - start < 2.0


# --------------------------------------------------------------------------- calculus/implicit_derivative

def test_implicit_circle_first_and_second_derivative():
    Y = ("sym", "y")
    h = add(power(X, 2), power(Y, 2), C(-25))  # x^2 + y^2 = 25 at (3, 4)
    assert implicit_slopes(h, Fraction(3), Fraction(4), 2) == [Fraction(-3, 4), Fraction(-25, 64)]


def test_implicit_reference_matches_sympy_idiff():
    for level in (1, 3, 5, 6, 8, 9, 10):
        for seed in range(6):
            p = procgym.generate("calculus/implicit_derivative", seed=seed, difficulty=level)
            left, right = p.check["equation"].split("=")
            h = parse_expression(left, ["x", "y"]) - parse_expression(right, ["x", "y"])
            x0, y0 = (sympy.Rational(v) for v in p.check["point"])
            assert h.subs({x: x0, y: y0}) == 0
            d = sympy.idiff(h, y, x, p.check["order"])
            assert sympy.simplify(d.subs({x: x0, y: y0})) == sympy.Rational(*p.check["value"]), p.check


def test_implicit_forms():
    p = record("calculus/implicit_derivative", "-3/4", {"value": [-3, 4], "equation": "x^2 + y^2 = 25",
                                                         "point": ["3", "4"], "order": 1})
    for good in ("-3/4", "-0.75", "-6/8", "\\frac{-3}{4}", "$-\\frac{3}{4}$", " -3/4 "):
        assert ok(p, good), good
    for bad in ("3/4", "-4/3", "-0.7", "-0.75001", "dy/dx = -3/4 + 1", "-3/4x", "none"):
        assert not ok(p, bad), bad


# --------------------------------------------------------------------------- integrals

def test_integral_table_rules_differentiate_back():
    rng = random.Random(5)
    x_real = sympy.Symbol("x", real=True)
    domains = [None, (1.0, 3.0, "alg"), (-1.0, 1.0, "alg"), (0.0, 1.0, "alg"), (1.0, 7.389, "log"),
               (0.0, 1.5708, "trig"), (0.0, 0.7854, "trig")]
    for tier in integrals.RULES:
        for rule in tier:
            seen = 0
            for _ in range(40):
                dom = rng.choice(domains)
                got = rule(rng, rng.choice((1, 2, -3)), dom)
                if got is None:
                    continue
                f, F = (parse_expression(text(t), ["x"]).subs(x, x_real) for t in got)
                gap = sympy.diff(F, x_real) - f
                lo, hi = (dom[0], dom[1]) if dom else (0.3, 2.9)
                for t in (lo + (hi - lo) * k / 7 for k in range(1, 7)):
                    value = sympy.N(gap.subs(x_real, sympy.Rational(t).limit_denominator(1000)), 30)
                    assert abs(value) < 1e-20, (rule.__name__, text(got[0]), text(got[1]), t)
                seen += 1
            assert seen, rule.__name__


def test_indefinite_forms():
    p = record("calculus/indefinite_integral", "x^2 + ln(abs(x))",
               {"integrand": "2*x + 1/x", "antiderivative": "x^2 + ln(abs(x))", "techniques": []})
    for good in ("x^2 + ln(abs(x))", "x^2 + ln|x| + C", "x^2 + \\ln|x| + c", "x^2 + ln(x) + 7", "F(x) = x^2 + log(x) + K",
                 "\\ln x + x^2", "x*x + ln(3x)", "(2x^2 + 2 ln|x|)/2 + C", "x^{2}+\\ln\\left|x\\right|+C"):
        assert ok(p, good), good
    for bad in ("x^2 - ln|x|", "x^2/2 + ln|x|", "2*x + 1/x", "x^2 + ln|x| + C*x", "x^2 + 1/x^2", "2", "C"):
        assert not ok(p, bad), bad


def test_indefinite_reference_differentiates_to_the_integrand_at_every_level():
    x_real = sympy.Symbol("x", real=True)
    for level in range(1, 11):
        for seed in range(4):
            p = procgym.generate("calculus/indefinite_integral", seed=seed, difficulty=level)
            F = parse_expression(p.answer, ["x"]).subs(x, x_real)
            f = parse_expression(p.check["integrand"], ["x"]).subs(x, x_real)
            for t in (sympy.Rational(37, 10), sympy.Rational(53, 10)):
                assert abs(sympy.N((sympy.diff(F, x_real) - f).subs(x_real, t), 30)) < 1e-20


def test_definite_exact_values_and_forms():
    one = record("calculus/definite_integral", "1", {"integrand": "x*exp(x)", "lower": "0", "upper": "1",
                                                     "value": "1", "rational": True, "approx": 1.0})
    for good in ("1", "1.0", "ln(e)", "e^0", "2/2"):
        assert ok(one, good), good
    for bad in ("e", "0", "1.0000001", "e - 1", "x"):
        assert not ok(one, bad), bad
    quarter = record("calculus/definite_integral", "pi/4", {"integrand": "1/(x^2 + 1)", "lower": "0", "upper": "1",
                                                            "value": "pi/4", "rational": False, "approx": 0.785})
    for good in ("pi/4", "\\frac{\\pi}{4}", "atan(1)", "0.25pi", "\u03c0/4", "arctan(1) - arctan(0)"):
        assert ok(quarter, good), good
    for bad in ("0.785398163397448", "0.7853981633974483096156608458", "pi/2", "-pi/4", "pi/4 + 0.001", "1"):
        assert not ok(quarter, bad), bad


def test_exact_evaluator_values():
    pi = {(0, 1, (), ()): Fraction(1)}
    assert xtext(xval(fn("sin", X), {(0, 1, (), ()): Fraction(1, 3)})) == "sqrt(3)/2"
    assert xtext(xval(fn("ln", X), xconst(12))) == "2*ln(2) + ln(3)"
    assert xtext(xval(mul(X, fn("exp", X)), xconst(2))) == "2*e^2"
    assert xtext(xval(power(X, 2), pi)) == "pi^2"
    assert xtext(xval(fn("atan", X), xconst(-1))) == "-pi/4"


def test_definite_reference_matches_numeric_quadrature():
    mpmath.mp.dps = 30
    for level in range(1, 11):
        for seed in range(5):
            p = procgym.generate("calculus/definite_integral", seed=seed, difficulty=level)
            f = sympy.lambdify(x, parse_expression(p.check["integrand"], ["x"]), "mpmath")
            a, b = (parse_expression(p.check[k], []) for k in ("lower", "upper"))
            got = mpmath.quad(f, [sympy.N(a, 30), sympy.N(b, 30)])
            want = sympy.N(parse_expression(p.check["value"], []), 30)
            assert abs(got - want) < 1e-12 * max(1, abs(want)), (p.check, got)


# --------------------------------------------------------------------------- calculus/limit

def test_limit_engine_on_known_limits():
    assert limit_of(div(add(fn("sin", X), mul(C(-1), X)), power(X, 3)), Fraction(0), 0) == ("value", Fraction(-1, 6))
    assert limit_of(div(C(1), power(X, 2)), Fraction(0), 0) == ("inf", 1)
    assert limit_of(div(C(1), X), Fraction(0), 0) == ("dne", None)
    assert limit_of(div(C(1), X), Fraction(0), -1) == ("inf", -1)
    root = add(fn("sqrt", add(power(X, 2), mul(C(3), X), C(1))), mul(C(-1), X))
    assert limit_of(root, "+oo", 1) == ("value", Fraction(3, 2))
    assert limit_of(root, "-oo", -1) == ("inf", 1)
    quotient = div(add(power(X, 2), C(-4)), add(X, C(-2)))
    assert limit_of(quotient, Fraction(2), 0) == ("value", Fraction(4))


def test_limit_reference_matches_sympy_limit():
    for level in (1, 2, 3, 4, 5, 6, 7):
        for seed in range(8):
            p = procgym.generate("calculus/limit", seed=seed, difficulty=level)
            f = parse_expression(p.check["function"], ["x"])
            where = p.prompt.split("as x -> ")[1].split(" ")[0]
            if where in ("oo", "-oo"):
                got = sympy.limit(f, x, sympy.oo if where == "oo" else -sympy.oo)
            elif where.endswith("+") or where.endswith("-"):
                got = sympy.limit(f, x, sympy.Rational(where[:-1]), dir=where[-1])
            else:
                got = sympy.limit(f, x, sympy.Rational(where), dir="+-")
            kind, value = p.check["kind"], p.check["value"]
            if kind == "value":
                assert got == sympy.Rational(*value), (p.check, got)
            elif kind == "inf":
                assert got == (sympy.oo if value > 0 else -sympy.oo), (p.check, got)
            else:
                assert got in (sympy.zoo, sympy.nan) or not got.is_finite, (p.check, got)


def test_limit_forms():
    value = record("calculus/limit", "-1/6", {"kind": "value", "value": [-1, 6], "function": "(sin(x) - x)/x^3"})
    for good in ("-1/6", "-2/12", "\\frac{-1}{6}", "-\\frac{1}{6}"):
        assert ok(value, good), good
    for bad in ("1/6", "-0.1667", "oo", "DNE", "-1/6x", "0"):
        assert not ok(value, bad), bad
    inf = record("calculus/limit", "oo", {"kind": "inf", "value": 1, "function": "1/x^2"})
    for good in ("oo", "+oo", "\u221e", "+\u221e", "infinity", "Infinity", "\\infty", "+\\infty", "inf"):
        assert ok(inf, good), good
    for bad in ("-oo", "-\\infty", "DNE", "0", "10^100"):
        assert not ok(inf, bad), bad
    dne = record("calculus/limit", "DNE", {"kind": "dne", "value": None, "function": "1/x"})
    for good in ("DNE", "does not exist", "Does not exist.", "dne"):
        assert ok(dne, good), good
    for bad in ("oo", "-oo", "0", "undefined"):
        assert not ok(dne, bad), bad


# --------------------------------------------------------------------------- calculus/taylor_coefficient

def test_taylor_engine_exact_values():
    assert taylor(fn("exp", fn("sin", X)), 5) == [1, 1, Fraction(1, 2), 0, Fraction(-1, 8)]
    assert taylor(div(C(1), add(C(1), mul(C(-2), X))), 4) == [1, 2, 4, 8]
    v, c = series_at(div(fn("ln", add(C(1), X)), X), 0, 4)
    assert (v, c[:3]) == (0, [1, Fraction(-1, 2), Fraction(1, 3)])


def test_taylor_reference_matches_sympy_series():
    for level in range(1, 11):
        for seed in range(4):
            p = procgym.generate("calculus/taylor_coefficient", seed=seed, difficulty=level)
            c = p.check
            f = parse_expression(c["function"], ["x"])
            s = sympy.series(f, x, 0, c["n"] + 1).removeO()
            coeffs = [s.coeff(x, k) for k in range(c["n"] + 1)]
            if c["ask"] == "coefficient":
                assert coeffs[c["n"]] == sympy.Rational(*c["value"]), c
            elif c["ask"] == "derivative":
                assert coeffs[c["n"]] * sympy.factorial(c["n"]) == sympy.Rational(*c["value"]), c
            else:
                assert [sympy.Rational(*v) for v in c["coeffs"]] == coeffs, c


def test_taylor_forms():
    coef = record("calculus/taylor_coefficient", "-1/8", {"ask": "coefficient", "n": 4, "value": [-1, 8],
                                                          "function": "exp(sin(x))"})
    for good in ("-1/8", "-0.125", "-2/16", "\\frac{-1}{8}"):
        assert ok(coef, good), good
    for bad in ("1/8", "-1/4", "-0.12", "-x^4/8", "-3"):
        assert not ok(coef, bad), bad
    poly = record("calculus/taylor_coefficient", "-(1/8)*x^4 + (1/2)*x^2 + x + 1",
                  {"ask": "polynomial", "n": 4, "coeffs": [[1, 1], [1, 1], [1, 2], [0, 1], [-1, 8]],
                   "polynomial": "-(1/8)*x^4 + (1/2)*x^2 + x + 1", "function": "exp(sin(x))"})
    for good in ("1 + x + x^2/2 - x^4/8", "1 + x + \\frac{x^2}{2} - \\frac{x^4}{8} + O(x^5)", "1 + x + 0.5x^2 - 0.125x^4",
                 "-(1/8)x^4 + (1/2)x^2 + x + 1 + ..."):
        assert ok(poly, good), good
    for bad in ("1 + x + x^2/2", "1 + x + x^2/2 - x^4/8 + x^5", "exp(sin(x))", "1 + x + x^2/2 + x^4/8", "1 + x"):
        assert not ok(poly, bad), bad


# --------------------------------------------------------------------------- calculus/extrema

def test_rational_roots_and_classification():
    assert rational_roots([-6, 11, -6, 1]) == [(1, 1), (2, 1), (3, 1)]
    # (x - 1)^2 (2x + 3) x = 2x^4 - x^3 - 4x^2 + 3x
    assert rational_roots([0, 3, -4, -1, 2]) == [(Fraction(-3, 2), 1), (0, 1), (1, 2)]
    assert rational_roots([2, 0, 1]) == []  # x^2 + 2: no real roots
    fprime = [-3, 0, 3]  # f = x^3 - 3x
    assert classify(fprime, [Fraction(-1), Fraction(1)]) == {-1: "max", 1: "min"}
    assert classify([0, 0, 3], [Fraction(0)]) == {0: "neither"}  # f = x^3


def test_extrema_reference_matches_sympy():
    for level in range(1, 11):
        for seed in range(5):
            p = procgym.generate("calculus/extrema", seed=seed, difficulty=level)
            c = p.check
            f = sum(sympy.Integer(a) * x ** k for k, a in enumerate(c["f"]))
            d = sympy.diff(f, x)
            crit = sorted(r for r in sympy.real_roots(sympy.Poly(d, x)))
            crit = sorted(set(crit))
            if c["ask"] in ("abs_max", "abs_min"):
                lo, hi = c["interval"]
                cands = [f.subs(x, t) for t in [lo, hi] + [r for r in crit if lo < r < hi]]
                want = max(cands) if c["ask"] == "abs_max" else min(cands)
                assert want == sympy.Rational(*c["value"]), c
                continue
            got = [sympy.Rational(*v) for v in c["xs"]]
            if c["ask"] == "critical_points":
                assert got == crit, c
            else:
                h = sympy.Rational(1, 1000)
                want = [r for r in crit if (d.subs(x, r - h) > 0 and d.subs(x, r + h) < 0) == (c["ask"] == "local_max")
                        and d.subs(x, r - h) * d.subs(x, r + h) < 0]
                assert got == want, c


def test_extrema_forms():
    crit = record("calculus/extrema", "-1, 1", {"ask": "critical_points", "xs": [[-1, 1], [1, 1]], "f": [0, -3, 0, 1]})
    for good in ("-1, 1", "1,-1", "x = -1, x = 1", "{-1, 1}", "-1 and 1", "[1, -1]", "-1; 1"):
        assert ok(crit, good), good
    for bad in ("1", "-1, 1, 0", "-1, 1, 1", "none", "0, 2", "-1, 2"):
        assert not ok(crit, bad), bad
    empty = record("calculus/extrema", "none", {"ask": "local_max", "xs": [], "f": [0, 0, 0, 1]})
    for good in ("none", "None", "{}"):
        assert ok(empty, good), good
    assert not ok(empty, "0")
    top = record("calculus/extrema", "18", {"ask": "abs_max", "value": [18, 1], "f": [0, -3, 0, 1], "interval": [-2, 3]})
    for good in ("18", "18.0", "36/2"):
        assert ok(top, good), good
    for bad in ("3", "2", "-18", "17"):
        assert not ok(top, bad), bad


# --------------------------------------------------------------------------- calculus/ode_initial_value

def test_undetermined_coefficients():
    assert odes.solve_linear_poly(Fraction(1), [Fraction(0), Fraction(1)]) == [-1, 1]  # y' + y = x: y_p = x - 1
    assert odes.solve_linear_poly(Fraction(2), [Fraction(4)]) == [2]


def test_ode_solutions_satisfy_their_equations_symbolically():
    params = {"degree": 3, "shifted_start": True}
    rng = random.Random(11)
    for kind, build in odes._BUILD.items():
        for _ in range(8):
            prob = build(rng, params)
            sol = parse_expression(text(prob.solution), ["x"])
            rhs = parse_expression(text(prob.rhs), ["x", "y"])
            residual = sympy.diff(sol, x) - rhs.subs(y, sol)
            assert sympy.simplify(residual) == 0, (kind, prob.equation, text(prob.solution))
            assert sympy.simplify(sol.subs(x, sympy.Rational(prob.x0)) - sympy.Rational(prob.y0)) == 0


def test_ode_forms():
    p = record("calculus/ode_initial_value", "3*exp(2*x) + 1",
               {"equation": "y' = 2y - 2", "x0": "0", "y0": "4", "solution": "3*exp(2*x) + 1"})
    for good in ("y = 1 + 3e^{2x}", "y(x)=3*exp(2x)+1", "1+3e^(2x)", "3(e^x)^2 + 1", "Y = 3 e^{2 x} + 1"):
        assert ok(p, good), good
    for bad in ("3*exp(2*x)", "3*exp(-2*x) + 1", "4*exp(2*x)", "y' = 6exp(2x)", "3*exp(2*x) + 1 + C"):
        assert not ok(p, bad), bad


# --------------------------------------------------------------------------- calculus/series_sum

def test_series_exact_sums():
    assert geometric_sum([Fraction(1)], Fraction(1, 2), 0) == ("value", 2)
    assert power_moments(Fraction(1, 2), 2) == [2, 2, 6]
    assert geometric_sum([Fraction(0), Fraction(1)], Fraction(1, 3), 1) == ("value", Fraction(3, 4))
    assert rational_sum([Fraction(1)], [0, 1], 1) == ("value", 1)
    assert rational_sum([Fraction(1)], [0, 1], 1, 10) == ("value", Fraction(10, 11))
    assert rational_sum([Fraction(1)], [1], 1) == ("div", 1)  # sum 1/(n + 1)
    assert geometric_sum([Fraction(2)], Fraction(-3, 2), 0) == ("div", 0)


def test_series_reference_matches_numeric_summation():
    mpmath.mp.dps = 30
    for level in range(1, 11):
        for seed in range(6):
            p = procgym.generate("calculus/series_sum", seed=seed, difficulty=level)
            c = p.check
            term = parse_expression(c["summand"], ["n"])
            if c["stop"] is not None:
                total = sum(term.subs(n, k) for k in range(c["start"], c["stop"] + 1))
                assert total == sympy.Rational(*c["value"]), c
                continue
            f = sympy.lambdify(n, term, "mpmath")
            if c["kind"] == "value":  # each additive piece converges on its own; nsum them separately
                got = sum(mpmath.nsum(sympy.lambdify(n, piece, "mpmath"), [c["start"], mpmath.inf])
                          for piece in sympy.Add.make_args(sympy.expand(term)))
                want = mpmath.mpf(c["value"][0]) / c["value"][1]
                assert abs(got - want) < 1e-6 * max(1, abs(want)), (c, got)
            else:
                partial = [mpmath.fsum(f(mpmath.mpf(k)) for k in range(c["start"], m)) for m in (2000, 4000, 4001)]
                assert abs(partial[1] - partial[0]) > 1e-2 or abs(partial[2] - partial[1]) > 1e-2, c


def test_series_forms():
    p = record("calculus/series_sum", "17/12", {"kind": "value", "value": [17, 12], "summand": "x", "start": 1,
                                                 "stop": None})
    for good in ("17/12", "34/24", "\\frac{17}{12}"):
        assert ok(p, good), good
    for bad in ("17/13", "diverges", "oo", "1.4167"):
        assert not ok(p, bad), bad
    up = record("calculus/series_sum", "diverges", {"kind": "div", "direction": 1, "summand": "1/n", "start": 1,
                                                     "stop": None})
    for good in ("diverges", "Diverges.", "divergent", "the series diverges", "oo", "infinity", "\u221e"):
        assert ok(up, good), good
    for bad in ("-oo", "0", "1", "converges"):
        assert not ok(up, bad), bad
    osc = record("calculus/series_sum", "diverges", {"kind": "div", "direction": 0, "summand": "(-2)^n", "start": 0,
                                                      "stop": None})
    assert ok(osc, "diverges") and not ok(osc, "oo") and not ok(osc, "-oo")


# --------------------------------------------------------------------------- calculus/tangent_line

def test_tangent_reference_matches_sympy():
    for level in range(1, 11):
        for seed in range(5):
            p = procgym.generate("calculus/tangent_line", seed=seed, difficulty=level)
            c = p.check
            f = parse_expression(c["function"], ["x"])
            x0 = sympy.Rational(c["x0"])
            m = sympy.simplify(sympy.diff(f, x).subs(x, x0))
            y0 = sympy.simplify(f.subs(x, x0))
            slope = m if c["line"] == "tangent" else -1 / m
            assert slope == sympy.Rational(*c["slope"]), c
            assert y0 - slope * x0 == sympy.Rational(*c["intercept"]), c


def test_tangent_forms():
    p = record("calculus/tangent_line", "y = 3*x - 2", {"slope": [3, 1], "intercept": [-2, 1], "function": "x^3",
                                                        "x0": "2", "line": "tangent"})
    for good in ("y = 3x - 2", "y=3*x-2", "y - 4 = 3(x - 2)", "3x - y = 2", "3x - 2", "y = -2 + 3x", "2y = 6x - 4",
                 "$y = 3x - 2$", "y = 3x + -2"):
        assert ok(p, good), good
    for bad in ("y = 3x + 2", "y = -3x - 2", "y = 2x - 2", "y = 3x^2 - 2", "x = 3y - 2", "y = 3x - 2 = 0",
                "y = 3", "x = 2", "y^2 = 3x - 2"):
        assert not ok(p, bad), bad


# --------------------------------------------------------------------------- answer reading: left-hand sides, hedges

PROBE_ATTACK = "(x - 37/100)(x + 83/100)(x - 121/100)(x - 27/10)(x + 19/10)(x - 53/10)(x - 7/100)"


def test_expression_answers_check_their_left_hand_side():
    ind = record("calculus/indefinite_integral", "x^2 + ln(abs(x))",
                 {"integrand": "2*x + 1/x", "antiderivative": "x^2 + ln(abs(x))", "techniques": []})
    for good in ("\\int f(x)\\,dx = x^2 + \\ln|x| + C", "y = x^2 + ln|x|"):
        assert ok(ind, good), good
    for bad in ("f(x) = x^2 + ln|x|", "x != x^2 + ln|x|", "3x + 1 = x^2 + ln|x|", f"x^2 + ln|x| + {PROBE_ATTACK}",
                "x^2 + ln|x|\nx^2 - ln|x|"):
        assert not ok(ind, bad), bad
    ode = procgym.generate("calculus/ode_initial_value", seed=0, difficulty=2)
    assert ok(ode, f"y(x) = {ode.answer}") and ok(ode, f"y = {ode.answer}")
    for bad in (f"y' = {ode.answer}", f"x != {ode.answer}", f"{ode.answer} + {PROBE_ATTACK}", f"x = {ode.answer}"):
        assert not ok(ode, bad), bad


def test_taylor_polynomial_and_value_labels():
    p = procgym.generate("calculus/taylor_coefficient", seed=2, difficulty=6)  # the polynomial of degree 4
    assert p.check["ask"] == "polynomial"
    assert ok(p, f"P_4(x) = {p.answer}") and ok(p, f"{p.answer} + O(x^5)")
    for bad in (f"f(x) = {p.answer}", f"x != {p.answer}", f"{p.answer} + {PROBE_ATTACK}", f"{p.answer} + x^5"):
        assert not ok(p, bad), bad
    q = procgym.generate("calculus/taylor_coefficient", seed=0, difficulty=2)  # the coefficient of x^3
    assert ok(q, f"a_3 = {q.answer}") and not ok(q, f"a_4 = {q.answer}") and not ok(q, f"x != {q.answer}")


def test_value_labels_of_implicit_extrema_and_limits():
    imp = procgym.generate("calculus/implicit_derivative", seed=0, difficulty=2)
    assert ok(imp, f"dy/dx = {imp.answer}") and ok(imp, f"y' = {imp.answer}")
    assert not ok(imp, f"dx/dy = {imp.answer}") and not ok(imp, f"y = {imp.answer}")
    top = record("calculus/extrema", "18", {"ask": "abs_max", "value": [18, 1], "f": [0, -3, 0, 1], "interval": [-2, 3]})
    assert ok(top, "f(3) = 18") and not ok(top, "f(2) = 18") and not ok(top, "f(4) = 18") and not ok(top, "x = 18")
    lim = procgym.generate("calculus/limit", seed=0, difficulty=1)
    assert ok(lim, f"\\lim_{{x \\to 0}} f(x) = {lim.answer}") and ok(lim, f"\\lim_{{x->0}} f(x) = {lim.answer}")
    assert not ok(lim, f"x != {lim.answer}") and not ok(lim, f"f(x) = {lim.answer}")


def test_extrema_none_is_said_not_left_empty():
    empty = record("calculus/extrema", "none", {"ask": "local_max", "xs": [], "f": [0, 0, 0, 1]})
    for bad in ("", " ", "<answer></answer>", "x = ", "none, 0"):
        assert not procgym.verify(empty, bad if "<" in bad else f"<answer>{bad}</answer>").correct, bad
    assert not procgym.verify(empty, "\\boxed{1} <answer></answer>").correct
    crit = record("calculus/extrema", "-1, 1", {"ask": "critical_points", "xs": [[-1, 1], [1, 1]], "f": [0, -3, 0, 1]})
    assert ok(crit, "x = 1 or x = -1") and not ok(crit, "y = 1, x = -1") and not ok(crit, "x != 1, x = -1")


def test_definite_integral_refuses_decimal_approximations():
    p = procgym.generate("calculus/definite_integral", seed=0, difficulty=7)  # -pi - 4
    assert p.answer == "-pi - 4"
    assert ok(p, "-(\\pi + 4)") and ok(p, "\\int_0^1 f(x)\\,dx = -\\pi - 4")
    for bad in ("-7.14159265358979323846264338327950288", "-7.14159265358979323846264338327950288 + 0*pi",
                "-7.141592653589793238462643383279502884197 + 10^(-40)*pi", "-pi - 4 + 10^(-30)*pi"):
        assert not ok(p, bad), bad


@pytest.mark.parametrize("name,level,seed", [("calculus/limit", 1, 10), ("calculus/implicit_derivative", 1, 72),
                                             ("calculus/series_sum", 8, 110)])
def test_examples_are_never_correct_answers(name, level, seed):
    """The prompt's example never pays, also in the problems where an earlier example was the answer."""
    from procgym.contract import prompt_example

    p = procgym.generate(name, seed=seed, difficulty=level)
    example = prompt_example(p.prompt)
    assert not ok(p, example), (example, p.answer)

"""Per-task tests for the math tasks (arithmetic/*, algebra/*, calculus/derivative, number_theory/*):
exact values, accepted alternative forms and rejected near misses."""
import math
import random
from fractions import Fraction

import pytest
import sympy

import procgym
from procgym import Problem
from procgym.generators.algebra.factoring import factored_text, poly_mul, poly_text
from procgym.generators.algebra.linear import linear_form, render_sum, solve_linear
from procgym.generators.arithmetic.bases import from_base, to_base
from procgym.generators.arithmetic._expression_trees import Node, evaluate, render
from procgym.generators.calculus._tree import X, fn, mul, power
from procgym.generators.calculus._tree import text as to_text
from procgym.generators.calculus._differentiation import deriv as derivative
from procgym.generators.number_theory.modular import euclid_steps, inverse_mod
from procgym.parsing import equivalent, parse_expression
from answer_helpers import ok, tag

NAMES = ["arithmetic/expression_value", "arithmetic/fraction_arithmetic", "arithmetic/base_conversion",
         "algebra/linear_equation", "algebra/factor_polynomial", "calculus/derivative",
         "number_theory/prime_factorization", "number_theory/modular_inverse"]
x = sympy.Symbol("x")


def record(name, answer, check, prompt="(test)"):
    return Problem(name, 0, 5, {}, prompt, answer, check)


def num(v):
    return Node("num", value=Fraction(v))


# --------------------------------------------------------------------------- all eight

@pytest.mark.parametrize("name", NAMES)
def test_every_level_generates_deterministically_and_verifies(name):
    for level in range(1, 11):
        for seed in range(3):
            p = procgym.generate(name, seed=seed, difficulty=level)
            assert p.to_dict() == procgym.generate(name, seed=seed, difficulty=level).to_dict()
            assert p.prompt.isascii() and all(c.isprintable() or c in "\n\t" for c in p.prompt)
            assert ok(p, p.answer), (name, level, seed, p.answer)


@pytest.mark.parametrize("name", NAMES)
def test_levels_differ(name):
    task = procgym.get(name)
    for level in range(1, 10):
        assert task.params(0, level) != task.params(0, level + 1), (name, level)


# --------------------------------------------------------------------------- arithmetic/expression_value

def test_render_writes_only_needed_parentheses():
    assert render(Node("-", num(10), Node("-", num(4), num(3)))) == "10 - (4 - 3)"
    assert render(Node("-", Node("-", num(10), num(4)), num(3))) == "10 - 4 - 3"
    assert render(Node("*", Node("/", num(12), num(3)), num(2))) == "12 / 3 * 2"
    assert render(Node("/", num(12), Node("*", num(3), num(2)))) == "12 / (3 * 2)"
    assert render(Node("+", num(1), Node("*", num(2), num(3)))) == "1 + 2 * 3"
    assert render(Node("*", Node("+", num(1), num(2)), num(3))) == "(1 + 2) * 3"
    assert render(Node("*", num(3), num(-4))) == "3 * (-4)"
    assert render(Node("+", num(-3), num(4))) == "-3 + 4"
    assert render(Node("^", num(-2), num(2))) == "(-2)^2"
    assert render(Node("-", num(5), Node("neg", Node("+", num(1), num(2))))) == "5 - (-(1 + 2))"


def test_evaluator_exact_values():
    assert evaluate(Node("*", Node("/", num(12), num(3)), num(2))) == 8
    assert evaluate(Node("/", num(12), Node("*", num(3), num(2)))) == 2
    assert evaluate(Node("-", num(2), Node("^", num(-3), num(2)))) == -7
    assert evaluate(Node("neg", Node("-", num(2), num(9)))) == 7


def test_expression_value_matches_an_independent_parse_of_the_prompt_text():
    for level in range(1, 11):
        for seed in range(40):
            p = procgym.generate("arithmetic/expression_value", seed=seed, difficulty=level)
            assert parse_expression(p.check["expression"], []) == int(p.answer), p.check


def test_expression_value_forms():
    p = record("arithmetic/expression_value", "-17", {"value": -17, "expression": "3 - 4 * 5"})
    for good in ("-17", " -17 ", "-17.", "\u221217", "$-17$"):
        assert ok(p, good), good
    for bad in ("17", "-16", "-17.5", "-17/1", "-17 or 17", "3 - 4 * 5", "x != -17", "-1 7", "-1\n7", "0, -17"):
        assert not ok(p, bad), bad


def test_expression_value_uses_more_operators_at_higher_levels():
    low = procgym.generate("arithmetic/expression_value", seed=1, difficulty=1).check["expression"]
    high = procgym.generate("arithmetic/expression_value", seed=1, difficulty=10).check["expression"]
    assert sum(high.count(op) for op in "+*/^") > sum(low.count(op) for op in "+*/^")


# --------------------------------------------------------------------------- arithmetic/fraction_arithmetic

def test_fraction_values_match_an_independent_parse():
    for level in range(1, 11):
        for seed in range(40):
            p = procgym.generate("arithmetic/fraction_arithmetic", seed=seed, difficulty=level)
            n, d = p.check["value"]
            assert parse_expression(p.check["expression"], []) == sympy.Rational(n, d)
            assert math.gcd(n, d) == 1


def test_fraction_forms():
    p = record("arithmetic/fraction_arithmetic", "3/4", {"value": [3, 4], "expression": "1/2 + 1/4"})
    for good in ("3/4", "6/8", "0.75", "\\frac{3}{4}", "$\\frac{3}{4}$", "3 / 4", "-3/-4", "0.750", "75/100"):
        assert ok(p, good), good
    for bad in ("0.7499", "0.75000001", "4/3", "-3/4", "0.8", "3/4 + 0", "1/2 + 1/4", "3:4"):
        assert not ok(p, bad), bad
    q = record("arithmetic/fraction_arithmetic", "3/2", {"value": [3, 2], "expression": "1 + 1/2"})
    assert ok(q, "3/2") and ok(q, "1.5") and ok(q, "\\dfrac{3}{2}")
    assert not ok(q, "1 1/2") and not ok(q, "1\\frac{1}{2}")  # mixed numbers are refused, not misread
    r = record("arithmetic/fraction_arithmetic", "13/4", {"value": [13, 4], "expression": "3 + 1/4"})
    assert not ok(r, "1 3/4")  # would read as 13/4 if spaces were simply dropped


# --------------------------------------------------------------------------- arithmetic/base_conversion

def test_base_helpers_match_python():
    rng = random.Random(3)
    for _ in range(500):
        n, b = rng.randint(0, 10**12), rng.randint(2, 16)
        digits = to_base(n, b)
        assert int(digits, b) == n and from_base(digits.upper(), b) == n
    with pytest.raises(ValueError):
        from_base("19", 8)


def test_base_conversion_reference_values():
    for level in range(1, 11):
        for seed in range(30):
            p = procgym.generate("arithmetic/base_conversion", seed=seed, difficulty=level)
            c = p.check
            assert int(p.answer, c["base"]) == int(c["source"], c["source_base"])
            assert c["source_base"] != c["base"]
            if p.params["route"] == "base_to_base":
                assert 10 not in (c["source_base"], c["base"])
                assert not all(b & (b - 1) == 0 for b in (c["source_base"], c["base"]))


def test_base_conversion_forms_hex():
    p = record("arithmetic/base_conversion", "1F9", {"digits": "1f9", "base": 16, "source": "771", "source_base": 8})
    for good in ("1F9", "1f9", "0x1F9", "0X1f9", "01F9", "1F9_16", "(1F9)_{16}", "$1F9$"):
        assert ok(p, good), good
    # "1 F9" is two numbers side by side, not one number in groups (spaces only between equal groups of 3 or 4)
    for bad in ("1F8", "1G9", "1F9_8", "0b1F9", "505", "-1F9", "1F9.5", "F91", "0x", "1 F9", "1F 9"):
        assert not ok(p, bad), bad


def test_base_conversion_forms_binary():
    p = record("arithmetic/base_conversion", "1011", {"digits": "1011", "base": 2, "source": "11", "source_base": 10})
    for good in ("1011", "0b1011", "01011", "1011_2", "0 1011", "0000 1011"):
        assert ok(p, good), good
    for bad in ("0x1011", "0o1011", "1012", "11", "1101", "B", "1011_10", "10 11", "1 011", "101 1"):
        assert not ok(p, bad), bad
    long = record("arithmetic/base_conversion", "101101100", {"digits": "101101100", "base": 2, "source": "364",
                                                              "source_base": 10})
    assert ok(long, "1 0110 1100") and ok(long, "1\u00a00110\u00a01100") and not ok(long, "10110 1100")


# --------------------------------------------------------------------------- algebra/linear_equation

def test_linear_solver_hand_example():
    # 3(x - 2) = x + 4  ->  x = 5
    lhs = [("g", Fraction(3), [("x", Fraction(1)), ("c", Fraction(-2))], 1)]
    rhs = [("x", Fraction(1)), ("c", Fraction(4))]
    assert render_sum(lhs) + " = " + render_sum(rhs) == "3(x - 2) = x + 4"
    assert linear_form(lhs) == (3, -6)
    assert solve_linear(lhs, rhs) == 5
    # (x + 1)/2 - (2/3)x = 1  ->  x = -3
    lhs = [("g", Fraction(1), [("x", Fraction(1)), ("c", Fraction(1))], 2), ("x", Fraction(-2, 3))]
    assert render_sum(lhs) == "(x + 1)/2 - (2/3)x"
    assert solve_linear(lhs, [("c", Fraction(1))]) == -3


def test_linear_reference_matches_sympy_solve():
    for level in range(1, 11):
        for seed in range(25):
            p = procgym.generate("algebra/linear_equation", seed=seed, difficulty=level)
            left, right = p.check["equation"].split("=")
            solutions = sympy.solve(sympy.Eq(parse_expression(left), parse_expression(right)), x)
            n, d = p.check["value"]
            assert solutions == [sympy.Rational(n, d)], p.check
            assert d <= p.params["max_solution_denominator"]


def test_linear_forms():
    p = record("algebra/linear_equation", "3/2", {"value": [3, 2], "equation": "2x = 3"})
    for good in ("3/2", "x = 3/2", "x=3/2", "X = 1.5", "1.5", "\\frac{3}{2}", "x = \\frac{6}{4}", "$x = 3/2$", "6/4"):
        assert ok(p, good), good
    for bad in ("1.49", "2/3", "x = 2/3", "-3/2", "1 1/2", "3/2 + x", "y = 3/2", "x = 3/2, x = 1", "1.5000001",
                "x != 3/2", "3x + 1 = 3/2", "0, 3/2", "3/2 or 2/3", "3/2\n2/3", "x < 3/2"):
        assert not ok(p, bad), bad


# --------------------------------------------------------------------------- algebra/factor_polynomial

def factor_record(coeffs):
    return record("algebra/factor_polynomial", "?", {"coeffs": coeffs})


def test_factor_helpers():
    assert poly_mul([1, 1], [1, -1]) == [1, 0, -1]
    assert poly_text([2, 0, -1, 5]) == "2x^3 - x + 5"
    assert poly_text([-1, 1]) == "-x + 1"
    assert factored_text(-2, [([1, 0], 2), ([1, -1], 1), ([1, 0, 3], 2)]) == "-2x^2(x - 1)(x^2 + 3)^2"


def test_factor_reference_matches_sympy():
    for level in range(1, 11):
        for seed in range(15):
            p = procgym.generate("algebra/factor_polynomial", seed=seed, difficulty=level)
            poly = sympy.Poly(p.check["coeffs"], x).as_expr()
            assert sympy.expand(parse_expression(p.answer) - sympy.factor(poly)) == 0
            assert ok(p, p.answer)
            assert not ok(p, poly_text(p.check["coeffs"]))  # the expanded polynomial is not factored


def test_factor_accepts_equivalent_factorisations():
    p = factor_record([1, 2, -1, -2])  # (x + 2)(x - 1)(x + 1)
    for good in ("(x+2)(x-1)(x+1)", "(x - 1)(x + 1)(x + 2)", "(x+2)*(x+1)*(x-1)", "-(1-x)(x+1)(x+2)",
                 "(1-x)(-x-1)(x+2)", "(x + 2)(x - 1)(x + 1)", "\\left(x+2\\right)\\left(x-1\\right)(x+1)"):
        assert ok(p, good), good
    q = factor_record([2, 4, -2, -4])  # 2(x + 2)(x - 1)(x + 1)
    for good in ("2(x+2)(x-1)(x+1)", "2*(x + 1)*(x - 1)*(x + 2)", "(x+2)(x-1)(x+1)*2", "-2(1-x)(x+1)(x+2)"):
        assert ok(q, good), good
    r = factor_record([1, 2, 1])
    for good in ("(x+1)^2", "(x+1)(x+1)", "(x + 1)**2", "(x+1)^{2}", "(-x-1)^2"):
        assert ok(r, good), good
    s = factor_record([1, 0, 0, 0])
    assert ok(s, "x^3") and ok(s, "x*x*x") and ok(s, "x(x^2)")


def test_factor_rejects_near_misses():
    p = factor_record([1, 2, -1, -2])  # (x + 2)(x - 1)(x + 1)
    for bad in ("x^3+2x^2-x-2", "(x^2-1)(x+2)", "(x^2+x-2)(x+1)", "(x+2)(x-1)(x-1)", "(x+2)(x-1)",
                "x^2(x+1)+x(x+1)-2(x+1)", "(x+2)(x+1)(x-1)/x*x", "(x+2)(x-1)(x+1) + 0*sin(x)"):
        assert not ok(p, bad), bad
    q = factor_record([2, 4, -2, -4])  # 2(x + 2)(x - 1)(x + 1)
    for bad in ("(2x+4)(x-1)(x+1)", "(x+2)(2x^2-2)", "4(x+2)(x/2-1/2)(x+1)", "2(x+2)(x^2-1)"):
        assert not ok(q, bad), bad
    r = factor_record([1, 0, 0, 0, -16])  # x^4 - 16
    assert not ok(r, "(x^2-4)(x^2+4)")
    assert ok(r, "(x-2)(x+2)(x^2+4)")


PROBE_ATTACK = "(x - 37/100)(x + 83/100)(x - 121/100)(x - 27/10)(x + 19/10)(x - 53/10)(x - 7/100)"


def test_factor_is_checked_as_a_product_of_irreducible_factors():
    """The product of the factors must be the polynomial exactly, not only agree at some points:
    the right factorisation plus a degree-7 polynomial vanishing at fixed points is one irreducible
    factor of degree 7, not a factorisation of a cubic."""
    p = factor_record([1, 2, -1, -2])  # (x + 2)(x - 1)(x + 1)
    for bad in (f"(x+2)(x-1)(x+1) + {PROBE_ATTACK}", f"x^3+2x^2-x-2 + {PROBE_ATTACK}", "x != (x+2)(x-1)(x+1)",
                "3x + 1 = (x+2)(x-1)(x+1)", "(x+2)(x-1)(x+1)\n(x+2)(x-1)", "(x+2)(x-1)(x+1) or (x+2)(x-1)^2"):
        assert not ok(p, bad), bad
    for good in ("x^3 + 2x^2 - x - 2 = (x+2)(x-1)(x+1)", "P(x) = (x+2)(x-1)(x+1)", "(x-1) \\cdot (x+1) \\cdot (x+2)"):
        assert ok(p, good), good


# --------------------------------------------------------------------------- calculus/derivative

def test_differentiator_hand_examples():
    f = fn("sin", power(X, 2))
    assert to_text(f) == "sin(x^2)"
    assert to_text(derivative(f)) == "2*x*cos(x^2)"
    g = mul(power(X, 3), fn("ln", X))
    assert parse_expression(to_text(derivative(g))) == sympy.diff(x**3 * sympy.log(x), x)


def test_derivative_reference_matches_sympy_diff():
    for level in range(1, 11):
        for seed in range(8):
            p = procgym.generate("calculus/derivative", seed=seed, difficulty=level)
            reference = sympy.diff(parse_expression(p.check["function"]), x)
            assert equivalent(parse_expression(p.check["derivative"]), reference), p.check
            sympy_text = str(reference).replace("**", "^").replace("log", "ln")
            assert ok(p, sympy_text), p.check
            assert not ok(p, p.check["function"])


def test_derivative_forms():
    p = record("calculus/derivative", "2*x*cos(x^2)", {"function": "sin(x^2)", "derivative": "2*x*cos(x^2)"})
    for good in ("2*x*cos(x^2)", "2x cos(x^2)", "2*x*cos(x**2)", "\\cos(x^2)\\cdot 2x", "cos(x^2)*2*x",
                 "x*cos(x^2) + x*cos(x^2)", "$2x\\cos\\left(x^{2}\\right)$"):
        assert ok(p, good), good
    for bad in ("cos(x^2)", "2*cos(x^2)", "-2x cos(x^2)", "2x sin(x^2)", "sin(x^2)", "2x cos(x)^2",
                "2*x*cos(x^2) + 1", "d/dx sin(x^2)"):
        assert not ok(p, bad), bad
    q = record("calculus/derivative", "3/cos(3*x)^2", {"function": "tan(3*x)", "derivative": "3/cos(3*x)^2"})
    for good in ("3/cos(3x)^2", "3 sec(3x)^2", "3(1 + tan(3x)^2)"):
        assert ok(q, good), good
    assert not ok(q, "sec(3x)^2") and not ok(q, "3/cos(x)^2")


def test_derivative_left_hand_sides_are_checked():
    p = record("calculus/derivative", "2*x*cos(x^2)", {"function": "sin(x^2)", "derivative": "2*x*cos(x^2)"})
    for good in ("f'(x) = 2x cos(x^2)", "\\frac{dy}{dx} = 2x\\cos(x^2)", "y' = 2x cos(x^2)", "f\u2032(x) = 2x cos(x^2)"):
        assert ok(p, good), good
    for bad in ("f(x) = 2x cos(x^2)", "x != 2x cos(x^2)", "3x + 1 = 2x cos(x^2)", f"2x cos(x^2) + {PROBE_ATTACK}",
                "2x cos(x^2)\n2x sin(x^2)", "f'(x) = 2x cos(x^2) = 0"):
        assert not ok(p, bad), bad


def test_the_two_differentiators_are_one():
    """calculus/derivative uses the shared differentiator: the derivative it prints is the one that
    every other calculus task evaluates."""
    from procgym.generators.calculus import derivatives

    assert not hasattr(derivatives, "derivative") and derivatives.deriv is derivative


# --------------------------------------------------------------------------- number_theory/prime_factorization

def test_prime_factorization_matches_factorint():
    for level in range(1, 11):
        for seed in range(30):
            p = procgym.generate("number_theory/prime_factorization", seed=seed, difficulty=level)
            assert dict(p.check["factors"]) == sympy.factorint(p.check["n"])
            assert sum(k for _, k in p.check["factors"]) == p.params["n_factors"]


def test_prime_factorization_forms():
    p = record("number_theory/prime_factorization", "2^3 * 3 * 5", {"n": 120, "factors": [[2, 3], [3, 1], [5, 1]]})
    for good in ("2^3 * 3 * 5", "3*5*2^3", "2,2,2,3,5", "2, 3, 2, 5, 2", "2**3*3*5", "2^{3} \\cdot 3 \\cdot 5",
                 "2\u00b3 \u00d7 3 \u00d7 5", "[2, 2, 2, 3, 5]", "120 = 2^3*3*5", "2*2*2*3*5", "2^2 * 2 * 3 * 5",
                 "2^3 x 3 x 5", "2^3 \\times 3 \\times 5", "2; 2; 2; 3; 5"):
        assert ok(p, good), good
    for bad in ("2^3 * 15", "8*3*5", "2^3*3", "2^3*3*5*1", "2^4*3*5", "120", "2,2,3,5", "2^3 + 3 + 5",
                "121 = 2^3*3*5*1", "2^3*3*5*7^0", "2.0^3*3*5", "2^3 * 3 * 5 = 121", "n != 2^3*3*5", "not 2^3*3*5",
                "2^3*3*5 or 2^3*3*7", "2^3*3*5 I think", "y = 2^3*3*5"):
        assert not ok(p, bad), bad
    assert procgym.verify(p, tag("8*3*5")).feedback == "8 is not a prime."


# --------------------------------------------------------------------------- number_theory/modular_inverse

def test_inverse_and_euclid_helpers():
    rng = random.Random(5)
    for _ in range(2000):
        m = rng.randint(2, 10**6)
        a = rng.randint(1, m - 1)
        inv = inverse_mod(a, m)
        if math.gcd(a, m) == 1:
            assert inv == pow(a, -1, m)
        else:
            assert inv is None
    assert euclid_steps(21, 13) == 6  # Fibonacci neighbours take the most steps
    assert euclid_steps(10, 5) == 1


def test_modular_inverse_levels_include_both_kinds():
    for level in (1, 5, 10):
        answers = [procgym.generate("number_theory/modular_inverse", seed=s, difficulty=level) for s in range(60)]
        assert any(p.answer == "none" for p in answers)
        assert any(p.answer != "none" for p in answers)
        for p in answers:
            c = p.check
            if p.answer == "none":
                assert math.gcd(c["a"], c["m"]) > 1
            else:
                assert int(p.answer) == pow(c["a"], -1, c["m"])


def test_modular_inverse_forms():
    p = record("number_theory/modular_inverse", "10", {"a": 7, "m": 23, "inverse": 10})  # 7 * 10 = 70 = 3*23 + 1
    for good in ("10", " 10 ", "x = 10", "10.", "7^{-1} = 10", "7^(-1) = 10"):
        assert ok(p, good), good
    for bad in ("33", "-13", "11", "none", "10 mod 23", "7^-1", "10/1", "y = 10", "x != 10", "0, 10", "10 or 11",
                "3x + 1 = 10", "10 I think", "5^{-1} = 10", "1 0"):
        assert not ok(p, bad), bad
    assert "range" in procgym.verify(p, tag("33")).feedback
    q = record("number_theory/modular_inverse", "none", {"a": 6, "m": 9, "inverse": None})
    for good in ("none", "None", "NONE.", "no inverse", "does not exist", "DNE"):
        assert ok(q, good), good
    for bad in ("0", "3", "6", "1", "inverse", "no", "none I think", "not none", "none or 3"):  # "no" passed before
        assert not ok(q, bad), bad
